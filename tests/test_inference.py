"""Reading the other players' hidden cards from their plays, and dealing them by it."""

from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction

import pytest

from helpers import NO_CAP, scripted, seated_deck
from ginrummy import (
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    GameState,
    PassUpcard,
    PlayerError,
    PlayerView,
    Rules,
)
from ginrummy.players import ExpertPlayer, HardPlayer, MediumPlayer, Player, determinize, hidden_card_weights, opponent_draws
from ginrummy.players._inference import (
    COEFFICIENTS,
    HELD,
    PASSED_RECENT,
    THROWN_EARLIER,
    THROWN_RECENT,
    evidence,
)


def c(text: str) -> int:
    return Card.parse(text).index


def played(state: GameState, *actions: object) -> GameState:
    for action in actions:
        state = state.apply(action)  # type: ignore[arg-type]
    return state


def opening() -> GameState:
    """Seat 1 declines the upcard Kc, draws, throws 7h; seat 0 throws Ah, which seat 1
    takes before throwing 9s. Seat 0 is to play."""
    state = scripted(
        "7h 2c 3c 4c 9s 9d Jh Qd 5s Ad", "Ah 2h 3h 4d 5d 6d Ts Td Js Qs", "Kc", "8c 3s 4s 6s 7s 8s"
    )
    return played(
        state,
        PassUpcard(), PassUpcard(),  # both decline Kc; seat 1 then has to draw from the stock
        DrawStock(), Discard(Card.parse("7h")),
        DrawStock(), Discard(Card.parse("Ah")),
        DrawDiscard(), Discard(Card.parse("9s")),
    )


def test_hidden_card_weights_read_what_a_player_threw_declined_and_took() -> None:
    view = opening().view(0)
    weights = hidden_card_weights(view)
    assert set(weights) == {1} and len(weights[1]) == 52
    w = weights[1]
    same, near, far = range(3)
    thrown, passed, held = COEFFICIENTS[THROWN_RECENT], COEFFICIENTS[PASSED_RECENT], COEFFICIENTS[HELD]
    assert w[c("2d")] == 1.0  # nothing points at it
    assert w[c("7c")] == pytest.approx(math.exp(thrown[same]))  # the rank of the thrown 7h
    assert w[c("8h")] == pytest.approx(math.exp(thrown[near]))  # next to 7h
    assert w[c("9h")] == pytest.approx(math.exp(thrown[far] + thrown[same]))  # two from 7h, and the rank of 9s
    assert w[c("Kh")] == pytest.approx(math.exp(passed[same]))  # the rank of the declined Kc
    assert w[c("Qc")] == pytest.approx(math.exp(passed[near]))
    assert w[c("As")] == pytest.approx(math.exp(held[same]))  # the rank of the Ah it took and holds
    assert w[c("2h")] == pytest.approx(math.exp(held[near])) and w[c("3h")] == pytest.approx(math.exp(held[far]))
    # Throwing makes the cards around it less likely; taking makes them more likely.
    assert w[c("7c")] < 1.0 < w[c("As")]


def test_hidden_card_weights_count_a_draw_forced_after_both_passed_as_no_decline() -> None:
    plays = evidence(opening().view(0))[1]
    assert plays.count((PASSED_RECENT, c("Kc"))) == 1  # its pass, not its forced stock draw
    assert (THROWN_RECENT, c("7h")) in plays and (THROWN_RECENT, c("9s")) in plays
    assert (HELD, c("Ah")) in plays


def test_hidden_card_weights_count_older_plays_as_earlier() -> None:
    state = opening()
    # Seat 0 draws and throws what it drew, seat 1 declines it and does the same, four times.
    for _ in range(8):
        drawn = Card.from_index(state.deck[state.stock_next])
        state = played(state, DrawStock(), Discard(drawn))
    assert state.to_play == 0 and opponent_draws(state.view(0))[1] == 6
    plays = evidence(state.view(0))[1]
    assert (THROWN_EARLIER, c("7h")) in plays  # four draws of seat 1's ago
    assert (THROWN_RECENT, c("7h")) not in plays


@pytest.mark.parametrize("players", [3, 4])
def test_hidden_card_weights_cover_every_other_seat(players: int) -> None:
    hands = ["2c 3c 4c 5d 9d Jh Qd", "2h 3h 4h 5s 9s Jd Qs", "2d 3d 4d 5c 9c Js Qc", "2s 3s 4s 5h 9h Jc Qh"]
    rules = Rules(players=players)
    state = GameState.new(rules, deck=seated_deck(hands[:players], "Kc", "8c 8d 8h"), dealer=0)
    while state.history_length < 3 * players:
        state = state.apply(state.legal_actions()[-1])
    for seat in range(players):
        view = state.view(seat)
        weights = hidden_card_weights(view)
        assert sorted(weights) == sorted(view.opponents)
        assert all(len(row) == 52 and all(x > 0 for x in row) for row in weights.values())


def test_hidden_card_weights_refuse_what_is_not_a_view() -> None:
    with pytest.raises(TypeError, match="hidden_card_weights takes a PlayerView, not str: 'x'"):
        hidden_card_weights("x")  # type: ignore[arg-type]


def test_weighted_deals_follow_the_weights() -> None:
    view = opening().view(0)
    favourite, shunned = c("5h"), c("6h")
    assert view.unseen.mask >> favourite & 1 and view.unseen.mask >> shunned & 1
    row = [1.0] * 52
    row[favourite], row[shunned] = 1e9, 1e-9
    hands = [determinize(view, random.Random(i), improve=0, weights={1: row}).hands[1] for i in range(100)]
    assert all(h >> favourite & 1 for h in hands)
    assert not any(h >> shunned & 1 for h in hands)
    # With equal weights every unseen card still turns up somewhere.
    flat = {1: [1.0] * 52}
    seen = 0
    for i in range(200):
        seen |= determinize(view, random.Random(i), improve=0, weights=flat).hands[1] & ~view.known[1].mask
    assert seen == view.unseen.mask


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ([1.0] * 52, "weights=[1.0, 1.0"),
        ({0: [1.0] * 52}, "weights for seat 0 are not allowed: expected other seats, [1]"),
        ({2: [1.0] * 52}, "weights for seat 2 are not allowed"),
        ({1: [1.0] * 51}, "weights for seat 1 are [1.0"),
        ({1: "x" * 52}, "weights for seat 1 are 'xxx"),
        ({1: dict.fromkeys(range(52), 1.0)}, "weights for seat 1 are {0: 1.0"),
        ({1: 7}, "weights for seat 1 are 7: expected 52 weights, one per card index"),
        ({"1": [1.0] * 52}, "weights for seat '1' are not allowed"),
        ({1: [1.0] * 51 + [0.0]}, "weights for seat 1 hold 0.0 for card index 51: expected a positive finite number"),
        ({1: [-1.0] + [1.0] * 51}, "hold -1.0 for card index 0"),
        ({1: [math.nan] + [1.0] * 51}, "hold nan for card index 0"),
        ({1: [math.inf] + [1.0] * 51}, "hold inf for card index 0"),
        ({1: [True] + [1.0] * 51}, "hold True for card index 0"),
        ({1: ["2"] + [1.0] * 51}, "hold '2' for card index 0"),
    ],
)
def test_determinize_refuses_impossible_weights(weights: object, message: str) -> None:
    view = opening().view(0)
    with pytest.raises(PlayerError) as error:
        determinize(view, random.Random(1), weights=weights)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_determinize_takes_weights_of_any_real_numbers_in_any_iterable() -> None:
    view = opening().view(0)
    rows: list[object] = [[1.0] * 52, tuple(range(1, 53)), (1 for _ in range(52)), [Fraction(1, 2)] * 52, range(1, 53)]
    for row in rows:
        world = determinize(view, random.Random(2), improve=0, weights={1: row})  # type: ignore[dict-item]
        world.validate()
    same = [determinize(view, random.Random(i), improve=0, weights={1: [1] * 52}).hands[1] for i in range(5)]
    again = [determinize(view, random.Random(i), improve=0, weights={1: [1.0] * 52}).hands[1] for i in range(5)]
    assert same == again  # an int weight deals as its float


def positions(hands: int) -> list[tuple[PlayerView, int]]:
    """Hard's views against medium, with medium's hidden cards."""
    found = []
    for deal in range(hands):
        players: list[Player] = [HardPlayer(seed=deal, time_budget=NO_CAP), MediumPlayer()]
        state = GameState.new(Rules.parse("oklahoma"), seed=300 + deal)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if seat == 0 and view.history_length > 8:
                found.append((view, state.hands[1] & ~view.known[1].mask))
            state = state.apply(players[seat].choose(view, view.legal_actions))
    return found


def test_weighted_deals_name_more_of_the_hidden_cards() -> None:
    # The evidence is worth having: deals by it get more of medium's hidden cards right
    # than deals improved for its draws alone, and those more than uniform deals.
    found = positions(12)
    assert len(found) >= 60
    right: dict[str, list[float]] = {"uniform": [], "improved": [], "weighted": []}
    for n, (view, hidden) in enumerate(found):
        draws = opponent_draws(view)
        weights = hidden_card_weights(view)
        for way, kwargs in (
            ("uniform", {"improve": 0}),
            ("improved", {"draws": draws}),
            ("weighted", {"improve": 2, "draws": draws, "weights": weights}),
        ):
            rng = random.Random(n)
            deals = [determinize(view, rng, **kwargs).hands[1] for _ in range(10)]
            right[way].append(statistics.mean((d & hidden).bit_count() / hidden.bit_count() for d in deals))
    uniform, improved, weighted = (statistics.mean(right[w]) for w in ("uniform", "improved", "weighted"))
    assert uniform < improved < weighted
    assert weighted > improved + 0.02


def test_expert_infers_by_default_and_can_be_told_not_to() -> None:
    assert ExpertPlayer().infer is True and ExpertPlayer(infer=False).infer is False
    view = opening().view(0)
    for infer in (True, False):
        first = ExpertPlayer(seed=3, simulations=12, time_budget=NO_CAP, infer=infer).choose(view, view.legal_actions)
        again = ExpertPlayer(seed=3, simulations=12, time_budget=NO_CAP, infer=infer).choose(view, view.legal_actions)
        assert first == again and first in view.legal_actions
    for bad in ("yes", 1, None):
        with pytest.raises(PlayerError, match=f"infer={bad!r} is not allowed: expected True or False"):
            ExpertPlayer(infer=bad)  # type: ignore[arg-type]
