"""The solver against OpenSpiel's C++ and RLCard's Python, in one process on the same hands.

Prints throughput (calls per second) and ratios, and checks the answers against each
other: it exits with status 1 if a peer disagrees on a ten-card hand. (OpenSpiel's
eleven-card figure is known to be too high on some meld-rich hands; those are counted
and shown, not fatal.)
The peers come with the ``bench`` extra: ``pip install ".[bench]"``; a peer that is not
installed is reported and skipped.

Run:  python benchmarks/compare_peers.py [--hands N]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

import ginrummy  # noqa: E402
from ginrummy import Card, Hand  # noqa: E402
from ginrummy._masks import (  # noqa: E402
    best_partition,
    deadwood_by_set_choices,
    discard_deadwood_with_sets,
)
from ginrummy.solver._melding import _best_melding_of_mask  # noqa: E402


def clear_caches() -> None:
    """Forget every cached answer, so the first pass measures real work."""
    deadwood_by_set_choices.cache_clear()
    discard_deadwood_with_sets.cache_clear()
    best_partition.cache_clear()
    _best_melding_of_mask.cache_clear()


def rate(function: Callable[[Any], object], items: Sequence[Any]) -> float:
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def random_hands(rng: random.Random, count: int, size: int) -> list[Hand]:
    return [Hand.from_mask(sum(1 << i for i in rng.sample(range(52), size))) for _ in range(count)]


def meld_rich_hands(rng: random.Random, count: int, size: int = 10) -> list[Hand]:
    """``size`` of the 16 cards of four consecutive ranks."""
    out = []
    for _ in range(count):
        low = rng.randrange(0, 10)
        pool = [13 * s + r for s in range(4) for r in range(low, low + 4)]
        out.append(Hand.from_mask(sum(1 << i for i in rng.sample(pool, size))))
    return out


def layoff_situations(rng: random.Random, count: int) -> list[tuple[tuple[ginrummy.Meld, ...], Hand]]:
    out: list[tuple[tuple[ginrummy.Meld, ...], Hand]] = []
    while len(out) < count:
        knocker = meld_rich_hands(rng, 1)[0]
        melding = ginrummy.best_melding(knocker)
        if melding.deadwood > 10:
            continue
        rest = [i for i in range(52) if not knocker.mask >> i & 1]
        defender = Hand.from_mask(sum(1 << i for i in rng.sample(rest, 10)))
        out.append((melding.melds, defender))
    return out


def load_openspiel() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def load_rlcard() -> tuple[Any, Any] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    return melding, utils


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000, help="hands per test (RLCard gets a tenth)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.hands
    print(f"machine: {describe()}")
    print(f"ginrummy {ginrummy.__version__}; {n:,} hands per test\n")

    tests = {
        "deadwood, random 10 cards": random_hands(rng, n, 10),
        "deadwood, meld-rich 10 cards": meld_rich_hands(rng, n),
    }
    eleven = random_hands(rng, n, 11)
    situations = layoff_situations(rng, n // 5)

    spiel = load_openspiel()
    rl = load_rlcard()
    if spiel is None:
        print("OpenSpiel: not installed (pip install '.[bench]')")
    if rl is None:
        print("RLCard: not installed (pip install '.[bench]')")

    os_index = {}
    if spiel is not None:
        os_index = {Card.parse(spiel.card_string(i)).index: i for i in range(52)}

    def to_os(hand: Hand) -> list[int]:
        return [os_index[c.index] for c in hand]

    rows: list[tuple[str, float, float | None, float | None]] = []
    disagreements = 0
    for name, hands in tests.items():
        clear_caches()
        ours = rate(ginrummy.deadwood, hands)
        repeated = hands[: n // 10] * 10  # a working set that fits the caches, asked ten times
        warm = rate(ginrummy.deadwood, repeated)
        theirs = None
        if spiel is not None:
            lists = [to_os(h) for h in hands]
            theirs = rate(spiel.min_deadwood, lists)
            mismatches = sum(1 for h, l in zip(hands, lists) if spiel.min_deadwood(l) != ginrummy.deadwood(h))
            print(f"{name}: OpenSpiel disagrees on {mismatches} of {len(hands):,} hands")
            disagreements += mismatches
        rl_rate = None
        if rl is not None:
            melding, utils = rl
            few = hands[: max(1, len(hands) // 10)]
            rl_hands = [[utils.get_card(c.index) for c in h] for h in few]

            def rl_deadwood(cards: list[Any]) -> int:
                best: int = sum(utils.get_deadwood_value(c) for c in cards)
                for cluster in melding.get_meld_clusters(cards):
                    used = {id(c) for meld in cluster for c in meld}
                    best = min(best, sum(utils.get_deadwood_value(c) for c in cards if id(c) not in used))
                return best

            rl_rate = rate(rl_deadwood, rl_hands)
            mismatches = sum(1 for h, r in zip(few, rl_hands) if rl_deadwood(r) != ginrummy.deadwood(h))
            print(f"{name}: RLCard disagrees on {mismatches} of {len(few):,} hands")
            disagreements += mismatches
        rows.append((name + " (distinct hands)", ours, theirs, rl_rate))
        rows.append((name + " (each hand asked 10 times)", warm, theirs, rl_rate))

    clear_caches()
    ours = rate(functools.partial(ginrummy.knock_options, knock_limit=10), eleven)
    theirs = None
    if spiel is not None:
        lists = [to_os(h) for h in eleven]
        theirs = rate(spiel.min_deadwood, lists)
        wrong = sum(1 for h, l in zip(eleven, lists) if spiel.min_deadwood(l) != ginrummy.discard_deadwood(h))
        print(f"11 cards: OpenSpiel's min_deadwood differs from the exact best discard on {wrong} of {len(eleven):,} hands")
        rich = meld_rich_hands(rng, n, size=11)
        differing = [(h, v) for h in rich if (v := spiel.min_deadwood(to_os(h))) != ginrummy.discard_deadwood(h)]
        print(f"11 cards, meld-rich: OpenSpiel's min_deadwood differs on {len(differing)} of {len(rich):,} hands")
        if differing:
            hand, os_value = differing[0]
            best = min((hand.remove(c) for c in hand), key=ginrummy.deadwood)
            print(f"  for example {hand}: OpenSpiel {os_value}, but keeping {best} leaves {ginrummy.best_melding(best)}")
    rows.append(("knock_options, 11 cards vs OpenSpiel 11-card min_deadwood", ours, theirs, None))

    clear_caches()
    layoff_rate = rate(lambda s: ginrummy.best_layoffs(s[0], s[1]), situations)
    rows.append(("best_layoffs, knock situations", layoff_rate, None, None))

    print()
    print(f"{'test':64s} {'ginrummy/s':>12s} {'OpenSpiel/s':>12s} {'ratio':>7s} {'RLCard/s':>10s} {'ratio':>7s}")
    for name, ours, theirs, rl_rate in rows:
        os_text = f"{theirs:12,.0f} {ours / theirs:6.2f}x" if theirs else f"{'-':>12s} {'-':>7s}"
        rl_text = f"{rl_rate:10,.0f} {ours / rl_rate:6.1f}x" if rl_rate else f"{'-':>10s} {'-':>7s}"
        print(f"{name:64s} {ours:12,.0f} {os_text} {rl_text}")
    if disagreements:
        sys.exit(f"{disagreements} ten-card hands where a peer's deadwood differs from ginrummy's")


if __name__ == "__main__":
    main()
