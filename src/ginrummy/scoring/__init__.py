"""Scoring: the facts of a finished hand, their price under any rules, games and Hollywood.

A :class:`HandResult` records what happened at the table (both hands, the melds,
the layoffs, the upcard). Its points are computed from :class:`~ginrummy.Rules`
when asked, so the same result can be re-priced under other rules with
:meth:`HandResult.points_under`.
"""

from .._price import EndReason, Score
from ._game import GameScore, Settlement
from ._hand import HandResult, showdown
from ._hollywood import Hollywood, HollywoodColumn

__all__ = [
    "EndReason",
    "GameScore",
    "HandResult",
    "Hollywood",
    "HollywoodColumn",
    "Score",
    "Settlement",
    "showdown",
]
