"""The exception hierarchy of :mod:`ginrummy`.

Every error the library raises on bad input derives from :class:`GinRummyError`.
The concrete classes also derive from :class:`ValueError` (a value of the wrong type:
:class:`WrongTypeError`, from :class:`TypeError`), so code that already catches
``ValueError`` or ``TypeError`` keeps working. Messages quote the offending input and
say what was expected.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from numbers import Integral, Real
from typing import Any, ClassVar, NoReturn, SupportsIndex, TypeGuard, TypeVar, cast

__all__ = [
    "CardParseError",
    "DuplicateCardError",
    "GinRummyError",
    "IllegalActionError",
    "IllegalActionTypeError",
    "InvalidHandError",
    "InvalidHandTypeError",
    "InvalidMeldError",
    "InvalidStateError",
    "PlayerError",
    "PlayerTypeError",
    "RulesError",
    "RulesTypeError",
    "SchemaError",
    "SchemaTypeError",
    "UnfinishedError",
    "WrongTypeError",
]


_SHOWN_LIMIT = 80


def _count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun`` for a message, the noun plural unless the number is 1
    (``plural``, or the noun with an ``s``): ``1 card``, ``0 cards``, ``2 entries``."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _shown(value: object) -> str:
    """``repr`` of a value for an error message, shortened so that a huge input gives a
    readable message (an int too long to print at all is described by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"{'-' if value < 0 else ''}<a whole number of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # a container holding such an int, or an object whose repr fails
        return f"<a {type(value).__name__} that cannot be shown>"
    if len(text) <= _SHOWN_LIMIT:
        return text
    return f"{text[:_SHOWN_LIMIT]}... ({len(text)} characters)"


class GinRummyError(Exception):
    """Base class of every error raised by :mod:`ginrummy`."""


def _rebuild(kind: type[GinRummyError], args: tuple[object, ...], fields: dict[str, object]) -> GinRummyError:
    """An error of ``kind`` from its pickled message and keyword fields (internal)."""
    return kind(*args, **fields)


class CardParseError(GinRummyError, ValueError):
    """Text that does not describe a card (or a list of cards).

    ``text`` is the whole input and ``position`` the index of the first character
    that could not be read.
    """

    def __init__(self, message: str, *, text: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.text = text
        self.position = position

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled with its fields, so that it crosses to and from worker processes whole.
        return (_rebuild, (type(self), self.args, {"text": self.text, "position": self.position}))


class InvalidHandError(GinRummyError, ValueError):
    """A collection of cards that is not acceptable where it was given.

    Raised for duplicate cards, a wrong number of cards, or cards shared between
    hands that must be disjoint.
    """


class DuplicateCardError(CardParseError, InvalidHandError):
    """Card text that names the same card twice, such as ``"As As"``.

    It is both a :class:`CardParseError` (the text is unacceptable) and an
    :class:`InvalidHandError` (a hand cannot hold a card twice).
    """


class InvalidMeldError(GinRummyError, ValueError):
    """Cards that do not form a set or a run, or a layoff that does not fit."""


class InvalidStateError(GinRummyError, ValueError):
    """A :class:`~ginrummy.GameState` whose fields break the invariants of a hand, found
    by :meth:`~ginrummy.GameState.validate`: a card in two places or missing, a hand of
    the wrong size for the phase, a seat out of range, a knock limit the upcard does not
    fix, and the like. The message names the field or card and what was expected.

    Also raised for a :class:`~ginrummy.PlayerView` built directly that no player could
    see at a table, and for a :class:`~ginrummy.Match` built directly whose hands and
    score do not fit together (both checked as they are built)."""


class IllegalActionError(GinRummyError, ValueError):
    """An action that may not be played in the current state.

    ``reason`` is a short machine-readable code such as ``"not_your_turn"``,
    ``"wrong_phase"``, ``"card_not_in_hand"``, ``"taken_card"`` or
    ``"over_knock_limit"``; the message explains it for people.
    """

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled with its reason: the default pickling would call __init__ without it.
        return (_rebuild, (type(self), self.args, {"reason": self.reason}))


def _in_context(error: IllegalActionError, context: str) -> IllegalActionError:
    """``error`` again, of the same class and ``reason``, its message led by ``context``
    (which action of a replay, which player's move) (internal)."""
    return type(error)(f"{context}: {error}", reason=error.reason)


class RulesError(GinRummyError, ValueError):
    """A :class:`~ginrummy.Rules` value that cannot be played, or an unknown preset.

    Also raised for a score record built directly (:class:`~ginrummy.Score`,
    :class:`~ginrummy.Settlement`, :class:`~ginrummy.GameScore`,
    :class:`~ginrummy.HollywoodColumn`) whose figures no play under the rules could
    give, such as points that do not add up or a winner's seat out of range."""


class SchemaError(GinRummyError, ValueError):
    """A serialised document that is malformed, tampered with or of another version."""


class PlayerError(GinRummyError, ValueError):
    """Computer players set up wrongly: an unknown level, a setting out of range (such
    as ``time_budget=0``), a number of players that does not fit the rules, or a
    tournament of fewer than one game. Also raised for a players' record built directly
    that no tournament or search could give (:class:`~ginrummy.players.MatchSummary`,
    :class:`~ginrummy.players.TournamentResult`, :class:`~ginrummy.players.Rating`,
    :class:`~ginrummy.players.Analysis`)."""


class UnfinishedError(GinRummyError, RuntimeError):
    """A hand or a game that the drivers (:func:`~ginrummy.players.play_hand`,
    :func:`~ginrummy.players.play_match` and the tournaments built on them) stopped at
    their limit of actions in a hand or hands in a game, unfinished: players that keep
    taking each other's discards never run the stock down.

    It is a :class:`RuntimeError` as well, not a :class:`ValueError`: nothing given was
    wrong, the players just did not finish."""


class WrongTypeError(GinRummyError, TypeError):
    """A value of the wrong type where the library expected another, such as
    ``Card.parse(3)`` or a ``str`` where a :class:`~ginrummy.Rules` value belongs.

    It is a :class:`TypeError` too, as Python's own type errors are; the message names
    the type expected and, where it helps, quotes the value given.

    Where a value of the wrong type belongs to a kind of input that has an error of its
    own (a rule knob, a computer player's setting, a seat or a seed, an action index,
    a document to load), the error raised is both: :class:`RulesTypeError`,
    :class:`PlayerTypeError`, :class:`InvalidHandTypeError`,
    :class:`IllegalActionTypeError` or :class:`SchemaTypeError`, so that
    ``except RulesError`` and ``except TypeError`` each catch
    ``Rules(game_target="100")``.
    """


class RulesTypeError(RulesError, WrongTypeError):
    """A rule knob of the wrong type, such as ``Rules(game_target="100")`` or
    ``Rules(big_gin=1)``, or a field of the wrong type in a score record built directly.

    It is a :class:`RulesError` and a :class:`WrongTypeError` (so both a ``ValueError``
    and a ``TypeError``)."""


class PlayerTypeError(PlayerError, WrongTypeError):
    """A computer player's or a tournament's setting of the wrong type, such as
    ``make_player("hard", seed=1.5)`` or ``time_budget="1s"``.

    It is a :class:`PlayerError` and a :class:`WrongTypeError` (so both a ``ValueError``
    and a ``TypeError``)."""


class InvalidHandTypeError(InvalidHandError, WrongTypeError):
    """A seat, a dealer or a seed of the wrong type, such as ``state.view("1")`` or
    ``GameState.new(seed=1.5)``.

    It is an :class:`InvalidHandError` (as a seat out of range is) and a
    :class:`WrongTypeError` (so both a ``ValueError`` and a ``TypeError``)."""


class IllegalActionTypeError(IllegalActionError, WrongTypeError):
    """Something that is not an action where an action or an action's index belongs,
    such as ``ginrummy.rl.index_action(1.5)``.

    It is an :class:`IllegalActionError` (with its ``reason``) and a
    :class:`WrongTypeError` (so both a ``ValueError`` and a ``TypeError``)."""


class SchemaTypeError(SchemaError, WrongTypeError):
    """Something that is not JSON text given to :func:`~ginrummy.loads`, such as
    ``loads(1.5)``.

    It is a :class:`SchemaError` and a :class:`WrongTypeError` (so both a
    ``ValueError`` and a ``TypeError``)."""




_Kind = TypeVar("_Kind", bound=GinRummyError)


def _whole_or_type(value: object, kind: type[_Kind], dual: type[_Kind]) -> type[_Kind]:
    """``kind`` for a whole number (the value is out of range) and ``dual``, the class that
    is also a :class:`WrongTypeError`, for anything else (``bool`` included) (internal)."""
    return kind if isinstance(value, int) and not isinstance(value, bool) else dual


_Value = TypeVar("_Value")


def _iterable(value: object) -> TypeGuard[Iterable[Any]]:
    """Whether ``value`` can be iterated: an ``Iterable`` by its type that ``iter`` also
    accepts (a 0-d numpy array is the one by its type, yet refuses the other) (internal)."""
    if not isinstance(value, Iterable):
        return False
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _as_whole(value: _Value) -> _Value:
    """``value`` as an ``int`` when it is a whole number of a type other than ``int`` (a
    numpy integer, say: a seat picked with ``numpy.argmax``); else ``value`` itself, an
    ``int`` (``bool`` and ``IntEnum`` included) or anything else, for the caller to check
    (internal)."""
    if isinstance(value, int) or not isinstance(value, Integral):
        return value
    return cast(_Value, int(value))


def _as_float(value: _Value) -> _Value:
    """``value`` as a ``float`` when it is a real number of a type other than ``int`` and
    ``float`` (a numpy float, a ``Fraction``); else ``value`` itself, for the caller to
    check. ``OverflowError`` for one too large for a float (internal)."""
    if type(value) is float or isinstance(value, int) or not isinstance(value, Real):
        return value
    return cast(_Value, float(value))


def _whole_field(value: SupportsIndex) -> int:
    """The converter of a record's whole-number field: :func:`_as_whole`, typed for
    attrs. Anything that is not a whole number passes through unchanged, for the
    record's own check to refuse with a library error (internal)."""
    return cast(int, _as_whole(value))


def _maybe_whole_field(value: SupportsIndex | None) -> int | None:
    """:func:`_whole_field` for a field that may be ``None`` (internal)."""
    return cast("int | None", _as_whole(value))


def _seat_of(
    value: object, seats: int, what: str, kind: type[_Kind], dual: type[_Kind], *, after: str = "", typed: str = ""
) -> int:
    """``value`` when it is a seat 0 to ``seats - 1``; otherwise ``kind`` (a whole number
    out of range) or ``dual`` (anything else), saying ``"{what}=... is not a seat:
    expected 0-{seats - 1}{after}"``, with ``typed`` before the range for ``dual`` (internal)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise dual(f"{what}={_shown(value)} is not a seat: expected {typed}0-{seats - 1}{after}")
    if not 0 <= value < seats:
        raise kind(f"{what}={_shown(value)} is not a seat: expected 0-{seats - 1}{after}")
    return value


class _RefusingType(enum.EnumType):
    """The metaclass of the public enums: a lookup by a value that cannot be hashed (a
    list, a numpy array) goes straight to ``_missing_``. ``Enum`` would otherwise compare
    it with each member's value, and a numpy array answers ``==`` with an array whose
    truth is ambiguous (internal)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs:
            try:
                hash(value)
            except TypeError:
                return cast(Any, cls)._missing_(value)  # an enum class: Enum defines _missing_
        return super().__call__(value, *args, **kwargs)


class _Refusing:
    """Mixin for the public enums (``class Rank(_CardValue, enum.IntEnum,
    metaclass=_RefusingType)``): a lookup by a value the enum lacks raises the library's
    error for that kind of value (still a ``ValueError``), such as ``Rank(99)`` or
    ``WallRule("x")``."""

    _refused_as: ClassVar[type[GinRummyError]]

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        allowed = ", ".join(repr(member.value) for member in cast("Iterable[enum.Enum]", cls))
        raise cls._refused_as(f"{cls.__name__}({_shown(value)}) is not allowed: expected one of {allowed}")


class _CardValue(_Refusing):
    _refused_as = CardParseError


class _MeldValue(_Refusing):
    _refused_as = InvalidMeldError


class _RulesValue(_Refusing):
    _refused_as = RulesError


class _SchemaValue(_Refusing):
    _refused_as = SchemaError
