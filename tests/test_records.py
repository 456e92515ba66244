"""The solver's and the scoring's records, built directly by user code, are checked.

The library builds :class:`Melding`, :class:`KnockOption`, :class:`LayoffPlan`,
:class:`Score` and :class:`Settlement` itself, but they are public values that a user
may also build (to compare with, or to hand to a front-end). Built directly, a record
that no play could give raises a library error; every record the library returns
rebuilds through the public constructor to an equal value.
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
    Card,
    EndReason,
    GameScore,
    GinRummyError,
    Hand,
    HandResult,
    InvalidHandError,
    InvalidMeldError,
    KnockOption,
    Layoff,
    LayoffPlan,
    Melding,
    RulesError,
    RulesTypeError,
    Score,
    Settlement,
    WrongTypeError,
    best_layoffs,
    best_melding,
    knock_options,
    meldings,
    showdown,
)
from ginrummy.testing.strategies import hands

PLAN_KNOCKER = ["Ks Kc Kd", "5s 6s 7s", "9c Tc Jc"]
PLAN_DEFENDER = "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d"


def test_a_melding_built_directly_sorts_its_melds_and_reads_text() -> None:
    melding = Melding(["7h 7d 7c", "As 2s 3s"], "Kd")
    assert melding == best_melding("As 2s 3s 7h 7d 7c Kd")
    assert melding.deadwood == 10
    assert str(melding) == "[As 2s 3s] [7h 7d 7c] deadwood Kd (10)"


@pytest.mark.parametrize(
    ("melds", "deadwood", "error", "quoted"),
    [
        (["7h 7d 7c"], "7h Kd", InvalidMeldError, "7h"),
        (["7h 7d 7c", "7h 8h 9h"], "", InvalidMeldError, "7h"),
        (["7h 7d"], "", InvalidMeldError, "7h 7d"),
        ([1], "", WrongTypeError, "1"),
        (None, "", WrongTypeError, "None"),
        ("As 2s 3s", "", WrongTypeError, "As 2s 3s"),
        ((), "zz", GinRummyError, "zz"),
        ((), 5, WrongTypeError, "int"),
    ],
)
def test_a_melding_that_no_hand_could_have_is_refused(
    melds: object, deadwood: object, error: type[GinRummyError], quoted: str
) -> None:
    with pytest.raises(error, match=quoted):
        Melding(melds, deadwood)  # type: ignore[arg-type]


def test_a_knock_option_built_directly_is_checked() -> None:
    kept = best_melding("As 2s 3s 7h 7d 7c 4c 5c 6c Kd")
    assert KnockOption(Card.parse("Qd"), kept).deadwood == 10
    with pytest.raises(InvalidHandError, match="Kd"):
        KnockOption(Card.parse("Kd"), kept)
    with pytest.raises(InvalidHandError, match="10 cards"):
        KnockOption(Card.parse("Qd"), best_melding("As 2s 3s"))
    with pytest.raises(WrongTypeError, match="'Qd'"):
        KnockOption("Qd", kept)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="Melding"):
        KnockOption(Card.parse("Qd"), "As 2s 3s")  # type: ignore[arg-type]


def test_a_layoff_plan_built_directly_replays_its_layoffs_in_order() -> None:
    plan = best_layoffs(PLAN_KNOCKER, PLAN_DEFENDER)
    rebuilt = LayoffPlan(
        ["2s 2h 2d 2c"], list(plan.layoffs), "Ac 8d", PLAN_KNOCKER
    )
    assert rebuilt == plan
    assert rebuilt.deadwood == 9


@pytest.mark.parametrize(
    ("change", "error", "quoted"),
    [
        # 7c goes on 8c only once 8c is there: the order matters.
        ({"layoffs": tuple(reversed(best_layoffs(PLAN_KNOCKER, PLAN_DEFENDER).layoffs))}, InvalidMeldError, "cannot be laid off"),
        ({"layoffs": (Layoff(Card.parse("8s"), 7),)}, InvalidMeldError, "expected 0-2"),
        ({"layoffs": (Layoff(Card.parse("8d"), 1),)}, InvalidMeldError, "8d"),
        ({"knocker_melds": ()}, InvalidMeldError, "no knocker melds"),
        ({"deadwood_cards": Hand.parse("Ac 8d 8s")}, InvalidMeldError, "8s"),
        ({"melds": ("2s 2h 2d 2c", "Ks Kh Kd")}, InvalidMeldError, "Kd"),
        ({"layoffs": 5}, WrongTypeError, "5"),
        ({"layoffs": ("8s",)}, WrongTypeError, "'8s'"),
        ({"knocker_melds": "Ks Kc Kd"}, WrongTypeError, "Ks Kc Kd"),
    ],
)
def test_a_layoff_plan_that_no_showdown_could_give_is_refused(
    change: dict[str, object], error: type[GinRummyError], quoted: str
) -> None:
    plan = best_layoffs(PLAN_KNOCKER, PLAN_DEFENDER)
    with pytest.raises(error, match=quoted):
        attrs.evolve(plan, **change)  # type: ignore[arg-type]


def test_a_score_built_directly_must_add_up() -> None:
    assert Score(EndReason.GIN, 0, 20, 25, 2, 90, 25, "everything").points == 90
    assert Score(EndReason.GIN, 0, 20, 25, 2, 70, 25, "the bonus").points == 70
    assert Score(EndReason.TIE, None, 0, 0, 1, 0, 0).scorer is None


@pytest.mark.parametrize(
    ("args", "error", "quoted"),
    [
        ((EndReason.KNOCK, 0, 12, 0, 1, 13, 25), RulesError, "points=13"),
        ((EndReason.GIN, 0, 20, 25, 2, 70, 25, "everything"), RulesError, "make 90"),
        ((EndReason.GIN, 0, 20, 25, 2, 45, 25), RulesError, "multiplier=2"),
        ((EndReason.GIN, 0, 20, 25, 1, 45, 25, "twice"), RulesError, "'twice'"),
        ((EndReason.GIN, 0, 20, 25, 1, 45, 25, ["nothing"]), RulesTypeError, r"\['nothing'\]"),  # unhashable: looked up as text only
        ((EndReason.GIN, 0, 20, 25, 1, 45, 25, {"a": 1}), RulesTypeError, "doubled="),
        ((EndReason.VOID, 0, 0, 0, 1, 0, 0), RulesError, "void hand scores nothing"),
        ((EndReason.TIE, None, 3, 0, 1, 3, 0), RulesError, "tie hand scores nothing"),
        ((EndReason.GIN, None, 1, 25, 1, 26, 25), RulesError, "None"),
        ((EndReason.GIN, 4, 1, 25, 1, 26, 25), RulesError, "scorer=4"),
        ((EndReason.GIN, True, 1, 25, 1, 26, 25), RulesError, "True"),
        ((EndReason.GIN, 0, -1, 25, 1, 24, 25), RulesError, "base=-1"),
        ((EndReason.GIN, 0, 1.0, 25, 1, 26, 25), WrongTypeError, "1.0"),
        (("knock", 0, 1, 0, 1, 1, 0), WrongTypeError, "'knock'"),
    ],
)
def test_a_score_that_no_hand_could_give_is_refused(
    args: tuple[object, ...], error: type[GinRummyError], quoted: str
) -> None:
    with pytest.raises(error, match=quoted):
        Score(*args)  # type: ignore[arg-type]


def test_a_two_player_settlement_built_as_in_0_1_derives_the_per_seat_fields() -> None:
    # Worked score S9 and S10 of the rule book.
    s9 = Settlement(0, (104, 40), (100, 50), 100, False, (304, 90))
    assert (s9.worth, s9.amounts, s9.shutouts) == (214, (0, 214), (False, False))
    s10 = Settlement(1, (0, 110), (0, 100), 100, True, (0, 620))
    assert (s10.worth, s10.amounts, s10.shutouts) == (620, (620, 0), (True, False))


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        ((2, (104, 40), (100, 50), 100, False, (304, 90)), "winner=2"),
        ((0, (40, 104), (100, 50), 100, False, (304, 90)), "most hand points"),
        ((0, (104, 40), (100, 50), 100, True, (304, 90)), "shutout=True"),
        ((0, (104, 40), (100, 50), 100, False, (304, 91)), "seat 1's total"),
        ((0, (104, 40), (100, 50), 100, False, (608, 90)), "304"),
        ((0, (104, 40), (100, 50), 100, False, (304, 90), (False, False), (0, 1)), r"\(0, 1\)"),
        ((0, (104,), (100,), 100, False, (304,)), r"\(104,\)"),
        ((0, (104, 40, 3), (100, 50, 0), 100, False, (304, 90, 3)), "shutouts=()"),
        ((0, (104, 40), (100, 50), -1, False, (304, 90)), "game_bonus=-1"),
        ((0, (104, -40), (100, 50), 100, False, (304, 10)), "-40"),
        # Three players (rule book M6's shape): each loser pays its own difference.
        ((0, (104, 40, 3), (100, 50, 0), 100, False, (304, 90, 3), (False,) * 3, (5, 214, 301)), "the winner .* pays itself nothing"),
        ((0, (104, 40, 3), (100, 50, 0), 100, False, (305, 90, 3), (False,) * 3, (0, 215, 302)), "game bonus, 304$"),
        ((0, (104, 40, 0), (100, 50, 0), 100, False, (304, 90, 0), (False,) * 3, (0, 214, 304)), "shutout=False"),
    ],
)
def test_a_settlement_that_no_game_could_give_is_refused(args: tuple[object, ...], quoted: str) -> None:
    with pytest.raises(RulesError, match=quoted):
        Settlement(*args)  # type: ignore[arg-type]


def test_a_settlement_refuses_values_of_the_wrong_type() -> None:
    with pytest.raises(WrongTypeError, match="must be an iterable of items, not str: 'ab'"):
        Settlement(0, "ab", (1, 2), 1, False, (1, 2))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="shutout"):
        Settlement(0, (104, 40), (100, 50), 100, "no", (304, 90))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"shutouts must hold True or False per seat, not \(False, 0, False\)"):
        Settlement(0, (104, 40, 3), (100, 50, 0), 100, False, (304, 90, 3), (False, 0, False), (0, 214, 301))  # type: ignore[arg-type]


def test_defender_melds_given_to_a_result_may_not_share_a_card() -> None:
    rules = PRESETS["standard"]
    best = showdown(" ".join(PLAN_KNOCKER) + " Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=rules, upcard=Card.parse("Th"))
    with pytest.raises(InvalidMeldError, match="defender meld 2s 2h 2c shares a card with another meld or layoff"):
        HandResult(rules, Card.parse("Th"), 0, best.hands, knocker_melds=best.knocker_melds, defender_melds=["2s 2c 2d", "2s 2c 2h"])


def test_the_cards_left_over_in_a_void_hand_are_each_seats_least_deadwood() -> None:
    rules = PRESETS["standard"]
    hands_ = (Hand.parse("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand.parse("Ac 2c 3c Kd Qd Jh 9h 7h 5h 4d"))
    void = HandResult(rules, Card.parse("Td"), None, hands_)
    assert void.deadwood_cards_of(0) == Hand() and void.deadwood_cards_of(1) == Hand.parse("4d 5h 7h 9h Jh Qd Kd")
    assert void.deadwood_of(1) == 55 == best_melding(hands_[1]).deadwood
    assert void.defender_deadwood_cards == Hand()  # nobody knocked: there is no defender


def _rebuilt(record: Any) -> Any:
    """``record`` built again through its public constructor, from its fields."""
    return type(record)(**attrs.asdict(record, recurse=False))


@settings(max_examples=150, deadline=None)
@given(hands(min_size=0, max_size=13))
def test_every_melding_the_solver_returns_rebuilds_to_an_equal_value(hand: Hand) -> None:
    for melding in (best_melding(hand), *meldings(hand)[:20]):
        assert _rebuilt(melding) == melding


RANKS = "A23456789TJQK"
SUITS = "shdc"


def _knock_ready(rng: random.Random, size: int) -> list[Card]:
    """A random holding of ``size`` cards (10 or 7) whose deadwood is at most 10:
    three-card melds and one more card."""
    while True:
        cards: set[Card] = set()
        for _ in range((size - 1) // 3):
            if rng.random() < 0.5:
                rank = rng.choice(RANKS)
                cards.update(Card.parse(rank + suit) for suit in rng.sample(SUITS, 3))
            else:
                suit, low = rng.choice(SUITS), rng.randrange(11)
                cards.update(Card.parse(rank + suit) for rank in RANKS[low : low + 3])
        if len(cards) == size - 1:
            rest = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in cards]
            return sorted(cards) + [rng.choice(rest)]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((10, 7)))
def test_every_knock_option_rebuilds_to_an_equal_value(seed: int, size: int) -> None:
    rng = random.Random(seed)
    kept = _knock_ready(rng, size)
    extra = rng.choice([Card.from_index(i) for i in range(52) if Card.from_index(i) not in kept])
    options = knock_options(kept + [extra], knock_limit=10)
    assert options, "a holding within the limit plus any card can always knock"
    for option in options:
        assert _rebuilt(option) == option


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((2, 3, 4)))
def test_every_layoff_plan_and_score_rebuilds_to_an_equal_value(seed: int, players: int) -> None:
    rng = random.Random(seed)
    rules = attrs.evolve(PRESETS["oklahoma"], players=players)
    size = 10 if players == 2 else 7
    knocker = _knock_ready(rng, size)
    deck = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in knocker]
    rng.shuffle(deck)
    defenders = [deck[start : start + size] for start in range(0, size * (players - 1), size)]
    melds = best_melding(knocker).melds
    for defender in defenders:
        plan = best_layoffs(melds, defender)
        assert _rebuilt(plan) == plan
    upcard = deck[-1] if deck[-1].rank.value >= 10 else Card.parse("Kh")
    result = showdown(knocker, *defenders, rules=rules, upcard=upcard)
    assert _rebuilt(result.score) == result.score


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(PRESETS)), st.sampled_from((2, 3, 4)))
def test_every_settlement_rebuilds_to_an_equal_value(seed: int, preset: str, players: int) -> None:
    rng = random.Random(seed)
    rules = PRESETS[preset] if players == 2 else attrs.evolve(PRESETS["oklahoma"], players=players)
    target = rules.game_target
    points = [rng.choice((0, rng.randrange(target))) for _ in range(players)]
    winner = rng.randrange(players)
    points[winner] = target + rng.randrange(60)
    boxes = [rng.randrange(1, 9) if p else rng.randrange(3) for p in points]
    box_points = tuple(b * rules.box_bonus for b in boxes)
    settlement = GameScore(rules, tuple(points), tuple(boxes), box_points).settlement()
    assert _rebuilt(settlement) == settlement
    if players == 2:
        # Built as in 0.1, without the per-seat fields, it derives the same ones.
        assert Settlement(*attrs.astuple(settlement, recurse=False)[:6]) == settlement
