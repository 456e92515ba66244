"""Shared test configuration: Hypothesis profiles and the ``slow`` marker."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``slow`` marker here, so that it is known under any configuration
    file (CI runs the tests against the installed wheel with ``-c /dev/null``)."""
    config.addinivalue_line("markers", "slow: long-running checks (deselect with -m 'not slow')")
