"""Ranks, suits and cards, and reading cards from text (re-exported by :mod:`ginrummy.cards`)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

from attrs.exceptions import FrozenInstanceError

from ..errors import CardParseError, DuplicateCardError, InvalidHandError, WrongTypeError, _CardValue, _RefusingType, _as_whole, _shown

__all__ = ["CARDS", "Card", "FULL_MASK", "Rank", "Suit", "one_card", "parse_cards", "require_card"]


FULL_MASK: Final = (1 << 52) - 1
"""The mask of all 52 cards."""


class Rank(_CardValue, enum.IntEnum, metaclass=_RefusingType):
    """The thirteen ranks, ace low (``Rank.ACE == 1``, ``Rank.KING == 13``)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The one-character name: ``"A"``, ``"2"`` ... ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``."""
        return _RANK_SYMBOLS[self.value - 1]

    @property
    def points(self) -> int:
        """Deadwood points: ace 1, two to ten their pips, court cards 10."""
        return min(self.value, 10)


class Suit(_CardValue, enum.Enum, metaclass=_RefusingType):
    """The four suits; the value is the lower-case letter used in card text."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def index(self) -> int:
        """Position of the suit in the bit layout: spades 0, hearts 1, diamonds 2, clubs 3."""
        return _SUIT_ORDER.index(self)

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, such as ``"♠"``."""
        return _SUIT_SYMBOLS[self.index]


_RANK_SYMBOLS: Final = "A23456789TJQK"
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_SYMBOLS: Final = "♠♥♦♣"
_RANK_BY_CHAR: Final = {c: i + 1 for i, c in enumerate(_RANK_SYMBOLS)} | {
    c.lower(): i + 1 for i, c in enumerate(_RANK_SYMBOLS) if c.isalpha()
}
_SUIT_BY_CHAR: Final = {
    "s": 0, "S": 0, "♠": 0, "♤": 0,
    "h": 1, "H": 1, "♥": 1, "♡": 1,
    "d": 2, "D": 2, "♦": 2, "♢": 2,
    "c": 3, "C": 3, "♣": 3, "♧": 3,
}  # fmt: skip
_VARIATION_SELECTOR: Final = "\ufe0f"
_SEPARATORS: Final = ",;"


class Card:
    """A playing card. Cards are interned: ``Card("Q", "s") is Card.parse("Qs")``.

    >>> card = Card.parse("10h")
    >>> card
    Card.parse('Th')
    >>> str(card), card.unicode(), card.value
    ('Th', 'T♥', 10)
    >>> Card(Rank.ACE, Suit.SPADES) < Card.parse("2s")
    True

    Cards order by their :attr:`index`: by suit (♠ ♥ ♦ ♣), then by rank.
    """

    __slots__ = ("_index",)
    _index: int

    def __new__(cls, rank: Rank | int | str, suit: Suit | str) -> Card:
        """Return the card of ``rank`` (a :class:`Rank`, 1-13, or its symbol) and ``suit``."""
        rank = _as_whole(rank)
        if isinstance(rank, str):
            r = _RANK_BY_CHAR.get(rank, 10 if rank == "10" else 0)
        elif isinstance(rank, int) and not isinstance(rank, bool):
            r = int(rank) if 1 <= rank <= 13 else 0
        else:
            raise WrongTypeError(f"Card rank must be a Rank, int or str, not {type(rank).__name__}: {_shown(rank)}")
        if r == 0:
            raise CardParseError(
                f"{_shown(rank)} is not a rank: expected 1-13 or one of A 2-9 T J Q K",
                text=rank if isinstance(rank, str) else _shown(rank),
            )
        if isinstance(suit, Suit):
            s = suit.index
        elif isinstance(suit, str):
            s = _SUIT_BY_CHAR.get(suit, -1)
            if s < 0:
                raise CardParseError(
                    f"{_shown(suit)} is not a suit: expected one of s h d c or ♠ ♥ ♦ ♣", text=suit
                )
        else:
            raise WrongTypeError(f"Card suit must be a Suit or str, not {type(suit).__name__}: {_shown(suit)}")
        return CARDS[s * 13 + r - 1]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at bit ``index`` (0-51) of the layout described in :mod:`ginrummy.cards`."""
        if type(index) is not int:
            index = _as_whole(index)
        if isinstance(index, bool) or not isinstance(index, int):
            raise WrongTypeError(f"card index must be an int, not {type(index).__name__}: {_shown(index)}")
        if not 0 <= index < 52:
            raise InvalidHandError(f"card index {_shown(index)} is out of range: expected 0-51")
        return CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from lenient text: ``"Qs"``, ``"qs"``, ``"10h"``, ``"T♥"``.

        Raises :class:`~ginrummy.CardParseError` unless the text holds exactly one card.
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardParseError(
                f"expected exactly one card, got {len(cards)} in {_shown(text)}", text=text
            )
        return cards[0]

    @property
    def index(self) -> int:
        """Bit position of the card (0-51), see :mod:`ginrummy.cards`."""
        return self._index

    @property
    def mask(self) -> int:
        """``1 << index``: the card as a one-card hand mask."""
        return 1 << self._index

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self._index % 13 + 1)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_ORDER[self._index // 13]

    @property
    def value(self) -> int:
        """Deadwood points: ace 1, two to ten their pips, jack/queen/king 10."""
        return min(self._index % 13 + 1, 10)

    def unicode(self) -> str:
        """The card with a Unicode suit symbol, such as ``"Q♠"``."""
        return _RANK_SYMBOLS[self._index % 13] + _SUIT_SYMBOLS[self._index // 13]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self._index % 13] + "shdc"[self._index // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._index == other._index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index < other._index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index <= other._index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index > other._index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._index >= other._index

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self._index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


CARDS: Final = tuple(Card._make(i) for i in range(52))


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards from lenient text, keeping their order.

    Cards may be separated by spaces, commas or semicolons, or written together;
    ranks are ``A 2-9 T J Q K`` or ``10`` in either case; suits are ``s h d c`` in
    either case or ``♠ ♥ ♦ ♣`` (also ``♤ ♡ ♢ ♧``).

    >>> parse_cards("10h, Qs  a♣")
    (Card.parse('Th'), Card.parse('Qs'), Card.parse('Ac'))
    >>> parse_cards("AsKs")
    (Card.parse('As'), Card.parse('Ks'))

    Raises :class:`~ginrummy.CardParseError` for anything else, and
    :class:`~ginrummy.DuplicateCardError` when a card appears twice.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"card text must be a str, not {type(text).__name__}: {_shown(text)}")
    cards: list[Card] = []
    seen = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch in _SEPARATORS:
            i += 1
            continue
        start = i
        if ch == "1" and i + 1 < n and text[i + 1] == "0":
            rank, i = 10, i + 2
        else:
            rank = _RANK_BY_CHAR.get(ch, 0)
            if rank == 0:
                raise CardParseError(
                    f"cannot read a card at position {start} of {_shown(text)}: "
                    f"{_shown(ch)} is not a rank (expected A, 2-10, T, J, Q or K)",
                    text=text,
                    position=start,
                )
            i += 1
        suit = _SUIT_BY_CHAR.get(text[i], -1) if i < n else -1
        if suit < 0:
            got = f"{text[i]!r} at position {i}" if i < n else f"the end of the text at position {i}"
            raise CardParseError(
                f"cannot read a card at position {start} of {_shown(text)}: "
                f"expected a suit (s, h, d, c or ♠ ♥ ♦ ♣) after the rank, got {got}",
                text=text,
                position=i,
            )
        i += 1
        if i < n and text[i] == _VARIATION_SELECTOR:
            i += 1
        card = CARDS[suit * 13 + rank - 1]
        if seen & card.mask:
            raise DuplicateCardError(
                f"card {card} appears twice in {_shown(text)} (second at position {start})",
                text=text,
                position=start,
            )
        seen |= card.mask
        cards.append(card)
    return tuple(cards)


def require_card(value: object, what: str) -> Card:
    """``value`` when it is a :class:`Card`; ``WrongTypeError`` quoting it otherwise, such
    as ``"upcard must be a Card, not str: '9h'"`` (internal)."""
    if not isinstance(value, Card):
        raise WrongTypeError(f"{what} must be a Card, not {type(value).__name__}: {_shown(value)}")
    return value


def one_card(card: object, takes: str, several: str = "") -> Card:
    """``card`` as a Card: a Card, or the text of exactly one card. ``takes`` names the
    caller in messages (``"Hand.add takes"``); ``several`` says what to use instead for
    several cards."""
    if isinstance(card, Card):
        return card
    hint = f"; for several cards, {several}" if several else ""
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except CardParseError as error:
            raise CardParseError(f"{error}: {takes} one card{hint}", text=card, position=error.position) from None
    many = isinstance(card, Iterable) and not isinstance(card, (bytes, bytearray))
    raise WrongTypeError(
        f"{takes} a Card or one card's text, not {type(card).__name__}: {_shown(card)}{hint if many else ''}"
    )
