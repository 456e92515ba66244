"""A small tournament: a hand-written greedy bot against the random player.

    python examples/random_vs_greedy.py [games]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ginrummy import Action, BigGin, Discard, Knock, PlayerView, Rules
from ginrummy.players import Player, RandomPlayer, run_tournament


class Greedy:
    """Knocks whenever it can; otherwise throws its highest-value card."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """Pick the greedy action."""
        for action in legal_actions:
            if isinstance(action, (BigGin, Knock)):
                return action
        discards = [a for a in legal_actions if isinstance(a, Discard)]
        if discards:
            return max(discards, key=lambda a: (a.card.value, a.card.index))
        return legal_actions[0]


def greedy(seed: int) -> Player:
    """Factory for the tournament (it must be picklable to run in other processes)."""
    return Greedy()


def random_player(seed: int) -> Player:
    """Factory for the random player."""
    return RandomPlayer(seed=seed)


def main(argv: list[str]) -> int:
    """Play the tournament and print the result."""
    games = int(argv[0]) if argv else 20
    result = run_tournament(greedy, random_player, games=games, rules=Rules(game_target=100), seed=1)
    print(result.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
