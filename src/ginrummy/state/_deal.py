"""The deal: shuffling, dealing one card at a time from the dealer's left, the upcard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set as AbstractSet

from ..cards import Card, parse_cards
from ..errors import InvalidHandError, InvalidHandTypeError, WrongTypeError, _as_whole, _count, _iterable, _seat_of, _shown
from ..rules import Rules

__all__ = ["check_rng", "check_seat", "check_seed", "deal_hands", "deck_order", "left_of"]


def left_of(seat: int, players: int) -> int:
    """The seat to the left of ``seat``: the next to play (RULES.md section 2)."""
    return (seat + 1) % players


def check_seat(seat: object, players: int, what: str = "seat") -> int:
    """``seat`` as an ``int`` when it is a seat at a table of ``players`` (any whole
    number type, a numpy integer included); a library error otherwise."""
    return _seat_of(_as_whole(seat), players, what, InvalidHandError, InvalidHandTypeError, typed="a whole number ")


SEED_BITS = 1024
"""The largest whole-number seed, in bits (about 308 digits): enough for any hash or
``getrandbits`` value, and short enough for every saved game to hold."""


def check_seed(seed: object) -> int | str | None:
    """``seed`` when it is a whole number of at most :data:`SEED_BITS` bits, a string or
    None (what a saved game can hold, and what deals the same on every Python);
    :class:`~ginrummy.InvalidHandError` otherwise."""
    seed = _as_whole(seed)
    if isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() > SEED_BITS:
        raise InvalidHandError(
            f"seed={_shown(seed)} is not allowed: expected a whole number of at most {SEED_BITS} bits"
            " (a saved game must be able to hold it)"
        )
    if isinstance(seed, str):
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidHandError(
                f"seed={_shown(seed)} is not allowed: expected a string of Unicode characters"
                " (it holds a lone surrogate, which no saved game can hold and random.Random refuses)"
            ) from None
        return seed
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise InvalidHandTypeError(
        f"seed={_shown(seed)} is not allowed: expected a whole number, a string or None (what a saved game can hold)"
    )


def check_rng(rng: object) -> None:
    """Refuse, with ``TypeError``, an ``rng`` without the ``shuffle`` and ``randrange``
    methods a deal draws from."""
    missing = [name for name in ("shuffle", "randrange") if not callable(getattr(rng, name, None))]
    if missing:
        raise WrongTypeError(
            f"rng={_shown(rng)} cannot deal: it has no {' or '.join(missing)} method"
            " (expected a generator such as random.Random() or random.SystemRandom())"
        )


def deal_hands(rules: Rules, deck: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """Each seat's dealt cards as masks: one card at a time, starting with the dealer's left."""
    n = rules.players
    hands = [0] * n
    for i in range(n * rules.hand_size):
        hands[(dealer + 1 + i) % n] |= 1 << deck[i]
    return tuple(hands)


def deck_order(deck: Sequence[Card] | str) -> list[int]:
    """The card indexes of an explicit deal order of the 52 cards."""
    if not _iterable(deck) or isinstance(deck, (AbstractSet, Mapping, bytes, bytearray, memoryview)):  # str is Iterable
        raise WrongTypeError(f"deck must be card text or a sequence of Card values in deal order, not {type(deck).__name__}: {_shown(deck)}")
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    for card in cards:
        if not isinstance(card, Card):
            hint = (
                " (GameState.deck holds card indexes: pass GameState.deck_cards, or Card.from_index(i) for each)"
                if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52
                else ""
            )
            raise WrongTypeError(f"deck must hold Card values, not {type(card).__name__}: {_shown(card)}{hint}")
    order = [c.index for c in cards]
    if len(order) != 52 or len(set(order)) != 52:
        raise InvalidHandError(
            f"a deck must hold each of the 52 cards once; got {_count(len(order), 'card')}, {len(set(order))} distinct"
        )
    return order
