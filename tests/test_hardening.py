"""Contracts hardened in 0.2 (issue 14): each test failed on 0.1.0."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import played_by_bots, preset_for, scripted
from ginrummy import (
    PRESETS,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    GameScore,
    GameState,
    Hand,
    HandResult,
    IllegalActionError,
    InvalidHandError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    PlayerError,
    Rules,
    SchemaError,
    TakeUpcard,
    WrongTypeError,
    best_melding,
    dumps,
    from_dict,
    loads,
    showdown,
    to_dict,
)
from ginrummy.players import make_player, run_tournament

STANDARD = PRESETS["standard"]


def _long_hand(actions: int) -> GameState:
    """A legal hand of ``actions`` actions: both players keep taking the discard, so the stock never runs out."""
    state = GameState.new(STANDARD, seed=3)
    state = state.apply(PassUpcard()).apply(PassUpcard()).apply(DrawStock())
    while state.history_length < actions:
        if state.phase is Phase.DRAW:
            state = state.apply(DrawDiscard())
        else:
            state = state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
    return state


# 1. states of any length


def test_a_twenty_thousand_action_hand_works_with_the_default_recursion_limit() -> None:
    assert sys.getrecursionlimit() == 1000  # the default: nothing below recurses per action
    state = _long_hand(20_000)
    twin = _long_hand(20_000)
    assert state.history_length == 20_000 and not state.is_over
    assert state == twin and hash(state) == hash(twin)
    assert {state: 1}[twin] == 1
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    loaded = loads(dumps(state))
    assert loaded == state and hash(loaded) == hash(state)
    view = state.view(0)
    assert len(view.history) == 20_000
    different = twin.apply(twin.legal_actions()[0])
    assert different != state


# 2. the face-down knock discard


def test_the_face_down_knock_discard_is_not_known_to_be_held() -> None:
    # Seat 1 takes the upcard Kd, later knocks with Kd face down.
    nd = "As 2s 3s 4h 5h 6h 9c 9d 9h 2c"
    dl = "Ks Qd Qs Jh Js Jd 8c 3d 5c 7d"
    state = scripted(nd, dl, "Kd", "Tc 4d", rules=STANDARD)
    state = state.apply(TakeUpcard()).apply(Discard(Card.parse("2c")))
    assert Card.parse("Kd") in state.view(0).opponent_known
    state = state.apply(DrawStock()).apply(Discard(Card.parse("Tc")))
    state = state.apply(DrawStock()).apply(Knock(Card.parse("Kd")))
    assert state.is_over
    assert Card.parse("Kd") not in state.view(0).opponent_known
    assert "Kd" not in json.dumps(to_dict(state.view(0))["opponent_known"])
    assert Card.parse("Kd") not in state.view(1).unseen
    state.validate()


# 3. queries must not deal


def test_checking_next_hand_does_not_deal_from_an_injected_generator() -> None:
    def finished(rng: random.Random) -> Match:
        match = Match.new(STANDARD, rng=rng, dealer=0)
        pick = random.Random(4)
        while not match.state.is_over:
            match = match.apply(pick.choice(match.legal_actions()))
        return match

    a, b = finished(random.Random(9)), finished(random.Random(9))
    assert a.is_legal(NextHand()) and a.is_legal(NextHand())
    a.check(NextHand())
    assert a.legal_actions() == (NextHand(),)
    assert a.apply(NextHand()).state == b.apply(NextHand()).state


def test_with_a_seed_next_hand_is_a_pure_function() -> None:
    match = Match.new(STANDARD, seed="pure", dealer=1)
    pick = random.Random(2)
    while not match.state.is_over:
        match = match.apply(pick.choice(match.legal_actions()))
    assert match.apply(NextHand()) == match.apply(NextHand())


# 4-7. saved games


def _finished_match() -> Match:
    match = Match.new(attrs.evolve(STANDARD, game_target=30), seed=5)
    pick = random.Random(5)
    while match.hand_number < 2:
        match = match.apply(pick.choice(match.legal_actions()))
    return match


def test_next_inside_a_hands_actions_is_refused() -> None:
    doc = to_dict(_finished_match())
    hands = doc["hands"]
    assert isinstance(hands, list)
    first = dict(hands[0])
    first["actions"] = [*first["actions"], "next"]
    with pytest.raises(SchemaError, match="'next' is not an action within a hand"):
        from_dict(dict(doc, hands=[first]))


@pytest.mark.parametrize("dealer", [1.0, True, "1", -1, 2])
def test_seats_given_as_floats_or_bools_are_refused(dealer: object) -> None:
    with pytest.raises(InvalidHandError, match="is not a seat"):
        GameState.new(STANDARD, seed=1, dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="is not a seat"):
        Match.new(STANDARD, seed=1, dealer=dealer)  # type: ignore[arg-type]
    state = GameState.new(STANDARD, seed=1, dealer=0)
    with pytest.raises(InvalidHandError, match="is not a seat"):
        state.view(dealer)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="is not a seat"):
        state.hand(dealer)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="is not a seat"):
        state.apply(PassUpcard(), seat=dealer)  # type: ignore[arg-type]


def test_a_seat_of_any_whole_number_type_is_read_as_its_int() -> None:
    np = pytest.importorskip("numpy")
    state = GameState.new(STANDARD, seed=1, dealer=np.int64(1))
    assert type(state.dealer) is int and state.dealer == 1
    assert json.loads(json.dumps(to_dict(state)))["dealer"] == 1
    assert state.view(np.int64(0)) == state.view(0) and state.hand(np.int8(1)) == state.hand(1)
    assert state.next_seat(np.uint8(1)) == 0 and state.view(0).relative(np.int32(1)) == 1
    player = state.to_play
    assert player is not None
    assert state.apply(PassUpcard(), seat=np.int64(player)) == state.apply(PassUpcard())
    with pytest.raises(IllegalActionError, match=f"it is seat {player}'s turn, not seat {1 - player}'s") as caught:
        state.apply(PassUpcard(), seat=np.int64(1 - player))
    assert caught.value.reason == "not_your_turn"
    match = Match.new(STANDARD, seed=1, dealer=np.int16(0))
    assert type(match.state.dealer) is int and match.view(np.int64(1)) == match.view(1)
    for refused in (np.bool_(True), np.float64(1.0), np.int64(2), np.int64(-1)):
        with pytest.raises(InvalidHandError, match=r"is not a seat: expected"):
            state.view(refused)


def test_whole_number_arguments_of_any_integer_type_are_read_as_ints() -> None:
    np = pytest.importorskip("numpy")
    from ginrummy import Card, Hand, RulesError, dumps, knock_options, meldings
    from ginrummy.players import ExpertPlayer, HardPlayer, game_equity, make_player, run_tournament, wilson_interval

    i = np.int64
    assert Card.from_index(i(5)) == Card.from_index(5) and Card(np.int8(3), "s") == Card(3, "s")
    assert Hand.from_mask(i(7)) == Hand.from_mask(7) and type(Hand.from_mask(i(7)).mask) is int
    cards = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js"
    assert knock_options(cards, knock_limit=i(5)) == knock_options(cards, knock_limit=5)
    assert meldings("5s 6s 7s 5h 5d", max_deadwood=i(10)) == meldings("5s 6s 7s 5h 5d", max_deadwood=10)
    rules = Rules(players=np.int8(3), game_target=i(200))
    assert rules == Rules(players=3, game_target=200) and type(rules.players) is int and type(rules.game_target) is int
    assert GameState.new(STANDARD, seed=i(5)) == GameState.new(STANDARD, seed=5)
    assert json.loads(dumps(Match.new(STANDARD, seed=i(5)), indent=i(2)))["seed"] == 5
    expert = ExpertPlayer(simulations=i(10), candidates=i(2), gin_outs=i(3), redeals=i(1), opponent_take_gain=i(1))
    assert all(type(v) is int for v in (expert.simulations, expert.candidates, expert.gin_outs, expert.redeals))
    assert type(HardPlayer(samples=i(8)).samples) is int
    hard = HardPlayer(time_budget=np.float32(0.5), undercut_risk=np.float64(0.1), danger_weight=np.float16(1))
    assert all(type(v) is float for v in (hard.time_budget, hard.undercut_risk, hard.danger_weight))
    assert type(ExpertPlayer(margin=np.float32(1.5)).margin) is float
    with pytest.raises(PlayerError, match="undercut_risk=nan is not allowed: expected a number"):
        HardPlayer(undercut_risk=np.float32("nan"))
    view = GameState.new(STANDARD, seed=2).view(0)
    assert make_player("hard", seed=i(3)).choose(view, view.legal_actions) == make_player("hard", seed=3).choose(view, view.legal_actions)
    assert wilson_interval(i(5), i(10)) == wilson_interval(5, 10)
    assert game_equity(STANDARD, i(10), i(20)) == game_equity(STANDARD, 10, 20)
    assert run_tournament("random", "random", rules=STANDARD, games=i(2), seed=i(1)) == run_tournament(
        "random", "random", rules=STANDARD, games=2, seed=1
    )
    from ginrummy import GameScore, HollywoodColumn

    score = GameScore(STANDARD, points=np.array([50, 20]), boxes=np.array([2, 1]))
    assert score == GameScore(STANDARD, points=(50, 20), boxes=(2, 1)) and all(type(p) is int for p in score.points)
    assert HollywoodColumn(points=np.array([10, 0])) == HollywoodColumn(points=(10, 0))
    with pytest.raises(WrongTypeError, match="expected whole numbers, not float64"):
        GameScore(STANDARD, points=np.array([50.0, 20.0]))
    for refused, error in ((np.bool_(True), TypeError), (np.float64(3.0), TypeError), (i(5), RulesError)):
        with pytest.raises(error, match=r"players=.* is not allowed"):
            Rules(players=refused)


def _ints_only(value: object) -> bool:
    """Whether every number in a record (through tuples and attrs fields) is a plain int."""
    if attrs.has(type(value)):
        return all(_ints_only(getattr(value, f.name)) for f in attrs.fields(type(value)))  # type: ignore[arg-type]
    if isinstance(value, tuple):
        return all(_ints_only(v) for v in value)
    return not hasattr(value, "dtype")


def test_records_built_directly_read_whole_numbers_of_any_integer_type_as_ints() -> None:
    """Facts recorded elsewhere (a data frame of another program's games) often come as
    numpy integers: each record stores them as the ints the library itself would."""
    np = pytest.importorskip("numpy")
    from ginrummy import Card, EndReason, GinRummyError, Hand, HandResult, HollywoodColumn, Layoff, Meld, Score, Settlement, dumps
    from ginrummy.actions import Knock
    from ginrummy.players import Analysis, MatchSummary, Rating, TournamentResult

    i = np.int64
    score = Score(EndReason.KNOCK, i(0), i(12), i(0), i(1), i(12), i(25))
    assert score == Score(EndReason.KNOCK, 0, 12, 0, 1, 12, 25) and _ints_only(score)
    assert Score(EndReason.VOID, None, i(0), i(0), i(1), i(0), i(0)).scorer is None
    layoff = Layoff(Card.parse("8s"), np.int8(0))
    assert layoff == Layoff(Card.parse("8s"), 0) and type(layoff.target) is int
    facts = dict(upcard=Card.parse("Td"), hands=[Hand.parse("5s 6s 7s 9c 9d 9h Kc Kd Kh 2h"), Hand.parse("8s 2c 3c 4d 5d Qs Js 7c 7d 4h")],
                 knocker_melds=[Meld.parse("5s 6s 7s"), Meld.parse("9c 9d 9h"), Meld.parse("Kc Kd Kh")])
    result = HandResult(STANDARD, knocker=i(0), layoffs=[layoff], **facts)  # type: ignore[arg-type]
    assert result == HandResult(STANDARD, knocker=0, layoffs=[Layoff(Card.parse("8s"), 0)], **facts)  # type: ignore[arg-type]
    assert _ints_only(result) and json.loads(dumps(result))["knocker"] == 0
    settlement = Settlement(i(0), np.array([104, 40]), np.array([100, 50]), i(100), False, np.array([304, 90]))
    assert settlement == Settlement(0, (104, 40), (100, 50), 100, False, (304, 90)) and _ints_only(settlement)
    assert settlement.worth == 214
    column = HollywoodColumn(points=(105, 0), boxes=(3, 0), box_points=(75, 0), closed=True, winner=i(0))
    assert column == HollywoodColumn(points=(105, 0), boxes=(3, 0), box_points=(75, 0), closed=True, winner=0)
    assert type(column.winner) is int
    summary = MatchSummary(i(1), i(4), i(180), (("knock", i(3)), ("gin", np.int32(1))), (i(-50), i(50)))
    assert summary == MatchSummary(1, 4, 180, (("knock", 3), ("gin", 1)), (-50, 50)) and _ints_only(summary)
    totals = TournamentResult(("a", "b"), i(4), (i(3), np.int8(1)), {"knock": i(5)}, i(5), i(400), i(120), (i(120), i(-120)))
    assert totals == TournamentResult(("a", "b"), 4, (3, 1), {"knock": 5}, 5, 400, 120) and _ints_only(totals)
    assert type(totals.endings["knock"]) is int
    gin = Knock(Card.parse("Kd"))
    analysis = Analysis(gin, gin, (Rating(gin, float("nan"), 0.0, 0.0, True),), np.int16(0), "points", goes_out=True)
    assert type(analysis.deals) is int
    from fractions import Fraction

    rating = Rating(gin, np.float32(1.5), Fraction(1, 2), np.float16(0.25), False)
    assert rating == Rating(gin, 1.5, 0.5, 0.25, False) and all(
        type(x) is float for x in (rating.value, rating.advantage, rating.standard_error)
    )
    refusals: tuple[Any, ...] = (np.bool_(True), np.float64(1.0), "0")
    for refused in refusals:
        with pytest.raises(GinRummyError):
            Layoff(Card.parse("8s"), refused)
        with pytest.raises(GinRummyError):
            Score(EndReason.KNOCK, refused, 12, 0, 1, 12, 25)


def test_seats_in_documents_must_be_whole_numbers() -> None:
    state = GameState.new(STANDARD, seed=1, dealer=0)
    doc = to_dict(state)
    with pytest.raises(SchemaError, match="'dealer' must be int"):
        from_dict(dict(doc, dealer=1.0))
    with pytest.raises(SchemaError, match="'dealer' must be int"):
        from_dict(dict(doc, dealer=True))
    result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Th"))
    rdoc = to_dict(result)
    for knocker in (0.0, False, "0", 2):
        with pytest.raises(SchemaError, match="'knocker' must be a seat"):
            from_dict(dict(rdoc, knocker=knocker))


@pytest.mark.parametrize("seed", [True, 1.5, (1, 2), b"x", [1]])
def test_match_refuses_seeds_its_saves_cannot_hold(seed: object) -> None:
    with pytest.raises(InvalidHandError, match="seed="):
        Match.new(STANDARD, seed=seed)  # type: ignore[arg-type]
    # a single hand takes the same seeds as a whole game
    with pytest.raises(InvalidHandError, match=re.escape(f"seed={seed!r} is not allowed")):
        GameState.new(STANDARD, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [5, "random", object])
def test_a_generator_without_shuffle_and_randrange_is_refused(rng: object) -> None:
    with pytest.raises(TypeError, match=re.escape(f"rng={rng!r} cannot deal")):
        GameState.new(STANDARD, rng=rng)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape(f"rng={rng!r} cannot deal")):
        Match.new(STANDARD, rng=rng)  # type: ignore[arg-type]
    match = Match.new(STANDARD, seed=1)
    with pytest.raises(TypeError, match=re.escape(f"rng={rng!r} cannot deal")):
        Match(rules=match.rules, state=match.state, score=match.score, rng=rng)  # type: ignore[arg-type]
    assert GameState.new(STANDARD, rng=random.SystemRandom()).phase is Phase.OFFER


@pytest.mark.parametrize("deck", [5, {1, 2}, {"As": 1}, frozenset()])
def test_a_deck_that_is_not_a_sequence_is_refused(deck: object) -> None:
    with pytest.raises(TypeError, match="deck must be card text or a sequence of Card values"):
        GameState.new(STANDARD, deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, -5, 2**70, "", "any text"])
def test_accepted_seeds_round_trip(seed: int | str) -> None:
    match = Match.new(STANDARD, seed=seed)
    assert loads(dumps(match)) == match


@pytest.mark.parametrize("version", [True, 1.0, 2.0, "2", 3, 0, None])
def test_versions_are_exact_whole_numbers(version: object) -> None:
    doc = to_dict(Rules())
    with pytest.raises(SchemaError, match="unsupported document version"):
        from_dict(dict(doc, version=version))


def test_version_1_documents_still_load() -> None:
    match = _finished_match()
    doc = to_dict(match)
    rules = dict(Rules().to_dict(), hand_size=10)
    assert isinstance(doc["rules"], dict)
    rules.update(doc["rules"])
    old = dict(doc, version=1, rules=rules)
    assert from_dict(old) == match
    with pytest.raises(SchemaError, match="hand_size=7"):
        from_dict(dict(old, rules=dict(rules, hand_size=7)))


@pytest.mark.parametrize("players", [3, 4])
def test_version_1_documents_hold_two_players(players: int) -> None:
    rules = Rules.parse(f"oklahoma+players={players}")
    for value in (rules, GameState.new(rules, seed=1), Match.new(rules, seed=1)):
        doc = dict(to_dict(value), version=1)
        with pytest.raises(SchemaError, match=f"version 1 document .* players={players}"):
            from_dict(doc)
        assert from_dict(dict(doc, version=2)) == value


# 8. void hands keep the hands hidden


def test_after_a_void_hand_the_other_hand_stays_hidden() -> None:
    match = Match.new(STANDARD, seed=8, dealer=0)
    state = match.state.apply(PassUpcard()).apply(PassUpcard())
    while state.phase is Phase.DRAW:
        card = state.stock[0]
        state = state.apply(DrawStock()).apply(Discard(card))
    assert state.result is not None and state.result.is_void
    match = attrs.evolve(match, state=state, score=match.score.add(state.result))
    for seat in (0, 1):
        view = match.view(seat)
        assert view.result is not None and view.result.hands[1 - seat] == Hand()
        assert view.result.hands[seat] == state.hand(seat)
        assert view.game is not None and view.game.results[0].hands[1 - seat] == Hand()
        other = str(state.hand(1 - seat))
        assert other not in json.dumps(to_dict(view))


# 9. values keep no lists, documents cannot lie


def test_results_and_scores_turn_lists_into_tuples() -> None:
    result = HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=None, hands=[Hand(), Hand()])
    score = GameScore(STANDARD, points=[3, 4], boxes=[1, 1], box_points=[25, 25])
    assert isinstance(result.hands, tuple) and isinstance(score.points, tuple)
    hash(result), hash(score)
    with pytest.raises(Exception, match="one number per player"):
        GameScore(STANDARD, points=(1, 2, 3))


@pytest.mark.parametrize(("key", "value"), [("reason", "gin"), ("scorer", 0), ("points", 99), ("points", 26.0), ("reason", None)])
def test_result_documents_that_disagree_with_the_facts_are_refused(key: str, value: object) -> None:
    result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Th"))
    doc = to_dict(result)
    assert from_dict(doc) == result
    with pytest.raises(SchemaError, match=repr(key)):
        from_dict(dict(doc, **{key: value}))


@pytest.mark.parametrize("value", [-1, None, ["As 2s 3s"], "As 2s 3s"])
def test_void_result_documents_with_knocker_melds_are_refused(value: object) -> None:
    result = HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=None,
                        hands=(Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand.parse("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th")))
    doc = to_dict(result)
    assert from_dict(doc) == result and from_dict({k: v for k, v in doc.items() if k != "knocker_melds"}) == result
    with pytest.raises(SchemaError, match=r"a void hand \(knocker null\) has no knocker melds, but 'knocker_melds' is "):
        from_dict(dict(doc, knocker_melds=value))


def test_a_result_recorded_with_a_layout_that_was_not_the_best_round_trips() -> None:
    """A result built from facts recorded elsewhere keeps the layout that was played,
    even when the defender could have laid off more; its document loads back as it was."""
    best = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=STANDARD, upcard=Card.parse("Th"))
    played = HandResult(STANDARD, Card.parse("Th"), 0, best.hands, knocker_melds=best.knocker_melds, defender_melds=["2s 2c 2d 2h"])
    assert played.layoffs == () and played.points != best.points
    assert loads(dumps(played)) == played and loads(dumps(best)) == best
    left_out = HandResult(STANDARD, Card.parse("Td"), None, (Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand()))
    assert loads(dumps(left_out)) == left_out


@pytest.mark.parametrize(
    ("key", "value", "quoted"),
    [
        ("layoffs", [["Kh", 0]], "Kh"),
        ("layoffs", [["8s", "0"]], "['8s', '0']"),
        ("layoffs", [["8s"]], "['8s']"),
        ("layoffs", "8s", "'layoffs'"),
        ("defender_melds", [2], "[2]"),
        ("defender_melds", ["2s 2c 2d 2h", "2s 3s 4s"], "2s"),
        ("knocker_melds", ["5s 6s 7s"], "knock limit"),
        ("big_gin", "no", "'no'"),
        ("big_gin", True, "holds 10 cards (5s 6s 7s Ks Jd Kd 9c Tc Jc Kc): expected 11"),
        ("knocker", 2, "'knocker' must be a seat 0-1 or null, not 2"),
        ("hands", ["As"], "'hands' must be 2 card strings"),
    ],
)
def test_result_documents_with_impossible_facts_are_refused(key: str, value: object, quoted: str) -> None:
    doc = to_dict(showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=STANDARD, upcard=Card.parse("Th")))
    with pytest.raises(SchemaError) as raised:
        from_dict(dict(doc, **{key: value}))
    assert str(raised.value).startswith("result document: ") and quoted in str(raised.value)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 100_000), preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4))
def test_every_result_and_every_recorded_layout_of_it_round_trips(seed: int, preset: str, players: int) -> None:
    state = played_by_bots(preset_for(preset, players), seed)[-1]
    result = state.result
    assert result is not None
    assert loads(dumps(result)) == result
    if result.knocker is not None:
        # The same hand as recorded by players who laid off nothing: each defender melds its best.
        own = [m for seat in result.order for m in best_melding(result.hands[seat]).melds]
        recorded = attrs.evolve(result, defender_melds=own, layoffs=())
        assert loads(dumps(recorded)) == recorded


def test_rules_with_missing_knobs_are_refused_in_documents() -> None:
    doc = to_dict(GameState.new(STANDARD, seed=1))
    rules = dict(doc["rules"])  # type: ignore[call-overload]
    del rules["gin_bonus"]
    with pytest.raises(SchemaError, match="lack the knob.*gin_bonus"):
        from_dict(dict(doc, rules=rules))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_documents_with_keys_no_document_holds_are_refused(players: int) -> None:
    rules = attrs.evolve(STANDARD, players=players)
    final = played_by_bots(rules, seed=11)[-1]
    names = [f"p{seat}" for seat in range(players)]
    result = final.result
    assert result is not None
    documents = {
        "rules": to_dict(rules),
        "state": to_dict(final, names=names),
        "match": to_dict(Match.new(rules, seed=4), names=names),
        "result": to_dict(result),
    }
    for kind, doc in documents.items():
        assert from_dict(doc) is not None  # the untouched document loads
        with pytest.raises(SchemaError, match=rf"{kind} document: unknown key\(s\) 'score': expected only schema, version"):
            from_dict(dict(doc, score=999))
    # names label only game records
    with pytest.raises(SchemaError, match="rules document: unknown key.*'players'"):
        from_dict(dict(documents["rules"], players=names))
    # and each hand of a match is a record of exactly its deal, dealer and actions
    match = copy.deepcopy(documents["match"])
    match["hands"][0]["winner"] = 0  # type: ignore[index]
    with pytest.raises(SchemaError, match=r"match document, hand 1: unknown key\(s\) 'winner': expected only deck, dealer, actions"):
        from_dict(match)


# 10. player configuration


def test_player_configuration_mistakes_raise_player_error() -> None:
    with pytest.raises(PlayerError, match="unknown player level 'grandmaster'"):
        make_player("grandmaster")
    with pytest.raises(PlayerError, match="at least 1 game"):
        run_tournament("random", "random", games=0)
    with pytest.raises(PlayerError, match="seat 3 players, but 2 were given"):
        run_tournament("random", "random", games=2, rules=Rules(players=3))
    with pytest.raises(PlayerError, match="unknown player level"):
        run_tournament("random", "nobody", games=2)


# 11-12. rules details


def test_a_deal_takes_a_seed_or_a_generator_not_both() -> None:
    for new in (GameState.new, Match.new):
        with pytest.raises(WrongTypeError, match="give either seed or rng, not both"):
            new(Rules(), seed=1, rng=random.Random(1))


def test_nobody_deals_next_while_the_hand_is_in_play() -> None:
    match = Match.new(Rules(), seed=1)
    with pytest.raises(IllegalActionError, match="the current hand is not over: nobody deals yet") as raised:
        match.next_dealer()
    assert raised.value.reason == "wrong_phase"


def test_a_tie_passes_the_deal_under_alternate_but_a_void_hand_does_not() -> None:
    rules = attrs.evolve(STANDARD, undercut_on_tie=False)
    tie = showdown("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 3d", rules=rules, upcard=Card.parse("Td"), knocker_seat=1)
    assert tie.reason is EndReason.TIE
    match = Match.new(rules, seed=1, dealer=0)
    ended = attrs.evolve(match.state, phase=Phase.OVER, result=tie)
    after = attrs.evolve(match, state=ended, score=match.score.add(tie)).apply(NextHand())
    assert after.state.dealer == 1
    winner = attrs.evolve(rules, next_dealer="winner")
    match = Match.new(winner, seed=1, dealer=0)
    ended = attrs.evolve(match.state, phase=Phase.OVER, result=tie)
    after = attrs.evolve(match, state=ended, score=match.score.add(tie)).apply(NextHand())
    assert after.state.dealer == 0


def test_spades_double_bonuses_labels_only_what_was_doubled() -> None:
    rules = attrs.evolve(Rules(), spades_double="bonuses")
    knock = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc 2d", "Ac 2s 2c Qd 2h 7c 8c 8s 9s 8d", rules=rules, upcard=Card.parse("Ts"))
    assert knock.reason is EndReason.KNOCK
    assert knock.score.multiplier == 1 and knock.score.doubled == "nothing"
    assert "doubled" not in knock.describe()
    undercut = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=rules, upcard=Card.parse("Ts"))
    assert undercut.score.multiplier == 2 and undercut.score.doubled == "the bonus"
    assert undercut.points == 1 + 50 and "bonus doubled" in undercut.describe()
    everything = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Ts"))
    assert everything.score.doubled == "everything" and everything.points == 52


# 24. names and short reprs


def test_describe_takes_names_and_reprs_stay_short() -> None:
    result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Th"))
    assert result.describe(["Ann", "Bob"]) == "Ann knocks with 10, Bob has 9: undercut: Bob scores 26"
    with pytest.raises(TypeError, match="2 strings"):
        result.describe(["Ann"])
    match = _finished_match()
    assert repr(match.score).count("Rules.parse") == 1 and len(repr(match.score)) < 200
    assert len(repr(match)) < 300 and len(repr(match.state)) < 120
    assert eval(repr(Rules(players=3, gin_bonus=20)), {"Rules": Rules}) == Rules(players=3, gin_bonus=20)


def test_save_path_helper_leaves_no_file_behind(tmp_path: Path) -> None:
    from ginrummy.cli._play import check_save_path

    target = tmp_path / "record.json"
    assert check_save_path(target) is None and not target.exists()
    assert check_save_path(tmp_path) == "it is a directory"
    assert check_save_path(tmp_path / "missing" / "x.json") is not None


def test_memory_per_retained_state_stays_under_a_kibibyte() -> None:
    import tracemalloc

    def play() -> list[GameState]:
        rng = random.Random(1)
        kept: list[GameState] = []
        for seed in range(20):
            state = GameState.new(Rules(), seed=seed)
            kept.append(state)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
                kept.append(state)
        return kept

    # The solver's caches fill as hands are seen, by however much earlier tests left
    # room: play the same hands once first, so that only the states are measured. Only
    # memory allocated under play() counts, not what other threads (a test's leftover
    # event loop, say) allocate meanwhile.
    play()
    tracemalloc.start(16)
    try:
        kept = play()
        mine = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, __file__, all_frames=True)])
    finally:
        tracemalloc.stop()
    per_state = sum(stat.size for stat in mine.statistics("filename")) / len(kept)
    assert 300 < per_state < 1024, per_state


def test_hand_results_refuse_impossible_seats() -> None:
    with pytest.raises(InvalidHandError, match="knocker=5 is not a seat"):
        HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=5, hands=(Hand(), Hand()))
    with pytest.raises(InvalidHandError, match="knocker=True is not a seat"):
        HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=True, hands=(Hand(), Hand()))
    with pytest.raises(InvalidHandError, match="2 to 4 hands"):
        HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=None, hands=(Hand(),))


def test_documents_saved_by_0_1_0_load_to_equal_values() -> None:
    """Saved by ginrummy 0.1.0 (schema version 1); rebuilt here with 0.2's API."""
    docs = json.loads((Path(__file__).parent / "data" / "saved_by_0_1_0.json").read_text())
    match = loads(docs["match"])
    assert isinstance(match, Match) and match.is_over
    assert isinstance(match.score, GameScore) and match.score.points == (64, 0) and match.hand_number == 4  # as 0.1.0 scored it
    assert loads(dumps(match)) == match
    state = loads(docs["state"])
    assert isinstance(state, GameState) and state.history_length == 30
    assert state == GameState.replay(state.rules, state.deck_cards, state.dealer, state.history)
    result = loads(docs["result"])
    assert result == showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Th"))
    assert loads(docs["rules"]) == PRESETS["classic"]
    assert json.loads(docs["match"])["version"] == 1 and json.loads(dumps(match))["version"] == 2


def test_history_records_compare_by_their_steps() -> None:
    # A state's record of play (its node) is compared step by step, shared or not.
    deal = GameState.new(Rules(), seed=1)
    passed = deal.apply(PassUpcard())
    again = GameState.new(Rules(), seed=1).apply(PassUpcard())
    other_deal = next(
        state for state in (GameState.new(Rules(), seed=seed) for seed in range(2, 40)) if state.dealer == deal.dealer
    ).apply(PassUpcard())
    other_dealer = next(
        state for state in (GameState.new(Rules(), seed=seed) for seed in range(2, 40)) if state.dealer != deal.dealer
    ).apply(PassUpcard())
    taken = deal.apply(TakeUpcard())
    assert passed.node is not again.node and passed.node == again.node
    assert hash(passed.node) == hash(again.node)
    assert passed.node != taken.node  # same length, another action
    assert passed.node == other_deal.node  # the same steps, whatever the cards
    assert passed.node != other_dealer.node  # another seat passed
    assert passed.node != deal.apply(PassUpcard()).apply(PassUpcard()).node  # longer
    assert passed.node != "pass"
    assert copy.copy(passed.node) is passed.node and copy.deepcopy(passed.node) is passed.node
    assert repr(passed.node) == "<Step 1: seat 1 pass>"
