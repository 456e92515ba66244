"""Ask the expert why: play one hand against the medium computer, and print each decision
where the expert's search departs from the hard player's move, with its figures.

Run:  python examples/ask_the_expert.py [SEED]
"""

from __future__ import annotations

import math
import sys

from ginrummy import GameState, Rules
from ginrummy.players import ExpertPlayer, MediumPlayer


def main(seed: int = 3) -> None:
    state = GameState.new(Rules(), seed=seed)  # Oklahoma, two players
    expert = ExpertPlayer(seed=seed, simulations=40, time_budget=math.inf)  # no time cap: reproducible
    medium = MediumPlayer()
    searched = departures = 0
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        if seat == 1:
            state = state.apply(medium.choose(view, view.legal_actions))
            continue
        analysis = expert.analyse(view)
        searched += analysis.deals > 0
        if analysis.choice != analysis.default:
            departures += 1
            print(f"holding {view.hand}, upcard {view.upcard}: {analysis.choice}")
            print(f"  {analysis.explain()}")
            for rating in analysis.ratings:
                mark = "  (hard's move)" if rating.is_default else ""
                print(
                    f"    {rating.action}: worth {rating.value:+.1f} points,"
                    f" {rating.advantage:+.1f} (standard error {rating.standard_error:.1f}){mark}"
                )
        state = state.apply(analysis.choice)
    result = state.result
    assert result is not None
    print(f"{searched} decisions searched, {departures} departing from hard's move")
    print(result.describe(["expert", "medium"]))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
