"""Reading an action from text in the context of a hand (``GameState.parse_action``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, BigGin, Knock, parse_action
from ..cards import Hand
from ..errors import IllegalActionError, _shown
from ..solver import deadwood
from ._phase import Phase

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["parse_in_context"]


def parse_in_context(state: GameState, text: str) -> Action:
    """``text`` as an action of ``state``: ``gin``, ``knock`` and ``gin <card>`` resolved
    by the hand in play, anything else as :func:`~ginrummy.parse_action` reads it."""
    if not isinstance(text, str):
        return parse_action(text)  # raises the library's error for what is not text
    words = " ".join(text.lower().split())
    if words in ("gin", "k", "knock"):
        if state.phase is not Phase.DISCARD:
            raise state._fail(f"cannot {words} now: {state._phase_text()}", "wrong_phase")
        knocks = [a for a in state.legal_actions() if isinstance(a, (Knock, BigGin))]

        def kept_deadwood(action: Action) -> int:
            if isinstance(action, Knock):
                return deadwood(Hand.from_mask(state.hands[state.to_play_seat] & ~action.card.mask))
            return 0

        if words == "gin":
            gins = [a for a in knocks if isinstance(a, BigGin) or kept_deadwood(a) == 0]
            if not gins:
                raise IllegalActionError(f"{_shown(text)}: no discard leaves you gin", reason="over_knock_limit")
            return gins[0]
        plain = [a for a in knocks if isinstance(a, Knock)]
        if not plain:
            raise IllegalActionError(
                f"{_shown(text)}: no discard brings your deadwood within the knock limit {state.knock_limit}",
                reason="over_knock_limit",
            )
        return min(plain, key=kept_deadwood)
    if words.startswith("gin "):
        return parse_action("knock " + words[4:])
    return parse_action(text)
