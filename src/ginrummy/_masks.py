"""Mask-level solver internals shared by the solver, the engine and the players (private).

Cards are ints with the bit layout of :mod:`ginrummy.cards` (bit ``13 * suit + rank``).
Every function here takes and returns masks; the public wrappers in
:mod:`ginrummy.solver` turn them into :class:`~ginrummy.Melding` and friends.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product

from typing_extensions import TypeAlias

from ._tables import (
    CARD_POINTS,
    KEY_MELD,
    MELD_IS_RUN,
    NO_CARD,
    RUN_MASKS,
    SET_MASKS,
    SUIT_BITS,
    SUIT_DEADWOOD,
    SUIT_DROP_GAIN,
    SUIT_KEY,
    SUIT_RUNS,
    SUIT_UNIQUE,
)

Partition: TypeAlias = "tuple[tuple[int, ...], int]"
"""An arrangement as masks: (melds, deadwood cards)."""

SUIT_SHIFTS = (0, 13, 26, 39)
RANK_COLUMN = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
CACHE_SIZE = 1 << 16


def set_choices(triples: int, mask: int) -> list[int]:
    """Every combination of sets available among the ranks in ``triples``, as masks."""
    choices = [0]
    while triples:
        low = triples & -triples
        r = low.bit_length() - 1
        triples ^= low
        column = RANK_COLUMN[r] & mask
        options = [column] if column.bit_count() == 3 else [column] + [
            column ^ (1 << (13 * s + r)) for s in range(4)
        ]
        choices = [c | o for c in choices for o in options] + choices
    return choices


def rank_triples(mask: int) -> int:
    """The ranks (as bits of one suit) held three or four times."""
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def deadwood_of_mask(mask: int) -> int:
    # Without three cards of a rank no set is possible, and the answer is four table
    # look-ups: cheaper than any cache. Hands with sets go to the cached search.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return deadwood_with_sets(mask)
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]


ENUMERATION_RANKS = 5
"""Ranks holding three or four cards up to which set choices are enumerated (6**5 at most)."""


def deadwood_by_ranks(mask: int, *, discard: bool = False) -> int:
    """Least deadwood by dynamic programming over the ranks, for hands of any size.

    The state is, per suit, the length of the run still open (0, 1, 2, or 3 for a run
    long enough to end), and whether the discard is used. Each card of a rank is
    deadwood, in a set of that rank (three or four such cards), extends its suit's run,
    or (once, when ``discard``) is the discard.
    """
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    options = (0, 1, 2, 3) if discard else (0, 1, 2)
    for rank in range(13):
        present = [mask >> (13 * s + rank) & 1 for s in range(4)]
        points = CARD_POINTS[rank]
        nxt: dict[tuple[int, int, int, int, int], int] = {}
        # Per card: 0 deadwood, 1 in a set, 2 in a run, 3 the discard; absent cards: 0.
        choices = [options if present[s] else (0,) for s in range(4)]
        for state, cost in states.items():
            for assignment in product(*choices):
                in_set = sum(1 for s in range(4) if present[s] and assignment[s] == 1)
                used = state[4] + sum(1 for s in range(4) if present[s] and assignment[s] == 3)
                if in_set not in (0, 3, 4) or used > 1:
                    continue
                new: list[int] = []
                extra = 0
                for s in range(4):
                    open_run = state[s]
                    if present[s] and assignment[s] == 2:
                        new.append(min(open_run + 1, 3))
                        continue
                    if open_run in (1, 2):
                        break  # a run of one or two cards cannot stop here
                    new.append(0)
                    if present[s] and assignment[s] == 0:
                        extra += points
                else:
                    key = (new[0], new[1], new[2], new[3], used)
                    total = cost + extra
                    if total < nxt.get(key, 1 << 30):
                        nxt[key] = total
        states = nxt
    need = 1 if discard and mask else 0
    return min(
        (cost for state, cost in states.items() if state[4] == need and all(k in (0, 3) for k in state[:4])),
        default=NO_CARD,
    )


def deadwood_with_sets(mask: int) -> int:
    triples = rank_triples(mask)
    if not triples & (triples - 1):
        # One rank with three or more cards: when it has exactly three, the only
        # choices are that set or no set, two sums of look-ups; cheaper than the cache.
        column = RANK_COLUMN[triples.bit_length() - 1] & mask
        if column.bit_count() == 3:
            t = SUIT_DEADWOOD
            rest = mask ^ column
            return min(
                t[mask & SUIT_BITS] + t[mask >> 13 & SUIT_BITS] + t[mask >> 26 & SUIT_BITS] + t[mask >> 39],
                t[rest & SUIT_BITS] + t[rest >> 13 & SUIT_BITS] + t[rest >> 26 & SUIT_BITS] + t[rest >> 39],
            )
    return deadwood_by_set_choices(mask)


@lru_cache(maxsize=CACHE_SIZE)
def deadwood_by_set_choices(mask: int) -> int:
    triples = rank_triples(mask)
    if triples.bit_count() > ENUMERATION_RANKS:
        return deadwood_by_ranks(mask)
    table = SUIT_DEADWOOD
    best = table[mask & SUIT_BITS] + table[mask >> 13 & SUIT_BITS] + table[mask >> 26 & SUIT_BITS] + table[mask >> 39]
    for sets in set_choices(triples, mask):
        if sets:
            m = mask ^ sets
            dw = table[m & SUIT_BITS] + table[m >> 13 & SUIT_BITS] + table[m >> 26 & SUIT_BITS] + table[m >> 39]
            if dw < best:
                best = dw
    return best


def points_of(mask: int) -> int:
    """The total card points of ``mask``."""
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def melding_key(melds: tuple[int, ...], deadwood_mask: int) -> tuple[int, int, int, tuple[int, ...]]:
    dw = points_of(deadwood_mask)
    return (dw, deadwood_mask.bit_count(), len(melds), tuple(sorted(melds)))


def melds_within(mask: int) -> list[int]:
    out = [m for m in SET_MASKS if m & mask == m]
    for s in range(4):
        if (mask >> SUIT_SHIFTS[s] & SUIT_BITS).bit_count() >= 3:
            out.extend(m for m in RUN_MASKS[66 * s : 66 * (s + 1)] if m & mask == m)
    return out


def partitions(mask: int, max_deadwood: int | None) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every (melds, deadwood mask) partition of ``mask`` within ``max_deadwood``."""
    melds = melds_within(mask)
    by_low: dict[int, list[int]] = {}
    for m in melds:
        by_low.setdefault(m & -m, []).append(m)
    limit = 10**9 if max_deadwood is None else max_deadwood
    stack: list[int] = []

    def walk(rest: int, dead: int, points: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if not rest:
            yield tuple(stack), dead
            return
        # The lowest remaining card is deadwood or the lowest card of a meld within rest.
        low = rest & -rest
        for m in by_low.get(low, ()):
            if m & rest == m:
                stack.append(m)
                yield from walk(rest ^ m, dead, points)
                stack.pop()
        p = CARD_POINTS[low.bit_length() - 1]
        if points + p <= limit:
            yield from walk(rest ^ low, dead | low, points + p)

    yield from walk(mask, 0, 0)


def unique_best(mask: int) -> Partition | None:
    """The best melding straight from the tables when it is the only one of its key, else ``None``.

    Ties in (deadwood, deadwood cards, melds) are left to the full enumeration, so
    the result is always the one :func:`melding_key` picks.
    """
    key, unique = SUIT_KEY, SUIT_UNIQUE
    best_key, best_sets, clash = -1, 0, False
    triples = rank_triples(mask)
    if triples.bit_count() > ENUMERATION_RANKS:
        return None
    for sets in set_choices(triples, mask) if triples else (0,):
        m = mask ^ sets
        k = (
            key[m & SUIT_BITS] + key[m >> 13 & SUIT_BITS] + key[m >> 26 & SUIT_BITS] + key[m >> 39]
            + KEY_MELD * set_count(sets)
        )
        if best_key < 0 or k < best_key:
            best_key, best_sets, clash = k, sets, False
        elif k == best_key:
            clash = True
    if clash:
        return None
    m = mask ^ best_sets
    melds: list[int] = []
    for shift in SUIT_SHIFTS:
        suit = m >> shift & SUIT_BITS
        if not unique[suit]:
            return None
        melds.extend(run << shift for run in SUIT_RUNS[suit])
    melds.extend(split_sets(best_sets))
    used = best_sets
    for run in melds:
        used |= run
    return tuple(sorted(melds)), mask & ~used


def set_count(sets: int) -> int:
    count = 0
    while sets:
        low = sets & -sets
        rank = (low.bit_length() - 1) % 13
        sets &= ~RANK_COLUMN[rank]
        count += 1
    return count


def split_sets(sets: int) -> list[int]:
    out = []
    while sets:
        low = sets & -sets
        column = RANK_COLUMN[(low.bit_length() - 1) % 13] & sets
        out.append(column)
        sets &= ~column
    return out


@lru_cache(maxsize=CACHE_SIZE)
def best_partition(mask: int) -> Partition:
    """The best (melds, deadwood mask) of ``mask`` in :func:`melding_key` order, melds sorted."""
    fast = unique_best(mask)
    if fast is not None:
        return fast
    least = deadwood_of_mask(mask)
    best = min(partitions(mask, least), key=lambda p: melding_key(*p))
    return tuple(sorted(best[0])), best[1]


def with_best_discard(m: int) -> int:
    """Least run-only deadwood of ``m`` after its best discard (no sets)."""
    dw, gain = SUIT_DEADWOOD, SUIT_DROP_GAIN
    a, b, c, d = m & SUIT_BITS, m >> 13 & SUIT_BITS, m >> 26 & SUIT_BITS, m >> 39
    g = gain[a]
    x = gain[b]
    if x < g:
        g = x
    x = gain[c]
    if x < g:
        g = x
    x = gain[d]
    if x < g:
        g = x
    return dw[a] + dw[b] + dw[c] + dw[d] + g


def discard_deadwood_of_mask(mask: int) -> int:
    # min over discards c of deadwood(mask - c). Without three cards of a rank, it is
    # the four suits' run-only deadwood plus the best single-suit discard gain (the
    # body of with_best_discard, written out: this is knock_options' hot path).
    a, b, c, d = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return discard_deadwood_with_sets(mask)
    gain = SUIT_DROP_GAIN
    g = gain[a]
    x = gain[b]
    if x < g:
        g = x
    x = gain[c]
    if x < g:
        g = x
    x = gain[d]
    if x < g:
        g = x
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d] + g


@lru_cache(maxsize=CACHE_SIZE)
def discard_deadwood_with_sets(mask: int) -> int:
    # Every set choice of the smaller hand is a set choice of the whole, so try each
    # choice S of the whole hand and discard the best card of the rest.
    triples = rank_triples(mask)
    if triples.bit_count() > ENUMERATION_RANKS:
        return deadwood_by_ranks(mask, discard=True)
    best = with_best_discard(mask)
    for sets in set_choices(triples, mask):
        if sets:
            candidate = with_best_discard(mask ^ sets)
            if candidate < best:
                best = candidate
    return best


def knock_discards(mask: int, limit: int, banned: int) -> list[int]:
    """The discards (as bits) that leave at most ``limit`` deadwood, least deadwood first."""
    found: list[tuple[int, int]] = []
    m = mask & ~banned
    while m:
        low = m & -m
        m ^= low
        dw = deadwood_of_mask(mask ^ low)
        if dw <= limit:
            found.append((dw, low))
    found.sort()
    return [low for _, low in found]


def layoff_options(meld: int, defender: int) -> list[tuple[int, tuple[int, ...]]]:
    """For one knocker meld: every (mask, ordered bits) the defender could lay off on it."""
    if not MELD_IS_RUN[meld]:
        if meld.bit_count() == 4:
            return [(0, ())]
        r = (meld & -meld).bit_length() - 1
        fourth = RANK_COLUMN[r % 13] & ~meld
        return [(0, ()), (fourth, (fourth,))] if defender & fourth else [(0, ())]
    low = (meld & -meld).bit_length() - 1
    high = meld.bit_length() - 1
    base = low - low % 13
    down: list[int] = []
    i = low - 1
    while i >= base and defender >> i & 1:
        down.append(1 << i)
        i -= 1
    up: list[int] = []
    i = high + 1
    while i < base + 13 and defender >> i & 1:
        up.append(1 << i)
        i += 1
    options = []
    for k in range(len(down) + 1):
        for j in range(len(up) + 1):
            bits = tuple(down[:k]) + tuple(up[:j])
            options.append((sum(bits), bits))
    return options


def best_layoff_choice(melds: tuple[int, ...], defender: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
    """(least deadwood, laid-off mask, per-meld ordered bits) for the defender."""
    per_meld = [layoff_options(m, defender) for m in melds]
    best_dw = deadwood_of_mask(defender)
    best: tuple[int, int, tuple[tuple[int, ...], ...]] = (best_dw, 0, tuple(() for _ in melds))
    if all(len(o) == 1 for o in per_meld):
        return best
    seen = {0}
    for combo in product(*per_meld):
        union = 0
        clash = False
        for mask, _ in combo:
            if union & mask:
                clash = True
                break
            union |= mask
        if clash or union in seen:
            continue
        seen.add(union)
        dw = deadwood_of_mask(defender ^ union)
        if dw < best[0] or (dw == best[0] and union.bit_count() < best[1].bit_count()):
            best = (dw, union, tuple(bits for _, bits in combo))
    return best


def sequential_layoffs(
    melds: tuple[int, ...], defenders: Iterable[int]
) -> list[tuple[int, int, tuple[tuple[int, ...], ...]]]:
    """Each defender's (deadwood, laid-off mask, per-meld bits), in turn, onto ``melds``
    as extended by the defenders before it (masks; the engine of the n-player showdown)."""
    current = list(melds)
    out = []
    for defender in defenders:
        choice = best_layoff_choice(tuple(current), defender)
        for index, bits in enumerate(choice[2]):
            for bit in bits:
                current[index] |= bit
        out.append(choice)
    return out
