"""ginrummy: Gin Rummy and Oklahoma Gin for Python.

Cards and hands, an exact meld-and-layoff solver, rule variants, scoring, a game
engine for front-ends and bots, computer players and a terminal program.
"""

from __future__ import annotations

from .cards import Card, Hand, Rank, Suit, parse_cards
from .errors import (
    CardParseError,
    DuplicateCardError,
    GinRummyError,
    IllegalActionError,
    InvalidHandError,
    InvalidMeldError,
    RulesError,
    SchemaError,
)
from .melds import Meld, MeldKind
from .solver import (
    KnockOption,
    Layoff,
    LayoffPlan,
    Melding,
    best_layoffs,
    best_melding,
    deadwood,
    discard_deadwood,
    is_big_gin,
    knock_options,
    knocker_melding,
    layoff_deadwood,
    meldings,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardParseError",
    "DuplicateCardError",
    "GinRummyError",
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidMeldError",
    "KnockOption",
    "Layoff",
    "LayoffPlan",
    "Meld",
    "MeldKind",
    "Melding",
    "Rank",
    "RulesError",
    "SchemaError",
    "Suit",
    "__version__",
    "best_layoffs",
    "best_melding",
    "deadwood",
    "discard_deadwood",
    "is_big_gin",
    "knock_options",
    "knocker_melding",
    "layoff_deadwood",
    "meldings",
    "parse_cards",
]
