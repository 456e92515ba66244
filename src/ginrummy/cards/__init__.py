"""Cards and hands.

A :class:`~ginrummy.Card` is one of 52 interned values; a :class:`~ginrummy.Hand` is an immutable set
of cards stored in a single integer, one bit per card.

Bit layout of :attr:`ginrummy.Hand.mask` (and :attr:`ginrummy.Card.index`): bit ``13 * s + (r - 1)``
is set when the hand holds the card of rank ``r`` (ace 1 to king 13) and suit
``s`` (spades 0, hearts 1, diamonds 2, clubs 3). So bits 0-12 are A-K of spades,
bits 13-25 hearts, 26-38 diamonds and 39-51 clubs; a run is a block of adjacent
bits inside one suit's 13, and a set is bits 13 apart.
"""

from __future__ import annotations

from ._card import FULL_MASK, Card, Rank, Suit, parse_cards
from ._hand import CardsLike, Hand

__all__ = [
    "Card",
    "CardsLike",
    "FULL_MASK",
    "Hand",
    "Rank",
    "Suit",
    "parse_cards",
]
