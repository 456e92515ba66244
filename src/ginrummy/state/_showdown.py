"""Going out: knock, gin and big gin, and the showdown that follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, BigGin, Knock
from ..cards import Hand
from ..errors import InvalidMeldError
from ..melds import Meld
from ..scoring import showdown
from ..solver import Melding, deadwood
from ._phase import Phase
from ._turns import check_card

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["big_gin", "knock"]


def knock(state: GameState, action: Action, player: int) -> GameState:
    """Knock (or gin): discard face down with the kept cards within the knock limit."""
    assert isinstance(action, Knock)
    state._expect(Phase.DISCARD, action)
    check_card(state, action, action.card, player, knock=True)
    kept = Hand.from_mask(state.hands[player] & ~action.card.mask)
    limit = state.knock_limit
    if action.melds is not None:
        try:
            melding = Melding.from_melds(kept, action.melds)
        except InvalidMeldError as error:
            raise state._fail(f"cannot {action}: {error}", "invalid_melds") from error
        if melding.deadwood > limit:
            raise state._fail(
                f"cannot {action}: that arrangement leaves {melding.deadwood} deadwood, over the knock limit {limit}",
                "over_knock_limit",
            )
    else:
        least = deadwood(kept)
        if least > limit:
            raise state._fail(
                f"cannot {action}: the other cards have {least} deadwood, over the knock limit {limit}",
                "over_knock_limit",
            )
    return _finish(state, player, kept, action.melds, knock_discard=action.card.index)


def big_gin(state: GameState, action: Action, player: int) -> GameState:
    """Big gin: every card melded, no discard."""
    assert isinstance(action, BigGin)
    state._expect(Phase.DISCARD, action)
    if not state.rules.big_gin:
        raise state._fail("cannot go big gin: big gin is off under these rules", "big_gin_off")
    held = Hand.from_mask(state.hands[player])
    if action.melds is not None:
        try:
            melding = Melding.from_melds(held, action.melds)
        except InvalidMeldError as error:
            raise state._fail(f"cannot {action}: {error}", "invalid_melds") from error
        if melding.deadwood_cards:
            raise state._fail(f"cannot {action}: {melding.deadwood_cards} are in no meld", "not_big_gin")
    elif deadwood(held) != 0:
        raise state._fail(f"cannot go big gin: your {len(held)} cards leave {deadwood(held)} deadwood", "not_big_gin")
    return _finish(state, player, held, action.melds, knock_discard=-1)


def _finish(state: GameState, player: int, kept: Hand, melds: tuple[Meld, ...] | None, *, knock_discard: int) -> GameState:
    n = len(state.hands)
    hands = list(state.hands)
    hands[player] = kept.mask
    known = list(state.known)
    known[player] &= kept.mask  # the face-down knock discard is no longer known to be held
    defenders = [Hand.from_mask(state.hands[(player + i) % n]) for i in range(1, n)]
    result = showdown(
        kept, *defenders, rules=state.rules, upcard=state.upcard, knocker_melds=melds, knocker_seat=player
    )
    return state._replace(
        hands=tuple(hands), known=tuple(known), phase=Phase.OVER, result=result, knock_discard=knock_discard, taken=-1
    )
