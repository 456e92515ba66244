"""Precomputed tables behind the solver (private).

Everything here is built once at import, in a few milliseconds, from the bit
layout documented in :mod:`ginrummy.cards`.
"""

from __future__ import annotations

from typing import Final

SUIT_BITS: Final = 0x1FFF
"""The 13 bits of one suit."""

RANK_POINTS: Final = tuple(min(r + 1, 10) for r in range(13))
CARD_POINTS: Final = tuple(RANK_POINTS[i % 13] for i in range(52))


def _all_melds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    sets: list[int] = []
    for r in range(13):
        four = sum(1 << (13 * s + r) for s in range(4))
        sets.append(four)
        for s in range(4):
            sets.append(four ^ (1 << (13 * s + r)))
    runs: list[int] = []
    for s in range(4):
        for length in range(3, 14):
            for low in range(0, 14 - length):
                runs.append(((1 << length) - 1) << (13 * s + low))
    return tuple(sets), tuple(runs)


SET_MASKS, RUN_MASKS = _all_melds()
MELD_IS_RUN: Final = {m: False for m in SET_MASKS} | {m: True for m in RUN_MASKS}
"""Every one of the 329 melds, mapped to whether it is a run."""

def _suit_deadwood() -> tuple[int, ...]:
    """For every 13-bit suit holding: the least deadwood using runs of that suit only."""
    size = 1 << 13
    dw = [0] * size
    for m in range(1, size):
        low = (m & -m).bit_length() - 1
        best = dw[m ^ (1 << low)] + RANK_POINTS[low]
        block = 1 << low
        length = 1
        while low + length < 13 and m >> (low + length) & 1:
            block |= 1 << (low + length)
            length += 1
            if length >= 3 and dw[m ^ block] < best:
                best = dw[m ^ block]
        dw[m] = best
    return tuple(dw)


SUIT_DEADWOOD: Final = _suit_deadwood()
"""Indexed by a 13-bit suit holding: its least run-only deadwood."""

NO_CARD: Final = 1000
"""Stands for "no card to discard" in :data:`SUIT_DROP`: larger than any deadwood."""


def _suit_drop() -> tuple[int, ...]:
    """For every 13-bit suit holding: least run-only deadwood after discarding one of its cards."""
    out = [NO_CARD] * (1 << 13)
    for m in range(1, 1 << 13):
        best = NO_CARD
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            if SUIT_DEADWOOD[m ^ low] < best:
                best = SUIT_DEADWOOD[m ^ low]
        out[m] = best
    return tuple(out)


SUIT_DROP: Final = _suit_drop()
SUIT_DROP_GAIN: Final = tuple(d - w for d, w in zip(SUIT_DROP, SUIT_DEADWOOD))
"""``SUIT_DROP - SUIT_DEADWOOD``: how a suit's deadwood changes with its best discard."""

# Lexicographic keys packed into one int so that a sum of keys is the key of the sum:
# deadwood points, then deadwood cards, then melds (each total fits its bit field).
KEY_DW: Final = 1 << 12
KEY_CARD: Final = 1 << 6
KEY_MELD: Final = 1


def _suit_best() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[bool, ...]]:
    """For every suit holding: the best run-only key, one best partition, and whether it is the only one."""
    size = 1 << 13
    key = [0] * size
    runs: list[tuple[int, ...]] = [()] * size
    count = [1] * size
    for m in range(1, size):
        low = (m & -m).bit_length() - 1
        bit = 1 << low
        best = key[m ^ bit] + RANK_POINTS[low] * KEY_DW + KEY_CARD
        best_runs = runs[m ^ bit]
        ways = count[m ^ bit]
        block, length = bit, 1
        while low + length < 13 and m >> (low + length) & 1:
            block |= 1 << (low + length)
            length += 1
            if length >= 3:
                k = key[m ^ block] + KEY_MELD
                if k < best:
                    best, best_runs, ways = k, (block, *runs[m ^ block]), count[m ^ block]
                elif k == best:
                    ways += count[m ^ block]
        key[m], runs[m], count[m] = best, best_runs, min(ways, 2)
    return tuple(key), tuple(runs), tuple(c == 1 for c in count)


SUIT_KEY, SUIT_RUNS, SUIT_UNIQUE = _suit_best()
"""Indexed by a suit holding: best (deadwood, cards, melds) key, its runs, and whether it is unique."""

SET_RANK_POINTS: Final = tuple(4 * sum(RANK_POINTS[r] for r in range(13) if t >> r & 1) for t in range(1 << 13))
"""Indexed by a 13-bit set of ranks: the points of four cards of each of those ranks.

Putting cards in sets lowers the run-only deadwood by at most their points, so
run-only deadwood minus this is a lower bound of the deadwood with sets."""
