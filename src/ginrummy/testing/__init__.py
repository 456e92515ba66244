"""Test helpers for users of :mod:`ginrummy` (needs the optional ``hypothesis`` package).

See :mod:`ginrummy.testing.strategies`.
"""

__all__: list[str] = []
