"""Hand and game scoring: RULES.md section 1 (scoring, game), section 2 and the worked scores S1-S13."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from brute import arrangements, card_of, hand_points, layoff_deadwood as brute_layoffs
from ginrummy import (
    PRESETS,
    Card,
    EndReason,
    GameScore,
    Hand,
    HandResult,
    Hollywood,
    HollywoodColumn,
    IllegalActionError,
    InvalidHandError,
    InvalidMeldError,
    Layoff,
    Meld,
    OklahomaAce,
    Rules,
    RulesError,
    Shutout,
    SpadesDouble,
    WrongTypeError,
    deadwood,
    showdown,
)

STANDARD = PRESETS["standard"]
KNOCKER_8 = "As 2s 3s 4h 5h 6h 9c 9d 9h 8c"  # melds A23s 456h 999, deadwood 8c
GIN = "As 2s 3s 4h 5h 6h 9c 9d 9h 9s"
BIG_GIN = "As 2s 3s 4s 4h 5h 6h 9c 9d 9h 9s"


def knock(defender: str, *, rules: Rules = STANDARD, upcard: str = "Td", knocker: str = KNOCKER_8) -> HandResult:
    return showdown(knocker, defender, rules=rules, upcard=Card.parse(upcard))


def test_s1_knock_scores_the_difference() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh Js 2d 8d")
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 20)
    assert result.reason is EndReason.KNOCK
    assert result.scorer == 0 and result.points == 12


def test_s2_undercut_scores_difference_plus_bonus() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c")
    assert result.defender_deadwood == 7
    assert result.reason is EndReason.UNDERCUT
    assert result.scorer == 1 and result.points == 26


def test_s3_equal_deadwood_is_an_undercut_on_tie() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 3c 3d")
    assert result.defender_deadwood == 8
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 1, 25)
    off = result.score_under(attrs.evolve(STANDARD, undercut_on_tie=False))
    assert (off.reason, off.scorer, off.points, off.box) == (EndReason.TIE, None, 0, 0)


def test_s4_gin_scores_defender_deadwood_plus_bonus_without_layoffs() -> None:
    # The 7h would extend the knocker's 4h 5h 6h, but nothing is laid off on gin.
    result = showdown(GIN, "Kc Kd Kh Qc Qd Qh 7h 3d 2d 2c", rules=STANDARD, upcard=Card.parse("Td"))
    assert result.layoffs == () and result.defender_deadwood == 14
    assert (result.reason, result.scorer, result.points) == (EndReason.GIN, 0, 39)
    assert result.points_under(PRESETS["classic"]) == 34


def test_s5_big_gin_scores_defender_deadwood_plus_31() -> None:
    result = showdown(BIG_GIN, "Kc Kd Kh Ks Qc Qh Qs Jc Jd Th", rules=STANDARD, upcard=Card.parse("Td"))
    assert result.big_gin and result.defender_deadwood == 30
    assert (result.reason, result.points) == (EndReason.BIG_GIN, 61)


def test_s6_spade_upcard_doubles_an_undercut() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 2c Ac", rules=Rules(), upcard="8s")
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 5)
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 1, 56)
    assert result.points_under(Rules(spades_double=SpadesDouble.BONUSES)) == 53
    assert result.points_under(Rules(spades_double=SpadesDouble.OFF)) == 28


def test_s7_spade_upcard_doubles_gin() -> None:
    result = showdown(GIN, "Kc Kd Kh Ks Qc Qd Qh Jc 8c 2c", rules=Rules(), upcard=Card.parse("Ts"))
    assert result.defender_deadwood == 20
    assert result.points == 90
    assert result.points_under(Rules(spades_double=SpadesDouble.BONUSES)) == 70


def test_s8_ace_upcard_gin_only_or_one() -> None:
    knocker, defender, ace = "As 2s 3s 4h 5h 6h 9c 9d 9h Ac", "Kc Kd Kh Ks Qc Qd Qh Jc 8c 2c", Card.parse("Ad")
    with pytest.raises(InvalidHandError, match="over the knock limit 0"):
        showdown(knocker, defender, rules=Rules(), upcard=ace)
    result = showdown(knocker, defender, rules=Rules(oklahoma_ace=OklahomaAce.ONE), upcard=ace)
    assert result.knocker_deadwood == 1 and result.reason is EndReason.KNOCK


def gin_result(seat: int, defender_deadwood: int, rules: Rules = STANDARD) -> HandResult:
    """A gin by ``seat`` worth ``defender_deadwood + gin_bonus``."""
    defenders = {
        1: "Ac Kc Kd Kh Qc Qd Qh Jc Jd Jh",
        3: "3c Kc Kd Kh Qc Qd Qh Jc Jd Jh",
        7: "7c Kc Kd Kh Qc Qd Qh Jc Jd Jh",
        20: "Kc Kd Kh Qc Qd Qh 8c 7d 3c 2d",
    }
    return showdown(GIN, defenders[defender_deadwood], rules=rules, upcard=Card.parse("Td"), knocker_seat=seat)


def knock20_result(seat: int, rules: Rules = STANDARD) -> HandResult:
    """A knock by ``seat`` with 2 against 22: worth 20."""
    return showdown(
        "As 2s 3s 4h 5h 6h 9c 9d 9h 2c", "Kc Kd Kh Qc Qd Qh Jc 8d 3d Ad", rules=rules,
        upcard=Card.parse("Td"), knocker_seat=seat,
    )


def test_s9_game_settlement_with_boxes() -> None:
    for box, totals, worth in ((25, (304, 90), 214), (20, (284, 80), 204)):
        rules = attrs.evolve(STANDARD, box_bonus=box)
        score = GameScore(rules)
        for result in [knock20_result(1, rules), knock20_result(1, rules)] + [gin_result(0, 1, rules)] * 4:
            score = score.add(result)
        assert score.points == (104, 40) and score.boxes == (4, 2)
        settlement = score.settlement()
        assert settlement.winner == 0 and settlement.totals == totals and settlement.worth == worth


def test_s10_shutout_doubles_the_winner_total() -> None:
    score = GameScore(STANDARD)
    for d in (1, 1, 1, 7):
        score = score.add(gin_result(0, d))
    assert score.points == (110, 0)
    settlement = score.settlement()
    assert settlement.shutout and settlement.totals == (620, 0) and settlement.worth == 620


def test_shutout_game_bonus_x2_pays_the_bonus_twice() -> None:
    rules = attrs.evolve(STANDARD, shutout=Shutout.GAME_BONUS_X2)
    score = GameScore(rules)
    for d in (1, 1, 1, 7):
        score = score.add(gin_result(0, d, rules))
    assert score.settlement().totals == (110 + 200 + 100, 0)
    none = attrs.evolve(STANDARD, shutout=Shutout.NONE)
    score = GameScore(none)
    for d in (1, 1, 1, 7):
        score = score.add(gin_result(0, d, none))
    assert score.settlement().totals == (310, 0)


def test_s11_hollywood_enters_wins_in_columns() -> None:
    hollywood = Hollywood(STANDARD)
    for d in (7, 3, 20):  # wins of 32, 28 and 45
        hollywood = hollywood.add(gin_result(0, d))
    assert [c.points[0] for c in hollywood.columns] == [105, 73, 45]
    assert [c.closed for c in hollywood.columns] == [True, False, False]
    first = hollywood.settlements()[0]
    assert first is not None and first.totals == ((105 + 100 + 75) * 2, 0)
    assert hollywood.settlements()[1:] == (None, None)


def test_hollywood_player_shut_out_of_game_1_enters_next_win_in_game_2_only() -> None:
    hollywood = Hollywood(STANDARD)
    for _ in range(4):
        hollywood = hollywood.add(gin_result(0, 1))  # 104 in game 1: closed, seat 1 never scored
    assert hollywood.columns[0].closed
    hollywood = hollywood.add(gin_result(1, 7))
    assert [c.points[1] for c in hollywood.columns] == [0, 32, 0]
    hollywood = hollywood.add(gin_result(1, 3))  # w=2, z=1: games 2 and 3
    assert [c.points[1] for c in hollywood.columns] == [0, 60, 28]


def test_hollywood_session_ends_when_all_columns_close() -> None:
    hollywood = Hollywood(attrs.evolve(STANDARD, game_target=25))
    for _ in range(3):
        assert not hollywood.is_over
        hollywood = hollywood.add(gin_result(0, 1))
    assert hollywood.is_over
    with pytest.raises(IllegalActionError):
        hollywood.add(gin_result(0, 1))


def test_a_hollywood_session_is_won_by_net_worth_then_by_games_won() -> None:
    """The rule book is silent on who wins a whole session; the library's choice (docs'
    rules page): the greater net worth over the three games, and on equal net worth the
    player who won more of the three."""
    hollywood = Hollywood(attrs.evolve(STANDARD, game_target=25))
    for _ in range(3):
        assert hollywood.winner is None
        hollywood = hollywood.add(gin_result(0, 1))
    worths = [s.worth for s in hollywood.settlements() if s is not None]
    assert hollywood.net_worths == (sum(worths), -sum(worths)) and hollywood.winner == 0
    rules = Rules.preset("hollywood")
    shutout = HollywoodColumn((100, 0), (1, 0), (25, 0), True, 0)  # worth 450
    close = HollywoodColumn((90, 100), (1, 1), (25, 25), True, 1)  # worth 110
    one_big_game = Hollywood(rules, (shutout, close, close), (3, 3))
    assert one_big_game.net_worths == (230, -230) and one_big_game.winner == 0


@pytest.mark.parametrize("two_games_to", [0, 1])
def test_equal_net_worth_goes_to_the_player_who_won_more_games(two_games_to: int) -> None:
    rules = Rules.preset("hollywood")
    small = HollywoodColumn((100, 90), (1, 1), (25, 25), True, 0)  # worth 110 to seat 0
    large = HollywoodColumn((5, 100), (1, 2), (25, 50), True, 1)  # worth 220 to seat 1
    if two_games_to == 1:  # the same session with the seats swapped
        small = HollywoodColumn((90, 100), (1, 1), (25, 25), True, 1)
        large = HollywoodColumn((100, 5), (2, 1), (50, 25), True, 0)
    level = Hollywood(rules, (small, small, large), (3, 3))
    assert [s.worth for s in level.settlements() if s is not None] == [110, 110, 220]
    assert level.net_worths == (0, 0) and level.winner == two_games_to


def test_s12_showdown_defender_breaks_set_and_undercuts() -> None:
    result = showdown(
        "Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=Card.parse("Th")
    )
    assert result.knocker_deadwood == 10 and result.defender_deadwood == 9
    assert {str(l.card) for l in result.layoffs} == {"8s", "9s", "8c", "7c"}
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 1, 26)


def test_s13_automatic_arrangement_is_three_sets() -> None:
    knocker, defender = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"
    result = showdown(knocker, defender, rules=STANDARD, upcard=Card.parse("2h"))
    assert all(m.kind.value == "set" for m in result.knocker_melds)
    assert result.defender_deadwood == 3 and result.scorer == 0 and result.points == 2
    runs = showdown(
        knocker, defender, rules=STANDARD, upcard=Card.parse("2h"),
        knocker_melds=["5s 6s 7s", "5c 6c 7c", "5d 6d 7d"],
    )
    assert (runs.reason, runs.scorer, runs.points) == (EndReason.UNDERCUT, 1, 26)


def test_knock_bonus_knob_adds_to_a_knock() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh Js 2d 8d")
    assert result.points_under(attrs.evolve(STANDARD, knock_bonus=10)) == 22


def test_undercut_bonus_knob() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c")
    assert result.points_under(attrs.evolve(STANDARD, undercut_bonus=10)) == 11


def test_big_gin_knob_off_rejects_eleven_cards() -> None:
    with pytest.raises(InvalidHandError, match="big gin is off"):
        showdown(BIG_GIN, "Kc Kd Kh Ks Qc Qh Qs Jc Jd Th", rules=PRESETS["classic"], upcard=Card.parse("Td"))


def test_big_gin_has_no_price_under_rules_without_it() -> None:
    result = showdown("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc", "Ac 2c 2d 2h 7c 8c 8s 9s 8d Kd", rules=STANDARD, upcard=Card.parse("Th"))
    assert result.reason is EndReason.BIG_GIN and result.points == 27 + 31
    with pytest.raises(InvalidHandError, match=r"this hand ended in big gin, which is off under classic: it has no price there"):
        result.points_under(PRESETS["classic"])
    with pytest.raises(InvalidHandError, match=r"ended in big gin, which is off under standard\+big_gin=off"):
        GameScore(attrs.evolve(STANDARD, big_gin=False)).add(result)


def test_big_gin_bonus_knob() -> None:
    result = showdown(BIG_GIN, "Kc Kd Kh Ks Qc Qh Qs Jc Jd Th", rules=STANDARD, upcard=Card.parse("Td"))
    assert result.points_under(attrs.evolve(STANDARD, big_gin_bonus=50)) == 80


def test_spades_double_boxes_knob_doubles_the_box() -> None:
    rules = Rules(spades_double_boxes=True)
    result = showdown(GIN, "Kc Kd Kh Ks Qc Qd Qh Jc 8c 2c", rules=rules, upcard=Card.parse("Ts"))
    assert result.score.box == 50
    assert result.score_under(Rules()).box == 25
    score = GameScore(rules).add(result)
    assert score.box_points == (50, 0) and score.boxes == (1, 0)


def test_game_bonus_knob_and_doubled_points_count_toward_target() -> None:
    rules = attrs.evolve(Rules(), game_target=90, game_bonus=50)
    result = showdown(GIN, "Kc Kd Kh Ks Qc Qd Qh Jc 8c 2c", rules=rules, upcard=Card.parse("Ts"))
    score = GameScore(rules).add(result)
    assert score.points == (90, 0) and score.is_over
    assert score.settlement().totals == ((90 + 50 + 25) * 2, 0)


def test_ruling_10_winner_is_who_reached_target_even_if_behind() -> None:
    rules = attrs.evolve(STANDARD, game_target=100)
    score = GameScore(rules)
    for _ in range(4):
        score = score.add(knock20_result(1, rules))  # seat 1: 80 points, 4 boxes
    score = score.add(showdown(GIN, "Kc Kd Kh Qc Qd Qh 8c 7d 3c 2d", rules=rules, upcard=Card.parse("Td")))
    score = score.add(gin_result(0, 20, rules))  # seat 0: 90 in 2 hands
    assert score.points == (90, 80) and not score.is_over
    score = score.add(knock20_result(0, rules))  # seat 0 reaches 110 in 3 hands
    settlement = score.settlement()
    assert settlement.winner == 0
    assert settlement.totals == (110 + 100 + 75, 80 + 100)
    big_boxes = attrs.evolve(rules, box_bonus=200)
    score2 = GameScore(big_boxes)
    for result in score.results:
        score2 = score2.add(result)
    assert score2.settlement().winner == 0 and score2.settlement().worth < 0


def test_game_score_rejects_hands_after_the_end() -> None:
    score = GameScore(attrs.evolve(STANDARD, game_target=20)).add(gin_result(0, 1))
    assert score.is_over
    with pytest.raises(IllegalActionError, match="game is over"):
        score.add(gin_result(1, 1))
    with pytest.raises(IllegalActionError, match="not over"):
        GameScore(STANDARD).settlement()


def test_ruling_9_void_hand_scores_nothing_and_no_box() -> None:
    void = HandResult(rules=STANDARD, upcard=Card.parse("Td"), knocker=None, hands=(Hand(), Hand()))
    assert (void.reason, void.scorer, void.points) == (EndReason.VOID, None, 0)
    score = GameScore(STANDARD).add(void)
    assert score.points == (0, 0) and score.boxes == (0, 0) and len(score.results) == 1


def test_ruling_4_gin_beats_a_defender_with_no_deadwood() -> None:
    result = showdown(GIN, "Kc Kd Kh Ks Qc Qd Qh Jc Jd Jh", rules=STANDARD, upcard=Card.parse("Td"))
    assert result.defender_deadwood == 0
    assert (result.reason, result.scorer, result.points) == (EndReason.GIN, 0, 25)


def test_defender_reaching_zero_by_laying_off_undercuts() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 7h 8h 3h")
    assert result.defender_deadwood == 0
    assert (result.reason, result.scorer, result.points) == (EndReason.UNDERCUT, 1, 33)


def test_showdown_rejects_bad_input() -> None:
    rules, up = STANDARD, Card.parse("Td")
    with pytest.raises(InvalidHandError, match="share"):
        showdown(KNOCKER_8, "As Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard=up)
    with pytest.raises(InvalidHandError, match="10 cards"):
        showdown(KNOCKER_8, "Kd Kh", rules=rules, upcard=up)
    with pytest.raises(InvalidHandError, match="after the knock discard"):
        showdown("As 2s", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard=up)
    with pytest.raises(InvalidHandError, match="over the knock limit"):
        showdown("As 2s 3s 4h 5h 6h 9c 9d Jh 8c", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard=up)
    with pytest.raises(InvalidMeldError, match="not in the hand"):
        showdown(KNOCKER_8, "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard=up, knocker_melds=["Jd Qd Kd"])
    with pytest.raises(InvalidHandError, match="over the knock limit"):
        showdown(KNOCKER_8, "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard=up, knocker_melds=["As 2s 3s"])
    with pytest.raises(InvalidMeldError, match="big gin needs"):
        showdown("As 2s 3s 4s 4h 5h 6h 9c 9d 9h Js", "Kc Kd Kh Ks Qc Qd Qh Jc Jd Tc", rules=rules, upcard=up)
    with pytest.raises(TypeError):
        showdown(KNOCKER_8, "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c", rules=rules, upcard="Td")  # type: ignore[arg-type]


def test_result_can_be_repriced_under_every_preset() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c")
    assert {name: result.points_under(r) for name, r in PRESETS.items()} == {
        "oklahoma": 26, "standard": 26, "classic": 11, "straight": 26, "tournament": 26, "hollywood": 26
    }


@st.composite
def knocked_hands(draw: st.DrawFn) -> tuple[Hand, Hand, Card, Rules]:
    rules = draw(st.sampled_from(list(PRESETS.values())))
    rules = attrs.evolve(
        rules,
        undercut_on_tie=draw(st.booleans()),
        knock_bonus=draw(st.sampled_from([0, 5])),
        spades_double=draw(st.sampled_from(list(SpadesDouble))),
    )
    low = draw(st.integers(0, 8))
    pool = [13 * s + r for s in range(4) for r in range(low, low + 5)] + [draw(st.integers(0, 51))]
    knocker = Hand.from_mask(sum(1 << i for i in draw(st.sets(st.sampled_from(sorted(set(pool))), min_size=10, max_size=10))))
    rest = [i for i in range(52) if not knocker.mask >> i & 1]
    near = [i for i in rest if abs(i % 13 - low - 2) <= 4]
    chosen = draw(st.sets(st.sampled_from(near), max_size=6))
    others = [i for i in rest if i not in chosen]
    chosen |= draw(st.sets(st.sampled_from(others), min_size=10 - len(chosen), max_size=10 - len(chosen)))
    defender = Hand.from_mask(sum(1 << i for i in chosen))
    upcard = Card.from_index(draw(st.sampled_from(sorted(set(range(52)) - set(chosen) - {c.index for c in knocker}))))
    return knocker, defender, upcard, rules


@settings(max_examples=250)
@given(knocked_hands())
def test_showdown_equals_brute_force_scorer(case: tuple[Hand, Hand, Card, Rules]) -> None:
    knocker, defender, upcard, rules = case
    limit = rules.knock_limit_for(upcard)
    k = deadwood(knocker)
    assume(k <= limit)
    result = showdown(knocker, defender, rules=rules, upcard=upcard)
    k_cards = frozenset(card_of(str(c)) for c in knocker)
    d_cards = frozenset(card_of(str(c)) for c in defender)
    if k == 0:
        d = min(dead for _, dead in arrangements(d_cards))
    else:
        d = max(brute_layoffs(melds, d_cards) for melds, dead in arrangements(k_cards) if dead == k)
    doubled = rules.multiplier_for(upcard) == 2
    who, points = hand_points(
        k, d, gin_bonus=rules.gin_bonus, undercut_bonus=rules.undercut_bonus, knock_bonus=rules.knock_bonus,
        undercut_on_tie=rules.undercut_on_tie, doubled=doubled, bonuses_only=rules.spades_double is SpadesDouble.BONUSES,
    )
    assert (result.knocker_deadwood, result.defender_deadwood) == (k, d)
    assert result.scorer == {"knocker": 0, "defender": 1, "nobody": None}[who]
    assert result.points == points


def test_ruling_3_equal_deadwood_is_an_undercut_by_the_knob() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 3c 3d")
    assert result.score_under(STANDARD).reason is EndReason.UNDERCUT
    assert result.score_under(attrs.evolve(STANDARD, undercut_on_tie=False)).reason is EndReason.TIE


def test_ruling_5_knocker_may_lay_out_any_arrangement_within_the_limit() -> None:
    from ginrummy import Meld

    knocker, defender = "2s 3s 4s 5s 4h 5h 6h 9c 9d 9h", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 2c"
    automatic = showdown(knocker, defender, rules=STANDARD, upcard=Card.parse("9s"))
    assert automatic.knocker_deadwood == 0 and automatic.reason is EndReason.GIN
    chosen = showdown(
        knocker, defender, rules=STANDARD, upcard=Card.parse("9s"), knocker_melds=["3s 4s 5s", "4h 5h 6h", "9c 9d 9h"]
    )
    assert chosen.knocker_deadwood == 2 and chosen.reason is EndReason.KNOCK
    assert Meld.parse("3s 4s 5s") in chosen.knocker_melds


def test_ruling_6_a_card_fitting_two_melds_goes_where_it_chains() -> None:
    result = showdown(
        "7s 7h 7d 4c 5c 6c Kh Kd Ks 2h", "7c 8c Qh Jd 3d 9s 2s 2d Tc 9d", rules=STANDARD, upcard=Card.parse("Th")
    )
    assert {str(l.card) for l in result.layoffs} >= {"7c", "8c"}
    targets = {str(l.card): str(result.knocker_melds[l.target]) for l in result.layoffs}
    assert targets["7c"] == targets["8c"] == "4c 5c 6c"


def test_ruling_7_a_set_holds_four_and_nothing_goes_on_deadwood() -> None:
    from ginrummy import best_layoffs

    four = best_layoffs(["8s 8h 8d 8c"], "7s 9s Kd Kc Qh Jh 2c 3c 4d 5d")
    assert four.layoffs == ()
    # The knocker's deadwood 2h does not take the defender's 3h or Ah.
    result = showdown("As 2s 3s 4h 5h 6h 9c 9d 9h 2h", "Ah 3h Kc Kd Qs Qd Js Jd 7c 8d", rules=STANDARD, upcard=Card.parse("Th"))
    assert all(str(l.card) not in ("Ah",) for l in result.layoffs)
    assert {str(l.card) for l in result.layoffs} == {"3h"}


def test_spades_double_bonuses_leaves_the_knock_bonus_single() -> None:
    knocker, defender = KNOCKER_8, "Kc Kd Kh Ks Qc Qd Qh Js 2d 8d"
    result = showdown(knocker, defender, rules=Rules(), upcard=Card.parse("9s"))
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 20)
    bonuses = Rules(spades_double=SpadesDouble.BONUSES, knock_bonus=10)
    assert result.points_under(bonuses) == 12 + 10
    every = Rules(spades_double=SpadesDouble.ALL, knock_bonus=10)
    assert result.points_under(every) == (12 + 10) * 2


def test_hand_result_breakdown() -> None:
    result = knock("Kc Kd Kh Ks Qc Qd Qh 2d 2c Ac", rules=Rules(), upcard="8s")
    breakdown = result.breakdown
    assert (breakdown.base, breakdown.bonus, breakdown.multiplier, breakdown.points) == (3, 25, 2, 56)


def test_a_game_score_needs_rules() -> None:
    bad: object
    for bad in (None, "oklahoma", {}):
        with pytest.raises(TypeError, match=f"GameScore scores under a Rules value, not {type(bad).__name__}"):
            GameScore(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not NoneType: None"):
        GameScore(None, points=(0, 0), boxes=(0, 0), box_points=(0, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "error", "expected"),
    [
        (lambda: Hollywood("standard"), WrongTypeError, r"Hollywood scores under a Rules value, not str: 'standard'"),  # type: ignore[arg-type]
        (lambda: Hollywood(attrs.evolve(STANDARD, players=3)), RulesError, r"Hollywood scoring is for two players, not players=3"),
        (lambda: Hollywood(STANDARD, columns=5), WrongTypeError, r"columns must be an iterable, not int: 5"),  # type: ignore[arg-type]
        (lambda: Hollywood(STANDARD, columns=(HollywoodColumn(),) * 2), WrongTypeError, r"must be three HollywoodColumn values"),
        (lambda: Hollywood(STANDARD, wins=(1, 2, 3)), RulesError, r"Hollywood.wins=\(1, 2, 3\) must hold one number per player \(2\)"),
        (lambda: Hollywood(STANDARD, wins=("a", 0)), WrongTypeError, r"expected whole numbers, not str \('a'\)"),  # type: ignore[arg-type]
        (lambda: Hollywood(STANDARD, results=[3]), WrongTypeError, r"results must hold HandResult values, not int"),  # type: ignore[list-item]
        (lambda: HollywoodColumn(points=None), WrongTypeError, r"the scores per seat must be an iterable, not NoneType: None"),  # type: ignore[arg-type]
        (lambda: HollywoodColumn(boxes=(0, 0, 0)), RulesError, r"HollywoodColumn.boxes=\(0, 0, 0\) must hold one number per player"),
        (lambda: HollywoodColumn(closed=1, winner=1), WrongTypeError, r"HollywoodColumn.closed must be True or False, not 1"),  # type: ignore[arg-type]
        (lambda: HollywoodColumn(closed=True, winner=2), RulesError, r"HollywoodColumn.winner=2 is not allowed: expected None, 0 or 1"),
        (lambda: HollywoodColumn(closed=True), RulesError, r"a closed column has the winner's seat, an open one None"),
        (lambda: HollywoodColumn(winner=0), RulesError, r"a closed column has the winner's seat, an open one None"),
        (lambda: GameScore(STANDARD, points=5), WrongTypeError, r"the scores per seat must be an iterable, not int: 5"),  # type: ignore[arg-type]
    ],
)
def test_hollywood_and_game_scores_refuse_impossible_values(make: Callable[[], object], error: type[Exception], expected: str) -> None:
    with pytest.raises(error, match=expected):
        make()


def test_a_hollywood_score_built_by_hand_equals_the_one_add_builds() -> None:
    gin = [Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand.parse("Kc Kh Qd Qc Jd Jc 9d 9c 8d 8c")]
    built = Hollywood(STANDARD).add(HandResult(STANDARD, Card.parse("Kd"), 0, gin, [Meld.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts")]))
    assert built.columns[0].points == (119, 0)  # gin: 25 and the defender's 94, over the target of 100
    column = HollywoodColumn((119, 0), (1, 0), built.columns[0].box_points, True, 0)
    assert built.columns[0] == column and built == Hollywood(STANDARD, (column, HollywoodColumn(), HollywoodColumn()), (1, 0), built.results)


_KNOCKER = Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Kd")
_DEFENDER = Hand.parse("Ac 2c 3c Kh Qh 5d 6d 7h 8h Ts")
_RUN = Meld.parse("As 2s 3s 4s 5s 6s 7s 8s 9s")


def _result(**changes: object) -> HandResult:
    facts: dict[str, Any] = {"hands": [_KNOCKER, _DEFENDER], "knocker_melds": [_RUN]}
    facts.update(changes)
    return HandResult(STANDARD, Card.parse("Jc"), facts.pop("knocker", 0), **facts)


def test_hand_result_takes_the_facts_a_showdown_could_end_with() -> None:
    result = _result(defender_melds=[Meld.parse("Ac 2c 3c")], layoffs=[Layoff(Card.parse("Ts"), 0)])
    assert result.defender_deadwood == 10 + 10 + 5 + 6 + 7 + 8 and result.deadwood_of(0) == 10
    shown = showdown(_KNOCKER, _DEFENDER, rules=STANDARD, upcard=Card.parse("Jc"))
    assert HandResult(STANDARD, shown.upcard, 0, shown.hands, shown.knocker_melds, shown.defender_melds, shown.layoffs) == shown


@pytest.mark.parametrize(
    ("changes", "error", "expected"),
    [
        ({"knocker_melds": [Meld.parse("Ac 2c 3c")]}, InvalidMeldError, r"meld Ac 2c 3c uses Ac 2c 3c, which is not in the hand"),
        ({"hands": [_KNOCKER, Hand.parse("As 2c 3c Kh Qh 5d 6d 7h 8h Ts")]}, InvalidHandError, r"the hands share As"),
        ({"hands": [Hand.parse("As 2s 3s"), _DEFENDER]}, InvalidHandError, r"seat 0 holds 3 cards \(As 2s 3s\): expected 10"),
        ({"hands": [_KNOCKER, _DEFENDER, Hand.parse("Ad 2d 3d 4d 7d 8d 9d Td Jd Qd")]}, InvalidHandError, r"these rules seat 2 players, but the result holds 3 hands"),
        ({"knocker_melds": []}, InvalidHandError, r"the knocker's deadwood is 55 \(.*\), over the knock limit 10"),
        ({"defender_melds": [Meld.parse("4h 5h 6h")]}, InvalidMeldError, r"defender meld 4h 5h 6h is not within one defender's hand"),
        ({"layoffs": [Layoff(Card.parse("Js"), 0)]}, InvalidMeldError, r"layoff of Js: no defender holds it"),
        ({"layoffs": [Layoff(Card.parse("Kh"), 0)]}, InvalidMeldError, r"layoff of Kh does not fit meld 0, As 2s 3s"),
        ({"layoffs": [Layoff(Card.parse("Ts"), 5)]}, InvalidMeldError, r"layoff of Ts on meld 5: the knocker laid out 1 meld$"),
        ({"layoffs": [Layoff(Card.parse("Ts"), 0), Layoff(Card.parse("Ts"), 0)]}, InvalidMeldError, r"layoff of Ts: it is already in a defender's meld or layoff"),
        ({"defender_melds": [Meld.parse("Ac 2c 3c")], "layoffs": [Layoff(Card.parse("Ac"), 0)]}, InvalidMeldError, r"layoff of Ac: it is already in a defender's meld"),
        ({"hands": [Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand.parse("Ac 2c 3c Kh Qh 5d 6d 7h 8h Js")],
          "knocker_melds": [Meld.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts")], "layoffs": [Layoff(Card.parse("Js"), 0)]},
         InvalidMeldError, r"no layoffs are allowed on gin or big gin"),
        ({"knocker": None, "knocker_melds": [_RUN]}, InvalidHandError, r"a void hand \(knocker=None\) has no melds, no layoffs and no big gin"),
        ({"big_gin": "yes"}, WrongTypeError, r"big_gin must be True or False, not 'yes'"),
        ({"knocker": None, "knocker_melds": [], "hands": [Hand.parse("As"), Hand()]}, InvalidHandError, r"seat 0 holds 1 card \(As\): expected 10"),
        ({"hands": [_KNOCKER, Hand()]}, InvalidHandError, r"seat 1 holds 0 cards \(\): expected 10"),
    ],
)
def test_hand_result_refuses_facts_no_hand_could_end_with(changes: dict[str, object], error: type[Exception], expected: str) -> None:
    with pytest.raises(error, match=expected):
        _result(**changes)


def test_hand_result_knock_limit_follows_the_upcard_under_oklahoma() -> None:
    oklahoma = PRESETS["oklahoma"]
    hands = [Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s 4d"), _DEFENDER]
    assert HandResult(oklahoma, Card.parse("5c"), 0, hands, [_RUN]).deadwood_of(0) == 4
    with pytest.raises(InvalidHandError, match=r"over the knock limit 3"):
        HandResult(oklahoma, Card.parse("3c"), 0, hands, [_RUN])


@pytest.mark.parametrize(("card", "target", "expected"), [(3, 0, r"Layoff.card must be a Card, not int: 3"), (Card.parse("Ts"), True, r"Layoff.target must be the index of a knocker meld, not True"), (Card.parse("Ts"), "0", r"not '0'")])
def test_layoff_refuses_what_is_not_a_card_and_a_meld_index(card: object, target: object, expected: str) -> None:
    with pytest.raises(WrongTypeError, match=expected):
        Layoff(card, target)  # type: ignore[arg-type]


def _gin_result(rules: Rules = STANDARD) -> HandResult:
    hands = [Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand.parse("Kc Kh Qd Qc Jd Jc 9d 9c 8d 8c")]
    return HandResult(rules, Card.parse("Kd"), 0, hands, [Meld.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts")])


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: GameScore(STANDARD, points=(0, -5)), r"GameScore.points=\(0, -5\) is not allowed: expected whole numbers 0 or more"),
        (lambda: GameScore(STANDARD, boxes=(-1, 0)), r"GameScore.boxes=\(-1, 0\) is not allowed"),
        (lambda: GameScore(STANDARD, box_points=(0, -25)), r"GameScore.box_points=\(0, -25\) is not allowed"),
        (
            lambda: GameScore(STANDARD, points=(100, 120), boxes=(2, 3), box_points=(50, 75)),
            r"seats 0 and 1 both reach the target 100, but the game ends with the hand in which one does",
        ),
        (
            lambda: GameScore(STANDARD, points=(0, 5), boxes=(0, 1), box_points=(0, 25), results=[_gin_result()]),
            r"GameScore\(points=\(0, 5\), boxes=\(0, 1\), box_points=\(0, 25\)\) does not match its 1 result, which add up"
            r" to points=\(119, 0\), boxes=\(1, 0\), box_points=\(25, 0\)",
        ),
        (
            lambda: GameScore(STANDARD, points=(238, 0), boxes=(2, 0), box_points=(50, 0), results=[_gin_result()] * 2),
            r"GameScore.results holds 2 hands, but the game was over after 1",
        ),
        (lambda: HollywoodColumn(points=(-1, 0)), r"HollywoodColumn.points=\(-1, 0\) is not allowed: expected whole numbers 0 or more"),
        (lambda: Hollywood(STANDARD, wins=(0, -1)), r"Hollywood.wins=\(0, -1\) is not allowed"),
        (
            lambda: Hollywood(STANDARD, columns=(HollywoodColumn((100, 0), (2, 0), (50, 0)), HollywoodColumn(), HollywoodColumn())),
            r"Hollywood column 1 is open, but its points are \(100, 0\) against the target 100: expected no seat at the target",
        ),
        (
            lambda: Hollywood(STANDARD, columns=(HollywoodColumn(), HollywoodColumn((99, 0), (2, 0), (50, 0), True, 0), HollywoodColumn())),
            r"column 2 is closed with seat 0 the winner, but its points are \(99, 0\) against the target 100: expected the winner alone",
        ),
        (
            lambda: Hollywood(STANDARD, columns=(HollywoodColumn((100, 0), (2, 0), (50, 0), True, 1), HollywoodColumn(), HollywoodColumn())),
            r"column 1 is closed with seat 1 the winner, but its points are \(100, 0\)",
        ),
        (
            lambda: Hollywood(STANDARD, wins=(0, 1), results=[_gin_result()]),
            r"Hollywood\(.*wins=\(0, 1\).*\) does not match its 1 result, which add up to Hollywood\(.*wins=\(1, 0\)",
        ),
    ],
)
def test_scores_built_by_hand_refuse_impossible_totals(make: Callable[[], object], expected: str) -> None:
    with pytest.raises(RulesError, match=expected):
        make()


def test_scores_built_by_hand_from_their_results_equal_the_added_ones() -> None:
    # A score given its results must total them; without results, totals are taken as given.
    added = GameScore(STANDARD).add(_gin_result())
    assert GameScore(STANDARD, added.points, added.boxes, added.box_points, added.results) == added
    assert attrs.evolve(added, results=()).points == (119, 0)
    session = Hollywood(STANDARD).add(_gin_result()).add(_gin_result())
    assert Hollywood(STANDARD, session.columns, session.wins, session.results) == session
    assert attrs.evolve(session, results=()).wins == (2, 0)
