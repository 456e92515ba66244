"""A :class:`PlayerView` built directly is checked.

Bots only ever see views, and a user may build one of their own (``attrs.evolve`` of a
real view, or ``PlayerView(...)``) to put a position to a bot. Such a view is checked:
a field of the wrong type raises :class:`WrongTypeError`, and a view that no player
could see at a table raises :class:`InvalidStateError` naming what is wrong. Every view
the engine gives rebuilds through the public constructor to an equal value.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy import (
    PRESETS,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    GameScore,
    GameState,
    Hand,
    HiddenKnock,
    InvalidStateError,
    Knock,
    Match,
    Phase,
    PlayerView,
    Rules,
    WallRule,
    WrongTypeError,
)
from ginrummy.players import determinize, make_player
from ginrummy.testing import strategies as gs
from helpers import played_by_bots, preset_for


def _knocked_hand() -> GameState:
    """The end of the first hand, from seed 0 on, that ends in a knock."""
    for seed in range(200):
        final = played_by_bots(Rules(), seed)[-1]
        result = final.result
        assert result is not None
        if result.knocker is not None and not result.big_gin:
            return final
    raise AssertionError("no knock in 200 hands")


def _mid_hand() -> PlayerView:
    """Seat 0's view in the discard phase, its own turn, a few turns in."""
    state = GameState.new(Rules(), seed=5)
    rng = random.Random(5)
    while not (state.phase is Phase.DISCARD and state.to_play == 0 and state.history_length > 6):
        state = state.apply(rng.choice(state.legal_actions()))
    return state.view(0)


def test_a_view_built_from_its_own_fields_is_equal_and_works() -> None:
    view = _mid_hand()
    fields = {field.name: getattr(view, field.name) for field in attrs.fields(PlayerView)}
    rebuilt = PlayerView(**fields)
    assert rebuilt == view
    assert rebuilt.unseen == view.unseen
    assert rebuilt.history == view.history
    assert make_player("hard", seed=1).choose(rebuilt, rebuilt.legal_actions) in view.legal_actions


def test_a_position_of_ones_own_is_accepted_and_a_bot_answers_it() -> None:
    """A user may swap cards between the hand and the unseen cards to ask a bot about another position."""
    view = _mid_hand()
    give, take = next(iter(view.hand)), next(iter(view.unseen))
    hand = Hand.from_mask(view.hand.mask & ~give.mask | take.mask)
    known = tuple(Hand.from_mask(k.mask & hand.mask) if s == view.seat else k for s, k in enumerate(view.known))
    other = attrs.evolve(view, hand=hand, known=known, taken_card=None, legal_actions=())
    assert other.hand == hand
    assert give in other.unseen and take not in other.unseen
    # A deal of the hidden cards consistent with the view gives its legal actions.
    legal = determinize(other, random.Random(1)).legal_actions()
    assert all(getattr(a, "card", take) in hand for a in legal)
    asked = attrs.evolve(other, legal_actions=legal)
    assert make_player("hard", seed=1).choose(asked, legal) in legal
    with pytest.raises(InvalidStateError, match=f"{give} is not in the hand"):
        attrs.evolve(other, legal_actions=view.legal_actions)


def _mutations(view: PlayerView) -> list[tuple[str, dict[str, Any], type[Exception], str]]:
    size = view.rules.hand_size
    held = next(iter(view.hand))
    unseen = next(iter(view.unseen))
    return [
        ("seat type", {"seat": "0"}, WrongTypeError, "'0'"),
        ("seat bool", {"seat": True}, WrongTypeError, "True"),
        ("seat range", {"seat": 2}, InvalidStateError, "seat=2"),
        ("dealer range", {"dealer": -1}, InvalidStateError, "dealer=-1"),
        ("rules type", {"rules": "oklahoma"}, WrongTypeError, "'oklahoma'"),
        ("phase type", {"phase": "discard"}, WrongTypeError, "'discard'"),
        ("hand type", {"hand": "As 2s"}, WrongTypeError, "'As 2s'"),
        ("upcard type", {"upcard": "Kd"}, WrongTypeError, "'Kd'"),
        ("pile type", {"pile": [1, 2]}, WrongTypeError, "[1, 2]"),
        ("pile card", {"pile": (*view.pile, 52)}, InvalidStateError, "52"),
        ("pile twice", {"pile": (*view.pile, view.pile[-1]), "stock_count": view.stock_count - 1}, InvalidStateError, "twice"),
        ("pile holds a held card", {"pile": (*view.pile, held.index), "stock_count": view.stock_count - 1}, InvalidStateError, str(held)),
        ("counts type", {"card_counts": (size + 1, "10")}, WrongTypeError, "'10'"),
        ("counts length", {"card_counts": (size + 1, size, size)}, InvalidStateError, "expected 2"),
        ("hand size", {"hand": Hand.from_mask(view.hand.mask & ~held.mask)}, InvalidStateError, "card_counts"),
        ("counts phase", {"card_counts": (size + 1, size + 1)}, InvalidStateError, "discard phase"),
        ("known type", {"known": (view.hand, "Kd")}, WrongTypeError, "'Kd'"),
        ("known not held", {"known": (Hand([unseen]), Hand())}, InvalidStateError, str(unseen)),
        ("known in two places", {"known": (Hand(), Hand([held]))}, InvalidStateError, str(held)),
        ("too few in the stock", {"stock_count": view.stock_count - 1}, InvalidStateError, "52"),
        ("negative stock", {"stock_count": -1}, InvalidStateError, "-1"),
        ("limit", {"knock_limit": (view.knock_limit + 1) % 11}, InvalidStateError, "knock_limit"),
        ("multiplier", {"multiplier": 3}, InvalidStateError, "multiplier=3"),
        ("to_play type", {"to_play": 0.0}, WrongTypeError, "0.0"),
        ("to_play range", {"to_play": 7}, InvalidStateError, "to_play=7"),
        ("to_play none", {"to_play": None}, InvalidStateError, "discard phase"),
        ("taken card not held", {"taken_card": unseen}, InvalidStateError, str(unseen)),
        ("taken card type", {"taken_card": "Kd"}, WrongTypeError, "'Kd'"),
        ("result mid hand", {"result": _knocked_hand().result}, InvalidStateError, "result is set"),
        ("result type", {"result": "gin"}, WrongTypeError, "'gin'"),
        ("game type", {"game": 150}, WrongTypeError, "150"),
        ("steps type", {"public_steps": ()}, WrongTypeError, "()"),
        ("steps without last", {"last_step": None}, InvalidStateError, "public_steps"),
        ("last step type", {"last_step": (0, "draw")}, WrongTypeError, "'draw'"),
        ("last step seat", {"last_step": (5, DrawStock())}, InvalidStateError, "5"),
        ("knock mid hand", {"last_step": (0, Knock(held))}, InvalidStateError, "knock discard"),
        ("knock mid hand, cards adding up", {"last_step": (0, Knock(held)), "stock_count": view.stock_count - 1},
         InvalidStateError, "a knock ends the hand"),
        ("count out of range", {"card_counts": (size + 1, 3)}, InvalidStateError, "seat 1 holds 3 cards: expected 10, or 11"),
        ("known beyond the count", {"known": (Hand(), Hand([*view.unseen][: size + 1]))}, InvalidStateError,
         f"more than its {size} cards"),
        ("actions type", {"legal_actions": ["draw"]}, WrongTypeError, "['draw']"),
        ("discard of a card not held", {"legal_actions": (Discard(unseen),)}, InvalidStateError, str(unseen)),
        ("action of another phase", {"legal_actions": (DrawStock(),)}, InvalidStateError, "holds stock in the discard phase: expected Discard or Knock or BigGin"),
    ]


@pytest.mark.parametrize("case", range(len(_mutations(_mid_hand()))))
def test_a_view_that_no_player_could_see_is_refused(case: int) -> None:
    view = _mid_hand()
    name, changes, error, quoted = _mutations(view)[case]
    with pytest.raises(error) as raised:
        attrs.evolve(view, **changes)
    assert quoted in str(raised.value), (name, str(raised.value))


def test_another_seats_knock_discard_is_never_shown_in_a_view() -> None:
    final = _knocked_hand()
    result = final.result
    assert result is not None and result.knocker is not None
    knocker = result.knocker
    defender = 1 - knocker
    seen = final.view(defender)
    assert seen.last_step is not None and isinstance(seen.last_step[1], HiddenKnock)
    own = final.view(knocker)
    assert own.last_step is not None and isinstance(own.last_step[1], Knock)
    with pytest.raises(InvalidStateError, match="HiddenKnock"):
        attrs.evolve(seen, last_step=own.last_step)
    with pytest.raises(InvalidStateError, match="own knock"):
        attrs.evolve(own, last_step=seen.last_step)
    # The face-down discard counts among the 52 cards: without the knock they do not add up.
    with pytest.raises(InvalidStateError, match="add up to 52"):
        attrs.evolve(own, last_step=(knocker, DrawStock()))


def test_a_finished_hand_has_no_seat_to_play_and_a_result() -> None:
    final = _knocked_hand().view(0)
    with pytest.raises(InvalidStateError, match="to_play=0 when the hand is over"):
        attrs.evolve(final, to_play=0)
    with pytest.raises(InvalidStateError, match="result is missing in the over phase"):
        attrs.evolve(final, result=None)
    other = played_by_bots(Rules(), 1234)[-1].result
    assert other is not None and other != final.result
    with pytest.raises(InvalidStateError, match="PlayerView.result is of another hand"):
        attrs.evolve(final, result=other)
    with pytest.raises(InvalidStateError, match="PlayerView.game is scored under standard, but the hand is played under oklahoma"):
        attrs.evolve(final, game=GameScore(Rules.preset("standard")))
    assert attrs.evolve(final, game=GameScore(Rules())).game == GameScore(Rules())


def test_legal_actions_belong_to_the_player_to_act() -> None:
    state = GameState.new(Rules(), seed=8)
    to_play = state.to_play
    assert to_play is not None
    waiting = state.view(1 - to_play)
    assert waiting.legal_actions == ()
    with pytest.raises(InvalidStateError, match=f"seat {to_play} is to play"):
        attrs.evolve(waiting, legal_actions=state.legal_actions())


def test_the_card_taken_this_turn_is_shown_only_to_the_player_to_discard() -> None:
    state = GameState.new(Rules(), seed=3)
    while state.phase is not Phase.DRAW:
        state = state.apply(state.legal_actions()[-1])
    view = state.view(state.to_play or 0)
    with pytest.raises(InvalidStateError, match="taken_card"):
        attrs.evolve(view, taken_card=next(iter(view.hand)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4))
def test_every_view_the_engine_gives_rebuilds_to_an_equal_value(seed: int, preset: str, players: int) -> None:
    rules = preset_for(preset, players)
    for state in played_by_bots(rules, seed):
        for seat in range(rules.players):
            view = state.view(seat)
            assert attrs.evolve(view) == view


def test_a_match_view_document_carries_points_boxes_and_the_target() -> None:
    import json
    import random

    from ginrummy import BigGin, GameScore, Knock, NextHand, to_dict

    for text in ("standard+game_target=40", "hollywood+game_target=40", "oklahoma+players=3+game_target=40"):
        match = Match.new(Rules.parse(text), seed=5)
        rng = random.Random(5)
        while not match.is_over:
            legal = match.legal_actions()
            outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
            match = match.apply(outs[0] if outs else rng.choice(legal))
            if NextHand() in match.legal_actions() or match.is_over:
                score = json.loads(json.dumps(to_dict(match.view(0))))["score"]
                game = match.score
                wins = list(game.boxes) if isinstance(game, GameScore) else list(game.wins)
                assert score["boxes"] == wins and score["target"] == 40 and len(score["points"]) == match.players
    assert json.loads(json.dumps(to_dict(GameState.new(Rules(), seed=1).view(0))))["score"] is None


def test_every_match_view_rebuilds_to_an_equal_value() -> None:
    rng = random.Random(4)
    for players in (2, 3, 4):
        match = Match.new(Rules(players=players, game_target=50), seed=players)
        for _ in range(400):
            for seat in range(players):
                view = match.view(seat)
                assert attrs.evolve(view) == view
            if match.is_over:
                break
            match = match.apply(rng.choice(match.legal_actions()))



def _after_pile_draw() -> PlayerView:
    """Seat 0's view just after it took a discard from the pile, a few turns in, with
    another seat holding a known card and two or more cards in the pile."""
    for seed in range(500):
        state = GameState.new(Rules(players=3), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase is Phase.DRAW and state.to_play == 0 and len(state.pile) >= 3 and any(state.known[1:]):
                return state.apply(DrawDiscard()).view(0)
            state = state.apply(rng.choice(legal))
    raise AssertionError("no such position in 500 hands")


def test_a_views_table_must_follow_from_its_history() -> None:
    """Pile order, dealer, turn, stock, counts, known cards and the taken card are all
    played forward from the deal by the public history; a view that contradicts it is
    refused, naming the field and what the history gives."""
    view = _after_pile_draw()
    assert view.taken_card is not None and attrs.evolve(view) == view
    pile = view.pile
    swapped = (*pile[:-2], pile[-1], pile[-2])
    with pytest.raises(InvalidStateError, match=r"PlayerView.pile is '.*', which does not follow from its history of \d+ actions: expected '"):
        attrs.evolve(view, pile=swapped)
    with pytest.raises(InvalidStateError, match=r"history step 1 \(seat \d: .*\) cannot have been played: seat \d was to play"):
        attrs.evolve(view, dealer=(view.dealer + 1) % 3)
    # one card moved from the pile back to the stock: the cards still add up to 52
    with pytest.raises(InvalidStateError, match=f"PlayerView.stock_count is {view.stock_count + 1}, which does not follow"):
        attrs.evolve(view, pile=pile[:-1], stock_count=view.stock_count + 1)
    other = next(card for card in view.hand if card != view.taken_card)
    with pytest.raises(InvalidStateError, match=f"taken_card={other}, but the history shows {view.taken_card} taken this turn"):
        attrs.evolve(view, taken_card=other)
    with pytest.raises(InvalidStateError, match=f"taken_card=None, but the history shows {view.taken_card} taken this turn"):
        attrs.evolve(view, taken_card=None)
    # a position of one's own that gives the taken card away shows none taken
    instead = next(iter(view.unseen))
    hand = Hand.from_mask(view.hand.mask & ~view.taken_card.mask | instead.mask)
    known = tuple(Hand.from_mask(k.mask & hand.mask) if s == view.seat else k for s, k in enumerate(view.known))
    assert attrs.evolve(view, hand=hand, known=known, taken_card=None, legal_actions=()).hand == hand
    seat = next(s for s in (1, 2) if view.known[s])
    extra = next(iter(view.unseen))
    with pytest.raises(InvalidStateError, match=f"PlayerView.known gives seat {seat} .*{extra}.*, but its history shows it holding"):
        attrs.evolve(view, known=tuple(Hand.from_mask(k.mask | extra.mask) if s == seat else k for s, k in enumerate(view.known)))
    # this player's own known cards too, while it still holds them
    with pytest.raises(InvalidStateError, match=f"known gives seat 0 no cards, but its history shows it holding {view.known[0]} of the cards it took"):
        attrs.evolve(view, known=(Hand(), *view.known[1:]))
    steps = view.history
    last_seat, last_action = steps[-1]
    with pytest.raises(InvalidStateError, match=f"history step {len(steps)} .* seat {last_seat} was to play"):
        attrs.evolve(view, last_step=((last_seat + 1) % 3, last_action))


def test_a_view_at_the_deal_must_be_at_the_upcard_offer() -> None:
    state = GameState.new(Rules(), seed=3, dealer=0)
    view = state.view(1)
    assert view.phase is Phase.OFFER and view.to_play == 1 and view.history == ()
    with pytest.raises(InvalidStateError, match="PlayerView.phase is 'draw', which does not follow from its history of 0 actions: expected 'offer'"):
        attrs.evolve(view, phase=Phase.DRAW, legal_actions=(DrawStock(),))
    with pytest.raises(InvalidStateError, match="PlayerView.to_play is 0, which does not follow from its history of 0 actions: expected 1"):
        attrs.evolve(view, to_play=0, legal_actions=())


def test_a_finished_views_result_names_the_player_the_history_shows_going_out() -> None:
    final = _knocked_hand()
    result = final.result
    assert result is not None and result.knocker is not None
    view = final.view(1 - result.knocker)
    assert isinstance(view.history[-1][1], HiddenKnock) and attrs.evolve(view) == view
    void = attrs.evolve(result, knocker=None, knocker_melds=(), defender_melds=(), layoffs=())
    with pytest.raises(InvalidStateError, match=f"result has knocker=None, but the history shows seat {result.knocker} going out"):
        attrs.evolve(view, result=void)


@settings(max_examples=40, deadline=None)
@given(
    rules=gs.rules(players=None),
    wall=st.sampled_from([0, 2, 5]),
    rule=st.sampled_from(list(WallRule)),
    seed=st.integers(0, 10_000),
)
def test_every_view_of_random_play_follows_from_its_history(rules: Rules, wall: int, rule: WallRule, seed: int) -> None:
    """Random play (going out half the time it can) under random knobs, the wall and
    the taken-card rule included: every seat's view of every state passes the check."""
    state = GameState.new(attrs.evolve(rules, wall_size=wall, wall_rule=rule), seed=seed)
    rng = random.Random(seed)
    while True:
        for seat in range(state.players):
            view = state.view(seat)
            assert attrs.evolve(view) == view
        if state.is_over:
            break
        legal = state.legal_actions()
        outs = [a for a in legal if isinstance(a, (Knock, BigGin))]
        state = state.apply(rng.choice(outs if outs and rng.random() < 0.5 else legal))


def test_a_views_legal_actions_are_the_positions_own_or_none() -> None:
    """The player's hand and the public table decide its legal actions, so a view built
    directly lists exactly those (in any order) or none at all."""
    view = _mid_hand()
    legal = view.legal_actions
    assert attrs.evolve(view, legal_actions=tuple(reversed(legal))).legal_actions == tuple(reversed(legal))
    assert attrs.evolve(view, legal_actions=()).legal_actions == ()
    knocks = {a.card for a in legal if isinstance(a, Knock)}
    beyond = next(Knock(card) for card in view.hand if card not in knocks)
    for wrong in (legal[1:], (*legal, legal[0]), (*legal, beyond)):
        with pytest.raises(InvalidStateError, match=r"PlayerView.legal_actions are .*, but this position's are .* \(a view may also list none\)"):
            attrs.evolve(view, legal_actions=wrong)
    # after a draw from the pile the card taken may not be discarded: listing it is refused
    drawn = _after_pile_draw()
    assert drawn.taken_card is not None and Discard(drawn.taken_card) not in drawn.legal_actions
    with pytest.raises(InvalidStateError, match=f"legal_actions are .*discard {drawn.taken_card}"):
        attrs.evolve(drawn, legal_actions=(*drawn.legal_actions, Discard(drawn.taken_card)))


def test_views_with_fields_from_other_views_are_refused_or_answered_legally() -> None:
    """Fields swapped in from other views of other hands, one to three at a time: each
    view is refused with a library error, or is one a bot answers from its own legal
    actions. Counts are bounded; the seeds fix them."""
    from ginrummy import GinRummyError

    pool: list[PlayerView] = []
    for seed in range(24):
        rules = Rules(players=2 + seed % 3, wall_rule=WallRule.FIFTIETH_CARD if seed % 2 else WallRule.VOID)
        for state in played_by_bots(rules, seed)[::3]:
            pool.extend(state.view(seat) for seat in range(rules.players))
    names = [field.name for field in attrs.fields(PlayerView)]
    rng = random.Random(8)
    bot = make_player("hard", seed=1)
    outcomes = {"refused": 0, "accepted": 0}
    for _ in range(3_000):
        view = rng.choice(pool)
        changes = {name: getattr(rng.choice(pool), name) for name in rng.sample(names, rng.randint(1, 3))}
        try:
            changed = attrs.evolve(view, **changes)
        except GinRummyError:
            outcomes["refused"] += 1
            continue
        outcomes["accepted"] += 1
        if changed.legal_actions:
            assert bot.choose(changed, changed.legal_actions) in changed.legal_actions
    assert outcomes["refused"] > 1_000 and outcomes["accepted"] > 100, outcomes


def test_a_views_game_score_fits_the_hand() -> None:
    """Between hands a match view's score ends with this hand's result; while a hand is
    in play the game cannot be over (a finished game deals no more hands)."""
    match = Match.new(Rules(), seed=3)
    view = match.view(0)
    assert attrs.evolve(view, game=GameScore(Rules(), points=(120, 40))).game is not None  # a score kept on paper
    with pytest.raises(InvalidStateError, match="PlayerView.game says the game is over, but a hand is in play"):
        attrs.evolve(view, game=GameScore(Rules(), points=(150, 0)))
    rng = random.Random(3)
    ended = []
    for seed in (3, 4):
        played = Match.new(Rules(), seed=seed)
        while not played.state.is_over:
            played = played.apply(rng.choice(played.legal_actions()))
        ended.append(played)
    first, other = ended
    between = first.view(0)
    assert attrs.evolve(between) == between
    with pytest.raises(InvalidStateError, match="PlayerView.game's last hand result is not this hand's"):
        attrs.evolve(between, game=other.view(0).game)
