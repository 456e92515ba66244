"""Independent brute-force references for the solver tests.

Written from the rule book without the library's tables: melds are found by
checking card combinations directly, and arrangements by exhaustive recursion.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "shdc"

Card = tuple[int, int]  # (rank 1-13, suit 0-3)


def card_of(text: str) -> Card:
    return (RANKS.index(text[0]) + 1, SUITS.index(text[1]))


def points(card: Card) -> int:
    return min(card[0], 10)


def is_meld(cards: tuple[Card, ...]) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(c[0] for c in cards)
    suits = {c[1] for c in cards}
    if len(set(ranks)) == 1:
        return len(cards) <= 4 and len(suits) == len(cards)
    if len(suits) == 1:
        return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))
    return False


@lru_cache(maxsize=None)
def least_deadwood(cards: frozenset[Card]) -> int:
    """Least deadwood by trying, for the lowest card, deadwood or every meld holding it."""
    if not cards:
        return 0
    first = min(cards)
    rest = cards - {first}
    best = points(first) + least_deadwood(rest)
    others = sorted(rest)
    for size in range(2, len(others) + 1):
        for combo in combinations(others, size):
            if is_meld((first, *combo)):
                best = min(best, least_deadwood(rest - set(combo)))
    return best


def all_melds_count() -> int:
    deck = [(r, s) for r in range(1, 14) for s in range(4)]
    count = 0
    # sets
    for r in range(1, 14):
        same = [c for c in deck if c[0] == r]
        count += sum(1 for k in (3, 4) for _ in combinations(same, k))
    # runs
    for s in range(4):
        for low in range(1, 14):
            for high in range(low + 2, 14):
                count += 1
    return count


def fewest_layoffs(knocker_melds: list[tuple[Card, ...]], defender: frozenset[Card]) -> tuple[int, int]:
    """(least deadwood, fewest cards laid off to reach it): every sequence of single
    layoffs onto the knocker's melds as they grow, then the rest melded."""
    best = (least_deadwood(defender), 0)
    seen: set[tuple[frozenset[Card], tuple[frozenset[Card], ...]]] = set()

    def search(melds: tuple[frozenset[Card], ...], hand: frozenset[Card], laid: int) -> None:
        nonlocal best
        key = (hand, melds)
        if key in seen:  # the same hand left always took the same number of layoffs
            return
        seen.add(key)
        best = min(best, (least_deadwood(hand), laid))
        for card in hand:
            for i, meld in enumerate(melds):
                grown = tuple(sorted(meld | {card}))
                if is_meld(grown):
                    search(melds[:i] + (frozenset(grown),) + melds[i + 1 :], hand - {card}, laid + 1)

    search(tuple(frozenset(m) for m in knocker_melds), defender, 0)
    return best


def layoff_deadwood(knocker_melds: list[tuple[Card, ...]], defender: frozenset[Card]) -> int:
    """Least defender deadwood: try every sequence of single layoffs, then meld the rest."""
    return fewest_layoffs(knocker_melds, defender)[0]


def arrangements(cards: frozenset[Card]) -> list[tuple[list[tuple[Card, ...]], int]]:
    """Every (melds, deadwood points) arrangement of the cards."""
    out: list[tuple[list[tuple[Card, ...]], int]] = []

    def walk(rest: frozenset[Card], melds: list[tuple[Card, ...]], dead: int) -> None:
        if not rest:
            out.append((list(melds), dead))
            return
        first = min(rest)
        others = sorted(rest - {first})
        walk(rest - {first}, melds, dead + points(first))
        for size in range(2, len(others) + 1):
            for combo in combinations(others, size):
                meld = (first, *combo)
                if is_meld(meld):
                    walk(rest - set(meld), [*melds, meld], dead)

    walk(cards, [], 0)
    return out


def hand_points(
    k: int,
    d: int,
    *,
    gin_bonus: int,
    undercut_bonus: int,
    knock_bonus: int,
    undercut_on_tie: bool,
    doubled: bool,
    bonuses_only: bool,
) -> tuple[str, int]:
    """(who scores: "knocker", "defender" or "nobody", points) from the section 1 table."""
    if k == 0:
        who, base, bonus = "knocker", d, gin_bonus
    elif d > k:
        who, base, bonus = "knocker", d - k, knock_bonus
    elif d < k or undercut_on_tie:
        who, base, bonus = "defender", k - d, undercut_bonus
    else:
        return "nobody", 0
    if not doubled:
        return who, base + bonus
    if bonuses_only:
        # Section 2: "bonuses" doubles the gin, big gin and undercut bonuses only.
        knock = k != 0 and who == "knocker"
        return who, base + (bonus if knock else 2 * bonus)
    return who, 2 * (base + bonus)
