"""Exact count of ten-card gin hands, and the deadwood distribution of dealt hands.

A ten-card hand is gin when it splits into melds; with melds of three or more cards
that means one meld of 10, two melds (3+7, 4+6, 5+5) or three (3+3+4). Enumerating
disjoint meld combinations of those sizes and collecting the distinct unions counts
every gin hand exactly once, without visiting all 15,820,024,220 hands.

Run:  python benchmarks/count_gin.py [--samples N]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from itertools import combinations

from ginrummy import Hand, deadwood
from ginrummy._tables import MELD_IS_RUN


def gin_hands() -> set[int]:
    """The masks of every ten-card hand with no deadwood."""
    by_size: dict[int, list[int]] = {}
    for mask in MELD_IS_RUN:
        by_size.setdefault(mask.bit_count(), []).append(mask)
    found: set[int] = set(by_size.get(10, []))
    for a, b in ((3, 7), (4, 6)):
        for x in by_size[a]:
            for y in by_size[b]:
                if not x & y:
                    found.add(x | y)
    for x, y in combinations(by_size[5], 2):
        if not x & y:
            found.add(x | y)
    for x, y in combinations(by_size[3], 2):
        if x & y:
            continue
        pair = x | y
        for z in by_size[4]:
            if not pair & z:
                found.add(pair | z)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200_000, help="random hands for the deadwood statistics")
    args = parser.parse_args()
    start = time.perf_counter()
    gins = gin_hands()
    total = math.comb(52, 10)
    print(f"gin hands: {len(gins):,} of {total:,} ten-card hands ({time.perf_counter() - start:.1f} s)")
    assert all(deadwood(Hand.from_mask(m)) == 0 for m in list(gins)[:2000])
    rng = random.Random(2026)
    values = [deadwood(Hand.from_mask(sum(1 << i for i in rng.sample(range(52), 10)))) for _ in range(args.samples)]
    print(
        f"least deadwood of {args.samples:,} random dealt hands: mean {statistics.fmean(values):.2f}, "
        f"standard deviation {statistics.pstdev(values):.2f}"
    )


if __name__ == "__main__":
    main()
