"""Rule variants: the frozen :class:`Rules` value and its named presets.

Every knob of the rule book is a field. Presets are ordinary :class:`Rules`
values; change any knob with :func:`attrs.evolve`, which re-validates::

    >>> import attrs
    >>> from ginrummy import Rules
    >>> rules = attrs.evolve(Rules.preset("standard"), gin_bonus=20)
    >>> str(rules)
    'standard+gin_bonus=20'
    >>> Rules.parse(str(rules)) == rules
    True
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, TypeVar

import attrs

from .cards import Card, Rank, Suit
from .cards._card import require_card
from .errors import RulesError, RulesTypeError, WrongTypeError, _RulesValue, _RefusingType, _as_whole, _shown, _whole_or_type

__all__ = [
    "NextDealer",
    "OklahomaAce",
    "PRESETS",
    "Rules",
    "Shutout",
    "SpadesDouble",
    "WallRule",
    "find_rules",
    "preset_table",
]


class OklahomaAce(_RulesValue, enum.StrEnum, metaclass=_RefusingType):
    """What an ace upcard means under Oklahoma."""

    GIN_ONLY = "gin_only"
    """Knock limit 0: only gin or big gin end the hand."""
    ONE = "one"
    """Knock with 1 or less."""


class SpadesDouble(_RulesValue, enum.StrEnum, metaclass=_RefusingType):
    """What a spade upcard doubles under Oklahoma."""

    ALL = "all"
    """Every point of the hand, bonuses included."""
    BONUSES = "bonuses"
    """Only the gin, big gin and undercut bonuses (not the knock bonus)."""
    OFF = "off"
    """Nothing."""


class WallRule(_RulesValue, enum.StrEnum, metaclass=_RefusingType):
    """What happens when the stock is down to :attr:`Rules.wall_size` cards."""

    VOID = "void"
    """The hand ends void: nobody scores and the same dealer deals again."""
    FIFTIETH_CARD = "fiftieth_card"
    """The opponent may take the last discard only to knock or go gin at once."""


class NextDealer(_RulesValue, enum.StrEnum, metaclass=_RefusingType):
    """Who deals the next hand."""

    ALTERNATE = "alternate"
    """The deal alternates."""
    WINNER = "winner"
    """The winner of the hand deals."""


class Shutout(_RulesValue, enum.StrEnum, metaclass=_RefusingType):
    """What a shutout (the loser has no hand points) does to the settlement."""

    DOUBLE = "double"
    """Double the winner's whole total."""
    GAME_BONUS_X2 = "game_bonus_x2"
    """Pay the game bonus twice."""
    NONE = "none"
    """Nothing."""


MAX_POINTS: Final = 1_000_000
"""The largest bonus or game target a :class:`Rules` value takes: far beyond any game,
and small enough that every score prints, saves and stays exact in JavaScript."""
_BONUSES: Final = ("gin_bonus", "big_gin_bonus", "undercut_bonus", "knock_bonus", "game_bonus", "box_bonus")
_DECK: Final = 52


_E = TypeVar("_E", bound=enum.StrEnum)


def _to_enum(kind: type[_E], name: str, value: object) -> _E:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value.strip().lower().replace("-", "_"))
        except ValueError:
            pass
    allowed = ", ".join(repr(m.value) for m in kind)
    refused = RulesError if isinstance(value, str) else RulesTypeError
    raise refused(f"{name}={_shown(value)} is not allowed: expected one of {allowed}")


def _oklahoma_ace(value: OklahomaAce | str) -> OklahomaAce:
    return _to_enum(OklahomaAce, "oklahoma_ace", value)


def _spades_double(value: SpadesDouble | str) -> SpadesDouble:
    return _to_enum(SpadesDouble, "spades_double", value)


def _wall_rule(value: WallRule | str) -> WallRule:
    return _to_enum(WallRule, "wall_rule", value)


def _next_dealer(value: NextDealer | str) -> NextDealer:
    return _to_enum(NextDealer, "next_dealer", value)


def _shutout(value: Shutout | str) -> Shutout:
    return _to_enum(Shutout, "shutout", value)


@attrs.frozen(kw_only=True, repr=False)
class Rules:
    """Every rule knob of the rule book, validated on construction.

    ``Rules()`` is the default preset, Oklahoma. Use :meth:`preset` or
    :func:`find_rules` for the others, and :func:`attrs.evolve` to change knobs.
    An impossible value raises :class:`~ginrummy.RulesError` naming the field and
    the allowed values.
    """

    players: int = 2
    """Number of players: 2, 3 or 4 (:attr:`hand_size` follows: 10 for two, 7 for three or four)."""
    knock_limit: int = 10
    """The fixed knock limit, 0-10; ignored when :attr:`oklahoma` is on."""
    oklahoma: bool = True
    """The upcard of each deal sets the knock limit (and may double the hand)."""
    oklahoma_ace: OklahomaAce = attrs.field(default=OklahomaAce.GIN_ONLY, converter=_oklahoma_ace)
    """Knock limit for an ace upcard under Oklahoma."""
    spades_double: SpadesDouble = attrs.field(default=SpadesDouble.ALL, converter=_spades_double)
    """What a spade upcard doubles under Oklahoma."""
    spades_double_boxes: bool = False
    """A spade upcard also doubles the box the hand earns."""
    gin_bonus: int = 25
    """Bonus for gin."""
    big_gin: bool = True
    """Whether big gin (11 cards melded, no discard) is allowed."""
    big_gin_bonus: int = 31
    """Bonus for big gin."""
    undercut_bonus: int = 25
    """Bonus for an undercut."""
    undercut_on_tie: bool = True
    """Equal deadwood is an undercut; when off it scores nothing for anyone."""
    knock_bonus: int = 0
    """Bonus for a successful (non-gin) knock."""
    discard_taken_card: bool = False
    """A card taken from the discard pile may be discarded (or be the knock discard) in the same turn."""
    wall_size: int = 2
    """Stock cards that are never drawn."""
    wall_rule: WallRule = attrs.field(default=WallRule.VOID, converter=_wall_rule)
    """What happens at the wall."""
    next_dealer: NextDealer = attrs.field(default=NextDealer.ALTERNATE, converter=_next_dealer)
    """Who deals the next hand (after a void hand the same dealer deals again)."""
    game_target: int = 150
    """Hand points that end the game."""
    game_bonus: int = 100
    """Bonus for winning the game."""
    box_bonus: int = 25
    """Bonus per hand won, added at the end of the game."""
    shutout: Shutout = attrs.field(default=Shutout.DOUBLE, converter=_shutout)
    """What a shutout does."""
    hollywood: bool = False
    """Score three games at once (Hollywood)."""
    _hand_size: int | None = attrs.field(default=None, alias="hand_size", eq=False, repr=False)
    """Accepted for convenience and checked: :attr:`hand_size` always follows from :attr:`players`."""

    def __attrs_post_init__(self) -> None:
        for field in _knobs():
            value = getattr(self, field.name)
            if field.type in ("int", int) and type(value) is not int:
                value = _as_whole(value)  # a numpy integer is stored as its int
                object.__setattr__(self, field.name, value)
            if field.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesTypeError(f"{field.name}={_shown(value)} is not allowed: expected True or False")
            if field.type in ("int", int) and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesTypeError(f"{field.name}={_shown(value)} is not allowed: expected a whole number")
        if self.players not in (2, 3, 4):
            raise RulesError(f"players={_shown(self.players)} is not allowed: expected 2, 3 or 4")
        if self._hand_size is not None:
            hand_size = _as_whole(self._hand_size)
            if isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size != self.hand_size:
                raise _whole_or_type(hand_size, RulesError, RulesTypeError)(
                    f"hand_size={_shown(self._hand_size)} is not allowed with players={self.players}: "
                    f"expected {self.hand_size} (it follows from the number of players)"
                )
            object.__setattr__(self, "_hand_size", None)
        if self.hollywood and self.players != 2:
            raise RulesError(
                f"hollywood=on with players={self.players} is not allowed: Hollywood scoring is defined "
                "for two players only (no rule book scores three games at once among more)"
            )
        if not 0 <= self.knock_limit <= 10:
            raise RulesError(f"knock_limit={_shown(self.knock_limit)} is not allowed: expected 0-10")
        for name in _BONUSES:
            if not 0 <= getattr(self, name) <= MAX_POINTS:
                raise RulesError(f"{name}={_shown(getattr(self, name))} is not allowed: expected 0-{MAX_POINTS:,}")
        stock = self.stock_size
        if not 0 <= self.wall_size < stock:
            raise RulesError(
                f"wall_size={_shown(self.wall_size)} is not allowed: expected 0-{stock - 1} "
                f"(the stock holds {stock} cards)"
            )
        if not 1 <= self.game_target <= MAX_POINTS:
            raise RulesError(f"game_target={_shown(self.game_target)} is not allowed: expected 1-{MAX_POINTS:,}")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 10 with two players, 7 with three or four.

        >>> Rules().hand_size, Rules(players=3).hand_size
        (10, 7)
        """
        return 10 if self.players == 2 else 7

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal and the upcard."""
        return _DECK - self.players * self.hand_size - 1

    def knock_limit_for(self, upcard: Card) -> int:
        """The knock limit of a hand whose first upcard is ``upcard``.

        >>> Rules().knock_limit_for(Card.parse("7h")), Rules().knock_limit_for(Card.parse("Kd"))
        (7, 10)
        >>> Rules().knock_limit_for(Card.parse("Ac"))
        0
        """
        require_card(upcard, "upcard")
        if not self.oklahoma:
            return self.knock_limit
        if upcard.rank is Rank.ACE:
            return 0 if self.oklahoma_ace is OklahomaAce.GIN_ONLY else 1
        return upcard.value

    def multiplier_for(self, upcard: Card) -> int:
        """2 when a spade upcard doubles the hand under Oklahoma, else 1.

        What the factor applies to is :attr:`spades_double`.
        """
        require_card(upcard, "upcard")
        if self.oklahoma and self.spades_double is not SpadesDouble.OFF and upcard.suit is Suit.SPADES:
            return 2
        return 1

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (see :data:`PRESETS`, aliases allowed)."""
        return find_rules(name)

    @property
    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, or ``None``."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    def to_dict(self) -> dict[str, object]:
        """Every knob as JSON-ready data (enums as their strings)."""
        return {f.name: (v.value if isinstance(v, enum.Enum) else v) for f in _knobs() for v in [getattr(self, f.name)]}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or ill-typed knobs raise :class:`RulesError`."""
        if not isinstance(data, Mapping):
            raise RulesTypeError(f"rules data must be a mapping, not {type(data).__name__}: {_shown(data)}")
        names = {f.name for f in _knobs()}
        unknown = sorted(str(k) for k in data if k not in names and k != "hand_size")
        if unknown:
            raise RulesError(f"unknown rules knob(s) {', '.join(unknown)}: expected some of {', '.join(sorted(names))}")
        # Documents of version 1 stored the hand size; it is checked against the players.
        return cls(**{str(k): v for k, v in data.items()})  # type: ignore[arg-type]

    def differences(self, other: Rules) -> dict[str, object]:
        """Knobs whose value here differs from ``other``, with the values here (``TypeError``
        when ``other`` is not a :class:`Rules`)."""
        if not isinstance(other, Rules):
            raise WrongTypeError(f"Rules.differences compares with Rules, not {type(other).__name__}: {_shown(other)}")
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    def __str__(self) -> str:
        return _text(self)

    def _text(self) -> str:
        best_name, best_diff = "", dict[str, object]()
        for name, rules in PRESETS.items():
            diff = self.differences(rules)
            if not best_name or len(diff) < len(best_diff):
                best_name, best_diff = name, diff
        parts = [best_name] + [f"{k}={_format_value(v)}" for k, v in best_diff.items()]
        return "+".join(parts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Rules from text: a preset name, optionally followed by ``+knob=value`` changes,
        each knob at most once (:class:`~ginrummy.RulesError` otherwise).

        >>> Rules.parse("straight+undercut_on_tie=off").undercut_on_tie
        False
        """
        if not isinstance(text, str):
            raise WrongTypeError(f"rules text must be a str, not {type(text).__name__}: {_shown(text)}")
        head, *changes = [part.strip() for part in text.replace(",", "+").split("+")]
        fields = {f.name: f for f in _knobs()}
        if "=" in head:
            knob = head.partition("=")[0].strip().lower().replace("-", "_")
            example = f"oklahoma+{head}" if knob in fields else "oklahoma+players=3"
            raise RulesError(
                f"cannot read {_shown(text)}: rules text starts with a preset name ({', '.join(PRESETS)}),"
                f" then +knob=value changes, such as {_shown(example)}"
            )
        base = find_rules(head)
        values: dict[str, object] = {}
        for change in changes:
            key, sep, raw = change.partition("=")
            key = key.strip().lower().replace("-", "_")  # in any case, as the preset and the values
            if not sep or key not in fields:
                raise RulesError(
                    f"cannot read {_shown(change)} in {_shown(text)}: expected knob=value with a knob among {', '.join(fields)}"
                )
            if key in values:
                raise RulesError(
                    f"{key} is given twice in {_shown(text)}: expected each knob at most once, so that no change"
                    " silently replaces another"
                )
            values[key] = _parse_value(key, fields[key].type, raw.strip(), text)
        return attrs.evolve(base, **values)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=256)
def _text(rules: Rules) -> str:
    # Rules are frozen, so their text is worth keeping: front-ends print it often.
    return rules._text()


def _knobs() -> tuple[attrs.Attribute[object], ...]:
    """The fields of :class:`Rules` that are knobs (not the checked ``hand_size`` input)."""
    return tuple(f for f in attrs.fields(Rules) if f.name != "_hand_size")


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _parse_value(key: str, kind: object, raw: str, text: str) -> object:
    if kind in ("bool", bool):
        lowered = raw.lower()
        if lowered in ("on", "true", "yes", "1"):
            return True
        if lowered in ("off", "false", "no", "0"):
            return False
        raise RulesError(f"{key}={_shown(raw)} in {_shown(text)} is not allowed: expected on or off")
    if kind in ("int", int):
        value = _parse_whole(raw)
        if value is None:
            raise RulesError(f"{key}={_shown(raw)} in {_shown(text)} is not allowed: expected {_WHOLE_EXPECTED}")
        return value
    return raw


_WHOLE_DIGITS = 4000
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{_WHOLE_DIGITS}}}")
_WHOLE_EXPECTED = f"a whole number in ASCII digits (at most {_WHOLE_DIGITS} digits)"
"""What :func:`_parse_whole` reads, for the messages that refuse anything else."""


def _parse_whole(text: str) -> int | None:
    """``text`` as a whole number written in at most ``_WHOLE_DIGITS`` ASCII digits
    with an optional sign, else ``None``. Stricter than :class:`int`, which also reads ``1_000``, surrounding
    spaces and other scripts' digits: rules text and command lines are read exactly."""
    return int(text) if _WHOLE.fullmatch(text) else None


_OKLAHOMA = Rules()
_STANDARD = Rules(oklahoma=False, spades_double=SpadesDouble.OFF, game_target=100)
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "oklahoma": _OKLAHOMA,
        "standard": _STANDARD,
        "classic": attrs.evolve(
            _STANDARD,
            gin_bonus=20,
            big_gin=False,
            undercut_bonus=10,
            next_dealer=NextDealer.WINNER,
            box_bonus=20,
            shutout=Shutout.GAME_BONUS_X2,
        ),
        "straight": attrs.evolve(_STANDARD, knock_limit=0),
        "tournament": attrs.evolve(_STANDARD, wall_rule=WallRule.FIFTIETH_CARD, game_target=250),
        "hollywood": attrs.evolve(_STANDARD, hollywood=True),
    }
)
"""The named presets of the rule book, ``oklahoma`` (the default) first; ``hollywood`` is
the standard preset scored three games at once, as players know it."""

_ALIASES: Final = {
    "okie": "oklahoma",
    "oklahoma-gin": "oklahoma",
    "default": "oklahoma",
    "gin-only": "straight",
    "straight-gin": "straight",
    "gin": "standard",
    "gin-rummy": "standard",
    "old": "classic",
    "hoyle": "classic",
}


def _require_rules(rules: object) -> Rules:
    """``rules`` when it is a :class:`Rules` value; ``TypeError`` quoting it otherwise
    (internal: every function that takes rules checks them with this)."""
    if not isinstance(rules, Rules):
        raise WrongTypeError(
            f"rules must be a Rules value, not {type(rules).__name__}: {_shown(rules)}"
            " (Rules.parse reads rules text such as 'standard' or 'oklahoma+players=3')"
        )
    return rules


def find_rules(name: str) -> Rules:
    """The preset called ``name``; case, spaces and underscores do not matter.

    >>> find_rules("okie") == Rules()
    True
    >>> find_rules("Gin Only").knock_limit
    0
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"preset name must be a str, not {type(name).__name__}: {_shown(name)}")
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = _ALIASES.get(key, key)
    if key in PRESETS:
        return PRESETS[key]
    raise RulesError(
        f"unknown rules preset {_shown(name)}: expected one of {', '.join(PRESETS)} "
        f"(aliases: {', '.join(sorted(_ALIASES))})"
    )


def preset_table() -> str:
    """The presets as a Markdown table, one row per knob (the docs are built from this).

    ``knock_limit`` shows "—" where Oklahoma makes the upcard set the limit.
    """
    names = list(PRESETS)
    lines = ["| Knob | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for field in _knobs():
        cells = []
        for name in names:
            rules = PRESETS[name]
            value = getattr(rules, field.name)
            if field.name == "knock_limit" and rules.oklahoma:
                cells.append("—")
            elif isinstance(value, bool):
                cells.append("on" if value else "off")
            else:
                cells.append(str(value))
        lines.append(f"| `{field.name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)
