"""Engine properties over random playouts of every preset, views, serialisation and matches."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import played_by_bots, playout, shuffle_hidden
from ginrummy import (
    PRESETS,
    Action,
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    GameState,
    Hand,
    HiddenKnock,
    IllegalActionError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    Rules,
    SchemaError,
    TakeUpcard,
    TakeWallDiscard,
    DeclineWallDiscard,
    WrongTypeError,
    deadwood,
    dumps,
    from_dict,
    loads,
    parse_action,
    showdown,
    to_dict,
)

PRESET_NAMES = list(PRESETS)


def all_candidate_actions(state: GameState) -> list[Action]:
    """Every action type with every card: a superset of the legal actions."""
    out: list[Action] = [TakeUpcard(), PassUpcard(), DrawStock(), DrawDiscard(), BigGin(), TakeWallDiscard(), DeclineWallDiscard()]
    for i in range(52):
        card = Card.from_index(i)
        out += [Discard(card), Knock(card)]
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_playouts_keep_every_invariant(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(preset)
    endings: set[EndReason] = set()
    for game in range(60):
        states = playout(GameState.new(rules, seed=f"{preset}-{game}"), rng)
        for before, after in zip(states, states[1:]):
            before.validate()
            assert after.history[:-1] == before.history
        final = states[-1]
        final.validate()
        assert final.is_over and final.result is not None and final.legal_actions() == ()
        endings.add(final.result.reason)
        if final.result.knocker is not None:
            k = final.result.knocker
            expected = showdown(
                final.result.hands[k], final.result.hands[1 - k], rules=rules, upcard=final.upcard,
                knocker_melds=final.result.knocker_melds, knocker_seat=k,
            )
            assert expected.points == final.result.points and expected.scorer == final.result.scorer
    assert EndReason.VOID in endings or preset == "oklahoma"


@settings(max_examples=40)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**6))
def test_legal_actions_agree_with_check(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    for state in playout(GameState.new(PRESETS[preset], seed=seed), rng)[::3]:
        legal = set(state.legal_actions())
        for action in all_candidate_actions(state):
            if action in legal:
                state.check(action)
                assert state.is_legal(action)
            elif isinstance(action, Knock) and state.phase is Phase.DISCARD and state.is_legal(action):
                pytest.fail(f"{action} is legal but not listed")
            else:
                with pytest.raises(IllegalActionError):
                    state.apply(action)


@settings(max_examples=40)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_legal_card_masks_are_the_legal_actions(preset: str, seed: int, players: int) -> None:
    rules = PRESETS[preset]
    if players != rules.players and preset != "hollywood":
        rules = attrs.evolve(rules, players=players)
    rng = random.Random(seed)
    for state in playout(GameState.new(rules, seed=seed), rng):
        discards, knocks, big_gin = state.legal_card_masks()
        legal = state.legal_actions()
        assert discards == sum(a.card.mask for a in legal if isinstance(a, Discard))
        assert knocks == sum(a.card.mask for a in legal if isinstance(a, Knock))
        assert big_gin == (BigGin() in legal)
        if state.phase is not Phase.DISCARD:
            assert (discards, knocks, big_gin) == (0, 0, False)
        knock_order = [a for a in legal if isinstance(a, Knock)]
        kept = [state.hand(state.to_play or 0).remove(a.card) for a in knock_order]
        assert [deadwood(h) for h in kept] == sorted(deadwood(h) for h in kept)  # least deadwood first


@settings(max_examples=30)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**6))
def test_states_never_mutate_and_round_trip(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    states = playout(GameState.new(PRESETS[preset], seed=seed), rng)
    snapshots = [(s.hands, s.pile, s.phase, s.history) for s in states]
    for state in states:
        state.legal_actions()
        for action in state.legal_actions():
            state.apply(action)
    assert snapshots == [(s.hands, s.pile, s.phase, s.history) for s in states]
    for state in states[::5] + [states[-1]]:
        assert loads(dumps(state)) == state
        assert hash(loads(dumps(state))) == hash(state)


@settings(max_examples=40)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10**6), st.integers(0, 1))
def test_views_do_not_change_when_hidden_cards_change(preset: str, seed: int, seat: int) -> None:
    rng = random.Random(seed)
    for state in playout(GameState.new(PRESETS[preset], seed=seed), rng)[:-1]:
        shuffled = shuffle_hidden(state, seat, rng)
        shuffled.validate()
        assert shuffled.view(seat) == state.view(seat)
        assert to_dict(shuffled.view(seat)) == to_dict(state.view(seat))


def test_view_contains_nothing_hidden() -> None:
    rng = random.Random(4)
    for game in range(30):
        for state in playout(GameState.new(Rules(), seed=game), rng)[:-1]:
            for seat in (0, 1):
                view = state.view(seat)
                text = json.dumps(to_dict(view))
                hidden = Hand.from_mask(state.hands[1 - seat] & ~state.known[1 - seat])
                public = {str(c) for c in view.discard_pile}
                for card in list(hidden) + list(state.stock):
                    assert str(card) not in text or str(card) in public or card == view.upcard
                assert view.hand == state.hand(seat)
                assert all(not isinstance(a, Knock) for s, a in view.history if s != seat)
                assert view.unseen.isdisjoint(view.hand)


def test_opponents_knock_discard_is_face_down_in_views() -> None:
    rng = random.Random(11)
    for game in range(200):
        final = playout(GameState.new(PRESETS["standard"], seed=game), rng)[-1]
        assert final.result is not None
        if final.result.knocker is None or final.result.big_gin:
            continue
        k = final.result.knocker
        assert isinstance(final.view(1 - k).history[-1][1], HiddenKnock)
        assert isinstance(final.view(k).history[-1][1], Knock)
        return
    pytest.fail("no knock in 200 random hands")


def test_view_taken_card_and_opponent_known() -> None:
    state = GameState.new(Rules(), seed=2)
    upcard = state.upcard
    taken = state.apply(TakeUpcard())
    player = taken.to_play
    assert player is not None
    assert taken.view(player).taken_card == upcard
    assert upcard in taken.view(1 - player).opponent_known
    assert taken.view(1 - player).taken_card is None
    assert taken.view(1 - player).legal_actions == ()
    assert taken.view(player).legal_actions == taken.legal_actions()


def test_not_your_turn_and_hand_over() -> None:
    state = GameState.new(Rules(), seed=1)
    assert state.to_play is not None
    with pytest.raises(IllegalActionError) as info:
        state.apply(PassUpcard(), seat=1 - state.to_play)
    assert info.value.reason == "not_your_turn"
    final = playout(state, random.Random(1))[-1]
    with pytest.raises(IllegalActionError) as info:
        final.apply(DrawStock())
    assert info.value.reason == "hand_over"
    with pytest.raises(WrongTypeError, match=r"not str: 'take'; to read text, use parse_action\('take'\)"):
        state.apply("take")  # type: ignore[arg-type]
    assert state.apply(state.parse_action("take")) == state.apply(TakeUpcard())
    with pytest.raises(IllegalActionError) as info:
        state.apply(NextHand())
    assert info.value.reason == "unknown_action"


def test_parse_action_forms() -> None:
    assert parse_action("S") == DrawStock()
    assert parse_action("draw  pile") == DrawDiscard()
    assert parse_action("d 10h") == Discard(Card.parse("Th"))
    assert parse_action("k 7h") == Knock(Card.parse("7h"))
    assert parse_action("big gin") == BigGin()
    for action in [TakeUpcard(), PassUpcard(), DrawStock(), DrawDiscard(), BigGin(), TakeWallDiscard(), DeclineWallDiscard(), NextHand(),
                   HiddenKnock()]:
        assert parse_action(str(action)) == action
    # a view's history as text (to_dict) reads back to its actions, another seat's knock included
    final = next(
        hand[-1] for hand in map(lambda seed: played_by_bots(Rules.preset("standard"), seed), range(100))
        if hand[-1].result is not None and hand[-1].result.knocker is not None
    )
    assert final.result is not None and final.result.knocker is not None
    assert isinstance(final.view(1 - final.result.knocker).history[-1][1], HiddenKnock)
    for seat in (0, 1):
        view = final.view(seat)
        history = to_dict(view)["history"]
        assert isinstance(history, list)
        assert [(s, parse_action(text)) for s, text in history] == list(view.history)
    with pytest.raises(IllegalActionError) as info:
        parse_action("fold")
    assert info.value.reason == "unreadable"
    with pytest.raises(IllegalActionError):
        parse_action("knock 7h: 5s 6s 7s |")


def test_state_parse_action_understands_gin_and_knock() -> None:
    from helpers import scripted

    state = scripted("As 2s 3s 4h 5h 6h 9c 9d 9h Kc", "Ks Kd Qs Qd Js Jd 2c 3d 5c 7d", "7h").apply(TakeUpcard())
    assert state.parse_action("gin") == Knock(Card.parse("Kc"))
    assert state.parse_action("knock") == Knock(Card.parse("Kc"))
    assert state.parse_action("gin Kc") == Knock(Card.parse("Kc"))
    tight = scripted("As 2s 3s 4h 5h 6h 9c 9d Qh Kc", "Ks Kd Qs Qd Js Jd 2c 3d 5c 7d", "2h").apply(TakeUpcard())
    with pytest.raises(IllegalActionError):
        tight.parse_action("gin")
    with pytest.raises(IllegalActionError):
        tight.parse_action("knock")


def test_new_rejects_bad_arguments() -> None:
    with pytest.raises(Exception, match="52 cards"):
        GameState.new(deck=[Card.parse("As")] * 52)
    with pytest.raises(Exception, match="dealer"):
        GameState.new(dealer=2)
    with pytest.raises(TypeError):
        GameState.new(seed=1, rng=random.Random(1))
    with pytest.raises(TypeError):
        GameState.new(rules="oklahoma")  # type: ignore[arg-type]


def play_match(match: Match, rng: random.Random) -> Match:
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("preset", ["oklahoma", "classic", "tournament"])
def test_match_is_driven_by_apply_alone(preset: str) -> None:
    rules = attrs.evolve(PRESETS[preset], game_target=60)
    match = play_match(Match.new(rules, seed=9), random.Random(9))
    assert match.is_over and match.legal_actions() == ()
    results = [s.result for s in (*match.finished, match.state)]
    assert all(r is not None for r in results)
    assert len(match.score.results) == len(results)
    assert loads(dumps(match)) == match
    with pytest.raises(IllegalActionError):
        match.apply(NextHand())


def _dealers_after_each_hand(match: Match, rng: random.Random, hands: int) -> list[tuple[int, int | None, int]]:
    """(dealer, scorer, next dealer) for each of ``hands`` random hands."""
    out = []
    for _ in range(hands):
        while not match.state.is_over:
            match = match.apply(rng.choice(match.legal_actions()))
        result = match.state.result
        assert result is not None
        dealer = match.state.dealer
        match = match.apply(NextHand())
        out.append((dealer, result.scorer, match.state.dealer))
    return out


def test_match_dealer_rotation() -> None:
    rng = random.Random(3)
    alternate = Match.new(attrs.evolve(PRESETS["standard"], game_target=500), seed=3)
    for dealer, scorer, following in _dealers_after_each_hand(alternate, rng, 8):
        assert following == (dealer if scorer is None else 1 - dealer)
    winner = Match.new(attrs.evolve(PRESETS["classic"], game_target=500), seed=5)
    for dealer, scorer, following in _dealers_after_each_hand(winner, rng, 8):
        assert following == (dealer if scorer is None else scorer)


def test_hollywood_match_runs_to_three_closed_columns() -> None:
    rules = attrs.evolve(PRESETS["standard"], hollywood=True, game_target=40)
    match = play_match(Match.new(rules, seed=2), random.Random(2))
    assert match.is_over
    assert loads(dumps(match)) == match


def test_match_view_carries_the_score() -> None:
    match = Match.new(Rules(), seed=4)
    view = match.view(0)
    assert view.game is match.score


def test_tampered_documents_raise_schema_error() -> None:
    rng = random.Random(6)
    state = playout(GameState.new(Rules(), seed=6), rng)[-1]
    good = to_dict(state)
    assert from_dict(good) == state
    broken = []
    broken.append(dict(good, schema="chess"))
    broken.append(dict(good, version=99))
    broken.append(dict(good, type="pizza"))
    broken.append({k: v for k, v in good.items() if k != "deck"})
    broken.append(dict(good, deck="As As"))
    broken.append(dict(good, dealer=3))
    broken.append(dict(good, dealer=True))
    actions = list(good["actions"])  # type: ignore[call-overload]
    broken.append(dict(good, actions=actions[:1] + ["discard Zz"] + actions[2:]))
    broken.append(dict(good, actions=actions[1:]))
    broken.append(dict(good, actions=actions + ["stock"]))
    broken.append(dict(good, actions=[1, 2]))
    broken.append(dict(good, rules={"gin_bonus": -3}))
    broken.append(dict(good, rules="oklahoma"))
    for doc in broken:
        with pytest.raises(SchemaError):
            from_dict(doc)
    for text in ["", "{", "[]", "null", '{"schema": "ginrummy"}', "\x00", "[" * 100_000 + "]" * 100_000]:
        with pytest.raises(SchemaError):
            loads(text)


def test_tampered_match_and_result_documents() -> None:
    rules = attrs.evolve(PRESETS["standard"], game_target=50)
    match = play_match(Match.new(rules, seed=8), random.Random(8))
    doc = to_dict(match)
    hands = list(doc["hands"])  # type: ignore[call-overload]
    if len(hands) > 1:
        second = dict(hands[1], dealer=1 - hands[1]["dealer"])
        with pytest.raises(SchemaError, match="dealer"):
            from_dict(dict(doc, hands=[hands[0], second] + hands[2:]))
    with pytest.raises(SchemaError):
        from_dict(dict(doc, hands=hands + hands[-1:]))
    with pytest.raises(SchemaError):
        from_dict(dict(doc, hands=[]))
    result = match.state.result
    assert result is not None
    assert loads(dumps(result)) == result
    rdoc = to_dict(result)
    if result.knocker is not None:
        with pytest.raises(SchemaError):
            from_dict(dict(rdoc, layoffs=[["As", 0]]))
        with pytest.raises(SchemaError):
            from_dict(dict(rdoc, hands=[str(result.hands[0]), str(result.hands[0])]))
    assert loads(dumps(Rules())) == Rules()


def test_retained_states_share_structure() -> None:
    state = GameState.new(Rules(), seed=1)
    child = state.apply(state.legal_actions()[0])
    assert child.deck is state.deck
    assert child.node is not None and child.node.parent is state.node
