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

from collections.abc import Iterable
from functools import lru_cache

import attrs

from ._masks import (
    CACHE_SIZE,
    best_layoff_choice,
    best_partition,
    deadwood_of_mask,
    deadwood_with_sets,
    discard_deadwood_of_mask,
    knock_discards,
    melding_key,
    partitions,
)
from ._tables import NO_CARD, SET_RANK_POINTS, SUIT_BITS, SUIT_DEADWOOD
from .cards import Card, CardsLike, Hand, _mask_of
from .errors import InvalidHandError, InvalidMeldError, RulesError, RulesTypeError, WrongTypeError, _shown
from .melds import Meld, MeldLike, _as_melds
from ._price import knocker_layout
from .rules import Rules, _require_rules


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


MAX_MELDING_CARDS = 20
"""The most cards :func:`ginrummy.best_melding` and :func:`ginrummy.knocker_melding` accept."""
MAX_MELDINGS_CARDS = 16
"""The most cards :func:`ginrummy.meldings` accepts (it lists every arrangement)."""


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of exactly these cards, over every arrangement into melds.

    Works for any number of cards.

    >>> deadwood("As 2s 3s 4h 4d 4c 9h 9d Kc Qd")
    38
    >>> deadwood(Hand.parse("As 2s 3s Js Ac 2c Jc 2d Jd Ah"))
    3
    """
    mask = cards._mask if type(cards) is Hand else _mask_of(cards)
    # deadwood_of_mask written out: this function is the library's hottest entry point.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    if (a & b & (c | d)) | (c & d & (a | b)):
        return deadwood_with_sets(mask)
    return SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]



def _sorted_melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(sorted(_as_melds(value)))


def _given_melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(_as_melds(value, "knocker_melds"))


def _as_hand(value: CardsLike) -> Hand:
    return value if type(value) is Hand else Hand(value)


def _check_apart(what: str, melds: Iterable[Meld], used: int = 0) -> int:
    """Raise :class:`InvalidMeldError` if two of ``melds`` share a card, or one uses a card in ``used``."""
    for meld in melds:
        if meld.mask & used:
            raise InvalidMeldError(
                f"{what}: meld {meld} shares {Hand.from_mask(meld.mask & used)} with another meld or the deadwood cards"
            )
        used |= meld.mask
    return used


@attrs.frozen
class Melding:
    """One arrangement of cards: the melds and the cards left over (deadwood).

    Built by :func:`best_melding` and :func:`meldings`; :meth:`from_melds` checks
    an arrangement given by a player. Built directly, the melds may be given as
    :data:`~ginrummy.melds.MeldLike` values in any order and the deadwood as any
    cards; a card in two parts raises :class:`~ginrummy.InvalidMeldError`.

    >>> print(Melding(["7h 7d 7c", "As 2s 3s"], "Kd"))
    [As 2s 3s] [7h 7d 7c] deadwood Kd (10)
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_sorted_melds)
    """The melds, ordered by :attr:`Meld.mask`."""
    deadwood_cards: Hand = attrs.field(converter=_as_hand)
    """The cards in no meld."""

    def __attrs_post_init__(self) -> None:
        _check_apart("Melding", self.melds, self.deadwood_cards.mask)

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
        for meld in _as_melds(melds):
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
        return melding_key(tuple(m.mask for m in self.melds), self.deadwood_cards.mask)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.deadwood_cards:
            parts.append(f"deadwood {self.deadwood_cards} ({self.deadwood})")
        else:
            parts.append("deadwood 0")
        return " ".join(parts)


def _melding_from(melds: tuple[int, ...], dead: int) -> Melding:
    # The solver's own arrangements are valid by construction: skip the checks.
    melding = _new(Melding)
    _set(melding, "melds", tuple(Meld._trusted(m) for m in sorted(melds)))
    _set(melding, "deadwood_cards", Hand.from_mask(dead))
    return melding


_new = object.__new__
_set = object.__setattr__


@lru_cache(maxsize=CACHE_SIZE)
def _best_melding_of_mask(mask: int) -> Melding:
    return _melding_from(*best_partition(mask))



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
        raise WrongTypeError(f"max_deadwood must be an int or None, not {type(max_deadwood).__name__}: {_shown(max_deadwood)}")
    mask = _mask_of(cards)
    _check_size(mask, MAX_MELDINGS_CARDS, "meldings")
    found = sorted(partitions(mask, max_deadwood), key=lambda p: melding_key(*p))
    return tuple(_melding_from(*p) for p in found)


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
        return discard_deadwood_of_mask(mask)
    allowed = mask & ~banned
    if not allowed:
        raise InvalidHandError(f"every card of {Hand.from_mask(mask)} is excluded: nothing can be discarded")
    best = NO_CARD
    while allowed:
        low = allowed & -allowed
        allowed ^= low
        best = min(best, deadwood_of_mask(mask ^ low))
    return best


@attrs.frozen
class KnockOption:
    """One legal knock: the card discarded face down and the arrangement of the other ten.

    Built directly, it is checked: the discard must not be among the kept cards, which
    number 10 (7 with three or four players), or :class:`~ginrummy.InvalidHandError`.
    """

    discard: Card
    """The knock discard."""
    melding: Melding
    """The least-deadwood arrangement of the kept cards."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.discard, Card):
            raise WrongTypeError(f"KnockOption.discard must be a Card, not {type(self.discard).__name__}: {_shown(self.discard)}")
        if not isinstance(self.melding, Melding):
            raise WrongTypeError(f"KnockOption.melding must be a Melding, not {type(self.melding).__name__}: {_shown(self.melding)}")
        kept = self.melding.cards
        if self.discard in kept:
            raise InvalidHandError(f"the knock discard {self.discard} is also among the kept cards {kept}")
        if len(kept) not in (7, 10):
            raise InvalidHandError(f"a knock keeps 10 cards (7 with three or four players), not {len(kept)}: {kept}")

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
        raise RulesTypeError(f"knock_limit must be an int, not {type(knock_limit).__name__}: {_shown(knock_limit)}")
    if not 0 <= knock_limit <= 10:
        raise RulesError(f"knock_limit={_shown(knock_limit)} is not allowed: expected 0-10")


def knock_options(
    cards: CardsLike, *, knock_limit: int, excluded: CardsLike = ()
) -> tuple[KnockOption, ...]:
    """Every legal knock from a holding after the draw (11 cards, or 8 with three or four players), least deadwood first.

    Each discard is tried in turn (the exact way: dropping the highest deadwood
    card of the best 11-card melding misses some gins). ``excluded`` holds cards
    of the holding that may not be the knock discard, such as the card just taken
    from the pile; a card of ``excluded`` that the holding lacks raises
    :class:`~ginrummy.InvalidHandError`.

    >>> [str(o.discard) for o in knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=0)]
    ['3s']
    """
    if type(knock_limit) is not int or not 0 <= knock_limit <= 10:
        _check_limit(knock_limit)
    mask = cards._mask if type(cards) is Hand else _mask_of(cards)
    if mask.bit_count() not in (8, 11):
        raise InvalidHandError(
            f"knock_options needs 11 cards (10 kept and the discard), or 8 with three or four players; "
            f"got {mask.bit_count()}: {Hand.from_mask(mask)}"
        )
    # A discard lowers deadwood by at most its value (10 at most), and sets lower the
    # run-only deadwood by at most their points: when even that lower bound is over the
    # limit, no knock exists. This settles the usual hand in one pass.
    a = mask & SUIT_BITS
    b = mask >> 13 & SUIT_BITS
    c = mask >> 26 & SUIT_BITS
    d = mask >> 39
    runs_only = SUIT_DEADWOOD[a] + SUIT_DEADWOOD[b] + SUIT_DEADWOOD[c] + SUIT_DEADWOOD[d]
    banned = 0 if type(excluded) is tuple and not excluded else _mask_of(excluded, what="excluded")
    if banned & ~mask:
        raise InvalidHandError(
            f"excluded names {Hand.from_mask(banned & ~mask)}, not in the holding {Hand.from_mask(mask)}:"
            " expected cards of the holding that may not be the knock discard"
        )
    if runs_only - SET_RANK_POINTS[(a & b & (c | d)) | (c & d & (a | b))] > knock_limit + 10:
        return ()
    if discard_deadwood_of_mask(mask) > knock_limit:
        return ()
    return tuple(
        _knock_option(Card.from_index(low.bit_length() - 1), _best_melding_of_mask(mask ^ low))
        for low in knock_discards(mask, knock_limit, banned)
    )


def _knock_option(discard: Card, melding: Melding) -> KnockOption:
    option = _new(KnockOption)
    _set(option, "discard", discard)
    _set(option, "melding", melding)
    return option



def is_big_gin(cards: CardsLike) -> bool:
    """True when all 11 cards (8 with three or four players) form melds (big gin).

    >>> is_big_gin("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc")
    True
    """
    mask = _mask_of(cards)
    if mask.bit_count() not in (8, 11):
        raise InvalidHandError(f"big gin needs 11 cards (8 with three or four players), got {mask.bit_count()}: {Hand.from_mask(mask)}")
    return deadwood_of_mask(mask) == 0


@attrs.frozen
class Layoff:
    """A defender's card laid off on one of the knocker's melds."""

    card: Card
    """The card laid off."""
    target: int
    """Index of the knocker meld it extends (in the order the melds were given)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise WrongTypeError(f"Layoff.card must be a Card, not {type(self.card).__name__}: {_shown(self.card)}")
        if isinstance(self.target, bool) or not isinstance(self.target, int):
            raise WrongTypeError(f"Layoff.target must be the index of a knocker meld, not {_shown(self.target)}")


def _layoff_tuple(value: Iterable[Layoff]) -> tuple[Layoff, ...]:
    if isinstance(value, (str, Layoff)) or not isinstance(value, Iterable):
        raise WrongTypeError(f"LayoffPlan.layoffs must be an iterable of Layoff values, not {type(value).__name__}: {_shown(value)}")
    out = tuple(value)
    for layoff in out:
        if not isinstance(layoff, Layoff):
            raise WrongTypeError(f"LayoffPlan.layoffs must hold Layoff values, not {type(layoff).__name__}: {_shown(layoff)}")
    return out


@attrs.frozen
class LayoffPlan:
    """The defender's optimal response to a knock: own melds, layoffs and deadwood.

    Built directly, it is checked: no card in two parts, and every layoff fits its
    knocker meld when played in the order given (after the layoffs before it), or
    :class:`~ginrummy.InvalidMeldError`.
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_sorted_melds)
    """The defender's own melds."""
    layoffs: tuple[Layoff, ...] = attrs.field(converter=_layoff_tuple)
    """The layoffs, in an order in which each one is legal when played."""
    deadwood_cards: Hand = attrs.field(converter=_as_hand)
    """The cards left in neither a meld nor a layoff."""
    knocker_melds: tuple[Meld, ...] = attrs.field(converter=_given_melds)
    """The knocker's melds as given, before layoffs."""

    def __attrs_post_init__(self) -> None:
        used = _check_apart("LayoffPlan", self.melds, self.deadwood_cards.mask)
        used = _check_apart("LayoffPlan", self.knocker_melds, used)
        extended = list(self.knocker_melds)
        for layoff in self.layoffs:
            if not 0 <= layoff.target < len(extended):
                expected = f"expected 0-{len(extended) - 1}" if extended else "the plan has no knocker melds"
                raise InvalidMeldError(f"layoff of {layoff.card} targets knocker meld {layoff.target}: {expected}")
            if layoff.card.mask & used:
                raise InvalidMeldError(f"layoff of {layoff.card}: the card is already in a meld, the deadwood or another layoff")
            extended[layoff.target] = extended[layoff.target].extend(layoff.card)
            used |= layoff.card.mask

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



def _knocker_masks(knocker_melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    out: list[Meld] = []
    used = 0
    for meld in _as_melds(knocker_melds, "knocker melds"):
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
    return best_layoff_choice(tuple(m.mask for m in melds), defender)[0]


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
    _, laid, per_meld = best_layoff_choice(tuple(m.mask for m in melds), defender)
    own = _best_melding_of_mask(defender ^ laid)
    layoffs = tuple(
        Layoff(Card.from_index(bit.bit_length() - 1), target)
        for target, bits in enumerate(per_meld)
        for bit in bits
    )
    plan = _new(LayoffPlan)
    for name, value in (("melds", own.melds), ("layoffs", layoffs), ("deadwood_cards", own.deadwood_cards), ("knocker_melds", melds)):
        _set(plan, name, value)
    return plan


def knocker_melding(
    knocker_cards: CardsLike,
    *defender_cards: CardsLike,
    rules: Rules | None = None,
    upcard: Card | None = None,
) -> Melding:
    """The knocker's automatic arrangement (RULES.md ruling 5, generalised in section 2).

    Among the arrangements with the least deadwood, the one that gives the knocker
    the best hand result once the defenders, in turn order from the knocker's left
    (``defender_cards``), lay down their melds and lay off optimally onto the
    knocker's melds as extended by the defenders before them. The result is priced
    under ``rules`` (default: the Oklahoma preset for that many players) and
    ``upcard``: the knocker's points when it scores, minus the scorer's points when
    a defender undercuts. Ties keep the first arrangement in
    :meth:`Melding.sort_key` order. With one defender the choice is simply the one
    that leaves the defender the most deadwood, whatever the rules. With no deadwood
    (gin) nothing may be laid off and :func:`best_melding` is returned. When
    ``rules`` is given there must be ``rules.players - 1`` defenders; when ``rules``
    and ``upcard`` are given, a knocker over the knock limit raises
    :class:`~ginrummy.InvalidHandError`.

    >>> print(knocker_melding("As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"))
    [5s 5d 5c] [6s 6d 6c] [7s 7d 7c] deadwood As (1)
    """
    mask = _mask_of(knocker_cards, what="knocker cards")
    _check_size(mask, MAX_MELDING_CARDS, "knocker_melding")
    if not defender_cards:
        raise WrongTypeError(
            f"knocker_melding({_shown(knocker_cards)}) was given no defender: expected the cards of one to three"
            " defenders after the knocker's, as knocker_melding(knocker_cards, defender_cards, ...)"
        )
    if len(defender_cards) > 3:
        raise InvalidHandError(f"knocker_melding takes one to three defenders (two to four players), got {len(defender_cards)}")
    if rules is not None:
        _require_rules(rules)
        if len(defender_cards) != rules.players - 1:
            raise InvalidHandError(
                f"these rules seat {rules.players} players, so knocker_melding needs {rules.players - 1} defender"
                f" hand(s) after the knocker's, got {len(defender_cards)}"
            )
    if upcard is not None and not isinstance(upcard, Card):
        raise WrongTypeError(f"upcard must be a Card, not {type(upcard).__name__}: {_shown(upcard)}")
    defenders: list[int] = []
    seen = mask
    for cards in defender_cards:
        defender = _mask_of(cards, what="defender cards")
        _check_size(defender, MAX_MELDING_CARDS, "knocker_melding")
        if seen & defender:
            raise InvalidHandError(
                f"the hands share {Hand.from_mask(seen & defender)}: a card can be in one hand only"
            )
        seen |= defender
        defenders.append(defender)
    least = deadwood_of_mask(mask)
    if rules is not None and upcard is not None and least > rules.knock_limit_for(upcard):
        raise InvalidHandError(
            f"the knocker's deadwood is {least} ({_best_melding_of_mask(mask).deadwood_cards}), "
            f"over the knock limit {rules.knock_limit_for(upcard)}"
        )
    if least == 0:
        return _best_melding_of_mask(mask)
    return _melding_from(*knocker_layout(mask, least, defenders, rules, upcard))
