"""The expert level: determinised Monte Carlo search on the engine, priced by the rules."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Real

import attrs

from .._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards
from .._price import Score, showdown_score
from .._tables import CARD_POINTS, SUIT_BITS, SUIT_DEADWOOD
from ..actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
)
from ..cards import Card, Hand
from ..errors import IllegalActionError, InvalidHandError, PlayerError, PlayerTypeError, WrongTypeError, _shown, _whole_or_type
from ..rules import WallRule
from ..scoring import GameScore, HandResult
from ..state import GameState, Phase, PlayerView
from ._base import check_argument, check_setting, offered, seeded_random
from ._bots import HARD_TIME_BUDGET, HardPlayer, _bits, _completes_meld, _first, opponent_draws
from ._equity import EQUITY_TARGET_LIMIT, equity_of
from ._inference import hidden_card_weights

__all__ = ["Analysis", "ExpertPlayer", "Rating", "determinize", "gin_outs", "last_discards", "opponent_draws", "roll_out", "rollout_action"]


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
    check_setting("redeals", redeals, low=0, whole=True)
    check_setting("improve", improve, low=0, whole=True)
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
        values = None if isinstance(row, (str, bytes, Mapping)) or not isinstance(row, Iterable) else tuple(row)
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


def _prices_equity(view: PlayerView) -> bool:
    """Whether the expert prices hands in ``view`` by the chance of winning the game (a
    two-player game to 500 or less, not over), rather than by their points."""
    game = view.game
    return (
        view.players == 2
        and isinstance(game, GameScore)
        and not game.is_over
        and view.rules.game_target <= EQUITY_TARGET_LIMIT
    )


@attrs.frozen
class Rating:
    """One candidate action as :meth:`ExpertPlayer.analyse` rated it, in the
    analysis's :attr:`~Analysis.unit`."""

    action: Action
    """The candidate."""
    value: float
    """Its average worth over the deals searched (``nan`` when nothing was searched)."""
    advantage: float
    """Its average worth less the hard player's move's, paired deal by deal (0 for that move)."""
    standard_error: float
    """The standard error of :attr:`advantage` (0 for the hard player's move; ``nan``
    with fewer than two deals)."""
    is_default: bool
    """Whether this is the hard player's move, which the expert keeps unless another is
    clearly better."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.action, Action):
            raise WrongTypeError(f"Rating.action must be an Action, not {type(self.action).__name__}: {_shown(self.action)}")
        for name in ("value", "advantage", "standard_error"):
            number = getattr(self, name)
            if isinstance(number, bool) or not isinstance(number, (int, float)):
                raise WrongTypeError(f"Rating.{name} must be a number, not {type(number).__name__}: {_shown(number)}")
        if not isinstance(self.is_default, bool):
            raise WrongTypeError(f"Rating.is_default must be True or False, not {_shown(self.is_default)}")
        if self.standard_error < 0:
            raise PlayerError(f"Rating.standard_error={_shown(self.standard_error)} is not allowed: expected at least 0 (or nan)")
        if self.is_default and (self.advantage != 0 or self.standard_error != 0):
            raise PlayerError(
                f"Rating of the default move {self.action} has advantage={_shown(self.advantage)} and"
                f" standard_error={_shown(self.standard_error)}: expected 0 and 0, the default being the yardstick"
            )


@attrs.frozen
class Analysis:
    """What :meth:`ExpertPlayer.analyse` found at one decision."""

    choice: Action
    """The move the expert makes."""
    default: Action
    """The hard player's move (playing on for gin where it would knock with enough gin
    outs), which the expert keeps unless a candidate is better by ``margin`` standard errors."""
    ratings: tuple[Rating, ...]
    """Every candidate searched, the largest advantage first (only the move, unrated,
    when there was no choice to search)."""
    deals: int
    """Determinisations played out for every candidate (0 when there was no choice)."""
    unit: str
    """``"game"``: worth is the chance of winning the game (0 to 1) from the score the
    hand leaves; ``"points"``: the hand's points, with the box and game bonus when it
    would end the game, another player's counting against this one."""
    declined: Card | None = None
    """The upcard or discard the expert turned down without searching, because it would
    join no meld of the hand's best arrangement (``meld_takes``); ``None`` otherwise."""

    def __attrs_post_init__(self) -> None:
        for name in ("choice", "default"):
            action = getattr(self, name)
            if not isinstance(action, Action):
                raise WrongTypeError(f"Analysis.{name} must be an Action, not {type(action).__name__}: {_shown(action)}")
        ratings = self.ratings
        if not isinstance(ratings, tuple) or not ratings or not all(isinstance(r, Rating) for r in ratings):
            raise WrongTypeError(f"Analysis.ratings must be a non-empty tuple of Rating values, not {_shown(ratings)}")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int) or self.deals < 0:
            raise _whole_or_type(self.deals, PlayerError, PlayerTypeError)(f"Analysis.deals={_shown(self.deals)} is not allowed: expected a whole number of at least 0")
        if self.unit not in ("game", "points"):
            raise PlayerError(f"Analysis.unit={_shown(self.unit)} is not allowed: expected 'game' or 'points'")
        actions = [r.action for r in ratings]
        defaults = [r.action for r in ratings if r.is_default]
        problem = None
        if len(set(actions)) != len(actions):
            problem = "rates an action twice"
        elif defaults != [self.default]:
            problem = f"marks {len(defaults)} ratings as the default move: expected one, of {self.default}"
        elif self.choice not in actions:
            problem = f"chooses {self.choice}, which it did not rate"
        elif not self.deals and (self.choice != self.default or len(ratings) != 1):
            problem = "searched no deals: expected the one move, unrated, as both choice and default"
        elif self.declined is not None and not isinstance(self.declined, Card):
            raise WrongTypeError(f"Analysis.declined must be a Card or None, not {type(self.declined).__name__}: {_shown(self.declined)}")
        elif self.declined is not None and (self.deals or not isinstance(self.choice, (PassUpcard, DrawStock))):
            problem = (
                f"declines {self.declined} but {'searched ' + str(self.deals) + ' deals' if self.deals else 'chooses ' + str(self.choice)}:"
                " expected no search and a pass or a stock draw"
            )
        if problem is not None:
            raise PlayerError(f"Analysis {problem}")

    def explain(self, show: Callable[[Action], str] = str) -> str:
        """Why the expert made its move, in a phrase such as ``"better than discard Qs by
        1.4 points a hand, give or take 0.7, over 60 deals"`` (the chance of winning the
        game in percentage points when :attr:`unit` is ``"game"``), ``"over 60 deals,
        nothing else looked clearly better"``, ``"Qs would join no meld: not worth
        showing by taking it"`` when the expert turned a pile card down unsearched
        (:attr:`declined`), or ``"the only move worth searching"`` when nothing else was
        searched. ``show`` writes an action (default :class:`str`)."""
        if self.declined is not None:
            return f"{self.declined} would join no meld: not worth showing by taking it"
        if not self.deals:
            return "the only move worth searching"
        if self.choice == self.default:
            return f"over {self.deals} deals, nothing else looked clearly better"
        rating = next(r for r in self.ratings if r.action == self.choice)
        scale, unit = (100, "points of game-winning chance") if self.unit == "game" else (1, "points a hand")
        return (
            f"better than {show(self.default)} by {scale * rating.advantage:.1f} {unit},"
            f" give or take {scale * rating.standard_error:.1f}, over {self.deals} deals"
        )


def _declined_take(view: PlayerView, legal: Sequence[Action]) -> Action | None:
    """At an offer of the upcard or a draw, the stock draw (or the pass) when the pile's
    top card would not join a meld of the best arrangement of the hand with it; else
    ``None`` (the decision is searched)."""
    top = view.discard_top
    if view.phase not in (Phase.OFFER, Phase.DRAW) or top is None:
        return None
    take = _first(legal, TakeUpcard) or _first(legal, DrawDiscard)
    other = _first(legal, PassUpcard) or _first(legal, DrawStock)
    if take is None or other is None or _completes_meld(view.hand.mask, top):
        return None
    return other


def _unsearched(action: Action, unit: str, declined: Card | None = None) -> Analysis:
    """The analysis of a decision with one candidate: nothing to search (``declined``:
    the pile card turned down for joining no meld)."""
    rating = Rating(action, math.nan, 0.0, 0.0, True)
    return Analysis(choice=action, default=action, ratings=(rating,), deals=0, unit=unit, declined=declined)


def _rating(action: Action, row: Sequence[float], base: Sequence[float], is_default: bool) -> Rating:
    """``action``'s rating from its worth on each deal (``row``) and the default move's
    (``base``, on the same deals)."""
    n = len(row)
    value = sum(row) / n if n else math.nan
    if is_default:
        return Rating(action, value, 0.0, 0.0, True)
    diffs = [a - b for a, b in zip(row, base)]
    mean = sum(diffs) / n if n else math.nan
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 if n > 1 else math.nan
    return Rating(action, value, mean, spread / n**0.5, False)


# The rollout policy throws, among cards leaving equal deadwood, the highest value first,
# then the lowest index (the order of the legal actions): cards grouped by value, high first.
_BY_VALUE = tuple(sum(1 << i for i in range(52) if CARD_POINTS[i] == v) for v in range(10, 0, -1))


def _rollout_discard(hand: int, allowed: int, best: int) -> tuple[int, int]:
    """The bit of the card :func:`rollout_action` discards from ``hand`` among ``allowed``
    (least deadwood left, then the highest value, then the lowest index), and the
    deadwood it leaves. ``best`` is ``discard_deadwood_of_mask(hand)``, the least over
    every card (a card not allowed may be the only one reaching it)."""
    found, found_dw = 0, 1 << 30
    for group in _BY_VALUE:
        bit, dw = _least_in(hand, allowed & group, best)
        if dw == best:
            return bit, dw
        if dw < found_dw:
            found, found_dw = bit, dw
    return found, found_dw


TAKE_GAIN = 2
"""How much the rollout policy's take must lower its deadwood, by default."""


def _rollout_takes(hand: int, top: int, dead: int, gain: int = TAKE_GAIN) -> bool:
    """Whether the rollout policy takes card ``top`` into ``hand`` (of deadwood ``dead``):
    when its best discard then lowers the deadwood by ``gain`` or more."""
    return discard_deadwood_of_mask(hand | 1 << top) + gain <= dead


def _check_gain(name: str, gain: object) -> int:
    """``gain`` as a take threshold, or :class:`~ginrummy.PlayerError` quoting it: a
    threshold of 0 would let seats take a card and throw it back for ever."""
    check_setting(name, gain, low=1, whole=True)
    assert isinstance(gain, int)
    return gain


def rollout_action(state: GameState, *, take_gain: int = TAKE_GAIN) -> Action:
    """The expert's fast rollout policy, for every seat: big gin or the knock with the
    least deadwood as soon as it can; otherwise discards the card leaving the least
    deadwood (the highest such card); takes the upcard or a discard only when it lowers
    its deadwood by ``take_gain`` (default 2) or more; takes the wall card whenever it is
    usable.

    Raises :class:`~ginrummy.IllegalActionError` (reason ``"hand_over"``) once the hand
    is over, ``TypeError`` for anything but a :class:`~ginrummy.GameState`, and
    :class:`~ginrummy.PlayerError` for a ``take_gain`` that is not a whole number of 1
    or more (at 0 seats could take a card and throw it back for ever).
    """
    check_argument("rollout_action", state, GameState)
    _check_gain("take_gain", take_gain)
    if state.is_over:
        raise IllegalActionError("rollout_action: the hand is over, so there is no action to choose", reason="hand_over")
    legal = state.legal_actions()
    phase = state.phase
    seat = state.to_play_seat
    hand = state.hands[seat]
    if phase is Phase.DISCARD:
        outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
        if outs:
            big = [a for a in outs if isinstance(a, BigGin)]
            return big[0] if big else outs[0]  # knocks are listed least deadwood first
        allowed = sum(action.card.mask for action in legal if isinstance(action, Discard))
        bit, _ = _rollout_discard(hand, allowed, discard_deadwood_of_mask(hand))
        return Discard(Card.from_index(bit.bit_length() - 1))
    if phase is Phase.OFFER or phase is Phase.DRAW:
        take = TakeUpcard() if phase is Phase.OFFER else DrawDiscard()
        if take in legal and state.pile and _rollout_takes(hand, state.pile[-1], deadwood_of_mask(hand), take_gain):
            return take
        return PassUpcard() if phase is Phase.OFFER else DrawStock()
    if phase is Phase.WALL:
        return legal[0]  # take it when usable (listed first), else decline
    return legal[0]


def roll_out(state: GameState, *, take_gains: Sequence[int] | None = None) -> HandResult:
    """How the hand ends when every seat plays :func:`rollout_action` from ``state``.

    The same result the engine reaches applying :func:`rollout_action` action by
    action, several times faster: draws and discards run on card masks, and the engine
    applies only the action that ends the hand (a knock, big gin, or the discard or
    declined wall card that makes it void), so the result is the engine's own.

    ``take_gains``, one whole number of 1 or more per seat, sets each seat's
    ``take_gain`` (default 2 for every seat); anything else raises
    :class:`~ginrummy.PlayerError`. The expert's rollouts play the other seats with 1.
    """
    check_argument("roll_out", state, GameState)
    n = len(state.hands)
    if take_gains is None:
        gains = (TAKE_GAIN,) * n
    else:
        if isinstance(take_gains, (str, bytes)) or not isinstance(take_gains, Sequence) or len(take_gains) != n:
            sequence = isinstance(take_gains, Sequence) and not isinstance(take_gains, (str, bytes))
            raise (PlayerError if sequence else PlayerTypeError)(
                f"take_gains={_shown(take_gains)} is not allowed: expected a sequence of {n} whole numbers of 1 or more, one per seat"
            )
        gains = tuple(_check_gain(f"take_gains[{seat}]", gain) for seat, gain in enumerate(take_gains))
    return _roll_out(state, gains)


def _roll_out(state: GameState, gains: tuple[int, ...]) -> HandResult:
    """:func:`roll_out` without checking its arguments, ``gains`` one per seat."""
    if state.result is not None:
        return state.result
    now, _, _, action = _play_to_end(state, gains)
    result = now().apply(action).result
    assert result is not None
    return result


def _roll_out_score(state: GameState, gains: tuple[int, ...]) -> Score:
    """The :class:`~ginrummy.Score` of :func:`_roll_out`'s result, found on card masks
    (:func:`showdown_score`) without building the engine's record of a knock or big gin."""
    if state.result is not None:
        return state.result.score
    now, hands, seat, action = _play_to_end(state, gains)
    if isinstance(action, Knock):
        kept, big = hands[seat] & ~action.card.mask, False
    elif isinstance(action, BigGin):
        kept, big = hands[seat], True
    else:  # a void hand: the wall reached
        result = now().apply(action).result
        assert result is not None
        return result.score
    n = len(hands)
    defenders = [((seat + i) % n, hands[(seat + i) % n]) for i in range(1, n)]
    return showdown_score(state.rules, state.upcard, knocker=seat, kept=kept, defenders=defenders, big_gin=big)


def _play_to_end(state: GameState, gains: tuple[int, ...]) -> tuple[Callable[[], GameState], list[int], int, Action]:
    """Plays :func:`rollout_action` for every seat (``gains`` one per seat) from ``state``,
    not over, up to the action that ends the hand: returns the state before it (as a
    function that builds it), every seat's cards then, the seat to act and the action."""
    rules = state.rules
    deck, dealer, limit = state.deck, state.dealer, state.limit
    n = len(state.hands)
    hands, known, pile = list(state.hands), list(state.known), list(state.pile)
    stock_next, phase, seat = state.stock_next, state.phase, state.to_play_seat
    passes, taken, must_knock = state.passes, state.taken, state.must_knock
    may_rethrow = rules.discard_taken_card
    last_stock = len(deck) - rules.wall_size  # a discard with stock_next here reaches the wall
    wall_void = rules.wall_rule is not WallRule.FIFTIETH_CARD
    dead: list[int | None] = [None] * n  # each seat's deadwood between its turns, once known

    def now() -> GameState:
        return GameState(
            rules=rules, deck=deck, dealer=dealer, hands=tuple(hands), stock_next=stock_next, pile=tuple(pile),
            phase=phase, to_play_seat=seat, passes=passes, taken=taken, must_knock=must_knock,
            known=tuple(known), limit=limit,
        )

    def finish(action: Action) -> tuple[Callable[[], GameState], list[int], int, Action]:
        return now, hands, seat, action

    while True:
        hand = hands[seat]
        if phase is Phase.DISCARD:
            banned = 1 << taken if taken >= 0 and not may_rethrow else 0
            best = discard_deadwood_of_mask(hand)
            if best <= limit:
                if best == 0 and rules.big_gin and deadwood_of_mask(hand) == 0:
                    return finish(BigGin())
                knock_banned = banned | (1 << taken if must_knock and taken >= 0 else 0)
                knocks = knock_discards(hand, limit, knock_banned)
                if knocks:
                    return finish(Knock(Card.from_index(knocks[0].bit_length() - 1)))
            bit, left = _rollout_discard(hand, hand & ~banned, best)
            if stock_next >= last_stock and wall_void:
                return finish(Discard(Card.from_index(bit.bit_length() - 1)))
            hands[seat] = hand ^ bit
            known[seat] &= ~bit
            pile.append(bit.bit_length() - 1)
            dead[seat] = left
            taken = -1
            seat = seat + 1 if seat + 1 < n else 0
            phase = Phase.DRAW if stock_next < last_stock else Phase.WALL
        elif phase is Phase.OFFER or phase is Phase.DRAW:
            offer = phase is Phase.OFFER
            if pile and (offer or passes != n):
                top = pile[-1]
                mine = dead[seat]
                if mine is None:
                    mine = deadwood_of_mask(hand)
                if _rollout_takes(hand, top, mine, gains[seat]):
                    pile.pop()
                    hands[seat] = hand | 1 << top
                    known[seat] |= 1 << top
                    taken, phase, dead[seat] = top, Phase.DISCARD, None
                    continue
            if offer:
                passes += 1
                if passes < n:
                    seat = seat + 1 if seat + 1 < n else 0
                else:
                    phase, seat = Phase.DRAW, (dealer + 1) % n
                continue
            hands[seat] = hand | 1 << deck[stock_next]
            stock_next += 1
            phase, taken, passes, dead[seat] = Phase.DISCARD, -1, 0, None
        elif phase is Phase.WALL:
            action = rollout_action(now(), take_gain=gains[seat])
            if not isinstance(action, TakeWallDiscard):
                return finish(action)
            top = pile.pop()
            hands[seat] = hand | 1 << top
            known[seat] |= 1 << top
            taken, must_knock, phase, dead[seat] = top, True, Phase.DISCARD, None
        else:
            raise AssertionError(f"roll_out cannot play the {phase.value} phase")


EXPERT_TIME_BUDGET = 0.25
"""The expert's default cap on its search, in seconds a decision."""


class ExpertPlayer:
    """The strongest built-in level: it searches.

    It takes the upcard or a discard only when the card joins a meld at once
    (``meld_takes``), drawing from the stock otherwise, so as to show opponents less of
    its hand. For each other decision with a real choice, it keeps :class:`HardPlayer`'s move and the
    candidates it rates best (every knock, big gin, the best discards, both draw
    options), then plays each candidate on many *determinisations*: hands dealt at random
    to the other players, and a stock order, consistent with everything its view shows
    (their pile cards, the discards, the card counts). Each is played to the end of the
    hand on the engine by a fast rollout policy for every seat (the other seats taking
    pile cards a little more greedily than its own). The same determinisations
    serve every candidate (common random numbers), so the comparison is fair. Outcomes
    are priced under the rules in play. In a two-player game to 500 or less a hand is
    worth the chance of winning the game from the score it leaves
    (:func:`ginrummy.players.game_equity`); otherwise its points (knock, gin, big gin
    and undercut bonuses, spade doubling), the box it earns, and the game bonus when the
    hand would end the game, what another player scores counting against it. It departs from the hard player's move only for
    a candidate whose paired advantage over it, on the same deals, is clear (more than
    ``margin`` standard errors): rollouts are noisy, and a noisy search alone loses to
    ``hard``.

    ``simulations`` determinisations per decision (default 60), capped by
    ``time_budget`` seconds (default 0.25); with a seed and no cap reached, its choices
    are reproducible. ``time_budget=math.inf`` sets no cap (for its inner ``hard``
    player too), so that a seeded player's choices never depend on the machine's speed
    or load. Measured decision times are in the docs. :meth:`analyse` gives
    the figures behind a move.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        simulations: int = 60,
        time_budget: float = EXPERT_TIME_BUDGET,
        candidates: int = 3,
        margin: float = 1.0,
        gin_outs: int = 3,
        infer: bool = True,
        redeals: int = 4,
        opponent_take_gain: int = 1,
        meld_takes: bool = True,
    ) -> None:
        """``candidates`` discards are searched besides every knock; another move than the
        hard player's is taken only when it is better by ``margin`` standard errors.
        Where hard would knock short of gin, it plays on for gin while at least
        ``gin_outs`` unseen cards would give gin (0 turns this off); gin itself it takes
        at once. With ``infer`` (the default) it deals the other players' hidden cards
        by what their plays show (:func:`hidden_card_weights`); ``infer=False`` deals
        them uniformly, improved for their draws (:func:`determinize`'s default). A deal in which an opponent's
        last discard was not one of its least-deadwood discards is dealt again, up to
        ``redeals`` times (:func:`determinize`). In the rollouts the other seats take
        the upcard or a discard when it lowers their deadwood by ``opponent_take_gain``
        or more (this player's own seat by 2, :func:`rollout_action`'s default): taking
        them to be a little greedier than the rollout policy makes the search guard
        against their knocks, which pays (the docs give the figures). With
        ``meld_takes`` (the default) it takes the upcard or a discard only when the card
        joins a meld of its best arrangement at once, and otherwise draws from the stock
        (or passes the upcard) without searching: a card taken from the pile is open to
        every other player's view, and an opponent that reads it (``hard`` does) then
        guards against it. ``meld_takes=False`` searches those draws like any other
        decision."""
        check_setting("simulations", simulations, low=1, whole=True)
        check_setting("time_budget", time_budget, low=0, above=True, unbounded=True)
        check_setting("candidates", candidates, low=0, whole=True)
        check_setting("margin", margin, low=0)
        check_setting("gin_outs", gin_outs, low=0, whole=True)
        check_setting("redeals", redeals, low=0, whole=True)
        _check_gain("opponent_take_gain", opponent_take_gain)
        if not isinstance(infer, bool):
            raise PlayerTypeError(f"infer={_shown(infer)} is not allowed: expected True or False")
        if not isinstance(meld_takes, bool):
            raise PlayerTypeError(f"meld_takes={_shown(meld_takes)} is not allowed: expected True or False")
        self.seed = seed
        self.margin = margin
        self.rng = seeded_random(seed)
        self.simulations = simulations
        self.time_budget = time_budget
        self.candidates = candidates
        self.gin_outs = gin_outs
        self.infer = infer
        self.redeals = redeals
        self.opponent_take_gain = opponent_take_gain
        self.meld_takes = meld_takes
        self.hard = HardPlayer(seed=None if seed is None else seed + 1, time_budget=HARD_TIME_BUDGET if math.isfinite(time_budget) else math.inf)

    def _candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        if view.phase is not Phase.DISCARD:
            return list(legal)
        outs: list[Action] = [a for a in legal if isinstance(a, (Knock, BigGin))]
        if any(isinstance(a, BigGin) for a in outs):
            return [next(a for a in outs if isinstance(a, BigGin))]
        gins: list[Action] = [a for a in outs if isinstance(a, Knock) and deadwood_of_mask(view.hand.mask & ~a.card.mask) == 0]
        if gins:
            return gins[:1]  # gin cannot be beaten
        found: list[Action] = outs[:2]  # least deadwood first
        found.extend(self.hard.ranked_discards(view, legal)[: self.candidates])
        return found

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The expert's choice: the hard player's move, unless the search shows another
        candidate is better by more than ``margin`` standard errors."""
        return self.analyse(view, legal_actions).choice

    def analyse(self, view: PlayerView, legal_actions: Sequence[Action] | None = None) -> Analysis:
        """The search behind :meth:`choose`, with its figures: every candidate it played
        out, its average worth and its paired advantage over the hard player's move, with
        the standard error of that advantage. ``legal_actions`` defaults to the view's.
        The choice is the one :meth:`choose` would make from the same state of this
        player's generator (each call draws from it, so two calls in a row may differ).

        >>> from ginrummy import GameState, Rules
        >>> from ginrummy.players import ExpertPlayer
        >>> state = GameState.new(Rules(), seed=9)
        >>> view = state.view(state.to_play)
        >>> analysis = ExpertPlayer(seed=1, simulations=20, time_budget=60, meld_takes=False).analyse(view)
        >>> str(analysis.default), str(analysis.choice), analysis.deals, analysis.unit
        ('pass', 'take', 20, 'points')
        >>> for rating in analysis.ratings:
        ...     print(f"{rating.action}: {rating.advantage:+.1f} (standard error {rating.standard_error:.1f})")
        take: +23.9 (standard error 8.7)
        pass: +0.0 (standard error 0.0)
        """
        check_argument("ExpertPlayer.analyse", view, PlayerView)
        legal = offered(view, legal_actions)
        unit = "game" if _prices_equity(view) else "points"
        if len(legal) == 1:
            return _unsearched(legal[0], unit)
        declined = _declined_take(view, legal) if self.meld_takes else None
        if declined is not None:
            return _unsearched(declined, unit, view.discard_top)
        default = self._default(view, legal)
        candidates = list(dict.fromkeys(self._candidates(view, legal)))  # each once, should the caller repeat one
        if default not in candidates:
            candidates.insert(0, default)
        if len(candidates) == 1:
            return _unsearched(candidates[0], unit)
        values: list[list[float]] = [[] for _ in candidates]
        deadline = time.perf_counter() + self.time_budget
        draws = opponent_draws(view)
        weights = hidden_card_weights(view) if self.infer else None
        checks = _discard_checks(view) if self.redeals else ()
        for _ in range(self.simulations):
            sample_seed = self.rng.getrandbits(64)
            world = self._world(view, random.Random(sample_seed), draws, weights, checks)
            for index, action in enumerate(candidates):
                values[index].append(self._play_out(world.apply(action), view))
            if time.perf_counter() > deadline:
                break
        base = candidates.index(default)
        ratings = [_rating(action, row, values[base], i == base) for i, (action, row) in enumerate(zip(candidates, values))]
        choice = self._pick(ratings, default)
        ratings.sort(key=lambda r: -r.advantage)  # stable: ties keep the search's order
        return Analysis(
            choice=choice,
            default=default,
            ratings=tuple(ratings),
            deals=len(values[0]),
            unit=unit,
        )

    def _world(
        self,
        view: PlayerView,
        rng: random.Random,
        draws: dict[int, int],
        weights: dict[int, tuple[float, ...]] | None,
        checks: tuple[tuple[int, int, int], ...],
    ) -> GameState:
        """One determinisation for the search (:func:`determinize`, by the evidence's
        ``weights`` when it infers, dealt again while ``checks`` of the opponents' latest
        discards fail); a subclass may sample another way."""
        improve = 6 if weights is None else 2
        return _deal(view, rng, improve, draws, weights, checks, self.redeals)

    def _default(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The hard player's move, except that it plays on for gin instead of knocking
        short of gin while at least ``gin_outs`` unseen cards would give it gin. (A hand
        that is gin already counts every unseen card as an out: it knocks.)"""
        move = self.hard.choose(view, legal)
        if isinstance(move, Knock) and self.gin_outs:
            kept = view.hand.mask & ~move.card.mask
            if deadwood_of_mask(kept) > 0 and gin_outs(kept, view.unseen.mask) >= self.gin_outs:
                return self.hard.choose(view, [a for a in legal if not isinstance(a, Knock)])
        return move

    def _pick(self, ratings: Sequence[Rating], default: Action) -> Action:
        """The candidate whose advantage over the default is largest and clear (more than
        ``margin`` standard errors), the first in the search's order on a tie; else the
        default."""
        best, best_gain = default, 0.0
        for rating in ratings:
            clear = rating.advantage - self.margin * rating.standard_error > 0
            if not rating.is_default and clear and rating.advantage > best_gain:
                best, best_gain = rating.action, rating.advantage
        return best

    def _play_out(self, state: GameState, view: PlayerView) -> float:
        """The worth to this player of playing ``state`` (a determinisation after a
        candidate) out by the rollout policy."""
        return self._value(_roll_out_score(state, self._take_gains(view)), view)

    def _take_gains(self, view: PlayerView) -> tuple[int, ...]:
        """Each seat's ``take_gain`` in the rollouts: 2 for this player, ``opponent_take_gain`` for the others."""
        return tuple(TAKE_GAIN if seat == view.seat else self.opponent_take_gain for seat in range(view.players))

    def _value(self, score: Score, view: PlayerView) -> float:
        """The worth to this player of a hand priced ``score`` under the rules in play: the
        chance of winning a two-player game (to 500 or less) from the score it leaves, or
        else its points."""
        game = view.game
        if _prices_equity(view):
            assert isinstance(game, GameScore)
            mine, theirs = game.points[view.seat], game.points[1 - view.seat]
            if score.scorer == view.seat:
                mine += score.points
            elif score.scorer is not None:
                theirs += score.points
            return equity_of(view.rules, mine, theirs)
        if score.scorer is None:
            return 0.0
        worth = float(score.points + score.box)
        if isinstance(game, GameScore) and game.points[score.scorer] + score.points >= view.rules.game_target:
            worth += view.rules.game_bonus
        return worth if score.scorer == view.seat else -worth / (view.players - 1)
