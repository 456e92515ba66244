"""Properties of three- and four-player hands over random playouts of every preset."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
from helpers import shuffle_hidden
from ginrummy import (
    PRESETS,
    Action,
    BigGin,
    Card,
    Discard,
    EndReason,
    GameScore,
    GameState,
    Hand,
    HandResult,
    HiddenKnock,
    Knock,
    Match,
    NextHand,
    Phase,
    Rules,
    deadwood,
    dumps,
    loads,
    meldings,
    showdown,
    to_dict,
)

PRESET_NAMES = [name for name, rules in PRESETS.items() if not rules.hollywood]  # Hollywood is two-player


def rules_for(preset: str, players: int) -> Rules:
    return attrs.evolve(PRESETS[preset], players=players)


def eager_playout(state: GameState, rng: random.Random) -> list[GameState]:
    """Random play, greedy most of the time and knocking when it can, so showdowns are common."""
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
        discards = [a for a in legal if isinstance(a, Discard)]
        action: Action
        if outs and rng.random() < 0.8:
            action = rng.choice(outs)
        elif discards and rng.random() < 0.8:
            held = state.hands[state.to_play_seat]
            action = min(discards, key=lambda a: (deadwood(Hand.from_mask(held & ~a.card.mask)), rng.random()))
        else:
            action = rng.choice(legal)
        state = state.apply(action)
        states.append(state)
    return states


def bcards(hand: Hand) -> frozenset[brute.Card]:
    return frozenset(brute.card_of(str(c)) for c in hand)


def check_showdown_against_brute_force(result: HandResult) -> None:
    """Each defender's deadwood is the least possible given the melds as extended before its turn,
    and the points follow the winner-takes-all formula of RULES.md section 2."""
    assert result.knocker is not None
    rules = result.rules
    melds = [m.mask for m in result.knocker_melds]
    for seat in result.order:
        hand = result.hands[seat]
        if result.big_gin or result.knocker_deadwood == 0:
            expected = brute.least_deadwood(bcards(hand))
        else:
            extended = [tuple(sorted(bcards(Hand.from_mask(m)))) for m in melds]
            expected, fewest = brute.fewest_layoffs(extended, bcards(hand))
            # section 2: among equal choices, the fewest laid-off cards
            assert len(result.layoffs_of(seat)) == fewest
        assert result.deadwood_of(seat) == expected
        for layoff in result.layoffs_of(seat):
            melds[layoff.target] |= layoff.card.mask
    k = result.knocker_deadwood
    ds = [result.deadwood_of(s) for s in result.order]
    m = min(ds)
    multiplier = rules.multiplier_for(result.upcard)
    if result.big_gin or k == 0:
        who, base = result.knocker, sum(ds)
        bonus = rules.big_gin_bonus if result.big_gin else rules.gin_bonus
        kind = "bonus"
    elif m > k:
        who, base, bonus, kind = result.knocker, sum(d - k for d in ds), rules.knock_bonus, "knock"
    elif m < k or rules.undercut_on_tie:
        who = result.order[ds.index(m)]
        base = (k - m) + sum(d - m for d in ds) - 0
        bonus, kind = rules.undercut_bonus, "bonus"
    else:
        assert result.score.reason is EndReason.TIE and result.scorer is None and result.points == 0
        return
    if multiplier == 1:
        points = base + bonus
    elif rules.spades_double.value == "bonuses":
        points = base + (bonus if kind == "knock" else 2 * bonus)
    else:
        points = 2 * (base + bonus)
    assert (result.scorer, result.points) == (who, points)


def knocker_net(result: HandResult) -> int:
    """The hand's points to the knocker: what it scores, less what another player scores."""
    if result.scorer is None:
        return 0
    return result.points if result.scorer == result.knocker else -result.points


def check_automatic_arrangement_is_best(result: HandResult) -> None:
    """Section 2 (ruling 5 generalised): the automatic layout has the least deadwood and,
    among the knocker's least-deadwood arrangements (found by brute force), the best hand
    result. With seven cards these arrangements rarely differ in more than how a long run
    is split, so this mostly guards the least deadwood."""
    assert result.knocker is not None
    if result.big_gin or result.knocker_deadwood == 0:
        return
    kept = bcards(result.hands[result.knocker])
    assert result.knocker_deadwood == brute.least_deadwood(kept)
    defenders = [result.hands[s] for s in result.order]
    best = max(
        knocker_net(
            showdown(
                result.hands[result.knocker], *defenders, rules=result.rules, upcard=result.upcard,
                knocker_melds=[" ".join(brute.RANKS[r - 1] + brute.SUITS[s] for r, s in meld) for meld in melds],
                knocker_seat=result.knocker,
            )
        )
        for melds, dead in brute.arrangements(kept)
        if dead == result.knocker_deadwood
    )
    assert knocker_net(result) == best


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_playouts_keep_every_invariant(preset: str, players: int) -> None:
    rules = rules_for(preset, players)
    rng = random.Random(f"{preset}{players}")
    endings: set[EndReason] = set()
    for game in range(25):
        states = eager_playout(GameState.new(rules, seed=f"{preset}-{players}-{game}"), rng)
        for before, after in zip(states, states[1:]):
            before.validate()
            assert after.history[:-1] == before.history
            if before.phase is not Phase.DISCARD:
                assert all(len(before.hand(s)) == 7 for s in range(players))
        final = states[-1]
        final.validate()
        assert final.result is not None and final.legal_actions() == ()
        endings.add(final.result.reason)
        if final.result.knocker is not None:
            check_showdown_against_brute_force(final.result)
            k = final.result.knocker
            again = showdown(
                final.result.hands[k], *(final.result.hands[s] for s in final.result.order),
                rules=rules, upcard=final.upcard, knocker_melds=final.result.knocker_melds, knocker_seat=k,
            )
            assert again == final.result
            check_automatic_arrangement_is_best(final.result)
        assert loads(dumps(final)) == final
    assert len(endings) >= 2


@settings(max_examples=30)
@given(st.sampled_from(PRESET_NAMES), st.sampled_from([3, 4]), st.integers(0, 10**6), st.integers(0, 3))
def test_views_do_not_change_when_other_seats_hidden_cards_change(preset: str, players: int, seed: int, seat: int) -> None:
    seat %= players
    rng = random.Random(seed)
    for state in eager_playout(GameState.new(rules_for(preset, players), seed=seed), rng)[:-1]:
        shuffled = shuffle_hidden(state, seat, rng)
        shuffled.validate()
        assert shuffled.view(seat) == state.view(seat)
        assert to_dict(shuffled.view(seat)) == to_dict(state.view(seat))


@pytest.mark.parametrize("players", [3, 4])
def test_views_contain_nothing_hidden(players: int) -> None:
    rng = random.Random(players)
    for game in range(15):
        for state in eager_playout(GameState.new(Rules(players=players), seed=game), rng)[:-1]:
            for seat in range(players):
                view = state.view(seat)
                text = json.dumps(to_dict(view))
                public = {str(c) for c in view.discard_pile} | {str(view.upcard)}
                for other in view.opponents:
                    hidden = Hand.from_mask(state.hands[other] & ~state.known[other])
                    for card in hidden:
                        assert str(card) not in text or str(card) in public
                    assert view.known[other] == Hand.from_mask(state.known[other])
                for card in state.stock:
                    assert str(card) not in text or str(card) in public
                assert view.card_counts == tuple(len(state.hand(s)) for s in range(players))
                assert all(not isinstance(a, Knock) for s, a in view.history if s != seat)
                assert view.relative(seat) == 0 and view.relative(view.next_seat) == 1
                assert view.opponents[0] == view.next_seat and len(view.opponents) == players - 1


@settings(max_examples=20)
@given(st.sampled_from(PRESET_NAMES), st.sampled_from([3, 4]), st.integers(0, 10**6))
def test_matches_round_trip_and_deal_to_the_left(preset: str, players: int, seed: int) -> None:
    rules = attrs.evolve(rules_for(preset, players), game_target=40)
    rng = random.Random(seed)
    match = Match.new(rules, seed=seed)
    hands = 0
    while not match.is_over and hands < 6:
        if match.state.is_over:
            result = match.state.result
            assert result is not None
            dealer = match.state.dealer
            match = match.apply(NextHand())
            hands += 1
            if result.is_void:
                assert match.state.dealer == dealer
            elif rules.next_dealer.value == "alternate":
                assert match.state.dealer == (dealer + 1) % players
            continue
        legal = match.legal_actions()
        outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
        match = match.apply(rng.choice(outs) if outs else rng.choice(legal))
    assert loads(dumps(match)) == match
    assert isinstance(match.score, GameScore) and len(match.score.points) == players
    if match.is_over:
        settlement = match.score.settlement()
        assert settlement.worth == sum(settlement.amounts) and settlement.amounts[settlement.winner] == 0


def test_other_seats_knock_shows_face_down() -> None:
    rng = random.Random(5)
    for game in range(200):
        final = eager_playout(GameState.new(Rules(players=3), seed=game), rng)[-1]
        assert final.result is not None
        if final.result.knocker is None or final.result.big_gin:
            continue
        k = final.result.knocker
        for seat in final.result.order:
            assert isinstance(final.view(seat).history[-1][1], HiddenKnock)
        assert isinstance(final.view(k).history[-1][1], Knock)
        return
    pytest.fail("no knock in 200 random hands")


def _knocker_worth(result: HandResult) -> int:
    """The hand's points to the knocker: won, lost (to an undercut), or 0."""
    score = result.score
    if score.scorer is None:
        return 0
    return score.points if score.scorer == result.knocker else -score.points


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10), st.sampled_from([3, 4]), st.randoms(use_true_random=False))
def test_ruling_5_automatic_layout_gives_the_knocker_the_best_result_among_several_defenders(
    low: int, players: int, rng: random.Random
) -> None:
    # seven cards of three adjacent ranks can often be laid out as sets or as runs
    block = [13 * suit + rank for rank in range(low, low + 3) for suit in range(4)]
    kept = rng.sample(block, 7)
    near = [13 * suit + rank for suit in range(4) for rank in (low - 1, low + 3) if 0 <= rank < 13]
    near += [i for i in block if i not in kept]
    rest = [i for i in range(52) if i not in kept and i not in near]
    rng.shuffle(near)
    rng.shuffle(rest)
    pool = near + rest
    defenders = [Hand.from_mask(sum(1 << i for i in pool[7 * j : 7 * j + 7])) for j in range(players - 1)]
    upcard = Card.from_index(pool[-1])
    rules = attrs.evolve(Rules(players=players), oklahoma=False, knock_limit=10)
    knocker = Hand.from_mask(sum(1 << i for i in kept))
    least = deadwood(knocker)
    if not 0 < least <= 10:
        return
    automatic = showdown(knocker, *defenders, rules=rules, upcard=upcard)
    layouts = [m for m in meldings(knocker, max_deadwood=least) if m.deadwood == least]
    best = max(
        _knocker_worth(showdown(knocker, *defenders, rules=rules, upcard=upcard, knocker_melds=m.melds)) for m in layouts
    )
    assert _knocker_worth(automatic) == best


def _match_with_void_hands(players: int, voids: int) -> Match:
    """A match (random players, no time cap) whose score holds at least ``voids`` void
    hands and some hand that was not void, with the game still going on."""
    rng = random.Random(players)
    match = Match.new(Rules(players=players, game_target=10_000), seed=players)
    while sum(r.is_void for r in match.score.results) < voids or all(r.is_void for r in match.score.results):
        legal = match.legal_actions()
        outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
        match = match.apply(rng.choice(outs) if outs and rng.random() < 0.3 else rng.choice(legal))
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_match_views_hide_the_other_hands_of_every_void_hand_in_the_score(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A void hand has no showdown: in every seat's view of the game score, its result
    holds that seat's own cards only; other results are as they were. The censored
    score is built once per score and seat and reused, and stays right when the caches
    that keep it are as small as can be."""
    from ginrummy.state import _view

    match = _match_with_void_hands(players, 3)

    def check(seat: int) -> None:
        game = match.view(seat).game
        assert game is not None and len(game.results) == len(match.score.results)
        for seen, true in zip(game.results, match.score.results):
            if not true.is_void:
                assert seen is true
                continue
            assert seen.hands[seat] == true.hands[seat] and seen.is_void
            assert all(len(hand) == 0 for other, hand in enumerate(seen.hands) if other != seat)
        assert isinstance(game, GameScore) and isinstance(match.score, GameScore)
        assert game.points == match.score.points

    for seat in range(players):
        check(seat)
        assert match.view(seat).game is match.view(seat).game  # kept, not censored again
    monkeypatch.setattr(_view, "_CENSORED_SCORES", {})
    monkeypatch.setattr(_view, "_CENSORED_RESULTS", {})
    monkeypatch.setattr(_view, "_CENSORED_SCORES_SIZE", 1)
    monkeypatch.setattr(_view, "_CENSORED_RESULTS_SIZE", 1)
    for seat in [*range(players), *range(players)]:
        check(seat)
        assert len(_view._CENSORED_SCORES) <= 1 and len(_view._CENSORED_RESULTS) <= 1
