"""What a holding after the draw may do: every legal knock, and big gin."""

from __future__ import annotations

import attrs

from .._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards
from .._tables import SET_RANK_POINTS, SUIT_BITS, SUIT_DEADWOOD
from ..cards import Card, CardsLike, Hand
from ..cards._card import require_card
from ..cards._hand import mask_of
from ..errors import InvalidHandError, RulesError, RulesTypeError, WrongTypeError, _as_whole, _shown
from ._melding import Melding, _best_melding_of_mask, _new, _set

__all__ = ["KnockOption", "is_big_gin", "knock_options"]


@attrs.frozen
class KnockOption:
    """One legal knock: the card discarded face down and the arrangement of the other ten.

    Built directly, it is checked: the discard must not be among the kept cards, which
    number 10 (7 with three or four players), or :class:`~ginrummy.InvalidHandError`.
    """

    discard: Card
    """The knock discard."""
    melding: Melding
    """The least-deadwood arrangement of the kept cards."""

    def __attrs_post_init__(self) -> None:
        require_card(self.discard, "KnockOption.discard")
        if not isinstance(self.melding, Melding):
            raise WrongTypeError(f"KnockOption.melding must be a Melding, not {type(self.melding).__name__}: {_shown(self.melding)}")
        kept = self.melding.cards
        if self.discard in kept:
            raise InvalidHandError(f"the knock discard {self.discard} is also among the kept cards {kept}")
        if len(kept) not in (7, 10):
            raise InvalidHandError(f"a knock keeps 10 cards (7 with three or four players), not {len(kept)}: {kept}")

    @property
    def deadwood(self) -> int:
        """Deadwood of the kept cards."""
        return self.melding.deadwood

    @property
    def is_gin(self) -> bool:
        """True for a knock with no deadwood."""
        return self.melding.deadwood == 0


def _check_limit(knock_limit: int) -> int:
    """``knock_limit`` as an ``int`` (any whole-number type) when it is 0-10."""
    knock_limit = _as_whole(knock_limit)
    if isinstance(knock_limit, bool) or not isinstance(knock_limit, int):
        raise RulesTypeError(f"knock_limit must be an int, not {type(knock_limit).__name__}: {_shown(knock_limit)}")
    if not 0 <= knock_limit <= 10:
        raise RulesError(f"knock_limit={_shown(knock_limit)} is not allowed: expected 0-10")
    return knock_limit


def knock_options(
    cards: CardsLike, *, knock_limit: int, excluded: CardsLike = ()
) -> tuple[KnockOption, ...]:
    """Every legal knock from a holding after the draw (11 cards, or 8 with three or four players), least deadwood first.

    Each discard is tried in turn (the exact way: dropping the highest deadwood
    card of the best 11-card melding misses some gins). ``excluded`` holds cards
    of the holding that may not be the knock discard, such as the card just taken
    from the pile; a card of ``excluded`` that the holding lacks raises
    :class:`~ginrummy.InvalidHandError`.

    >>> [str(o.discard) for o in knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=0)]
    ['3s']
    """
    if type(knock_limit) is not int or not 0 <= knock_limit <= 10:
        knock_limit = _check_limit(knock_limit)
    mask = cards._mask if type(cards) is Hand else mask_of(cards)
    if mask.bit_count() not in (8, 11):
        raise InvalidHandError(
            f"knock_options needs 11 cards (10 kept and the discard), or 8 with three or four players; "
            f"got {mask.bit_count()}: {Hand.from_mask(mask)}"
        )
    # A discard lowers deadwood by at most its value (10 at most), and sets lower the
    # run-only deadwood by at most their points: when even that lower bound is over the
    # limit, no knock exists. This settles the usual hand in one pass.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    runs_only = SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]
    banned = 0 if type(excluded) is tuple and not excluded else mask_of(excluded, what="excluded")
    if banned & ~mask:
        raise InvalidHandError(
            f"excluded names {Hand.from_mask(banned & ~mask)}, not in the holding {Hand.from_mask(mask)}:"
            " expected cards of the holding that may not be the knock discard"
        )
    if runs_only - SET_RANK_POINTS[(a & b & (c | d)) | (c & d & (a | b))] > knock_limit + 10:
        return ()
    if discard_deadwood_of_mask(mask) > knock_limit:
        return ()
    return tuple(
        _knock_option(Card.from_index(low.bit_length() - 1), _best_melding_of_mask(mask ^ low))
        for low in knock_discards(mask, knock_limit, banned)
    )


def _knock_option(discard: Card, melding: Melding) -> KnockOption:
    option = _new(KnockOption)
    _set(option, "discard", discard)
    _set(option, "melding", melding)
    return option


def is_big_gin(cards: CardsLike) -> bool:
    """True when all 11 cards (8 with three or four players) form melds (big gin).

    >>> is_big_gin("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc")
    True
    """
    mask = mask_of(cards)
    if mask.bit_count() not in (8, 11):
        raise InvalidHandError(f"big gin needs 11 cards (8 with three or four players), got {mask.bit_count()}: {Hand.from_mask(mask)}")
    return deadwood_of_mask(mask) == 0
