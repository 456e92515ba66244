"""The game engine: an immutable :class:`GameState` for one hand and a :class:`Match` for a game.

States never change: :meth:`GameState.apply` returns a new state and leaves the old
one intact, so states can be kept, shared, hashed and compared. Legality has one
source of truth, :meth:`GameState.check`; :meth:`~GameState.is_legal` and
:meth:`~GameState.legal_actions` agree with it. Two, three or four players take
their turns to the left (seat ``s + 1``).

>>> from ginrummy import GameState, Rules
>>> state = GameState.new(Rules(), seed=7)
>>> state.phase, state.to_play == 1 - state.dealer
(<Phase.OFFER: 'offer'>, True)
>>> [str(a) for a in state.legal_actions()]
['take', 'pass']
>>> after = state.apply(state.parse_action("pass"))
>>> after.to_play == state.dealer, state.phase
(True, <Phase.OFFER: 'offer'>)
"""

from ._game import GameState
from ._match import Match
from ._phase import Phase, RandomSource
from ._view import PlayerView

__all__ = ["GameState", "Match", "Phase", "PlayerView", "RandomSource"]
