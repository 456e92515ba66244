"""The expert against hard, hand by hand: points a hand, and how the hands ended.

Game win rates need thousands of games to separate close players; single hands show an
edge sooner. Every deal is played twice, the expert in each seat, so luck of the deal
cancels. Each hand is priced in points (no game score, so the expert prices points
too). Reports the expert's mean net points a hand with its standard error, and the
endings by who knocked.

Run:  python benchmarks/expert_hands.py [--deals N] [--workers N] [--seed N] [--rules NAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy.players import ExpertPlayer, HardPlayer, Player  # noqa: E402

Outcome = tuple[str, str, int]
"""(end reason, who knocked: "expert", "hard" or "", the expert's net points)."""


def play_deal(deal: int, preset: str, seed: int) -> list[Outcome]:
    """One deal played twice, the expert first in seat 0, then in seat 1."""
    rules = Rules.parse(preset)
    out: list[Outcome] = []
    for expert_seat in (0, 1):
        players: list[Player] = [HardPlayer(seed=seed + deal), HardPlayer(seed=seed + deal)]
        players[expert_seat] = ExpertPlayer(seed=seed + deal)
        state = GameState.new(rules, seed=seed + deal)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            state = state.apply(players[seat].choose(view, view.legal_actions))
        result = state.result
        assert result is not None
        score = result.score_under(rules)
        knocker = "" if result.knocker is None else ("expert" if result.knocker == expert_seat else "hard")
        points = 0 if score.scorer is None else (score.points if score.scorer == expert_seat else -score.points)
        out.append((str(result.reason), knocker, points))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--rules", default="oklahoma", help="rules preset (default oklahoma)")
    args = parser.parse_args()
    print(f"machine: {describe()}; {args.deals} deals played twice under {args.rules}")
    start = time.perf_counter()
    endings: Counter[tuple[str, str]] = Counter()
    points: list[int] = []
    with ProcessPoolExecutor(args.workers) as executor:
        for outcomes in executor.map(partial(play_deal, preset=args.rules, seed=args.seed), range(args.deals)):
            for reason, knocker, net in outcomes:
                endings[reason, knocker] += 1
                points.append(net)
    error = statistics.stdev(points) / len(points) ** 0.5 if len(points) > 1 else 0.0
    print(f"expert's net points a hand: {statistics.mean(points):+.2f} (standard error {error:.2f}) over {len(points)} hands")
    for (reason, knocker), count in sorted(endings.items()):
        print(f"  {reason:9} {'by ' + knocker if knocker else '':11} {count}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
