"""The fast rollout policy that plays a determinised hand to its end for the expert."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards
from .._price import Score, showdown_score
from .._tables import CARD_POINTS
from ..actions import Action, BigGin, Discard, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard, TakeWallDiscard
from ..cards import Card
from ..errors import IllegalActionError, PlayerError, PlayerTypeError, _shown
from ..rules import WallRule
from ..scoring import HandResult
from ..state import GameState, Phase
from ._base import check_argument, check_setting
from ._deals import _least_in


__all__ = ["roll_out", "rollout_action"]


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
    gain = check_setting(name, gain, low=1, whole=True)
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
