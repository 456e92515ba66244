"""The optimal meld-and-layoff solver.

* :func:`deadwood` and :func:`best_melding`: the least deadwood of any cards.
* :func:`meldings`: every arrangement of the cards into melds and deadwood.
* :func:`knock_options` and :func:`is_big_gin`: what an 11-card holding may do.
* :func:`best_layoffs`: the defender's optimal melds and layoffs.
* :func:`knocker_melding`: the knocker's best arrangement against a defender.

How it is fast: a suit's 13 bits index a precomputed table of its least run-only
deadwood, so a hand without three cards of a rank costs four table look-ups.
When ranks hold three or four cards, every choice of sets among them is tried,
each again costing four look-ups. Results for a hand are cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

import attrs

from ._tables import (
    CARD_POINTS,
    NO_CARD,
    MELD_IS_RUN,
    RUN_MASKS,
    SET_MASKS,
    SET_RANK_POINTS,
    SUIT_BITS,
    SUIT_DEADWOOD,
    KEY_MELD,
    SUIT_DROP_GAIN,
    SUIT_KEY,
    SUIT_RUNS,
    SUIT_UNIQUE,
)
from .cards import Card, CardsLike, Hand, _mask_of
from .errors import InvalidHandError, InvalidMeldError, RulesError
from .melds import Meld, MeldLike, _as_meld

if TYPE_CHECKING:  # the rules sit above the solver; only their type is needed here
    from .rules import Rules

__all__ = [
    "MAX_MELDING_CARDS",
    "MAX_MELDINGS_CARDS",
    "KnockOption",
    "Layoff",
    "LayoffPlan",
    "Melding",
    "best_layoffs",
    "best_melding",
    "deadwood",
    "discard_deadwood",
    "is_big_gin",
    "knock_options",
    "knocker_melding",
    "layoff_deadwood",
    "meldings",
]

_SUIT_SHIFTS = (0, 13, 26, 39)
_RANK_COLUMN = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
_CACHE_SIZE = 1 << 16


def _set_choices(triples: int, mask: int) -> list[int]:
    """Every combination of sets available among the ranks in ``triples``, as masks."""
    choices = [0]
    while triples:
        low = triples & -triples
        r = low.bit_length() - 1
        triples ^= low
        column = _RANK_COLUMN[r] & mask
        options = [column] if column.bit_count() == 3 else [column] + [
            column ^ (1 << (13 * s + r)) for s in range(4)
        ]
        choices = [c | o for c in choices for o in options] + choices
    return choices


def _triples(mask: int) -> int:
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def _deadwood_of_mask(mask: int) -> int:
    # Without three cards of a rank no set is possible, and the answer is four table
    # look-ups: cheaper than any cache. Hands with sets go to the cached search.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return _deadwood_with_sets(mask)
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]


MAX_MELDING_CARDS = 20
"""The most cards :func:`ginrummy.best_melding` and :func:`ginrummy.knocker_melding` accept."""
MAX_MELDINGS_CARDS = 16
"""The most cards :func:`ginrummy.meldings` accepts (it lists every arrangement)."""

_ENUMERATION_RANKS = 5
"""Ranks holding three or four cards up to which set choices are enumerated (6**5 at most)."""


def _deadwood_by_ranks(mask: int, *, discard: bool = False) -> int:
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


def _deadwood_with_sets(mask: int) -> int:
    triples = _triples(mask)
    if not triples & (triples - 1):
        # One rank with three or more cards: when it has exactly three, the only
        # choices are that set or no set, two sums of look-ups; cheaper than the cache.
        column = _RANK_COLUMN[triples.bit_length() - 1] & mask
        if column.bit_count() == 3:
            t = SUIT_DEADWOOD
            rest = mask ^ column
            return min(
                t[mask & SUIT_BITS] + t[mask >> 13 & SUIT_BITS] + t[mask >> 26 & SUIT_BITS] + t[mask >> 39],
                t[rest & SUIT_BITS] + t[rest >> 13 & SUIT_BITS] + t[rest >> 26 & SUIT_BITS] + t[rest >> 39],
            )
    return _deadwood_by_set_choices(mask)


@lru_cache(maxsize=_CACHE_SIZE)
def _deadwood_by_set_choices(mask: int) -> int:
    triples = _triples(mask)
    if triples.bit_count() > _ENUMERATION_RANKS:
        return _deadwood_by_ranks(mask)
    table = SUIT_DEADWOOD
    best = table[mask & SUIT_BITS] + table[mask >> 13 & SUIT_BITS] + table[mask >> 26 & SUIT_BITS] + table[mask >> 39]
    for sets in _set_choices(triples, mask):
        if sets:
            m = mask ^ sets
            dw = table[m & SUIT_BITS] + table[m >> 13 & SUIT_BITS] + table[m >> 26 & SUIT_BITS] + table[m >> 39]
            if dw < best:
                best = dw
    return best


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of exactly these cards, over every arrangement into melds.

    Works for any number of cards.

    >>> deadwood("As 2s 3s 4h 4d 4c 9h 9d Kc Qd")
    38
    >>> deadwood(Hand.parse("As 2s 3s Js Ac 2c Jc 2d Jd Ah"))
    3
    """
    mask = cards._mask if type(cards) is Hand else _mask_of(cards)
    # _deadwood_of_mask written out: this function is the library's hottest entry point.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return _deadwood_with_sets(mask)
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += CARD_POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def _melding_key(melds: tuple[int, ...], deadwood_mask: int) -> tuple[int, int, int, tuple[int, ...]]:
    dw = _points(deadwood_mask)
    return (dw, deadwood_mask.bit_count(), len(melds), tuple(sorted(melds)))


@attrs.frozen
class Melding:
    """One arrangement of cards: the melds and the cards left over (deadwood).

    Built by :func:`best_melding` and :func:`meldings`; :meth:`from_melds` checks
    an arrangement given by a player.
    """

    melds: tuple[Meld, ...]
    """The melds, ordered by :attr:`Meld.mask`."""
    deadwood_cards: Hand
    """The cards in no meld."""

    @property
    def deadwood(self) -> int:
        """Total points of :attr:`deadwood_cards`."""
        return self.deadwood_cards.value

    @property
    def cards(self) -> Hand:
        """Every card of the arrangement."""
        mask = self.deadwood_cards.mask
        for meld in self.melds:
            mask |= meld.mask
        return Hand.from_mask(mask)

    @classmethod
    def from_melds(cls, cards: CardsLike, melds: Iterable[MeldLike]) -> Melding:
        """The arrangement of ``cards`` that lays out ``melds`` (melds, meld text or their cards).

        Raises :class:`~ginrummy.InvalidMeldError` if a meld is invalid, if two
        melds share a card, or if a meld holds a card that is not in ``cards``.
        """
        mask = _mask_of(cards)
        used = 0
        out: list[Meld] = []
        if isinstance(melds, (str, Meld)):
            raise TypeError("melds must be an iterable of melds, not a single meld or string")
        for item in melds:
            meld = _as_meld(item)
            if meld.mask & used:
                raise InvalidMeldError(f"meld {meld} shares a card with another meld")
            if meld.mask & ~mask:
                missing = Hand.from_mask(meld.mask & ~mask)
                raise InvalidMeldError(f"meld {meld} uses {missing}, which is not in the hand {Hand.from_mask(mask)}")
            used |= meld.mask
            out.append(meld)
        out.sort()
        return cls(tuple(out), Hand.from_mask(mask & ~used))

    def sort_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """The documented order of arrangements: least deadwood, fewest deadwood
        cards, fewest melds, then the melds' masks in ascending order."""
        return _melding_key(tuple(m.mask for m in self.melds), self.deadwood_cards.mask)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.deadwood_cards:
            parts.append(f"deadwood {self.deadwood_cards} ({self.deadwood})")
        else:
            parts.append("deadwood 0")
        return " ".join(parts)


def _melds_within(mask: int) -> list[int]:
    out = [m for m in SET_MASKS if m & mask == m]
    for s in range(4):
        if (mask >> _SUIT_SHIFTS[s] & SUIT_BITS).bit_count() >= 3:
            out.extend(m for m in RUN_MASKS[66 * s : 66 * (s + 1)] if m & mask == m)
    return out


def _partitions(mask: int, max_deadwood: int | None) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every (melds, deadwood mask) partition of ``mask`` within ``max_deadwood``."""
    melds = _melds_within(mask)
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


def _melding_from(melds: tuple[int, ...], dead: int) -> Melding:
    return Melding(tuple(Meld._trusted(m) for m in sorted(melds)), Hand.from_mask(dead))


def _unique_best(mask: int) -> Melding | None:
    """The best melding straight from the tables when it is the only one of its key, else ``None``.

    Ties in (deadwood, deadwood cards, melds) are left to the full enumeration, so
    the result is always the one :meth:`Melding.sort_key` picks.
    """
    key, unique = SUIT_KEY, SUIT_UNIQUE
    best_key, best_sets, clash = -1, 0, False
    triples = _triples(mask)
    if triples.bit_count() > _ENUMERATION_RANKS:
        return None
    for sets in _set_choices(triples, mask) if triples else (0,):
        m = mask ^ sets
        k = (
            key[m & SUIT_BITS] + key[m >> 13 & SUIT_BITS] + key[m >> 26 & SUIT_BITS] + key[m >> 39]
            + KEY_MELD * _set_count(sets)
        )
        if best_key < 0 or k < best_key:
            best_key, best_sets, clash = k, sets, False
        elif k == best_key:
            clash = True
    if clash:
        return None
    m = mask ^ best_sets
    melds: list[int] = []
    for shift in _SUIT_SHIFTS:
        suit = m >> shift & SUIT_BITS
        if not unique[suit]:
            return None
        melds.extend(run << shift for run in SUIT_RUNS[suit])
    melds.extend(_split_sets(best_sets))
    used = best_sets
    for run in melds:
        used |= run
    return _melding_from(tuple(melds), mask & ~used)


def _set_count(sets: int) -> int:
    count = 0
    while sets:
        low = sets & -sets
        rank = (low.bit_length() - 1) % 13
        sets &= ~_RANK_COLUMN[rank]
        count += 1
    return count


def _split_sets(sets: int) -> list[int]:
    out = []
    while sets:
        low = sets & -sets
        column = _RANK_COLUMN[(low.bit_length() - 1) % 13] & sets
        out.append(column)
        sets &= ~column
    return out


@lru_cache(maxsize=_CACHE_SIZE)
def _best_melding_of_mask(mask: int) -> Melding:
    fast = _unique_best(mask)
    if fast is not None:
        return fast
    least = _deadwood_of_mask(mask)
    best = min(_partitions(mask, least), key=lambda p: _melding_key(*p))
    return _melding_from(*best)


def best_melding(cards: CardsLike) -> Melding:
    """The arrangement with the least deadwood.

    Ties are broken deterministically by :meth:`Melding.sort_key`: fewest deadwood
    cards, then fewest melds (longer melds), then the lowest meld masks.

    >>> print(best_melding("As 2s 3s 4s 7h 7d 7c Kc Qd 2h"))
    [As 2s 3s 4s] [7h 7d 7c] deadwood 2h Qd Kc (22)
    """
    mask = _mask_of(cards)
    _check_size(mask, MAX_MELDING_CARDS, "best_melding")
    return _best_melding_of_mask(mask)


def _check_size(mask: int, limit: int, what: str) -> None:
    if mask.bit_count() > limit:
        raise InvalidHandError(
            f"{what} takes at most {limit} cards (the number of arrangements grows too fast beyond), "
            f"got {mask.bit_count()}"
        )


def meldings(cards: CardsLike, *, max_deadwood: int | None = None) -> tuple[Melding, ...]:
    """Every arrangement of the cards into disjoint melds and deadwood.

    Arrangements are in :meth:`Melding.sort_key` order, least deadwood first, so the
    first is :func:`best_melding`. ``max_deadwood`` keeps only arrangements within
    that many points (a knock limit, say).

    >>> [m.deadwood for m in meldings("5s 6s 7s 5h 5d")]
    [10, 13, 28]
    """
    if max_deadwood is not None and (isinstance(max_deadwood, bool) or not isinstance(max_deadwood, int)):
        raise TypeError(f"max_deadwood must be an int or None, not {type(max_deadwood).__name__}")
    mask = _mask_of(cards)
    _check_size(mask, MAX_MELDINGS_CARDS, "meldings")
    found = sorted(_partitions(mask, max_deadwood), key=lambda p: _melding_key(*p))
    return tuple(_melding_from(*p) for p in found)


def _with_best_discard(m: int) -> int:
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


def _discard_deadwood_of_mask(mask: int) -> int:
    # min over discards c of deadwood(mask - c). Without three cards of a rank, it is
    # the four suits' run-only deadwood plus the best single-suit discard gain (the
    # body of _with_best_discard, written out: this is knock_options' hot path).
    a, b, c, d = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return _discard_deadwood_with_sets(mask)
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


@lru_cache(maxsize=_CACHE_SIZE)
def _discard_deadwood_with_sets(mask: int) -> int:
    # Every set choice of the smaller hand is a set choice of the whole, so try each
    # choice S of the whole hand and discard the best card of the rest.
    triples = _triples(mask)
    if triples.bit_count() > _ENUMERATION_RANKS:
        return _deadwood_by_ranks(mask, discard=True)
    best = _with_best_discard(mask)
    for sets in _set_choices(triples, mask):
        if sets:
            candidate = _with_best_discard(mask ^ sets)
            if candidate < best:
                best = candidate
    return best


def discard_deadwood(cards: CardsLike, *, excluded: CardsLike = ()) -> int:
    """The least deadwood left after discarding the best one of ``cards``.

    This is the deadwood a player holding 11 cards could knock with. ``excluded``
    cards may not be the discard. Exact over every discard.

    >>> discard_deadwood("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h")
    0
    """
    mask = _mask_of(cards)
    if not mask:
        raise InvalidHandError("discard_deadwood needs at least one card to discard, got none")
    banned = _mask_of(excluded, what="excluded") if excluded != () else 0
    if not banned:
        return _discard_deadwood_of_mask(mask)
    allowed = mask & ~banned
    if not allowed:
        raise InvalidHandError(f"every card of {Hand.from_mask(mask)} is excluded: nothing can be discarded")
    best = NO_CARD
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        best = min(best, _deadwood_of_mask(mask ^ low))
    return best


@attrs.frozen
class KnockOption:
    """One legal knock: the card discarded face down and the arrangement of the other ten."""

    discard: Card
    """The knock discard."""
    melding: Melding
    """The least-deadwood arrangement of the kept cards."""

    @property
    def deadwood(self) -> int:
        """Deadwood of the kept cards."""
        return self.melding.deadwood

    @property
    def is_gin(self) -> bool:
        """True for a knock with no deadwood."""
        return self.melding.deadwood == 0


def _check_limit(knock_limit: int) -> None:
    if isinstance(knock_limit, bool) or not isinstance(knock_limit, int):
        raise TypeError(f"knock_limit must be an int, not {type(knock_limit).__name__}")
    if not 0 <= knock_limit <= 10:
        raise RulesError(f"knock_limit={knock_limit!r} is not allowed: expected 0-10")


def knock_options(
    cards: CardsLike, *, knock_limit: int, excluded: CardsLike = ()
) -> tuple[KnockOption, ...]:
    """Every legal knock from an 11-card holding, least deadwood first.

    Each discard is tried in turn (the exact way: dropping the highest deadwood
    card of the best 11-card melding misses some gins). ``excluded`` holds cards
    that may not be the knock discard, such as the card just taken from the pile.

    >>> [str(o.discard) for o in knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=0)]
    ['3s']
    """
    if type(knock_limit) is not int or not 0 <= knock_limit <= 10:
        _check_limit(knock_limit)
    mask = cards._mask if type(cards) is Hand else _mask_of(cards)
    if mask.bit_count() != 11:
        raise InvalidHandError(
            f"knock_options needs 11 cards (10 kept and the discard), got {mask.bit_count()}: {Hand.from_mask(mask)}"
        )
    # A discard lowers deadwood by at most its value (10 at most), and sets lower the
    # run-only deadwood by at most their points: when even that lower bound is over the
    # limit, no knock exists. This settles the usual hand in one pass.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    runs_only = SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]
    if runs_only - SET_RANK_POINTS[(a & b & (c | d)) | (c & d & (a | b))] > knock_limit + 10:
        return ()
    if _discard_deadwood_of_mask(mask) > knock_limit:
        return ()
    banned = _mask_of(excluded, what="excluded")
    return tuple(
        KnockOption(Card.from_index(low.bit_length() - 1), _best_melding_of_mask(mask ^ low))
        for low in _knock_discards(mask, knock_limit, banned)
    )


def _knock_discards(mask: int, limit: int, banned: int) -> list[int]:
    """The discards (as bits) that leave at most ``limit`` deadwood, least deadwood first."""
    found: list[tuple[int, int]] = []
    m = mask & ~banned
    while m:
        low = m & -m
        m ^= low
        dw = _deadwood_of_mask(mask ^ low)
        if dw <= limit:
            found.append((dw, low))
    found.sort()
    return [low for _, low in found]


def is_big_gin(cards: CardsLike) -> bool:
    """True when all 11 cards form melds (big gin).

    >>> is_big_gin("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc")
    True
    """
    mask = _mask_of(cards)
    if mask.bit_count() != 11:
        raise InvalidHandError(f"big gin needs 11 cards, got {mask.bit_count()}: {Hand.from_mask(mask)}")
    return _deadwood_of_mask(mask) == 0


@attrs.frozen
class Layoff:
    """A defender's card laid off on one of the knocker's melds."""

    card: Card
    """The card laid off."""
    target: int
    """Index of the knocker meld it extends (in the order the melds were given)."""


@attrs.frozen
class LayoffPlan:
    """The defender's optimal response to a knock: own melds, layoffs and deadwood."""

    melds: tuple[Meld, ...]
    """The defender's own melds."""
    layoffs: tuple[Layoff, ...]
    """The layoffs, in an order in which each one is legal when played."""
    deadwood_cards: Hand
    """The cards left in neither a meld nor a layoff."""
    knocker_melds: tuple[Meld, ...]
    """The knocker's melds as given, before layoffs."""

    @property
    def deadwood(self) -> int:
        """The defender's deadwood after melds and layoffs."""
        return self.deadwood_cards.value

    @property
    def extended_melds(self) -> tuple[Meld, ...]:
        """The knocker's melds after the layoffs."""
        masks = [m.mask for m in self.knocker_melds]
        for layoff in self.layoffs:
            masks[layoff.target] |= layoff.card.mask
        return tuple(Meld._trusted(m) for m in masks)


def _layoff_options(meld: int, defender: int) -> list[tuple[int, tuple[int, ...]]]:
    """For one knocker meld: every (mask, ordered bits) the defender could lay off on it."""
    if not MELD_IS_RUN[meld]:
        if meld.bit_count() == 4:
            return [(0, ())]
        r = (meld & -meld).bit_length() - 1
        fourth = _RANK_COLUMN[r % 13] & ~meld
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


def _best_layoff_choice(melds: tuple[int, ...], defender: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
    """(least deadwood, laid-off mask, per-meld ordered bits) for the defender."""
    per_meld = [_layoff_options(m, defender) for m in melds]
    best_dw = _deadwood_of_mask(defender)
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
        dw = _deadwood_of_mask(defender ^ union)
        if dw < best[0] or (dw == best[0] and union.bit_count() < best[1].bit_count()):
            best = (dw, union, tuple(bits for _, bits in combo))
    return best


def _knocker_masks(knocker_melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    if isinstance(knocker_melds, (str, Meld)):
        raise TypeError("knocker melds must be an iterable of melds, not a single meld or string")
    out: list[Meld] = []
    used = 0
    for item in knocker_melds:
        meld = _as_meld(item)
        if meld.mask & used:
            raise InvalidMeldError(f"knocker meld {meld} shares a card with another knocker meld")
        used |= meld.mask
        out.append(meld)
    return tuple(out)


def layoff_deadwood(knocker_melds: Iterable[MeldLike], defender_cards: CardsLike) -> int:
    """The defender's least deadwood after own melds and layoffs (the number only)."""
    melds = _knocker_masks(knocker_melds)
    defender = _mask_of(defender_cards, what="defender cards")
    _check_disjoint(melds, defender)
    return _best_layoff_choice(tuple(m.mask for m in melds), defender)[0]


def _check_disjoint(melds: tuple[Meld, ...], defender: int) -> None:
    for meld in melds:
        if meld.mask & defender:
            raise InvalidHandError(
                f"the defender holds {Hand.from_mask(meld.mask & defender)}, which is in the knocker meld {meld}"
            )


def best_layoffs(knocker_melds: Iterable[MeldLike], defender_cards: CardsLike) -> LayoffPlan:
    """The defender's own melds and layoffs that leave the least deadwood.

    Layoffs chain (a laid-off card extends the meld for the next), a card that fits
    two knocker melds is tried on each, and the defender's own melds are broken
    when laying off their cards is better. Ties prefer fewer layoffs.

    >>> plan = best_layoffs(["Ks Kc Kd", "5s 6s 7s", "9c Tc Jc"], "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d")
    >>> [str(l.card) for l in plan.layoffs], plan.deadwood
    (['8s', '9s', '8c', '7c'], 9)
    """
    melds = _knocker_masks(knocker_melds)
    defender = _mask_of(defender_cards, what="defender cards")
    _check_size(defender, MAX_MELDING_CARDS, "best_layoffs")
    _check_disjoint(melds, defender)
    _, laid, per_meld = _best_layoff_choice(tuple(m.mask for m in melds), defender)
    own = _best_melding_of_mask(defender ^ laid)
    layoffs = tuple(
        Layoff(Card.from_index(bit.bit_length() - 1), target)
        for target, bits in enumerate(per_meld)
        for bit in bits
    )
    return LayoffPlan(own.melds, layoffs, own.deadwood_cards, melds)


def knocker_melding(
    knocker_cards: CardsLike,
    defender_cards: CardsLike,
    *,
    rules: Rules | None = None,
    upcard: Card | None = None,
) -> Melding:
    """The knocker's automatic arrangement (RULES.md ruling 5).

    Among the arrangements with the least deadwood, the one after which the
    defender's optimal melds and layoffs leave the most deadwood. Every rule set
    prices a hand so that more defender deadwood is never worse for the knocker,
    so the choice does not depend on the rules. With no deadwood (gin) nothing
    may be laid off and :func:`best_melding` is returned. When ``rules`` and
    ``upcard`` are given, a knocker over the knock limit raises
    :class:`~ginrummy.InvalidHandError`.

    >>> print(knocker_melding("As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"))
    [5s 5d 5c] [6s 6d 6c] [7s 7d 7c] deadwood As (1)
    """
    mask = _mask_of(knocker_cards, what="knocker cards")
    defender = _mask_of(defender_cards, what="defender cards")
    _check_size(mask, MAX_MELDING_CARDS, "knocker_melding")
    _check_size(defender, MAX_MELDING_CARDS, "knocker_melding")
    if mask & defender:
        raise InvalidHandError(
            f"knocker and defender share {Hand.from_mask(mask & defender)}: a card can be in one hand only"
        )
    least = _deadwood_of_mask(mask)
    if rules is not None and upcard is not None and least > rules.knock_limit_for(upcard):
        raise InvalidHandError(
            f"the knocker's deadwood is {least} ({_best_melding_of_mask(mask).deadwood_cards}), "
            f"over the knock limit {rules.knock_limit_for(upcard)}"
        )
    if least == 0:
        return _best_melding_of_mask(mask)
    candidates = sorted(_partitions(mask, least), key=lambda p: _melding_key(*p))
    best = candidates[0]
    best_dw = -1
    for melds, dead in candidates:
        if _melding_key(melds, dead)[0] != least:
            continue
        dw = _best_layoff_choice(melds, defender)[0]
        if dw > best_dw:
            best, best_dw = (melds, dead), dw
    return _melding_from(*best)

