"""The first turn: the upcard is offered to each player in turn from the dealer's left,
the dealer last; if all pass, the dealer's left must draw from the stock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ._deal import left_of
from ._phase import Phase

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["pass_upcard", "take_upcard"]


def take_upcard(state: GameState, action: Action, player: int) -> GameState:
    """Take the upcard offered; the player then finishes the turn."""
    state._expect(Phase.OFFER, action)
    return state._took(player, state.pile[-1], pile=state.pile[:-1])


def pass_upcard(state: GameState, action: Action, player: int) -> GameState:
    """Decline the upcard: the offer moves left; after the dealer, the dealer's left draws."""
    state._expect(Phase.OFFER, action)
    passes = state.passes + 1
    if passes < len(state.hands):
        return state._replace(passes=passes, to_play_seat=left_of(player, len(state.hands)))
    return state._replace(passes=passes, phase=Phase.DRAW, to_play_seat=left_of(state.dealer, len(state.hands)))
