"""Computer players, drivers and tournaments."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import NO_CAP, busy_machine, easy_to_the_wall, scripted, taken_upcard
from ginrummy import (
    best_melding,
    deadwood,
    discard_deadwood,
    PRESETS,
    Action,
    BigGin,
    Card,
    DeclineWallDiscard,
    DrawDiscard,
    Discard,
    DrawStock,
    GameScore,
    GameState,
    GinRummyError,
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
    PlayerTypeError,
    PlayerView,
    Rules,
    TakeUpcard,
    TakeWallDiscard,
    UnfinishedError,
)
from ginrummy.players._equity import hand_points_model
from ginrummy.players._deals import _discard_checks, _kept_best, _least_loss
from ginrummy.players._rollout import _roll_out_score, _rollout_discard
from ginrummy.testing.strategies import game_states, rules as any_rules
from ginrummy._masks import deadwood_of_mask
from ginrummy.players import (
    LEVELS,
    EasyPlayer,
    ExpertPlayer,
    HardPlayer,
    MediumPlayer,
    Player,
    MatchSummary,
    RandomPlayer,
    determinize,
    game_equity,
    gin_outs,
    hidden_card_weights,
    last_discards,
    opponent_draws,
    make_player,
    roll_out,
    rollout_action,
    play_hand,
    play_match,
    run_tournament,
    summarize,
    wilson_interval,
)

DL = "Ks Kd Qs Qd Js Jd 2c 3d 5c 7d"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_games_under_every_preset(level: str) -> None:
    for name, rules in PRESETS.items():
        match = Match.new(attrs.evolve(rules, game_target=40), seed=name)
        player = ExpertPlayer(seed=1, simulations=4) if level == "expert" else make_player(level, seed=1)
        final = play_match(match, [player, make_player("medium")])
        assert final.is_over


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_three_and_four_player_hands(level: str, players: int) -> None:
    rules = Rules(players=players, game_target=30)
    seats: list[Player] = [ExpertPlayer(seed=2, simulations=4) if level == "expert" else make_player(level, seed=2)]
    seats += [make_player("easy", seed=s) for s in range(players - 1)]
    final = play_match(Match.new(rules, seed=players), seats)
    assert final.is_over and len(final.score.points) == players  # type: ignore[union-attr]


def _without_history(view: PlayerView) -> dict[str, object]:
    """A view's fields but its history (a view without one would be refused mid-hand)."""
    return {f.name: getattr(view, f.name) for f in attrs.fields(PlayerView) if f.name not in ("public_steps", "last_step")}


def test_expert_determinisations_agree_with_the_view() -> None:
    rng = random.Random(4)
    for seed in range(30):
        state = GameState.new(Rules(players=2 + seed % 3), seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        weights = hidden_card_weights(view)
        for improve, by, redeals in ((0, None, 0), (6, None, 0), (2, weights, 0), (2, weights, 8)):
            world = determinize(view, random.Random(seed), improve=improve, weights=by, redeals=redeals)
            world.validate()
            # The same public situation (the world has no history), another deal of the hidden cards.
            assert _without_history(world.view(seat)) == _without_history(view)
            assert world.legal_actions() == state.legal_actions()


def test_last_discards_name_each_opponents_latest_discard_and_the_card_it_could_not_throw() -> None:
    rng = random.Random(9)
    for seed in range(40):
        rules = Rules(players=2 + seed % 3, discard_taken_card=seed % 2 == 0)
        state = GameState.new(rules, seed=seed)
        pile_takes: dict[int, Card] = {}
        latest: dict[int, tuple[Card, Card | None]] = {}
        for _ in range(rng.randrange(0, 50)):
            if state.is_over:
                break
            seat = state.to_play
            assert seat is not None
            action = rng.choice(state.legal_actions())
            if isinstance(action, (TakeUpcard, DrawDiscard)):
                pile_takes[seat] = Card.from_index(state.pile[-1])
                latest.pop(seat, None)
            elif isinstance(action, DrawStock):
                pile_takes.pop(seat, None)
                latest.pop(seat, None)
            elif isinstance(action, Discard):
                took = pile_takes.pop(seat, None)
                latest[seat] = (action.card, None if rules.discard_taken_card else took)
            state = state.apply(action)
        if state.is_over:
            continue
        seat = state.to_play
        assert seat is not None
        assert last_discards(state.view(seat)) == {s: found for s, found in latest.items() if s != seat}


def test_a_hand_kept_best_when_its_discard_left_the_least_deadwood_allowed() -> None:
    def bits(text: str) -> int:
        return Hand.parse(text).mask

    kept = "2c 3c 4c 7d 7h 7s Jh Qh Kh 9c"
    assert _kept_best(bits(kept), bits("Kd"), 0)  # the king was the highest deadwood
    assert not _kept_best(bits(kept), bits("2d"), 0)  # it kept the 9 and threw a 2
    assert not _kept_best(bits(kept), bits("5c"), 0)  # the 5 made gin with the 9 thrown instead
    # The 9 could not go back (it was just taken), so throwing the 8 was the best allowed.
    assert not _kept_best(bits(kept), bits("8d"), 0)
    assert _kept_best(bits(kept), bits("8d"), bits("9c"))


def test_redealt_determinisations_keep_the_opponents_last_discard_best() -> None:
    hard = HardPlayer(seed=6, time_budget=NO_CAP)
    checked = broken = 0
    for seed in range(12):
        state = GameState.new(Rules(players=2 + seed % 3), seed=seed)
        while state.history_length < 12 + seed and not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            state = state.apply(hard.choose(view, view.legal_actions))
        if state.is_over:
            continue
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        checks = _discard_checks(view)
        assert checks
        for i in range(20):
            world = determinize(view, random.Random(i), improve=2, weights=hidden_card_weights(view), redeals=200)
            for other, thrown, banned in checks:
                assert _kept_best(world.hands[other], thrown, banned)
                checked += 1
            plain = determinize(view, random.Random(i), improve=2, weights=hidden_card_weights(view))
            broken += not all(_kept_best(plain.hands[o], thrown, banned) for o, thrown, banned in checks)
    assert checked >= 200
    assert broken > 0  # without redeals some deals break the rule, so the check is not vacuous
    view = GameState.new(Rules(), seed=5).view(1)
    assert determinize(view, random.Random(3), redeals=5) == determinize(view, random.Random(3))  # nothing to check


def test_determinised_opponents_have_kept_what_helped_them() -> None:
    # After some turns, opponents dealt with improvement hold less deadwood than a uniform deal.
    hard = HardPlayer(seed=3, time_budget=NO_CAP)
    state = GameState.new(Rules(), seed=8)
    while state.history_length < 22 and not state.is_over:
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        state = state.apply(hard.choose(view, view.legal_actions))
    assert not state.is_over
    seat = state.to_play
    assert seat is not None
    view = state.view(seat)
    other = 1 - seat
    draws = opponent_draws(view)
    assert draws[other] >= 5
    uniform = [deadwood(determinize(view, random.Random(i), improve=0).hand(other)) for i in range(200)]
    improved = [deadwood(determinize(view, random.Random(i), draws=draws).hand(other)) for i in range(200)]
    assert sum(improved) < 0.85 * sum(uniform)


def test_expert_is_reproducible_with_a_seed_and_prices_by_the_rules() -> None:
    state = GameState.new(Rules(), seed=12)
    while state.phase is not Phase.DISCARD:
        state = state.apply(state.legal_actions()[-1])
    view = state.view(state.to_play or 0)
    first = ExpertPlayer(seed=5, simulations=10, time_budget=NO_CAP).choose(view, view.legal_actions)
    second = ExpertPlayer(seed=5, simulations=10, time_budget=NO_CAP).choose(view, view.legal_actions)
    assert first == second and first in view.legal_actions


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(52)), st.integers(min_value=0, max_value=42), st.sampled_from([10, 7]))
def test_gin_outs_counts_the_unseen_draws_that_give_gin(order: list[int], unseen_count: int, size: int) -> None:
    kept = sum(1 << i for i in order[:size])
    unseen = sum(1 << i for i in order[size : size + unseen_count])
    cards = [Card.from_index(i) for i in order[:size]]
    expected = 0
    for i in order[size : size + unseen_count]:
        eleven = [*cards, Card.from_index(i)]
        if any(deadwood([c for c in eleven if c != out]) == 0 for out in eleven):
            expected += 1
    assert gin_outs(kept, unseen) == expected
    assert gin_outs(kept, unseen | kept) == expected  # cards held are never outs


@settings(max_examples=200, deadline=None)
@given(st.data(), any_rules(), st.sampled_from([2, 3, 4]))
def test_roll_out_ends_the_hand_as_the_engine_does_with_the_rollout_policy(
    data: st.DataObject, rules: Rules, players: int
) -> None:
    if rules.hollywood and players > 2:
        players = 2
    state = data.draw(game_states(rules=attrs.evolve(rules, players=players), max_actions=60))
    slow = state
    while not slow.is_over:
        slow = slow.apply(rollout_action(slow))
    assert roll_out(state) == slow.result
    # each seat's own take threshold, as the expert gives the other seats
    gains = data.draw(st.lists(st.integers(1, 5), min_size=players, max_size=players))
    slow = state
    while not slow.is_over:
        slow = slow.apply(rollout_action(slow, take_gain=gains[slow.to_play_seat]))
    assert roll_out(state, take_gains=gains) == slow.result
    assert roll_out(state, take_gains=[2] * players) == roll_out(state)
    # the expert prices its rollouts on card masks, without the engine's record
    assert slow.result is not None
    assert _roll_out_score(state, tuple(gains)) == slow.result.score


def test_the_expert_plays_the_other_seats_greedier_in_its_rollouts() -> None:
    state = GameState.new(attrs.evolve(Rules.parse("oklahoma"), players=3), seed=4)
    view = state.view(1)
    assert ExpertPlayer()._take_gains(view) == (1, 2, 1)
    assert ExpertPlayer(opponent_take_gain=3)._take_gains(view) == (3, 2, 3)
    world = state.apply(state.legal_actions()[0])
    plain = ExpertPlayer(opponent_take_gain=2)
    assert plain._play_out(world, view) == plain._value(roll_out(world).score, view)
    greedy = ExpertPlayer()
    assert greedy._play_out(world, view) == greedy._value(roll_out(world, take_gains=(1, 2, 1)).score, view)


def test_the_rollout_functions_refuse_what_is_not_a_hand_in_play() -> None:
    over = GameState.new(Rules(), seed=3)
    while not over.is_over:
        over = over.apply(rollout_action(over))
    assert roll_out(over) == over.result
    with pytest.raises(IllegalActionError, match="hand is over") as caught:
        rollout_action(over)
    assert caught.value.reason == "hand_over"
    for function in (roll_out, rollout_action):
        with pytest.raises(TypeError, match="takes a GameState, not str: 'Ks'"):
            function("Ks")  # type: ignore[arg-type]


def test_the_search_helpers_refuse_what_is_not_a_view_or_a_hand() -> None:
    with pytest.raises(TypeError, match="determinize takes a PlayerView, not str: 'x'"):
        determinize("x", random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="opponent_draws takes a PlayerView, not NoneType"):
        opponent_draws(None)  # type: ignore[arg-type]
    ten = Hand.parse("2c 3c 4c 7d 7h 7s Jh Qh Kh 9c").mask
    with pytest.raises(InvalidHandError, match="10 or 7 kept cards, got 3: As 2s 3s"):
        gin_outs(Hand.parse("As 2s 3s").mask, 0)
    with pytest.raises(InvalidHandError, match="out of range"):
        gin_outs(ten, -1)
    with pytest.raises(TypeError, match="must be an int, not str"):
        gin_outs("2c", 0)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 51), min_size=11, max_size=11), st.integers(0, (1 << 11) - 1))
def test_the_rollout_shortcuts_pick_the_cards_a_full_search_picks(cards: set[int], allowed_bits: int) -> None:
    ordered = sorted(cards)
    hand = sum(1 << i for i in ordered)
    allowed = sum(1 << i for k, i in enumerate(ordered) if allowed_bits >> k & 1) or hand
    bits = [1 << i for i in ordered if allowed >> i & 1]
    # determinize's drop: the least deadwood left, lowest card index first.
    assert _least_loss(hand, allowed) == min(bits, key=lambda bit: deadwood_of_mask(hand ^ bit))
    # the rollout discard: least deadwood, then the highest value, then the lowest index (the legal order).
    expected = min(bits, key=lambda bit: (deadwood_of_mask(hand ^ bit), -Card.from_index(bit.bit_length() - 1).value))
    assert _rollout_discard(hand, allowed, discard_deadwood(Hand.from_mask(hand))) == (
        expected, deadwood_of_mask(hand ^ expected)
    )


def _knock_decisions(rules: Rules, games: int) -> list[PlayerView]:
    """Views, from games between hard players, where hard knocks without gin."""
    found = []
    for seed in range(games):
        hard = HardPlayer(seed=seed, time_budget=NO_CAP)
        state = GameState.new(rules, seed=seed)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            action = hard.choose(view, view.legal_actions)
            if isinstance(action, Knock) and deadwood(Hand.from_mask(view.hand.mask & ~action.card.mask)) > 0:
                found.append(view)
            state = state.apply(action)
    return found


def test_expert_plays_on_for_gin_where_hard_would_knock_with_enough_outs() -> None:
    outs_seen = set()
    for view in _knock_decisions(Rules.parse("oklahoma"), 40):
        legal = list(view.legal_actions)
        # Only the default move (before any search) is compared; fresh players sample
        # alike, given hard's sampling no time cap that a loaded machine could reach.
        plain, expert = ExpertPlayer(seed=0, gin_outs=0), ExpertPlayer(seed=0)
        plain.hard.time_budget = expert.hard.time_budget = NO_CAP
        hards = plain._default(view, legal)
        default = expert._default(view, legal)
        if not isinstance(hards, Knock):
            assert default == hards
            continue
        outs = gin_outs(view.hand.mask & ~hards.card.mask, view.unseen.mask)
        outs_seen.add(outs)
        if outs >= 3:
            assert not isinstance(default, Knock) and default in legal
            assert default == HardPlayer(seed=1, time_budget=NO_CAP).choose(view, [a for a in legal if not isinstance(a, Knock)])
        else:
            assert default == hards
    assert max(outs_seen) >= 3 and min(outs_seen) < 3


@pytest.mark.parametrize(
    ("make", "quoted"),
    [
        (lambda: ExpertPlayer(simulations=0), "simulations=0"),
        (lambda: ExpertPlayer(time_budget=-1), "time_budget=-1"),
        (lambda: ExpertPlayer(time_budget=float("nan")), "time_budget=nan"),
        (lambda: ExpertPlayer(margin=True), "margin=True"),
        (lambda: ExpertPlayer(gin_outs=1.5), "gin_outs=1.5"),  # type: ignore[arg-type]
        (lambda: ExpertPlayer(candidates=-1), "candidates=-1"),
        (lambda: ExpertPlayer(redeals=-1), "redeals=-1"),
        (lambda: ExpertPlayer(redeals=2.0), "redeals=2.0"),  # type: ignore[arg-type]
        (lambda: ExpertPlayer(opponent_take_gain=0), "opponent_take_gain=0"),
        (lambda: ExpertPlayer(opponent_take_gain=1.0), "opponent_take_gain=1.0"),  # type: ignore[arg-type]
        (lambda: rollout_action(GameState.new(Rules(), seed=1), take_gain=-2), "take_gain=-2"),
        (lambda: roll_out(GameState.new(Rules(), seed=1), take_gains=(2,)), "take_gains=(2,)"),
        (lambda: roll_out(GameState.new(Rules(), seed=1), take_gains="22"), "take_gains='22'"),  # type: ignore[arg-type]
        (lambda: roll_out(GameState.new(Rules(), seed=1), take_gains=[2, True]), "take_gains[1]=True"),
        (lambda: roll_out(GameState.new(Rules(), seed=1), take_gains=(2, 0)), "take_gains[1]=0"),
        (lambda: determinize(GameState.new(Rules(), seed=1).view(1), random.Random(1), redeals=-3), "redeals=-3"),
        (lambda: HardPlayer(undercut_risk=2), "undercut_risk=2"),
        (lambda: HardPlayer(samples="3"), "samples='3'"),  # type: ignore[arg-type]
        (lambda: HardPlayer(time_budget=0), "time_budget=0"),
        (lambda: HardPlayer(time_budget=-math.inf), "time_budget=-inf"),
        (lambda: ExpertPlayer(time_budget=math.nan), "time_budget=nan"),
        (lambda: HardPlayer(samples=math.inf), "samples=inf"),  # type: ignore[arg-type]
        (lambda: HardPlayer(samples=10**400), "samples=<a whole number of 1329 bits>"),
        (lambda: ExpertPlayer(time_budget=10**400), "time_budget=<a whole number of 1329 bits>"),
        (lambda: HardPlayer(danger_weight=10**400), "danger_weight=<a whole number of 1329 bits>"),
        (lambda: ExpertPlayer(simulations=math.inf), "simulations=inf"),  # type: ignore[arg-type]
        (lambda: HardPlayer(potential_weight=float("inf")), "potential_weight=inf"),
        (lambda: make_player("expert", time_budget=-2), "time_budget=-2"),
        (lambda: RandomPlayer(seed="7"), "seed='7'"),  # type: ignore[arg-type]
        (lambda: EasyPlayer(seed=1.5), "seed=1.5"),  # type: ignore[arg-type]
        (lambda: HardPlayer(seed=True), "seed=True"),
        (lambda: ExpertPlayer(seed=[1]), "seed=[1]"),  # type: ignore[arg-type]
        (lambda: make_player("hard", seed=b"x"), "seed=b'x'"),  # type: ignore[arg-type]
    ],
)
def test_players_refuse_impossible_settings(make: Callable[[], object], quoted: str) -> None:
    with pytest.raises(PlayerError, match="^" + re.escape(quoted) + " is not allowed: expected a "):
        make()


def test_players_satisfy_the_protocol() -> None:
    for player in (RandomPlayer(), EasyPlayer(), MediumPlayer(), HardPlayer()):
        assert isinstance(player, Player)
    with pytest.raises(ValueError, match="unknown player level 'grandmaster'"):
        make_player("grandmaster")
    assert isinstance(make_player("expert"), ExpertPlayer)


def test_medium_takes_the_upcard_only_when_it_makes_a_meld() -> None:
    takes = scripted("As 2s 3s 4h 5h 6h 9c 9d Jh Kc", DL, "9h")
    view = takes.view(1)
    assert MediumPlayer().choose(view, view.legal_actions) == TakeUpcard()
    passes = scripted("As 2s 3s 4h 5h 6h 9c 9d Jh Kc", DL, "Qh")
    view = passes.view(1)
    assert MediumPlayer().choose(view, view.legal_actions) == PassUpcard()


def test_medium_knocks_as_soon_as_it_can_and_never_throws_the_taken_card() -> None:
    state = scripted("As 2s 3s 4h 5h 6h 9c 9d 9h Kc", DL, "Th").apply(TakeUpcard())
    view = state.view(1)
    choice = MediumPlayer().choose(view, view.legal_actions)
    assert isinstance(choice, Knock)
    tight = scripted("As 2s 3s 4h 5h 6h 9c 9d Qh Kc", DL, "2h").apply(TakeUpcard())
    view = tight.view(1)
    choice = MediumPlayer().choose(view, view.legal_actions)
    assert choice in view.legal_actions and getattr(choice, "card", None) != Card.parse("2h")


def test_hard_goes_gin_and_big_gin_when_it_can() -> None:
    state = scripted("As 2s 3s 4h 5h 6h 9c 9d 9h Kc", DL, "7h").apply(TakeUpcard())
    view = state.view(1)
    assert HardPlayer(seed=1).choose(view, view.legal_actions) == Knock(Card.parse("Kc"))
    big = scripted("As 2s 3s 4s 5h 6h 7h 9c 9d 9h", DL, "8h").apply(TakeUpcard())
    view = big.view(1)
    assert HardPlayer(seed=1).choose(view, view.legal_actions) == BigGin()


def test_hard_does_not_feed_a_meld_the_opponent_is_known_to_hold() -> None:
    # The dealer (seat 0) took 7d from the pile and holds 7c from... we make it pick up 7d.
    state = scripted("As 2s 3s 4h 5h 6h Jc Qd 7s Kc", "Ks Kd Qs Js Jd 2c 3d 5c 7c 7h", "7d")
    state = state.apply(PassUpcard()).apply(TakeUpcard())
    assert Card.parse("7d") in state.view(1).opponent_known
    state = state.apply(state.parse_action("d 2c"))
    state = state.apply(DrawStock())
    view = state.view(1)
    choice = HardPlayer(seed=3).choose(view, view.legal_actions)
    assert choice != state.parse_action("d 7s")


def test_hard_decisions_stay_within_the_time_budget() -> None:
    import time

    player = HardPlayer(seed=5, time_budget=0.05)
    rng = random.Random(5)
    timings: list[float] = []
    state = GameState.new(Rules(), seed=5)
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        if seat == 0:
            start = time.perf_counter()
            action = player.choose(view, view.legal_actions)
            timings.append(time.perf_counter() - start)
        else:
            action = rng.choice(view.legal_actions)
        state = state.apply(action)
    assert timings and sorted(timings)[len(timings) // 2] < 0.5  # generous: CI machines vary


class _Cheater:
    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return DrawDiscard() if view.phase.value == "draw" else legal_actions[0]


def test_drivers_reject_illegal_choices() -> None:
    state = GameState.new(Rules(), seed=1).apply(PassUpcard()).apply(PassUpcard())
    with pytest.raises(IllegalActionError, match=r"^_Cheater at seat \d chose pile, which cannot be played: ") as caught:
        play_hand(state, [_Cheater(), _Cheater()])
    assert caught.value.reason == "must_draw_stock"
    with pytest.raises(ValueError):
        play_hand(state, [_Cheater()])
    with pytest.raises(IllegalActionError, match=r"^_Dealer at seat \d chose next, which cannot be played: "):
        play_match(Match.new(Rules(game_target=20), seed=1), [_Dealer(), _Dealer()])


class _PileTaker:
    """Takes every discard it may, so two of them never run the stock down."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if isinstance(action, (TakeUpcard, DrawDiscard)):
                return action
        return next((a for a in legal_actions if isinstance(a, Discard)), legal_actions[0])


class _Talker:
    """A player that answers in words instead of actions."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return "discard Ks"  # type: ignore[return-value]


def test_drivers_refuse_a_player_that_does_not_answer_with_an_action() -> None:
    for drive in (
        lambda: play_hand(GameState.new(Rules(), seed=1), [_Talker(), _Talker()]),
        lambda: play_match(Match.new(Rules(), seed=1), [_Talker(), _Talker()]),
    ):
        with pytest.raises(IllegalActionError, match=r"^_Talker.choose returned 'discard Ks', which is not an Action$") as raised:
            drive()
        assert raised.value.reason == "unknown_action" and isinstance(raised.value, TypeError)


def _pile_taker(seed: int) -> Player:
    return _PileTaker()


def test_drivers_stop_a_hand_that_never_ends() -> None:
    takers = [_PileTaker(), _PileTaker()]
    with pytest.raises(UnfinishedError, match="the hand did not end within 500 actions") as stopped:
        play_hand(GameState.new(Rules(), seed=1), takers, max_actions=500)
    assert isinstance(stopped.value, RuntimeError) and isinstance(stopped.value, GinRummyError)
    assert not isinstance(stopped.value, ValueError)
    with pytest.raises(UnfinishedError, match="the hand did not end within 300 actions"):
        play_match(Match.new(Rules(), seed=1), takers, max_actions=300)
    with pytest.raises(UnfinishedError, match="the hand did not end within 10000 actions"):
        run_tournament(_pile_taker, _pile_taker, games=1, seed=1)  # the drivers' default limit
    medium = [MediumPlayer(), MediumPlayer()]
    with pytest.raises(UnfinishedError, match=r"^the match did not finish within 1 hand$"):
        play_match(Match.new(Rules(), seed=1), medium, max_hands=1)
    with pytest.raises(UnfinishedError, match=r"^the match did not finish within 2 hands$"):
        play_match(Match.new(Rules(), seed=1), medium, max_hands=2)
    with pytest.raises(PlayerError, match="max_actions=0 is not allowed"):
        play_hand(GameState.new(Rules(), seed=1), takers, max_actions=0)
    assert play_hand(GameState.new(Rules(), seed=1), [MediumPlayer(), MediumPlayer()], max_actions=200).is_over


class _Dealer:
    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return NextHand()


def test_play_hand_finishes_a_hand() -> None:
    final = play_hand(GameState.new(Rules(), seed=2), [MediumPlayer(), MediumPlayer()])
    assert final.is_over


def test_tournament_is_the_same_serial_or_on_an_executor() -> None:
    rules = attrs.evolve(Rules(), game_target=40)
    serial = run_tournament("medium", "random", games=6, rules=rules, seed=3)
    with ThreadPoolExecutor(2) as executor:
        parallel = run_tournament("medium", "random", games=6, rules=rules, seed=3, executor=executor, chunk_size=2)
    assert serial == parallel
    assert serial.wins[0] + serial.wins[1] == 6 and sum(serial.endings.values()) == serial.hands
    assert "medium vs random: 6 games" in serial.describe()
    seen: list[tuple[int, int]] = []
    run_tournament("random", "random", games=3, rules=rules, chunk_size=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(ValueError):
        run_tournament("random", "random", games=0)


def test_a_tournament_does_not_depend_on_the_machines_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = attrs.evolve(Rules(), game_target=60)
    unhurried = run_tournament("hard", "medium", games=4, rules=rules, seed=11)
    busy_machine(monkeypatch)  # every time cap is reached at once
    assert run_tournament("hard", "medium", games=4, rules=rules, seed=11) == unhurried
    # a capped player on that machine samples one hand a knock decision, and plays differently
    capped = run_tournament(
        lambda seed: HardPlayer(seed=seed), lambda seed: MediumPlayer(), games=4, rules=rules, seed=11
    )
    assert (capped.wins, capped.worths, capped.hands) != (unhurried.wins, unhurried.worths, unhurried.hands)


def test_no_time_cap_makes_seeded_choices_independent_of_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    assert make_player("expert", seed=1, time_budget=math.inf).hard.time_budget == math.inf  # type: ignore[attr-defined]
    assert ExpertPlayer(seed=1).hard.time_budget == 0.05
    rng = random.Random(8)
    views: list[PlayerView] = []
    for deal in range(3):
        state = GameState.new(Rules(), seed=deal)
        while not state.is_over and len(views) < 6 * (deal + 1):
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if len(view.legal_actions) > 1:
                views.append(view)
            state = state.apply(rng.choice(view.legal_actions))

    def choices() -> list[Action]:
        return [
            player.choose(view, view.legal_actions)
            for view in views
            for player in (HardPlayer(seed=3, time_budget=math.inf), ExpertPlayer(seed=3, simulations=8, time_budget=math.inf))
        ]

    unhurried = choices()
    busy_machine(monkeypatch)
    assert choices() == unhurried


def test_medium_beats_random_almost_always() -> None:
    result = run_tournament("medium", "random", games=20, rules=attrs.evolve(Rules(), game_target=60), seed=1)
    assert result.wins[0] >= 18


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(10**300, 2 * 10**300) == (0.5, 0.5)  # huge counts stay in floats
    for wins, games, z, message in [
        (1, 10**400, 1.96, "games=<a whole number of 1329 bits> is not allowed: expected a whole number that fits a float"),
        (-1, 1, 1.96, "wins=-1 is not allowed: expected a whole number at least 0 and at most 1"),
        (3, 2, 1.96, "wins=3 is not allowed: expected a whole number at least 0 and at most 2"),
        (1, -2, 1.96, "games=-2 is not allowed: expected a whole number at least 0"),
        (1.5, 2, 1.96, "wins=1.5 is not allowed: expected a whole number"),
        (1, 2, 0, "z=0 is not allowed: expected a number more than 0"),
    ]:
        with pytest.raises(PlayerError, match=re.escape(message)):
            wilson_interval(wins, games, z=z)  # type: ignore[arg-type]


def test_summarize_refuses_what_is_not_a_summary_of_these_players() -> None:
    game = MatchSummary(winner=1, hands=3, actions=40, endings=(("knock", 3),), worths=(-50, 50))
    result = summarize(["hard", "medium"], [game, game])
    assert result.games == 2 and result.wins == (0, 2) and result.worths == (-100, 100)
    with pytest.raises(TypeError, match=re.escape("summaries[1] is 'x', not a MatchSummary")):
        summarize(["hard", "medium"], [game, "x"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="names must be a sequence of strings"):
        summarize("hard", [game])
    with pytest.raises(PlayerError, match=re.escape("summaries[0] has winner 1 and 2 worths: expected a game of the 3 players named")):
        summarize(["a", "b", "c"], [game])


def test_the_players_of_a_hand_must_be_players() -> None:
    state = GameState.new(Rules(), seed=1)
    with pytest.raises(TypeError, match=re.escape("players[1] is 'z', not a player: expected an object with a choose(view, legal_actions) method")):
        play_hand(state, [MediumPlayer(), "z"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="players must be a sequence of players, one per seat, not str: 'zz'"):
        play_match(Match.new(Rules(), seed=1), "zz")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="determinize deals with a random.Random, not NoneType: None"):
        determinize(state.view(state.to_play), None)  # type: ignore[arg-type]


@settings(max_examples=300)
@given(st.sets(st.integers(0, 51), min_size=1, max_size=12), st.randoms(use_true_random=False))
def test_hard_draw_gain_equals_the_exact_sum(cards: set[int], rng: random.Random) -> None:
    from ginrummy._masks import deadwood_of_mask, discard_deadwood_of_mask
    from ginrummy.players._bots import draw_gain

    mask = sum(1 << i for i in cards)
    unseen = [1 << i for i in range(52) if not mask >> i & 1]
    rng.shuffle(unseen)
    unseen = unseen[: rng.randrange(1, len(unseen) + 1)]
    dw = deadwood_of_mask(mask)
    assert draw_gain(mask, dw, unseen) == sum(max(0, dw - discard_deadwood_of_mask(mask | u)) for u in unseen)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 160), st.integers(0, 160), st.sampled_from(sorted(PRESETS)))
def test_game_equity_is_a_fair_symmetric_chance(mine: int, theirs: int, preset: str) -> None:
    rules = PRESETS[preset]
    chance = game_equity(rules, mine, theirs)
    assert 0.0 <= chance <= 1.0
    if mine >= rules.game_target:
        assert chance == 1.0
    elif theirs >= rules.game_target:
        assert chance == 0.0
    else:
        assert chance + game_equity(rules, theirs, mine) == pytest.approx(1.0)
        assert game_equity(rules, mine + 5, theirs) >= chance >= game_equity(rules, mine, theirs + 5)


def test_game_equity_model_follows_the_rules_in_play() -> None:
    standard, oklahoma = PRESETS["standard"], PRESETS["oklahoma"]
    assert game_equity(standard, 0, 0) == pytest.approx(0.5)
    mean = {name: sum(p * v for v, p in hand_points_model(PRESETS[name])) for name in ("standard", "oklahoma", "classic")}
    assert mean["oklahoma"] > mean["standard"] > mean["classic"]  # spades double; the classic bonuses are smaller
    assert max(v for v, _ in hand_points_model(oklahoma)) == 2 * max(v for v, _ in hand_points_model(standard))
    assert game_equity(standard, 95, 0) > 0.9 and game_equity(standard, 0, 95) < 0.1


def _played_out_by_medium(state: GameState) -> HandResult:
    """The result of ``state``'s hand played to its end by ``medium`` in every seat."""
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        state = state.apply(MediumPlayer().choose(state.view(seat), state.legal_actions()))
    assert state.result is not None
    return state.result


def test_expert_prices_a_two_player_hand_by_its_game_equity() -> None:
    rules = PRESETS["standard"]
    match = Match.new(rules, seed=3)
    view = match.view(0)
    expert = ExpertPlayer(seed=1)
    assert isinstance(view.game, GameScore) and view.game.points == (0, 0)
    result = _played_out_by_medium(match.state)
    score = result.score_under(rules)
    worth = expert._value(score, view)
    if score.scorer is None:
        assert worth == pytest.approx(0.5)
    else:
        mine = score.points if score.scorer == 0 else 0
        theirs = score.points if score.scorer == 1 else 0
        assert worth == pytest.approx(game_equity(rules, mine, theirs))
        assert (worth > 0.5) == (score.scorer == 0)


def test_game_equity_refuses_what_is_not_a_score() -> None:
    rules = PRESETS["oklahoma"]
    with pytest.raises(PlayerError, match=r"mine=-1 is not a score"):
        game_equity(rules, -1, 0)
    with pytest.raises(TypeError, match=r"theirs must be a whole number of hand points, not 2.5"):
        game_equity(rules, 0, 2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not True"):
        game_equity(rules, True, 0)
    with pytest.raises(TypeError, match=r"rules must be a Rules value, not str"):
        game_equity("oklahoma", 0, 0)  # type: ignore[arg-type]


def test_game_equity_refuses_a_target_too_long_to_model() -> None:
    rules = attrs.evolve(PRESETS["standard"], game_target=501)
    with pytest.raises(PlayerError, match=r"at most 500 points, not to game_target=501"):
        game_equity(rules, 0, 0)
    assert 0 < game_equity(attrs.evolve(rules, game_target=500), 10, 0) < 1


def test_expert_prices_the_hands_of_a_very_long_game_by_points() -> None:
    # game equity would need a table of target x target chances: above 500 points the
    # expert prices the points, as with three or four players
    rules = attrs.evolve(PRESETS["standard"], game_target=1_000_000)
    match = Match.new(rules, seed=3)
    view = match.view(0)
    expert = ExpertPlayer(seed=1)
    result = _played_out_by_medium(match.state)
    score = result.score_under(rules)
    worth = expert._value(score, view)
    expected = 0.0 if score.scorer is None else float(score.points + score.box)
    assert worth == (expected if score.scorer in (0, None) else -expected)
    assert expert.choose(view, view.legal_actions) in view.legal_actions  # no table built


# ------------------------------------------------------------- the expert's analysis


def _expert_positions() -> list[PlayerView]:
    """Views of every phase from short medium games: two players in a game (priced by
    equity), and three and four players (priced by points)."""
    views: list[PlayerView] = []
    for players, preset in ((2, "oklahoma"), (3, "standard"), (4, "oklahoma")):
        match = Match.new(attrs.evolve(Rules.parse(preset), players=players, game_target=100), seed=players)
        bot = MediumPlayer()
        for step in range(60):
            seat = match.to_play
            if seat is None:
                break
            view = match.view(seat)
            if step % 3 == 0:
                views.append(view)
            match = match.apply(bot.choose(view, view.legal_actions), seat=seat)
    return views


def test_expert_analysis_makes_the_same_choice_as_choose() -> None:
    for index, view in enumerate(_expert_positions()):
        chosen = ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP).choose(view, view.legal_actions)
        analysis = ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP).analyse(view)
        assert analysis.choice == chosen, view


def test_expert_analysis_figures_agree_with_its_choice() -> None:
    searched = departed = 0
    for index, view in enumerate(_expert_positions()):
        # every draw searched, so that as many decisions as possible show their figures
        analysis = ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP, meld_takes=False).analyse(view)
        ratings = analysis.ratings
        legal = view.legal_actions
        assert analysis.choice in legal and analysis.default in legal
        assert [r.action for r in ratings if r.is_default] == [analysis.default]
        assert all(r.action in legal for r in ratings) and len({r.action for r in ratings}) == len(ratings)
        assert analysis.unit == ("game" if view.players == 2 else "points")
        if analysis.deals == 0:
            assert len(ratings) == 1 and ratings[0].action == analysis.choice
            continue
        searched += 1
        assert analysis.deals == 12
        advantages = [r.advantage for r in ratings]
        assert advantages == sorted(advantages, reverse=True)
        default = next(r for r in ratings if r.is_default)
        assert (default.advantage, default.standard_error) == (0.0, 0.0)
        for r in ratings:
            # paired by deal over the same deals: the mean difference is the difference of the means
            assert r.advantage == pytest.approx(r.value - default.value, abs=1e-9)
        clear = [r for r in ratings if not r.is_default and r.advantage - 1.0 * r.standard_error > 0]
        if clear:
            departed += 1
            assert analysis.choice == max(clear, key=lambda r: r.advantage).action
        else:
            assert analysis.choice == analysis.default
    assert searched >= 20 and departed >= 1


def test_expert_takes_a_pile_card_only_when_it_joins_a_meld() -> None:
    """With ``meld_takes`` (the default) the expert draws from the stock, or passes the
    upcard, without searching when the pile's card would not join a meld of its best
    arrangement; a card that would is searched like any decision, and so is every draw
    with ``meld_takes=False``."""
    declined = searched = 0
    for index, view in enumerate(_expert_positions()):
        top = view.discard_top
        if view.phase not in (Phase.OFFER, Phase.DRAW) or top is None:
            continue
        if not any(isinstance(a, (DrawDiscard, TakeUpcard)) for a in view.legal_actions):
            continue
        melds = best_melding(view.hand.add(top)).melds
        analysis = ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP).analyse(view)
        if any(top in meld for meld in melds):
            searched += 1
            assert analysis.deals == 12 and analysis.declined is None, view
        else:
            declined += 1
            assert analysis.deals == 0, view
            assert isinstance(analysis.choice, (DrawStock, PassUpcard)), view
            assert analysis.choice == analysis.default
            assert analysis.declined == top
            assert analysis.explain() == f"{top} would join no meld: not worth showing by taking it"
            assert ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP).choose(view, view.legal_actions) == analysis.choice
        searching = ExpertPlayer(seed=index, simulations=12, time_budget=NO_CAP, meld_takes=False).analyse(view)
        assert searching.deals == 12, view
    assert declined >= 5 and searched >= 1
    with pytest.raises(PlayerTypeError, match=r"^meld_takes=1 is not allowed: expected True or False$"):
        ExpertPlayer(meld_takes=1)  # type: ignore[arg-type]


def test_expert_analysis_of_a_forced_move_searches_nothing() -> None:
    state = GameState.new(Rules(), seed=1)
    seat = state.to_play
    assert seat is not None
    analysis = ExpertPlayer(seed=1).analyse(state.view(seat), [PassUpcard()])
    assert analysis.choice == analysis.default == PassUpcard() and analysis.deals == 0
    assert analysis.declined is None and analysis.explain() == "the only move worth searching"
    (rating,) = analysis.ratings
    assert rating.is_default and rating.value != rating.value  # nan: nothing was played out


def test_expert_analysis_refuses_what_it_cannot_choose_from() -> None:
    state = GameState.new(Rules(), seed=1)
    seat = state.to_play
    assert seat is not None
    expert = ExpertPlayer(seed=1)
    with pytest.raises(TypeError, match="ExpertPlayer.analyse takes a PlayerView, not GameState"):
        expert.analyse(state)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not seat .*'s turn") as waiting:
        expert.analyse(state.view(1 - seat))  # legal_actions defaults to the view's: none
    assert waiting.value.reason == "not_your_turn"
    with pytest.raises(TypeError, match="legal_actions must be a sequence of actions"):
        expert.analyse(state.view(seat), 5)  # type: ignore[arg-type]
    # choose refuses what every level refuses: test_every_level_chooses_only_from_actions_its_view_offers


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert"])
def test_every_level_chooses_only_from_actions_its_view_offers(level: str) -> None:
    state = GameState.new(Rules(), seed=1)
    seat = state.to_play
    assert seat is not None
    player = make_player(level, seed=1)
    view = state.view(seat)
    assert player.choose(view, view.legal_actions) in view.legal_actions
    assert player.choose(view, [PassUpcard()]) == PassUpcard()  # a subset is fine
    assert player.choose(view, [*view.legal_actions, *view.legal_actions]) in view.legal_actions  # and repeats
    with pytest.raises(IllegalActionError, match="not seat .*'s turn") as waiting:
        player.choose(state.view(1 - seat), ())
    assert waiting.value.reason == "not_your_turn"
    with pytest.raises(IllegalActionError, match="legal_actions is empty"):
        player.choose(view, [])
    with pytest.raises(IllegalActionError, match=r"DrawStock\(\) is not legal in this view: .*\(take, pass\)") as wrong:
        player.choose(view, [PassUpcard(), DrawStock()])
    assert wrong.value.reason == "unknown_action"
    for not_a_list in (5, "pass", PassUpcard()):
        with pytest.raises(TypeError, match="legal_actions must be a sequence of actions"):
            player.choose(view, not_a_list)  # type: ignore[arg-type]


def test_play_hand_and_play_match_refuse_what_is_not_a_game() -> None:
    players = [MediumPlayer(), MediumPlayer()]
    with pytest.raises(TypeError, match="play_hand takes a GameState, not NoneType: None"):
        play_hand(None, players)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="play_match takes a Match, not GameState"):
        play_match(GameState.new(Rules(), seed=1), players)  # type: ignore[arg-type]
    for bad in (0, 2.5, True, "9"):
        with pytest.raises(PlayerError, match=f"max_hands={re.escape(repr(bad))} is not allowed"):
            play_match(Match.new(Rules(), seed=1), players, max_hands=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert"])
def test_every_level_refuses_what_is_not_a_view(level: str) -> None:
    state = GameState.new(Rules(), seed=1)
    player = make_player(level, seed=1)
    with pytest.raises(TypeError, match=r"\.(choose|analyse) takes a PlayerView, not GameState"):
        player.choose(state, state.legal_actions())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="HardPlayer.ranked_discards takes a PlayerView, not NoneType: None"):
        HardPlayer().ranked_discards(None, [])  # type: ignore[arg-type]


def _wall_decisions() -> list[PlayerView]:
    """Views at the fiftieth-card rule's choice, where the last discard would let the player
    knock (found by easy players playing the tournament preset, seeds 412 to 720)."""
    views = []
    for seed in (412, 517, 584, 707, 720):
        state = easy_to_the_wall(seed)
        assert state.phase is Phase.WALL and TakeWallDiscard() in state.legal_actions()
        views.append(state.view(state.to_play_seat))
    return views


def test_every_level_answers_the_fiftieth_card_choice_legally() -> None:
    choices: dict[str, list[bool]] = {}
    for view in _wall_decisions():
        assert set(map(type, view.legal_actions)) == {TakeWallDiscard, DeclineWallDiscard}
        for level in ("random", "easy", "medium", "hard", "expert"):
            # no time cap: the choices must not depend on the machine's load
            action = make_player(level, seed=1, time_budget=NO_CAP).choose(view, view.legal_actions)
            assert action in view.legal_actions
            choices.setdefault(level, []).append(isinstance(action, TakeWallDiscard))
    assert all(choices["medium"])  # medium knocks whenever it can
    assert not any(choices["easy"])  # easy never takes the wall discard
    # hard takes it when its sampled knock is worth something, so it does both here
    assert any(choices["hard"]) and not all(choices["hard"])


def test_medium_never_throws_back_the_card_it_just_took_even_when_the_rules_allow_it() -> None:
    """Under ``discard_taken_card`` the card just taken may be discarded, but medium takes
    a card that joins a meld even when throwing it back leaves less deadwood: two medium
    players then passed one card to and fro for ever (Hollywood, seed 181). Its
    docstring promises it never throws back the taken card; now it keeps that promise."""
    rules = attrs.evolve(Rules(), discard_taken_card=True, hollywood=True, undercut_on_tie=False)
    players = [MediumPlayer(), MediumPlayer()]
    match = Match.new(rules, seed=181)
    steps = 0
    while not match.is_over:
        steps += 1
        assert steps < 20_000, [str(a) for a in list(match.state.history)[-6:]]
        if match.state.is_over:
            match = match.apply(match.legal_actions()[0])
            continue
        seat = match.state.to_play_seat
        view = match.view(seat)
        action = players[seat].choose(view, view.legal_actions)
        if isinstance(action, Discard):
            assert action.card != view.taken_card
        match = match.apply(action, seat=seat)
    assert match.is_over


def test_the_expert_goes_big_gin_or_gin_without_searching() -> None:
    """Nothing beats big gin or gin: the expert takes it at once, for any default of hard's."""
    expert = ExpertPlayer(seed=1, time_budget=NO_CAP)
    big = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Js")
    analysis = expert.analyse(big.view(big.to_play_seat))
    assert analysis.choice == BigGin() and analysis.deals == 0 and analysis.goes_out
    assert analysis.explain() == "big gin: nothing can beat it"
    gin = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 9s Kd", "Ts")
    view = gin.view(gin.to_play_seat)
    analysis = expert.analyse(view)
    assert isinstance(analysis.choice, Knock) and analysis.choice.card == Card.parse("Kd") and analysis.deals == 0
    assert analysis.goes_out and analysis.explain() == "gin: nothing can beat it"
    # two discards give gin (3h or 2d), and the eleven cards are not big gin: the
    # expert takes hard's, unsearched
    two = taken_upcard("As 2s 3s 4s 5s Ah 2h 3h Ad 2d", "Ac")
    view = two.view(two.to_play_seat)
    gins = [a for a in view.legal_actions if isinstance(a, Knock) and deadwood_of_mask(view.hand.mask & ~a.card.mask) == 0]
    assert sorted(str(a.card) for a in gins) == ["2d", "3h"] and BigGin() not in view.legal_actions
    analysis = expert.analyse(view)
    assert analysis.choice in gins and analysis.deals == 0 and analysis.goes_out
    assert analysis.choice == analysis.default == expert._default(view, view.legal_actions)
    forced = expert.analyse(view, [gins[1]])  # the one move offered (as after taking the fiftieth card)
    assert forced.choice == gins[1] and forced.goes_out and forced.explain() == "gin: nothing can beat it"


def test_the_expert_does_not_claim_to_go_out_with_a_knock_short_of_gin() -> None:
    expert = ExpertPlayer(seed=1, simulations=6, time_budget=NO_CAP, gin_outs=0)
    state = taken_upcard("As 2s 3s 6h 6s 6c 9c Tc Jc 2d", "3h")  # knock with 3, limit 3
    view = state.view(state.to_play_seat)
    assert any(isinstance(a, Knock) for a in view.legal_actions)
    analysis = expert.analyse(view)
    assert not analysis.goes_out and analysis.deals == 6
    (knock,) = [a for a in view.legal_actions if isinstance(a, Knock)]
    forced = expert.analyse(view, [knock])
    assert forced.choice == knock and not forced.goes_out and forced.explain() == "the only move worth searching"


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_level_but_random_goes_big_gin_when_it_can(level: str) -> None:
    big = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Js")
    view = big.view(big.to_play_seat)
    assert make_player(level, seed=1, time_budget=NO_CAP).choose(view, view.legal_actions) == BigGin()


def test_the_rollout_policy_takes_a_usable_wall_discard() -> None:
    state = easy_to_the_wall(412)
    assert state.phase is Phase.WALL and TakeWallDiscard() in state.legal_actions()
    assert rollout_action(state) == TakeWallDiscard()


@pytest.mark.parametrize(("seed", "taken"), [(412, True), (402, False)])
def test_roll_out_takes_or_declines_the_wall_discard_as_the_engine_does(seed: int, taken: bool) -> None:
    # the fast rollout's own path for the fiftieth-card rule: take the discard and knock,
    # or decline it and leave the hand void
    wall = easy_to_the_wall(seed)
    assert wall.phase is Phase.WALL
    slow = wall
    while not slow.is_over:
        slow = slow.apply(rollout_action(slow))
    assert slow.result is not None
    assert slow.result.knocker == (wall.to_play_seat if taken else None)
    assert roll_out(wall) == slow.result
    assert _roll_out_score(wall, (2, 2)) == slow.result.score
