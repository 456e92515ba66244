"""Arrangements of cards into melds: the least deadwood, every arrangement, the best discard."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import attrs

from .._masks import (
    CACHE_SIZE,
    best_partition,
    deadwood_of_mask,
    deadwood_with_sets,
    discard_deadwood_of_mask,
    melding_key,
    partitions,
)
from .._tables import NO_CARD, SUIT_BITS, SUIT_DEADWOOD
from ..cards import CardsLike, Hand
from ..cards._hand import mask_of
from ..errors import InvalidHandError, InvalidMeldError, WrongTypeError, _as_whole, _shown
from ..melds import Meld, MeldLike, _as_melds

__all__ = ["MAX_MELDINGS_CARDS", "MAX_MELDING_CARDS", "Melding", "best_melding", "deadwood", "discard_deadwood", "meldings"]


MAX_MELDING_CARDS = 20
"""The most cards :func:`ginrummy.best_melding` and :func:`ginrummy.knocker_melding` accept."""
MAX_MELDINGS_CARDS = 16
"""The most cards :func:`ginrummy.meldings` accepts (it lists every arrangement)."""


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of exactly these cards, over every arrangement into melds.

    Works for any number of cards.

    >>> deadwood("As 2s 3s 4h 4d 4c 9h 9d Kc Qd")
    38
    >>> deadwood(Hand.parse("As 2s 3s Js Ac 2c Jc 2d Jd Ah"))
    3
    """
    mask = cards._mask if type(cards) is Hand else mask_of(cards)
    # deadwood_of_mask written out: this function is the library's hottest entry point.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return deadwood_with_sets(mask)
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]


def _sorted_melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(sorted(_as_melds(value)))


def _given_melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(_as_melds(value, "knocker_melds"))


def _as_hand(value: CardsLike) -> Hand:
    return value if type(value) is Hand else Hand(value)


def _check_apart(what: str, melds: Iterable[Meld], used: int = 0) -> int:
    """Raise :class:`InvalidMeldError` if two of ``melds`` share a card, or one uses a card in ``used``."""
    for meld in melds:
        if meld.mask & used:
            raise InvalidMeldError(
                f"{what}: meld {meld} shares {Hand.from_mask(meld.mask & used)} with another meld or the deadwood cards"
            )
        used |= meld.mask
    return used


@attrs.frozen
class Melding:
    """One arrangement of cards: the melds and the cards left over (deadwood).

    Built by :func:`best_melding` and :func:`meldings`; :meth:`from_melds` checks
    an arrangement given by a player. Built directly, the melds may be given as
    :data:`~ginrummy.melds.MeldLike` values in any order and the deadwood as any
    cards; a card in two parts raises :class:`~ginrummy.InvalidMeldError`.

    >>> print(Melding(["7h 7d 7c", "As 2s 3s"], "Kd"))
    [As 2s 3s] [7h 7d 7c] deadwood Kd (10)
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_sorted_melds)
    """The melds, ordered by :attr:`Meld.mask`."""
    deadwood_cards: Hand = attrs.field(converter=_as_hand)
    """The cards in no meld."""

    def __attrs_post_init__(self) -> None:
        _check_apart("Melding", self.melds, self.deadwood_cards.mask)

    @property
    def deadwood(self) -> int:
        """Total points of :attr:`deadwood_cards`."""
        return self.deadwood_cards.value

    @property
    def cards(self) -> Hand:
        """Every card of the arrangement."""
        mask = self.deadwood_cards.mask
        for meld in self.melds:
            mask |= meld.mask
        return Hand.from_mask(mask)

    @classmethod
    def from_melds(cls, cards: CardsLike, melds: Iterable[MeldLike]) -> Melding:
        """The arrangement of ``cards`` that lays out ``melds`` (melds, meld text or their cards).

        Raises :class:`~ginrummy.InvalidMeldError` if a meld is invalid, if two
        melds share a card, or if a meld holds a card that is not in ``cards``.
        """
        mask = mask_of(cards)
        used = 0
        out: list[Meld] = []
        for meld in _as_melds(melds):
            if meld.mask & used:
                raise InvalidMeldError(f"meld {meld} shares a card with another meld")
            if meld.mask & ~mask:
                missing = Hand.from_mask(meld.mask & ~mask)
                raise InvalidMeldError(f"meld {meld} uses {missing}, which is not in the hand {Hand.from_mask(mask)}")
            used |= meld.mask
            out.append(meld)
        out.sort()
        return cls(tuple(out), Hand.from_mask(mask & ~used))

    def sort_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """The documented order of arrangements: least deadwood, fewest deadwood
        cards, fewest melds, then the melds' masks in ascending order."""
        return melding_key(tuple(m.mask for m in self.melds), self.deadwood_cards.mask)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.deadwood_cards:
            parts.append(f"deadwood {self.deadwood_cards} ({self.deadwood})")
        else:
            parts.append("deadwood 0")
        return " ".join(parts)


def _melding_from(melds: tuple[int, ...], dead: int) -> Melding:
    # The solver's own arrangements are valid by construction: skip the checks.
    melding = _new(Melding)
    _set(melding, "melds", tuple(Meld._trusted(m) for m in sorted(melds)))
    _set(melding, "deadwood_cards", Hand.from_mask(dead))
    return melding


_new = object.__new__
_set = object.__setattr__


@lru_cache(maxsize=CACHE_SIZE)
def _best_melding_of_mask(mask: int) -> Melding:
    return _melding_from(*best_partition(mask))


def best_melding(cards: CardsLike) -> Melding:
    """The arrangement with the least deadwood.

    Ties are broken deterministically by :meth:`Melding.sort_key`: fewest deadwood
    cards, then fewest melds (longer melds), then the lowest meld masks.

    >>> print(best_melding("As 2s 3s 4s 7h 7d 7c Kc Qd 2h"))
    [As 2s 3s 4s] [7h 7d 7c] deadwood 2h Qd Kc (22)
    """
    mask = mask_of(cards)
    _check_size(mask, MAX_MELDING_CARDS, "best_melding")
    return _best_melding_of_mask(mask)


def _check_size(mask: int, limit: int, what: str) -> None:
    if mask.bit_count() > limit:
        raise InvalidHandError(
            f"{what} takes at most {limit} cards (the number of arrangements grows too fast beyond), "
            f"got {mask.bit_count()}"
        )


def meldings(cards: CardsLike, *, max_deadwood: int | None = None) -> tuple[Melding, ...]:
    """Every arrangement of the cards into disjoint melds and deadwood.

    Arrangements are in :meth:`Melding.sort_key` order, least deadwood first, so the
    first is :func:`best_melding`. ``max_deadwood`` keeps only arrangements within
    that many points (a knock limit, say).

    >>> [m.deadwood for m in meldings("5s 6s 7s 5h 5d")]
    [10, 13, 28]
    """
    max_deadwood = _as_whole(max_deadwood)
    if max_deadwood is not None and (isinstance(max_deadwood, bool) or not isinstance(max_deadwood, int)):
        raise WrongTypeError(f"max_deadwood must be an int or None, not {type(max_deadwood).__name__}: {_shown(max_deadwood)}")
    mask = mask_of(cards)
    _check_size(mask, MAX_MELDINGS_CARDS, "meldings")
    found = sorted(partitions(mask, max_deadwood), key=lambda p: melding_key(*p))
    return tuple(_melding_from(*p) for p in found)


def discard_deadwood(cards: CardsLike, *, excluded: CardsLike = ()) -> int:
    """The least deadwood left after discarding the best one of ``cards``.

    This is the deadwood a player holding 11 cards could knock with. ``excluded``
    cards may not be the discard. Exact over every discard.

    >>> discard_deadwood("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h")
    0
    """
    mask = mask_of(cards)
    if not mask:
        raise InvalidHandError("discard_deadwood needs at least one card to discard, got none")
    banned = 0 if type(excluded) is tuple and not excluded else mask_of(excluded, what="excluded")
    if not banned:
        return discard_deadwood_of_mask(mask)
    allowed = mask & ~banned
    if not allowed:
        raise InvalidHandError(f"every card of {Hand.from_mask(mask)} is excluded: nothing can be discarded")
    best = NO_CARD
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        best = min(best, deadwood_of_mask(mask ^ low))
    return best
