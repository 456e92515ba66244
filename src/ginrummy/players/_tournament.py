"""Tournaments between players, on one core or any ``concurrent.futures.Executor``."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

import attrs

from ..rules import Rules
from ..scoring import GameScore, Hollywood
from ..state import Match
from ._base import Player, make_player, play_match

__all__ = ["MatchSummary", "TournamentResult", "run_tournament", "wilson_interval"]

PlayerSpec = str | Callable[[int], Player]
"""A level name for :func:`make_player`, or a picklable factory ``seed -> Player``."""


def wilson_interval(wins: int, games: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class MatchSummary:
    """The outcome of one game of a tournament, seen from the first listed player."""

    first_won: bool
    """True when the first player of the pairing won the game."""
    hands: int
    """Hands played, void hands included."""
    actions: int
    """Actions played in all hands."""
    endings: tuple[tuple[str, int], ...]
    """How the hands ended: (end reason, count)."""
    worth: int
    """The settlement's worth for the first player (negative when it lost)."""


@attrs.frozen
class TournamentResult:
    """Aggregated outcomes of a tournament between two players."""

    players: tuple[str, str]
    """Names of the two players."""
    games: int
    """Games played."""
    wins: tuple[int, int]
    """Games won by each player."""
    endings: dict[str, int]
    """Hands by end reason."""
    hands: int
    """Hands played."""
    actions: int
    """Actions played."""
    points: int
    """Total settlement worth for the first player."""

    @property
    def win_rate(self) -> float:
        """The first player's share of games won."""
        return self.wins[0] / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson_interval(self.wins[0], self.games)

    @property
    def average_hand_length(self) -> float:
        """Mean actions per hand."""
        return self.actions / self.hands if self.hands else 0.0

    def describe(self) -> str:
        """A few lines for people."""
        low, high = self.interval
        a, b = self.players
        lines = [
            f"{a} vs {b}: {self.games} games",
            f"{a} won {self.wins[0]} ({self.win_rate:.1%}, 95% CI {low:.1%}-{high:.1%}); {b} won {self.wins[1]}",
            "hands: " + ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items())) + f" ({self.hands} in all)",
            f"average hand length: {self.average_hand_length:.1f} actions; {a}'s net worth {self.points:+d}",
        ]
        return "\n".join(lines)


def _name(spec: PlayerSpec) -> str:
    return spec if isinstance(spec, str) else str(getattr(spec, "__name__", "player"))


def _make(spec: PlayerSpec, seed: int) -> Player:
    return make_player(spec, seed=seed) if isinstance(spec, str) else spec(seed)


def _play_one(first: PlayerSpec, second: PlayerSpec, rules: Rules, seed: int, game: int) -> MatchSummary:
    a = _make(first, seed * 1_000_003 + 2 * game)
    b = _make(second, seed * 1_000_003 + 2 * game + 1)
    # Duplicate format: games 2k and 2k+1 are dealt the same cards with the seats
    # swapped, so luck of the deal largely cancels between the two players.
    first_seat = game % 2
    players = [a, b] if first_seat == 0 else [b, a]
    match = play_match(Match.new(rules, seed=f"{seed}:{game // 2}"), players)
    states = (*match.finished, match.state)
    endings = Counter(s.result.reason.value for s in states if s.result is not None)
    score = match.score
    if isinstance(score, GameScore):
        settlement = score.settlement()
        won = settlement.winner == first_seat
        worth = settlement.worth if won else -settlement.worth
    else:
        assert isinstance(score, Hollywood)
        worth = 0
        for s in score.settlements():
            if s is not None:
                worth += s.worth if s.winner == first_seat else -s.worth
        won = worth > 0
    actions = sum(len(s.history) for s in states)
    return MatchSummary(won, len(states), actions, tuple(sorted(endings.items())), worth)


def _play_chunk(first: PlayerSpec, second: PlayerSpec, rules: Rules, seed: int, games: Sequence[int]) -> list[MatchSummary]:
    return [_play_one(first, second, rules, seed, g) for g in games]


def run_tournament(
    first: PlayerSpec,
    second: PlayerSpec,
    *,
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 10,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games between two players; return the totals.

    Games are played in duplicate: games ``2k`` and ``2k + 1`` get the same deals with
    the seats swapped, which cancels much of the luck of the cards (use an even number).

    Players are level names (``"hard"``) or picklable factories ``seed -> Player``.
    Give any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, or a
    cluster's, such as Dask's ``Client.get_executor()``) to run chunks of games in
    parallel; results do not depend on the executor. ``progress(done, total)`` is
    called as games finish.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    rules = Rules() if rules is None else rules
    chunks = [list(range(i, min(i + chunk_size, games))) for i in range(0, games, chunk_size)]
    summaries: list[MatchSummary] = []
    if executor is None:
        for chunk in chunks:
            summaries.extend(_play_chunk(first, second, rules, seed, chunk))
            if progress is not None:
                progress(len(summaries), games)
    else:
        futures = [executor.submit(_play_chunk, first, second, rules, seed, chunk) for chunk in chunks]
        for future in futures:
            summaries.extend(future.result())
            if progress is not None:
                progress(len(summaries), games)
    wins = sum(1 for s in summaries if s.first_won)
    endings: Counter[str] = Counter()
    for s in summaries:
        endings.update(dict(s.endings))
    return TournamentResult(
        players=(_name(first), _name(second)),
        games=games,
        wins=(wins, games - wins),
        endings=dict(endings),
        hands=sum(s.hands for s in summaries),
        actions=sum(s.actions for s in summaries),
        points=sum(s.worth for s in summaries),
    )
