"""Scoring: the facts of a finished hand, their price under any rules, games and Hollywood.

A :class:`HandResult` records what happened at the table (both hands, the melds,
the layoffs, the upcard). Its points are computed from :class:`~ginrummy.Rules`
when asked, so the same result can be re-priced under other rules with
:meth:`HandResult.points_under`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import attrs

from ._price import EndReason, Score, price_hand, void_score
from .cards import Card, CardsLike, Hand, _mask_of
from .errors import (
    IllegalActionError,
    InvalidHandError,
    InvalidHandTypeError,
    InvalidMeldError,
    RulesError,
    RulesTypeError,
    WrongTypeError,
    _seat_of,
    _shown,
    _whole_or_type,
)
from .melds import Meld, MeldLike, _as_melds
from .rules import Rules, Shutout, _require_rules
from .solver import Layoff, Melding, best_layoffs, best_melding, knocker_melding

__all__ = [
    "EndReason",
    "GameScore",
    "HandResult",
    "Hollywood",
    "HollywoodColumn",
    "Score",
    "Settlement",
    "showdown",
]


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


def _hands(value: Iterable[Hand]) -> tuple[Hand, ...]:
    if isinstance(value, (str, Hand)):
        raise WrongTypeError("hands must be one Hand per seat, not a single hand or string")
    out = _items("hands", value)
    for hand in out:
        if not isinstance(hand, Hand):
            raise WrongTypeError(f"hands must hold Hand values, not {type(hand).__name__}: {_shown(hand)}")
    return out


def _melds(value: Iterable[MeldLike]) -> tuple[Meld, ...]:
    return tuple(_as_melds(value))


def _layoffs(value: Iterable[Layoff]) -> tuple[Layoff, ...]:
    out = _items("layoffs", value)
    for layoff in out:
        if not isinstance(layoff, Layoff):
            raise WrongTypeError(f"layoffs must hold Layoff values, not {type(layoff).__name__}: {_shown(layoff)}")
    return out


def _check_facts(result: HandResult) -> None:
    """Refuse a result that no hand could end with (RULES.md sections 1 and 2): hands
    that share cards or hold the wrong number, melds or layoffs of cards their player
    does not hold, a knock over the limit, layoffs on gin or that do not fit."""
    rules, hands, knocker = result.rules, result.hands, result.knocker
    if not isinstance(result.big_gin, bool):
        raise WrongTypeError(f"big_gin must be True or False, not {_shown(result.big_gin)}")
    if len(hands) != rules.players:
        raise InvalidHandError(f"these rules seat {rules.players} players, but the result holds {len(hands)} hands")
    seen = 0
    for seat, hand in enumerate(hands):
        if hand.mask & seen:
            raise InvalidHandError(f"the hands share {Hand.from_mask(hand.mask & seen)}: a card can be in one hand only")
        seen |= hand.mask
        size = rules.hand_size + (1 if seat == knocker and result.big_gin else 0)
        if len(hand) != size and not (knocker is None and not hand):  # a void hand's cards may be left out
            raise InvalidHandError(f"seat {seat} holds {len(hand)} cards ({hand}): expected {size}")
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
            raise InvalidMeldError(f"layoff of {card} on meld {target}: the knocker laid out {len(melds)} meld{'' if len(melds) == 1 else 's'}")
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
    knocker: int | None
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
        if not isinstance(self.upcard, Card):
            raise WrongTypeError(f"upcard must be a Card, not {type(self.upcard).__name__}: {_shown(self.upcard)}")
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
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise WrongTypeError(f"seat must be an int, not {type(seat).__name__}: {_shown(seat)}")
        if not 0 <= seat < len(self.hands):
            raise InvalidHandError(f"seat {_shown(seat)} does not exist: expected 0-{len(self.hands) - 1}")
        return seat

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
        """The price of this hand under ``rules`` (RULES.md section 1, and section 2 for more players)."""
        _require_rules(rules)
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
        if isinstance(names, str) or len(names) != len(self.hands) or not all(isinstance(n, str) for n in names):
            raise WrongTypeError(f"names must be {len(self.hands)} strings, one per seat, not {_shown(names)}")
        return tuple(names)


def _hand_arg(cards: CardsLike, what: str) -> Hand:
    return Hand.from_mask(_mask_of(cards, what=what))


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
    if not isinstance(upcard, Card):
        raise WrongTypeError(f"upcard must be a Card, not {type(upcard).__name__}: {_shown(upcard)}")
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


@attrs.frozen
class Settlement:
    """The end-of-game account: totals with bonuses and boxes, and the game's worth.

    With three or four players the winner settles with each loser separately
    (RULES.md section 2): :attr:`amounts` holds what each loser pays.

    Built directly, it is checked (:class:`~ginrummy.RulesError`): one entry per seat
    in each tuple, the winner with the most hand points, shutouts where a loser has no
    hand points, and totals and amounts that agree. With two players ``shutouts`` and
    ``amounts`` may be left out, as in 0.1, and are derived from the rest.
    """

    winner: int
    """The seat that reached the target."""
    hand_points: tuple[int, ...]
    """Hand points per seat."""
    box_points: tuple[int, ...]
    """Box points per seat."""
    game_bonus: int
    """Game bonus paid to the winner (twice under ``shutout=game_bonus_x2`` against a shut-out loser)."""
    shutout: bool
    """True when a loser had no hand points."""
    totals: tuple[int, ...]
    """Final totals per seat. With two players the winner's is after the shutout rule;
    with more, before it (the rule applies per loser, see :attr:`amounts`)."""
    shutouts: tuple[bool, ...] = ()
    """Per seat: True for a loser with no hand points (False for the winner)."""
    amounts: tuple[int, ...] = ()
    """Per seat: what that loser pays the winner (0 for the winner); negative when the loser's boxes outweigh."""

    def __attrs_post_init__(self) -> None:
        _check_settlement(self)

    @property
    def worth(self) -> int:
        """The sum of :attr:`amounts`: winner's total minus loser's total with two players;
        negative when the losers' boxes outweigh (ruling 10)."""
        return sum(self.amounts)


def _check_settlement(settlement: Settlement) -> None:
    """A :class:`Settlement` built directly must hang together; with two players the
    per-seat ``shutouts`` and ``amounts`` may be left out (as in 0.1) and are derived."""
    fields = {name: _ints(getattr(settlement, name)) for name in ("hand_points", "box_points", "totals", "amounts")}
    n = len(fields["hand_points"])
    if not 2 <= n <= 4:
        raise RulesError(f"Settlement.hand_points={_shown(settlement.hand_points)} must hold one number per player (2 to 4)")
    winner = settlement.winner
    _seat_of(winner, n, "Settlement.winner", RulesError, RulesTypeError)
    for name in ("shutout",):
        if not isinstance(getattr(settlement, name), bool):
            raise WrongTypeError(f"Settlement.{name} must be True or False, not {_shown(getattr(settlement, name))}")
    bonus = settlement.game_bonus
    if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
        raise _whole_or_type(bonus, RulesError, RulesTypeError)(f"Settlement.game_bonus={_shown(bonus)} is not allowed: expected a whole number, 0 or more")
    shutouts = _items("Settlement.shutouts", settlement.shutouts)
    if any(not isinstance(flag, bool) for flag in shutouts):
        raise WrongTypeError(f"Settlement.shutouts must hold True or False per seat, not {_shown(settlement.shutouts)}")
    points, boxes = fields["hand_points"], fields["box_points"]
    if any(value < 0 for value in points + boxes):
        raise RulesError(f"Settlement: hand and box points are 0 or more, not {_shown(points)} and {_shown(boxes)}")
    if any(points[seat] >= points[winner] for seat in range(n) if seat != winner):
        raise RulesError(f"Settlement: the winner (seat {winner}) must have the most hand points, not {_shown(points)}")
    expected_shutouts = tuple(seat != winner and points[seat] == 0 for seat in range(n))
    amounts, totals = fields["amounts"], fields["totals"]
    if not shutouts and not amounts and n == 2:
        loser = 1 - winner
        shutouts = expected_shutouts
        amounts = tuple(0 if seat == winner else totals[winner] - totals[loser] for seat in range(2))
    for name, value in (("boxes", boxes), ("totals", totals), ("shutouts", shutouts), ("amounts", amounts)):
        if len(value) != n:
            raise RulesError(f"Settlement.{name}={_shown(value)} must hold one entry per player ({n}), as hand_points does")
    if shutouts != expected_shutouts or settlement.shutout != any(shutouts):
        raise RulesError(
            f"Settlement: shutout={settlement.shutout} and shutouts={_shown(shutouts)} do not fit hand points {_shown(points)}: "
            "a shutout is a loser with 0 hand points"
        )
    if amounts[winner] != 0:
        raise RulesError(f"Settlement.amounts={_shown(amounts)}: the winner (seat {winner}) pays itself nothing, so expected 0 there")
    for seat in range(n):
        loser_total = points[seat] + boxes[seat]
        if seat != winner and totals[seat] != loser_total:
            raise RulesError(f"Settlement.totals={_shown(totals)}: seat {seat}'s total is its hand and box points, {loser_total}")
    if n == 2 and totals[winner] - totals[1 - winner] != amounts[1 - winner]:
        raise RulesError(f"Settlement: with two players the loser pays the difference of the totals {_shown(totals)}, not {_shown(amounts)}")
    if n == 2:
        base = points[winner] + boxes[winner] + bonus
        allowed = (base, 2 * base) if shutouts[1 - winner] else (base,)
        if totals[winner] not in allowed:
            raise RulesError(
                f"Settlement.totals={_shown(totals)}: the winner's total is its hand and box points and the game bonus, "
                f"{base}{f' (doubled for the shutout, {2 * base})' if len(allowed) == 2 else ''}"
            )
    elif totals[winner] != points[winner] + boxes[winner] + bonus:
        raise RulesError(
            f"Settlement.totals={_shown(totals)}: the winner's total is its hand and box points and the game bonus, "
            f"{points[winner] + boxes[winner] + bonus}"
        )
    for name, value in (("hand_points", points), ("box_points", boxes), ("totals", totals), ("shutouts", shutouts), ("amounts", amounts)):
        object.__setattr__(settlement, name, value)


def _settle(rules: Rules, winner: int, points: tuple[int, ...], boxes: tuple[int, ...]) -> Settlement:
    n = len(points)
    base = points[winner] + boxes[winner]
    shutouts = tuple(seat != winner and points[seat] == 0 for seat in range(n))
    amounts = []
    for seat in range(n):
        if seat == winner:
            amounts.append(0)
            continue
        bonus = rules.game_bonus * (2 if shutouts[seat] and rules.shutout is Shutout.GAME_BONUS_X2 else 1)
        against = (base + bonus) * (2 if shutouts[seat] and rules.shutout is Shutout.DOUBLE else 1)
        amounts.append(against - points[seat] - boxes[seat])
    totals = [points[s] + boxes[s] for s in range(n)]
    if n == 2:
        loser = 1 - winner
        totals[winner] = amounts[loser] + totals[loser]
        bonus = rules.game_bonus * (2 if shutouts[loser] and rules.shutout is Shutout.GAME_BONUS_X2 else 1)
    else:
        bonus = rules.game_bonus
        totals[winner] += bonus
    return Settlement(winner, points, boxes, bonus, any(shutouts), tuple(totals), shutouts, tuple(amounts))


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    out = _items("the scores per seat", value)
    for item in out:
        if isinstance(item, bool) or not isinstance(item, int):
            raise WrongTypeError(f"expected whole numbers, not {type(item).__name__} ({_shown(item)})")
    return out


def _results(value: Iterable[HandResult]) -> tuple[HandResult, ...]:
    out = _items("results", value)
    for item in out:
        if not isinstance(item, HandResult):
            raise WrongTypeError(f"results must hold HandResult values, not {type(item).__name__}: {_shown(item)}")
    return out


def _check_rules(score: object, attribute: object, rules: Rules) -> None:
    """A score's ``rules`` must be a :class:`~ginrummy.Rules`: ``WrongTypeError`` quoting it."""
    if not isinstance(rules, Rules):
        raise WrongTypeError(f"{type(score).__name__} scores under a Rules value, not {type(rules).__name__}: {_shown(rules)}")


def _zeros(score: GameScore) -> tuple[int, ...]:
    _check_rules(score, None, score.rules)  # the defaults are made before the validators run
    return (0,) * score.rules.players


@attrs.frozen(repr=False)
class GameScore:
    """Running score of one game: hand points, boxes, and the settlement when over.

    Immutable: :meth:`add` returns a new score.

    >>> from ginrummy import Rules
    >>> score = GameScore(Rules())
    >>> score.points, score.is_over
    ((0, 0), False)
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules the game is scored under."""
    points: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Hand points per seat (what counts toward the target)."""
    boxes: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Hands won per seat."""
    box_points: tuple[int, ...] = attrs.field(converter=_ints, default=attrs.Factory(_zeros, takes_self=True))
    """Box points per seat (boxes times the box bonus, doubled where that knob applies)."""
    results: tuple[HandResult, ...] = attrs.field(default=(), converter=_results)
    """Every hand result added, void hands included."""

    def __repr__(self) -> str:
        return (
            f"GameScore({self.rules!r}, points={self.points}, boxes={self.boxes}, "
            f"box_points={self.box_points}, results=<{len(self.results)} hands>)"
        )

    def __attrs_post_init__(self) -> None:
        n = self.rules.players
        for name in ("points", "boxes", "box_points"):
            if len(getattr(self, name)) != n:
                raise RulesError(f"GameScore.{name}={_shown(getattr(self, name))} must hold one number per player ({n})")

    @property
    def winner(self) -> int | None:
        """The seat that reached the target, or ``None`` while the game goes on."""
        for seat, points in enumerate(self.points):
            if points >= self.rules.game_target:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        """True once a player's hand points reach the target."""
        return self.winner is not None

    def add(self, result: HandResult) -> GameScore:
        """The score after ``result``; raises :class:`IllegalActionError` once the game is over."""
        if not isinstance(result, HandResult):
            raise WrongTypeError(f"expected a HandResult, not {type(result).__name__}: {_shown(result)}")
        if self.is_over:
            raise IllegalActionError("the game is over: no more hands can be scored", reason="game_over")
        score = result.score_under(self.rules)
        points, boxes, box_points = list(self.points), list(self.boxes), list(self.box_points)
        if score.scorer is not None:
            points[score.scorer] += score.points
            boxes[score.scorer] += 1
            box_points[score.scorer] += score.box
        return GameScore(self.rules, tuple(points), tuple(boxes), tuple(box_points), self.results + (result,))

    def settlement(self) -> Settlement:
        """The final account; raises :class:`IllegalActionError` while the game goes on."""
        winner = self.winner
        if winner is None:
            raise IllegalActionError("the game is not over yet: nobody has reached the target", reason="game_not_over")
        return _settle(self.rules, winner, self.points, self.box_points)


@attrs.frozen
class HollywoodColumn:
    """One of the three Hollywood games.

    :meth:`Hollywood.add` builds them; built by hand, the values are checked: a number
    per seat of two, and a winner's seat exactly when the column is closed.
    """

    points: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Hand points per seat entered in this column."""
    boxes: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Wins per seat entered in this column."""
    box_points: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Box points per seat for the wins entered in this column."""
    closed: bool = False
    """True once a seat reached the target in this column."""
    winner: int | None = None
    """The seat that reached the target."""

    def __attrs_post_init__(self) -> None:
        for name in ("points", "boxes", "box_points"):
            if len(getattr(self, name)) != 2:
                raise RulesError(f"HollywoodColumn.{name}={_shown(getattr(self, name))} must hold one number per player (2)")
        if not isinstance(self.closed, bool):
            raise WrongTypeError(f"HollywoodColumn.closed must be True or False, not {_shown(self.closed)}")
        if self.winner is not None and (isinstance(self.winner, bool) or not isinstance(self.winner, int) or self.winner not in (0, 1)):
            raise _whole_or_type(self.winner, RulesError, RulesTypeError)(f"HollywoodColumn.winner={_shown(self.winner)} is not allowed: expected None, 0 or 1")
        if (self.winner is None) == self.closed:
            raise RulesError(
                f"HollywoodColumn(closed={self.closed}, winner={_shown(self.winner)}) is not allowed: "
                "a closed column has the winner's seat, an open one None"
            )


def _columns(value: Iterable[HollywoodColumn]) -> tuple[HollywoodColumn, ...]:
    out = _items("columns", value)
    if len(out) != 3 or not all(isinstance(column, HollywoodColumn) for column in out):
        raise WrongTypeError(f"Hollywood.columns must be three HollywoodColumn values, not {_shown(value)}")
    return out


@attrs.frozen(repr=False)
class Hollywood:
    """Hollywood scoring: three games scored at once (rule book section 1, Game).

    A player's win is entered in every open column ``c`` (1-3) with
    ``c <= w + z``: ``w`` counts that player's winning hands including this one,
    ``z`` the closed columns in which that player never scored.

    ``Hollywood(rules)`` starts a session for two players; the other fields, given by
    hand, must be three :class:`HollywoodColumn` values and a win count per seat.
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules (target, bonuses, shutout)."""
    columns: tuple[HollywoodColumn, ...] = attrs.field(
        default=(HollywoodColumn(), HollywoodColumn(), HollywoodColumn()), converter=_columns
    )
    """The three games."""
    wins: tuple[int, ...] = attrs.field(default=(0, 0), converter=_ints)
    """Winning hands per seat so far."""
    results: tuple[HandResult, ...] = attrs.field(default=(), converter=_results)
    """Every hand result added."""

    def __attrs_post_init__(self) -> None:
        if self.rules.players != 2:
            raise RulesError(f"Hollywood scoring is for two players, not players={self.rules.players}")
        if len(self.wins) != 2:
            raise RulesError(f"Hollywood.wins={_shown(self.wins)} must hold one number per player (2)")

    def __repr__(self) -> str:
        columns = ", ".join(f"{c.points}{' closed' if c.closed else ''}" for c in self.columns)
        return f"Hollywood({self.rules!r}, columns=[{columns}], wins={self.wins}, results=<{len(self.results)} hands>)"

    @property
    def is_over(self) -> bool:
        """True when all three columns are closed."""
        return all(c.closed for c in self.columns)

    def add(self, result: HandResult) -> Hollywood:
        """The score after ``result``."""
        if not isinstance(result, HandResult):
            raise WrongTypeError(f"expected a HandResult, not {type(result).__name__}: {_shown(result)}")
        if self.is_over:
            raise IllegalActionError("the Hollywood session is over: all three games are closed", reason="game_over")
        score = result.score_under(self.rules)
        if score.scorer is None:
            return attrs.evolve(self, results=self.results + (result,))
        seat = score.scorer
        wins = list(self.wins)
        wins[seat] += 1
        never = sum(1 for c in self.columns if c.closed and c.boxes[seat] == 0)
        reach = wins[seat] + never
        columns = []
        for number, column in enumerate(self.columns, start=1):
            if column.closed or number > reach:
                columns.append(column)
                continue
            points, boxes, box_points = list(column.points), list(column.boxes), list(column.box_points)
            points[seat] += score.points
            boxes[seat] += 1
            box_points[seat] += score.box
            closed = points[seat] >= self.rules.game_target
            columns.append(
                HollywoodColumn(tuple(points), tuple(boxes), tuple(box_points), closed, seat if closed else None)
            )
        return Hollywood(self.rules, tuple(columns), tuple(wins), self.results + (result,))

    def settlements(self) -> tuple[Settlement | None, ...]:
        """The account of each column: a :class:`Settlement` when closed, else ``None``."""
        return tuple(
            _settle(self.rules, c.winner, c.points, c.box_points) if c.winner is not None else None
            for c in self.columns
        )

    @property
    def net_worths(self) -> tuple[int, int]:
        """Per seat, what the closed columns' settlements are worth to it: each column's
        :attr:`~Settlement.worth` to its winner, and minus that to the other player."""
        worths = [0, 0]
        for settlement in self.settlements():
            if settlement is not None:
                worths[settlement.winner] += settlement.worth
                worths[1 - settlement.winner] -= settlement.worth
        return (worths[0], worths[1])

    @property
    def winner(self) -> int | None:
        """The seat that won the session once all three columns are closed (``None``
        before): the one with the greater :attr:`net_worths`, or, when they are equal,
        the one that won more of the three games (the rule book is silent; see the
        docs' rules page).

        >>> from ginrummy import HollywoodColumn, Rules
        >>> rules = Rules.preset("hollywood")
        >>> won = [HollywoodColumn((100, 40), (4, 1), (100, 25), True, 0),
        ...        HollywoodColumn((40, 100), (1, 4), (25, 100), True, 1),
        ...        HollywoodColumn((100, 10), (4, 1), (100, 25), True, 0)]
        >>> session = Hollywood(rules, won, wins=(12, 6))
        >>> session.net_worths, session.winner
        ((265, -265), 0)
        """
        if not self.is_over:
            return None
        first, second = self.net_worths
        if first != second:
            return 0 if first > second else 1
        columns_won = sum(1 for column in self.columns if column.winner == 0)
        return 0 if columns_won >= 2 else 1
