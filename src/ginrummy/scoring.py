"""Scoring: the facts of a finished hand, their price under any rules, games and Hollywood.

A :class:`HandResult` records what happened at the table (both hands, the melds,
the layoffs, the upcard). Its points are computed from :class:`~ginrummy.Rules`
when asked, so the same result can be re-priced under other rules with
:meth:`HandResult.points_under`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from .cards import Card, CardsLike, Hand, _mask_of
from .errors import IllegalActionError, InvalidHandError, InvalidMeldError
from .melds import Meld, MeldLike
from .rules import Rules, Shutout, SpadesDouble
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


class EndReason(enum.StrEnum):
    """Why a hand ended, and so who scores it."""

    KNOCK = "knock"
    """The knocker had less deadwood than the defender: the knocker scores."""
    GIN = "gin"
    """The knocker had no deadwood on a 10-card knock."""
    BIG_GIN = "big_gin"
    """The knocker melded all 11 cards without discarding."""
    UNDERCUT = "undercut"
    """The defender's deadwood was not more than the knocker's: the defender scores."""
    TIE = "tie"
    """Equal deadwood with ``undercut_on_tie`` off: nobody scores."""
    VOID = "void"
    """The wall was reached without a knock: nobody scores."""


@attrs.frozen
class Score:
    """The price of a hand under some rules: who scores, how much, and why."""

    reason: EndReason
    """Why the hand ended."""
    scorer: int | None
    """The seat that scores, or ``None`` (void or tie)."""
    base: int
    """Deadwood difference (or the defender's deadwood for gin)."""
    bonus: int
    """Gin, big gin, undercut or knock bonus."""
    multiplier: int
    """2 for a spade-doubled Oklahoma hand, else 1."""
    points: int
    """Hand points for the scorer, counting toward the game target."""
    box: int
    """Box points the hand earns for the scorer at the end of the game (0 if nobody scores)."""


@attrs.frozen
class HandResult:
    """The facts of a finished hand.

    For a void hand ``knocker`` is ``None`` and the melds are empty. Deadwood counts
    are derived from the hands and melds, so they always agree with them.
    """

    rules: Rules
    """The rules the hand was played under (used by :attr:`points` and friends)."""
    upcard: Card
    """The first upcard of the deal (sets the Oklahoma limit and doubling)."""
    knocker: int | None
    """Seat of the player who knocked or went big gin; ``None`` for a void hand."""
    hands: tuple[Hand, ...]
    """Each seat's cards at the end: the knocker's 10 kept cards (11 for big gin)."""
    knocker_melds: tuple[Meld, ...] = ()
    """How the knocker laid out."""
    defender_melds: tuple[Meld, ...] = ()
    """The defender's own melds."""
    layoffs: tuple[Layoff, ...] = ()
    """The defender's layoffs onto :attr:`knocker_melds` (indexes into it)."""
    big_gin: bool = False
    """True when the knocker went out with 11 melded cards."""

    @property
    def is_void(self) -> bool:
        """True when the hand ended at the wall with no knock."""
        return self.knocker is None

    @property
    def defender(self) -> int | None:
        """Seat of the defender (two players), or ``None`` for a void hand."""
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

    @property
    def defender_deadwood_cards(self) -> Hand:
        """The defender's cards in neither an own meld nor a layoff."""
        if self.knocker is None:
            return Hand()
        mask = self.hands[1 - self.knocker].mask
        for meld in self.defender_melds:
            mask &= ~meld.mask
        for layoff in self.layoffs:
            mask &= ~layoff.card.mask
        return Hand.from_mask(mask)

    @property
    def defender_deadwood(self) -> int:
        """The defender's deadwood after own melds and layoffs."""
        return self.defender_deadwood_cards.value

    def score_under(self, rules: Rules) -> Score:
        """The price of this hand under ``rules``."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if self.knocker is None:
            return Score(EndReason.VOID, None, 0, 0, 1, 0, 0)
        k, d = self.knocker_deadwood, self.defender_deadwood
        knocker, defender = self.knocker, 1 - self.knocker
        if self.big_gin:
            reason, scorer, base, bonus = EndReason.BIG_GIN, knocker, d, rules.big_gin_bonus
        elif k == 0:
            reason, scorer, base, bonus = EndReason.GIN, knocker, d, rules.gin_bonus
        elif d > k:
            reason, scorer, base, bonus = EndReason.KNOCK, knocker, d - k, rules.knock_bonus
        elif d < k or rules.undercut_on_tie:
            reason, scorer, base, bonus = EndReason.UNDERCUT, defender, k - d, rules.undercut_bonus
        else:
            return Score(EndReason.TIE, None, 0, 0, 1, 0, 0)
        multiplier = rules.multiplier_for(self.upcard)
        if rules.spades_double is SpadesDouble.BONUSES:
            # Only the gin, big gin and undercut bonuses double; a knock bonus does not.
            doubled = bonus * multiplier if reason is not EndReason.KNOCK else bonus
            points = base + doubled
        else:
            points = (base + bonus) * multiplier
        box = rules.box_bonus * (multiplier if rules.spades_double_boxes else 1)
        return Score(reason, scorer, base, bonus, multiplier, points, box)

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

    def describe(self) -> str:
        """A one-line summary, such as ``"seat 0 knocks with 8, defender 20: seat 0 scores 12"``."""
        s = self.score
        if s.reason is EndReason.VOID:
            return "void hand: the wall was reached without a knock; nobody scores"
        k, d = self.knocker_deadwood, self.defender_deadwood
        head = {
            EndReason.BIG_GIN: f"seat {self.knocker} goes big gin, defender has {d}",
            EndReason.GIN: f"seat {self.knocker} goes gin, defender has {d}",
        }.get(s.reason, f"seat {self.knocker} knocks with {k}, defender has {d}")
        if s.reason is EndReason.TIE:
            return f"{head}: a tie, nobody scores"
        label = "undercut: " if s.reason is EndReason.UNDERCUT else ""
        doubled = " (spades double)" if s.multiplier > 1 else ""
        return f"{head}: {label}seat {s.scorer} scores {s.points}{doubled}"


def _hand_arg(cards: CardsLike, what: str) -> Hand:
    return Hand.from_mask(_mask_of(cards, what=what))


def showdown(
    knocker: CardsLike,
    defender: CardsLike,
    *,
    rules: Rules,
    upcard: Card,
    knocker_melds: Iterable[MeldLike] | None = None,
    knocker_seat: int = 0,
) -> HandResult:
    """The complete end of a knocked hand, from the two hands.

    ``knocker`` holds the 10 cards kept after the knock discard, or 11 for big gin.
    The knocker's arrangement is ``knocker_melds`` when given (any arrangement within
    the knock limit), otherwise the automatic one of ruling 5. The defender's melds and
    layoffs are optimal; nothing is laid off against gin or big gin.

    >>> from ginrummy import Rules, Card
    >>> result = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d",
    ...                   rules=Rules(), upcard=Card.parse("Th"))
    >>> result.reason.value, result.scorer, result.points
    ('undercut', 1, 26)
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    if not isinstance(upcard, Card):
        raise TypeError(f"upcard must be a Card, not {type(upcard).__name__}")
    if knocker_seat not in (0, 1) or isinstance(knocker_seat, bool):
        raise InvalidHandError(f"knocker_seat={knocker_seat!r} is not a seat: expected 0 or 1")
    k_hand = _hand_arg(knocker, "knocker cards")
    d_hand = _hand_arg(defender, "defender cards")
    size = rules.hand_size
    if len(d_hand) != size:
        raise InvalidHandError(f"the defender must hold {size} cards, got {len(d_hand)}: {d_hand}")
    if len(k_hand) not in (size, size + 1):
        raise InvalidHandError(
            f"the knocker must hold {size} cards after the knock discard, or {size + 1} for big gin; "
            f"got {len(k_hand)}: {k_hand}"
        )
    shared = k_hand & d_hand
    if shared:
        raise InvalidHandError(f"knocker and defender share {shared}: a card can be in one hand only")
    big = len(k_hand) == size + 1
    if big and not rules.big_gin:
        raise InvalidHandError(f"big gin is off under these rules, so the knocker must hold {size} cards")
    if knocker_melds is not None:
        melding = Melding.from_melds(k_hand, knocker_melds)
    elif big:
        melding = best_melding(k_hand)
    else:
        melding = knocker_melding(k_hand, d_hand, rules=rules, upcard=upcard)
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
    layoffs: tuple[Layoff, ...] = ()
    if big or melding.deadwood == 0:
        defender_melds = best_melding(d_hand).melds
    else:
        plan = best_layoffs(melding.melds, d_hand)
        defender_melds, layoffs = plan.melds, plan.layoffs
    hands = (k_hand, d_hand) if knocker_seat == 0 else (d_hand, k_hand)
    return HandResult(
        rules=rules,
        upcard=upcard,
        knocker=knocker_seat,
        hands=hands,
        knocker_melds=melding.melds,
        defender_melds=defender_melds,
        layoffs=layoffs,
        big_gin=big,
    )


@attrs.frozen
class Settlement:
    """The end-of-game account: totals with bonuses and boxes, and the game's worth."""

    winner: int
    """The seat that reached the target."""
    hand_points: tuple[int, ...]
    """Hand points per seat."""
    box_points: tuple[int, ...]
    """Box points per seat."""
    game_bonus: int
    """Game bonus paid to the winner (twice under ``shutout=game_bonus_x2``)."""
    shutout: bool
    """True when the loser had no hand points."""
    totals: tuple[int, ...]
    """Final totals per seat, after the shutout rule."""

    @property
    def worth(self) -> int:
        """Winner's total minus loser's total; negative when the loser's boxes outweigh (ruling 10)."""
        return self.totals[self.winner] - self.totals[1 - self.winner]


def _settle(rules: Rules, winner: int, points: tuple[int, ...], boxes: tuple[int, ...]) -> Settlement:
    loser = 1 - winner
    shutout = points[loser] == 0
    bonus = rules.game_bonus * (2 if shutout and rules.shutout is Shutout.GAME_BONUS_X2 else 1)
    totals = [points[s] + boxes[s] for s in range(2)]
    totals[winner] += bonus
    if shutout and rules.shutout is Shutout.DOUBLE:
        totals[winner] *= 2
    return Settlement(winner, points, boxes, bonus, shutout, tuple(totals))


@attrs.frozen
class GameScore:
    """Running score of one game: hand points, boxes, and the settlement when over.

    Immutable: :meth:`add` returns a new score.

    >>> from ginrummy import Rules
    >>> score = GameScore(Rules())
    >>> score.points, score.is_over
    ((0, 0), False)
    """

    rules: Rules
    """The rules the game is scored under."""
    points: tuple[int, ...] = (0, 0)
    """Hand points per seat (what counts toward the target)."""
    boxes: tuple[int, ...] = (0, 0)
    """Hands won per seat."""
    box_points: tuple[int, ...] = (0, 0)
    """Box points per seat (boxes times the box bonus, doubled where that knob applies)."""
    results: tuple[HandResult, ...] = ()
    """Every hand result added, void hands included."""

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
            raise TypeError(f"expected a HandResult, not {type(result).__name__}")
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
    """One of the three Hollywood games."""

    points: tuple[int, ...] = (0, 0)
    """Hand points per seat entered in this column."""
    boxes: tuple[int, ...] = (0, 0)
    """Wins per seat entered in this column."""
    box_points: tuple[int, ...] = (0, 0)
    """Box points per seat for the wins entered in this column."""
    closed: bool = False
    """True once a seat reached the target in this column."""
    winner: int | None = None
    """The seat that reached the target."""


@attrs.frozen
class Hollywood:
    """Hollywood scoring: three games scored at once (rule book section 1, Game).

    A player's win is entered in every open column ``c`` (1-3) with
    ``c <= w + z``: ``w`` counts that player's winning hands including this one,
    ``z`` the closed columns in which that player never scored.
    """

    rules: Rules
    """The rules (target, bonuses, shutout)."""
    columns: tuple[HollywoodColumn, ...] = (HollywoodColumn(), HollywoodColumn(), HollywoodColumn())
    """The three games."""
    wins: tuple[int, ...] = (0, 0)
    """Winning hands per seat so far."""
    results: tuple[HandResult, ...] = ()
    """Every hand result added."""

    @property
    def is_over(self) -> bool:
        """True when all three columns are closed."""
        return all(c.closed for c in self.columns)

    def add(self, result: HandResult) -> Hollywood:
        """The score after ``result``."""
        if not isinstance(result, HandResult):
            raise TypeError(f"expected a HandResult, not {type(result).__name__}")
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
