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
    SchemaTypeError,
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


def _tampered(document: dict[str, Any], path: tuple[str | int, ...], value: object) -> str:
    """``document`` as JSON with the item at ``path`` replaced by ``value``."""
    doc = json.loads(json.dumps(document))
    here = doc
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("kind", "path", "value", "expected"),
    [
        ("match", ("seed",), 1.5, "match document: 'seed' must be an int, a string or null, not 1.5"),
        ("match", ("seed",), True, "match document: 'seed' must be an int, a string or null, not True"),
        ("match", ("hands", 0), 5, "match document, hand 1: must be an object (a hand record), not int (5)"),
        ("match", ("hands", 0), ["Kd"], "match document, hand 1: must be an object (a hand record), not list (['Kd'])"),
        ("state", ("actions", 0), 5, "state document: action #1 must be text, not int (5)"),
        ("match", ("hands", 0, "actions", 0), None, "match document, hand 1: action #1 must be text, not NoneType (None)"),
    ],
)
def test_a_tampered_record_is_refused_with_the_bad_value_quoted(
    kind: str, path: tuple[str | int, ...], value: object, expected: str
) -> None:
    played: GameState | Match = GameState.new(Rules(), seed=5) if kind == "state" else Match.new(Rules(), seed=5)
    document = to_dict(played.apply(played.legal_actions()[0]))  # one action, so 'actions' has an item
    with pytest.raises(SchemaError) as raised:
        loads(_tampered(document, path, value))
    assert str(raised.value) == expected


def test_only_game_records_take_player_names() -> None:
    result = ginrummy.showdown("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Ac 2c 3c 4c 5c 6c 7c 8c 9c Kd", rules=Rules(), upcard=Card.parse("Kh"))
    with pytest.raises(WrongTypeError, match="names label the players of a game record, not of HandResult"):
        dumps(result, names=["Ann", "Bob"])
    with pytest.raises(WrongTypeError, match="names label the players of a game record, not of Rules"):
        dumps(Rules(), names=["Ann", "Bob"])
    match = Match.new(Rules(), seed=5)
    with pytest.raises(SchemaTypeError, match="names must be strings, one per seat, not int: 1"):
        dumps(match, names=[1, 2])  # type: ignore[list-item]
    with pytest.raises(SchemaTypeError, match="names must be strings, one per seat, not NoneType: None"):
        dumps(match, names=["Ann", None])  # type: ignore[list-item]
    with pytest.raises(SchemaTypeError, match="names must be a sequence of 2 strings, one per seat, not str: 'Ann'"):
        dumps(match, names="Ann")
    with pytest.raises(SchemaError, match="names: 'players' must list 2 names, one per seat, not \\['Ann'\\]"):
        dumps(match, names=["Ann"])


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
# Values of a type that no required parameter of the public API takes.
WRONG_TYPES: list[object] = [1.5, b"As", object()]


def _sweep(
    callables: list[tuple[str, Callable[..., object]]],
    sound: dict[str, object],
    hostile: list[object] = HOSTILE,
    typed: bool = False,
) -> tuple[int, list[str]]:
    """Call each of ``callables`` (named) with each required positional argument in turn
    (keyword-only ones too) replaced by each ``hostile`` value, the others taken
    from ``sound`` by name
    (a callable needing a name ``sound`` lacks is skipped). Returns the number of calls
    and a line for each exception other than the library's errors (a wrong type among
    them: :class:`~ginrummy.WrongTypeError`, a ``TypeError`` too), or for a
    ``WrongTypeError`` whose message does not quote a :data:`QUOTED` value. With
    ``typed``, also a line for each library error that is not a ``TypeError``, and for
    each call that returns at all."""
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
            for value in hostile:
                values = [sound[p.name] for p in parameters]
                values[position] = value
                arguments = [v for p, v in zip(parameters, values) if p.kind is not p.KEYWORD_ONLY]
                keywords = {p.name: v for p, v in zip(parameters, values) if p.kind is p.KEYWORD_ONLY}
                tried += 1
                called = f"{name}({parameters[position].name}={value!r:.40})"
                escaped += _outcome(lambda: function(*arguments, **keywords), called, value, typed)
    return tried, escaped


def _outcome(call: Callable[[], object], called: str, value: object, typed: bool, about: str | None = None) -> list[str]:
    """Make one sweep call; a line for what it did wrong, if anything: an error that is not
    the library's, a ``WrongTypeError`` that does not quote a :data:`QUOTED` value, and
    with ``typed`` a library error that is not a ``TypeError``, or no error. Given
    ``about`` (the argument's name), a library error that does not name it is about
    another argument, checked first, and says nothing of this one."""
    try:
        call()
    except GinRummyError as error:
        if about is not None and about not in str(error):
            return []
        if isinstance(error, WrongTypeError):
            if value in QUOTED and _shown(value) not in str(error):
                return [f"{called} does not quote it: {error}"]
        elif typed:
            return [f"{called} is not a TypeError: {type(error).__name__}: {error}"]
    except Exception as error:  # noqa: BLE001 - the point is to catch what escapes
        return [f"{called}: {error!r:.120}"]
    else:
        if typed:
            return [f"{called} was accepted"]
    return []


def _public_functions() -> list[tuple[str, Callable[..., object]]]:
    """Every name in ``__all__`` of the public modules (``ginrummy.rl`` when its extra is
    installed), with its dotted name."""
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
    return [(f"{m.__name__}.{name}", getattr(m, name)) for m in modules for name in m.__all__]


def _public_methods() -> tuple[list[tuple[str, Callable[..., object]]], dict[str, object]]:
    """The public methods of the values and players users hold, and a sound value for
    each of their required parameters."""
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
    return methods, sound


def test_every_public_function_meets_a_wrong_argument_with_a_library_error() -> None:
    """Each required argument of each public function, in turn, replaced by a hostile value
    (the others sound): only the library's errors come out (a wrong type as
    :class:`~ginrummy.WrongTypeError`), never Python's own ``TypeError``, an
    ``AttributeError``, ``IndexError``, ``KeyError`` or a bare ``ValueError`` from inside."""
    tried, escaped = _sweep(_public_functions(), _sweep_arguments())
    assert tried > 300, tried
    assert not escaped, "\n".join(escaped)


def test_every_public_method_meets_a_wrong_argument_with_a_library_error() -> None:
    """The same for the methods of the values and players users hold."""
    methods, sound = _public_methods()
    tried, escaped = _sweep(methods, sound)
    assert tried > 400, tried
    assert not escaped, "\n".join(escaped)


# The sweep passes no defender hands to ``showdown`` (its ``*defenders``), which fails on
# their number before it reads the knocker; ``run_tournament``'s sound ``first`` is the
# card text that other functions' ``first`` takes, not a player.
_NOT_SWEPT_FOR_TYPES = {"ginrummy.showdown", "ginrummy.scoring.showdown", "ginrummy.players.run_tournament"}


def test_a_value_of_a_type_no_parameter_takes_is_always_a_type_error() -> None:
    """Each required argument of each public function and method, in turn, replaced by a
    float, bytes or a bare object: the error is the library's and a ``TypeError``
    (:class:`~ginrummy.WrongTypeError`, or one of the classes that are both it and the
    error of the input's kind, such as :class:`~ginrummy.RulesTypeError`), never a
    library error that only a ``ValueError`` handler would catch, and never accepted."""
    functions = [(name, f) for name, f in _public_functions() if name not in _NOT_SWEPT_FOR_TYPES]
    methods, sound = _public_methods()
    tried, escaped = _sweep(functions, _sweep_arguments(), WRONG_TYPES, typed=True)
    tried_methods, escaped_methods = _sweep(methods, sound, WRONG_TYPES, typed=True)
    # loads reads bytes as JSON text, as json.loads does: b"As" is bad JSON, not a wrong type.
    escaped = [line for line in escaped if not line.startswith("ginrummy.loads(text=b'As') is not a TypeError: SchemaError")]
    assert tried > 80 and tried_methods > 100, (tried, tried_methods)
    assert not escaped + escaped_methods, "\n".join(escaped + escaped_methods)


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


def _knock_options_with_limit(limit: object) -> object:
    return knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=limit)  # type: ignore[arg-type]


def _rl_index_action(index: object) -> object:
    rl = pytest.importorskip("ginrummy.rl")
    return rl.index_action(index)


WRONG_TYPE_CALLS: list[tuple[Callable[[], object], type[GinRummyError], type[GinRummyError], str]] = [
    (lambda: Rules(game_target="100"), ginrummy.RulesError, ginrummy.RulesTypeError, r"game_target='100' is not allowed: expected a whole number"),  # type: ignore[arg-type]
    (lambda: Rules(big_gin=1), ginrummy.RulesError, ginrummy.RulesTypeError, r"big_gin=1 is not allowed: expected True or False"),  # type: ignore[arg-type]
    (lambda: Rules(wall_rule=3), ginrummy.RulesError, ginrummy.RulesTypeError, r"wall_rule=3 is not allowed: expected one of 'void'"),  # type: ignore[arg-type]
    (lambda: Rules(players=3, hand_size="7"), ginrummy.RulesError, ginrummy.RulesTypeError, r"hand_size='7' is not allowed"),  # type: ignore[arg-type]
    (lambda: Rules.from_dict([1]), ginrummy.RulesError, ginrummy.RulesTypeError, r"rules data must be a mapping, not list: \[1\]"),  # type: ignore[arg-type]
    (lambda: _knock_options_with_limit("5"), ginrummy.RulesError, ginrummy.RulesTypeError, r"knock_limit must be an int, not str: '5'"),
    (lambda: ginrummy.players.make_player("hard", seed=1.5), ginrummy.PlayerError, ginrummy.PlayerTypeError, r"seed=1.5 is not allowed"),  # type: ignore[arg-type]
    (lambda: ginrummy.players.make_player(3), ginrummy.PlayerError, ginrummy.PlayerTypeError, r"unknown player level 3"),  # type: ignore[arg-type]
    (lambda: ExpertPlayer(time_budget="1s"), ginrummy.PlayerError, ginrummy.PlayerTypeError, r"time_budget='1s' is not allowed: expected a number"),  # type: ignore[arg-type]
    (lambda: ExpertPlayer(infer=1), ginrummy.PlayerError, ginrummy.PlayerTypeError, r"infer=1 is not allowed: expected True or False"),  # type: ignore[arg-type]
    (lambda: ginrummy.players.run_tournament("random", "random", games="2"), ginrummy.PlayerError, ginrummy.PlayerTypeError, r"games='2' is not allowed"),  # type: ignore[arg-type]
    (lambda: GameState.new(seed=1.5), InvalidHandError, ginrummy.InvalidHandTypeError, r"seed=1.5 is not allowed: expected a whole number, a string or None"),  # type: ignore[arg-type]
    (lambda: Match.new(dealer="0"), InvalidHandError, ginrummy.InvalidHandTypeError, r"dealer='0' is not a seat: expected a whole number 0-1"),  # type: ignore[arg-type]
    (lambda: GameState.new(seed=1).view("1"), InvalidHandError, ginrummy.InvalidHandTypeError, r"seat='1' is not a seat: expected a whole number 0-1"),  # type: ignore[arg-type]
    (lambda: GameState.new(seed=1).apply("take"), ginrummy.IllegalActionError, ginrummy.IllegalActionTypeError, r"expected an Action, not str: 'take'; to read text, use parse_action"),  # type: ignore[arg-type]
    (lambda: GameState.new(seed=1).is_legal(None), ginrummy.IllegalActionError, ginrummy.IllegalActionTypeError, r"expected an Action, not NoneType"),  # type: ignore[arg-type]
    (lambda: Match.new(seed=1).is_legal(1.5), ginrummy.IllegalActionError, ginrummy.IllegalActionTypeError, r"expected an Action, not float"),  # type: ignore[arg-type]
    (lambda: loads(1.5), SchemaError, ginrummy.SchemaTypeError, r"loads reads JSON text \(str or bytes\), not float: 1.5"),  # type: ignore[arg-type]
    (lambda: ginrummy.from_dict(1.5), SchemaError, ginrummy.SchemaTypeError, r"a document must be a JSON object, not float: 1.5"),  # type: ignore[arg-type]
    (lambda: _rl_index_action(1.5), ginrummy.IllegalActionError, ginrummy.IllegalActionTypeError, r"action index 1.5 is not one of 0-110: expected a whole number"),
]


@pytest.mark.parametrize(("call", "kind", "dual", "expected"), WRONG_TYPE_CALLS)
def test_a_wrong_type_is_both_the_error_of_its_kind_and_a_type_error(
    call: Callable[[], object], kind: type[GinRummyError], dual: type[GinRummyError], expected: str
) -> None:
    """A value of the wrong type where a rule knob, a player's setting, a seat, a seed, an
    action or a document belongs: the error of that kind of input (a ``ValueError``) and
    :class:`~ginrummy.WrongTypeError` (a ``TypeError``) at once, so either handler catches it."""
    with pytest.raises(dual, match=expected) as caught:
        call()
    error = caught.value
    assert type(error) is dual
    assert isinstance(error, kind) and isinstance(error, WrongTypeError)
    assert isinstance(error, ValueError) and isinstance(error, TypeError)
    if isinstance(error, ginrummy.IllegalActionError):
        assert error.reason == "unknown_action"


RIGHT_TYPE_WRONG_VALUE: list[tuple[Callable[[], object], type[GinRummyError]]] = [
    (lambda: Rules(game_target=-1), ginrummy.RulesError),
    (lambda: Rules(wall_rule="sideways"), ginrummy.RulesError),
    (lambda: _knock_options_with_limit(11), ginrummy.RulesError),
    (lambda: ginrummy.players.make_player("grandmaster"), ginrummy.PlayerError),
    (lambda: ExpertPlayer(time_budget=0), ginrummy.PlayerError),
    (lambda: ExpertPlayer(time_budget=float("nan")), ginrummy.PlayerError),
    (lambda: ginrummy.players.run_tournament("random", "random", games=0), ginrummy.PlayerError),
    (lambda: GameState.new(seed=2**2000), InvalidHandError),
    (lambda: GameState.new(seed=1).view(2), InvalidHandError),
    (lambda: loads("{"), SchemaError),
    (lambda: _rl_index_action(111), ginrummy.IllegalActionError),
]


@pytest.mark.parametrize(("call", "kind"), RIGHT_TYPE_WRONG_VALUE)
def test_a_right_type_with_a_wrong_value_is_only_a_value_error(call: Callable[[], object], kind: type[GinRummyError]) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    assert not isinstance(caught.value, TypeError)


@pytest.mark.parametrize(
    "dual",
    [ginrummy.RulesTypeError, ginrummy.PlayerTypeError, ginrummy.InvalidHandTypeError, ginrummy.SchemaTypeError, ginrummy.UnfinishedError],
)
def test_the_dual_errors_pickle_as_themselves(dual: type[GinRummyError]) -> None:
    """Errors cross process boundaries (worker processes, a Dask cluster) by pickling."""
    import pickle

    error = pickle.loads(pickle.dumps(dual("a message")))
    assert type(error) is dual and str(error) == "a message"


def test_an_illegal_action_type_error_pickles_with_its_reason() -> None:
    import pickle

    try:
        GameState.new(seed=1).apply(1.5)  # type: ignore[arg-type]
    except ginrummy.IllegalActionTypeError as error:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is ginrummy.IllegalActionTypeError and copy.reason == "unknown_action"
        assert str(copy) == str(error)
    else:
        pytest.fail("apply(1.5) was accepted")


def test_is_legal_answers_false_for_an_illegal_action_and_refuses_what_is_not_one() -> None:
    state = GameState.new(seed=1)
    assert state.is_legal(TakeUpcard()) and not state.is_legal(ginrummy.DrawStock())
    with pytest.raises(WrongTypeError):
        state.is_legal("take")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [b"xy", "xy", bytearray(b"xy")])
def test_text_and_bytes_are_not_taken_for_a_record_s_per_seat_numbers(text: object) -> None:
    """Bytes iterate as small numbers and text as characters: a record built directly
    refuses both where it takes one number per seat, naming the type."""
    with pytest.raises(WrongTypeError, match=rf"the scores per seat must be an iterable of items, not {type(text).__name__}"):
        ginrummy.Settlement(text, text, text, 0, False, text)  # type: ignore[arg-type]


@pytest.mark.parametrize("winner", [1.0, 0.0, True, "1"])
def test_a_hollywood_column_winner_must_be_a_whole_number_seat(winner: object) -> None:
    """``1.0 == 1``, so a membership test alone let a float winner through."""
    with pytest.raises(ginrummy.RulesTypeError, match=rf"HollywoodColumn.winner={re.escape(repr(winner))} is not allowed"):
        ginrummy.HollywoodColumn((110, 0), (1, 0), (25, 0), True, winner)  # type: ignore[arg-type]
    assert ginrummy.HollywoodColumn((110, 0), (1, 0), (25, 0), True, 0).winner == 0


def _optional_sweep(callables: list[tuple[str, Callable[..., object]]], sound: dict[str, object]) -> tuple[int, list[str]]:
    """Call each of ``callables`` with its required parameters sound and each optional
    keyword parameter in turn set to each :data:`HOSTILE` value. Returns the number of
    calls and a line for each error that is not the library's, and for each value of a
    type no parameter takes (:data:`WRONG_TYPES`) that is accepted or refused with a
    library error that is not a ``TypeError``."""
    import inspect

    escaped: list[str] = []
    tried = 0
    for name, function in callables:
        if not callable(function) or (isinstance(function, type) and name.startswith("ginrummy.")):
            continue  # attributes, and the enums' functional API
        parameters = list(inspect.signature(function).parameters.values())
        required = [p for p in parameters if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if any(p.name not in sound for p in required):
            continue
        arguments = [sound[p.name] for p in required if p.kind is not p.KEYWORD_ONLY]
        keywords = {p.name: sound[p.name] for p in required if p.kind is p.KEYWORD_ONLY}
        for option in (p for p in parameters if p.default is not p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)):
            for value in HOSTILE:
                tried += 1
                called = f"{name}({option.name}={value!r:.40})"
                wrong_type = any(value is w for w in WRONG_TYPES) and not (option.name in FLOAT_OPTIONS and isinstance(value, float))
                chosen = {**keywords, option.name: value}
                escaped += _outcome(lambda: function(*arguments, **chosen), called, value, wrong_type, about=option.name)
    return tried, escaped


# Options that take any float (so 1.5 is a sound value for them, not a wrong type).
FLOAT_OPTIONS = {"margin", "time_budget", "danger_weight", "pile_margin", "potential_weight", "undercut_risk", "illegal_reward", "z"}


def test_every_optional_parameter_meets_a_hostile_value_with_a_library_error() -> None:
    """Each optional keyword parameter of each public function and method, and of the
    players' and environments' constructors, set in turn to a hostile value: only the
    library's errors come out, and a value of a type no parameter takes is refused
    with a ``TypeError``. (``showdown`` and ``run_tournament`` need arguments this
    sweep does not make; the next test covers ``run_tournament``'s options.)"""
    from ginrummy.players import EasyPlayer, RandomPlayer

    functions = [
        (name, f) for name, f in _public_functions()
        if name not in _NOT_SWEPT_FOR_TYPES and callable(f) and not isinstance(f, type)
    ]
    methods, sound = _public_methods()
    constructors: list[tuple[str, Callable[..., object]]] = [
        ("ExpertPlayer", ExpertPlayer), ("HardPlayer", HardPlayer), ("EasyPlayer", EasyPlayer),
        ("RandomPlayer", RandomPlayer), ("GameState.new", GameState.new), ("Match.new", Match.new), ("Rules", Rules),
    ]
    try:
        from ginrummy import rl
    except ImportError:  # the rl extra is not installed
        pass
    else:
        constructors += [("rl.GinRummyEnv", rl.GinRummyEnv), ("rl.GinRummyAEC", rl.GinRummyAEC)]
    tried, escaped = _optional_sweep(functions + methods + constructors, sound)
    assert tried > 1000, tried
    assert not escaped, "\n".join(escaped)


@pytest.mark.parametrize(
    ("options", "error", "expected"),
    [
        ({"executor": 1.5}, ginrummy.PlayerTypeError, r"executor=1.5 is not allowed: expected a concurrent.futures.Executor"),
        ({"progress": b"x"}, ginrummy.PlayerTypeError, r"progress=b'x' is not allowed: expected a function or None"),
        ({"on_game": "print"}, ginrummy.PlayerTypeError, r"on_game='print' is not allowed: expected a function or None"),
        ({"seed": "7"}, ginrummy.PlayerTypeError, r"seed='7' is not allowed: expected a whole number"),
        ({"seed": 1.5}, ginrummy.PlayerTypeError, r"seed=1.5 is not allowed: expected a whole number"),
        ({"seed": 10**5000}, ginrummy.PlayerError, r"seed=<a whole number of 16610 bits> is not allowed: expected a whole number of at most 1024 bits"),
        ({"chunk_size": 0}, ginrummy.PlayerError, r"chunk_size=0 is not allowed"),
    ],
)
def test_a_tournament_refuses_bad_options_before_any_game(options: dict[str, object], error: type[GinRummyError], expected: str) -> None:
    played: list[object] = []
    with pytest.raises(error, match=expected):
        ginrummy.players.run_tournament("random", "random", games=2, **{"on_game": played.append, **options})  # type: ignore[arg-type]
    assert played == []


def test_a_tournament_takes_a_negative_or_1024_bit_seed() -> None:
    for seed in (-5, 2**1024 - 1):
        result = ginrummy.players.run_tournament("medium", "medium", games=2, seed=seed, rules=Rules(game_target=25))
        assert result.games == 2


@pytest.mark.parametrize(
    ("options", "error", "expected"),
    [
        ({"improve": 1.5}, ginrummy.PlayerTypeError, r"improve=1.5 is not allowed: expected a whole number"),
        ({"improve": -1}, ginrummy.PlayerError, r"improve=-1 is not allowed"),
        ({"draws": "x"}, ginrummy.PlayerTypeError, r"draws='x' is not allowed: expected a mapping from other seats"),
        ({"draws": {0: 1}}, ginrummy.PlayerError, r"draws for seat 0 are not allowed: expected other seats, \[1\]"),
        ({"draws": {True: 1}}, ginrummy.PlayerError, r"draws for seat True are not allowed"),
        ({"draws": {1: -1}}, ginrummy.PlayerError, r"draws\[1\]=-1 is not allowed"),
        ({"draws": {1: 2.0}}, ginrummy.PlayerTypeError, r"draws\[1\]=2.0 is not allowed: expected a whole number"),
    ],
)
def test_determinize_refuses_bad_improve_and_draws(options: dict[str, object], error: type[GinRummyError], expected: str) -> None:
    view = GameState.new(Rules(), seed=1).view(0)
    with pytest.raises(error, match=expected):
        determinize(view, random.Random(1), **options)  # type: ignore[arg-type]
    assert determinize(view, random.Random(1), draws={1: 2}).hands[0] == view.hand.mask


@pytest.mark.parametrize(
    ("indent", "error"),
    [(1.5, ginrummy.SchemaTypeError), (True, ginrummy.SchemaTypeError), ("  ", ginrummy.SchemaTypeError),
     (-1, SchemaError), (101, SchemaError), (10**9, SchemaError)],
)
def test_dumps_refuses_an_indent_that_is_not_0_to_100_spaces(indent: object, error: type[GinRummyError]) -> None:
    """A huge indent would build a huge string: it is refused before any is built."""
    state = GameState.new(Rules(), seed=1)
    with pytest.raises(error, match=rf"indent={re.escape(_shown(indent))} is not allowed: expected None or a whole number of spaces 0-100"):
        dumps(state, indent=indent)  # type: ignore[arg-type]
    assert loads(dumps(state, indent=100)) == state and loads(dumps(state, indent=0)) == state


def test_summarize_refuses_names_for_fewer_than_two_players() -> None:
    from ginrummy.players import summarize

    for names in ([], ["solo"], ["a", "b", "c", "d", "e"]):
        with pytest.raises(ginrummy.PlayerError, match=re.escape(f"names={names!r} names {len(names)} players: expected 2-4")):
            summarize(names, [])


def test_discard_deadwood_refuses_a_numpy_scalar_as_the_excluded_cards() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ginrummy.WrongTypeError, match="excluded must be a Hand, a Card, card text or an iterable of Card, not float32"):
        ginrummy.discard_deadwood("As 2s 3s 4s", excluded=np.float32(2))
    assert ginrummy.discard_deadwood("As 2s 3s 4s", excluded=np.array([])) == 0


def test_parse_action_in_context_and_describe_refuse_what_is_not_text_with_library_errors() -> None:
    np = pytest.importorskip("numpy")
    state = GameState.new(Rules(), seed=1)
    for bad in (np.array(["gin", "k"]), np.array([]), 5):
        with pytest.raises(ginrummy.WrongTypeError, match="action text must be a str"):
            state.parse_action(bad)  # type: ignore[arg-type]
        with pytest.raises(ginrummy.WrongTypeError, match="action text must be a str"):
            Match.new(Rules(), seed=1).parse_action(bad)  # type: ignore[arg-type]
    result = ginrummy.showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", rules=Rules(), upcard=ginrummy.Card.parse("Th"))
    for names in (ginrummy.Card.parse("As"), np.float32(2), ginrummy.DrawStock(), ["Ann"]):
        with pytest.raises(ginrummy.WrongTypeError, match="names must be 2 strings, one per seat"):
            result.describe(names)  # type: ignore[arg-type]


def test_numpy_arrays_where_text_cards_or_lists_belong_get_library_errors() -> None:
    """A 0-d array is iterable by its type but not by ``iter``; any array answers ``==``
    element by element. Neither may leak numpy's or Python's own error."""
    np = pytest.importorskip("numpy")
    from ginrummy.players import make_player

    zero_d, empty, pair = np.array("As"), np.array([]), np.array([1, 2])
    calls: list[Callable[[], object]] = [
        lambda: ginrummy.best_layoffs(zero_d, "As 2s 3s"),
        lambda: ginrummy.layoff_deadwood(zero_d, "As"),
        lambda: GameState.new(Rules(), deck=zero_d),
        lambda: GameState.replay(Rules(), deck=None, dealer=0, actions=zero_d),  # type: ignore[arg-type]
        lambda: ginrummy.dumps(Match.new(Rules(), seed=1), names=zero_d),
        lambda: make_player(pair),
        lambda: make_player(np.array(["hard"])),
        lambda: Rules(players=3, hand_size=empty),
    ]
    for enum_class in (ginrummy.Rank, ginrummy.Suit, ginrummy.WallRule, ginrummy.Shutout, ginrummy.Phase,
                       ginrummy.EndReason, ginrummy.MeldKind, ginrummy.NextDealer, ginrummy.OklahomaAce, ginrummy.SpadesDouble):
        calls += [lambda e=enum_class: e(empty), lambda e=enum_class: e(pair), lambda e=enum_class: e([1])]  # type: ignore[misc]
    for call in calls:
        with pytest.raises(GinRummyError):
            call()
    assert ginrummy.Rank(np.int64(3)) is ginrummy.Rank.THREE and ginrummy.WallRule(np.str_("void")) is ginrummy.WallRule.VOID


def _records() -> list[Any]:
    """One instance of each public record (attrs class) a user may build or evolve."""
    from ginrummy import BigGin, Discard, Hollywood, HollywoodColumn, Knock, Layoff, Score, Settlement, best_layoffs, best_melding, showdown
    from ginrummy.players import Analysis, MatchSummary, Rating, TournamentResult

    match = Match.new(Rules(), seed=1)
    rng = random.Random(1)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    state = GameState.new(Rules(players=3), seed=3)
    gin = Knock(Card.parse("Kd"))
    return [
        Score(ginrummy.EndReason.KNOCK, 0, 12, 0, 1, 12, 25),
        showdown("4s 5s 6s 8d 8c 8h 3c", "7s 2d 2c 9c Kh Kd Qs", "8s 3d 4d 5d Jc Jd Ah", rules=Rules(players=3), upcard=Card.parse("9h")),
        Settlement(0, (104, 40), (100, 50), 100, False, (304, 90)),
        HollywoodColumn(points=(105, 0), boxes=(3, 0), box_points=(75, 0), closed=True, winner=0),
        Hollywood(Rules.parse("hollywood")),
        match.score,
        Layoff(Card.parse("8s"), 0),
        best_melding("As 2s 3s 9d"),
        ginrummy.knock_options("As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h", knock_limit=10)[0],
        best_layoffs(["Ks Kc Kd"], "Kh 2c 3c 4d 5d 6h 7h 8s 9s Td"),
        Rules(),
        match,
        match.view(0),
        state.view(state.to_play_seat),
        Discard(Card.parse("As")),
        gin,
        BigGin(),
        MatchSummary(1, 4, 180, (("knock", 3), ("gin", 1)), (-50, 50)),
        TournamentResult(("a", "b", "c"), 3, (2, 1, 0), {"knock": 7, "undercut": 1}, 8, 500, 40, (40, 10, -50)),
        Rating(gin, 1.0, 0.5, 0.25, False),
        Analysis(gin, gin, (Rating(gin, float("nan"), 0.0, 0.0, True),), 0, "points", goes_out=True),
    ]


def test_every_record_field_meets_a_hostile_value_with_a_library_error() -> None:
    """Each field of each public record, set in turn to a hostile value (``attrs.evolve``,
    as a user adapting a record would): the record is rebuilt or a library error comes
    out, never Python's own (an unhashable value once reached a dictionary lookup)."""
    import attrs

    hostile = [*HOSTILE, [1], {"a"}, (), ((1, 2),), Card.parse("As"), Hand.parse("As 2s"), Rules()]
    escaped: list[str] = []
    tried = 0
    for record in _records():
        for field in attrs.fields(type(record)):
            for value in hostile:
                tried += 1
                try:
                    rebuilt = attrs.evolve(record, **{field.name.lstrip("_"): value})
                    str(rebuilt), repr(rebuilt)
                except GinRummyError:
                    pass
                except Exception as error:  # noqa: BLE001 - the sweep reports every escape
                    escaped.append(f"{type(record).__name__}.{field.name}={value!r:.40}: {type(error).__name__}: {error}")
    assert tried > 1000, tried
    assert not escaped, "\n".join(escaped)
