"""Tournaments between players, on one core or any ``concurrent.futures.Executor``."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import NoReturn, SupportsIndex, cast

import attrs

from ..errors import PlayerError, PlayerTypeError, WrongTypeError, _as_whole, _shown, _whole_field, _whole_or_type
from ..rules import Rules, _require_rules
from ..serialize import dumps
from ..scoring import EndReason, GameScore, Hollywood
from ..state import Match
from ..state._deal import SEED_BITS
from ._base import Player, check_setting, make_player, play_match

__all__ = ["MatchSummary", "TournamentResult", "run_tournament", "summarize", "wilson_interval"]

PlayerSpec = str | Callable[[int], Player]
"""A level name for :func:`make_player`, or a picklable factory ``seed -> Player``."""


def wilson_interval(wins: int, games: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)

    ``wins`` and ``games`` are whole numbers with ``0 <= wins <= games`` (no games give
    the whole range, ``(0.0, 1.0)``) and ``z`` a positive number; anything else raises
    :class:`~ginrummy.PlayerError` quoting it.
    """
    games = check_setting("games", games, low=0, whole=True)
    wins = check_setting("wins", wins, low=0, high=games, whole=True)
    z = check_setting("z", z, low=0, above=True)
    if games == 0:
        return (0.0, 1.0)
    p, n = wins / games, float(games)  # in floats: a huge count must not overflow an int-to-float step
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _whole(owner: str, name: str, value: object, low: int = 0) -> int:
    """``value`` if it is a whole number of at least ``low``: else the library's error."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlayerTypeError(f"{owner}.{name} must be a whole number, not {type(value).__name__}: {_shown(value)}")
    if value < low:
        raise PlayerError(f"{owner}.{name}={_shown(value)} is not allowed: expected at least {low}")
    return value


def _wholes(owner: str, name: str, value: object, what: str = "whole numbers") -> tuple[int, ...]:
    if not isinstance(value, tuple) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise PlayerTypeError(f"{owner}.{name} must be a tuple of {what}, not {_shown(value)}")
    return value


def _whole_tuple(value: tuple[SupportsIndex, ...]) -> tuple[int, ...]:
    """A tuple's whole numbers of any integer type as ``int`` s; anything else passes
    through for the record's own check."""
    return tuple(map(_whole_field, value)) if isinstance(value, tuple) else cast("tuple[int, ...]", value)


def _whole_counts(value: tuple[tuple[str, SupportsIndex], ...]) -> tuple[tuple[str, int], ...]:
    """(end reason, count) pairs with each count of any integer type as an ``int``;
    anything else passes through for the record's own check."""
    if isinstance(value, tuple) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in value):
        return tuple((reason, _as_whole(count)) for reason, count in cast("tuple[tuple[str, int], ...]", value))
    return cast("tuple[tuple[str, int], ...]", value)


def _check_endings(owner: str, endings: Mapping[str, int], hands: int) -> None:
    """Counts of hands by end reason (the :class:`~ginrummy.EndReason` values) adding up to ``hands``."""
    reasons = {reason.value for reason in EndReason}
    for reason, count in endings.items():
        if reason not in reasons:
            raise PlayerError(
                f"{owner}.endings names {_shown(reason)}: expected end reasons ({', '.join(sorted(reasons))})"
            )
        _whole(owner, f"endings[{reason!r}]", count, 1)
    if sum(endings.values()) != hands:
        raise PlayerError(
            f"{owner}.endings count {sum(endings.values())} hands ({_shown(dict(endings))}) but hands={hands}: expected every hand once"
        )


class _Counts(dict[str, int]):
    """Counts of hands by end reason that cannot be changed: a ``dict`` (so it compares
    with one, prints as one and goes to JSON as one) without its mutators, and hashable."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("TournamentResult.endings cannot be changed: copy it with dict(result.endings)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[type[_Counts], tuple[dict[str, int]]]:
        return (_Counts, (dict(self),))


@attrs.frozen
class MatchSummary:
    """The outcome of one game of a tournament, seen from the players as listed.

    Built directly (to :func:`summarize` games of one's own), it is checked: a field of
    the wrong type raises :class:`~ginrummy.WrongTypeError`, and a game no tournament
    could play (a winner that is not one of the 2-4 players, worths that do not sum to
    0, end reasons that do not count the hands) raises :class:`~ginrummy.PlayerError`.
    """

    winner: int = attrs.field(converter=_whole_field)
    """Index (in the tournament's list of players) of the player who won the game."""
    hands: int = attrs.field(converter=_whole_field)
    """Hands played, void hands included."""
    actions: int = attrs.field(converter=_whole_field)
    """Actions played in all hands."""
    endings: tuple[tuple[str, int], ...] = attrs.field(converter=_whole_counts)
    """How the hands ended: (end reason, count)."""
    worths: tuple[int, ...] = attrs.field(converter=_whole_tuple)
    """Per listed player, the settlement's worth to it (what it won, or minus what it paid)."""
    record: str | None = None
    """The game's record as JSON (``ginrummy.dumps`` with the players' names), when asked for."""

    def __attrs_post_init__(self) -> None:
        owner = "MatchSummary"
        worths = _wholes(owner, "worths", self.worths)
        if not 2 <= len(worths) <= 4:
            raise PlayerError(f"MatchSummary.worths={_shown(worths)}: expected one worth for each of 2-4 players")
        winner = _whole(owner, "winner", self.winner)
        if winner >= len(worths):
            raise PlayerError(f"MatchSummary.winner={winner} is not one of the {len(worths)} players: expected 0-{len(worths) - 1}")
        if sum(worths) != 0:
            raise PlayerError(f"MatchSummary.worths={worths}: what the players win and pay must sum to 0")
        hands = _whole(owner, "hands", self.hands, 1)
        _whole(owner, "actions", self.actions)
        endings = self.endings
        if not isinstance(endings, tuple) or not all(
            isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str) for pair in endings
        ):
            raise WrongTypeError(f"MatchSummary.endings must be a tuple of (end reason, count) pairs, not {_shown(endings)}")
        if len({reason for reason, _ in endings}) != len(endings):
            raise PlayerError(f"MatchSummary.endings={_shown(endings)} names an end reason twice")
        _check_endings(owner, dict(endings), hands)
        if self.record is not None and not isinstance(self.record, str):
            raise WrongTypeError(f"MatchSummary.record must be a JSON string or None, not {_shown(self.record)}")

    @property
    def first_won(self) -> bool:
        """True when the first player of the list won the game."""
        return self.winner == 0

    @property
    def worth(self) -> int:
        """The settlement's worth for the first player (negative when it lost)."""
        return self.worths[0]


def _frozen_counts(value: Mapping[str, SupportsIndex]) -> Mapping[str, int]:
    """A mapping's counts, of any integer type, as ``int`` s in a :class:`_Counts` (a
    copy the caller cannot change); anything else passes through for the record's own
    check."""
    if isinstance(value, Mapping):
        return _Counts({reason: _whole_field(count) for reason, count in value.items()})
    return value


@attrs.frozen
class TournamentResult:
    """Aggregated outcomes of a tournament between two to four players. Values compare
    equal by their fields and are hashable; :attr:`endings` is copied when the value is
    built and cannot be changed afterwards.

    Built directly, it is checked: a field of the wrong type raises
    :class:`~ginrummy.WrongTypeError`, and totals that no tournament could give (wins
    not one a game, end reasons that do not count the hands, worths that do not sum to
    0 or disagree with :attr:`points`) raise :class:`~ginrummy.PlayerError`. Built as in
    0.1, with two players and no :attr:`worths`, the worths follow from :attr:`points`.
    """

    players: tuple[str, ...]
    """Names of the players, as listed (a name given twice is numbered: ``"random #2"``)."""
    games: int = attrs.field(converter=_whole_field)
    """Games played."""
    wins: tuple[int, ...] = attrs.field(converter=_whole_tuple)
    """Games won by each player."""
    endings: Mapping[str, int] = attrs.field(converter=_frozen_counts)
    """Hands by end reason: a read-only ``dict`` (any mapping may be passed in; changing
    it raises ``TypeError``, and ``dict(result.endings)`` is a copy to change)."""
    hands: int = attrs.field(converter=_whole_field)
    """Hands played."""
    actions: int = attrs.field(converter=_whole_field)
    """Actions played."""
    points: int = attrs.field(converter=_whole_field)
    """Total settlement worth for the first player."""
    worths: tuple[int, ...] = attrs.field(default=(), converter=_whole_tuple)
    """Total settlement worth for each player."""

    def __attrs_post_init__(self) -> None:
        owner = "TournamentResult"
        players = self.players
        if not isinstance(players, tuple) or not all(isinstance(name, str) for name in players):
            raise WrongTypeError(f"TournamentResult.players must be a tuple of names, not {_shown(players)}")
        if not 2 <= len(players) <= 4:
            raise PlayerError(f"TournamentResult.players={_shown(players)}: expected 2-4 players")
        games = _whole(owner, "games", self.games)
        wins = _wholes(owner, "wins", self.wins, "whole numbers, one per player")
        if len(wins) != len(players) or any(w < 0 for w in wins) or sum(wins) != games:
            raise PlayerError(
                f"TournamentResult.wins={_shown(wins)} for {len(players)} players and {games} games:"
                " expected one count a player, adding up to the games (each game has one winner)"
            )
        hands = _whole(owner, "hands", self.hands, games)
        _whole(owner, "actions", self.actions)
        if not isinstance(self.endings, Mapping) or not all(isinstance(reason, str) for reason in self.endings):
            raise WrongTypeError(f"TournamentResult.endings must be a mapping of end reason to count, not {_shown(self.endings)}")
        _check_endings(owner, self.endings, hands)
        points = self.points
        if isinstance(points, bool) or not isinstance(points, int):
            raise WrongTypeError(f"TournamentResult.points must be a whole number, not {type(points).__name__}: {_shown(points)}")
        worths = _wholes(owner, "worths", self.worths)
        if not worths and len(players) == 2:
            worths = (points, -points)
            object.__setattr__(self, "worths", worths)
        if len(worths) != len(players) or sum(worths) != 0 or worths[0] != points:
            raise PlayerError(
                f"TournamentResult.worths={_shown(worths)} with points={points}: expected one worth a player,"
                " summing to 0, the first equal to points"
            )

    @property
    def win_rate(self) -> float:
        """The first player's share of games won."""
        return self.wins[0] / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`."""
        return wilson_interval(self.wins[0], self.games)

    def interval_of(self, index: int) -> tuple[float, float]:
        """The 95% Wilson interval of player ``index``'s win rate."""
        return wilson_interval(self.wins[index], self.games)

    @property
    def average_hand_length(self) -> float:
        """Mean actions per hand."""
        return self.actions / self.hands if self.hands else 0.0

    def describe(self) -> str:
        """A few lines for people."""
        names = self.players
        lines = [" vs ".join(names) + f": {self.games} games"]
        parts = []
        for index, name in enumerate(names):
            low, high = self.interval_of(index)
            rate = self.wins[index] / self.games if self.games else 0.0
            parts.append(f"{name} won {self.wins[index]} ({rate:.1%}, 95% CI {low:.1%}-{high:.1%})")
        lines.append("; ".join(parts))
        lines.append("hands: " + ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items())) + f" ({self.hands} in all)")
        lines.append(f"average hand length: {self.average_hand_length:.1f} actions; {names[0]}'s net worth {self.points:+d}")
        return "\n".join(lines)


def _names(specs: Sequence[PlayerSpec]) -> tuple[str, ...]:
    raw = [spec if isinstance(spec, str) else str(getattr(spec, "__name__", "player")) for spec in specs]
    out = []
    for index, name in enumerate(raw):
        if raw.count(name) > 1:
            name = f"{name} #{raw[: index + 1].count(name)}"
        out.append(name)
    return tuple(out)


def _make(spec: PlayerSpec, seed: int) -> Player:
    # no time cap: a game's result depends on its seed alone, on any machine and under any load
    return make_player(spec, seed=seed, time_budget=math.inf) if isinstance(spec, str) else spec(seed)


def _play_one(specs: Sequence[PlayerSpec], rules: Rules, seed: int, game: int, records: bool = False) -> MatchSummary:
    n = len(specs)
    made = [_make(spec, seed * 1_000_003 + n * game + i) for i, spec in enumerate(specs)]
    # Duplicate format: games nk .. nk+n-1 are dealt the same cards with the seats
    # rotated, so luck of the deal largely cancels between the players.
    shift = game % n
    seat_of = [(i + shift) % n for i in range(n)]  # listed player i sits at seat_of[i]
    players: list[Player] = [made[0]] * n
    for i, seat in enumerate(seat_of):
        players[seat] = made[i]
    match = play_match(Match.new(rules, seed=f"{seed}:{game // n}"), players)
    states = (*match.finished, match.state)
    endings = Counter(s.result.reason.value for s in states if s.result is not None)
    score = match.score
    by_seat = [0] * n
    if isinstance(score, GameScore):
        settlement = score.settlement()
        winner_seat = settlement.winner
        for seat, amount in enumerate(settlement.amounts):
            by_seat[seat] -= amount
            by_seat[winner_seat] += amount
    else:
        assert isinstance(score, Hollywood) and score.winner is not None
        by_seat = list(score.net_worths)
        winner_seat = score.winner
    actions = sum(s.history_length for s in states)
    record = None
    if records:
        names = _names(specs)
        record = dumps(match, names=[names[seat_of.index(seat)] for seat in range(n)])
    return MatchSummary(
        seat_of.index(winner_seat), len(states), actions, tuple(sorted(endings.items())),
        tuple(by_seat[seat] for seat in seat_of), record,
    )


def _play_chunk(
    specs: Sequence[PlayerSpec], rules: Rules, seed: int, games: Sequence[int], records: bool = False
) -> list[MatchSummary]:
    return [_play_one(specs, rules, seed, g, records) for g in games]


def run_tournament(
    first: PlayerSpec,
    second: PlayerSpec,
    *others: PlayerSpec,
    games: int,
    rules: Rules | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 10,
    progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[MatchSummary], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games between two to four players; return the totals.

    Give as many players as the rules seat (``Rules(players=3)`` takes three). Games
    are played in duplicate: each block of as many games as there are players gets the
    same deals with the seats rotated, which cancels much of the luck of the cards
    (use a multiple of the number of players).

    Players are level names (``"hard"``) or picklable factories ``seed -> Player``.
    Level names play without a time cap (``time_budget=math.inf``), so that the results
    depend on ``seed`` alone, not on the machine's speed or load; a factory that wants
    the same should do likewise.
    Give any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, or a
    cluster's, such as Dask's ``Client.get_executor()``) to run chunks of games in
    parallel; results do not depend on the executor. ``progress(done, total)`` is
    called as games finish. ``on_game(summary)`` is called for every game in order; with
    it, each summary carries the game's :attr:`~MatchSummary.record` (JSON), for
    writing the games out as they come.

    A setting of the wrong type raises :class:`~ginrummy.PlayerTypeError`, and one out
    of range (``games=0``, a ``seed`` of more than 1,024 bits) :class:`~ginrummy.PlayerError`,
    before any game is played.
    """
    rules = Rules() if rules is None else _require_rules(rules)
    specs = (first, second, *others)
    games, seed, chunk_size = _as_whole(games), _as_whole(seed), _as_whole(chunk_size)
    if isinstance(games, bool) or not isinstance(games, int):
        raise PlayerTypeError(f"games={_shown(games)} is not allowed: expected a whole number of at least 1")
    if games < 1:
        raise PlayerError(f"games={_shown(games)} is not allowed: a tournament plays at least 1 game")
    if len(specs) != rules.players:
        raise PlayerError(
            f"these rules seat {rules.players} players, but {len(specs)} were given: give one player per seat"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayerTypeError(f"seed={_shown(seed)} is not allowed: expected a whole number")
    if seed.bit_length() > SEED_BITS:
        raise PlayerError(f"seed={_shown(seed)} is not allowed: expected a whole number of at most {SEED_BITS} bits")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise PlayerTypeError(
            f"executor={_shown(executor)} is not allowed: expected a concurrent.futures.Executor (with a submit method) or None"
        )
    for name, hook in (("progress", progress), ("on_game", on_game)):
        if hook is not None and not callable(hook):
            raise PlayerTypeError(f"{name}={_shown(hook)} is not allowed: expected a function or None")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise _whole_or_type(chunk_size, PlayerError, PlayerTypeError)(f"chunk_size={_shown(chunk_size)} is not allowed: expected a whole number of at least 1")
    for spec in specs:
        if isinstance(spec, str):
            make_player(spec)  # an unknown level fails here, before any game
        elif not callable(spec):
            raise WrongTypeError(
                f"a player is a level name such as 'hard' or a factory seed -> Player, not {type(spec).__name__}: {_shown(spec)}"
            )
    chunks = [list(range(i, min(i + chunk_size, games))) for i in range(0, games, chunk_size)]
    summaries: list[MatchSummary] = []
    records = on_game is not None

    def collect(done: list[MatchSummary]) -> None:
        for summary in done:
            if on_game is not None:
                on_game(summary)
            summaries.append(attrs.evolve(summary, record=None))
        if progress is not None:
            progress(len(summaries), games)

    if executor is None:
        for chunk in chunks:
            collect(_play_chunk(specs, rules, seed, chunk, records))
    else:
        futures = [executor.submit(_play_chunk, specs, rules, seed, chunk, records) for chunk in chunks]
        for future in futures:
            collect(future.result())
    return summarize(_names(specs), summaries)


def summarize(names: Sequence[str], summaries: Sequence[MatchSummary]) -> TournamentResult:
    """The :class:`TournamentResult` of games already played (as listed in ``names``).
    ``TypeError`` for names that are not strings or summaries that are not
    :class:`MatchSummary` values; :class:`~ginrummy.PlayerError` for a summary of
    another number of players, or whose winner is not one of them."""
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(x, str) for x in names):
        raise WrongTypeError(f"names must be a sequence of strings, one per player, not {_shown(names)}")
    if not isinstance(summaries, Sequence) or isinstance(summaries, (str, bytes, bytearray)):
        raise WrongTypeError(f"summaries must be a sequence of MatchSummary values, not {type(summaries).__name__}: {_shown(summaries)}")
    n = len(names)
    if not 2 <= n <= 4:
        raise PlayerError(f"names={_shown(names)} names {n} players: expected 2-4, one per seat")
    for index, summary in enumerate(summaries):
        if not isinstance(summary, MatchSummary):
            raise WrongTypeError(f"summaries[{index}] is {_shown(summary)}, not a MatchSummary")
        if len(summary.worths) != n or not 0 <= summary.winner < n:
            raise PlayerError(
                f"summaries[{index}] has winner {summary.winner} and {len(summary.worths)} worths: expected a game of the {n} players named"
            )
    wins = [0] * n
    worths = [0] * n
    endings: Counter[str] = Counter()
    for s in summaries:
        wins[s.winner] += 1
        for i, w in enumerate(s.worths):
            worths[i] += w
        endings.update(dict(s.endings))
    return TournamentResult(
        players=tuple(names),
        games=len(summaries),
        wins=tuple(wins),
        endings=dict(endings),
        hands=sum(s.hands for s in summaries),
        actions=sum(s.actions for s in summaries),
        points=worths[0],
        worths=tuple(worths),
    )
