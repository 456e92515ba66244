"""Hands: immutable sets of cards over a 52-bit mask (re-exported by :mod:`ginrummy.cards`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final, Union

from attrs.exceptions import FrozenInstanceError
from typing_extensions import Self, TypeAlias

from ..errors import CardParseError, InvalidHandError, WrongTypeError, _as_whole, _shown
from ._card import CARDS, FULL_MASK, Card, one_card, parse_cards

__all__ = ["CardsLike", "Hand", "SUBSET", "mask_of"]


_SEVERAL_HANDS = (
    ": a list of {what} holds single cards; to give several hands (such as the defenders"
    " of a showdown), pass each hand as its own argument"
)


def mask_of(cards: CardsLike, *, what: str = "cards") -> int:
    """The mask of ``cards``, rejecting duplicates and non-cards."""
    if isinstance(cards, Hand):
        return cards._mask
    if isinstance(cards, Card):
        return 1 << cards._index
    if isinstance(cards, str):
        cards = parse_cards(cards)
    mask = 0
    if isinstance(cards, (bytes, bytearray, memoryview, Mapping)):
        raise WrongTypeError(
            f"{what} must be a Hand, a Card, card text or an iterable of Card, not {type(cards).__name__}: {_shown(cards)}"
        )
    try:
        iterator = iter(cards)
    except TypeError:
        raise WrongTypeError(
            f"{what} must be a Hand, a Card, card text or an iterable of Card, not {type(cards).__name__}: {_shown(cards)}"
        ) from None
    for card in iterator:
        if isinstance(card, str):
            text = card
            try:
                card = Card.parse(text)
            except CardParseError as error:
                if len(parse_cards(text)) > 1:  # raises for text that is no cards at all
                    raise CardParseError(f"{error}{_SEVERAL_HANDS.format(what=what)}", text=text) from None
                raise
        elif not isinstance(card, Card):
            hint = _SEVERAL_HANDS.format(what=what) if isinstance(card, Hand) else ""
            raise WrongTypeError(f"{what} must contain Card values or card text, not {type(card).__name__}: {_shown(card)}{hint}")
        bit = 1 << card._index
        if mask & bit:
            raise InvalidHandError(f"{what} hold {card} twice: a card can appear only once")
        mask |= bit
    return mask


class Hand:
    """An immutable set of cards, of any size, stored as a 52-bit mask.

    >>> hand = Hand.parse("7c 5s 6s As")
    >>> hand
    Hand.parse('As 5s 6s 7c')
    >>> len(hand), hand.value, Card.parse("5s") in hand, "5s" in hand, "5h" in hand
    (4, 19, True, True, False)
    >>> str(hand - Hand.parse("As") | Hand.parse("4s"))
    '4s 5s 6s 7c'

    Iteration is in canonical order (by :attr:`Card.index`). The set operators
    ``|``, ``&``, ``-`` and ``^`` return new hands; the other side may be a hand, a
    meld, card text, cards or one card, such as ``hand - "As"`` or ``hand | card``.
    ``in`` asks about one card, a :class:`Card` or its text; anything else raises
    rather than answering ``False``.
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: CardsLike = ()) -> None:
        """Build a hand from cards, card text or another hand; duplicates raise."""
        object.__setattr__(self, "_mask", mask_of(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Self:
        """The hand whose bits are ``mask`` (layout in :mod:`ginrummy.cards`)."""
        if type(mask) is not int:
            mask = _as_whole(mask)
        if isinstance(mask, bool) or not isinstance(mask, int):
            raise WrongTypeError(f"hand mask must be an int, not {type(mask).__name__}: {_shown(mask)}")
        if not 0 <= mask <= FULL_MASK:
            raise InvalidHandError(f"hand mask {_shown(mask)} is out of range: expected 0 to 2**52 - 1")
        hand = object.__new__(cls)
        object.__setattr__(hand, "_mask", mask)
        return hand

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a hand from lenient card text (see :func:`parse_cards`)."""
        return cls.from_mask(mask_of(parse_cards(text)))

    @classmethod
    def deck(cls) -> Self:
        """All 52 cards."""
        return cls.from_mask(FULL_MASK)

    @property
    def mask(self) -> int:
        """The 52-bit integer behind the hand."""
        return self._mask

    @property
    def value(self) -> int:
        """Total deadwood points of all the cards (melds not considered)."""
        total, m = 0, self._mask
        while m:
            low = m & -m
            total += _VALUES[low.bit_length() - 1]
            m ^= low
        return total

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in canonical order."""
        return tuple(self)

    def add(self, card: Card | str) -> Hand:
        """A new hand with ``card`` (a :class:`Card` or its text) added; raises if it is
        already present."""
        card = one_card(card, "Hand.add takes", "use hand | cards")
        bit = 1 << card._index
        if self._mask & bit:
            raise InvalidHandError(f"{card} is already in the hand {self}")
        return Hand.from_mask(self._mask | bit)

    def remove(self, card: Card | str) -> Hand:
        """A new hand without ``card`` (a :class:`Card` or its text); raises if it is not
        present."""
        card = one_card(card, "Hand.remove takes", "use hand - cards")
        bit = 1 << card._index
        if not self._mask & bit:
            raise InvalidHandError(f"{card} is not in the hand {self}")
        return Hand.from_mask(self._mask ^ bit)

    def isdisjoint(self, other: CardsLike) -> bool:
        """True when the two hands share no card."""
        return not self._mask & mask_of(other)

    def issubset(self, other: CardsLike) -> bool:
        """True when every card of this hand is in ``other``."""
        return self._mask & ~mask_of(other) == 0

    def unicode(self) -> str:
        """The hand with Unicode suit symbols, such as ``"A♠ 2♠ 3♠"``."""
        return " ".join(card.unicode() for card in self)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, card: object) -> bool:
        """Whether the hand holds ``card``: a :class:`Card` or one card's text, so
        ``"As" in hand`` reads as ``Card.parse("As") in hand``. Text that is not exactly
        one card raises :class:`~ginrummy.CardParseError`; anything else raises
        :class:`~ginrummy.WrongTypeError` rather than answering ``False``."""
        return bool(self._mask >> one_card(card, "'in' asks a hand about", SUBSET)._index & 1)

    def __iter__(self) -> Iterator[Card]:
        m = self._mask
        while m:
            low = m & -m
            yield CARDS[low.bit_length() - 1]
            m ^= low

    def __or__(self, other: CardsLike) -> Hand:
        if isinstance(other, Hand):
            return Hand.from_mask(self._mask | other._mask)
        return Hand.from_mask(self._mask | _operand_mask(other, "|"))

    def __and__(self, other: CardsLike) -> Hand:
        if isinstance(other, Hand):
            return Hand.from_mask(self._mask & other._mask)
        return Hand.from_mask(self._mask & _operand_mask(other, "&"))

    def __sub__(self, other: CardsLike) -> Hand:
        if isinstance(other, Hand):
            return Hand.from_mask(self._mask & ~other._mask)
        return Hand.from_mask(self._mask & ~_operand_mask(other, "-"))

    def __xor__(self, other: CardsLike) -> Hand:
        if isinstance(other, Hand):
            return Hand.from_mask(self._mask ^ other._mask)
        return Hand.from_mask(self._mask ^ _operand_mask(other, "^"))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __rsub__(self, other: CardsLike) -> Hand:
        return Hand.from_mask(_operand_mask(other, "-") & ~self._mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Hand", self._mask))

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Hand.from_mask, (self._mask,))


CardsLike: TypeAlias = Union[Hand, Card, Iterable[Union[Card, str]], str]
"""What public functions accept as cards: a :class:`~ginrummy.Hand`, card text such as
``"As 2s 3s"``, an iterable of :class:`~ginrummy.Card` values or one-card strings, or
one :class:`~ginrummy.Card` (as its text ``"As"`` is one card)."""

_VALUES: Final = tuple(min(i % 13 + 1, 10) for i in range(52))


def _operand_mask(other: object, operator: str) -> int:
    """The mask of the other operand of a hand's set operator: anything :data:`CardsLike`."""
    return mask_of(other, what=f"the cards on the other side of a hand's {operator!r}")  # type: ignore[arg-type]  # checked there


SUBSET: Final = "ask Hand(cards).issubset(...)"
