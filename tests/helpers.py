"""Helpers shared by the engine tests: scripted decks and random playouts."""

from __future__ import annotations

import random

from ginrummy import Card, GameState, Hand, Rules, parse_cards


def scripted_deck(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deal order giving these hands, this upcard and this stock top (the rest follows in order)."""
    a, b = parse_cards(non_dealer), parse_cards(dealer)
    assert len(a) == len(b) == 10
    order: list[Card] = []
    for x, y in zip(a, b):
        order += [x, y]
    order.append(Card.parse(upcard))
    order += parse_cards(stock)
    used = Hand(order)
    order += [c for c in Hand.deck() if c not in used]
    return order


def scripted(non_dealer: str, dealer: str, upcard: str, stock: str = "", *, rules: Rules | None = None) -> GameState:
    """A hand dealt by seat 0, so seat 1 is the non-dealer and plays first."""
    return GameState.new(rules or Rules(), deck=scripted_deck(non_dealer, dealer, upcard, stock), dealer=0)


def playout(state: GameState, rng: random.Random) -> list[GameState]:
    """Every state of a random playout to the end of the hand."""
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states
