"""The solver, checked against the brute force in ``brute.py`` and the golden cases."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brute import all_melds_count, card_of, is_meld, layoff_deadwood as brute_layoff_deadwood
from brute import least_deadwood
from ginrummy import (
    Card,
    CardParseError,
    Hand,
    InvalidHandError,
    Knock,
    InvalidMeldError,
    Meld,
    Rules,
    RulesError,
    WrongTypeError,
    MeldKind,
    Melding,
    best_layoffs,
    best_melding,
    deadwood,
    discard_deadwood,
    is_big_gin,
    knock_options,
    knocker_melding,
    layoff_deadwood,
    meldings,
)
from ginrummy._tables import MELD_IS_RUN

CORPUS = Path(__file__).parent / "data" / "deadwood_corpus.txt"


def brute(hand: Hand) -> int:
    return least_deadwood(frozenset(card_of(str(c)) for c in hand))


def hands(min_size: int = 0, max_size: int = 13) -> st.SearchStrategy[Hand]:
    return st.sets(st.integers(0, 51), min_size=min_size, max_size=max_size).map(
        lambda s: Hand.from_mask(sum(1 << i for i in s))
    )


@st.composite
def meld_rich_hands(draw: st.DrawFn, size: int = 10) -> Hand:
    """Cards from a few consecutive ranks (many sets and runs) or mostly one suit."""
    if draw(st.booleans()):
        low = draw(st.integers(0, 9))
        pool = [13 * s + r for s in range(4) for r in range(low, low + 4)]
    else:
        suit = draw(st.integers(0, 3))
        pool = [13 * suit + r for r in range(13)] + [13 * s + draw(st.integers(0, 12)) for s in range(4)]
        pool = sorted(set(pool))
    chosen = draw(st.sets(st.sampled_from(pool), min_size=min(size, len(pool)), max_size=min(size, len(pool))))
    return Hand.from_mask(sum(1 << i for i in chosen))


def test_there_are_329_melds() -> None:
    assert len(MELD_IS_RUN) == 329 == all_melds_count()
    assert sum(1 for r in MELD_IS_RUN.values() if not r) == 65
    assert sum(1 for r in MELD_IS_RUN.values() if r) == 264
    for mask in MELD_IS_RUN:
        assert is_meld(tuple(card_of(str(c)) for c in Hand.from_mask(mask)))


def test_meld_kinds_and_text() -> None:
    run = Meld.parse("7h 5h 6h")
    assert run.kind is MeldKind.RUN and str(run) == "5h 6h 7h" and len(run) == 3
    four = Meld.parse("Ks Kh Kd Kc")
    assert four.kind is MeldKind.SET
    assert eval(repr(four)) == four  # noqa: S307


@pytest.mark.parametrize(
    "text",
    ["Qs Ks As", "Ks As 2s", "As 2s", "As 2s 4s", "5s 5h 6s", "As 2h 3s", "5s 5h 5d 5c 6c", ""],
)
def test_invalid_melds_are_rejected(text: str) -> None:
    with pytest.raises(InvalidMeldError):
        Meld.parse(text)


def test_ace_is_low_only() -> None:
    assert Meld.is_meld("As 2s 3s")
    assert not Meld.is_meld("Qs Ks As")
    assert not Meld.is_meld("Ks As 2s")


def test_meld_extension_for_layoffs() -> None:
    three = Meld.parse("8s 8h 8d")
    assert three.can_extend(Card.parse("8c"))
    assert three.extend(Card.parse("8c")).kind is MeldKind.SET
    assert not three.extend(Card.parse("8c")).can_extend(Card.parse("8c"))
    run = Meld.parse("5s 6s 7s")
    assert run.can_extend(Card.parse("4s")) and run.can_extend(Card.parse("8s"))
    assert not run.can_extend(Card.parse("9s"))
    assert not run.can_extend(Card.parse("8h"))
    assert not Meld.parse("Js Qs Ks").can_extend(Card.parse("As"))
    with pytest.raises(InvalidMeldError, match="cannot be laid off"):
        run.extend(Card.parse("Ts"))


@given(hands(0, 13))
def test_deadwood_equals_brute_force(hand: Hand) -> None:
    assert deadwood(hand) == brute(hand)


@given(meld_rich_hands())
def test_deadwood_equals_brute_force_on_meld_rich_hands(hand: Hand) -> None:
    assert deadwood(hand) == brute(hand)


@given(hands(0, 12))
def test_best_melding_is_a_valid_least_arrangement(hand: Hand) -> None:
    melding = best_melding(hand)
    assert melding.cards == hand
    assert melding.deadwood == deadwood(hand)
    assert all(Meld.is_meld(m.hand) for m in melding.melds)
    used = 0
    for meld in melding.melds:
        assert not used & meld.mask
        used |= meld.mask


@settings(max_examples=60)
@given(st.one_of(hands(0, 9), meld_rich_hands(9)))
def test_meldings_lists_every_arrangement_once_in_order(hand: Hand) -> None:
    found = meldings(hand)
    keys = [m.sort_key() for m in found]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    assert found[0] == best_melding(hand)
    assert all(m.cards == hand for m in found)
    limited = meldings(hand, max_deadwood=10)
    assert limited == tuple(m for m in found if m.deadwood <= 10)


def test_meldings_of_a_small_hand() -> None:
    found = meldings("5s 6s 7s 5h 5d")
    assert [str(m) for m in found] == [
        "[5s 6s 7s] deadwood 5h 5d (10)",
        "[5s 5h 5d] deadwood 6s 7s (13)",
        "deadwood 5s 6s 7s 5h 5d (28)",
    ]


def test_best_melding_tie_break_is_documented_order() -> None:
    # A-6 of spades: one six-card run beats two three-card runs (fewest melds).
    melding = best_melding("As 2s 3s 4s 5s 6s")
    assert [str(m) for m in melding.melds] == ["As 2s 3s 4s 5s 6s"]


@given(hands(11, 11))
def test_discard_deadwood_equals_every_discard(hand: Hand) -> None:
    assert discard_deadwood(hand) == min(brute(hand.remove(c)) for c in hand)


@given(st.one_of(hands(11, 11), meld_rich_hands(11)), st.integers(0, 10))
def test_knock_options_are_exactly_the_legal_discards(hand: Hand, limit: int) -> None:
    excluded = next(iter(hand))
    options = knock_options(hand, knock_limit=limit, excluded=[excluded])
    expected = {c for c in hand if c != excluded and brute(hand.remove(c)) <= limit}
    assert {o.discard for o in options} == expected
    for option in options:
        assert option.melding.cards == hand.remove(option.discard)
        assert option.deadwood == brute(hand.remove(option.discard))
    assert [o.deadwood for o in options] == sorted(o.deadwood for o in options)


def test_knock_options_finds_the_gin_openspiel_misses() -> None:
    options = knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=10)
    assert options[0].is_gin and str(options[0].discard) == "3s"


def test_knock_options_rejects_wrong_sizes_and_limits() -> None:
    with pytest.raises(InvalidHandError, match="11 cards"):
        knock_options("As 2s 3s", knock_limit=10)
    with pytest.raises(RulesError, match="knock_limit=11 is not allowed: expected 0-10"):
        knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=11)
    with pytest.raises(TypeError):
        knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=True)


def test_knock_options_checks_excluded_even_when_no_knock_exists() -> None:
    no_knock = "As 3h 5s 7c 9s Ts Jd 8h 9h Th Jh"  # far over any limit
    with pytest.raises(CardParseError, match="'Zz'"):
        knock_options(no_knock, knock_limit=0, excluded="Zz")
    with pytest.raises(InvalidHandError, match="excluded names Kd, not in the holding"):
        knock_options(no_knock, knock_limit=0, excluded="Kd")
    with pytest.raises(InvalidHandError, match="excluded names Kd, not in the holding"):
        knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=10, excluded="3s Kd")
    with pytest.raises(TypeError, match="excluded must be"):
        knock_options(no_knock, knock_limit=0, excluded=None)  # type: ignore[arg-type]
    assert knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=10, excluded="3s")[0].discard != Card.parse("3s")


def test_discard_deadwood_refuses_excluding_every_card() -> None:
    with pytest.raises(InvalidHandError, match="every card of As 2s 3s is excluded: nothing can be discarded"):
        discard_deadwood("As 2s 3s", excluded="As 2s 3s")
    assert discard_deadwood("As 2s 3s", excluded="As 2s") == 3  # only 3s may go: As 2s stay, 3 points
    assert discard_deadwood("As 2s 3s 4s", excluded="4s") == 0


def test_knocker_melding_refuses_a_defender_holding_the_knockers_cards() -> None:
    with pytest.raises(InvalidHandError, match="the hands share Ts: a card can be in one hand only"):
        knocker_melding("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Ts Jd Qd Kd", rules=Rules(), upcard=Card.parse("Kh"))


def test_big_gin_needs_all_eleven_melded() -> None:
    assert is_big_gin("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc")
    assert not is_big_gin("As 2s 3s 4s 5h 5d 5c 9c Tc Jc Kc")
    with pytest.raises(InvalidHandError):
        is_big_gin("As 2s 3s")


def test_s12_defender_breaks_set_to_lay_off_chained() -> None:
    plan = best_layoffs(
        ["Ks Kc Kd", "5s 6s 7s", "9c Tc Jc"], "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d"
    )
    assert plan.deadwood == 9
    assert plan.deadwood_cards == Hand.parse("Ac 8d")
    assert [str(m) for m in plan.melds] == ["2s 2h 2d 2c"]
    assert [(str(l.card), l.target) for l in plan.layoffs] == [("8s", 1), ("9s", 1), ("8c", 2), ("7c", 2)]
    assert [str(m) for m in plan.extended_melds] == ["Ks Kd Kc", "5s 6s 7s 8s 9s", "7c 8c 9c Tc Jc"]


def test_s13_knocker_lays_out_sets_not_runs() -> None:
    knocker = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d"
    defender = "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"
    melding = knocker_melding(knocker, defender)
    assert [m.kind for m in melding.melds] == [MeldKind.SET] * 3
    assert layoff_deadwood(melding.melds, defender) == 3
    as_runs = ["5s 6s 7s", "5c 6c 7c", "5d 6d 7d"]
    assert layoff_deadwood(as_runs, defender) == 0


def test_card_that_fits_two_melds_is_tried_on_both() -> None:
    # 7c fits the set of 7s and the clubs run; only on the run can 8c follow.
    plan = best_layoffs(["7s 7h 7d", "4c 5c 6c"], "7c 8c Kd")
    assert plan.deadwood == 10
    assert {str(l.card) for l in plan.layoffs} == {"7c", "8c"}


def test_layoffs_reject_shared_cards() -> None:
    with pytest.raises(InvalidHandError):
        best_layoffs(["5s 6s 7s"], "7s 8s")
    with pytest.raises(InvalidMeldError):
        best_layoffs(["5s 6s 7s", "7s 7h 7d"], "8s")


@st.composite
def layoff_situations(draw: st.DrawFn) -> tuple[list[Meld], Hand]:
    melding = best_melding(draw(meld_rich_hands(10)))
    melds = list(melding.melds)
    used = melding.cards.mask
    nearby = [i for i in range(52) if not used >> i & 1 and any(m.can_extend(Card.from_index(i)) for m in melds)]
    near = draw(st.sets(st.sampled_from(nearby), max_size=6)) if nearby else set()
    free = [i for i in range(52) if not used >> i & 1 and i not in near]
    extra = draw(st.sets(st.sampled_from(free), min_size=10 - len(near), max_size=10 - len(near)))
    # chains: cards two away from a run end
    return melds, Hand.from_mask(sum(1 << i for i in near | extra))


@settings(max_examples=150)
@given(layoff_situations())
def test_best_layoffs_equals_brute_force(situation: tuple[list[Meld], Hand]) -> None:
    melds, defender = situation
    plan = best_layoffs(melds, defender)
    brute_melds = [tuple(card_of(str(c)) for c in m) for m in melds]
    expected = brute_layoff_deadwood(brute_melds, frozenset(card_of(str(c)) for c in defender))
    assert plan.deadwood == expected == layoff_deadwood(melds, defender)
    # The plan is playable in its order and accounts for every defender card.
    grown = list(melds)
    for layoff in plan.layoffs:
        grown[layoff.target] = grown[layoff.target].extend(layoff.card)
    assert grown == list(plan.extended_melds)
    own = Melding.from_melds(defender - Hand(l.card for l in plan.layoffs), plan.melds)
    assert own.deadwood_cards == plan.deadwood_cards


def test_deadwood_corpus() -> None:
    for line in CORPUS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        cards, _, expected = line.rpartition(":")
        assert deadwood(cards) == int(expected), cards


def test_melding_from_melds_validates() -> None:
    melding = Melding.from_melds("As 2s 3s 9d", ["As 2s 3s"])
    assert melding.deadwood == 9
    with pytest.raises(InvalidMeldError, match="not in the hand"):
        Melding.from_melds("As 2s 3s", ["4s 5s 6s"])
    with pytest.raises(InvalidMeldError, match="shares"):
        Melding.from_melds("As 2s 3s 4s Ah Ac", ["As 2s 3s", "As Ah Ac"])


def test_repeated_queries_are_cached() -> None:
    hand = Hand.parse("As 2s 3s 4h 4d 4c 9h 9d Kc Qd")
    assert best_melding(hand) is best_melding(hand)


def test_exactly_136694_ten_card_hands_are_gin() -> None:
    import random
    from itertools import combinations

    by_size: dict[int, list[int]] = {}
    for mask in MELD_IS_RUN:
        by_size.setdefault(mask.bit_count(), []).append(mask)
    gins = set(by_size[10])
    gins |= {x | y for a, b in ((3, 7), (4, 6)) for x in by_size[a] for y in by_size[b] if not x & y}
    gins |= {x | y for x, y in combinations(by_size[5], 2) if not x & y}
    for x, y in combinations(by_size[3], 2):
        if not x & y:
            gins |= {x | y | z for z in by_size[4] if not (x | y) & z}
    assert len(gins) == 136_694
    assert all(deadwood(Hand.from_mask(m)) == 0 for m in gins)
    # The converse, sampled: every gin the solver finds among meld-rich hands is in the set.
    rng = random.Random(7)
    for _ in range(20_000):
        low = rng.randrange(0, 10)
        pool = [13 * s + r for s in range(4) for r in range(low, low + 4)]
        mask = sum(1 << i for i in rng.sample(pool, 10))
        if deadwood(Hand.from_mask(mask)) == 0:
            assert mask in gins


def test_mean_least_deadwood_of_a_dealt_hand() -> None:
    import random
    import statistics

    rng = random.Random(2026)
    values = [deadwood(Hand.from_mask(sum(1 << i for i in rng.sample(range(52), 10)))) for _ in range(20_000)]
    assert abs(statistics.fmean(values) - 56.6) < 0.4
    assert abs(statistics.pstdev(values) - 13.8) < 0.4


@given(st.one_of(hands(0, 13), meld_rich_hands(10), meld_rich_hands(11)))
def test_table_fast_path_agrees_with_full_enumeration(hand: Hand) -> None:
    from ginrummy._masks import unique_best

    fast = unique_best(hand.mask)
    if fast is not None:
        best = meldings(hand, max_deadwood=deadwood(hand))[0]
        assert fast == (tuple(m.mask for m in best.melds), best.deadwood_cards.mask)


def test_hostile_sizes_are_fast_or_rejected() -> None:
    import time

    from ginrummy.solver import MAX_MELDING_CARDS, MAX_MELDINGS_CARDS

    deck = Hand.deck()
    start = time.perf_counter()
    assert deadwood(deck) == 0
    assert deadwood(Hand()) == 0
    assert discard_deadwood(deck) == 0
    assert time.perf_counter() - start < 30
    with pytest.raises(InvalidHandError, match=f"at most {MAX_MELDING_CARDS} cards"):
        best_melding(deck)
    with pytest.raises(InvalidHandError, match=f"at most {MAX_MELDINGS_CARDS} cards"):
        meldings(deck)
    with pytest.raises(InvalidHandError, match="11 cards"):
        knock_options(deck, knock_limit=10)
    with pytest.raises(InvalidHandError):
        discard_deadwood(Hand())


@settings(max_examples=40)
@given(st.sets(st.integers(0, 51), min_size=14, max_size=30))
def test_rank_dynamic_programme_equals_set_enumeration(indexes: set[int]) -> None:
    from ginrummy._masks import deadwood_by_ranks as _deadwood_by_ranks, deadwood_of_mask as _deadwood_of_mask

    mask = sum(1 << i for i in indexes)
    dp = _deadwood_by_ranks(mask)
    assert dp == _deadwood_of_mask(mask)
    if len(indexes) <= 16:
        assert dp == brute(Hand.from_mask(mask))
    if len(indexes) <= 20:
        removed = min(_deadwood_of_mask(mask ^ (1 << i)) for i in indexes)
        assert _deadwood_by_ranks(mask, discard=True) == removed


@given(meld_rich_hands(10))
def test_rank_dynamic_programme_equals_brute_force_on_meld_rich_hands(hand: Hand) -> None:
    from ginrummy._masks import deadwood_by_ranks as _deadwood_by_ranks

    assert _deadwood_by_ranks(hand.mask) == brute(hand)


def test_solver_accepts_plain_lists_of_card_text() -> None:
    assert deadwood(["As", "2s", "3s", "Kd"]) == 10
    plan = best_layoffs([["Ks", "Kc", "Kd"], "5s 6s 7s", Meld.parse("9c Tc Jc")], ["Ac", "2s", "2c", "2d", "2h", "7c", "8c", "8s", "9s", "8d"])
    assert plan.deadwood == 9
    with pytest.raises(TypeError, match="iterable of melds"):
        best_layoffs("5s 6s 7s", "8s")
    with pytest.raises(TypeError, match="a meld must be"):
        best_layoffs([5], "8s")  # type: ignore[list-item]
    for not_melds in (None, 5):
        with pytest.raises(TypeError, match=f"knocker melds must be an iterable of melds, not {type(not_melds).__name__}: {not_melds}"):
            best_layoffs(not_melds, "8s")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=f"melds must be an iterable of melds, not {type(not_melds).__name__}"):
            Melding.from_melds("5s 6s 7s", not_melds)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="melds must be an iterable of melds, not int: 5"):
        Knock(Card.parse("8s"), 5)  # type: ignore[arg-type]
    assert Melding.from_melds(["As", "2s", "3s", "9d"], [["As", "2s", "3s"]]).deadwood == 9


def test_knocker_melding_checks_the_limit_when_given_rules() -> None:
    from ginrummy import Rules

    knocker, defender = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"
    assert knocker_melding(knocker, defender, rules=Rules(), upcard=Card.parse("2h")).deadwood == 1
    with pytest.raises(InvalidHandError, match="over the knock limit 0"):
        knocker_melding(knocker, defender, rules=Rules(), upcard=Card.parse("Ah"))


def test_knocker_melding_checks_its_rules_and_upcard() -> None:
    from ginrummy import Rules

    knocker, defender = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d", "3s 4s 4c 4d 8s 8c 8d 5h 6h 7h"
    with pytest.raises(WrongTypeError, match="rules must be a Rules value, not str: 'standard'"):
        knocker_melding(knocker, defender, rules="standard")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="upcard must be a Card, not str: '9h'"):
        knocker_melding(knocker, defender, rules=Rules(), upcard="9h")  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"seat 3 players, so knocker_melding needs 2 defender hand\(s\).* got 1"):
        knocker_melding(knocker, defender, rules=Rules(players=3), upcard=Card.parse("9h"))
    with pytest.raises(InvalidHandError, match=r"seat 2 players, so knocker_melding needs 1 defender hand\(s\).* got 2"):
        knocker_melding("As 5s 6s 7s 5c 6c 7c", "Ks Kc Kd", "Qs Qc Qd", rules=Rules())


def test_knocker_melding_needs_one_to_three_defenders() -> None:
    knocker = "As 5s 6s 7s 5c 6c 7c 5d 6d 7d"
    with pytest.raises(WrongTypeError, match=r"knocker_melding\('As 5s 6s 7s 5c 6c 7c 5d 6d 7d'\) was given no defender"):
        knocker_melding(knocker)
    others = ["3s 4s 4c 4d 8s 8c 8d", "9s 9c 9d 9h Ts Tc Td", "Js Jc Jd Jh Qs Qc Qd", "Ks Kc Kd Kh Ah Ac Ad"]
    with pytest.raises(InvalidHandError, match="one to three defenders .* got 4"):
        knocker_melding(knocker, *others)
