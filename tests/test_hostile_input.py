"""Random and hostile text into every parser: only the library's own errors come out."""

from __future__ import annotations

import enum
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrummy
from ginrummy import (
    Action,
    Card,
    GameState,
    GinRummyError,
    Hand,
    HandResult,
    InvalidHandError,
    Match,
    Meld,
    Rules,
    SchemaError,
    TakeUpcard,
    WrongTypeError,
    dumps,
    knock_options,
    loads,
    parse_action,
    to_dict,
)
from ginrummy.errors import _shown
from ginrummy.players import ExpertPlayer, HardPlayer, determinize, game_equity

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


HUGE = "x" * 100_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_action(HUGE),
        lambda: parse_action("discard " + HUGE),
        lambda: Rules.parse("oklahoma+" + HUGE),
        lambda: Rules.parse("oklahoma+knock_limit=" + HUGE),
        lambda: Rules.parse("oklahoma+big_gin=" + HUGE),
        lambda: Meld("As 2s 4s " + "Kd " * 20_000),
        lambda: GameState.new(Rules(), seed=1).parse_action("knock " + HUGE),
        lambda: loads(json.dumps({"schema": "ginrummy", "version": 2, "type": "rules", "rules": HUGE})),
    ],
)
def test_huge_input_gets_a_short_message_that_quotes_its_start(call: Callable[[], object]) -> None:
    with pytest.raises(GinRummyError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < 1_000 and "characters)" in message, message[:300]


ENORMOUS = 10**5000  # too long for Python to print: messages must describe it instead


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: Card.from_index(ENORMOUS), "card index <a whole number of 16610 bits> is out of range"),
        (lambda: Card(ENORMOUS, "s"), "<a whole number of 16610 bits> is not a rank"),
        (lambda: Hand.from_mask(-ENORMOUS), "hand mask -<a whole number of 16610 bits> is out of range"),
        (lambda: GameState.new(Rules(), seed=2**1025), "seed=<a whole number of 1026 bits> is not allowed"),
        (lambda: Match.new(Rules(), seed=-(2**2000)), "at most 1024 bits"),
        (lambda: GameState.new(Rules(), seed=1, dealer=ENORMOUS), "dealer=<a whole number of 16610 bits> is not a seat"),
        (lambda: GameState.new(Rules(), seed=1).view(ENORMOUS), "seat=<a whole number of 16610 bits> is not a seat"),
        (lambda: knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=ENORMOUS), "knock_limit=<a whole"),
        (lambda: Rules(game_target=ENORMOUS), "game_target=<a whole number of 16610 bits> is not allowed"),
        (lambda: ExpertPlayer(simulations=-ENORMOUS), "simulations=-<a whole number of 16610 bits> is not allowed"),
        (lambda: HardPlayer(undercut_risk=ENORMOUS), "undercut_risk=<a whole number of 16610 bits> is not allowed"),
        (
            lambda: determinize(GameState.new(Rules(), seed=1).view(0), random.Random(1), weights={1: [ENORMOUS] * 52}),
            "weights for seat 1 hold <a whole number of 16610 bits> for card index 0",
        ),
    ],
)
def test_enormous_numbers_get_a_library_error_that_describes_them(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(GinRummyError) as caught:
        call()
    assert expected in str(caught.value) and len(str(caught.value)) < 300


def test_a_seed_of_1024_bits_deals_and_saves() -> None:
    seed = -(2**1023)
    state = GameState.new(Rules(), seed=seed)
    assert loads(dumps(state)) == state and Match.new(Rules(), seed=seed).seed == seed


@pytest.mark.parametrize("seed", ["\ud800", "deal \udfff"])
def test_a_seed_with_a_lone_surrogate_is_refused_before_it_reaches_random(seed: str) -> None:
    for call in (lambda: GameState.new(Rules(), seed=seed), lambda: Match.new(Rules(), seed=seed)):
        with pytest.raises(InvalidHandError, match="lone surrogate"):
            call()


def test_a_view_document_is_refused_with_advice_to_save_the_state() -> None:
    state = GameState.new(Rules(), seed=5)
    text = json.dumps(to_dict(state.view(0)))
    with pytest.raises(SchemaError, match="view document .* cannot be loaded.*GameState or Match"):
        loads(text)


@pytest.mark.parametrize(
    ("seed", "expected"),
    [('"\\ud800"', "lone surrogate"), (str(2**1100), "at most 1024 bits")],
)
def test_a_tampered_match_seed_is_a_schema_error(seed: str, expected: str) -> None:
    text = dumps(Match.new(Rules(), seed="abc")).replace('"seed": "abc"', f'"seed": {seed}')
    with pytest.raises(SchemaError, match=f"match document: seed=.*{expected}"):
        loads(text)


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: GameState.new(bad),
        lambda bad: Match.new(bad),
        lambda bad: ginrummy.showdown("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Ac 2c 3c", rules=bad, upcard=Card.parse("Kd")),
        lambda bad: game_equity(bad, 0, 0),
    ],
)
def test_rules_given_as_text_are_refused_with_the_text_quoted_and_rules_parse_named(call: Callable[[object], object]) -> None:
    with pytest.raises(TypeError, match=r"rules must be a Rules value, not str: 'standard' \(Rules.parse reads"):
        call("standard")


def test_an_object_whose_repr_fails_is_still_named_in_the_message() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no repr for you")

    with pytest.raises(TypeError, match=r"not Hostile: <a Hostile that cannot be shown>"):
        Hand([Hostile()])  # type: ignore[list-item]


def _sweep_arguments() -> dict[str, object]:
    """A sound value for each required parameter name of the public functions."""
    import ginrummy
    from ginrummy.players import MediumPlayer

    state = GameState.new(Rules(), seed=4)
    ten = "As 2s 3s 4s 7h 7d 7c Kc Qd 2h"
    return {
        "cards": ten, "defender_cards": ten, "knocker_cards": "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th", "knocker": ten,
        "first": ten, "second": "Ac 2c 3c", "knocker_melds": [Meld.parse("As 2s 3s")], "data": ginrummy.to_dict(state),
        "games": 10, "wins": 5, "kept": Hand.parse(ten).mask, "unseen": Hand.parse("Kh Kd").mask, "mine": 10,
        "theirs": 20, "level": "hard", "match": Match.new(Rules(), seed=4), "name": "oklahoma", "names": ["a", "b"],
        "players": [MediumPlayer(), MediumPlayer()], "rng": random.Random(1), "rules": Rules(), "state": state,
        "summaries": [], "text": "As", "value": state, "view": state.view(state.dealer ^ 1), "seat": 0,
        "actions": [TakeUpcard()], "index": 0, "action": TakeUpcard(), "knock_limit": 10, "upcard": Card.parse("Kd"),
    }


# A wrong type of these is quoted in the message (the library's quoting of ``repr``).
QUOTED: list[object] = [None, 1.5, b"As", {}]
HOSTILE = [None, -1, 1.5, float("nan"), True, "", "zz", b"As", [None], {}, object(), 10**100, float("inf"), [["As"]]]


def _sweep(callables: list[tuple[str, Callable[..., object]]], sound: dict[str, object]) -> tuple[int, list[str]]:
    """Call each of ``callables`` (named) with each required positional argument in turn
    (keyword-only ones too) replaced by each :data:`HOSTILE` value, the others taken
    from ``sound`` by name
    (a callable needing a name ``sound`` lacks is skipped). Returns the number of calls
    and a line for each exception other than the library's errors (a wrong type among
    them: :class:`~ginrummy.WrongTypeError`, a ``TypeError`` too), or for a
    ``WrongTypeError`` whose message does not quote a :data:`QUOTED` value."""
    import inspect

    escaped: list[str] = []
    tried = 0
    for name, function in callables:
        if not callable(function) or inspect.isclass(function):
            continue
        parameters = [
            p for p in inspect.signature(function).parameters.values()
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if not parameters or any(p.name not in sound for p in parameters):
            continue
        for position in range(len(parameters)):
            for hostile in HOSTILE:
                values = [sound[p.name] for p in parameters]
                values[position] = hostile
                arguments = [v for p, v in zip(parameters, values) if p.kind is not p.KEYWORD_ONLY]
                keywords = {p.name: v for p, v in zip(parameters, values) if p.kind is p.KEYWORD_ONLY}
                tried += 1
                try:
                    function(*arguments, **keywords)
                except WrongTypeError as error:
                    if hostile in QUOTED and _shown(hostile) not in str(error):
                        escaped.append(f"{name}({parameters[position].name}={hostile!r:.40}) does not quote it: {error}")
                except GinRummyError:
                    pass
                except Exception as error:  # noqa: BLE001 - the point is to catch what escapes
                    escaped.append(f"{name}({parameters[position].name}={hostile!r:.40}): {error!r:.120}")
    return tried, escaped


def test_every_public_function_meets_a_wrong_argument_with_a_library_error() -> None:
    """Each required argument of each public function, in turn, replaced by a hostile value
    (the others sound): only the library's errors come out (a wrong type as
    :class:`~ginrummy.WrongTypeError`), never Python's own ``TypeError``, an
    ``AttributeError``, ``IndexError``, ``KeyError`` or a bare ``ValueError`` from inside."""
    import ginrummy
    import ginrummy.players
    import ginrummy.scoring
    import ginrummy.solver

    modules: list[Any] = [ginrummy, ginrummy.players, ginrummy.scoring, ginrummy.solver]
    try:
        from ginrummy import rl
    except ImportError:  # the rl extra is not installed
        pass
    else:
        modules.append(rl)
    functions = [(f"{m.__name__}.{name}", getattr(m, name)) for m in modules for name in m.__all__]
    tried, escaped = _sweep(functions, _sweep_arguments())
    assert tried > 300, tried
    assert not escaped, "\n".join(escaped)


def test_every_public_method_meets_a_wrong_argument_with_a_library_error() -> None:
    """The same for the methods of the values and players users hold."""
    from ginrummy.players import EasyPlayer, MediumPlayer, RandomPlayer

    state = GameState.new(Rules(), seed=4)
    view = state.view(state.dealer ^ 1)
    sound: dict[str, object] = {
        **_sweep_arguments(), "action": TakeUpcard(), "card": Card.parse("4s"), "cards": "As 2s 3s",
        "mask": 7, "index": 3, "other": Hand.parse("Kd"), "upcard": Card.parse("7h"), "seat": 0,
        "deck": state.deck_cards, "dealer": 0, "actions": [], "legal_actions": view.legal_actions, "view": view,
        "name": "oklahoma", "data": Rules().to_dict(), "text": "As",
    }
    holders: list[object] = [
        state, Match.new(Rules(), seed=4), view, Rules(), Hand.parse("As 2s"), Card.parse("As"), Meld.parse("As 2s 3s"),
        HardPlayer(seed=1), MediumPlayer(), EasyPlayer(seed=1), RandomPlayer(seed=1), ExpertPlayer(seed=1, simulations=2),
    ]
    methods = [
        (f"{type(holder).__name__}.{name}", getattr(holder, name))
        for holder in holders for name in dir(holder) if not name.startswith("_")
    ]
    tried, escaped = _sweep(methods, sound)
    assert tried > 400, tried
    assert not escaped, "\n".join(escaped)


ENUMS_AND_ERRORS: list[tuple[type[enum.Enum], type[GinRummyError]]] = [
    (ginrummy.Rank, ginrummy.CardParseError),
    (ginrummy.Suit, ginrummy.CardParseError),
    (ginrummy.MeldKind, ginrummy.InvalidMeldError),
    (ginrummy.Phase, ginrummy.SchemaError),
    (ginrummy.EndReason, ginrummy.SchemaError),
    (ginrummy.OklahomaAce, ginrummy.RulesError),
    (ginrummy.SpadesDouble, ginrummy.RulesError),
    (ginrummy.WallRule, ginrummy.RulesError),
    (ginrummy.NextDealer, ginrummy.RulesError),
    (ginrummy.Shutout, ginrummy.RulesError),
]


@pytest.mark.parametrize(("kind", "error"), ENUMS_AND_ERRORS)
@pytest.mark.parametrize("value", [None, 0, 99, -1, "", "x", 1.5, b"s", [], "A" * 500])
def test_enum_lookups_by_a_value_they_lack_raise_library_errors(kind: type[enum.Enum], error: type[GinRummyError], value: object) -> None:
    members = list(kind)
    assert all(kind(member.value) is member for member in members)
    if any(member.value == value for member in members):
        return
    with pytest.raises(error, match=rf"^{kind.__name__}\(.*\) is not allowed: expected one of {re.escape(repr(members[0].value))}"):
        kind(value)
    assert issubclass(error, ValueError)  # code that caught the enum's own ValueError still does


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: Card.parse(3), r"card text must be a str, not int"),  # type: ignore[arg-type]
        (lambda: Hand.parse(None), r"card text must be a str, not NoneType"),  # type: ignore[arg-type]
        (lambda: ginrummy.knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=True), r"knock_limit must be an int, not bool"),
        (lambda: ginrummy.HandResult(Rules(), Card.parse("3h"), 0, 5), r"hands must be an iterable, not int: 5"),  # type: ignore[arg-type]
        (lambda: ginrummy.HandResult(Rules(), Card.parse("3h"), 0, [Hand.parse("3h")], layoffs=3), r"layoffs must be an iterable, not int: 3"),  # type: ignore[arg-type]
        (lambda: ginrummy.players.run_tournament(3, "random", games=1), r"a player is a level name such as 'hard' or a factory seed -> Player, not int: 3"),  # type: ignore[arg-type]
        (lambda: ginrummy.players.run_tournament("random", "random", games=1, rules="standard"), r"rules must be a Rules value, not str: 'standard'"),  # type: ignore[arg-type]
    ],
)
def test_a_value_of_the_wrong_type_is_a_library_error_and_a_type_error(call: Callable[[], object], expected: str) -> None:
    with pytest.raises(ginrummy.WrongTypeError, match=expected) as caught:
        call()
    assert isinstance(caught.value, GinRummyError) and isinstance(caught.value, TypeError)


@pytest.mark.parametrize("seat", ["1", None, 1.5, True, -1, 2, 10**100])
def test_next_seat_refuses_what_is_not_a_seat_at_the_table_as_view_does(seat: object) -> None:
    state = GameState.new(Rules(), seed=1)
    with pytest.raises(InvalidHandError, match=r"is not a seat: expected"):
        state.next_seat(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"is not a seat: expected"):
        state.view(seat)  # type: ignore[arg-type]
    assert [state.next_seat(s) for s in range(2)] == [1, 0]


def test_wrong_type_error_is_both_the_library_base_and_type_error() -> None:
    assert issubclass(ginrummy.WrongTypeError, GinRummyError)
    assert issubclass(ginrummy.WrongTypeError, TypeError)
    assert not issubclass(ginrummy.WrongTypeError, ValueError)
