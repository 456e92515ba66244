"""GameState.validate: every invariant of a hand, refused with the library's own errors."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy import (
    Card,
    GameScore,
    GameState,
    GinRummyError,
    Hollywood,
    InvalidStateError,
    Match,
    Phase,
    Rules,
    WrongTypeError,
)
from ginrummy.actions import Discard, DrawStock, Knock, NextHand, PassUpcard, TakeUpcard

from helpers import playout

OKLAHOMA = Rules()
STANDARD = Rules.parse("standard")


def dealt(players: int = 2, seed: int = 5) -> GameState:
    return GameState.new(attrs.evolve(OKLAHOMA, players=players), seed=seed)


def in_discard_phase() -> GameState:
    state = dealt()
    return state.apply(PassUpcard()).apply(PassUpcard()).apply(DrawStock())


def knocked() -> GameState:
    """A hand over by a knock (standard rules, so that a knock limit of 10 is near)."""
    rng = random.Random(3)
    for seed in range(200):
        state = GameState.new(STANDARD, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            knocks = [a for a in legal if isinstance(a, Knock)]
            state = state.apply(knocks[0] if knocks else rng.choice(legal))
        if state.knock_discard >= 0:
            return state
    raise AssertionError("no knock in 200 hands")


def refused(state: GameState, *fragments: str, error: type[GinRummyError] = InvalidStateError) -> None:
    with pytest.raises(error) as raised:
        state.validate()
    for fragment in fragments:
        assert fragment in str(raised.value), (fragment, str(raised.value))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 10**6))
def test_every_state_the_engine_makes_is_valid(players: int, seed: int) -> None:
    rules = attrs.evolve(OKLAHOMA, players=players)
    for state in playout(GameState.new(rules, seed=seed), random.Random(seed)):
        state.validate()


def test_a_card_in_two_places_names_the_card_and_both_places() -> None:
    state = dealt()
    top = state.pile[-1]
    hands = (state.hands[0] | 1 << top, state.hands[1])
    refused(attrs.evolve(state, hands=hands), f"card {Card.from_index(top)} is in two places", "hand", "discard pile")


def test_a_missing_card_is_named() -> None:
    state = dealt()
    low = state.hands[0] & -state.hands[0]
    hands = (state.hands[0] ^ low, state.hands[1])
    refused(attrs.evolve(state, hands=hands), "cards are missing", str(Card.from_index(low.bit_length() - 1)))


def test_a_card_twice_in_the_pile_is_refused() -> None:
    state = in_discard_phase()
    seat = state.to_play_seat
    card = min(state.hand(seat))
    state = state.apply(Discard(card))
    refused(attrs.evolve(state, pile=state.pile + (card.index,)), f"card {card} is in the discard pile twice")


def test_a_deck_that_is_not_a_permutation_is_refused() -> None:
    state = dealt()
    deck = (state.deck[1],) + state.deck[1:]
    refused(attrs.evolve(state, deck=deck), "GameState.deck is not the 52 card indexes")
    refused(attrs.evolve(state, deck=state.deck[:51]), "GameState.deck is not the 52 card indexes")


def test_a_hand_of_the_wrong_size_for_the_phase_is_refused() -> None:
    state = in_discard_phase()
    refused(attrs.evolve(state, phase=Phase.DRAW), f"seat {state.to_play_seat} holds 11 cards in the draw phase: expected 10")
    three = dealt(players=3)
    refused(attrs.evolve(three, phase=Phase.DISCARD), f"seat {three.to_play_seat} holds 7 cards in the discard phase: expected 8")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda s: attrs.evolve(s, dealer=2), "GameState.dealer=2 is not a seat: expected 0-1"),
        (lambda s: attrs.evolve(s, dealer=-1), "GameState.dealer=-1 is not a seat"),
        (lambda s: attrs.evolve(s, to_play_seat=5), "GameState.to_play_seat=5 is not a seat"),
        (lambda s: attrs.evolve(s, passes=3), "GameState.passes=3: expected 0-2"),
        (lambda s: attrs.evolve(s, stock_next=53), "GameState.stock_next=53: expected 21-50"),
        (lambda s: attrs.evolve(s, stock_next=20), "GameState.stock_next=20"),
        (lambda s: attrs.evolve(s, stock_next=51), "its last 2 cards are never drawn"),
        (lambda s: attrs.evolve(s, limit=-1), "GameState.limit=-1: the rules and the upcard"),
        (lambda s: attrs.evolve(s, known=(0,)), "GameState.known holds 1 entry: expected 2"),
        (lambda s: attrs.evolve(s, hands=s.hands + (0,)), "GameState.hands holds 3 entries: expected 2"),
        (lambda s: attrs.evolve(s, hands=(s.hands[0] | 1 << 60, s.hands[1])), "as a card mask"),
        (lambda s: attrs.evolve(s, pile=(52,)), "GameState.pile holds 52: expected card indexes 0-51"),
        (lambda s: attrs.evolve(s, knock_discard=99), "GameState.knock_discard=99: expected a card index 0-51, or -1"),
        (lambda s: attrs.evolve(s, taken=-7), "GameState.taken=-7: expected a card index 0-51, or -1"),
        (lambda s: attrs.evolve(s, knock_discard=s.pile[0]), "is in two places: the discard pile and the knock discard"),
        (lambda s: attrs.evolve(s, must_knock=True), "GameState.must_knock is set in the offer phase"),
        (lambda s: attrs.evolve(s, phase=Phase.OVER), "GameState.result is missing in the over phase"),
    ],
)
def test_fields_out_of_range_are_refused(change: Callable[[GameState], GameState], fragment: str) -> None:
    refused(change(dealt()), fragment)


def test_the_upcard_offer_goes_round_from_the_dealers_left() -> None:
    """Section 2: the upcard is offered to each player in turn from the dealer's left,
    the dealer last; if all pass, the dealer's left draws from the stock."""
    state = GameState.new(attrs.evolve(OKLAHOMA, players=3), seed=1, dealer=0)
    assert (state.to_play, state.passes) == (1, 0)
    for passes, seat in ((0, 1), (1, 2), (2, 0)):
        attrs.evolve(state, passes=passes, to_play_seat=seat).validate()
        for wrong in {0, 1, 2} - {seat}:
            refused(attrs.evolve(state, passes=passes, to_play_seat=wrong), f"GameState.to_play_seat={wrong} with passes={passes}",
                    f"so seat {seat} is to play")
    refused(attrs.evolve(state, passes=3, to_play_seat=1), "so at most 2 can have passed")
    drawn = state.apply(PassUpcard()).apply(PassUpcard()).apply(PassUpcard())
    assert (drawn.phase, drawn.to_play, drawn.passes) == (Phase.DRAW, 1, 3)
    refused(attrs.evolve(drawn, to_play_seat=2), "after every seat passed the upcard (dealer 0): the dealer's left, seat 1, draws")


def test_a_known_card_must_be_held() -> None:
    state = dealt()
    outside = state.pile[-1]
    refused(attrs.evolve(state, known=(1 << outside, 0)), f"seat 0 is known to hold {Card.from_index(outside)}")


def test_the_card_taken_this_turn_must_be_held_in_the_discard_phase() -> None:
    state = dealt()
    taken = state.apply(TakeUpcard())
    taken.validate()
    refused(attrs.evolve(state, taken=state.pile[-1]), "a card taken this turn must be held by the seat to play")
    other = state.hands[1 - taken.to_play_seat] & -state.hands[1 - taken.to_play_seat]
    refused(attrs.evolve(taken, taken=other.bit_length() - 1), "a card taken this turn")


def test_a_knock_discard_before_the_hand_is_over_is_refused() -> None:
    state = in_discard_phase()
    seat = state.to_play_seat
    card = min(state.hand(seat))
    hands = tuple(h & ~card.mask if s == seat else h for s, h in enumerate(state.hands))
    refused(attrs.evolve(state, hands=hands, knock_discard=card.index), "GameState.knock_discard is set in the discard phase")


def test_a_result_before_the_hand_is_over_is_refused() -> None:
    over = knocked()
    assert over.result is not None
    refused(attrs.evolve(dealt(), result=over.result), "GameState.result is set in the offer phase")


def test_the_knock_discard_of_a_finished_hand_is_in_place() -> None:
    over = knocked()
    over.validate()
    card = over.knock_discard
    refused(attrs.evolve(over, knock_discard=-1), "cards are missing", str(Card.from_index(card)))


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda s: attrs.evolve(s, rules="oklahoma"), "GameState.rules must be a Rules value, not 'oklahoma'"),
        (lambda s: attrs.evolve(s, phase="offer"), "GameState.phase must be a Phase"),
        (lambda s: attrs.evolve(s, hands=list(s.hands)), "GameState.hands must be a tuple of whole numbers"),
        (lambda s: attrs.evolve(s, deck=tuple(map(str, s.deck))), "GameState.deck must be a tuple of whole numbers"),
        (lambda s: attrs.evolve(s, dealer=True), "GameState.dealer must be a whole number, not True"),
        (lambda s: attrs.evolve(s, must_knock=1), "GameState.must_knock must be True or False"),
        (lambda s: attrs.evolve(s, result="gin"), "GameState.result must be a HandResult or None"),
        (lambda s: attrs.evolve(s, taken=None), "GameState.taken must be a whole number, not None"),
        (lambda s: attrs.evolve(s, passes=1.0), "GameState.passes must be a whole number, not 1.0"),
        (lambda s: attrs.evolve(s, stock_next="21"), "GameState.stock_next must be a whole number, not '21'"),
    ],
)
def test_fields_of_the_wrong_type_are_refused(change: Callable[[GameState], GameState], fragment: str) -> None:
    refused(change(dealt()), fragment, error=WrongTypeError)


def test_validate_still_checks_under_python_dash_o() -> None:
    code = (
        "import attrs, ginrummy\n"
        "state = ginrummy.GameState.new(ginrummy.Rules(), seed=1)\n"
        "try:\n"
        "    attrs.evolve(state, hands=(0, 0)).validate()\n"
        "except ginrummy.InvalidStateError as error:\n"
        "    print('refused:', error)\n"
    )
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("refused: cards are missing"), out.stdout + out.stderr


# --------------------------------------------------------------------- matches built directly


def _match_after_hands(hands: int, rules: Rules = OKLAHOMA, seed: int = 3) -> Match:
    """A match played at random until ``hands`` hands are over (the last one left over, not dealt on)."""
    rng = random.Random(seed)
    match = Match.new(rules, seed=seed)
    while True:
        if match.state.is_over and len(match.finished) + 1 >= hands or match.is_over:
            return match
        match = match.apply(rng.choice(match.legal_actions()))


def test_a_match_rebuilt_from_its_fields_is_equal() -> None:
    for rules in (OKLAHOMA, Rules.preset("hollywood"), attrs.evolve(OKLAHOMA, players=3)):
        match = _match_after_hands(3, rules)
        assert attrs.evolve(match) == match
        dealt_on = match.apply(NextHand())
        assert attrs.evolve(dealt_on) == dealt_on


def test_a_match_resumed_from_a_paper_score_is_accepted() -> None:
    match = Match.new(OKLAHOMA, seed=2)
    resumed = attrs.evolve(match, score=GameScore(OKLAHOMA, points=(120, 40)))
    assert isinstance(resumed.score, GameScore)
    assert resumed.score.points == (120, 40) and not resumed.is_over


def test_a_match_whose_fields_do_not_fit_together_is_refused() -> None:
    match = _match_after_hands(2)
    assert len(match.finished) == 1 and match.state.is_over
    other_rules = STANDARD
    cases: list[tuple[dict[str, Any], type[Exception], str]] = [
        ({"rules": "oklahoma"}, WrongTypeError, "'oklahoma'"),
        ({"state": None}, WrongTypeError, "Match.state must be a GameState, not NoneType: None"),
        ({"score": (0, 0)}, WrongTypeError, "(0, 0)"),
        ({"finished": list(match.finished)}, WrongTypeError, "Match.finished must be a tuple"),
        ({"score": Hollywood(OKLAHOMA)}, InvalidStateError, "keep a GameScore"),
        ({"state": GameState.new(other_rules, seed=1)}, InvalidStateError, "Match.state is played under standard"),
        ({"score": GameScore(other_rules)}, InvalidStateError, "Match.score is played under standard"),
        ({"finished": (GameState.new(OKLAHOMA, seed=1),)}, InvalidStateError, "finished hand 1 is not over"),
        ({"score": GameScore(OKLAHOMA)}, InvalidStateError, "holds 0 hand results, but the match has 2"),
        ({"finished": ()}, InvalidStateError, "holds 2 hand results, but the match has 1"),
        ({"finished": match.finished * 2}, InvalidStateError, "the match has 3"),
    ]
    for changes, error, quoted in cases:
        with pytest.raises(error) as raised:
            attrs.evolve(match, **changes)
        assert quoted in str(raised.value), (changes, str(raised.value))


def test_a_match_built_directly_deals_each_hand_by_the_rules_dealer() -> None:
    """Each hand after the first is dealt by the seat ``next_dealer`` names after the hand
    before it (the same dealer after a void hand), as loading a saved match requires: a
    match built otherwise would not load back."""
    from ginrummy import dumps, loads

    for rules in (OKLAHOMA, attrs.evolve(OKLAHOMA, players=3), Rules.preset("classic")):
        match = _match_with_knocks(rules, hands=4)
        assert loads(dumps(match)) == match == attrs.evolve(match)
        number = len(match.finished) + 1
        wrong = next(seat for seat in range(rules.players) if seat != match.state.dealer)
        moved = GameState.new(rules, deck=match.state.deck_cards, dealer=wrong)
        with pytest.raises(
            InvalidStateError,
            match=rf"Match hand {number} is dealt by seat {wrong}, but after hand {number - 1} the rules"
            rf" \(next_dealer={rules.next_dealer.value}\) make seat {match.state.dealer} the dealer",
        ):
            attrs.evolve(match, state=moved)
        # two finished hands in the wrong order, the score following them
        swapped = (match.finished[1], match.finished[0], *match.finished[2:])
        score = GameScore(rules)
        for hand in swapped:
            assert hand.result is not None
            score = score.add(hand.result)
        with pytest.raises(InvalidStateError, match=r"Match hand [23] is dealt by seat"):
            attrs.evolve(match, finished=swapped, score=score)


def _match_with_knocks(rules: Rules, hands: int) -> Match:
    """A match whose first ``hands`` hands end with a knock or gin (each dealt by the
    dealer's left, or by the winner under ``classic``), dealt on to the next hand."""
    from ginrummy.players import make_player

    for seed in range(100):
        bot = make_player("medium", seed=seed)  # it knocks as soon as it can
        match = Match.new(rules, seed=seed)
        while not match.is_over and len(match.finished) < hands:
            seat = match.to_play
            legal = match.legal_actions()
            match = match.apply(legal[0] if seat is None else bot.choose(match.view(seat), legal))
        results = [hand.result for hand in match.finished]
        if len(results) == hands and not any(r is None or r.is_void for r in results):
            if len({hand.dealer for hand in match.finished[:2]}) == 2:
                return match
    raise AssertionError("no such match in 100 seeds")


def test_a_finished_game_deals_no_more_hands() -> None:
    match = Match.new(OKLAHOMA, seed=2)
    won = GameScore(OKLAHOMA, points=(150, 0))
    with pytest.raises(InvalidStateError, match="the game is over, but a hand is in play"):
        attrs.evolve(match, score=won)


# --------------------------------------------------------------------- saving needs a record


def test_a_state_that_is_unsound_or_whose_record_cannot_be_replayed_does_not_follow_its_record() -> None:
    state = GameState.new(Rules(), seed=1).apply(TakeUpcard())
    state = state.apply(Discard(Card.parse("3s")))
    assert state.follows_its_record()
    twice = attrs.evolve(state, hands=(state.hands[0], state.hands[0]))
    with pytest.raises(GinRummyError, match="is in two places"):
        twice.validate()
    assert not twice.follows_its_record()
    other = GameState.new(Rules(), seed=3).apply(TakeUpcard()).apply(Discard(Card.parse("4s")))
    borrowed = attrs.evolve(state, node=other.node)  # another deal's record: sound fields, a record that cannot replay
    borrowed.validate()
    with pytest.raises(GinRummyError, match="cannot discard 4s: 4s is not in your hand"):
        GameState.new(Rules(), deck=state.deck_cards, dealer=state.dealer).apply(TakeUpcard()).apply(Discard(Card.parse("4s")))
    assert not borrowed.follows_its_record()


def test_a_state_whose_record_is_not_a_history_step_is_a_wrong_type() -> None:
    state = GameState.new(Rules(), seed=1)
    with pytest.raises(WrongTypeError, match="GameState.node must be a history step or None, not 'x'"):
        attrs.evolve(state, node="x").validate()  # type: ignore[arg-type]


def test_a_state_without_a_record_that_loads_back_is_not_saved() -> None:
    from ginrummy import dumps, loads
    from ginrummy.players import determinize

    state = in_discard_phase()
    assert state.follows_its_record() and loads(dumps(state)) == state
    world = determinize(state.view(0), random.Random(1))
    world.validate()  # a sound state, but one with no history: its record is the bare deal
    assert not world.follows_its_record()
    with pytest.raises(InvalidStateError, match="cannot save this state: dealing its deck and replaying its 0 actions does not give it"):
        dumps(world)
    moved = attrs.evolve(state, dealer=1 - state.dealer)
    with pytest.raises(InvalidStateError, match="replaying its 3 actions does not give it"):
        dumps(moved)
    with pytest.raises(WrongTypeError, match=r"GameState.pile must be a tuple of whole numbers, not \[1, 2\]"):
        dumps(attrs.evolve(state, pile=[1, 2]))  # type: ignore[arg-type]


def test_a_match_holding_a_hand_without_its_record_is_not_saved() -> None:
    from ginrummy import dumps, loads
    from ginrummy.players import determinize

    match = _match_after_hands(2).apply(NextHand())
    assert loads(dumps(match)) == match
    world = determinize(match.state.view(0), random.Random(2))
    assert match.hand_number == 3
    with pytest.raises(InvalidStateError, match="cannot save hand 3 of this match"):
        dumps(attrs.evolve(match, state=world))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_every_state_the_engine_makes_follows_its_record(seed: int, players: int) -> None:
    for state in playout(dealt(players, seed), random.Random(seed)):
        assert state.follows_its_record()
