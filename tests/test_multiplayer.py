"""Three and four players (RULES.md section 2): the worked scores M1-M7 and the table rules."""

from __future__ import annotations

import attrs
import pytest

from helpers import seated
from ginrummy import (
    CardParseError,
    BigGin,
    Card,
    DrawDiscard,
    DrawStock,
    EndReason,
    GameScore,
    Hand,
    HandResult,
    Hollywood,
    IllegalActionError,
    InvalidHandError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    Rules,
    RulesError,
    TakeUpcard,
    WallRule,
    best_layoffs,
    find_rules,
    knocker_melding,
    showdown,
)

OK3 = Rules(players=3)
OK4 = Rules(players=4)


def test_players_knob_sets_the_hand_size() -> None:
    assert (Rules().hand_size, OK3.hand_size, OK4.hand_size) == (10, 7, 7)
    assert (OK3.stock_size, OK4.stock_size) == (30, 23)
    assert Rules.parse("oklahoma+players=4") == OK4
    for name in ("standard", "classic", "straight", "tournament"):
        assert attrs.evolve(find_rules(name), players=3).hand_size == 7
    assert Rules(players=3, hand_size=7) == OK3


def test_hollywood_with_more_than_two_players_is_rejected() -> None:
    with pytest.raises(RulesError, match="Hollywood scoring is defined for two players only"):
        Rules(players=3, hollywood=True)


@pytest.mark.parametrize("players", [0, 1, 5, -2])
def test_players_outside_two_to_four_are_rejected(players: int) -> None:
    with pytest.raises(RulesError, match=f"players={players} is not allowed: expected 2, 3 or 4"):
        Rules(players=players)


def test_wall_size_is_checked_against_the_smaller_stock() -> None:
    with pytest.raises(RulesError, match="the stock holds 23 cards"):
        Rules(players=4, wall_size=23)


# --------------------------------------------------------------------- M1-M7


def test_m1_three_players_knock_with_chained_layoffs() -> None:
    result = showdown(
        "4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah",
        rules=OK3, upcard=Card.parse("9h"),
    )
    assert result.order == (1, 2)
    assert [str(l.card) for l in result.layoffs_of(1)] == ["7s"]
    assert [str(l.card) for l in result.layoffs_of(2)] == ["8s"]
    assert [str(m) for m in result.melds_of(2)] == ["3d 4d 5d"]
    assert (result.knocker_deadwood, result.deadwood_of(1), result.deadwood_of(2)) == (3, 43, 21)
    assert (result.reason, result.scorer, result.points) == (EndReason.KNOCK, 0, 58)


def test_m2_a_defenders_layoff_opens_a_chain_for_the_next_who_undercuts() -> None:
    result = showdown(
        "9h Th Jh 4s 4d 4c 6d", "8h 2s 3s Ks Kc Qd 5c", "7h Qh As Ad Ac 2d 3c",
        rules=OK3, upcard=Card.parse("7c"),
    )
    assert [str(l.card) for l in result.layoffs_of(1)] == ["8h"]
    assert sorted(str(l.card) for l in result.layoffs_of(2)) == ["7h", "Qh"]
    assert (result.deadwood_of(1), result.deadwood_of(2)) == (40, 5)
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 2, 61)
    # Without A's 8h before it, B's 7h could not go and B would lose with 12.
    alone = best_layoffs(result.knocker_melds, "7h Qh As Ad Ac 2d 3c")
    assert alone.deadwood == 12


def test_defender_among_equal_choices_lays_off_the_fewest_cards() -> None:
    # A's 7s 8s 9s could all go onto the knocker's 4s 5s 6s for the same deadwood (24) as
    # keeping its own run, so A lays off nothing; that leaves B's Ts no run to extend.
    result = showdown(
        "4s 5s 6s 8d 8c 8h 3c", "7s 8s 9s 2d 2c Kh Kd", "Ts Jc Qd Ah 3d 5d 6h",
        rules=OK3, upcard=Card.parse("9h"),
    )
    assert result.layoffs_of(1) == () and [str(m) for m in result.melds_of(1)] == ["7s 8s 9s"]
    assert result.layoffs_of(2) == ()
    assert (result.knocker_deadwood, result.deadwood_of(1), result.deadwood_of(2)) == (3, 24, 45)
    assert (result.reason, result.scorer, result.points) == (EndReason.KNOCK, 0, (24 - 3) + (45 - 3))
    # Had A laid its run off, B's Ts would have followed it: 35 instead of 45.
    chained = best_layoffs(["4s 5s 6s 7s 8s 9s", "8d 8c 8h"], "Ts Jc Qd Ah 3d 5d 6h")
    assert chained.deadwood == 35


def test_m3_four_players_no_layoffs_against_gin_and_gin_beats_zero() -> None:
    rules = OK4
    result = showdown(
        "2c 3c 4c 5c Qs Qh Qc", "6c 7s 7h 7d 9d Kd As", "2d 3d 4d 8s 8h Jd 5s", "Ah 2h 3h 4h 9s 9h 9c",
        rules=rules, upcard=Card.parse("5d"),
    )
    assert result.layoffs == ()
    assert [result.deadwood_of(s) for s in result.order] == [26, 31, 0]
    assert (result.reason, result.scorer, result.points) == (EndReason.GIN, 0, 82)


def test_m4_tie_is_an_undercut_by_the_first_defender_with_the_least() -> None:
    hands = ("3s 3h 3d 7c 8c 9c 5h", "Js Qs Ks 2d 2c 2h 5d", "Tc Ad 4d 4h Kh Qd 6s")
    result = showdown(*hands, rules=OK3, upcard=Card.parse("8c"))
    assert [str(l.card) for l in result.layoffs_of(2)] == ["Tc"]
    assert (result.deadwood_of(1), result.deadwood_of(2)) == (5, 35)
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 1, 55)
    off = attrs.evolve(OK3, undercut_on_tie=False)
    tie = result.score_under(off)
    assert (tie.reason, tie.scorer, tie.points) == (EndReason.TIE, None, 0)


def test_m5_spade_upcard_doubles_everything() -> None:
    result = showdown(
        "4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah",
        rules=OK3, upcard=Card.parse("9s"),
    )
    assert (result.reason, result.scorer, result.points) == (EndReason.KNOCK, 0, 116)
    assert result.score.doubled == "everything"


def test_m6_game_settlement_against_each_loser_with_a_shutout() -> None:
    rules = attrs.evolve(OK3, game_target=150)
    score = GameScore(rules, points=(162, 40, 0), boxes=(5, 2, 0), box_points=(125, 50, 0))
    settlement = score.settlement()
    assert settlement.winner == 0
    assert settlement.totals == (387, 90, 0)
    assert settlement.amounts == (0, 297, 774)
    assert settlement.shutouts == (False, False, True)
    assert settlement.worth == 1071


def test_m7_big_gin_with_eight_cards() -> None:
    hands = ["As 2s 3s 4s 9d 9h 9c", "2h 3h 5h 6d 8c Tc Qd", "Kd Qc Jh 7h 6c 5d 4c"]
    state = seated(hands, "Th", "9s", dealer=2)  # seat 0 is the dealer's left and plays first
    state = state.apply(PassUpcard()).apply(PassUpcard()).apply(PassUpcard())
    assert state.phase is Phase.DRAW and state.to_play == 0
    state = state.apply(DrawStock())
    assert BigGin() in state.legal_actions()
    state = state.apply(BigGin())
    assert state.result is not None and state.result.big_gin
    assert state.result.reason is EndReason.BIG_GIN
    assert len(state.result.hands[0]) == 8


# ------------------------------------------------------------ the table rules


def test_deal_starts_at_the_dealers_left_seven_each() -> None:
    hands = ["As 2s 3s 4s 9d 9h 9c", "2h 3h 5h 6d 8c Tc Qd", "Kd Qc Jh 7h 6c 5d 4c"]
    state = seated(hands, "Th", dealer=1)
    assert [state.hand(s) for s in range(3)] == [Hand.parse(h) for h in hands]
    assert state.deck_cards[0] in Hand.parse(hands[2])  # the dealer's left gets the first card
    assert state.upcard == Card.parse("Th") and state.stock_count == 30
    assert state.to_play == 2


def test_upcard_offer_goes_round_from_the_dealers_left_dealer_last() -> None:
    state = seated(["As 2s 3s 4s 9d 9h 9c", "2h 3h 5h 6d 8c Tc Qd", "Kd Qc Jh 7h 6c 5d 4c", "Ks Kh Js Ts 8s 7s 6s"], "Th", dealer=1)
    seen = []
    for _ in range(4):
        seen.append(state.to_play)
        assert state.phase is Phase.OFFER
        state = state.apply(PassUpcard())
    assert seen == [2, 3, 0, 1]
    assert state.phase is Phase.DRAW and state.to_play == 2
    assert state.legal_actions() == (DrawStock(),)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(DrawDiscard())
    assert caught.value.reason == "must_draw_stock"


def test_whoever_takes_the_upcard_finishes_the_turn_and_play_passes_left() -> None:
    state = seated(["As 2s 3s 4s 9d 9h 9c", "2h 3h 5h 6d 8c Tc Qd", "Kd Qc Jh 7h 6c 5d 4c"], "Th", dealer=0)
    state = state.apply(PassUpcard())  # seat 1 passes
    assert state.to_play == 2
    state = state.apply(TakeUpcard())  # seat 2 takes
    assert state.phase is Phase.DISCARD and len(state.hand(2)) == 8
    state = state.apply(state.parse_action("d Kd"))
    assert state.to_play == 0 and state.phase is Phase.DRAW


def test_knock_keeps_seven_cards() -> None:
    hands = ["4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah"]
    state = seated(hands, "9h", "Ts", dealer=2)
    for _ in range(3):
        state = state.apply(PassUpcard())
    state = state.apply(DrawStock())
    state = state.apply(Knock(Card.parse("Ts")))
    result = state.result
    assert result is not None and len(result.hands[0]) == 7 and result.points == 58
    state.validate()


def test_turns_pass_to_the_left_and_the_deal_rotates_left() -> None:
    match = Match.new(OK4, seed=3, dealer=1)
    assert match.state.to_play == 2
    state = match.state
    order = []
    while state.phase is Phase.OFFER:
        order.append(state.to_play)
        state = state.apply(PassUpcard())
    assert order == [2, 3, 0, 1]
    order = []
    for _ in range(8):
        order.append(state.to_play)
        state = state.apply(state.legal_actions()[0])
        if state.phase is Phase.DISCARD:
            state = state.apply(next(a for a in state.legal_actions() if str(a).startswith("discard")))
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


def test_fiftieth_card_only_the_next_player_may_take_the_last_discard() -> None:
    rules = attrs.evolve(OK3, wall_rule=WallRule.FIFTIETH_CARD, oklahoma=False, knock_limit=10)
    match = Match.new(rules, seed=5, dealer=0)
    state = match.state
    while state.phase is not Phase.WALL and not state.is_over:
        legal = state.legal_actions()
        plain = [a for a in legal if not isinstance(a, (Knock, BigGin))]
        state = state.apply(plain[-1] if state.phase is Phase.DISCARD else plain[0])
    if state.phase is Phase.WALL:
        last = state.node
        assert last is not None
        assert state.to_play == (last.seat + 1) % 3


def test_dealer_passes_left_after_a_scored_hand_and_stays_after_a_void() -> None:
    match = Match.new(OK3, seed=11, dealer=2)
    rng_choice = 0
    while match.hand_number < 4 and not match.is_over:
        if match.state.is_over:
            result = match.state.result
            assert result is not None
            expected = match.state.dealer if result.is_void else (match.state.dealer + 1) % 3
            match = match.apply(NextHand())
            assert match.state.dealer == expected
            continue
        legal = match.legal_actions()
        rng_choice += 1
        match = match.apply(legal[rng_choice % len(legal)])


def test_hand_result_two_player_properties_refuse_more_seats() -> None:
    result = showdown(
        "4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah",
        rules=OK3, upcard=Card.parse("9h"),
    )
    with pytest.raises(RulesError, match="for two players"):
        result.defender_deadwood  # noqa: B018
    assert result.describe(["Ann", "Bob", "Cy"]) == "Ann knocks with 3, Bob has 43, Cy has 21: Ann scores 58"


def test_showdown_needs_one_hand_per_defender() -> None:
    with pytest.raises(InvalidHandError, match="needs 2 defender hand"):
        showdown("4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", rules=OK3, upcard=Card.parse("9h"))
    with pytest.raises(InvalidHandError, match="share"):
        showdown("4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "7s 3d 4d 5d Jc Jd Ah", rules=OK3, upcard=Card.parse("9h"))


def test_defenders_given_as_one_list_are_told_to_come_one_argument_each() -> None:
    knocker, first, second = "4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah"
    hint = "pass each hand as its own argument"
    with pytest.raises(InvalidHandError, match="needs 2 defender hand.*, got 1: pass each defender's hand as its own"):
        showdown(knocker, [first, second], rules=OK3, upcard=Card.parse("9h"))
    defender = "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d"  # two players: the list is read as one defender's cards
    with pytest.raises(CardParseError, match=f"got 10 in '{defender}'.*{hint}"):
        showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", [defender], rules=Rules(), upcard=Card.parse("Th"))
    with pytest.raises(TypeError, match=f"not Hand: Hand.parse.*{hint}"):
        knocker_melding(knocker, [Hand.parse(first), Hand.parse(second)])  # type: ignore[list-item]
    with pytest.raises(CardParseError, match="'z' is not a rank") as caught:  # one bad card: no hint
        showdown(knocker, ["7s", "zz"], second, rules=OK3, upcard=Card.parse("9h"))
    assert hint not in str(caught.value)
    assert showdown(knocker, first, second, rules=OK3, upcard=Card.parse("9h")).knocker == 0


def test_a_tied_layoff_goes_on_the_later_meld_so_the_showdown_is_fixed() -> None:
    # Seat 2's 5h fits the run A-4h (after seat 1's 4h) and the set of fives, leaving
    # 6 either way with one card laid off: the documented order puts it on the set, the
    # meld with the higher highest card, so seat 3 cannot lay off 6h beyond the run.
    rules = attrs.evolve(Rules(), players=4)
    result = showdown(
        "5s Ah 2h 3h 4d 5d 5c", "4s 4h Ac 3c Jc Qc Kc", "Qs 5h Qh Ad 3d Qd 2c", "As 2s 8s 6h 8h 2d 4c",
        rules=rules, upcard=Card.parse("9c"),
    )
    assert [str(m) for m in result.knocker_melds] == ["Ah 2h 3h", "5s 5d 5c"]
    assert [(str(l.card), l.target) for l in result.layoffs] == [("4h", 0), ("5h", 1)]
    assert [result.deadwood_of(seat) for seat in result.order] == [8, 6, 31]
    assert result.points == 33

def test_knocker_melding_with_several_defenders_prices_the_result() -> None:
    # The knocker's best layout against two defenders is one of least deadwood.
    melding = knocker_melding("As 5s 6s 7s 5c 6c 7c", "3s 4s 4c 4d 8s 8c 8d", "5h 6h 7h 9d Td Jd Kc", rules=OK3)
    assert melding.deadwood == knocker_melding("As 5s 6s 7s 5c 6c 7c", "3s 4s 4c 4d 8s 8c 8d").deadwood


def test_hand_result_from_lists_is_a_tuple() -> None:
    result = HandResult(rules=OK3, upcard=Card.parse("Th"), knocker=None, hands=[Hand(), Hand(), Hand()])
    assert isinstance(result.hands, tuple)
    hash(result)


def test_a_hand_is_priced_only_under_rules_for_as_many_players() -> None:
    # A three-player hand has no price for two or four players: a two-player game score
    # would credit it to the first two seats and lose the third.
    result = showdown("Ks Kc Kd 5s 6s 7s 9c", "Ac 2s 2c 2d 2h 7c 8c", "3s 3h 4d 4c Qh Qd 6h", rules=OK3, upcard=Card.parse("Th"))
    assert result.points_under(attrs.evolve(OK3, gin_bonus=20)) == result.points == 38
    expected = r"this hand was played by 3 players, so rules for 2 \(oklahoma\) cannot price it: expected rules with players=3"
    with pytest.raises(InvalidHandError, match=expected):
        GameScore(Rules()).add(result)
    with pytest.raises(InvalidHandError, match="played by 3 players, so rules for 2 \\(hollywood\\)"):
        Hollywood(Rules.parse("hollywood")).add(result)
    with pytest.raises(InvalidHandError, match="played by 3 players, so rules for 4"):
        result.score_under(Rules(players=4))
    void = HandResult(rules=OK3, upcard=Card.parse("Th"), knocker=None, hands=result.hands)
    with pytest.raises(InvalidHandError, match="played by 3 players, so rules for 2"):
        void.points_under(Rules())
