"""What the other players' plays say about their hidden cards."""

from __future__ import annotations

import math

from ..actions import (
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
)
from ..state import PlayerView
from ._base import check_argument

__all__ = ["hidden_card_weights"]

# The cards related to each card: the other three of its rank, its neighbours in its
# suit, and the cards two away in its suit (a run needs both of those to use it).
_RANK_MATES = tuple(tuple(13 * s + i % 13 for s in range(4) if s != i // 13) for i in range(52))
_NEIGHBOURS = tuple(tuple(i + d for d in (-1, 1) if 0 <= i % 13 + d < 13) for i in range(52))
_TWO_AWAY = tuple(tuple(i + d for d in (-2, 2) if 0 <= i % 13 + d < 13) for i in range(52))

# Log-odds that an unseen card is among a player's hidden cards, added for each card of
# that player's that it relates to, by the kind of evidence (below) and the relation
# (same rank, neighbour in the suit, two away in the suit). Fitted by logistic regression
# on about a million (unseen card, hand) pairs from Oklahoma hands of hard against medium
# and against hard; benchmarks/hidden_cards.py refits and checks them.
RECENT = 3
"""Evidence from a player's last ``RECENT`` draws counts as recent."""
THROWN_RECENT, THROWN_EARLIER, PASSED_RECENT, PASSED_EARLIER, HELD = range(5)
COEFFICIENTS = (
    (-0.86, -0.82, -0.34),  # a card it threw, recently
    (-0.82, -0.67, -0.09),  # a card it threw, earlier
    (-0.62, -0.51, -0.24),  # a card it declined (the upcard, or a discard left for the stock), recently
    (-0.44, -0.20, 0.09),  # a card it declined, earlier
    (1.36, 1.29, 0.90),  # a card it took and still holds
)
RELATED = (_RANK_MATES, _NEIGHBOURS, _TWO_AWAY)


def evidence(view: PlayerView) -> dict[int, list[tuple[int, int]]]:
    """Per other seat, its public plays as (kind, card index): the kinds are
    ``THROWN_RECENT``, ``THROWN_EARLIER``, ``PASSED_RECENT``, ``PASSED_EARLIER`` and
    ``HELD`` (internal: :func:`hidden_card_weights` prices them, the benchmark refits)."""
    found: dict[int, list[tuple[bool, int, int]]] = {seat: [] for seat in view.opponents}  # (thrown?, card, draws)
    draws = dict.fromkeys(range(view.players), 0)
    pile = [view.upcard.index]
    passes = 0
    for seat, action in view.history:
        mine = seat in found
        if isinstance(action, PassUpcard):
            if mine:
                found[seat].append((False, pile[-1], draws[seat]))
            passes += 1
        elif isinstance(action, (TakeUpcard, DrawDiscard, TakeWallDiscard)):
            pile.pop()
            draws[seat] += 1
        elif isinstance(action, DrawStock):
            if mine and pile and passes != view.players:  # it could have taken the top card
                found[seat].append((False, pile[-1], draws[seat]))
            passes = 0
            draws[seat] += 1
        elif isinstance(action, (Discard, Knock)):
            pile.append(action.card.index)
            if mine:
                found[seat].append((True, action.card.index, draws[seat]))
    out: dict[int, list[tuple[int, int]]] = {}
    for seat, plays in found.items():
        rows = [
            ((THROWN_RECENT if thrown else PASSED_RECENT) + (draws[seat] - at > RECENT), card)
            for thrown, card, at in plays
        ]
        held = view.known[seat].mask
        while held:
            bit = held & -held
            held ^= bit
            rows.append((HELD, bit.bit_length() - 1))
        out[seat] = rows
    return out


def hidden_card_weights(view: PlayerView) -> dict[int, tuple[float, ...]]:
    """For each other seat, 52 weights (by card index): how likely each card is to be
    among that player's hidden cards, relative to a card nothing points at (weight 1).

    Players keep cards that meld and let go of cards that do not, so what a player
    threw, what it declined (the upcard, or a discard it left for the stock) and what
    it took and still holds say something about the rest of its hand: cards of the same
    rank as a card it threw, or next to it in its suit, are less likely in its hand;
    those around a card it took are more likely. Each relation multiplies the weight by
    a factor fitted on computer players' hands (the docs list them). Only the
    comparison between cards the player has not seen matters; the weights of other
    cards mean nothing. :func:`determinize` deals hidden cards by these weights when
    given them.

    >>> from ginrummy import GameState, Rules
    >>> from ginrummy.actions import PassUpcard
    >>> state = GameState.new(Rules(), seed=3)
    >>> upcard = state.view(0).upcard
    >>> state = state.apply(PassUpcard())  # the non-dealer declines the upcard
    >>> weights = hidden_card_weights(state.view(state.to_play))[state.dealer ^ 1]
    >>> weights[upcard.index] == 1.0  # the card itself is not judged
    True
    """
    check_argument("hidden_card_weights", view, PlayerView)
    weights: dict[int, tuple[float, ...]] = {}
    for seat, plays in evidence(view).items():
        logits = [0.0] * 52
        for kind, card in plays:
            for related, coefficient in zip(RELATED, COEFFICIENTS[kind]):
                for other in related[card]:
                    logits[other] += coefficient
        weights[seat] = tuple(math.exp(x) for x in logits)
    return weights
