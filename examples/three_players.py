"""Three-player Oklahoma: one hand played by computers, then the showdown in turn order.

Run:  python examples/three_players.py
"""

from __future__ import annotations

from ginrummy import Match, Rules
from ginrummy.players import make_player, play_match


def main() -> None:
    rules = Rules(players=3, game_target=100)
    names = ["hard", "medium", "easy"]
    players = [make_player(level, seed=seat) for seat, level in enumerate(names)]
    final = play_match(Match.new(rules, seed=7), players)
    for number, state in enumerate((*final.finished, final.state), start=1):
        result = state.result
        assert result is not None
        print(f"hand {number}: {result.describe(names)}")
        if result.knocker is not None and not result.is_void:
            for seat in result.order:
                laid = ", ".join(f"{l.card} onto meld {l.target}" for l in result.layoffs_of(seat))
                print(f"  {names[seat]}: deadwood {result.deadwood_of(seat)}" + (f" after laying off {laid}" if laid else ""))
    settlement = final.score.settlement()  # type: ignore[union-attr]
    print(f"{names[settlement.winner]} wins; each loser pays {settlement.amounts}; worth {settlement.worth}")


if __name__ == "__main__":
    main()
