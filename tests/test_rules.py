"""Rules: presets, validation, text and dict round-trips, Oklahoma limits (RULES.md sections 2-3)."""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummy import (
    PRESETS,
    Card,
    NextDealer,
    OklahomaAce,
    Rules,
    RulesError,
    Shutout,
    SpadesDouble,
    WallRule,
    find_rules,
)

# The table of RULES.md section 3, transcribed by hand (None where the knob is "—").
TABLE: dict[str, dict[str, object]] = {
    "knock_limit": {"standard": 10, "classic": 10, "straight": 0, "tournament": 10},
    "oklahoma": {"oklahoma": True, "standard": False, "classic": False, "straight": False, "tournament": False},
    "oklahoma_ace": {"oklahoma": "gin_only"},
    "spades_double": {"oklahoma": "all", "standard": "off", "classic": "off", "straight": "off", "tournament": "off"},
    "spades_double_boxes": {"oklahoma": False},
    "gin_bonus": {"oklahoma": 25, "standard": 25, "classic": 20, "straight": 25, "tournament": 25},
    "big_gin": {"oklahoma": True, "standard": True, "classic": False, "straight": True, "tournament": True},
    "big_gin_bonus": {"oklahoma": 31, "standard": 31, "straight": 31, "tournament": 31},
    "undercut_bonus": {"oklahoma": 25, "standard": 25, "classic": 10, "straight": 25, "tournament": 25},
    "undercut_on_tie": dict.fromkeys(PRESETS, True),
    "knock_bonus": dict.fromkeys(PRESETS, 0),
    "discard_taken_card": dict.fromkeys(PRESETS, False),
    "wall_size": dict.fromkeys(PRESETS, 2),
    "wall_rule": {"oklahoma": "void", "standard": "void", "classic": "void", "straight": "void", "tournament": "fiftieth_card"},
    "next_dealer": {"oklahoma": "alternate", "standard": "alternate", "classic": "winner", "straight": "alternate", "tournament": "alternate"},
    "game_target": {"oklahoma": 150, "standard": 100, "classic": 100, "straight": 100, "tournament": 250},
    "game_bonus": dict.fromkeys(PRESETS, 100),
    "box_bonus": {"oklahoma": 25, "standard": 25, "classic": 20, "straight": 25, "tournament": 25},
    "shutout": {"oklahoma": "double", "standard": "double", "classic": "game_bonus_x2", "straight": "double", "tournament": "double"},
    "hollywood": {name: name == "hollywood" for name in PRESETS},
}


@pytest.mark.parametrize("knob", sorted(TABLE))
def test_presets_match_the_rule_book_table(knob: str) -> None:
    for preset, value in TABLE[knob].items():
        assert getattr(PRESETS[preset], knob) == value, (preset, knob)
        if preset == "standard" and knob != "hollywood":
            assert getattr(PRESETS["hollywood"], knob) == value, ("hollywood", knob)


def test_default_preset_is_oklahoma() -> None:
    assert Rules() == PRESETS["oklahoma"] == find_rules("oklahoma")
    assert list(PRESETS) == ["oklahoma", "standard", "classic", "straight", "tournament", "hollywood"]


def test_hollywood_preset_is_standard_scored_three_games_at_once() -> None:
    assert find_rules("Hollywood") == attrs.evolve(PRESETS["standard"], hollywood=True)
    assert str(find_rules("hollywood")) == "hollywood"


@pytest.mark.parametrize(
    ("alias", "preset"),
    [("okie", "oklahoma"), ("Oklahoma Gin", "oklahoma"), ("gin-only", "straight"), ("GIN_ONLY", "straight"), ("Tournament", "tournament")],
)
def test_find_rules_accepts_aliases(alias: str, preset: str) -> None:
    assert find_rules(alias) == PRESETS[preset]
    assert Rules.preset(alias) == PRESETS[preset]


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesError, match="unknown rules preset 'texas'.*oklahoma, standard, classic, straight, tournament"):
        find_rules("texas")


def test_enum_knobs_are_lower_case_strings() -> None:
    texts: list[str] = ["void", "fiftieth_card", "bonuses", "gin_only", "winner", "game_bonus_x2"]
    members = [WallRule.VOID, WallRule.FIFTIETH_CARD, SpadesDouble.BONUSES, OklahomaAce.GIN_ONLY, NextDealer.WINNER, Shutout.GAME_BONUS_X2]
    for member, text in zip(members, texts):
        assert member == text and isinstance(member, str)
    assert Rules(wall_rule="fiftieth_card").wall_rule is WallRule.FIFTIETH_CARD


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"gin_bonus": -1}, "gin_bonus=-1 is not allowed: expected 0-1,000,000"),
        ({"game_bonus": 1_000_001}, "game_bonus=1000001 is not allowed: expected 0-1,000,000"),
        ({"game_target": 1_000_001}, "game_target=1000001 is not allowed: expected 1-1,000,000"),
        ({"knock_bonus": 10**5000}, "knock_bonus=<a whole number of 16610 bits> is not allowed"),
        ({"wall_size": -(10**5000)}, "wall_size=-<a whole number of 16610 bits> is not allowed"),
        ({"players": 10**400}, "players=<a whole number of 1329 bits> is not allowed: expected 2, 3 or 4"),
        ({"box_bonus": -5}, "box_bonus=-5"),
        ({"knock_limit": 11}, "knock_limit=11 is not allowed: expected 0-10"),
        ({"knock_limit": -1}, "knock_limit=-1"),
        ({"wall_size": 31}, "wall_size=31 is not allowed: expected 0-30"),
        ({"wall_size": 40}, "the stock holds 31 cards"),
        ({"wall_rule": "sometimes"}, "wall_rule='sometimes' is not allowed: expected one of 'void', 'fiftieth_card'"),
        ({"shutout": "triple"}, "shutout='triple'"),
        ({"players": 5}, "players=5"),
        ({"hand_size": 7}, "hand_size=7 is not allowed with players=2: expected 10"),
        ({"players": 3, "hollywood": True}, "hollywood=on with players=3 is not allowed"),
        ({"game_target": 0}, "game_target=0"),
        ({"oklahoma": "yes"}, "oklahoma='yes' is not allowed: expected True or False"),
        ({"gin_bonus": 2.5}, "gin_bonus=2.5 is not allowed: expected a whole number"),
        ({"gin_bonus": True}, "gin_bonus=True"),
    ],
)
def test_impossible_rules_are_rejected(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        attrs.evolve(Rules(), **changes)  # type: ignore[arg-type]


def test_rules_are_frozen_and_keyword_only() -> None:
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.gin_bonus = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(2)  # type: ignore[call-arg]


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_round_trip_through_text_and_dict(name: str) -> None:
    rules = PRESETS[name]
    assert str(rules) == name
    assert rules.preset_name == name
    assert Rules.parse(str(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


rules_st = st.builds(
    lambda base, gin, tie, wall, hol, limit: attrs.evolve(
        PRESETS[base], gin_bonus=gin, undercut_on_tie=tie, wall_rule=wall, hollywood=hol, knock_limit=limit
    ),
    st.sampled_from(list(PRESETS)),
    st.integers(0, 60),
    st.booleans(),
    st.sampled_from(list(WallRule)),
    st.booleans(),
    st.integers(0, 10),
)


@given(rules_st)
def test_any_rules_round_trip_through_text_and_dict(rules: Rules) -> None:
    assert Rules.parse(str(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_text_with_changes() -> None:
    rules = Rules.parse("standard + gin_bonus=20, big_gin=off")
    assert rules.gin_bonus == 20 and rules.big_gin is False and rules.oklahoma is False
    assert str(rules) in ("standard+gin_bonus=20+big_gin=off", "classic+undercut_bonus=25+next_dealer=alternate+box_bonus=25+shutout=double")
    with pytest.raises(RulesError, match="expected knob=value"):
        Rules.parse("standard+colour=red")
    with pytest.raises(RulesError, match="expected on or off"):
        Rules.parse("standard+big_gin=maybe")
    with pytest.raises(RulesError, match="whole number"):
        Rules.parse("standard+gin_bonus=lots")
    # a knob given twice is refused, whether the values differ or not (gin-bonus is gin_bonus)
    for text in ("standard+gin_bonus=10+gin_bonus=20", "standard+gin_bonus=20+gin-bonus=20", "standard+gin_bonus=20+GIN_BONUS=20"):
        with pytest.raises(RulesError, match=rf"gin_bonus is given twice in {re.escape(repr(text))}: expected each knob at most once"):
            Rules.parse(text)


def test_rules_text_is_read_in_any_case() -> None:
    """Knob names in any case, as the preset name and the values already were."""
    expected = Rules.parse("standard+gin_bonus=20+spades_double=all+big_gin=off")
    assert Rules.parse("STANDARD+GIN_BONUS=20+Spades-Double=ALL+Big_Gin=Off") == expected
    with pytest.raises(RulesError, match="cannot read 'Colour=red'"):
        Rules.parse("standard+Colour=red")
    with pytest.raises(RulesError, match="rules text starts with a preset name"):
        Rules.parse("GIN_BONUS=20")


@pytest.mark.parametrize("raw", ["1_000", "\u0661\u0665\u0660", "1e3", "0x96", "\uff11\uff15\uff10", "9" * 4001])
def test_rules_text_numbers_are_ascii_digits_only(raw: str) -> None:
    # int() reads underscores and other scripts' digits; rules text is read exactly
    text = f"oklahoma+game_target={raw}"
    with pytest.raises(RulesError, match=r"is not allowed: expected a whole number in ASCII digits \(at most 4000 digits\)"):
        Rules.parse(text)


@pytest.mark.parametrize(
    ("text", "example"),
    [("players=3+oklahoma", "'oklahoma+players=3'"), ("gin-bonus=20", "'oklahoma+gin-bonus=20'"), ("colour=red", "'oklahoma+players=3'")],
)
def test_rules_text_that_starts_with_a_change_says_where_the_preset_goes(text: str, example: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    assert str(info.value) == (
        f"cannot read {text!r}: rules text starts with a preset name (oklahoma, standard, classic, straight,"
        f" tournament, hollywood), then +knob=value changes, such as {example}"
    )


def test_from_dict_rejects_unknown_knobs() -> None:
    with pytest.raises(RulesError, match="unknown rules knob"):
        Rules.from_dict({"gin_bonus": 20, "jokers": True})


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("2h", 2), ("7c", 7), ("9d", 9), ("Th", 10), ("Js", 10), ("Qd", 10), ("Kc", 10), ("Ah", 0)],
)
def test_oklahoma_upcard_sets_the_knock_limit(upcard: str, limit: int) -> None:
    assert Rules().knock_limit_for(Card.parse(upcard)) == limit


def test_oklahoma_ace_gin_only_or_one() -> None:
    ace = Card.parse("Ad")
    assert Rules(oklahoma_ace=OklahomaAce.GIN_ONLY).knock_limit_for(ace) == 0
    assert Rules(oklahoma_ace=OklahomaAce.ONE).knock_limit_for(ace) == 1


def test_fixed_knock_limit_ignores_the_upcard() -> None:
    assert PRESETS["standard"].knock_limit_for(Card.parse("2h")) == 10
    assert PRESETS["straight"].knock_limit_for(Card.parse("Kh")) == 0


def test_spade_upcard_doubles_only_under_oklahoma() -> None:
    spade, heart = Card.parse("5s"), Card.parse("5h")
    assert Rules().multiplier_for(spade) == 2
    assert Rules().multiplier_for(heart) == 1
    assert Rules(spades_double=SpadesDouble.BONUSES).multiplier_for(spade) == 2
    assert Rules(spades_double=SpadesDouble.OFF).multiplier_for(spade) == 1
    assert PRESETS["standard"].multiplier_for(spade) == 1


def test_preset_table_has_a_row_per_knob_and_a_column_per_preset() -> None:
    from ginrummy.rules import preset_table

    lines = preset_table().splitlines()
    assert lines[0] == "| Knob | oklahoma | standard | classic | straight | tournament | hollywood |"
    rows = {line.split("|")[1].strip(" `"): [c.strip() for c in line.split("|")[2:-1]] for line in lines[2:]}
    assert set(rows) == set(Rules().to_dict())
    assert rows["knock_limit"] == ["—", "10", "10", "0", "10", "10"]
    assert rows["wall_rule"] == ["void", "void", "void", "void", "fiftieth_card", "void"]
    assert rows["big_gin"] == ["on", "on", "off", "on", "on", "on"]
    assert rows["hollywood"] == ["off", "off", "off", "off", "off", "on"]


def test_differences_compares_with_rules_only() -> None:
    assert Rules().differences(Rules()) == {}
    with pytest.raises(TypeError, match="Rules.differences compares with Rules, not str: 'oklahoma'"):
        Rules().differences("oklahoma")  # type: ignore[arg-type]
