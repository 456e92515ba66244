"""The price of a hand: who scores and how much, from the deadwood counts (private).

One formula for two to four players (RULES.md section 2, "winner takes all"); with
two players it reduces to the rows of section 1. :mod:`ginrummy.scoring` prices
results with it and :func:`ginrummy.knocker_melding` compares layouts with it.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from .cards import Card
from .rules import Rules, SpadesDouble

__all__ = ["EndReason", "Score", "price_hand"]


class EndReason(enum.StrEnum):
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
    """The price of a hand under some rules: who scores, how much, and why."""

    reason: EndReason
    """Why the hand ended."""
    scorer: int | None
    """The seat that scores, or ``None`` (void or tie)."""
    base: int
    """The deadwood part: the differences summed over the losers (the defenders' deadwood for gin)."""
    bonus: int
    """Gin, big gin, undercut or knock bonus, before any doubling."""
    multiplier: int
    """2 when a spade upcard doubled something in this hand (see :attr:`doubled`), else 1."""
    points: int
    """Hand points for the scorer, counting toward the game target."""
    box: int
    """Box points the hand earns for the scorer at the end of the game (0 if nobody scores)."""
    doubled: str = "nothing"
    """What the spade upcard doubled: ``"everything"``, ``"the bonus"`` or ``"nothing"``."""


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
    return Score(reason, scorer, base, bonus, multiplier, points, box, doubled)


def void_score() -> Score:
    """The score of a void hand: nobody scores."""
    return _NOTHING
