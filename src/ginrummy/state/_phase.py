"""The phases of a hand and what the engine needs of a random generator."""

from __future__ import annotations

import enum
from typing import Protocol

from ..errors import _SchemaValue, _RefusingType

__all__ = ["Phase", "RandomSource"]


class Phase(_SchemaValue, enum.StrEnum, metaclass=_RefusingType):
    """Where a hand stands."""

    OFFER = "offer"
    """First turn: the upcard is offered to each player in turn from the dealer's left, the dealer last."""
    DRAW = "draw"
    """The player to play draws from the stock or the discard pile."""
    DISCARD = "discard"
    """The player to play has drawn and discards, knocks or goes big gin."""
    WALL = "wall"
    """Fiftieth-card rule: the next player may take the last discard to knock at once."""
    OVER = "over"
    """The hand is over; :attr:`GameState.result` says how."""


class RandomSource(Protocol):
    """What :meth:`ginrummy.GameState.new` needs of a random generator (``random.Random`` and
    ``random.SystemRandom`` qualify)."""

    def shuffle(self, x: list[int], /) -> None:
        """Shuffle the list in place."""

    def randrange(self, start: int, stop: int = ..., step: int = ..., /) -> int:
        """A random integer from ``range(start, stop, step)``."""
