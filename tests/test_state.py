"""The game engine: RULES.md sections 1-2 played through GameState and Match."""

from __future__ import annotations

import random

import attrs
import pytest

from helpers import scripted, scripted_deck
from ginrummy import (
    PRESETS,
    BigGin,
    Card,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    GameScore,
    GameState,
    Hand,
    IllegalActionError,
    InvalidHandError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    Rules,
    TakeUpcard,
    TakeWallDiscard,
    parse_action,
)

STANDARD = PRESETS["standard"]
# Non-dealer (seat 1) and dealer (seat 0) hands used by several scripted deals.
ND = "As 2s 3s 4h 5h 6h 9c 9d 9h Kc"  # deadwood 10 (Kc)
DL = "Ks Kd Qs Qd Js Jd 2c 3d 5c 7d"


def test_deal_is_alternate_starting_with_the_non_dealer() -> None:
    deck = scripted_deck(ND, DL, "8c")
    state = GameState.new(Rules(), deck=deck, dealer=0)
    assert state.hand(1) == Hand.parse(ND) and state.hand(0) == Hand.parse(DL)
    assert state.upcard == Card.parse("8c") and state.discard_pile == (Card.parse("8c"),)
    assert state.stock_count == 31 and state.to_play == 1 and state.phase is Phase.OFFER
    assert state.stock[0] == deck[21]


def test_first_dealer_is_chosen_at_random_but_seeded() -> None:
    dealers = {GameState.new(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert GameState.new(seed=5) == GameState.new(seed=5)
    assert GameState.new(rng=random.SystemRandom()).stock_count == 31


def test_a_seed_deals_as_random_random_does_and_a_match_deals_from_its_text() -> None:
    # documented in docs/engine.md, "Dealing": random.Random reads -7 as 7
    assert GameState.new(seed=-7).deck_cards == GameState.new(seed=7).deck_cards
    assert GameState.new(seed=-7).deck_cards == GameState.new(rng=random.Random(7)).deck_cards
    assert GameState.new(seed="7").deck_cards != GameState.new(seed=7).deck_cards
    assert Match.new(seed=-7).state.deck_cards != Match.new(seed=7).state.deck_cards


@pytest.mark.parametrize(("deck", "expected"), [(["As"], "got 1 card, 1 distinct"), (["As", "As"], "got 2 cards, 1 distinct")])
def test_a_deck_that_is_not_the_52_cards_once_is_refused_with_its_size(deck: list[str], expected: str) -> None:
    with pytest.raises(InvalidHandError, match=f"a deck must hold each of the 52 cards once; {expected}"):
        GameState.new(deck=[Card.parse(text) for text in deck])


def test_upcard_offer_goes_to_non_dealer_then_dealer() -> None:
    state = scripted(ND, DL, "8c")
    assert state.legal_actions() == (TakeUpcard(), PassUpcard())
    state = state.apply(PassUpcard(), seat=1)
    assert state.to_play == 0 and state.phase is Phase.OFFER
    taken = state.apply(TakeUpcard(), seat=0)
    assert taken.phase is Phase.DISCARD and taken.to_play == 0
    assert Card.parse("8c") in taken.hand(0) and taken.discard_pile == ()


def test_upcard_passed_by_both_non_dealer_must_draw_stock() -> None:
    state = scripted(ND, DL, "8c").apply(PassUpcard()).apply(PassUpcard())
    assert state.phase is Phase.DRAW and state.to_play == 1
    assert state.legal_actions() == (DrawStock(),)
    with pytest.raises(IllegalActionError) as info:
        state.apply(DrawDiscard())
    assert info.value.reason == "must_draw_stock"
    drawn = state.apply(DrawStock())
    assert drawn.phase is Phase.DISCARD and len(drawn.hand(1)) == 11
    after = drawn.apply(Discard(Card.parse("Kc")))
    assert after.to_play == 0 and DrawDiscard() in after.legal_actions()


def test_knock_on_first_turn_after_taking_the_upcard() -> None:
    state = scripted(ND, DL, "7h").apply(TakeUpcard())
    knocks = [a for a in state.legal_actions() if isinstance(a, Knock)]
    assert Knock(Card.parse("Kc")) in knocks
    final = state.apply(Knock(Card.parse("Kc")))
    assert final.is_over and final.result is not None
    assert final.result.reason is EndReason.GIN and final.result.knocker == 1
    assert final.knock_discard == Card.parse("Kc").index


def test_taken_card_cannot_be_discarded_in_the_same_turn() -> None:
    state = scripted(ND, DL, "Qh").apply(TakeUpcard())
    assert Discard(Card.parse("Qh")) not in state.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        state.apply(Discard(Card.parse("Qh")))
    assert info.value.reason == "taken_card"
    with pytest.raises(IllegalActionError) as info:
        state.apply(Knock(Card.parse("Qh")))
    assert info.value.reason == "taken_card"


def test_discard_taken_card_knob_allows_it() -> None:
    rules = attrs.evolve(Rules(), discard_taken_card=True)
    state = scripted(ND, DL, "Qh", rules=rules).apply(TakeUpcard())
    assert Discard(Card.parse("Qh")) in state.legal_actions()
    assert state.apply(Discard(Card.parse("Qh"))).discard_top == Card.parse("Qh")


def test_ruling_2_cannot_knock_when_only_the_taken_card_gets_under_the_limit() -> None:
    # Limit 5 (upcard 5d). Seat 1 holds deadwood 4 (4c) and takes the dealer's Kd from
    # the pile: only discarding the Kd again would get under the limit, and it may not.
    state = scripted("As 2s 3s 4h 5h 6h 9c 9d 9h 4c", DL, "5d", "Qh Th")
    state = state.apply(PassUpcard()).apply(PassUpcard())
    state = state.apply(DrawStock()).apply(Discard(Card.parse("Qh")))
    state = state.apply(DrawStock()).apply(Discard(Card.parse("Kd")))
    state = state.apply(DrawDiscard())
    assert state.knock_limit == 5 and state.taken_card == Card.parse("Kd")
    assert not any(isinstance(a, Knock) for a in state.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        state.apply(Knock(Card.parse("Kd")))
    assert info.value.reason == "taken_card"
    with pytest.raises(IllegalActionError) as info:
        state.apply(Knock(Card.parse("4c")))
    assert info.value.reason == "over_knock_limit"


def test_knock_over_the_limit_is_illegal() -> None:
    state = scripted(ND, DL, "3h").apply(TakeUpcard())
    with pytest.raises(IllegalActionError) as info:
        state.apply(Knock(Card.parse("9c")))
    assert info.value.reason == "over_knock_limit"
    assert "over the knock limit 3" in str(info.value)


def test_knock_with_explicit_melds() -> None:
    state = scripted(ND, DL, "Th").apply(TakeUpcard())
    action = parse_action("knock Kc: As 2s 3s | 4h 5h 6h | 9c 9d 9h")
    final = state.apply(action)
    assert final.result is not None and final.result.knocker_deadwood == 10
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action("knock Kc: As 2s 3s"))
    assert info.value.reason == "over_knock_limit"
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action("knock Kc: 7s 8s 9s"))
    assert info.value.reason == "invalid_melds"


def test_big_gin_on_a_discard_pile_card() -> None:
    # Seat 1 holds gin; the dealer throws 8h, which makes all eleven cards meld.
    state = scripted("As 2s 3s 4s 5h 6h 7h 9c 9d 9h", "Ks Kd Qs Qd Js Jd 2c 3d 5c 8h", "Tc", "Kh Ah")
    state = state.apply(PassUpcard()).apply(PassUpcard())
    state = state.apply(DrawStock()).apply(Discard(Card.parse("Kh")))
    state = state.apply(DrawStock()).apply(Discard(Card.parse("8h")))
    state = state.apply(DrawDiscard())
    assert state.taken_card == Card.parse("8h")
    assert BigGin() in state.legal_actions()
    final = state.apply(BigGin())
    assert final.result is not None and final.result.reason is EndReason.BIG_GIN
    assert len(final.result.hands[1]) == 11 and final.knock_discard == -1
    assert final.result.points == final.result.defender_deadwood + 31


def test_ruling_8_big_gin_on_the_first_upcard() -> None:
    state = scripted("As 2s 3s 4s 5h 6h 7h 9c 9d 9h", DL, "8h").apply(TakeUpcard())
    assert state.apply(BigGin()).result is not None


def test_big_gin_knob_off() -> None:
    classic = PRESETS["classic"]
    big = scripted("As 2s 3s 4s 5h 6h 7h 9c 9d 9h", DL, "8h", rules=classic).apply(TakeUpcard())
    assert BigGin() not in big.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        big.apply(BigGin())
    assert info.value.reason == "big_gin_off"
    assert Knock(Card.parse("As")) in big.legal_actions()  # 4-card run: gin after discarding As


def _to_the_wall(state: GameState) -> GameState:
    """Both pass, then each player draws from the stock and throws the card drawn, to the wall."""
    state = state.apply(PassUpcard()).apply(PassUpcard())
    while state.phase is Phase.DRAW:
        card = state.stock[0]
        state = state.apply(DrawStock()).apply(Discard(card))
    return state


def test_s14_wall_void_same_dealer_deals_again() -> None:
    state = _to_the_wall(scripted(ND, DL, "2d", rules=STANDARD))
    assert state.is_over and state.stock_count == 2
    assert state.result is not None and state.result.reason is EndReason.VOID and state.result.points == 0
    match = Match(rules=STANDARD, state=state, score=GameScore(STANDARD).add(state.result))
    after = match.apply(NextHand())
    assert isinstance(after.score, GameScore)
    assert after.state.dealer == state.dealer and after.score.points == (0, 0) and after.score.boxes == (0, 0)


def test_wall_size_knob_moves_the_wall() -> None:
    rules = attrs.evolve(STANDARD, wall_size=5)
    state = _to_the_wall(scripted(ND, DL, "2d", rules=rules))
    assert state.is_over and state.stock_count == 5


def _wall_deal(rules: Rules, last_discard: str, holder: str = ND) -> GameState:
    """Seat 0 (dealer) holds ``holder``; seat 1 makes the last draw, which is ``last_discard``."""
    dealt = scripted(DL, holder, "2d", rules=rules)
    rest = [c for c in dealt.stock if c != Card.parse(last_discard)]
    deck = list(dealt.deck_cards[:21]) + rest[:28] + [Card.parse(last_discard)] + rest[28:]
    return _to_the_wall(GameState.new(rules, deck=deck, dealer=0))


def test_s14_fiftieth_card_take_and_knock() -> None:
    state = _wall_deal(PRESETS["tournament"], "7h")
    assert state.phase is Phase.WALL and state.stock_count == 2
    assert state.to_play == 0 and state.discard_top == Card.parse("7h")
    assert state.legal_actions() == (TakeWallDiscard(), DeclineWallDiscard())
    with pytest.raises(IllegalActionError) as info:
        state.apply(DrawStock())
    assert info.value.reason == "wrong_phase"
    taken = state.apply(TakeWallDiscard())
    assert taken.must_knock and taken.phase is Phase.DISCARD
    assert all(isinstance(a, (Knock, BigGin)) for a in taken.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        taken.apply(Discard(Card.parse("Kc")))
    assert info.value.reason == "must_knock"
    with pytest.raises(IllegalActionError) as info:
        taken.apply(Knock(Card.parse("7h")))
    assert info.value.reason == "taken_card"
    final = taken.apply(Knock(Card.parse("Kc")))
    assert final.result is not None and final.result.reason is EndReason.GIN and final.result.knocker == 0


def test_s14_fiftieth_card_unusable_discard_can_only_be_declined() -> None:
    state = _wall_deal(PRESETS["tournament"], "Qh", holder="As 2s 3s 4h 5h 6h 9c 9d Kh Kc")
    assert state.phase is Phase.WALL
    assert state.legal_actions() == (DeclineWallDiscard(),)
    with pytest.raises(IllegalActionError) as info:
        state.apply(TakeWallDiscard())
    assert info.value.reason == "wall_discard_unusable"
    final = state.apply(DeclineWallDiscard())
    assert final.result is not None and final.result.reason is EndReason.VOID


def test_fiftieth_card_taken_card_cannot_be_the_knock_discard_even_with_the_knob() -> None:
    rules = attrs.evolve(PRESETS["tournament"], discard_taken_card=True)
    taken = _wall_deal(rules, "7h").apply(TakeWallDiscard())
    with pytest.raises(IllegalActionError) as info:
        taken.apply(Knock(Card.parse("7h")))
    assert info.value.reason == "taken_card"


def test_s6_spade_doubled_undercut_through_the_engine() -> None:
    knocker = "As 2s 3s 4h 5h 6h 9c 9d 9h 8c"
    defender = "Kc Kd Ks Qc Qd Qh Qs 2d 2c Ac"
    state = scripted(knocker, defender, "9s", "Kh").apply(PassUpcard()).apply(PassUpcard())
    state = state.apply(DrawStock())
    assert state.knock_limit == 9 and state.multiplier == 2
    final = state.apply(Knock(Card.parse("Kh")))
    result = final.result
    assert result is not None
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 5)
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 0, 56)


def test_ruling_1_knock_legality_is_tested_on_the_ten_kept_cards() -> None:
    # With 11 cards the best melding leaves Kc and Qh (20), but discarding Kc keeps 10.
    state = scripted("As 2s 3s 4h 5h 6h 9c 9d 9h Kc", DL, "Qh").apply(TakeUpcard())
    assert state.knock_limit == 10
    assert state.is_legal(Knock(Card.parse("Kc")))
    assert not state.is_legal(Knock(Card.parse("As")))


def test_replay_names_the_action_that_cannot_be_replayed() -> None:
    deal = GameState.new(Rules(), seed=2)
    assert GameState.replay(Rules(), deal.deck_cards, deal.dealer, ["pass", PassUpcard(), "stock"]).history_length == 3
    with pytest.raises(IllegalActionError, match=r"^action #3 'pass' cannot be replayed: cannot pass now") as caught:
        GameState.replay(Rules(), deal.deck_cards, deal.dealer, ["pass", "pass", "pass"])
    assert caught.value.reason == "wrong_phase"
    with pytest.raises(IllegalActionError, match=r"^action #2 'zzz' cannot be replayed: cannot read 'zzz' as an action"):
        GameState.replay(Rules(), deal.deck_cards, deal.dealer, ["pass", "zzz"])
    with pytest.raises(TypeError, match=r"^action #1 5 cannot be replayed: expected an Action, not int: 5"):
        GameState.replay(Rules(), deal.deck_cards, deal.dealer, [5])  # type: ignore[list-item]
