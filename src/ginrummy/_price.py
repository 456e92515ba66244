"""The price of a hand: who scores and how much, from the deadwood counts (private).

One formula for two to four players (RULES.md section 2, "winner takes all"); with
two players it reduces to the rows of section 1. :mod:`ginrummy.scoring` prices
results with it and :func:`ginrummy.knocker_melding` compares layouts with it.
:func:`knocker_layout` and :func:`showdown_score` are the showdown on card masks,
for callers (the expert's rollouts) that need only the price, not the whole record.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from ._masks import best_layoff_choice, deadwood_of_mask, melding_key, partitions, sequential_layoffs
from .cards import Card
from .errors import RulesError, RulesTypeError, WrongTypeError, _SchemaValue, _RefusingType, _maybe_whole_field, _seat_of, _shown, _whole_field
from .rules import Rules, SpadesDouble

__all__ = ["EndReason", "Score", "knocker_layout", "price_hand", "showdown_score"]


class EndReason(_SchemaValue, enum.StrEnum, metaclass=_RefusingType):
    """Why a hand ended, and so who scores it."""

    KNOCK = "knock"
    """The knocker had less deadwood than every defender: the knocker scores."""
    GIN = "gin"
    """The knocker had no deadwood on a knock."""
    BIG_GIN = "big_gin"
    """The knocker melded every card (11, or 8 with three or four players) without discarding."""
    UNDERCUT = "undercut"
    """A defender's deadwood was not more than the knocker's: that defender scores."""
    TIE = "tie"
    """The least defender deadwood equalled the knocker's with ``undercut_on_tie`` off: nobody scores."""
    VOID = "void"
    """The wall was reached without a knock: nobody scores."""


@attrs.frozen
class Score:
    """The price of a hand under some rules: who scores, how much, and why.

    Built directly, it is checked (:class:`~ginrummy.RulesError`): nobody scores a tie
    or a void hand, a scorer is a seat, and ``points`` adds up from ``base`` and
    ``bonus`` with what ``doubled`` says was doubled.
    """

    reason: EndReason
    """Why the hand ended."""
    scorer: int | None = attrs.field(converter=_maybe_whole_field)
    """The seat that scores, or ``None`` (void or tie)."""
    base: int = attrs.field(converter=_whole_field)
    """The deadwood part: the differences summed over the losers (the defenders' deadwood for gin)."""
    bonus: int = attrs.field(converter=_whole_field)
    """Gin, big gin, undercut or knock bonus, before any doubling."""
    multiplier: int = attrs.field(converter=_whole_field)
    """2 when a spade upcard doubled something in this hand (see :attr:`doubled`), else 1."""
    points: int = attrs.field(converter=_whole_field)
    """Hand points for the scorer, counting toward the game target."""
    box: int = attrs.field(converter=_whole_field)
    """Box points the hand earns for the scorer at the end of the game (0 if nobody scores)."""
    doubled: str = "nothing"
    """What the spade upcard doubled: ``"everything"``, ``"the bonus"`` or ``"nothing"``."""

    def __attrs_post_init__(self) -> None:
        _check_score(self)


_POINTS = {
    "nothing": lambda base, bonus: base + bonus,
    "the bonus": lambda base, bonus: base + 2 * bonus,
    "everything": lambda base, bonus: 2 * (base + bonus),
}


def _check_score(score: Score) -> None:
    """A :class:`Score` built directly must be one :func:`price_hand` could give."""
    if not isinstance(score.reason, EndReason):
        raise WrongTypeError(f"Score.reason must be an EndReason, not {type(score.reason).__name__}: {_shown(score.reason)}")
    for name in ("base", "bonus", "multiplier", "points", "box"):
        value = getattr(score, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise WrongTypeError(f"Score.{name} must be a whole number, not {type(value).__name__}: {_shown(value)}")
        if value < 0:
            raise RulesError(f"Score.{name}={_shown(value)} is negative: points and bonuses are 0 or more")
    scorer = score.scorer
    nobody = score.reason in (EndReason.TIE, EndReason.VOID)
    if nobody:
        if scorer is not None or score.base or score.bonus or score.points or score.box:
            raise RulesError(
                f"a {score.reason.value} hand scores nothing: expected scorer=None and every figure 0, got {score!r}"
            )
    else:
        _seat_of(scorer, 4, "Score.scorer", RulesError, RulesTypeError, after=f" for a {score.reason.value}")
    if not isinstance(score.doubled, str) or score.doubled not in _POINTS:  # text first: a list cannot be looked up
        raise (RulesError if isinstance(score.doubled, str) else RulesTypeError)(
            f"Score.doubled={_shown(score.doubled)} is not allowed: expected 'nothing', 'the bonus' or 'everything'"
        )
    if score.multiplier != (1 if score.doubled == "nothing" else 2):
        raise RulesError(
            f"Score.multiplier={score.multiplier} does not fit doubled={score.doubled!r}: expected 1 for 'nothing', else 2"
        )
    expected = _POINTS[score.doubled](score.base, score.bonus)
    if score.points != expected:
        raise RulesError(
            f"Score.points={score.points} does not add up: base {score.base} and bonus {score.bonus} "
            f"with {score.doubled!r} doubled make {expected}"
        )


def _score(
    reason: EndReason, scorer: int | None, base: int, bonus: int, multiplier: int, points: int, box: int, doubled: str
) -> Score:
    """A :class:`Score` made by :func:`price_hand`, valid by construction: skip the checks."""
    score = object.__new__(Score)
    for name, value in (
        ("reason", reason), ("scorer", scorer), ("base", base), ("bonus", bonus),
        ("multiplier", multiplier), ("points", points), ("box", box), ("doubled", doubled),
    ):
        object.__setattr__(score, name, value)
    return score


_NOTHING = Score(EndReason.VOID, None, 0, 0, 1, 0, 0)


def price_hand(
    rules: Rules,
    upcard: Card,
    *,
    big_gin: bool,
    knocker: int,
    knocker_deadwood: int,
    defenders: Sequence[tuple[int, int]],
) -> Score:
    """The hand's :class:`Score` from the deadwood counts.

    ``defenders`` lists (seat, deadwood after own melds and layoffs) in showdown
    order, from the knocker's left; the first defender with the least deadwood is the
    one who undercuts.
    """
    k = knocker_deadwood
    least = min(d for _, d in defenders)
    if big_gin:
        reason, scorer, base, bonus = EndReason.BIG_GIN, knocker, sum(d for _, d in defenders), rules.big_gin_bonus
    elif k == 0:
        reason, scorer, base, bonus = EndReason.GIN, knocker, sum(d for _, d in defenders), rules.gin_bonus
    elif least > k:
        reason, scorer, base, bonus = EndReason.KNOCK, knocker, sum(d - k for _, d in defenders), rules.knock_bonus
    elif least < k or rules.undercut_on_tie:
        scorer = next(seat for seat, d in defenders if d == least)
        others = sum(d - least for seat, d in defenders if seat != scorer)
        reason, base, bonus = EndReason.UNDERCUT, (k - least) + others, rules.undercut_bonus
    else:
        return attrs.evolve(_NOTHING, reason=EndReason.TIE)
    multiplier = rules.multiplier_for(upcard)
    doubled = "nothing"
    if multiplier == 1:
        points = base + bonus
    elif rules.spades_double is SpadesDouble.BONUSES:
        # Only the gin, big gin and undercut bonuses double; a knock bonus does not.
        if reason is EndReason.KNOCK or bonus == 0:
            multiplier = 1
            points = base + bonus
        else:
            doubled = "the bonus"
            points = base + bonus * multiplier
    else:
        doubled = "everything"
        points = (base + bonus) * multiplier
    box = rules.box_bonus * (rules.multiplier_for(upcard) if rules.spades_double_boxes else 1)
    return _score(reason, scorer, base, bonus, multiplier, points, box, doubled)


def void_score() -> Score:
    """The score of a void hand: nobody scores."""
    return _NOTHING


def knocker_layout(
    mask: int, least: int, defenders: Sequence[int], rules: Rules | None, upcard: Card | None
) -> tuple[tuple[int, ...], int]:
    """The knocker's automatic arrangement of ``mask`` (ruling 5, generalised in section
    2) as (melds in ascending mask order, deadwood mask): among the arrangements with
    ``least`` deadwood (more than 0), the one with the best hand result once the
    ``defenders`` (masks, in turn order) lay off in turn; ties keep the first in
    :func:`melding_key` order. With one defender, the most defender deadwood is best
    under any rules; with more, results are priced under ``rules`` (default: the
    Oklahoma preset for that many players) and ``upcard`` (default 2c)."""
    # Melds in ascending mask order, as a Melding lays them out: the order in which the
    # defenders' layoffs are tried, which settles their ties in the recorded showdown.
    layouts = ((tuple(sorted(melds)), dead) for melds, dead in partitions(mask, least))
    candidates = [c for c in sorted(layouts, key=lambda p: melding_key(*p)) if melding_key(*c)[0] == least]
    if len(candidates) == 1:
        return candidates[0]  # nothing to choose between
    if len(defenders) == 1:
        values = [best_layoff_choice(melds, defenders[0])[0] for melds, _ in candidates]
    else:
        priced = Rules(players=len(defenders) + 1) if rules is None else rules
        shown = Card.parse("2c") if upcard is None else upcard
        values = []
        for melds, _ in candidates:
            deadwoods = [choice[0] for choice in sequential_layoffs(melds, defenders)]
            score = price_hand(
                priced, shown, big_gin=False, knocker=0, knocker_deadwood=least,
                defenders=list(enumerate(deadwoods, start=1)),
            )
            values.append(0 if score.scorer is None else score.points if score.scorer == 0 else -score.points)
    best = max(range(len(candidates)), key=lambda i: (values[i], -i))
    return candidates[best]


def showdown_score(
    rules: Rules, upcard: Card, *, knocker: int, kept: int, defenders: Sequence[tuple[int, int]], big_gin: bool
) -> Score:
    """The :class:`Score` of the showdown :func:`ginrummy.showdown` would record, from
    card masks: the knocker at seat ``knocker`` keeps ``kept`` (every card for big gin)
    and lays out automatically; ``defenders`` lists (seat, cards mask) in turn order
    from the knocker's left. The caller vouches for the hands (disjoint, the right
    sizes, the knock within the limit)."""
    masks = [cards for _, cards in defenders]
    least = 0 if big_gin else deadwood_of_mask(kept)
    if least == 0:  # gin or big gin: nothing is laid off
        deadwoods = [deadwood_of_mask(cards) for cards in masks]
    else:
        melds, _ = knocker_layout(kept, least, masks, rules, upcard)
        deadwoods = [choice[0] for choice in sequential_layoffs(melds, masks)]
    return price_hand(
        rules, upcard, big_gin=big_gin, knocker=knocker, knocker_deadwood=least,
        defenders=[(seat, dw) for (seat, _), dw in zip(defenders, deadwoods)],
    )
