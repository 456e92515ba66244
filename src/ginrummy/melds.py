"""Melds: sets and runs, and extending them by a layoff."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from typing import Union

from typing_extensions import TypeAlias

from attrs.exceptions import FrozenInstanceError

from ._tables import MELD_IS_RUN
from .cards import Card, CardsLike, Hand, parse_cards
from .cards._card import one_card
from .cards._hand import SUBSET, mask_of
from .errors import InvalidMeldError, WrongTypeError, _MeldValue, _RefusingType, _iterable, _shown

__all__ = ["Meld", "MeldKind", "MeldLike"]


class MeldKind(_MeldValue, enum.Enum, metaclass=_RefusingType):
    """Whether a meld is a set (same rank) or a run (same suit, consecutive ranks)."""

    SET = "set"
    RUN = "run"


class Meld:
    """A set (3 or 4 cards of one rank) or a run (3+ consecutive cards of one suit, ace low).

    >>> meld = Meld.parse("7h 5h 6h")
    >>> meld, meld.kind.value
    (Meld.parse('5h 6h 7h'), 'run')
    >>> meld.can_extend(Card.parse("8h")), str(meld.extend(Card.parse("4h")))
    (True, '4h 5h 6h 7h')
    >>> Meld.parse("Qs Ks As")
    Traceback (most recent call last):
    ...
    ginrummy.errors.InvalidMeldError: 'Qs Ks As' is not a meld: expected 3 or 4 cards of one rank, or 3 or more consecutive cards of one suit (ace low)
    """

    __slots__ = ("_mask", "_is_run")
    _mask: int
    _is_run: bool

    def __init__(self, cards: CardsLike) -> None:
        """Build a meld from cards or card text; raises :class:`InvalidMeldError` if it is not one."""
        mask = mask_of(cards)
        is_run = MELD_IS_RUN.get(mask)
        if is_run is None:
            text = cards if isinstance(cards, str) else str(Hand.from_mask(mask))
            raise InvalidMeldError(
                f"{_shown(text)} is not a meld: expected 3 or 4 cards of one rank, "
                "or 3 or more consecutive cards of one suit (ace low)"
            )
        object.__setattr__(self, "_mask", mask)
        object.__setattr__(self, "_is_run", is_run)

    @classmethod
    def _trusted(cls, mask: int) -> Meld:
        meld = object.__new__(cls)
        object.__setattr__(meld, "_mask", mask)
        object.__setattr__(meld, "_is_run", MELD_IS_RUN[mask])
        return meld

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read a meld from card text such as ``"5h 6h 7h"`` or ``"Ks Kh Kd"``."""
        if not isinstance(text, str):
            raise WrongTypeError(f"meld text must be a str, not {type(text).__name__}: {_shown(text)}")
        parse_cards(text)  # raises CardParseError for bad text before meld checks
        return cls(text)

    @classmethod
    def is_meld(cls, cards: CardsLike) -> bool:
        """True when the cards form a valid set or run."""
        return mask_of(cards) in MELD_IS_RUN

    @property
    def mask(self) -> int:
        """The cards of the meld as a hand mask."""
        return self._mask

    @property
    def kind(self) -> MeldKind:
        """:attr:`MeldKind.SET` or :attr:`MeldKind.RUN`."""
        return MeldKind.RUN if self._is_run else MeldKind.SET

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in canonical order (a run from low to high)."""
        return Hand.from_mask(self._mask).cards

    @property
    def hand(self) -> Hand:
        """The cards as a :class:`~ginrummy.Hand`."""
        return Hand.from_mask(self._mask)

    def can_extend(self, card: Card | str) -> bool:
        """True when ``card`` (a :class:`~ginrummy.Card` or its text) may be laid off on
        this meld.

        A set of three takes its missing fourth card; a set of four takes nothing;
        a run takes the card just below or just above it in its suit.
        """
        bit = one_card(card, "Meld.can_extend takes").mask
        if self._mask & bit:
            return False
        return (self._mask | bit) in MELD_IS_RUN and (
            MELD_IS_RUN[self._mask | bit] == self._is_run
        )

    def extend(self, card: Card | str) -> Meld:
        """The meld with ``card`` (a :class:`~ginrummy.Card` or its text) laid off on it;
        raises :class:`InvalidMeldError` if it does not fit."""
        card = one_card(card, "Meld.extend takes")
        if not self.can_extend(card):
            raise InvalidMeldError(f"{card} cannot be laid off on {self}")
        return Meld._trusted(self._mask | card.mask)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(Hand.from_mask(self._mask))

    def __contains__(self, card: object) -> bool:
        """Whether the meld holds ``card``: a :class:`Card` or one card's text (as for
        :class:`~ginrummy.Hand`; other values raise :class:`~ginrummy.WrongTypeError`)."""
        return bool(self._mask & one_card(card, "'in' asks a meld about", SUBSET).mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Meld):
            return self._mask == other._mask
        return NotImplemented

    def __lt__(self, other: Meld) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self._mask < other._mask

    def __hash__(self) -> int:
        return hash(("Meld", self._mask))

    def __str__(self) -> str:
        return str(Hand.from_mask(self._mask))

    def unicode(self) -> str:
        """The meld with Unicode suit symbols."""
        return Hand.from_mask(self._mask).unicode()

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Meld.parse, (str(self),))


MeldLike: TypeAlias = Union[Meld, CardsLike]
"""What public functions accept as a meld: a :class:`Meld`, meld text such as
``"5h 6h 7h"``, or the cards of one."""


def _as_meld(item: MeldLike) -> Meld:
    """A meld from any :data:`MeldLike`, validated."""
    if isinstance(item, Meld):
        return item
    if isinstance(item, str):
        return Meld.parse(item)
    if isinstance(item, (Hand, list, tuple, set, frozenset)):
        return Meld(item)
    raise WrongTypeError(f"a meld must be a Meld, meld text or its cards, not {type(item).__name__}: {_shown(item)}")


def _as_melds(value: Iterable[MeldLike], what: str = "melds") -> list[Meld]:
    """Melds from an iterable of :data:`MeldLike` values, each validated.

    ``what`` names the argument in the error when ``value`` is a single meld, a
    string or not iterable at all.
    """
    if isinstance(value, (str, Meld)):
        raise WrongTypeError(f"{what} must be an iterable of melds, not a single meld or string: {_shown(value)}")
    if not _iterable(value) or isinstance(value, (bytes, bytearray, memoryview, Mapping)):
        raise WrongTypeError(f"{what} must be an iterable of melds, not {type(value).__name__}: {_shown(value)}")
    return [_as_meld(item) for item in value]
