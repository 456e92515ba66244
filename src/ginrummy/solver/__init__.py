"""The optimal meld-and-layoff solver.

* :func:`deadwood` and :func:`best_melding`: the least deadwood of any cards.
* :func:`meldings`: every arrangement of the cards into melds and deadwood.
* :func:`knock_options` and :func:`is_big_gin`: what an 11-card holding may do.
* :func:`best_layoffs`: the defender's optimal melds and layoffs.
* :func:`knocker_melding`: the knocker's best arrangement against a defender.

How it is fast: a suit's 13 bits index a precomputed table of its least run-only
deadwood, so a hand without three cards of a rank costs four table look-ups.
When ranks hold three or four cards, every choice of sets among them is tried,
each again costing four look-ups. Results for a hand are cached.
"""

from ._knock import KnockOption, is_big_gin, knock_options
from ._layoffs import Layoff, LayoffPlan, best_layoffs, knocker_melding, layoff_deadwood
from ._melding import MAX_MELDING_CARDS, MAX_MELDINGS_CARDS, Melding, best_melding, deadwood, discard_deadwood, meldings

__all__ = [
    "KnockOption",
    "Layoff",
    "LayoffPlan",
    "MAX_MELDINGS_CARDS",
    "MAX_MELDING_CARDS",
    "Melding",
    "best_layoffs",
    "best_melding",
    "deadwood",
    "discard_deadwood",
    "is_big_gin",
    "knock_options",
    "knocker_melding",
    "layoff_deadwood",
    "meldings",
]
