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
from .rules import (
    PRESETS,
    NextDealer,
    OklahomaAce,
    Rules,
    Shutout,
    SpadesDouble,
    WallRule,
    find_rules,
)
from .scoring import (
    EndReason,
    GameScore,
    HandResult,
    Hollywood,
    HollywoodColumn,
    Score,
    Settlement,
    showdown,
)
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
    "best_layoffs",
    "best_melding",
    "Card",
    "CardParseError",
    "deadwood",
    "discard_deadwood",
    "DuplicateCardError",
    "EndReason",
    "find_rules",
    "GameScore",
    "GinRummyError",
    "Hand",
    "HandResult",
    "Hollywood",
    "HollywoodColumn",
    "IllegalActionError",
    "InvalidHandError",
    "InvalidMeldError",
    "is_big_gin",
    "knock_options",
    "knocker_melding",
    "KnockOption",
    "Layoff",
    "layoff_deadwood",
    "LayoffPlan",
    "Meld",
    "Melding",
    "meldings",
    "MeldKind",
    "NextDealer",
    "OklahomaAce",
    "parse_cards",
    "PRESETS",
    "Rank",
    "Rules",
    "RulesError",
    "SchemaError",
    "Score",
    "Settlement",
    "showdown",
    "Shutout",
    "SpadesDouble",
    "Suit",
    "__version__",
    "WallRule",
]
