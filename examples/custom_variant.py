"""A house rule via attrs.evolve: Oklahoma with a 20-point gin bonus, no spade doubling,
and the fiftieth-card rule; then a game between two computer players under it.

    python examples/custom_variant.py
"""

from __future__ import annotations

import attrs

import ginrummy
from ginrummy.players import make_player, play_match


def main() -> None:
    """Build the variant, show it, and play a game under it."""
    house = attrs.evolve(
        ginrummy.Rules(),
        gin_bonus=20,
        spades_double=ginrummy.SpadesDouble.OFF,
        wall_rule=ginrummy.WallRule.FIFTIETH_CARD,
        game_target=100,
    )
    print("rules:", house)
    assert ginrummy.Rules.parse(str(house)) == house
    try:
        attrs.evolve(house, knock_limit=15)
    except ginrummy.RulesError as error:
        print("rejected:", error)
    final = play_match(ginrummy.Match.new(house, seed=7), [make_player("hard", seed=1), make_player("medium")])
    score = final.score
    assert isinstance(score, ginrummy.GameScore)
    settlement = score.settlement()
    print(f"hands played: {final.hand_number}; points {score.points}; boxes {score.boxes}")
    print(f"seat {settlement.winner} wins; totals {settlement.totals}; worth {settlement.worth}")


if __name__ == "__main__":
    main()
