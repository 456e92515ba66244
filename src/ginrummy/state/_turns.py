"""A normal turn: draw from the stock or the discard pile, then discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Discard
from ..cards import Card
from ._phase import Phase
from ._wall import phase_after_discard, void

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["check_card", "discard", "draw_discard", "draw_stock"]


def draw_stock(state: GameState, action: Action, player: int) -> GameState:
    """Draw the top stock card."""
    state._expect(Phase.DRAW, action)
    card = state.deck[state.stock_next]
    hands = list(state.hands)
    hands[player] |= 1 << card
    return state._replace(hands=tuple(hands), stock_next=state.stock_next + 1, phase=Phase.DISCARD, taken=-1, passes=0)


def draw_discard(state: GameState, action: Action, player: int) -> GameState:
    """Take the top discard (not after every player passed the upcard)."""
    state._expect(Phase.DRAW, action)
    if state.passes == len(state.hands):
        raise state._fail(
            "cannot take the upcard now: every player passed it, so the dealer's left must draw from the stock",
            "must_draw_stock",
        )
    return state._took(player, state.pile[-1], pile=state.pile[:-1])


def check_card(state: GameState, action: Action, card: Card, player: int, *, knock: bool) -> None:
    """Raise unless ``card`` is held and may be discarded (or be the knock discard) now."""
    bit = card.mask
    if not state.hands[player] & bit:
        raise state._fail(f"cannot {action}: {card} is not in your hand {state.hand(player)}", "card_not_in_hand")
    if bit & state._banned_discards() or (knock and state.must_knock and card.index == state.taken):
        raise state._fail(
            f"cannot {action}: {card} was just taken from the discard pile and may not be discarded this turn",
            "taken_card",
        )


def discard(state: GameState, action: Action, player: int) -> GameState:
    """Discard face up; play passes left, or the wall ends the hand."""
    assert isinstance(action, Discard)
    state._expect(Phase.DISCARD, action)
    if state.must_knock:
        raise state._fail(
            f"cannot {action}: the last discard was taken under the fiftieth-card rule, so you must knock or go big gin",
            "must_knock",
        )
    check_card(state, action, action.card, player, knock=False)
    hands = list(state.hands)
    hands[player] &= ~action.card.mask
    known = list(state.known)
    known[player] &= ~action.card.mask
    phase = phase_after_discard(state)
    after = state._replace(
        hands=tuple(hands), known=tuple(known), pile=state.pile + (action.card.index,), taken=-1,
        to_play_seat=(player + 1) % len(hands), phase=phase,
    )
    return void(after) if phase is Phase.OVER else after
