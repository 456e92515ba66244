"""A finished hand: :class:`HandResult`, the facts priced under any rules, and
:func:`showdown`, which lays a knock down and makes them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import attrs

from .._price import EndReason, Score, price_hand, void_score
from ..cards import Card, CardsLike, Hand
from ..cards._card import require_card
from ..cards._hand import mask_of
from ..errors import (
    InvalidHandError,
    InvalidHandTypeError,
    InvalidMeldError,
    RulesError,
    WrongTypeError,
    _as_whole,
    _count,
    _maybe_whole_field,
    _seat_of,
    _shown,
)
from ..melds import Meld, MeldLike, _as_melds
from ..rules import Rules, _require_rules
from ..solver import Layoff, Melding, best_layoffs, best_melding, knocker_melding

_T = TypeVar("_T")


def _items(name: str, value: Iterable[_T]) -> tuple[_T, ...]:
    """``value`` as a tuple, or :class:`~ginrummy.WrongTypeError` naming ``name`` when it is
    not iterable (or is text or bytes, which iterate as characters or small numbers)."""
    if isinstance(value, (str, bytes, bytearray)):
        raise WrongTypeError(f"{name} must be an iterable of items, not {type(value).__name__}: {_shown(value)}")
    try:
        return tuple(value)
    except TypeError:
        raise WrongTypeError(f"{name} must be an iterable, not {type(value).__name__}: {_shown(value)}") from None


def _items_of(name: str, value: Iterable[object], kind: type[_T]) -> tuple[_T, ...]:
    """``value`` as a tuple of ``kind`` values (see :func:`_items`), or
    :class:`~ginrummy.WrongTypeError` naming ``name`` and the first item of another type."""
    out: list[_T] = []
    for item in _items(name, value):
        if not isinstance(item, kind):
            raise WrongTypeError(f"{name} must hold {kind.__name__} values, not {type(item).__name__}: {_shown(item)}")
        out.append(item)
    return tuple(out)


def _hands(value: Iterable[Hand]) -> tuple[Hand, ...]:
    if isinstance(value, (str, Hand)):
        raise WrongTypeError("hands must be one Hand per seat, not a single hand or string")
    return _items_of("hands", value, Hand)


def _melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(_as_melds(value))


def _layoffs(value: Iterable[Layoff]) -> tuple[Layoff, ...]:
    return _items_of("layoffs", value, Layoff)


def _check_facts(result: HandResult) -> None:
    """Refuse a result that no hand could end with (RULES.md sections 1 and 2): hands
    that share cards or hold the wrong number, melds or layoffs of cards their player
    does not hold, a knock over the limit, layoffs on gin or that do not fit."""
    rules, hands, knocker = result.rules, result.hands, result.knocker
    if not isinstance(result.big_gin, bool):
        raise WrongTypeError(f"big_gin must be True or False, not {_shown(result.big_gin)}")
    if len(hands) != rules.players:
        raise InvalidHandError(f"these rules seat {rules.players} players, but the result holds {_count(len(hands), 'hand')}")
    seen = 0
    for seat, hand in enumerate(hands):
        if hand.mask & seen:
            raise InvalidHandError(f"the hands share {Hand.from_mask(hand.mask & seen)}: a card can be in one hand only")
        seen |= hand.mask
        size = rules.hand_size + (1 if seat == knocker and result.big_gin else 0)
        if len(hand) != size and not (knocker is None and not hand):  # a void hand's cards may be left out
            raise InvalidHandError(f"seat {seat} holds {_count(len(hand), 'card')} ({hand}): expected {size}")
    if knocker is None:
        if result.knocker_melds or result.defender_melds or result.layoffs or result.big_gin:
            raise InvalidHandError("a void hand (knocker=None) has no melds, no layoffs and no big gin")
        return
    if result.big_gin and not rules.big_gin:
        raise InvalidHandError("big gin is off under these rules")
    layout = Melding.from_melds(hands[knocker], result.knocker_melds)
    if result.big_gin and layout.deadwood_cards:
        raise InvalidMeldError(f"big gin needs every card in melds; {layout.deadwood_cards} are left over")
    limit = rules.knock_limit_for(result.upcard)
    if layout.deadwood > limit:
        raise InvalidHandError(
            f"the knocker's deadwood is {layout.deadwood} ({layout.deadwood_cards}), over the knock limit {limit}"
        )
    defenders = [hand.mask for seat, hand in enumerate(hands) if seat != knocker]
    used = 0
    for meld in result.defender_melds:
        if not any(meld.mask & ~held == 0 for held in defenders):
            raise InvalidMeldError(f"defender meld {meld} is not within one defender's hand")
        if meld.mask & used:
            raise InvalidMeldError(f"defender meld {meld} shares a card with another meld or layoff")
        used |= meld.mask
    if result.layoffs and layout.deadwood == 0:
        raise InvalidMeldError("no layoffs are allowed on gin or big gin")
    melds = list(result.knocker_melds)
    for layoff in result.layoffs:
        card, target = layoff.card, layoff.target
        if not any(card.mask & held for held in defenders):
            raise InvalidMeldError(f"layoff of {card}: no defender holds it")
        if card.mask & used:
            raise InvalidMeldError(f"layoff of {card}: it is already in a defender's meld or layoff")
        if not 0 <= target < len(melds):
            raise InvalidMeldError(f"layoff of {card} on meld {target}: the knocker laid out {_count(len(melds), 'meld')}")
        if not melds[target].can_extend(card):
            raise InvalidMeldError(f"layoff of {card} does not fit meld {target}, {melds[target]}")
        melds[target] = melds[target].extend(card)
        used |= card.mask


@attrs.frozen
class HandResult:
    """The facts of a finished hand, for two to four players.

    For a void hand ``knocker`` is ``None`` and the melds are empty; since nothing is
    scored, any of its hands may be left empty (unrecorded, or hidden as in a player's
    view). Deadwood counts
    are derived from the hands and melds, so they always agree with them. With three
    or four players, :attr:`defender_melds` and :attr:`layoffs` hold every defender's
    melds and layoffs in showdown order (each card belongs to exactly one hand, so
    :meth:`melds_of` and :meth:`layoffs_of` tell them apart).
    """

    rules: Rules
    """The rules the hand was played under (used by :attr:`points` and friends)."""
    upcard: Card
    """The first upcard of the deal (sets the Oklahoma limit and doubling)."""
    knocker: int | None = attrs.field(converter=_maybe_whole_field)
    """Seat of the player who knocked or went big gin; ``None`` for a void hand."""
    hands: tuple[Hand, ...] = attrs.field(converter=_hands)
    """Each seat's cards at the end: the knocker's kept cards (all of them for big gin)."""
    knocker_melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """How the knocker laid out."""
    defender_melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """The defenders' own melds, in showdown order."""
    layoffs: tuple[Layoff, ...] = attrs.field(default=(), converter=_layoffs)
    """The defenders' layoffs in showdown order; each ``target`` indexes :attr:`knocker_melds`."""
    big_gin: bool = False
    """True when the knocker went out with every card melded."""

    def __attrs_post_init__(self) -> None:
        if not 2 <= len(self.hands) <= 4:
            raise InvalidHandError(f"a hand result holds 2 to 4 hands, one per seat, not {len(self.hands)}")
        knocker = self.knocker
        if knocker is not None:
            _seat_of(knocker, len(self.hands), "knocker", InvalidHandError, InvalidHandTypeError, after=" or None")
        _require_rules(self.rules)
        require_card(self.upcard, "upcard")
        _check_facts(self)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def is_void(self) -> bool:
        """True when the hand ended at the wall with no knock."""
        return self.knocker is None

    @property
    def order(self) -> tuple[int, ...]:
        """The defenders' seats in showdown order, from the knocker's left (empty for a void hand)."""
        if self.knocker is None:
            return ()
        n = len(self.hands)
        return tuple((self.knocker + i) % n for i in range(1, n))

    def _two_players(self, what: str) -> None:
        if len(self.hands) != 2:
            raise RulesError(
                f"HandResult.{what} is for two players; this hand had {len(self.hands)}: "
                "use order, deadwood_of(seat), melds_of(seat) and layoffs_of(seat)"
            )

    @property
    def defender(self) -> int | None:
        """Seat of the defender (two players only), or ``None`` for a void hand."""
        self._two_players("defender")
        return None if self.knocker is None else 1 - self.knocker

    @property
    def knocker_deadwood(self) -> int:
        """The knocker's deadwood as laid out."""
        if self.knocker is None:
            return 0
        mask = self.hands[self.knocker].mask
        for meld in self.knocker_melds:
            mask &= ~meld.mask
        return Hand.from_mask(mask).value

    def _seat(self, seat: int) -> int:
        """``seat`` as an ``int`` (any whole-number type) when it is a seat of this hand."""
        return _seat_of(_as_whole(seat), len(self.hands), "seat", InvalidHandError, InvalidHandTypeError, typed="a whole number ")

    def melds_of(self, seat: int) -> tuple[Meld, ...]:
        """The melds ``seat`` laid down: the knocker's layout, or a defender's own melds."""
        seat = self._seat(seat)
        if self.knocker is None:
            return ()
        if seat == self.knocker:
            return self.knocker_melds
        held = self.hands[seat].mask
        return tuple(m for m in self.defender_melds if m.mask & held)

    def layoffs_of(self, seat: int) -> tuple[Layoff, ...]:
        """The cards ``seat`` laid off, in order; each ``target`` indexes :attr:`knocker_melds`."""
        held = self.hands[self._seat(seat)].mask
        return tuple(l for l in self.layoffs if l.card.mask & held)

    def deadwood_cards_of(self, seat: int) -> Hand:
        """The cards of ``seat`` left in no meld and no layoff (the least-deadwood ones for a void hand)."""
        seat = self._seat(seat)
        if self.knocker is None:
            return best_melding(self.hands[seat]).deadwood_cards
        mask = self.hands[seat].mask
        for meld in self.melds_of(seat):
            mask &= ~meld.mask
        for layoff in self.layoffs_of(seat):
            mask &= ~layoff.card.mask
        return Hand.from_mask(mask)

    def deadwood_of(self, seat: int) -> int:
        """The deadwood of ``seat``: the knocker's as laid out, a defender's after own melds and layoffs."""
        return self.deadwood_cards_of(seat).value

    @property
    def defender_deadwood_cards(self) -> Hand:
        """The defender's cards in neither an own meld nor a layoff (two players only)."""
        self._two_players("defender_deadwood_cards")
        if self.knocker is None:
            return Hand()
        return self.deadwood_cards_of(1 - self.knocker)

    @property
    def defender_deadwood(self) -> int:
        """The defender's deadwood after own melds and layoffs (two players only)."""
        return self.defender_deadwood_cards.value

    def score_under(self, rules: Rules) -> Score:
        """The price of this hand under ``rules`` (RULES.md section 1, and section 2 for more players).

        ``rules`` must seat as many players as played the hand, and allow big gin if
        the hand ended in it, or :class:`~ginrummy.InvalidHandError`."""
        _require_rules(rules)
        if rules.players != len(self.hands):
            raise InvalidHandError(
                f"this hand was played by {len(self.hands)} players, so rules for {rules.players}"
                f" ({rules}) cannot price it: expected rules with players={len(self.hands)}"
            )
        if self.big_gin and not rules.big_gin:
            raise InvalidHandError(f"this hand ended in big gin, which is off under {rules}: it has no price there")
        if self.knocker is None:
            return void_score()
        return price_hand(
            rules,
            self.upcard,
            big_gin=self.big_gin,
            knocker=self.knocker,
            knocker_deadwood=self.knocker_deadwood,
            defenders=[(seat, self.deadwood_of(seat)) for seat in self.order],
        )

    @property
    def score(self) -> Score:
        """The price of this hand under the rules it was played under."""
        return self.score_under(self.rules)

    @property
    def breakdown(self) -> Score:
        """The same as :attr:`score`: reason, scorer, base, bonus, multiplier, points and box."""
        return self.score

    @property
    def reason(self) -> EndReason:
        """Why the hand ended (under :attr:`rules`)."""
        return self.score.reason

    @property
    def scorer(self) -> int | None:
        """The seat that scores the hand, or ``None``."""
        return self.score.scorer

    @property
    def points(self) -> int:
        """Hand points for :attr:`scorer`."""
        return self.score.points

    def points_under(self, rules: Rules) -> int:
        """Hand points for the scorer if the hand had been priced under ``rules``."""
        return self.score_under(rules).points

    def describe(self, names: Sequence[str] | None = None) -> str:
        """A one-line summary, such as ``"seat 0 knocks with 8, seat 1 has 20: seat 0 scores 12"``.

        ``names`` gives a name per seat (default ``"seat 0"``, ``"seat 1"``, ...).

        >>> from ginrummy import Rules, Card
        >>> result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d",
        ...                   rules=Rules(), upcard=Card.parse("Th"))
        >>> result.describe(["Ann", "Bob"])
        'Ann knocks with 10, Bob has 9: undercut: Bob scores 26'
        """
        label = self._names(names)
        s = self.score
        if s.reason is EndReason.VOID:
            return "void hand: the wall was reached without a knock; nobody scores"
        assert self.knocker is not None
        k = self.knocker_deadwood
        others = ", ".join(f"{label[seat]} has {self.deadwood_of(seat)}" for seat in self.order)
        who = label[self.knocker]
        verb = {EndReason.BIG_GIN: "goes big gin", EndReason.GIN: "goes gin"}.get(s.reason, f"knocks with {k}")
        head = f"{who} {verb}, {others}"
        if s.reason is EndReason.TIE:
            return f"{head}: a tie, nobody scores"
        assert s.scorer is not None
        kind = "undercut: " if s.reason is EndReason.UNDERCUT else ""
        doubled = {"everything": " (doubled: spade upcard)", "the bonus": " (bonus doubled: spade upcard)"}.get(s.doubled, "")
        return f"{head}: {kind}{label[s.scorer]} scores {s.points}{doubled}"

    def _names(self, names: Sequence[str] | None) -> tuple[str, ...]:
        if names is None:
            return tuple(f"seat {seat}" for seat in range(len(self.hands)))
        given: object = names
        if (isinstance(given, str) or not isinstance(given, Sequence) or len(given) != len(self.hands)
                or not all(isinstance(n, str) for n in given)):
            raise WrongTypeError(f"names must be {len(self.hands)} strings, one per seat, not {_shown(names)}")
        return tuple(names)


def _hand_arg(cards: CardsLike, what: str) -> Hand:
    return Hand.from_mask(mask_of(cards, what=what))


def showdown(
    knocker: CardsLike,
    *defenders: CardsLike,
    rules: Rules,
    upcard: Card,
    knocker_melds: Iterable[MeldLike] | None = None,
    knocker_seat: int = 0,
) -> HandResult:
    """The complete end of a knocked hand, from the knocker's and the defenders' cards.

    ``knocker`` holds the cards kept after the knock discard (10, or 7 with three or
    four players), or every card for big gin (11, or 8). ``defenders`` are the other
    players' hands in turn order from the knocker's left: one with two players, two
    or three with more. The knocker's arrangement is ``knocker_melds`` when given (any
    arrangement within the knock limit), otherwise the automatic one of ruling 5. Each
    defender in turn lays down its melds and lays off optimally onto the knocker's
    melds as extended by the defenders before it; nothing is laid off against gin or
    big gin. ``knocker_seat`` places the knocker at the table; the defenders sit at
    the seats after it.

    >>> from ginrummy import Rules, Card
    >>> result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d",
    ...                   rules=Rules(), upcard=Card.parse("Th"))
    >>> result.reason.value, result.scorer, result.points
    ('undercut', 1, 26)
    """
    _require_rules(rules)
    require_card(upcard, "upcard")
    n = rules.players
    _seat_of(knocker_seat, n, "knocker_seat", InvalidHandError, InvalidHandTypeError)
    if len(defenders) != n - 1:
        raise InvalidHandError(
            f"a showdown among {n} players needs {n - 1} defender hand(s) in turn order, got {len(defenders)}: "
            "pass each defender's hand as its own argument, showdown(knocker, hand_1, ...)"
        )
    k_hand = _hand_arg(knocker, "knocker cards")
    d_hands = [_hand_arg(d, "defender cards") for d in defenders]
    size = rules.hand_size
    for number, d_hand in enumerate(d_hands, start=1):
        if len(d_hand) != size:
            which = "the defender" if n == 2 else f"defender {number}"
            raise InvalidHandError(f"{which} must hold {size} cards, got {len(d_hand)}: {d_hand}")
    if len(k_hand) not in (size, size + 1):
        raise InvalidHandError(
            f"the knocker must hold {size} cards after the knock discard, or {size + 1} for big gin; "
            f"got {len(k_hand)}: {k_hand}"
        )
    seen = k_hand
    for d_hand in d_hands:
        shared = seen & d_hand
        if shared:
            raise InvalidHandError(f"the hands share {shared}: a card can be in one hand only")
        seen = seen | d_hand
    big = len(k_hand) == size + 1
    if big and not rules.big_gin:
        raise InvalidHandError(f"big gin is off under these rules, so the knocker must hold {size} cards")
    if knocker_melds is not None:
        melding = Melding.from_melds(k_hand, knocker_melds)
    elif big:
        melding = best_melding(k_hand)
    else:
        melding = knocker_melding(k_hand, *d_hands, rules=rules, upcard=upcard)
    if big:
        if melding.deadwood_cards:
            raise InvalidMeldError(
                f"big gin needs all {size + 1} cards in melds; {melding.deadwood_cards} are left over"
            )
    else:
        limit = rules.knock_limit_for(upcard)
        if melding.deadwood > limit:
            raise InvalidHandError(
                f"the knocker's deadwood is {melding.deadwood} ({melding.deadwood_cards}), "
                f"over the knock limit {limit}"
            )
    defender_melds: list[Meld] = []
    layoffs: list[Layoff] = []
    extended = melding.melds
    for d_hand in d_hands:
        if big or melding.deadwood == 0:
            defender_melds.extend(best_melding(d_hand).melds)
            continue
        plan = best_layoffs(extended, d_hand)
        defender_melds.extend(plan.melds)
        layoffs.extend(plan.layoffs)
        extended = plan.extended_melds
    hands: list[Hand] = [Hand()] * n
    hands[knocker_seat] = k_hand
    for offset, d_hand in enumerate(d_hands, start=1):
        hands[(knocker_seat + offset) % n] = d_hand
    return HandResult(
        rules=rules,
        upcard=upcard,
        knocker=knocker_seat,
        hands=tuple(hands),
        knocker_melds=melding.melds,
        defender_melds=tuple(defender_melds),
        layoffs=tuple(layoffs),
        big_gin=big,
    )
