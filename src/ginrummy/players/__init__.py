"""Computer players and the drivers that run them.

A player is anything with ``choose(view, legal_actions) -> Action`` (the
:class:`Player` protocol). Players only ever see a :class:`~ginrummy.PlayerView`.

>>> from ginrummy import Match, Rules
>>> from ginrummy.players import make_player, play_match
>>> final = play_match(Match.new(Rules(game_target=50), seed=1),
...                    [make_player("medium", seed=1), make_player("random", seed=2)])
>>> final.is_over
True
"""

from ._base import LEVELS, Player, make_player, play_hand, play_match
from ._bots import EasyPlayer, HardPlayer, MediumPlayer, RandomPlayer, opponent_draws
from ._deals import determinize, gin_outs, last_discards
from ._equity import game_equity
from ._expert import Analysis, ExpertPlayer, Rating
from ._inference import hidden_card_weights
from ._rollout import roll_out, rollout_action
from ._tournament import MatchSummary, TournamentResult, run_tournament, summarize, wilson_interval

__all__ = [
    "Analysis",
    "EasyPlayer",
    "ExpertPlayer",
    "HardPlayer",
    "LEVELS",
    "MatchSummary",
    "MediumPlayer",
    "Player",
    "RandomPlayer",
    "Rating",
    "TournamentResult",
    "determinize",
    "game_equity",
    "gin_outs",
    "hidden_card_weights",
    "last_discards",
    "make_player",
    "opponent_draws",
    "play_hand",
    "play_match",
    "roll_out",
    "rollout_action",
    "run_tournament",
    "summarize",
    "wilson_interval",
]
