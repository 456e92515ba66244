"""The end of the stock: the last ``wall_size`` cards are never drawn.

When the player whose draw left the wall discards without knocking, the hand is
void (``wall_rule="void"``), or under the fiftieth-card rule the next player may
take that discard only to knock or go big gin with it at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import Card, Hand
from ..rules import WallRule
from ..scoring import HandResult
from ..solver import deadwood, discard_deadwood
from ._phase import Phase

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["decline_wall_discard", "phase_after_discard", "take_usable", "take_wall_discard", "void"]


def phase_after_discard(state: GameState) -> Phase:
    """The phase after a discard: the next player draws, or the wall is reached
    (``OVER`` means a void hand: call :func:`void`)."""
    if state.stock_count > state.rules.wall_size:
        return Phase.DRAW
    if state.rules.wall_rule is WallRule.FIFTIETH_CARD:
        return Phase.WALL
    return Phase.OVER


def void(state: GameState) -> GameState:
    """The hand ends void: nobody scores and the same dealer deals again."""
    result = HandResult(
        rules=state.rules, upcard=state.upcard, knocker=None, hands=tuple(Hand.from_mask(h) for h in state.hands)
    )
    return state._replace(phase=Phase.OVER, result=result, taken=-1)


def take_usable(state: GameState) -> bool:
    """True when the player to play could knock or go big gin at once with the last discard."""
    top = state.pile[-1]
    held = state.hands[state.to_play_seat] | 1 << top
    if state.rules.big_gin and deadwood(Hand.from_mask(held)) == 0:
        return True
    return discard_deadwood(Hand.from_mask(held), excluded=[Card.from_index(top)]) <= state.knock_limit


def take_wall_discard(state: GameState, action: Action, player: int) -> GameState:
    """Take the last discard under the fiftieth-card rule: a knock or big gin must follow."""
    state._expect(Phase.WALL, action)
    if not take_usable(state):
        raise state._fail(
            f"cannot take {state.discard_top}: it does not let you knock or go big gin at once",
            "wall_discard_unusable",
        )
    return state._took(player, state.pile[-1], pile=state.pile[:-1], must_knock=True)


def decline_wall_discard(state: GameState, action: Action, player: int) -> GameState:
    """Leave the last discard: the hand is void."""
    state._expect(Phase.WALL, action)
    return void(state)
