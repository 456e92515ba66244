"""Dealing the cards a player cannot see, consistently with its view: the expert's determinisations."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from numbers import Real

from .._masks import deadwood_of_mask, discard_deadwood_of_mask
from .._tables import SUIT_BITS, SUIT_DEADWOOD
from ..actions import Discard, DrawDiscard, DrawStock, PassUpcard, TakeUpcard, TakeWallDiscard
from ..cards import Card, Hand
from ..errors import InvalidHandError, PlayerError, PlayerTypeError, WrongTypeError, _iterable, _shown
from ..state import GameState, Phase, PlayerView
from ._base import check_argument, check_setting
from ._bots import _bits, opponent_draws


__all__ = ["determinize", "gin_outs", "last_discards"]


def gin_outs(kept: int, unseen: int) -> int:
    """How many of the ``unseen`` cards (a mask) would give gin to the ``kept`` cards (a
    mask of ten, or seven with three or four players), drawn and followed by the best
    discard. Cards in ``kept`` are never counted. A ``kept`` of another size, or a mask
    that is not one of cards, raises :class:`~ginrummy.InvalidHandError` (``TypeError``
    for what is not an int).

    >>> from ginrummy import Hand
    >>> from ginrummy.cards import Card
    >>> kept = Hand.parse("2c 3c 4c 7d 7h 7s Jh Qh Kh 9c").mask
    >>> unseen = sum(Card.parse(t).mask for t in ("9d", "9h", "9s", "5c", "Ad"))
    >>> gin_outs(kept, unseen)
    1
    """
    held = Hand.from_mask(kept)  # refuses what is not a mask of cards
    Hand.from_mask(unseen)
    if len(held) not in (7, 10):
        raise InvalidHandError(f"gin_outs counts draws to 10 or 7 kept cards, got {len(held)}: {held}")
    return sum(1 for bit in _bits(unseen & ~kept) if discard_deadwood_of_mask(kept | bit) == 0)


def _passes(view: PlayerView) -> int:
    """Upcard offers declined so far in this hand, as the engine counts them."""
    if view.phase is Phase.OFFER or (view.phase is Phase.DRAW and view.history_length == view.players):
        return sum(1 for _, a in view.history if isinstance(a, PassUpcard))
    return 0


_SUIT_OF = tuple(i // 13 for i in range(52))
_IN_SUIT = tuple(1 << i % 13 for i in range(52))


def _least_in(hand: int, cards: int, best: int) -> tuple[int, int]:
    """The lowest bit of ``cards`` whose loss leaves ``hand`` the least deadwood, and that
    deadwood; it stops at the first card reaching ``best``, the least possible."""
    found, found_dw = 0, 1 << 30
    if not cards:
        return found, found_dw
    suits = (hand & SUIT_BITS, hand >> 13 & SUIT_BITS, hand >> 26 & SUIT_BITS, hand >> 39)
    a, b, c, d = suits
    if (a & b & (c | d)) | (c & d & (a | b)):  # three of a rank: a set may form
        while cards:
            bit = cards & -cards
            cards ^= bit
            dw = deadwood_of_mask(hand ^ bit)
            if dw == best:
                return bit, dw
            if dw < found_dw:
                found, found_dw = bit, dw
        return found, found_dw
    # no set is possible with or without the card, so only its suit's runs change
    table = SUIT_DEADWOOD
    base = table[a] + table[b] + table[c] + table[d]
    while cards:
        bit = cards & -cards
        cards ^= bit
        i = bit.bit_length() - 1
        suit = suits[_SUIT_OF[i]]
        dw = base - table[suit] + table[suit ^ _IN_SUIT[i]]
        if dw == best:
            return bit, dw
        if dw < found_dw:
            found, found_dw = bit, dw
    return found, found_dw


def _least_loss(hand: int, allowed: int) -> int:
    """The lowest bit of ``allowed`` whose loss leaves ``hand`` the least deadwood."""
    # the least over every card; one not allowed may be the only card reaching it
    return _least_in(hand, allowed, discard_deadwood_of_mask(hand))[0]


def determinize(
    view: PlayerView,
    rng: random.Random,
    *,
    improve: int = 6,
    draws: dict[int, int] | None = None,
    weights: Mapping[int, Iterable[float]] | None = None,
    redeals: int = 0,
) -> GameState:
    """A hand consistent with everything ``view`` shows: the other players' hidden cards
    and the stock order are drawn at random from the cards this player has not seen.

    Opponents have kept what helped them and thrown what did not, so a uniform deal
    makes their hands look worse than they are. Each opponent's hidden cards are dealt
    with one extra card per draw it has made (at most ``improve``), and for each extra
    card the one whose loss leaves the least deadwood goes back among the unseen cards;
    ``improve=0`` deals uniformly. ``draws`` (from :func:`opponent_draws`) saves
    recounting them for every determinisation of one decision. An ``improve`` that is
    not a whole number of 0 or more, or ``draws`` that do not map other players' seats
    to whole numbers of 0 or more, raise :class:`~ginrummy.PlayerError`
    (:class:`~ginrummy.PlayerTypeError` for a value of the wrong type).

    ``weights`` (from :func:`hidden_card_weights`: per other seat, 52 positive weights
    by card index) deals each opponent's cards by weight instead of uniformly: a card
    of weight 2 is twice as likely as one of weight 1 to be drawn first; a seat left
    out is dealt uniformly. Weights that are not positive finite numbers, a row of
    another length, or a seat that is not another player's raise
    :class:`~ginrummy.PlayerError`.

    ``redeals`` deals again, up to that many times, while some opponent whose latest
    play was a discard holds a dealt hand from which that discard was not one of its
    least-deadwood discards (:func:`last_discards`): players almost always throw such a
    card, so those deals are unlikely. The last deal stands if every try fails. A
    ``redeals`` that is not a whole number of 0 or more raises
    :class:`~ginrummy.PlayerError`.
    """
    check_argument("determinize", view, PlayerView)
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"determinize deals with a random.Random, not {type(rng).__name__}: {_shown(rng)}")
    redeals = check_setting("redeals", redeals, low=0, whole=True)
    improve = check_setting("improve", improve, low=0, whole=True)
    if draws is None:
        draws = opponent_draws(view) if improve else {}
    else:
        _check_draws(view, draws)
    checked = None if weights is None else _checked_weights(view, weights)
    return _deal(view, rng, improve, draws, checked, _discard_checks(view) if redeals else (), redeals)


def _check_draws(view: PlayerView, draws: object) -> None:
    """Refuse ``draws`` that are not a mapping from other players' seats to whole
    numbers of 0 or more, quoting them (internal)."""
    if not isinstance(draws, Mapping):
        raise PlayerTypeError(f"draws={_shown(draws)} is not allowed: expected a mapping from other seats to draw counts")
    for seat, count in draws.items():
        if seat not in view.opponents or isinstance(seat, bool):
            raise PlayerError(f"draws for seat {_shown(seat)} are not allowed: expected other seats, {list(view.opponents)}")
        check_setting(f"draws[{seat}]", count, low=0, whole=True)


def last_discards(view: PlayerView) -> dict[int, tuple[Card, Card | None]]:
    """Per other seat whose latest play in this hand was a discard: that card, and the
    card it had just taken from the pile if the rules forbid throwing that back (else
    ``None``). The seat has not drawn since, so its hand now is the hand it kept.

    >>> from ginrummy import GameState, Rules
    >>> from ginrummy.actions import Discard, DrawStock, PassUpcard
    >>> state = GameState.new(Rules(), seed=3)
    >>> state = state.apply(PassUpcard()).apply(PassUpcard()).apply(DrawStock())
    >>> thrown = min(state.hand(state.to_play))
    >>> state = state.apply(Discard(thrown))
    >>> last_discards(state.view(state.to_play)) == {state.dealer ^ 1: (thrown, None)}
    True
    """
    check_argument("last_discards", view, PlayerView)
    pile = [view.upcard.index]
    latest: dict[int, tuple[Card, Card | None]] = {}
    taken: dict[int, int] = {}
    for seat, action in view.history:
        if isinstance(action, (TakeUpcard, DrawDiscard, TakeWallDiscard)):
            taken[seat] = pile.pop()
            latest.pop(seat, None)
        elif isinstance(action, DrawStock):
            taken.pop(seat, None)
            latest.pop(seat, None)
        elif isinstance(action, Discard):
            pile.append(action.card.index)
            took = taken.pop(seat, None)
            banned = None if took is None or view.rules.discard_taken_card else Card.from_index(took)
            latest[seat] = (action.card, banned)
    return {seat: found for seat, found in latest.items() if seat != view.seat}


def _discard_checks(view: PlayerView) -> tuple[tuple[int, int, int], ...]:
    """:func:`last_discards` as (seat, thrown bit, banned bit or 0), for the deal loop."""
    return tuple(
        (seat, card.mask, 0 if banned is None else banned.mask) for seat, (card, banned) in last_discards(view).items()
    )


def _kept_best(hand: int, thrown: int, banned: int) -> bool:
    """Whether throwing ``thrown`` (a bit) to keep ``hand`` left the least deadwood of the
    discards allowed from ``hand | thrown`` (``banned``, a bit or 0, was not allowed)."""
    full = hand | thrown
    best = discard_deadwood_of_mask(full)
    kept = deadwood_of_mask(hand)
    if kept == best:
        return True
    return bool(banned) and _least_in(full, full & ~banned, best)[1] == kept


def _deal(
    view: PlayerView,
    rng: random.Random,
    improve: int,
    draws: dict[int, int],
    weights: Mapping[int, Sequence[float]] | None,
    checks: tuple[tuple[int, int, int], ...] = (),
    redeals: int = 0,
) -> GameState:
    """:func:`determinize` without checking its arguments (the expert's own are sound);
    ``checks`` (from :func:`_discard_checks`) are tested against each deal ``redeals`` times."""
    for _ in range(redeals):
        world = _deal_once(view, rng, improve, draws, weights)
        if all(_kept_best(world.hands[seat], thrown, banned) for seat, thrown, banned in checks):
            return world
    return _deal_once(view, rng, improve, draws, weights)


def _deal_once(
    view: PlayerView, rng: random.Random, improve: int, draws: dict[int, int], weights: Mapping[int, Sequence[float]] | None
) -> GameState:
    """One deal for :func:`_deal`."""
    n = view.players
    pool = [bit.bit_length() - 1 for bit in _bits(view.unseen.mask)]
    rng.shuffle(pool)
    hands = [0] * n
    for seat in range(n):
        if seat == view.seat:
            hands[seat] = view.hand.mask
            continue
        known = view.known[seat].mask
        hidden = view.card_counts[seat] - known.bit_count()
        extra = max(0, min(draws.get(seat, 0), improve, len(pool) - hidden))
        row = None if weights is None else weights.get(seat)
        if row is not None:
            # weighted sampling without replacement: the least exponential draw over weight first
            pool.sort(key=lambda i: rng.expovariate(1.0) / row[i])
        hand = known | sum(1 << i for i in pool[: hidden + extra])
        del pool[: hidden + extra]
        for _ in range(extra):
            drop = _least_loss(hand, hand & ~known)
            hand ^= drop
            pool.append(drop.bit_length() - 1)
        hands[seat] = hand
    rng.shuffle(pool)  # the cards thrown back are not on top of the stock
    stock = tuple(pool)
    upcard = view.upcard.index
    used = {upcard, *stock}
    others = [i for i in range(52) if i not in used]
    deal = n * view.rules.hand_size
    deck = (*others[:deal], upcard, *others[deal:], *stock)
    taken = -1 if view.taken_card is None else view.taken_card.index
    last = view.last_step
    must_knock = view.phase is Phase.DISCARD and last is not None and isinstance(last[1], TakeWallDiscard)
    return GameState(
        rules=view.rules,
        deck=deck,
        dealer=view.dealer,
        hands=tuple(hands),
        stock_next=52 - len(stock),
        pile=view.pile,
        phase=view.phase,
        to_play_seat=view.seat if view.to_play is None else view.to_play,
        passes=_passes(view),
        taken=taken,
        must_knock=must_knock,
        known=tuple(h.mask for h in view.known),
        limit=view.knock_limit,
    )


def _checked_weights(view: PlayerView, weights: Mapping[int, Iterable[float]]) -> dict[int, tuple[float, ...]]:
    """``weights`` for :func:`determinize` as tuples of floats, refusing any that are not
    per other seat 52 positive finite numbers with a :class:`~ginrummy.PlayerError`
    quoting them."""
    if not isinstance(weights, Mapping):
        raise PlayerTypeError(f"weights={_shown(weights)} is not allowed: expected a mapping from seat to 52 weights")
    checked: dict[int, tuple[float, ...]] = {}
    for seat, row in weights.items():
        if seat not in view.opponents:
            raise PlayerError(f"weights for seat {_shown(seat)} are not allowed: expected other seats, {list(view.opponents)}")
        values = None if isinstance(row, (str, bytes, Mapping)) or not _iterable(row) else tuple(row)
        if values is None or len(values) != 52:
            raise (PlayerTypeError if values is None else PlayerError)(f"weights for seat {seat} are {_shown(row)}: expected 52 weights, one per card index")
        floats = []
        for index, value in enumerate(values):
            try:
                number = float(value) if isinstance(value, Real) and not isinstance(value, bool) else math.nan
            except OverflowError:  # an int too large for a float
                number = math.inf
            if not 0 < number < math.inf:
                raise PlayerError(
                    f"weights for seat {seat} hold {_shown(value)} for card index {index}: expected a positive finite number"
                )
            floats.append(number)
        checked[seat] = tuple(floats)
    return checked
