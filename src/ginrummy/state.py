"""The game engine: an immutable :class:`GameState` for one hand and a :class:`Match` for a game.

States never change: :meth:`GameState.apply` returns a new state and leaves the old
one intact, so states can be kept, shared, hashed and compared. Legality has one
source of truth, :meth:`GameState.check`; :meth:`~GameState.is_legal` and
:meth:`~GameState.legal_actions` agree with it.

>>> from ginrummy import GameState, Rules
>>> state = GameState.new(Rules(), seed=7)
>>> state.phase, state.to_play == 1 - state.dealer
(<Phase.OFFER: 'offer'>, True)
>>> [str(a) for a in state.legal_actions()]
['take', 'pass']
>>> after = state.apply(state.parse_action("pass"))
>>> after.to_play == state.dealer, state.phase
(True, <Phase.OFFER: 'offer'>)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from typing_extensions import TypeAlias

import attrs

from .actions import (
    Action,
    BigGin,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    HiddenKnock,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
    parse_action as _parse_action_text,
)
from .cards import Card, CardsLike, Hand, parse_cards
from .errors import IllegalActionError, InvalidHandError, InvalidMeldError
from .melds import Meld
from .rules import NextDealer, Rules, WallRule
from .scoring import GameScore, HandResult, Hollywood, showdown
from ._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards
from .solver import Melding, deadwood, discard_deadwood

__all__ = ["GameState", "Match", "Phase", "PlayerView", "RandomSource"]

_DEAL = 20  # cards dealt before the upcard


class Phase(enum.StrEnum):
    """Where a hand stands."""

    OFFER = "offer"
    """First turn: the upcard is offered to the non-dealer, then the dealer."""
    DRAW = "draw"
    """The player to play draws from the stock or the discard pile."""
    DISCARD = "discard"
    """The player to play has drawn and discards, knocks or goes big gin."""
    WALL = "wall"
    """Fiftieth-card rule: the opponent may take the last discard to knock at once."""
    OVER = "over"
    """The hand is over; :attr:`GameState.result` says how."""


class RandomSource(Protocol):
    """What :meth:`ginrummy.GameState.new` needs of a random generator (``random.Random`` and
    ``random.SystemRandom`` qualify)."""

    def shuffle(self, x: list[int], /) -> None:
        """Shuffle the list in place."""

    def randrange(self, start: int, stop: int = ..., step: int = ..., /) -> int:
        """A random integer from ``range(start, stop, step)``."""


# One step of a state's history: (parent step, seat, action). Siblings share the parent.
_Node: TypeAlias = "tuple[_Node | None, int, Action]"


def _mask(cards: Iterable[int]) -> int:
    total = 0
    for index in cards:
        total |= 1 << index
    return total


def _card(mask: int) -> Card:
    return Card.from_index(mask.bit_length() - 1)


@attrs.frozen
class PlayerView:
    """Exactly what one player may know at the table.

    Never the opponent's unseen cards nor the stock order. Bots are given views only.
    """

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules in play."""
    dealer: int
    """The dealer's seat."""
    phase: Phase
    """The phase of the hand."""
    to_play: int | None
    """The seat to act, or ``None`` when the hand is over."""
    hand: Hand
    """This player's cards."""
    upcard: Card
    """The first upcard of the deal (it set the Oklahoma knock limit)."""
    knock_limit: int
    """The knock limit of this hand."""
    multiplier: int
    """2 when a spade upcard doubles the hand, else 1."""
    stock_count: int
    """Cards left in the stock (the wall included)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom first; the last card is the top."""
    opponent_card_count: int
    """How many cards the opponent holds."""
    opponent_known: Hand
    """Cards the opponent took from the discard pile and still holds."""
    taken_card: Card | None
    """The card this player took from the pile this turn, if any (it may not be discarded)."""
    history: tuple[tuple[int, Action], ...]
    """Every action so far with the seat that made it; an opponent's knock shows as :class:`~ginrummy.actions.HiddenKnock`."""
    result: HandResult | None
    """How the hand ended (both hands are shown at the showdown), or ``None``."""
    game: GameScore | Hollywood | None = None
    """The game score, when the view comes from a :class:`Match`."""
    legal_actions: tuple[Action, ...] = ()
    """This player's legal actions (empty when it is not this player's turn)."""

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def unseen(self) -> Hand:
        """Cards this player has not seen: the opponent's hidden cards and the stock."""
        seen = self.hand.mask | self.opponent_known.mask
        for card in self.discard_pile:
            seen |= card.mask
        return Hand.from_mask(Hand.deck().mask & ~seen)


@attrs.frozen(eq=True, hash=True)
class GameState:
    """One hand of two-player Gin, from the deal to the showdown.

    Build it with :meth:`new` (or :meth:`replay`); the fields are internal and
    documented for serialisation only. Cards are dealt from :attr:`deck` in order:
    one at a time to the non-dealer and the dealer alternately, twenty in all; the
    21st card is the upcard; the rest is the stock, drawn from index 21 upward.
    """

    rules: Rules
    """The rules in play."""
    deck: tuple[int, ...]
    """The deal order as card indexes (shared by every state of the hand)."""
    dealer: int
    """The dealer's seat."""
    hands: tuple[int, ...]
    """Each seat's cards as masks."""
    stock_next: int
    """Index in :attr:`deck` of the next stock card."""
    pile: tuple[int, ...]
    """The discard pile as card indexes, bottom first."""
    phase: Phase
    """The phase of the hand."""
    to_play_seat: int
    """The seat to act (meaningless once the hand is over)."""
    passes: int = 0
    """Upcard offers declined so far."""
    taken: int = -1
    """Card index taken from the pile this turn, or -1."""
    must_knock: bool = False
    """True after taking the last discard under the fiftieth-card rule."""
    known: tuple[int, ...] = (0, 0)
    """Per seat, cards taken from the pile and still held (public knowledge)."""
    result: HandResult | None = None
    """How the hand ended, once it has."""
    knock_discard: int = -1
    """The face-down knock discard, or -1."""
    node: _Node | None = attrs.field(default=None, repr=False)
    """The last step of the history: (previous step, seat, action)."""
    limit: int = -1
    """The knock limit of the hand (derived from the rules and the upcard at the deal)."""

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        rng: RandomSource | None = None,
        deck: Sequence[Card] | str | None = None,
        dealer: int | None = None,
    ) -> GameState:
        """Deal a new hand.

        The deck is shuffled with ``rng`` (any generator with ``shuffle`` and
        ``randrange``, such as ``random.SystemRandom()`` for online play), or with
        ``random.Random(seed)``; or ``deck`` gives the deal order explicitly (52
        distinct cards, for replays and tests). The first dealer is ``dealer``, or
        chosen by the same generator.
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if rng is None:
            rng = random.Random(seed)
        elif seed is not None:
            raise TypeError("give either seed or rng, not both")
        if deck is None:
            order = list(range(52))
            rng.shuffle(order)
        else:
            order = _deck_order(deck)
        if dealer is None:
            dealer = rng.randrange(2)
        elif isinstance(dealer, bool) or dealer not in (0, 1):
            raise InvalidHandError(f"dealer={dealer!r} is not a seat: expected 0 or 1")
        return cls._deal(rules, tuple(order), dealer)

    @classmethod
    def _deal(cls, rules: Rules, deck: tuple[int, ...], dealer: int) -> GameState:
        hands = [0, 0]
        for i in range(_DEAL):
            seat = (1 - dealer) if i % 2 == 0 else dealer
            hands[seat] |= 1 << deck[i]
        return cls(
            rules=rules,
            deck=deck,
            dealer=dealer,
            hands=tuple(hands),
            stock_next=_DEAL + 1,
            pile=(deck[_DEAL],),
            phase=Phase.OFFER,
            to_play_seat=1 - dealer,
            limit=rules.knock_limit_for(Card.from_index(deck[_DEAL])),
        )

    @classmethod
    def replay(
        cls,
        rules: Rules,
        deck: Sequence[Card] | str,
        dealer: int,
        actions: Iterable[Action | str],
    ) -> GameState:
        """The state reached by dealing ``deck`` and applying ``actions`` (values or text) in order.

        Every action is checked; an illegal one raises :class:`~ginrummy.IllegalActionError`.
        """
        state = cls.new(rules, deck=deck, dealer=dealer)
        for action in actions:
            state = state.apply(_parse_action_text(action) if isinstance(action, str) else action)
        return state

    # --------------------------------------------------------------- properties

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return None if self.phase is Phase.OVER else self.to_play_seat

    @property
    def is_over(self) -> bool:
        """True once the hand has ended (knock, gin, big gin or void)."""
        return self.phase is Phase.OVER

    @property
    def upcard(self) -> Card:
        """The first upcard of the deal."""
        return Card.from_index(self.deck[_DEAL])

    @property
    def knock_limit(self) -> int:
        """The knock limit of this hand (fixed by the upcard under Oklahoma)."""
        return self.limit

    @property
    def multiplier(self) -> int:
        """2 when a spade upcard doubles the hand, else 1."""
        return self.rules.multiplier_for(self.upcard)

    @property
    def deck_cards(self) -> tuple[Card, ...]:
        """The deal order as cards (hidden information)."""
        return tuple(Card.from_index(i) for i in self.deck)

    @property
    def stock_count(self) -> int:
        """Cards left in the stock, the wall included."""
        return len(self.deck) - self.stock_next

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None``."""
        return Card.from_index(self.pile[-1]) if self.pile else None

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first."""
        return tuple(Card.from_index(i) for i in self.pile)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock from the top down (hidden information: never show it to players)."""
        return tuple(Card.from_index(i) for i in self.deck[self.stock_next :])

    @property
    def taken_card(self) -> Card | None:
        """The card taken from the pile this turn, or ``None``."""
        return None if self.taken < 0 else Card.from_index(self.taken)

    def hand(self, seat: int) -> Hand:
        """The cards of ``seat`` (hidden information: show players their views)."""
        return Hand.from_mask(self.hands[_seat(seat)])

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        return tuple(action for _, action in self._steps())

    def _steps(self) -> list[tuple[int, Action]]:
        steps: list[tuple[int, Action]] = []
        node = self.node
        while node is not None:
            node, seat, action = node
            steps.append((seat, action))
        steps.reverse()
        return steps

    def _replace(self, **changes: object) -> GameState:
        """A copy with ``changes``: what ``attrs.evolve`` does, minus its cost (the engine's hot path)."""
        new = object.__new__(GameState)
        _set(new, "rules", self.rules)
        _set(new, "deck", self.deck)
        _set(new, "dealer", self.dealer)
        _set(new, "hands", self.hands)
        _set(new, "stock_next", self.stock_next)
        _set(new, "pile", self.pile)
        _set(new, "phase", self.phase)
        _set(new, "to_play_seat", self.to_play_seat)
        _set(new, "passes", self.passes)
        _set(new, "taken", self.taken)
        _set(new, "must_knock", self.must_knock)
        _set(new, "known", self.known)
        _set(new, "result", self.result)
        _set(new, "knock_discard", self.knock_discard)
        _set(new, "node", self.node)
        _set(new, "limit", self.limit)
        for name, value in changes.items():
            _set(new, name, value)
        return new

    # ---------------------------------------------------------------- legality

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to play, in a fixed order.

        Knocks are listed with automatic melds (``Knock(card)``); a knock with
        explicit melds is legal when :meth:`check` accepts it.
        """
        phase = self.phase
        if phase is Phase.OFFER:
            return _OFFER_ACTIONS
        if phase is Phase.DRAW:
            return _FORCED_DRAW if self.passes == 2 else _DRAW_ACTIONS
        if phase is Phase.WALL:
            out: list[Action] = [DeclineWallDiscard()]
            if self._wall_take_usable():
                out.insert(0, TakeWallDiscard())
            return tuple(out)
        if phase is Phase.DISCARD:
            hand = self.hands[self.to_play_seat]
            banned = self._banned_discards()
            actions: list[Action] = []
            if not self.must_knock:
                m = hand & ~banned
                while m:
                    low = m & -m
                    actions.append(_DISCARDS[low.bit_length() - 1])
                    m ^= low
            knock_banned = banned | (1 << self.taken if self.must_knock and self.taken >= 0 else 0)
            best = discard_deadwood_of_mask(hand)
            if best <= self.limit:
                for low in knock_discards(hand, self.limit, knock_banned):
                    actions.append(_KNOCKS[low.bit_length() - 1])
            # Eleven melded cards always include a meld of four or more, so some discard
            # leaves gin: big gin is only possible when the best discard leaves 0.
            if best == 0 and self.rules.big_gin and deadwood_of_mask(hand) == 0:
                actions.append(_BIG_GIN)
            return tuple(actions)
        return ()

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """True when :meth:`check` accepts ``action``."""
        try:
            self.check(action, seat=seat)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action, *, seat: int | None = None) -> None:
        """Raise :class:`~ginrummy.IllegalActionError` unless ``action`` is legal now.

        ``seat``, when given, is the player attempting it (``"not_your_turn"`` otherwise).
        The error's ``reason`` is one of ``"hand_over"``, ``"not_your_turn"``,
        ``"wrong_phase"``, ``"must_draw_stock"``, ``"card_not_in_hand"``,
        ``"taken_card"``, ``"must_knock"``, ``"over_knock_limit"``, ``"big_gin_off"``,
        ``"not_big_gin"``, ``"invalid_melds"``, ``"wall_discard_unusable"``,
        ``"unknown_action"``.
        """
        self._transition(action, seat)

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """The state after ``action``; this state is unchanged. Raises if illegal."""
        return self._transition(action, seat)

    def parse_action(self, text: str) -> Action:
        """Read an action from text in the context of this state.

        Besides everything :func:`~ginrummy.parse_action` reads, ``gin``
        means the knock that leaves no deadwood (or big gin), ``knock`` alone the
        knock with the least deadwood, and ``gin 7h`` a knock discarding 7h.
        The action is only read, not checked.
        """
        words = " ".join(text.lower().split()) if isinstance(text, str) else text
        if words in ("gin", "k", "knock") and self.phase is Phase.DISCARD:
            knocks = [a for a in self.legal_actions() if isinstance(a, (Knock, BigGin))]
            if words == "gin":
                gins = [a for a in knocks if isinstance(a, BigGin) or self._kept_deadwood(a) == 0]
                if not gins:
                    raise IllegalActionError(f"{text!r}: no discard leaves you gin", reason="over_knock_limit")
                return gins[0]
            plain = [a for a in knocks if isinstance(a, Knock)]
            if not plain:
                raise IllegalActionError(
                    f"{text!r}: no discard brings your deadwood within the knock limit {self.knock_limit}",
                    reason="over_knock_limit",
                )
            return min(plain, key=self._kept_deadwood)
        if isinstance(words, str) and words.startswith("gin "):
            return _parse_action_text("knock " + words[4:])
        return _parse_action_text(text)

    def _kept_deadwood(self, action: Action) -> int:
        if isinstance(action, Knock):
            return deadwood(Hand.from_mask(self.hands[self.to_play_seat] & ~action.card.mask))
        return 0

    def _banned_discards(self) -> int:
        if self.taken >= 0 and not self.rules.discard_taken_card:
            return 1 << self.taken
        return 0

    def _wall_take_usable(self) -> bool:
        seat = self.to_play_seat
        top = self.pile[-1]
        held = self.hands[seat] | 1 << top
        if self.rules.big_gin and deadwood(Hand.from_mask(held)) == 0:
            return True
        return discard_deadwood(Hand.from_mask(held), excluded=[Card.from_index(top)]) <= self.knock_limit

    # -------------------------------------------------------------- transitions

    def _fail(self, message: str, reason: str) -> IllegalActionError:
        return IllegalActionError(message, reason=reason)

    def _transition(self, action: Action, seat: int | None) -> GameState:
        if not isinstance(action, Action):
            raise TypeError(f"expected an Action, not {type(action).__name__}: {action!r}")
        if self.phase is Phase.OVER:
            raise self._fail(f"cannot {action}: the hand is over", "hand_over")
        player = self.to_play_seat
        if seat is not None and seat != player:
            raise self._fail(f"cannot {action}: it is seat {player}'s turn, not seat {seat}'s", "not_your_turn")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise self._fail(f"{action!r} is not an action a player can take in a hand", "unknown_action")
        new = handler(self, action, player)
        # ``new`` is a fresh copy nobody else holds yet, so recording the step on it is safe.
        _set(new, "node", (self.node, player, action))
        return new

    def _expect(self, phase: Phase, action: Action) -> None:
        if self.phase is not phase:
            raise self._fail(
                f"cannot {action} now: the hand is in the {self.phase.value} phase "
                f"(legal: {', '.join(str(a) for a in self.legal_actions())})",
                "wrong_phase",
            )

    def _do_take_upcard(self, action: Action, player: int) -> GameState:
        self._expect(Phase.OFFER, action)
        top = self.pile[-1]
        return self._took(player, top, pile=self.pile[:-1])

    def _took(self, player: int, card: int, *, pile: tuple[int, ...], must_knock: bool = False) -> GameState:
        hands = list(self.hands)
        hands[player] |= 1 << card
        known = list(self.known)
        known[player] |= 1 << card
        return self._replace(
            hands=tuple(hands), known=tuple(known), pile=pile, phase=Phase.DISCARD,
            taken=card, must_knock=must_knock,
        )

    def _do_pass_upcard(self, action: Action, player: int) -> GameState:
        self._expect(Phase.OFFER, action)
        if self.passes == 0:
            return self._replace(passes=1, to_play_seat=self.dealer)
        return self._replace(passes=2, phase=Phase.DRAW, to_play_seat=1 - self.dealer)

    def _do_draw_stock(self, action: Action, player: int) -> GameState:
        self._expect(Phase.DRAW, action)
        card = self.deck[self.stock_next]
        hands = list(self.hands)
        hands[player] |= 1 << card
        return self._replace(
            hands=tuple(hands), stock_next=self.stock_next + 1, phase=Phase.DISCARD, taken=-1, passes=0
        )

    def _do_draw_discard(self, action: Action, player: int) -> GameState:
        self._expect(Phase.DRAW, action)
        if self.passes == 2:
            raise self._fail(
                "cannot take the upcard now: both players passed it, so the non-dealer must draw from the stock",
                "must_draw_stock",
            )
        return self._took(player, self.pile[-1], pile=self.pile[:-1])

    def _check_card(self, action: Action, card: Card, player: int, *, knock: bool) -> None:
        bit = card.mask
        if not self.hands[player] & bit:
            raise self._fail(f"cannot {action}: {card} is not in your hand {self.hand(player)}", "card_not_in_hand")
        if bit & self._banned_discards() or (knock and self.must_knock and card.index == self.taken):
            raise self._fail(
                f"cannot {action}: {card} was just taken from the discard pile and may not be discarded this turn",
                "taken_card",
            )

    def _do_discard(self, action: Action, player: int) -> GameState:
        assert isinstance(action, Discard)
        self._expect(Phase.DISCARD, action)
        if self.must_knock:
            raise self._fail(
                f"cannot {action}: the last discard was taken under the fiftieth-card rule, so you must knock or go big gin",
                "must_knock",
            )
        self._check_card(action, action.card, player, knock=False)
        hands = list(self.hands)
        hands[player] &= ~action.card.mask
        known = list(self.known)
        known[player] &= ~action.card.mask
        if self.stock_count > self.rules.wall_size:
            phase = Phase.DRAW
        elif self.rules.wall_rule is WallRule.FIFTIETH_CARD:
            phase = Phase.WALL
        else:
            phase = Phase.OVER
        after = self._replace(
            hands=tuple(hands), known=tuple(known), pile=self.pile + (action.card.index,), taken=-1,
            phase=phase, to_play_seat=1 - player,
        )
        return after._void() if phase is Phase.OVER else after

    def _void(self) -> GameState:
        result = HandResult(
            rules=self.rules, upcard=self.upcard, knocker=None,
            hands=tuple(Hand.from_mask(h) for h in self.hands),
        )
        return self._replace(phase=Phase.OVER, result=result, taken=-1)

    def _do_knock(self, action: Action, player: int) -> GameState:
        assert isinstance(action, Knock)
        self._expect(Phase.DISCARD, action)
        self._check_card(action, action.card, player, knock=True)
        kept = Hand.from_mask(self.hands[player] & ~action.card.mask)
        limit = self.knock_limit
        if action.melds is not None:
            try:
                melding = Melding.from_melds(kept, action.melds)
            except InvalidMeldError as error:
                raise self._fail(f"cannot {action}: {error}", "invalid_melds") from error
            if melding.deadwood > limit:
                raise self._fail(
                    f"cannot {action}: that arrangement leaves {melding.deadwood} deadwood, over the knock limit {limit}",
                    "over_knock_limit",
                )
        else:
            least = deadwood(kept)
            if least > limit:
                raise self._fail(
                    f"cannot {action}: the other cards have {least} deadwood, over the knock limit {limit}",
                    "over_knock_limit",
                )
        return self._finish(player, kept, action.melds, knock_discard=action.card.index)

    def _do_big_gin(self, action: Action, player: int) -> GameState:
        assert isinstance(action, BigGin)
        self._expect(Phase.DISCARD, action)
        if not self.rules.big_gin:
            raise self._fail("cannot go big gin: big gin is off under these rules", "big_gin_off")
        held = Hand.from_mask(self.hands[player])
        if action.melds is not None:
            try:
                melding = Melding.from_melds(held, action.melds)
            except InvalidMeldError as error:
                raise self._fail(f"cannot {action}: {error}", "invalid_melds") from error
            if melding.deadwood_cards:
                raise self._fail(f"cannot {action}: {melding.deadwood_cards} are in no meld", "not_big_gin")
        elif deadwood(held) != 0:
            raise self._fail(
                f"cannot go big gin: your 11 cards leave {deadwood(held)} deadwood", "not_big_gin"
            )
        return self._finish(player, held, action.melds, knock_discard=-1)

    def _finish(self, player: int, kept: Hand, melds: tuple[Meld, ...] | None, *, knock_discard: int) -> GameState:
        hands = list(self.hands)
        hands[player] = kept.mask
        result = showdown(
            kept, Hand.from_mask(self.hands[1 - player]), rules=self.rules, upcard=self.upcard,
            knocker_melds=melds, knocker_seat=player,
        )
        return self._replace(
            hands=tuple(hands), phase=Phase.OVER, result=result, knock_discard=knock_discard, taken=-1
        )

    def _do_take_wall(self, action: Action, player: int) -> GameState:
        self._expect(Phase.WALL, action)
        if not self._wall_take_usable():
            raise self._fail(
                f"cannot take {self.discard_top}: it does not let you knock or go big gin at once",
                "wall_discard_unusable",
            )
        return self._took(player, self.pile[-1], pile=self.pile[:-1], must_knock=True)

    def _do_decline_wall(self, action: Action, player: int) -> GameState:
        self._expect(Phase.WALL, action)
        return self._void()

    # -------------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: own cards, the public record, never hidden cards."""
        seat = _seat(seat)
        other = 1 - seat
        history = tuple(
            (s, HiddenKnock() if isinstance(a, Knock) and s != seat else a) for s, a in self._steps()
        )
        taken = self.taken_card if self.to_play == seat else None
        return PlayerView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_play=self.to_play,
            hand=Hand.from_mask(self.hands[seat]),
            upcard=self.upcard,
            knock_limit=self.knock_limit,
            multiplier=self.multiplier,
            stock_count=self.stock_count,
            discard_pile=self.discard_pile,
            opponent_card_count=self.hands[other].bit_count(),
            opponent_known=Hand.from_mask(self.known[other]),
            taken_card=taken,
            history=history,
            result=self.result,
            legal_actions=self.legal_actions() if self.to_play == seat else (),
        )

    def validate(self) -> None:
        """Check the invariants: 52 cards partitioned among hands, pile, stock and the
        knock discard, and card counts that fit the phase. Raises ``AssertionError``."""
        masks = list(self.hands) + [_mask(self.pile), _mask(self.deck[self.stock_next :])]
        if self.knock_discard >= 0:
            masks.append(1 << self.knock_discard)
        total = 0
        for m in masks:
            assert not total & m, "a card is in two places"
            total |= m
        assert total == (1 << 52) - 1, "cards are missing"
        counts = sorted(h.bit_count() for h in self.hands)
        if self.phase is Phase.DISCARD:
            assert self.hands[self.to_play_seat].bit_count() == 11 and counts == [10, 11]
        elif self.phase is not Phase.OVER:
            assert counts == [10, 10]


_set = object.__setattr__
assert [f.name for f in attrs.fields(GameState)] == [
    "rules", "deck", "dealer", "hands", "stock_next", "pile", "phase", "to_play_seat",
    "passes", "taken", "must_knock", "known", "result", "knock_discard", "node", "limit",
], "GameState._replace must copy every field"
_OFFER_ACTIONS = (TakeUpcard(), PassUpcard())
_DRAW_ACTIONS = (DrawStock(), DrawDiscard())
_FORCED_DRAW = (DrawStock(),)
_BIG_GIN = BigGin()
_DISCARDS = tuple(Discard(Card.from_index(i)) for i in range(52))
_KNOCKS = tuple(Knock(Card.from_index(i)) for i in range(52))

_HANDLERS = {
    TakeUpcard: GameState._do_take_upcard,
    PassUpcard: GameState._do_pass_upcard,
    DrawStock: GameState._do_draw_stock,
    DrawDiscard: GameState._do_draw_discard,
    Discard: GameState._do_discard,
    Knock: GameState._do_knock,
    BigGin: GameState._do_big_gin,
    TakeWallDiscard: GameState._do_take_wall,
    DeclineWallDiscard: GameState._do_decline_wall,
}


def _seat(seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"seat must be an int, not {type(seat).__name__}")
    if seat not in (0, 1):
        raise InvalidHandError(f"seat {seat!r} does not exist: expected 0 or 1")
    return seat


def _deck_order(deck: Sequence[Card] | str) -> list[int]:
    cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"deck must hold Card values, not {type(card).__name__}")
    order = [c.index for c in cards]
    if len(order) != 52 or len(set(order)) != 52:
        raise InvalidHandError(f"a deck must hold each of the 52 cards once; got {len(order)} cards, {len(set(order))} distinct")
    return order


@attrs.frozen
class Match:
    """A whole game (or Hollywood session) of hands to the target, driven by ``apply``.

    Between hands the only legal action is :class:`~ginrummy.actions.NextHand`, which
    deals the next hand: the same dealer after a void hand or a tie, otherwise by
    :attr:`Rules.next_dealer`.

    >>> from ginrummy import Match, Rules
    >>> match = Match.new(Rules(), seed=1)
    >>> match.hand_number, match.is_over, match.score.points
    (1, False, (0, 0))
    """

    rules: Rules
    """The rules in play."""
    state: GameState
    """The current hand."""
    score: GameScore | Hollywood
    """The game score so far (:class:`Hollywood` when that knob is on)."""
    finished: tuple[GameState, ...] = ()
    """The hands already scored, in order."""
    seed: int | str | None = None
    """Seed of the deals (each hand's deck comes from ``random.Random(f"{seed}:{n}")``)."""
    rng: RandomSource | None = attrs.field(default=None, eq=False, repr=False)
    """A generator that deals instead of the seed; not saved by serialisation."""

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | str | None = None,
        rng: RandomSource | None = None,
        dealer: int | None = None,
    ) -> Match:
        """Start a game: the first dealer is ``dealer`` or chosen at random."""
        rules = Rules() if rules is None else rules
        if rng is not None and seed is not None:
            raise TypeError("give either seed or rng, not both")
        source: RandomSource = rng if rng is not None else random.Random(f"{seed}:1") if seed is not None else random.Random()
        state = GameState.new(rules, rng=source, dealer=dealer)
        score: GameScore | Hollywood = Hollywood(rules) if rules.hollywood else GameScore(rules)
        return cls(rules=rules, state=state, score=score, seed=seed, rng=rng)

    @property
    def hand_number(self) -> int:
        """1 for the first hand, and so on (void hands count)."""
        return len(self.finished) + 1

    @property
    def is_over(self) -> bool:
        """True once the game (or every Hollywood column) is decided."""
        return self.score.is_over

    @property
    def to_play(self) -> int | None:
        """The seat to act; ``None`` between hands and after the game."""
        return self.state.to_play

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions: the hand's, or ``NextHand()`` between hands."""
        if self.state.is_over:
            return () if self.is_over else (NextHand(),)
        return self.state.legal_actions()

    def check(self, action: Action, *, seat: int | None = None) -> None:
        """Raise :class:`~ginrummy.IllegalActionError` unless ``action`` is legal."""
        self.apply(action, seat=seat)

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """True when ``action`` is legal."""
        try:
            self.check(action, seat=seat)
        except IllegalActionError:
            return False
        return True

    def parse_action(self, text: str) -> Action:
        """Read an action in the context of the current hand (see :meth:`GameState.parse_action`)."""
        return self.state.parse_action(text)

    def apply(self, action: Action, *, seat: int | None = None) -> Match:
        """The match after ``action``; this one is unchanged."""
        if isinstance(action, NextHand):
            if not self.state.is_over:
                raise IllegalActionError("cannot deal the next hand: the current hand is not over", reason="wrong_phase")
            if self.is_over:
                raise IllegalActionError("cannot deal the next hand: the game is over", reason="game_over")
            return self._next_hand()
        state = self.state.apply(action, seat=seat)
        if not state.is_over:
            return attrs.evolve(self, state=state)
        assert state.result is not None
        return attrs.evolve(self, state=state, score=self.score.add(state.result))

    def _next_dealer(self) -> int:
        result = self.state.result
        assert result is not None
        scorer = result.score_under(self.rules).scorer
        if scorer is None:
            return self.state.dealer
        if self.rules.next_dealer is NextDealer.WINNER:
            return scorer
        return 1 - self.state.dealer

    def _next_hand(self, deck: Sequence[Card] | None = None) -> Match:
        number = self.hand_number + 1
        source: RandomSource
        if deck is not None:
            state = GameState.new(self.rules, deck=deck, dealer=self._next_dealer())
            return attrs.evolve(self, state=state, finished=self.finished + (self.state,))
        if self.rng is not None:
            source = self.rng
        elif self.seed is not None:
            source = random.Random(f"{self.seed}:{number}")
        else:
            source = random.Random()
        state = GameState.new(self.rules, rng=source, dealer=self._next_dealer())
        return attrs.evolve(self, state=state, finished=self.finished + (self.state,))

    def view(self, seat: int) -> PlayerView:
        """The current hand's view for ``seat``, with the game score and match-level actions."""
        view = self.state.view(seat)
        legal = self.legal_actions() if self.state.is_over else view.legal_actions
        return attrs.evolve(view, game=self.score, legal_actions=legal)
