"""Saving and loading: ``to_dict``/``from_dict`` and JSON ``dumps``/``loads``.

Documents carry ``"schema": "ginrummy"`` and a ``"version"``. A game state is
saved as its record, the deal plus the actions, and loading replays it, so every
loaded state is one the engine reached by legal play. A tampered, truncated or
foreign document raises :class:`~ginrummy.SchemaError`, never a broken value.

Version 2 (0.2) holds two to four seats; documents of version 1 (0.1, two players)
still load to equal values, and one of version 1 whose rules name another number of
players is refused.

>>> from ginrummy import GameState, Rules, dumps, loads
>>> state = GameState.new(Rules(), seed=3)
>>> state = state.apply(state.legal_actions()[1])
>>> loads(dumps(state)) == state
True
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping, Sequence
from typing import TypeVar, Union

from typing_extensions import TypeAlias

from .actions import NextHand, parse_action
from .cards import Card, Hand, parse_cards
from .errors import (
    GinRummyError,
    InvalidHandError,
    InvalidStateError,
    SchemaError,
    SchemaTypeError,
    WrongTypeError,
    _as_whole,
    _iterable,
    _shown,
    _whole_or_type,
)
from .melds import Meld
from .rules import Rules
from .scoring import GameScore, HandResult, Hollywood
from .solver import Layoff
from .state import GameState, Match, PlayerView
from .state._deal import check_seed

__all__ = ["MAX_INDENT", "SCHEMA", "SCHEMA_VERSION", "Serializable", "dumps", "from_dict", "loads", "to_dict"]

SCHEMA = "ginrummy"
"""The value of every document's ``"schema"`` key."""
SCHEMA_VERSION = 2
"""The current document version (version 1 documents still load)."""
_READABLE = (1, 2)

Serializable: TypeAlias = Union[Rules, GameState, Match, HandResult]
"""The types :func:`to_dict` saves and :func:`from_dict` loads."""


def _head(kind: str) -> dict[str, object]:
    return {"schema": SCHEMA, "version": SCHEMA_VERSION, "type": kind}


def _deck_text(state: GameState) -> str:
    return " ".join(str(Card.from_index(i)) for i in state.deck)


_RECORDED: weakref.WeakSet[GameState] = weakref.WeakSet()
"""States already found to follow their record: a match saved after every move (as the
web game does) replays only its current hand, not every finished one again."""


def _checked(state: GameState) -> bool:
    """Whether ``state`` (or an equal one) was already found to follow its record."""
    try:
        return state in _RECORDED
    except TypeError:  # a field that cannot be hashed: validate() names it
        return False


def _hand_record(state: GameState, what: str = "this state") -> dict[str, object]:
    """A hand as its record (the deal and the actions), or :class:`InvalidStateError`
    when the record would load as another state."""
    if not _checked(state):
        state.validate()  # a malformed field is named as such
        if not state._replays_to_itself():
            raise InvalidStateError(
                f"cannot save {what}: dealing its deck and replaying its {state.history_length} actions does not give it"
                " (a state built field by field, such as a determinisation, has no record that loads back to it)"
            )
        _RECORDED.add(state)
    return {"deck": _deck_text(state), "dealer": state.dealer, "actions": [str(a) for a in state.history]}


def to_dict(value: Serializable | PlayerView, *, names: Sequence[str] | None = None) -> dict[str, object]:
    """A JSON-ready document for ``value``.

    ``names`` (one per seat) labels the players of a :class:`GameState` or
    :class:`Match` record under the key ``"players"``; loading checks and ignores it.
    :class:`PlayerView` documents are for sending to clients and cannot be loaded back.
    """
    if names is not None:
        if not isinstance(value, (GameState, Match)):
            raise WrongTypeError(f"names label the players of a game record, not of {type(value).__name__}")
        given: object = names  # checked as any object: a caller may pass anything
        if isinstance(given, (str, bytes, bytearray)) or not _iterable(given):
            raise SchemaTypeError(
                f"names must be a sequence of {value.rules.players} strings, one per seat, not {type(given).__name__}: {_shown(given)}"
            )
        listed = list(given)
        for name in listed:
            if not isinstance(name, str):
                raise SchemaTypeError(f"names must be strings, one per seat, not {type(name).__name__}: {_shown(name)}")
        _check_names(listed, value.rules.players, "names")
        return to_dict(value) | {"players": list(names)}
    if isinstance(value, Rules):
        return _head("rules") | {"rules": value.to_dict()}
    if isinstance(value, GameState):
        return _head("state") | {"rules": value.rules.to_dict()} | _hand_record(value)
    if isinstance(value, Match):
        return _head("match") | {
            "rules": value.rules.to_dict(),
            "seed": value.seed,
            "hands": [_hand_record(s, f"hand {n} of this match") for n, s in enumerate((*value.finished, value.state), start=1)],
        }
    if isinstance(value, HandResult):
        return _head("result") | _result_body(value)
    if isinstance(value, PlayerView):
        return _head("view") | _view_body(value)
    raise WrongTypeError(f"cannot serialise {type(value).__name__} ({_shown(value)}): expected Rules, GameState, Match, HandResult or PlayerView")


def _check_names(names: object, players: int, where: str) -> None:
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise SchemaError(f"{where}: 'players' must list {players} names, one per seat, not {_shown(names)}")


def _result_body(result: HandResult) -> dict[str, object]:
    return {
        "rules": result.rules.to_dict(),
        "upcard": str(result.upcard),
        "knocker": result.knocker,
        "hands": [str(h) for h in result.hands],
        "knocker_melds": [str(m) for m in result.knocker_melds],
        "defender_melds": [str(m) for m in result.defender_melds],
        "layoffs": [[str(l.card), l.target] for l in result.layoffs],
        "big_gin": result.big_gin,
        "reason": result.reason.value,
        "scorer": result.scorer,
        "points": result.points,
    }


def _view_body(view: PlayerView) -> dict[str, object]:
    return {
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_play": view.to_play,
        "hand": str(view.hand),
        "upcard": str(view.upcard),
        "knock_limit": view.knock_limit,
        "multiplier": view.multiplier,
        "stock_count": view.stock_count,
        "discard_pile": [str(c) for c in view.discard_pile],
        "players": view.players,
        "card_counts": list(view.card_counts),
        "known": [str(h) for h in view.known],
        "opponent_card_count": view.opponent_card_count,
        "opponent_known": str(view.opponent_known),
        "taken_card": None if view.taken_card is None else str(view.taken_card),
        "history": [[seat, str(action)] for seat, action in view.history],
        "legal_actions": [str(a) for a in view.legal_actions],
        "result": None if view.result is None else _result_body(view.result),
        "score": _score_body(view),
    }


def _score_body(view: PlayerView) -> dict[str, object] | None:
    """The game's score as a view shows it: hand points and hands won (boxes) per seat,
    a Hollywood session's summed over its three games, and the target; ``None``
    outside a match."""
    game = view.game
    if game is None:
        return None
    if isinstance(game, GameScore):
        points, won = list(game.points), list(game.boxes)
    else:
        points, won = [sum(c.points[s] for c in game.columns) for s in range(view.players)], list(game.wins)
    return {"points": points, "boxes": won, "target": view.rules.game_target}


def _get(data: Mapping[str, object], key: str, kind: type | tuple[type, ...], where: str) -> object:
    if key not in data:
        raise SchemaError(f"{where}: missing key {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind in (int, (int,)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise SchemaError(f"{where}: {key!r} must be {names}, not {type(value).__name__} ({_shown(value)})")
    return value


def _rules(data: Mapping[str, object], where: str) -> Rules:
    raw = _get(data, "rules", dict, where)
    assert isinstance(raw, dict)
    missing = [name for name in Rules().to_dict() if name not in raw]
    if missing:
        raise SchemaError(f"{where}: the rules lack the knob(s) {', '.join(missing)}: a saved game names every knob")
    try:
        return Rules.from_dict(raw)
    except GinRummyError as error:
        raise SchemaError(f"{where}: bad rules: {error}") from error


def _record(rules: Rules, record: Mapping[str, object], where: str) -> tuple[GameState, list[str]]:
    """The dealt state and the action texts of one hand record."""
    deck_text = _get(record, "deck", str, where)
    dealer = _get(record, "dealer", int, where)
    actions = _get(record, "actions", list, where)
    assert isinstance(deck_text, str) and isinstance(dealer, int) and isinstance(actions, list)
    try:
        state = GameState.new(rules, deck=parse_cards(deck_text), dealer=dealer)
    except GinRummyError as error:
        raise SchemaError(f"{where}: bad deal: {error}") from error
    for number, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise SchemaError(f"{where}: action #{number} must be text, not {type(text).__name__} ({_shown(text)})")
    return state, actions


_Playable = TypeVar("_Playable", GameState, Match)


def _play(target: _Playable, actions: list[str], where: str) -> _Playable:
    for number, text in enumerate(actions, start=1):
        try:
            action = parse_action(text)
            if isinstance(action, NextHand):
                raise SchemaError(
                    f"{where}: action #{number} {_shown(text)} is not an action within a hand: "
                    "each hand is its own record in 'hands'"
                )
            target = target.apply(action)
        except SchemaError:
            raise
        except GinRummyError as error:
            raise SchemaError(f"{where}: action #{number} {_shown(text)} cannot be replayed: {error}") from error
    return target


_HEAD_KEYS = ("schema", "version", "type")
_RECORD_KEYS = ("deck", "dealer", "actions")
_RESULT_KEYS = (
    "rules", "upcard", "knocker", "hands", "knocker_melds", "defender_melds", "layoffs", "big_gin", "reason", "scorer", "points"
)
_KEYS: dict[str, tuple[str, ...]] = {
    "rules": (*_HEAD_KEYS, "rules"),
    "state": (*_HEAD_KEYS, "rules", *_RECORD_KEYS, "players"),
    "match": (*_HEAD_KEYS, "rules", "seed", "hands", "players"),
    "result": (*_HEAD_KEYS, *_RESULT_KEYS),
}
"""The keys each loadable document type may hold: anything else is refused, since
a saved game is never silently taken with parts that nothing reads."""


def _check_keys(data: Mapping[str, object], allowed: Sequence[str], where: str) -> None:
    """Refuse with :class:`SchemaError` any key of ``data`` outside ``allowed``, quoting it."""
    unknown = [key for key in data if key not in allowed]
    if unknown:
        shown = ", ".join(_shown(key) for key in unknown)
        raise SchemaError(f"{where}: unknown key(s) {shown}: expected only {', '.join(allowed)}")


def from_dict(data: Mapping[str, object]) -> Serializable:
    """Load a document made by :func:`to_dict`, revalidating everything.

    Every problem raises :class:`~ginrummy.SchemaError` quoting it: a missing or
    malformed key, a deal or action that does not replay, and a key that no document
    of its type holds (a tampered or hand-edited file is refused, not half read)."""
    if not isinstance(data, Mapping):
        raise SchemaTypeError(f"a document must be a JSON object, not {type(data).__name__}: {_shown(data)}")
    if data.get("schema") != SCHEMA:
        raise SchemaError(f"not a ginrummy document: 'schema' is {_shown(data.get('schema'))}, expected {SCHEMA!r}")
    version = data.get("version")
    if type(version) is not int or version not in _READABLE:
        readable = " or ".join(str(v) for v in _READABLE)
        raise SchemaError(f"unsupported document version {_shown(version)}: this library reads version {readable} (a whole number)")
    old_rules = data.get("rules")
    players = old_rules.get("players", 2) if version == 1 and isinstance(old_rules, Mapping) else 2
    if players != 2:
        raise SchemaError(
            f"a version 1 document (ginrummy 0.1) holds two players, but its rules say players={_shown(players)}:"
            " documents of three or four players are version 2"
        )
    kind = data.get("type")
    if isinstance(kind, str) and kind in _KEYS:
        _check_keys(data, _KEYS[kind], f"{kind} document")
    if "players" in data and kind in ("state", "match"):
        _check_names(data["players"], _rules(data, f"{kind} document").players, f"{kind} document")
    if kind == "rules":
        return _rules(data, "rules document")
    if kind == "state":
        state, actions = _record(_rules(data, "state document"), data, "state document")
        return _play(state, actions, "state document")
    if kind == "match":
        return _load_match(data)
    if kind == "result":
        return _load_result(data)
    if kind == "view":
        raise SchemaError(
            "a view document is what one player may see, for sending to that player, and cannot be loaded:"
            " it leaves out the hidden cards a state needs. Save and load the GameState or Match instead"
        )
    raise SchemaError(f"unknown document type {_shown(kind)}: expected rules, state, match or result")


def _load_match(data: Mapping[str, object]) -> Match:
    where = "match document"
    rules = _rules(data, where)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise SchemaError(f"{where}: 'seed' must be an int, a string or null, not {_shown(seed)}")
    try:
        check_seed(seed)
    except InvalidHandError as error:
        raise SchemaError(f"{where}: {error}") from None
    hands = _get(data, "hands", list, where)
    assert isinstance(hands, list)
    if not hands:
        raise SchemaError(f"{where}: 'hands' is empty: a match has at least one hand")
    match: Match | None = None
    for number, record in enumerate(hands, start=1):
        here = f"{where}, hand {number}"
        if not isinstance(record, Mapping):
            raise SchemaError(f"{here}: must be an object (a hand record), not {type(record).__name__} ({_shown(record)})")
        _check_keys(record, _RECORD_KEYS, here)
        dealt, actions = _record(rules, record, here)
        if match is None:
            score: GameScore | Hollywood = Hollywood(rules) if rules.hollywood else GameScore(rules)
            match = Match(rules=rules, state=dealt, score=score, seed=seed)
        else:
            if not match.is_legal(NextHand()):
                raise SchemaError(f"{here}: the previous hand is not over, or the game already ended")
            expected = match.next_dealer()
            if dealt.dealer != expected:
                raise SchemaError(f"{here}: the dealer is seat {dealt.dealer}, but the rules make it seat {expected}")
            match = match.next_hand(dealt.deck_cards)
        match = _play(match, actions, here)
    assert match is not None
    return match


def _strings(data: Mapping[str, object], key: str, where: str) -> list[str]:
    """``data[key]``, a list of strings (meld texts), or the schema error."""
    value = _get(data, key, list, where)
    assert isinstance(value, list)
    if not all(isinstance(item, str) for item in value):
        raise SchemaError(f"{where}: {key!r} must be a list of meld texts, not {_shown(value)}")
    return value


def _layoffs_of(data: Mapping[str, object], where: str) -> list[Layoff]:
    """``data["layoffs"]``: ``[card text, meld index]`` pairs, or the schema error."""
    value = _get(data, "layoffs", list, where)
    assert isinstance(value, list)
    layoffs = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and type(pair[1]) is int):
            raise SchemaError(f"{where}: each of 'layoffs' must be [card, meld index], not {_shown(pair)}")
        layoffs.append(Layoff(Card.parse(pair[0]), pair[1]))
    return layoffs


def _load_result(data: Mapping[str, object]) -> HandResult:
    """A result document: the recorded facts, checked as :class:`HandResult` checks them
    (so a layout that was not the defenders' best, as recorded, loads as it was), with
    the derived fields (reason, scorer, points) required to agree."""
    where = "result document"
    rules = _rules(data, where)
    n = rules.players
    try:
        upcard = Card.parse(str(_get(data, "upcard", str, where)))
        hands_raw = _get(data, "hands", list, where)
        assert isinstance(hands_raw, list)
        if len(hands_raw) != n or not all(isinstance(h, str) for h in hands_raw):
            raise SchemaError(f"{where}: 'hands' must be {n} card strings, one per seat, not {_shown(hands_raw)}")
        hands = tuple(Hand.parse(h) for h in hands_raw)
        knocker = data.get("knocker")
        if knocker is not None and (type(knocker) is not int or not 0 <= knocker < n):
            raise SchemaError(f"{where}: 'knocker' must be a seat 0-{n - 1} or null, not {_shown(knocker)}")
        if knocker is None:
            # A void hand: nothing was laid out, so the layout keys may be left out.
            facts: dict[str, object] = {"knocker_melds": [], "defender_melds": [], "layoffs": [], "big_gin": False}
            for key, empty in facts.items():
                if key in data and data[key] != empty:
                    raise SchemaError(f"{where}: a void hand (knocker null) has no {key.replace('_', ' ')}, but {key!r} is {_shown(data[key])}")
            rebuilt = HandResult(rules=rules, upcard=upcard, knocker=None, hands=hands)
        else:
            big_gin = data.get("big_gin")
            if not isinstance(big_gin, bool):
                raise SchemaError(f"{where}: 'big_gin' must be true or false, not {_shown(big_gin)}")
            rebuilt = HandResult(
                rules=rules,
                upcard=upcard,
                knocker=knocker,
                hands=hands,
                knocker_melds=[Meld.parse(m) for m in _strings(data, "knocker_melds", where)],
                defender_melds=[Meld.parse(m) for m in _strings(data, "defender_melds", where)],
                layoffs=_layoffs_of(data, where),
                big_gin=big_gin,
            )
    except SchemaError:
        raise
    except GinRummyError as error:
        raise SchemaError(f"{where}: {error}") from error
    body = _result_body(rebuilt)
    for key in ("reason", "scorer", "points"):
        if key in data or rebuilt.knocker is not None:
            if data.get(key) != body[key] or type(data.get(key)) is not type(body[key]):
                raise SchemaError(f"{where}: {key!r} is {_shown(data.get(key))}, but the facts give {_shown(body[key])}")
    return rebuilt


MAX_INDENT = 100
"""The most spaces :func:`~ginrummy.dumps` indents a level by."""


def dumps(value: Serializable, *, indent: int | None = None, names: Sequence[str] | None = None) -> str:
    """The JSON text of :func:`to_dict`; ``indent`` (``None`` for one line, or 0 to 100
    spaces a level: :data:`~ginrummy.serialize.MAX_INDENT`) pretty-prints it. Another
    ``indent`` raises :class:`~ginrummy.SchemaError` (:class:`~ginrummy.SchemaTypeError`
    for one that is not a whole number)."""
    indent = _as_whole(indent)
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= MAX_INDENT):
        raise _whole_or_type(indent, SchemaError, SchemaTypeError)(
            f"indent={_shown(indent)} is not allowed: expected None or a whole number of spaces 0-{MAX_INDENT}"
        )
    return json.dumps(to_dict(value, names=names), indent=indent, ensure_ascii=False)


def loads(text: str | bytes) -> Serializable:
    """Load JSON text made by :func:`dumps`; raises :class:`~ginrummy.SchemaError` on anything else
    (:class:`~ginrummy.SchemaTypeError`, a ``TypeError`` too, when ``text`` is neither text nor bytes)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SchemaTypeError(f"loads reads JSON text (str or bytes), not {type(text).__name__}: {_shown(text)}")
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SchemaError(f"not valid JSON: {error}") from error
    except RecursionError:
        raise SchemaError("not a ginrummy document: the JSON is nested too deeply to read") from None
    return from_dict(data)

