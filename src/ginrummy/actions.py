"""The actions a player can take, as immutable values with a text form.

Every action prints as canonical text (``str(action)``) that :func:`parse_action`
reads back; the text form is what saved games store.

>>> parse_action("d 10h")
Discard(card=Card.parse('Th'))
>>> str(parse_action("KNOCK 7h: 5s 6s 7s | 9c 9d 9h"))
'knock 7h: 5s 6s 7s | 9h 9d 9c'
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import Card
from .cards._card import require_card
from .errors import CardParseError, IllegalActionError, WrongTypeError, _shown
from .melds import Meld, MeldLike, _as_melds

__all__ = [
    "Action",
    "BigGin",
    "DeclineWallDiscard",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "HiddenKnock",
    "Knock",
    "NextHand",
    "PassUpcard",
    "TakeUpcard",
    "TakeWallDiscard",
    "parse_action",
]


@attrs.frozen
class Action:
    """Base class of every action."""

    def __str__(self) -> str:
        return _WORDS[type(self)]


@attrs.frozen
class TakeUpcard(Action):
    """First turn: take the upcard offered (then discard, knock or go big gin)."""


@attrs.frozen
class PassUpcard(Action):
    """First turn: decline the upcard offered."""


@attrs.frozen
class DrawStock(Action):
    """Draw the top card of the stock."""


@attrs.frozen
class DrawDiscard(Action):
    """Take the top card of the discard pile."""


def _melds_converter(value: Iterable[MeldLike] | None) -> tuple[Meld, ...] | None:
    if value is None:
        return None
    return tuple(sorted(_as_melds(value)))


def _card_validator(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    require_card(value, f"{type(instance).__name__}.{attribute.name}")


def _melds_text(melds: tuple[Meld, ...] | None) -> str:
    return "" if melds is None else ": " + " | ".join(str(m) for m in melds)


@attrs.frozen
class Discard(Action):
    """End the turn by discarding ``card`` face up."""

    card: Card = attrs.field(validator=_card_validator)
    """The card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Knock(Action):
    """Knock, discarding ``card`` face down; gin when the other ten have no deadwood.

    ``melds`` is the knocker's arrangement of the ten kept cards; ``None`` lets the
    engine lay out automatically (ruling 5).
    """

    card: Card = attrs.field(validator=_card_validator)
    """The knock discard (face down, never shown to the opponent)."""
    melds: tuple[Meld, ...] | None = attrs.field(default=None, converter=_melds_converter)
    """The knocker's melds, or ``None`` for the automatic arrangement."""

    def __str__(self) -> str:
        return f"knock {self.card}{_melds_text(self.melds)}"


@attrs.frozen
class BigGin(Action):
    """Go out with all eleven cards melded, without discarding."""

    melds: tuple[Meld, ...] | None = attrs.field(default=None, converter=_melds_converter)
    """The melds of all eleven cards, or ``None`` for the automatic arrangement."""

    def __str__(self) -> str:
        return f"big gin{_melds_text(self.melds)}"


@attrs.frozen
class TakeWallDiscard(Action):
    """Fiftieth-card rule: take the last discard, which obliges a knock or big gin at once."""


@attrs.frozen
class DeclineWallDiscard(Action):
    """Fiftieth-card rule: leave the last discard; the hand is void."""


@attrs.frozen
class NextHand(Action):
    """In a match: deal the next hand once the current one is over."""


@attrs.frozen
class HiddenKnock(Action):
    """How an opponent's knock appears in a player's view: the discard is face down."""


_WORDS: dict[type[Action], str] = {
    Action: "action",
    TakeUpcard: "take",
    PassUpcard: "pass",
    DrawStock: "stock",
    DrawDiscard: "pile",
    TakeWallDiscard: "take wall",
    DeclineWallDiscard: "decline",
    NextHand: "next",
    HiddenKnock: "knock (face down)",
}

_SIMPLE: dict[str, Action] = {
    "take": TakeUpcard(),
    "t": TakeUpcard(),
    "take upcard": TakeUpcard(),
    "pass": PassUpcard(),
    "stock": DrawStock(),
    "s": DrawStock(),
    "draw": DrawStock(),
    "draw stock": DrawStock(),
    "pile": DrawDiscard(),
    "p": DrawDiscard(),
    "draw pile": DrawDiscard(),
    "draw discard": DrawDiscard(),
    "take discard": DrawDiscard(),
    "take wall": TakeWallDiscard(),
    "wall": TakeWallDiscard(),
    "decline": DeclineWallDiscard(),
    "decline wall": DeclineWallDiscard(),
    "next": NextHand(),
    "next hand": NextHand(),
    "knock (face down)": HiddenKnock(),  # as a view's history shows another seat's knock
    "big gin": BigGin(),
    "biggin": BigGin(),
    "bg": BigGin(),
}
_WITH_CARD = {"discard": "discard", "d": "discard", "knock": "knock", "k": "knock"}


def _split_melds(text: str, original: str) -> tuple[str, tuple[Meld, ...] | None]:
    head, sep, tail = text.partition(":")
    if not sep:
        return head.strip(), None
    parts = [p.strip() for p in tail.split("|")]
    if not all(parts):
        raise IllegalActionError(
            f"cannot read the melds in {_shown(original)}: expected melds separated by '|', such as "
            "'knock 7h: 5s 6s 7s | 9c 9d 9h'",
            reason="unreadable",
        )
    return head.strip(), tuple(Meld.parse(p) for p in parts)


def parse_action(text: str) -> Action:
    """Read an action from text, leniently.

    Accepted: ``take``/``t``, ``pass``, ``stock``/``s``/``draw``, ``pile``/``p``,
    ``discard 7h``/``d 7h``, ``knock 7h``/``k 7h`` (optionally followed by
    ``: meld | meld``), ``big gin``/``bg``, ``take wall``, ``decline``, ``next``, and
    ``knock (face down)``, the text of a :class:`HiddenKnock` in a view's history (which
    no player can play), so that every action's text reads back to the action.
    Context-dependent words such as ``gin`` are read by
    :meth:`ginrummy.GameState.parse_action`.

    Raises :class:`~ginrummy.IllegalActionError` (reason ``"unreadable"``) for text
    that is not an action; bad card text inside raises :class:`~ginrummy.CardParseError`.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"action text must be a str, not {type(text).__name__}: {_shown(text)}")
    body, melds = _split_melds(text, text)
    words = " ".join(body.lower().split())
    if words in ("big gin", "biggin", "bg"):
        return BigGin(melds)
    if melds is None and words in _SIMPLE:
        return _SIMPLE[words]
    verb, _, rest = " ".join(body.split()).partition(" ")
    kind = _WITH_CARD.get(verb.lower())
    if kind is not None and rest:
        try:
            card = Card.parse(rest)
        except CardParseError as error:
            raise CardParseError(
                f"cannot read the card {_shown(rest)} in {_shown(text)}: expected a card such as 7h, 10h or Q♠",
                text=text,
                position=error.position,
            ) from error
        if kind == "discard" and melds is None:
            return Discard(card)
        if kind == "knock":
            return Knock(card, melds)
    raise IllegalActionError(
        f"cannot read {_shown(text)} as an action: expected take, pass, stock, pile, discard <card>, "
        "knock <card>, big gin, take wall, decline or next",
        reason="unreadable",
    )
