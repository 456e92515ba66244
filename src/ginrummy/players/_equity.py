"""Game equity for two players: the chance of winning a game from a given score.

The expert prices a hand's outcome by how it moves this chance, not by its points
alone: ten points matter little at 0-0 and decide everything at 140-145. Future hands
are modelled as a coin toss for who scores, with points drawn from a distribution built
from the rules in play (knock differences, gin and big gin with the defender's
deadwood, undercuts, spade doubling), shaped on hands between two ``hard`` players.
"""

from __future__ import annotations

import functools
from collections import defaultdict

from ..errors import PlayerError, WrongTypeError, _as_whole, _shown
from ..rules import Rules, SpadesDouble, _require_rules

__all__ = ["EQUITY_TARGET_LIMIT", "equity_of", "game_equity", "hand_points_model"]

EQUITY_TARGET_LIMIT = 500
"""The highest game target :func:`game_equity` models: its table grows with the square
of the target (about 1.4 s to build at 500 on a 2-core machine, once per rules value);
the expert prices the hands of longer games by their points."""

# Atoms of the base (undoubled) points of a hand someone scores, measured on hard-vs-hard
# hands: (share of scored hands, points before any bonus).
_KNOCK_DIFFS = (2, 4, 8, 14, 20, 28, 40)
_GIN_DEADWOOD = (1, 2, 4, 6, 9, 13, 20)
_UNDERCUT_DIFFS = (0, 1, 2, 3, 5)


def hand_points_model(rules: Rules) -> tuple[tuple[int, float], ...]:
    """(points, probability) of what the scorer of a hand earns under ``rules``.

    >>> model = hand_points_model(Rules.parse("standard"))
    >>> round(sum(p for _, p in model), 9)
    1.0
    """
    base: defaultdict[int, float] = defaultdict(float)
    gin_share = 0.47 + (0.0 if rules.big_gin else 0.05)
    for share, points in (
        (0.42, [rules.knock_bonus + d for d in _KNOCK_DIFFS]),
        (gin_share, [rules.gin_bonus + d for d in _GIN_DEADWOOD]),
        (0.05, [rules.big_gin_bonus + d for d in _GIN_DEADWOOD] if rules.big_gin else []),
        (0.06, [rules.undercut_bonus + d for d in _UNDERCUT_DIFFS]),
    ):
        for value in points:
            base[max(1, value)] += share / len(points)
    doubled = 0.25 if rules.oklahoma and rules.spades_double is not SpadesDouble.OFF else 0.0
    model: defaultdict[int, float] = defaultdict(float)
    for value, p in base.items():
        model[value] += p * (1 - doubled)
        if doubled:
            model[2 * value] += p * doubled
    return tuple(sorted(model.items()))


@functools.lru_cache(maxsize=8)
def _table(rules: Rules) -> tuple[tuple[float, ...], ...]:
    """The chances for every score below the target, computed once per rules value."""
    target = rules.game_target
    half = [(points, p / 2) for points, p in hand_points_model(rules)]
    rows = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        row = rows[a]
        for b in range(target - 1, -1, -1):
            value = 0.0
            for points, p in half:
                value += p * (1.0 if a + points >= target else rows[a + points][b])
                if b + points < target:
                    value += p * row[b + points]
            row[b] = value
    return tuple(tuple(row) for row in rows)


def game_equity(rules: Rules, mine: int, theirs: int) -> float:
    """The chance that a player with ``mine`` hand points beats one with ``theirs`` in a
    two-player game to ``rules.game_target`` (1 or 0 once either has reached it).

    Raises :class:`TypeError` for a non-:class:`~ginrummy.Rules` value or points that are
    not whole numbers, and :class:`~ginrummy.PlayerError` for negative points or a game
    target above 500, the highest it models (its table grows with the square of the target).

    >>> rules = Rules.parse("standard")
    >>> round(game_equity(rules, 0, 0), 2)
    0.5
    >>> game_equity(rules, 90, 0) > 0.9 > 0.1 > game_equity(rules, 0, 90)
    True
    """
    _require_rules(rules)
    if rules.game_target > EQUITY_TARGET_LIMIT:
        raise PlayerError(
            f"game_equity models games to at most {EQUITY_TARGET_LIMIT} points, not to game_target={rules.game_target}"
        )
    mine, theirs = _as_whole(mine), _as_whole(theirs)
    for name, value in (("mine", mine), ("theirs", theirs)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise WrongTypeError(f"{name} must be a whole number of hand points, not {_shown(value)}")
        if value < 0:
            raise PlayerError(f"{name}={_shown(value)} is not a score: hand points are 0 or more")
    return equity_of(rules, mine, theirs)


def equity_of(rules: Rules, mine: int, theirs: int) -> float:
    """:func:`game_equity` without checking its arguments, for the search's inner loop."""
    target = rules.game_target
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return _table(rules)[mine][theirs]
