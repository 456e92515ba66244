"""Helpers shared by the engine tests: scripted decks and random playouts."""

from __future__ import annotations

import math
import random

import attrs
import pytest

from ginrummy import PRESETS, Card, GameState, GinRummyError, Hand, Rules, TakeUpcard, parse_cards

NO_CAP = math.inf
"""The ``time_budget`` of no cap: a player given it samples in full even on a loaded
machine, so its choices, and the positions a test reaches, stay seeded."""


class JumpingClock:
    """A stand-in for the ``time`` module on which every reading of ``perf_counter``
    is ten seconds after the one before, as on a machine too busy for any time cap."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        """Ten seconds later than the last reading."""
        self.now += 10.0
        return self.now


def busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give the computer players' searches the :class:`JumpingClock`."""
    from ginrummy.players import _bots, _expert

    monkeypatch.setattr(_bots, "time", JumpingClock())
    monkeypatch.setattr(_expert, "time", JumpingClock())


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


def taken_upcard(non_dealer: str, upcard: str) -> GameState:
    """Seat 1 (the non-dealer) holds ``non_dealer`` and has just taken ``upcard``; the
    dealer holds ten unmelded cards (deadwood 64). Seat 1 is to discard, knock or go big gin."""
    return scripted(non_dealer, "Kc Qh 9d 8c 7h 6d 5c 4h 3d 2c", upcard).apply(TakeUpcard())


def easy_to_the_wall(seed: int) -> GameState:
    """A tournament-preset hand (the fiftieth-card rule) of two easy players seeded by
    ``seed``, played until the choice at the wall or, if no one reaches it, the end."""
    from ginrummy import Phase
    from ginrummy.players import make_player

    state = GameState.new(Rules.preset("tournament"), seed=seed)
    bots = [make_player("easy", seed=seed), make_player("easy", seed=seed + 1)]
    while not state.is_over and state.phase is not Phase.WALL:
        view = state.view(state.to_play_seat)
        state = state.apply(bots[state.to_play_seat].choose(view, view.legal_actions))
    return state


def playout(state: GameState, rng: random.Random) -> list[GameState]:
    """Every state of a random playout to the end of the hand."""
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def preset_for(name: str, players: int) -> Rules:
    """The preset ``name`` for ``players`` seats, or as it is when it seats only two (Hollywood)."""
    try:
        return attrs.evolve(PRESETS[name], players=players)
    except GinRummyError:
        return PRESETS[name]


def played_by_bots(rules: Rules, seed: int) -> list[GameState]:
    """Every state of one hand played by medium and easy players in turn, seeded by ``seed``."""
    from ginrummy.players import make_player

    bots = [make_player("medium" if seat % 2 else "easy", seed=seed + seat) for seat in range(rules.players)]
    state = GameState.new(rules, seed=seed)
    states = [state]
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        state = state.apply(bots[seat].choose(view, view.legal_actions))
        states.append(state)
    return states


def seated_deck(hands: list[str], upcard: str, stock: str = "", *, dealer: int = 0) -> list[Card]:
    """A deal order giving ``hands[s]`` to seat ``s`` when ``dealer`` deals (one card at a
    time from the dealer's left), then this upcard and this stock top."""
    n = len(hands)
    cards = [parse_cards(h) for h in hands]
    size = len(cards[0])
    assert all(len(c) == size for c in cards)
    order: list[Card] = []
    for i in range(n * size):
        seat = (dealer + 1 + i) % n
        order.append(cards[seat][i // n])
    order.append(Card.parse(upcard))
    order += parse_cards(stock)
    used = Hand(order)
    order += [c for c in Hand.deck() if c not in used]
    return order


def seated(hands: list[str], upcard: str, stock: str = "", *, rules: Rules | None = None, dealer: int = 0) -> GameState:
    """A hand of ``len(hands)`` players (Oklahoma unless ``rules``) with these hands by seat."""
    rules = rules or Rules(players=len(hands))
    return GameState.new(rules, deck=seated_deck(hands, upcard, stock, dealer=dealer), dealer=dealer)


def shuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same public situation with every card ``seat`` cannot see (the other hands'
    hidden cards, the stock) dealt differently."""
    others = [s for s in range(state.players) if s != seat]
    hidden = {s: state.hands[s] & ~state.known[s] for s in others}
    pool = [i for s in others for i in range(52) if hidden[s] >> i & 1] + list(state.deck[state.stock_next :])
    rng.shuffle(pool)
    hands = list(state.hands)
    at = 0
    for s in others:
        count = hidden[s].bit_count()
        hands[s] = state.known[s] | sum(1 << i for i in pool[at : at + count])
        at += count
    # The cards off the stock fill the deck before it in any order, the upcard in its place,
    # so that the deck stays the 52 cards once each.
    stock = tuple(pool[at:])
    upcard_at = state.players * state.rules.hand_size
    upcard = state.deck[upcard_at]
    rest = sorted(set(range(52)) - set(stock) - {upcard})
    deck = (*rest[:upcard_at], upcard, *rest[upcard_at:], *stock)
    return attrs.evolve(state, hands=tuple(hands), deck=deck)
