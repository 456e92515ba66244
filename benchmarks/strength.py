"""Playing strength of the computer players: win rates with 95% intervals.

Plays games to 150 under Oklahoma with fixed seeds, seats rotating over the same deals,
and reports: hard against medium, medium against random, and the median decision time
of hard. With ``--tables 3,4`` it also plays three- and four-player games: hard and
medium each against easy and random players (a player's fair share is 1/3 or 1/4).

With ``--expert`` it plays expert against medium and hard and reports the expert's
decision times; with ``--expert --tables 3,4`` also the expert against a whole table
of each level (``expert hard hard``), and its decision times at those tables.
``--rules standard`` plays the standard preset instead. ``--games 0`` plays no games
and reports only the decision times.

Run:  python benchmarks/strength.py [--games N] [--workers N] [--tables 3,4] [--skip-two] [--expert [--against medium,hard]] [--rules NAME]
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

import attrs  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy.players import ExpertPlayer, HardPlayer, MediumPlayer, Player, run_tournament  # noqa: E402


def decision_times(hands: int, player: Player | None = None, players: int = 2) -> list[float]:
    """Seconds per decision of ``player`` (default hard), playing against medium (one
    ``medium`` per other seat of an Oklahoma table of ``players``)."""
    hard: Player = HardPlayer(seed=1) if player is None else player
    medium = MediumPlayer()
    times: list[float] = []
    for i in range(hands):
        state = GameState.new(Rules(players=players), seed=i)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if seat == i % players:
                start = time.perf_counter()
                action = hard.choose(view, view.legal_actions)
                times.append(time.perf_counter() - start)
            else:
                action = medium.choose(view, view.legal_actions)
            state = state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (0: decision times only)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tables", default="", help="also play these table sizes, such as 3,4")
    parser.add_argument("--skip-two", action="store_true", help="skip the two-player pairings")
    parser.add_argument("--expert", action="store_true", help="also expert vs medium and expert vs hard, with its decision times")
    parser.add_argument("--against", default="medium,hard", help="with --expert, the opponents (default medium,hard)")
    parser.add_argument("--rules", default="oklahoma", help="rules preset (default oklahoma)")
    args = parser.parse_args()
    if args.games < 0:
        parser.error(f"--games {args.games}: expected at least 0")
    print(f"machine: {describe()}; {args.games} games per pairing under {args.rules}\n")
    pairings: list[tuple[str, ...]] = [] if args.skip_two else [("hard", "medium"), ("medium", "random")]
    levels = [level for level in args.against.split(",") if level]
    if args.expert and not args.skip_two:
        pairings += [("expert", level) for level in levels]
    sizes = [int(t) for t in args.tables.split(",") if t]
    for size in sizes:
        if args.expert:  # the expert against a whole table of one level
            pairings += [("expert", *[level] * (size - 1)) for level in levels]
            continue
        fillers = {3: ("easy", "random"), 4: ("easy", "easy", "random")}[size]
        pairings += [("hard", *fillers), ("medium", *fillers)]
    with ProcessPoolExecutor(args.workers) as executor:
        for players in pairings if args.games else []:
            rules = attrs.evolve(Rules.parse(args.rules), players=len(players))
            start = time.perf_counter()
            result = run_tournament(*players, games=args.games, rules=rules, seed=args.seed, executor=executor)
            print(result.describe())
            print(f"({time.perf_counter() - start:.0f} s)\n")
    if args.expert:
        for size in ([] if args.skip_two else [2]) + sizes:
            times = decision_times(30, ExpertPlayer(seed=1), players=size)
            print(
                f"expert, {size} players: median decision {statistics.median(times) * 1000:.1f} ms, "
                f"90th percentile {sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms, "
                f"max {max(times) * 1000:.1f} ms over {len(times)} decisions"
            )
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
