"""A game's running score, :class:`GameScore`, and its end-of-game :class:`Settlement`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

import attrs
from typing_extensions import Self

from ..errors import IllegalActionError, RulesError, RulesTypeError, WrongTypeError, _as_whole, _count, _seat_of, _shown, _whole_field, _whole_or_type
from ..rules import Rules, Shutout
from ._hand import HandResult, _items, _items_of


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    """The scores per seat as a tuple of ``int``s (a numpy integer read as its int), or
    :class:`~ginrummy.WrongTypeError` quoting the first that is not a whole number."""
    out = tuple(map(_as_whole, _items("the scores per seat", value)))
    for item in out:
        if isinstance(item, bool) or not isinstance(item, int):
            raise WrongTypeError(f"expected whole numbers, not {type(item).__name__} ({_shown(item)})")
    return out


@attrs.frozen
class Settlement:
    """The end-of-game account: totals with bonuses and boxes, and the game's worth.

    With three or four players the winner settles with each loser separately
    (RULES.md section 2): :attr:`amounts` holds what each loser pays.

    Built directly, it is checked (:class:`~ginrummy.RulesError`): one entry per seat
    in each tuple, the winner with the most hand points, shutouts where a loser has no
    hand points, and totals and amounts that agree. With two players ``shutouts`` and
    ``amounts`` may be left out, as in 0.1, and are derived from the rest.
    """

    winner: int = attrs.field(converter=_whole_field)
    """The seat that reached the target."""
    hand_points: tuple[int, ...] = attrs.field(converter=_ints)
    """Hand points per seat."""
    box_points: tuple[int, ...] = attrs.field(converter=_ints)
    """Box points per seat."""
    game_bonus: int = attrs.field(converter=_whole_field)
    """Game bonus paid to the winner (twice under ``shutout=game_bonus_x2`` against a shut-out loser)."""
    shutout: bool
    """True when a loser had no hand points."""
    totals: tuple[int, ...] = attrs.field(converter=_ints)
    """Final totals per seat. With two players the winner's is after the shutout rule;
    with more, before it (the rule applies per loser, see :attr:`amounts`)."""
    shutouts: tuple[bool, ...] = ()
    """Per seat: True for a loser with no hand points (False for the winner)."""
    amounts: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    """Per seat: what that loser pays the winner (0 for the winner); negative when the loser's boxes outweigh."""

    def __attrs_post_init__(self) -> None:
        _check_settlement(self)

    @property
    def worth(self) -> int:
        """The sum of :attr:`amounts`: winner's total minus loser's total with two players;
        negative when the losers' boxes outweigh (ruling 10)."""
        return sum(self.amounts)


def _check_settlement(settlement: Settlement) -> None:
    """A :class:`Settlement` built directly must hang together; with two players the
    per-seat ``shutouts`` and ``amounts`` may be left out (as in 0.1) and are derived."""
    # the converters have made each of these a tuple of ints
    fields: dict[str, tuple[int, ...]] = {name: getattr(settlement, name) for name in ("hand_points", "box_points", "totals", "amounts")}
    n = len(fields["hand_points"])
    if not 2 <= n <= 4:
        raise RulesError(f"Settlement.hand_points={_shown(settlement.hand_points)} must hold one number per player (2 to 4)")
    winner = settlement.winner
    _seat_of(winner, n, "Settlement.winner", RulesError, RulesTypeError)
    for name in ("shutout",):
        if not isinstance(getattr(settlement, name), bool):
            raise WrongTypeError(f"Settlement.{name} must be True or False, not {_shown(getattr(settlement, name))}")
    bonus = settlement.game_bonus
    if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
        raise _whole_or_type(bonus, RulesError, RulesTypeError)(f"Settlement.game_bonus={_shown(bonus)} is not allowed: expected a whole number, 0 or more")
    shutouts = _items("Settlement.shutouts", settlement.shutouts)
    if any(not isinstance(flag, bool) for flag in shutouts):
        raise WrongTypeError(f"Settlement.shutouts must hold True or False per seat, not {_shown(settlement.shutouts)}")
    points, boxes = fields["hand_points"], fields["box_points"]
    if any(value < 0 for value in points + boxes):
        raise RulesError(f"Settlement: hand and box points are 0 or more, not {_shown(points)} and {_shown(boxes)}")
    if any(points[seat] >= points[winner] for seat in range(n) if seat != winner):
        raise RulesError(f"Settlement: the winner (seat {winner}) must have the most hand points, not {_shown(points)}")
    expected_shutouts = tuple(seat != winner and points[seat] == 0 for seat in range(n))
    amounts, totals = fields["amounts"], fields["totals"]
    if not shutouts and not amounts and n == 2:
        loser = 1 - winner
        shutouts = expected_shutouts
        amounts = tuple(0 if seat == winner else totals[winner] - totals[loser] for seat in range(2))
    for name, value in (("boxes", boxes), ("totals", totals), ("shutouts", shutouts), ("amounts", amounts)):
        if len(value) != n:
            raise RulesError(f"Settlement.{name}={_shown(value)} must hold one entry per player ({n}), as hand_points does")
    if shutouts != expected_shutouts or settlement.shutout != any(shutouts):
        raise RulesError(
            f"Settlement: shutout={settlement.shutout} and shutouts={_shown(shutouts)} do not fit hand points {_shown(points)}: "
            "a shutout is a loser with 0 hand points"
        )
    if amounts[winner] != 0:
        raise RulesError(f"Settlement.amounts={_shown(amounts)}: the winner (seat {winner}) pays itself nothing, so expected 0 there")
    for seat in range(n):
        loser_total = points[seat] + boxes[seat]
        if seat != winner and totals[seat] != loser_total:
            raise RulesError(f"Settlement.totals={_shown(totals)}: seat {seat}'s total is its hand and box points, {loser_total}")
    if n == 2 and totals[winner] - totals[1 - winner] != amounts[1 - winner]:
        raise RulesError(f"Settlement: with two players the loser pays the difference of the totals {_shown(totals)}, not {_shown(amounts)}")
    if n == 2:
        base = points[winner] + boxes[winner] + bonus
        allowed = (base, 2 * base) if shutouts[1 - winner] else (base,)
        if totals[winner] not in allowed:
            raise RulesError(
                f"Settlement.totals={_shown(totals)}: the winner's total is its hand and box points and the game bonus, "
                f"{base}{f' (doubled for the shutout, {2 * base})' if len(allowed) == 2 else ''}"
            )
    elif totals[winner] != points[winner] + boxes[winner] + bonus:
        raise RulesError(
            f"Settlement.totals={_shown(totals)}: the winner's total is its hand and box points and the game bonus, "
            f"{points[winner] + boxes[winner] + bonus}"
        )
    for name, value in (("hand_points", points), ("box_points", boxes), ("totals", totals), ("shutouts", shutouts), ("amounts", amounts)):
        object.__setattr__(settlement, name, value)


def _settle(rules: Rules, winner: int, points: tuple[int, ...], boxes: tuple[int, ...]) -> Settlement:
    n = len(points)
    base = points[winner] + boxes[winner]
    shutouts = tuple(seat != winner and points[seat] == 0 for seat in range(n))
    amounts = []
    for seat in range(n):
        if seat == winner:
            amounts.append(0)
            continue
        bonus = rules.game_bonus * (2 if shutouts[seat] and rules.shutout is Shutout.GAME_BONUS_X2 else 1)
        against = (base + bonus) * (2 if shutouts[seat] and rules.shutout is Shutout.DOUBLE else 1)
        amounts.append(against - points[seat] - boxes[seat])
    totals = [points[s] + boxes[s] for s in range(n)]
    if n == 2:
        loser = 1 - winner
        totals[winner] = amounts[loser] + totals[loser]
        bonus = rules.game_bonus * (2 if shutouts[loser] and rules.shutout is Shutout.GAME_BONUS_X2 else 1)
    else:
        bonus = rules.game_bonus
        totals[winner] += bonus
    return Settlement(winner, points, boxes, bonus, any(shutouts), tuple(totals), shutouts, tuple(amounts))


def _results(value: Iterable[HandResult]) -> tuple[HandResult, ...]:
    return _items_of("results", value, HandResult)


def _check_rules(score: object, attribute: object, rules: Rules) -> None:
    """A score's ``rules`` must be a :class:`~ginrummy.Rules`: ``WrongTypeError`` quoting it."""
    if not isinstance(rules, Rules):
        raise WrongTypeError(f"{type(score).__name__} scores under a Rules value, not {type(rules).__name__}: {_shown(rules)}")


def _check_counts(owner: str, name: str, values: tuple[int, ...]) -> None:
    """Scores count points, hands and boxes: none is negative (``RulesError`` quoting them)."""
    if any(value < 0 for value in values):
        raise RulesError(f"{owner}.{name}={_shown(values)} is not allowed: expected whole numbers 0 or more")


_T = TypeVar("_T")


def _built(cls: type[_T], **fields: object) -> _T:
    """An instance of the frozen ``cls`` with ``fields`` set unchecked: for the ``add``
    methods, whose values are right by construction (checking them would replay every
    result at each hand)."""
    value = object.__new__(cls)
    for name, field in fields.items():
        object.__setattr__(value, name, field)
    return value


class _Adds(Protocol):
    """A score that hands are added to: :class:`GameScore` or :class:`~ginrummy.Hollywood`."""

    @property
    def is_over(self) -> bool: ...

    def add(self, result: HandResult) -> Self: ...


_S = TypeVar("_S", bound=_Adds)


def _replayed(start: _S, results: tuple[HandResult, ...], owner: str, ended: str) -> _S:
    """``start`` after adding ``results`` one by one: ``RulesError`` if one comes after the end."""
    replayed = start
    for number, result in enumerate(results):
        if replayed.is_over:
            raise RulesError(f"{owner}.results holds {_count(len(results), 'hand')}, but the {ended} was over after {number}")
        replayed = replayed.add(result)
    return replayed


def _zeros(score: GameScore) -> tuple[int, ...]:
    _check_rules(score, None, score.rules)  # the defaults are made before the validators run
    return (0,) * score.rules.players


@attrs.frozen(repr=False)
class GameScore:
    """Running score of one game: hand points, boxes, and the settlement when over.

    Immutable: :meth:`add` returns a new score. Built directly (to resume a game
    scored elsewhere, say), it is checked (:class:`~ginrummy.RulesError`): a number 0
    or more per seat in each tuple, at most one seat at the target, and, when
    ``results`` are given, totals equal to what adding them gives.

    >>> from ginrummy import Rules
    >>> score = GameScore(Rules())
    >>> score.points, score.is_over
    ((0, 0), False)
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules the game is scored under."""
    points: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Hand points per seat (what counts toward the target)."""
    boxes: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Hands won per seat."""
    box_points: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Box points per seat (boxes times the box bonus, doubled where that knob applies)."""
    results: tuple[HandResult, ...] = attrs.field(default=(), converter=_results)
    """Every hand result added, void hands included."""

    def __repr__(self) -> str:
        return (
            f"GameScore({self.rules!r}, points={self.points}, boxes={self.boxes}, "
            f"box_points={self.box_points}, results=<{_count(len(self.results), 'hand')}>)"
        )

    def __attrs_post_init__(self) -> None:
        n = self.rules.players
        for name in ("points", "boxes", "box_points"):
            if len(getattr(self, name)) != n:
                raise RulesError(f"GameScore.{name}={_shown(getattr(self, name))} must hold one number per player ({n})")
            _check_counts("GameScore", name, getattr(self, name))
        reached = [seat for seat, points in enumerate(self.points) if points >= self.rules.game_target]
        if len(reached) > 1:
            raise RulesError(
                f"GameScore.points={self.points} is not allowed: seats {reached[0]} and {reached[1]} both reach the"
                f" target {self.rules.game_target}, but the game ends with the hand in which one does"
            )
        if self.results:
            replayed = _replayed(GameScore(self.rules), self.results, "GameScore", "game")
            if (replayed.points, replayed.boxes, replayed.box_points) != (self.points, self.boxes, self.box_points):
                raise RulesError(
                    f"GameScore(points={self.points}, boxes={self.boxes}, box_points={self.box_points}) does not match"
                    f" its {_count(len(self.results), 'result')}, which add up to points={replayed.points},"
                    f" boxes={replayed.boxes}, box_points={replayed.box_points}"
                )

    @property
    def winner(self) -> int | None:
        """The seat that reached the target, or ``None`` while the game goes on."""
        for seat, points in enumerate(self.points):
            if points >= self.rules.game_target:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        """True once a player's hand points reach the target."""
        return self.winner is not None

    def add(self, result: HandResult) -> GameScore:
        """The score after ``result``, priced under this game's rules
        (:meth:`HandResult.score_under`, which refuses a hand of another number of
        players); raises :class:`IllegalActionError` once the game is over."""
        if not isinstance(result, HandResult):
            raise WrongTypeError(f"expected a HandResult, not {type(result).__name__}: {_shown(result)}")
        if self.is_over:
            raise IllegalActionError("the game is over: no more hands can be scored", reason="game_over")
        score = result.score_under(self.rules)
        points, boxes, box_points = list(self.points), list(self.boxes), list(self.box_points)
        if score.scorer is not None:
            points[score.scorer] += score.points
            boxes[score.scorer] += 1
            box_points[score.scorer] += score.box
        return _built(
            GameScore, rules=self.rules, points=tuple(points), boxes=tuple(boxes), box_points=tuple(box_points),
            results=self.results + (result,),
        )

    def settlement(self) -> Settlement:
        """The final account; raises :class:`IllegalActionError` while the game goes on."""
        winner = self.winner
        if winner is None:
            raise IllegalActionError("the game is not over yet: nobody has reached the target", reason="game_not_over")
        return _settle(self.rules, winner, self.points, self.box_points)
