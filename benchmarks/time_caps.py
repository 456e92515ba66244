"""How often the computer players' time caps cut their thinking short on this machine.

``hard`` stops sampling opponent hands for a knock decision once 80% of its
``time_budget`` (0.05 s) has passed, and ``expert`` stops its determinisations after
its ``time_budget`` (0.25 s). On a slow or loaded machine either cap could bind and
weaken the player, so that games measured there would not compare with games
measured elsewhere. This script plays Oklahoma hands of the expert against ``hard``
(each deal twice, the seats swapped), times every knock evaluation of the ``hard``
opponent and of the expert's inner ``hard`` (whose move the expert keeps unless its
search finds a better one), and counts the expert's searches that ended before all
their determinisations. Run it on an idle machine and alongside any games it is to
vouch for.

Run:  python benchmarks/time_caps.py [--deals N] [--seed N] [--rules NAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy.actions import Action  # noqa: E402
from ginrummy.players import ExpertPlayer, HardPlayer, Player  # noqa: E402
from ginrummy.state import PlayerView  # noqa: E402


class TimedHard(HardPlayer):
    """``hard``, keeping the seconds each of its knock evaluations took."""

    def __init__(self, *, seed: int, times: list[float]) -> None:
        super().__init__(seed=seed)
        self.times = times

    def _knock_outcomes(self, view: PlayerView, kept: int) -> tuple[float, float]:
        start = time.perf_counter()
        try:
            return super()._knock_outcomes(view, kept)
        finally:
            self.times.append(time.perf_counter() - start)


class CountedExpert(ExpertPlayer):
    """The expert, keeping the determinisations of each search it ran."""

    def __init__(self, *, seed: int, deals: list[int], times: list[float]) -> None:
        super().__init__(seed=seed)
        self.deals = deals
        self.hard = TimedHard(seed=seed + 1, times=times)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        analysis = self.analyse(view, legal_actions)
        if analysis.deals:
            self.deals.append(analysis.deals)
        return analysis.choice


def share(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a count and a percentage."""
    return f"{part} of {whole} ({part / whole:.1%})" if whole else "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals, each played twice (default 100)")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--rules", default="oklahoma", help="rules preset (default oklahoma)")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error(f"--deals {args.deals}: expected at least 1")
    rules = Rules.parse(args.rules)
    opponent_times: list[float] = []
    inner_times: list[float] = []
    searches: list[int] = []
    print(f"machine: {describe()}; {args.deals} deals played twice under {args.rules}, expert against hard")
    start = time.perf_counter()
    for deal in range(args.deals):
        for expert_seat in (0, 1):
            seed = args.seed + deal
            expert = CountedExpert(seed=seed, deals=searches, times=inner_times)
            players: list[Player] = [TimedHard(seed=seed, times=opponent_times) for _ in range(2)]
            players[expert_seat] = expert
            state = GameState.new(rules, seed=seed)
            while not state.is_over:
                seat = state.to_play
                assert seat is not None
                view = state.view(seat)
                state = state.apply(players[seat].choose(view, view.legal_actions))
    print(f"played in {time.perf_counter() - start:.0f} s")
    stop = HardPlayer().time_budget * 0.8
    for name, times in (("hard (the opponent)", opponent_times), ("hard (inside the expert)", inner_times)):
        if not times:
            print(f"{name}: no knock evaluations")
            continue
        ordered = sorted(times)
        over = sum(t > stop for t in times)
        print(
            f"{name}: {len(times)} knock evaluations, median {statistics.median(times) * 1000:.1f} ms, "
            f"90th percentile {ordered[int(0.9 * (len(ordered) - 1))] * 1000:.1f} ms, most {ordered[-1] * 1000:.1f} ms; "
            f"past its {stop * 1000:.0f} ms stop (so possibly cut short): {share(over, len(times))}"
        )
    full = ExpertPlayer().simulations
    short = sum(d < full for d in searches)
    print(f"expert: {len(searches)} searches, ended before all {full} determinisations: {share(short, len(searches))}")


if __name__ == "__main__":
    main()
