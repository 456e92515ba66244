"""How the command line draws cards, melds and actions."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TextIO

from ginrummy import Action, BigGin, Card, Discard, Hand, Knock, Melding

__all__ = ["Style", "style_for", "table_names"]

_CARD_TOKEN = re.compile(r"(?<![\w'])[A2-9TJQK][shdc](?![\w'])")
_RED = "\033[31m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


class Style:
    """Unicode suits and colour on a terminal, plain letters with ``--ascii`` or in a pipe."""

    def __init__(self, *, fancy: bool, colour: bool) -> None:
        self.fancy = fancy
        self.colour = colour

    def card(self, card: Card, *, mark: bool = False) -> str:
        """One card; ``mark`` flags the card just drawn with a star."""
        text = card.unicode() if self.fancy else str(card)
        if mark:
            text += "*"
        if self.colour and card.suit.value in "hd":
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Hand | Sequence[Card], *, mark: Card | None = None) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(c, mark=c == mark) for c in cards)

    def melding(self, melding: Melding, *, mark: Card | None = None) -> str:
        """Melds in brackets, then the deadwood and its count."""
        parts = [f"[{self.cards(m.cards, mark=mark)}]" for m in melding.melds]
        if melding.deadwood_cards:
            parts.append(f"{self.cards(melding.deadwood_cards, mark=mark)}  (deadwood {melding.deadwood})")
        else:
            parts.append("(no deadwood)")
        return " ".join(parts)

    def action(self, action: Action) -> str:
        """An action as the player would type it, cards in this style."""
        if isinstance(action, Discard):
            return f"discard {self.card(action.card)}"
        if isinstance(action, Knock):
            return f"knock, discarding {self.card(action.card)} face down"
        if isinstance(action, BigGin):
            return "big gin"
        return str(action)

    def text(self, message: str) -> str:
        """A library message with its cards (such as ``Kc``) drawn in this style."""
        if not self.fancy and not self.colour:
            return message
        return _CARD_TOKEN.sub(lambda m: self.card(Card.parse(m.group(0))), message)

    def bold(self, text: str) -> str:
        """Bold on a colour terminal."""
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


def style_for(out: TextIO, *, ascii_only: bool) -> Style:
    """The style for ``out``: suit symbols when it can print them, colour on a terminal."""
    encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "")
    fancy = not ascii_only and encoding in ("utf8", "utf16")
    colour = not ascii_only and out.isatty() and os.environ.get("NO_COLOR") is None
    return Style(fancy=fancy, colour=colour)


def table_names(players: int) -> tuple[str, ...]:
    """The names at the table: you at seat 0, then the computers."""
    if players == 2:
        return ("You", "The computer")
    return ("You", *(f"Computer {n}" for n in range(1, players)))


def possessive(name: str) -> str:
    """"Your" or "Ann's"."""
    return "Your" if name == "You" else f"{name}'s"


def verb(name: str, word: str) -> str:
    """"You win" or "Ann wins" ("passes", "goes" where English wants them)."""
    if name == "You":
        return f"{name} {word}"
    return f"{name} {word}es" if word.endswith(("s", "sh", "ch", "x", "o")) else f"{name} {word}s"


def counted(number: int, noun: str) -> str:
    """"1 card" or "2 cards": ``number`` and ``noun``, plural unless the number is 1."""
    return f"{number} {noun if number == 1 else noun + 's'}"
