"""The fixed-size encodings of observations and actions shared by the environments."""

from __future__ import annotations

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
    GameScore,
    IllegalActionError,
    DrawStock,
    Knock,
    PassUpcard,
    Phase,
    PlayerView,
    TakeUpcard,
    TakeWallDiscard,
)

__all__ = [
    "ACTION_COUNT",
    "OBSERVATION_SIZE",
    "SECTIONS",
    "action_index",
    "action_mask",
    "encode_observation",
    "index_action",
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
_BY_INDEX: tuple[Action, ...] = (
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


def action_index(action: Action) -> int:
    """The discrete index of ``action`` (a knock's explicit melds are not encoded)."""
    if isinstance(action, Discard):
        return DISCARD + action.card.index
    if isinstance(action, Knock):
        return KNOCK + action.card.index
    index = _SIMPLE.get(type(action))
    if index is None:
        raise IllegalActionError(f"{action!r} has no index: only the actions of a hand are encoded", reason="unknown_action")
    return index


def index_action(index: int) -> Action:
    """The action of discrete index ``index`` (0-110)."""
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)) or not 0 <= index < ACTION_COUNT:
        raise IllegalActionError(f"action index {index!r} is not one of 0-{ACTION_COUNT - 1}", reason="unknown_action")
    return _BY_INDEX[int(index)]


_BINARY = _OFFSETS["knock_limit"]  # every section before this one holds 0 or 1 (pile_order is set after)
_BYTES = (_BINARY + 7) // 8


def encode_observation(view: PlayerView) -> npt.NDArray[np.float32]:
    """The fixed-size observation of ``view`` (see :data:`SECTIONS`); nothing else is read."""
    o = _OFFSETS
    # The 0/1 sections are gathered in one integer and unpacked in one call.
    bits = view.hand.mask | 1 << (o["upcard"] + view.upcard.index)
    pile = view.pile
    if pile:
        bits |= 1 << (o["pile_top"] + pile[-1])
    opponents = view.opponents
    known = view.known
    for slot, seat in enumerate(opponents):
        bits |= known[seat].mask << (o["known_left"] + 52 * slot)
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    out[:_BINARY] = np.unpackbits(np.frombuffer(bits.to_bytes(_BYTES, "little"), dtype=np.uint8), bitorder="little")[:_BINARY]
    order = o["pile_order"]
    for position, index in enumerate(pile, start=1):
        out[order + index] = position / 52
    counts = view.card_counts
    for slot, seat in enumerate(opponents):
        out[o["card_counts"] + slot] = counts[seat] / 11
    out[o["knock_limit"]] = view.knock_limit / 10
    out[o["doubled"]] = 1.0 if view.multiplier > 1 else 0.0
    out[o["stock"]] = view.stock_count / 31
    out[o["phase"] + _PHASES.index(view.phase)] = 1
    game = view.game
    if game is not None:
        target = view.rules.game_target
        if isinstance(game, GameScore):
            totals = game.points
        else:  # Hollywood: the sum over the three columns
            totals = tuple(sum(c.points[s] for c in game.columns) for s in range(view.players))
        for slot, seat in enumerate((view.seat, *opponents)):
            out[o["scores"] + slot] = min(totals[seat] / target, 1.0)
    return out


def action_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """1 for exactly the actions in ``view.legal_actions`` (all 0 when it is not this player's turn)."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    for action in view.legal_actions:
        if isinstance(action, Discard):
            mask[DISCARD + action.card.index] = 1
        elif isinstance(action, Knock):
            mask[KNOCK + action.card.index] = 1
        else:
            index = _SIMPLE.get(type(action))
            if index is not None:
                mask[index] = 1
    return mask
