"""Playing strength of the computer players: win rates with 95% intervals.

Plays games to 150 under Oklahoma with fixed seeds, seats rotating over the same deals,
and reports: hard against medium, medium against random, and the median decision time
of hard. With ``--tables 3,4`` it also plays three- and four-player games: hard and
medium each against easy and random players (a player's fair share is 1/3 or 1/4).

Run:  python benchmarks/strength.py [--games N] [--workers N] [--tables 3,4] [--skip-two]
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
    parser.add_argument("--tables", default="", help="also play these table sizes, such as 3,4")
    parser.add_argument("--skip-two", action="store_true", help="skip the two-player pairings")
    args = parser.parse_args()
    print(f"machine: {describe()}; {args.games} games to 150 under Oklahoma per pairing\n")
    pairings: list[tuple[str, ...]] = [] if args.skip_two else [("hard", "medium"), ("medium", "random")]
    for size in (int(t) for t in args.tables.split(",") if t):
        fillers = {3: ("easy", "random"), 4: ("easy", "easy", "random")}[size]
        pairings += [("hard", *fillers), ("medium", *fillers)]
    with ProcessPoolExecutor(args.workers) as executor:
        for players in pairings:
            rules = Rules(players=len(players))
            start = time.perf_counter()
            result = run_tournament(*players, games=args.games, rules=rules, seed=args.seed, executor=executor)
            print(result.describe())
            print(f"({time.perf_counter() - start:.0f} s)\n")
        if args.skip_two:
            return
    times = decision_times(200)
    print(
        f"hard: median decision {statistics.median(times) * 1000:.1f} ms, "
        f"90th percentile {sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
    )


if __name__ == "__main__":
    main()
