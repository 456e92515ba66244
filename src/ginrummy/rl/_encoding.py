"""The fixed-size encodings of observations and actions shared by the environments."""

from __future__ import annotations

import struct
from typing import Final

import numpy as np
import numpy.typing as npt

from ginrummy import (
    Action,
    BigGin,
    Card,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    GameScore,
    GameState,
    Hollywood,
    IllegalActionError,
    IllegalActionTypeError,
    Knock,
    PassUpcard,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    TakeUpcard,
    TakeWallDiscard,
    WrongTypeError,
)

from ._common import check_seat, shown

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "OBSERVATION_SIZE",
    "SECTIONS",
    "action_index",
    "action_mask",
    "encode_observation",
    "encode_seat",
    "index_action",
    "legal_mask",
    "state_mask",
]

TAKE, PASS, STOCK, PILE = 0, 1, 2, 3
DISCARD = 4
"""``DISCARD + card.index``: discard that card (52 actions)."""
KNOCK = DISCARD + 52
"""``KNOCK + card.index``: knock (or gin), that card the face-down discard (52 actions)."""
BIG_GIN = KNOCK + 52
TAKE_WALL = BIG_GIN + 1
DECLINE_WALL = TAKE_WALL + 1
ACTION_COUNT: Final = DECLINE_WALL + 1
"""111 discrete actions cover every action of a hand; melds and layoffs are automatic."""

SECTIONS: Final = (
    ("hand", 52, "1 for each card this player holds"),
    ("pile_order", 52, "for each card in the discard pile, (position from the bottom + 1) / 52; 0 otherwise"),
    ("pile_top", 52, "1 for the top card of the discard pile"),
    ("known_left", 52, "cards the next player (on the left) took from the pile and still holds"),
    ("known_second", 52, "the same for the seat after it (0 with two players)"),
    ("known_third", 52, "the same for the third opponent (0 with two or three players)"),
    ("upcard", 52, "1 for the first upcard of the deal"),
    ("knock_limit", 1, "the hand's knock limit / 10"),
    ("doubled", 1, "1 when a spade upcard doubles the hand"),
    ("stock", 1, "cards left in the stock / 31"),
    ("phase", 5, "one-hot: offer, draw, discard, wall, over"),
    ("scores", 4, "game points / target (at most 1): this player, then the opponents from the left"),
    ("card_counts", 3, "cards each opponent holds / 11, from the left (0 for absent seats)"),
)
"""The observation's sections in order: (name, length, meaning)."""
OBSERVATION_SIZE: Final = sum(size for _, size, _ in SECTIONS)
"""379 numbers in [0, 1]."""

_OFFSETS = {}
_at = 0
for _name, _size, _ in SECTIONS:
    _OFFSETS[_name] = _at
    _at += _size
_PHASES = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.WALL, Phase.OVER)
_SIMPLE: dict[type[Action], int] = {
    TakeUpcard: TAKE,
    PassUpcard: PASS,
    DrawStock: STOCK,
    DrawDiscard: PILE,
    BigGin: BIG_GIN,
    TakeWallDiscard: TAKE_WALL,
    DeclineWallDiscard: DECLINE_WALL,
}
ACTIONS: Final[tuple[Action, ...]] = (
    TakeUpcard(),
    PassUpcard(),
    DrawStock(),
    DrawDiscard(),
    *(Discard(Card.from_index(i)) for i in range(52)),
    *(Knock(Card.from_index(i)) for i in range(52)),
    BigGin(),
    TakeWallDiscard(),
    DeclineWallDiscard(),
)
"""The action of each discrete index, in order."""


def _index_of(action: Action) -> int | None:
    """The discrete index of ``action``, or ``None`` for an action outside a hand."""
    if isinstance(action, Discard):
        return DISCARD + action.card.index
    if isinstance(action, Knock):
        return KNOCK + action.card.index
    return _SIMPLE.get(type(action))


def action_index(action: Action) -> int:
    """The discrete index of ``action`` (a knock's explicit melds are not encoded)."""
    index = _index_of(action)
    if index is None:
        refused = IllegalActionError if isinstance(action, Action) else IllegalActionTypeError
        raise refused(f"{shown(action)} has no index: only the actions of a hand are encoded", reason="unknown_action")
    return index


def index_action(index: int) -> Action:
    """The action of discrete index ``index`` (0-110): an int, a numpy integer, or a 0-d
    integer array, as Gymnasium's ``Discrete`` space accepts."""
    if type(index) is int and 0 <= index < ACTION_COUNT:  # the common case, checked first
        return ACTIONS[index]
    if isinstance(index, np.ndarray) and index.shape == () and np.issubdtype(index.dtype, np.integer):
        index = index.item()  # a 0-d array, as a single-environment policy's predict() returns
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
        raise IllegalActionTypeError(
            f"action index {shown(index)} is not one of 0-{ACTION_COUNT - 1}: expected a whole number", reason="unknown_action"
        )
    if not 0 <= index < ACTION_COUNT:
        raise IllegalActionError(f"action index {shown(index)} is not one of 0-{ACTION_COUNT - 1}", reason="unknown_action")
    return ACTIONS[int(index)]


_ORDER = _OFFSETS["pile_order"]
_PILE_TOP = _OFFSETS["pile_top"]
_KNOWN = _OFFSETS["known_left"]
_UPCARD = _OFFSETS["upcard"]
_LIMIT = _OFFSETS["knock_limit"]
_DOUBLED = _OFFSETS["doubled"]
_STOCK = _OFFSETS["stock"]
_PHASE_AT = {phase: _OFFSETS["phase"] + i for i, phase in enumerate(_PHASES)}
_SCORES = _OFFSETS["scores"]
_COUNTS = _OFFSETS["card_counts"]
_POSITIONS = tuple(i / 52 for i in range(1, 53))
_ZEROS = bytes(4 * OBSERVATION_SIZE)
_PACK_FLOAT = struct.Struct("<f").pack
_PACK_CARDS = struct.Struct("<52f").pack
_pile_orders: dict[tuple[int, ...], bytes] = {}
# A card section (52 bits) becomes float32 bytes 13 bits at a time, by table look-up.
_THIRTEEN = tuple(struct.pack("<13f", *(float(v >> bit & 1) for bit in range(13))) for v in range(1 << 13))


def _section(mask: int) -> bytes:
    """A 52-card section of 0/1 values as float32 bytes."""
    return b"".join((_THIRTEEN[mask & 0x1FFF], _THIRTEEN[mask >> 13 & 0x1FFF], _THIRTEEN[mask >> 26 & 0x1FFF], _THIRTEEN[mask >> 39]))


def _pile_order(pile: tuple[int, ...]) -> bytes:
    """The ``pile_order`` section of ``pile`` as float32 bytes, built from the pile one card
    shorter when that one was seen (the pile grows and shrinks by its top card)."""
    found = _pile_orders.get(pile)
    if found is not None:
        return found
    below = _pile_orders.get(pile[:-1])
    if below is not None:
        at = 4 * pile[-1]
        found = below[:at] + _PACK_FLOAT(_POSITIONS[len(pile) - 1]) + below[at + 4 :]
    else:
        order = [0.0] * 52
        for index, position in zip(pile, _POSITIONS):
            order[index] = position
        found = _PACK_CARDS(*order)
    if len(_pile_orders) >= 8192:
        _pile_orders.clear()
    _pile_orders[pile] = found
    return found


def _fill(
    hand: int,
    pile: tuple[int, ...],
    known: tuple[int, ...],
    opponents: tuple[int, ...],
    counts: tuple[int, ...],
    fixed: tuple[int, float, float],
    stock_count: int,
    phase: Phase,
    scores: tuple[float, ...] | None,
) -> npt.NDArray[np.float32]:
    """The observation from its parts: ``known`` and ``counts`` per seat, ``opponents`` from
    the left, ``fixed`` the hand's (upcard index, knock-limit value, doubled value), and
    ``scores`` this player's and the opponents' score values."""
    # Written as float32 bytes through a memoryview and wrapped once: far cheaper than
    # numpy calls for a few dozen scattered values.
    data = bytearray(_ZEROS)
    out = memoryview(data).cast("f")
    data[: 4 * 52] = _section(hand)
    for slot, seat in enumerate(opponents):
        if known[seat]:
            at = 4 * (_KNOWN + 52 * slot)
            data[at : at + 4 * 52] = _section(known[seat])
        out[_COUNTS + slot] = counts[seat] / 11
    if pile:
        data[4 * _ORDER : 4 * _ORDER + 208] = _pile_order(pile)
        out[_PILE_TOP + pile[-1]] = 1.0
    out[_UPCARD + fixed[0]] = 1.0
    out[_LIMIT] = fixed[1]
    out[_DOUBLED] = fixed[2]
    out[_STOCK] = stock_count / 31
    out[_PHASE_AT[phase]] = 1.0
    if scores is not None:
        for slot, value in enumerate(scores):
            out[_SCORES + slot] = value
    out.release()
    return np.frombuffer(data, dtype=np.float32)


def _scores(game: GameScore | Hollywood | None, target: int, seat: int, n: int) -> tuple[float, ...] | None:
    """The ``scores`` section: game points / target (at most 1), this seat first."""
    if game is None:
        return None
    if isinstance(game, GameScore):
        totals = game.points
    else:  # Hollywood: the sum over the three columns
        totals = tuple(sum(c.points[s] for c in game.columns) for s in range(n))
    return tuple(min(totals[(seat + i) % n] / target, 1.0) for i in range(n))


def encode_observation(view: PlayerView) -> npt.NDArray[np.float32]:
    """The fixed-size observation of ``view`` (see :data:`SECTIONS`); nothing else is read.
    ``TypeError`` for what is not a :class:`~ginrummy.PlayerView`."""
    _check_view("encode_observation", view)
    fixed = (view.upcard.index, view.knock_limit / 10, 1.0 if view.multiplier > 1 else 0.0)
    known = tuple(hand.mask for hand in view.known)
    scores = _scores(view.game, view.rules.game_target, view.seat, view.players)
    return _fill(
        view.hand.mask, view.pile, known, view.opponents, view.card_counts, fixed, view.stock_count, view.phase, scores
    )


def _check_game(game: object, rules: Rules) -> None:
    """Refuse a ``game`` score that is not ``None`` or the score of a game under ``rules``."""
    if game is None:
        return
    if not isinstance(game, (GameScore, Hollywood)):
        raise WrongTypeError(f"game must be a GameScore, a Hollywood or None, not {type(game).__name__}: {shown(game)}")
    if game.rules != rules:
        raise RulesError(f"game is scored under {game.rules}, but the state is played under {rules}: expected the same rules")


def _check_view(function: str, view: object) -> None:
    if not isinstance(view, PlayerView):
        raise WrongTypeError(f"{function} takes a PlayerView, not {type(view).__name__}: {shown(view)}")


def _check_seat(state: GameState, seat: object) -> int:
    """``seat`` as an ``int`` (a numpy integer is read as one) when it is a seat of ``state``."""
    if type(state) is not GameState:
        raise WrongTypeError(f"expected a GameState, not {type(state).__name__}: {shown(state)}")
    return check_seat(seat, len(state.hands))


_OPPONENTS = {(n, seat): tuple((seat + i) % n for i in range(1, n)) for n in range(2, 5) for seat in range(n)}
# One hand's upcard, limit and doubling never change within it: kept for the last (deck, rules).
_fixed_cache: list[tuple[object, object, tuple[int, float, float]]] = [((), None, (0, 0.0, 0.0))]
_scores_cache: dict[tuple[int, int], tuple[object, tuple[float, ...] | None]] = {}


def encode_seat(
    state: GameState, seat: int, game: GameScore | Hollywood | None = None
) -> npt.NDArray[np.float32]:
    """``encode_observation(view)`` for the view of ``seat`` (with ``game`` its score), read
    straight from ``state`` without building the view: the environments' fast path.

    It reads only what that view shows (this seat's cards, the pile, the cards each seat
    took from it and still holds, the counts, the upcard, the limit, the stock count, the
    phase and the scores); tests check it equals :func:`encode_observation` at every step.
    """
    seat = _check_seat(state, seat)
    hands = state.hands
    n = len(hands)
    deck = state.deck
    rules = state.rules
    last = _fixed_cache[0]  # one read and one write of a tuple: safe across threads
    if last[0] is deck and last[1] is rules:
        fixed = last[2]
    else:
        upcard = state.upcard
        fixed = (upcard.index, state.limit / 10, 1.0 if rules.multiplier_for(upcard) > 1 else 0.0)
        _fixed_cache[0] = (deck, rules, fixed)
    cached = _scores_cache.get((n, seat))
    if cached is not None and cached[0] is game:
        scores = cached[1]
    else:
        _check_game(game, rules)
        scores = _scores(game, rules.game_target, seat, n)
        _scores_cache[(n, seat)] = (game, scores)
    return _fill(
        hands[seat],
        state.pile,
        state.known,
        _OPPONENTS[(n, seat)],
        tuple(h.bit_count() for h in hands),
        fixed,
        len(deck) - state.stock_next,
        state.phase,
        scores,
    )


def legal_mask(actions: tuple[Action, ...]) -> npt.NDArray[np.int8]:
    """1 for exactly the hand actions in ``actions`` (others, such as ``NextHand``, are
    ignored); :class:`~ginrummy.WrongTypeError` for ``actions`` that are not actions."""
    mask = bytearray(ACTION_COUNT)
    if not isinstance(actions, (tuple, list)):
        raise WrongTypeError(f"legal_mask takes a sequence of actions, not {type(actions).__name__}: {shown(actions)}")
    for action in actions:
        if not isinstance(action, Action):
            raise WrongTypeError(f"legal_mask takes actions, not {type(action).__name__}: {shown(action)}")
        index = _index_of(action)
        if index is not None:
            mask[index] = 1
    return np.frombuffer(mask, dtype=np.int8)


# A byte of bits becomes eight int8 0/1 values by table look-up.
_BYTE_BITS = tuple(bytes(v >> bit & 1 for bit in range(8)) for v in range(256))
_MASK_BYTES = (ACTION_COUNT + 7) // 8


def state_mask(state: GameState, seat: int) -> npt.NDArray[np.int8]:
    """``action_mask(state.view(seat))`` without building the view: the environments' fast
    path (the discard phase is read as card masks, other phases from their few actions)."""
    seat = _check_seat(state, seat)
    if state.phase is not Phase.DISCARD or state.to_play_seat != seat:
        return legal_mask(state.legal_actions() if state.to_play == seat else ())
    discards, knocks, big_gin = state.legal_card_masks()
    bits = discards << DISCARD | knocks << KNOCK | big_gin << BIG_GIN
    packed = b"".join(map(_BYTE_BITS.__getitem__, bits.to_bytes(_MASK_BYTES, "little")))
    return np.frombuffer(bytearray(packed[:ACTION_COUNT]), dtype=np.int8)


def action_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """1 for exactly the actions in ``view.legal_actions`` (all 0 when it is not this player's
    turn). ``TypeError`` for what is not a :class:`~ginrummy.PlayerView`."""
    _check_view("action_mask", view)
    return legal_mask(view.legal_actions)
