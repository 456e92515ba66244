"""Hollywood scoring: three games scored at once (RULES.md section 1, "Game")."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..errors import IllegalActionError, RulesError, RulesTypeError, WrongTypeError, _count, _maybe_whole_field, _shown, _whole_or_type
from ..rules import Rules
from ._game import Settlement, _built, _check_counts, _check_rules, _ints, _replayed, _results, _settle
from ._hand import HandResult, _items


@attrs.frozen
class HollywoodColumn:
    """One of the three Hollywood games.

    :meth:`Hollywood.add` builds them; built by hand, the values are checked: a number
    per seat of two, and a winner's seat exactly when the column is closed.
    """

    points: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Hand points per seat entered in this column."""
    boxes: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Wins per seat entered in this column."""
    box_points: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Box points per seat for the wins entered in this column."""
    closed: bool = False
    """True once a seat reached the target in this column."""
    winner: int | None = attrs.field(default=None, converter=_maybe_whole_field)
    """The seat that reached the target."""

    def __attrs_post_init__(self) -> None:
        for name in ("points", "boxes", "box_points"):
            if len(getattr(self, name)) != 2:
                raise RulesError(f"HollywoodColumn.{name}={_shown(getattr(self, name))} must hold one number per player (2)")
            _check_counts("HollywoodColumn", name, getattr(self, name))
        if not isinstance(self.closed, bool):
            raise WrongTypeError(f"HollywoodColumn.closed must be True or False, not {_shown(self.closed)}")
        if self.winner is not None and (isinstance(self.winner, bool) or not isinstance(self.winner, int) or self.winner not in (0, 1)):
            raise _whole_or_type(self.winner, RulesError, RulesTypeError)(f"HollywoodColumn.winner={_shown(self.winner)} is not allowed: expected None, 0 or 1")
        if (self.winner is None) == self.closed:
            raise RulesError(
                f"HollywoodColumn(closed={self.closed}, winner={_shown(self.winner)}) is not allowed: "
                "a closed column has the winner's seat, an open one None"
            )


def _columns(value: Iterable[HollywoodColumn]) -> tuple[HollywoodColumn, ...]:
    out = _items("columns", value)
    if len(out) != 3 or not all(isinstance(column, HollywoodColumn) for column in out):
        raise WrongTypeError(f"Hollywood.columns must be three HollywoodColumn values, not {_shown(value)}")
    return out


@attrs.frozen(repr=False)
class Hollywood:
    """Hollywood scoring: three games scored at once (rule book section 1, Game).

    A player's win is entered in every open column ``c`` (1-3) with
    ``c <= w + z``: ``w`` counts that player's winning hands including this one,
    ``z`` the closed columns in which that player never scored.

    ``Hollywood(rules)`` starts a session for two players; the other fields, given by
    hand, must be three :class:`HollywoodColumn` values, closed exactly when a seat has
    reached the target in them (that seat the winner), and a win count (0 or more) per
    seat; when ``results`` are given, the columns and wins that adding them gives.
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules (target, bonuses, shutout)."""
    columns: tuple[HollywoodColumn, ...] = attrs.field(
        default=(HollywoodColumn(), HollywoodColumn(), HollywoodColumn()), converter=_columns
    )
    """The three games."""
    wins: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Winning hands per seat so far."""
    results: tuple[HandResult, ...] = attrs.field(default=(), converter=_results)
    """Every hand result added."""

    def __attrs_post_init__(self) -> None:
        if self.rules.players != 2:
            raise RulesError(f"Hollywood scoring is for two players, not players={self.rules.players}")
        if len(self.wins) != 2:
            raise RulesError(f"Hollywood.wins={_shown(self.wins)} must hold one number per player (2)")
        _check_counts("Hollywood", "wins", self.wins)
        target = self.rules.game_target
        for number, column in enumerate(self.columns, start=1):
            reached = [seat for seat, points in enumerate(column.points) if points >= target]
            if reached != ([] if column.winner is None else [column.winner]):
                state = "open" if column.winner is None else f"closed with seat {column.winner} the winner"
                raise RulesError(
                    f"Hollywood column {number} is {state}, but its points are {column.points} against the target"
                    f" {target}: expected {'no seat' if column.winner is None else 'the winner alone'} at the target"
                )
        if self.results:
            replayed = _replayed(Hollywood(self.rules), self.results, "Hollywood", "session")
            if (replayed.columns, replayed.wins) != (self.columns, self.wins):
                raise RulesError(
                    f"{self!r} does not match its {_count(len(self.results), 'result')}, which add up to {replayed!r}"
                )

    def __repr__(self) -> str:
        columns = ", ".join(f"{c.points}{' closed' if c.closed else ''}" for c in self.columns)
        return f"Hollywood({self.rules!r}, columns=[{columns}], wins={self.wins}, results=<{_count(len(self.results), 'hand')}>)"

    @property
    def is_over(self) -> bool:
        """True when all three columns are closed."""
        return all(c.closed for c in self.columns)

    def add(self, result: HandResult) -> Hollywood:
        """The score after ``result``, priced under this session's rules
        (:meth:`HandResult.score_under`, which refuses a hand of another number of players)."""
        if not isinstance(result, HandResult):
            raise WrongTypeError(f"expected a HandResult, not {type(result).__name__}: {_shown(result)}")
        if self.is_over:
            raise IllegalActionError("the Hollywood session is over: all three games are closed", reason="game_over")
        score = result.score_under(self.rules)
        if score.scorer is None:
            return _built(Hollywood, rules=self.rules, columns=self.columns, wins=self.wins, results=self.results + (result,))
        seat = score.scorer
        wins = list(self.wins)
        wins[seat] += 1
        never = sum(1 for c in self.columns if c.closed and c.boxes[seat] == 0)
        reach = wins[seat] + never
        columns = []
        for number, column in enumerate(self.columns, start=1):
            if column.closed or number > reach:
                columns.append(column)
                continue
            points, boxes, box_points = list(column.points), list(column.boxes), list(column.box_points)
            points[seat] += score.points
            boxes[seat] += 1
            box_points[seat] += score.box
            closed = points[seat] >= self.rules.game_target
            columns.append(
                HollywoodColumn(tuple(points), tuple(boxes), tuple(box_points), closed, seat if closed else None)
            )
        return _built(Hollywood, rules=self.rules, columns=tuple(columns), wins=tuple(wins), results=self.results + (result,))

    def settlements(self) -> tuple[Settlement | None, ...]:
        """The account of each column: a :class:`Settlement` when closed, else ``None``."""
        return tuple(
            _settle(self.rules, c.winner, c.points, c.box_points) if c.winner is not None else None
            for c in self.columns
        )

    @property
    def net_worths(self) -> tuple[int, int]:
        """Per seat, what the closed columns' settlements are worth to it: each column's
        :attr:`~Settlement.worth` to its winner, and minus that to the other player."""
        worths = [0, 0]
        for settlement in self.settlements():
            if settlement is not None:
                worths[settlement.winner] += settlement.worth
                worths[1 - settlement.winner] -= settlement.worth
        return (worths[0], worths[1])

    @property
    def winner(self) -> int | None:
        """The seat that won the session once all three columns are closed (``None``
        before): the one with the greater :attr:`net_worths`, or, when they are equal,
        the one that won more of the three games (the rule book is silent; see the
        docs' rules page).

        >>> from ginrummy import HollywoodColumn, Rules
        >>> rules = Rules.preset("hollywood")
        >>> won = [HollywoodColumn((100, 40), (4, 1), (100, 25), True, 0),
        ...        HollywoodColumn((40, 100), (1, 4), (25, 100), True, 1),
        ...        HollywoodColumn((100, 10), (4, 1), (100, 25), True, 0)]
        >>> session = Hollywood(rules, won, wins=(12, 6))
        >>> session.net_worths, session.winner
        ((265, -265), 0)
        """
        if not self.is_over:
            return None
        first, second = self.net_worths
        if first != second:
            return 0 if first > second else 1
        columns_won = sum(1 for column in self.columns if column.winner == 0)
        return 0 if columns_won >= 2 else 1
