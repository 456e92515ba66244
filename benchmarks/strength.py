"""Playing strength of the computer players: win rates with 95% intervals.

Plays games to 150 under Oklahoma with fixed seeds, seats alternating, and reports:
hard against medium, medium against random, and the median decision time of hard.

Run:  python benchmarks/strength.py [--games N] [--workers N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy.players import HardPlayer, MediumPlayer, run_tournament  # noqa: E402


def decision_times(hands: int) -> list[float]:
    """Seconds per decision of hard, playing against medium."""
    hard, medium = HardPlayer(seed=1), MediumPlayer()
    times: list[float] = []
    for i in range(hands):
        state = GameState.new(Rules(), seed=i)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if seat == i % 2:
                start = time.perf_counter()
                action = hard.choose(view, view.legal_actions)
                times.append(time.perf_counter() - start)
            else:
                action = medium.choose(view, view.legal_actions)
            state = state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"machine: {describe()}; {args.games} games to 150 under Oklahoma per pairing\n")
    rules = Rules()
    with ProcessPoolExecutor(args.workers) as executor:
        for first, second in (("hard", "medium"), ("medium", "random")):
            start = time.perf_counter()
            result = run_tournament(first, second, games=args.games, rules=rules, seed=args.seed, executor=executor)
            print(result.describe())
            print(f"({time.perf_counter() - start:.0f} s)\n")
    times = decision_times(200)
    print(
        f"hard: median decision {statistics.median(times) * 1000:.1f} ms, "
        f"90th percentile {sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
    )


if __name__ == "__main__":
    main()
