"""Random and hostile text into every parser: only the library's own errors come out."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy import Action, GameState, GinRummyError, HandResult, Match, Meld, Rules, TakeUpcard, dumps, loads, parse_action

WORDS = st.sampled_from(
    ["take", "pass", "s", "p", "d", "k", "knock", "discard", "gin", "big", "wall", "decline", "next",
     "As", "10h", "Qx", ":", "|", "7h 8h 9h", "+", "=", "standard", "okie", "gin_bonus", "on", "-1", "99"]
)
TEXT = st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=8).map(" ".join))


@given(TEXT)
def test_parse_action_raises_only_library_errors(text: str) -> None:
    try:
        action = parse_action(text)
    except GinRummyError:
        return
    assert parse_action(str(action)) == action


@settings(max_examples=60)
@given(TEXT)
def test_state_parse_action_raises_only_library_errors(text: str) -> None:
    state = GameState.new(Rules(), seed=1).apply(TakeUpcard())
    try:
        action = state.parse_action(text)
    except GinRummyError:
        return
    assert isinstance(action, Action)


@given(TEXT)
def test_meld_parse_raises_only_library_errors(text: str) -> None:
    try:
        meld = Meld.parse(text)
    except GinRummyError:
        return
    assert Meld.parse(str(meld)) == meld and len(meld) >= 3


@given(st.one_of(TEXT, st.lists(WORDS, max_size=6).map("+".join)))
def test_rules_parse_raises_only_library_errors(text: str) -> None:
    try:
        rules = Rules.parse(text)
    except GinRummyError:
        return
    assert Rules.parse(str(rules)) == rules


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(JSON)
def test_loads_raises_only_schema_errors_on_random_json(value: object) -> None:
    try:
        loaded = loads(json.dumps(value))
    except GinRummyError:
        return
    assert isinstance(loaded, (Rules, GameState, Match, HandResult))


@given(st.dictionaries(st.sampled_from(["schema", "version", "type", "rules", "deck", "dealer", "actions", "hands", "seed"]), JSON, max_size=9))
def test_loads_raises_only_schema_errors_on_document_shaped_json(value: dict[str, object]) -> None:
    document = {"schema": "ginrummy", "version": 1} | value
    try:
        loaded = loads(json.dumps(document))
    except GinRummyError:
        return
    assert loads(dumps(loaded)) == loaded
