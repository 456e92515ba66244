"""The :class:`GameState` of one hand: its fields, legality and the dispatch of actions.

What each action does lives beside this file, one job per file: the deal in
``_deal.py``, the upcard offer in ``_offer.py``, drawing and discarding in
``_turns.py``, the wall in ``_wall.py``, knocks and the showdown in
``_showdown.py``, what a player may see in ``_view.py``, reading an action in the
context of a hand in ``_text.py``, and the checks of ``validate`` in ``_validate.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import attrs

from .._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards
from ..actions import (
    Action,
    BigGin,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
    parse_action as _parse_action_text,
)
from ..cards import Card, Hand
from ..errors import GinRummyError, IllegalActionError, IllegalActionTypeError, WrongTypeError, _in_context, _iterable, _shown
from ..rules import Rules, _require_rules
from ..scoring import HandResult
from . import _offer, _showdown, _turns, _wall
from ._deal import check_rng, check_seat, check_seed, deal_hands, deck_order, left_of
from ._history import Step, steps_of
from ._phase import Phase, RandomSource
from ._text import parse_in_context
from ._validate import validate_state
from ._view import PlayerView, view_of

__all__ = ["GameState"]


@attrs.frozen(eq=True, hash=True, repr=False)
class GameState:
    """One hand of Gin for two to four players, from the deal to the showdown.

    Build it with :meth:`new` (or :meth:`replay`); the fields are internal and
    documented for serialisation only. Cards are dealt from :attr:`deck` in order:
    one at a time to each seat from the dealer's left (``hand_size`` each); the next
    card is the upcard; the rest is the stock, drawn upward from there.
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
    """Upcard offers declined so far (all of them: the dealer's left must draw from the stock)."""
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
    node: Step | None = attrs.field(default=None, repr=False)
    """The last step of the history (internal)."""
    limit: int = -1
    """The knock limit of the hand (derived from the rules and the upcard at the deal)."""

    def __repr__(self) -> str:
        turn = "over" if self.phase is Phase.OVER else f"{self.phase.value}, seat {self.to_play_seat} to play"
        return f"<GameState {self.rules}, dealer {self.dealer}, {turn}, {self.history_length} actions>"

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
        _require_rules(rules)
        if rng is None:
            rng = random.Random(check_seed(seed))
        elif seed is not None:
            raise WrongTypeError("give either seed or rng, not both")
        else:
            check_rng(rng)
        if dealer is not None:
            dealer = check_seat(dealer, rules.players, "dealer")
        if deck is None:
            order = list(range(52))
            rng.shuffle(order)
        else:
            order = deck_order(deck)
        if dealer is None:
            dealer = rng.randrange(rules.players)
        return cls._deal(rules, tuple(order), dealer)

    @classmethod
    def _deal(cls, rules: Rules, deck: tuple[int, ...], dealer: int) -> GameState:
        """The dealt state for a deal order of card indexes (internal: :meth:`new` checks its input)."""
        upcard_at = rules.players * rules.hand_size
        first = left_of(dealer, rules.players)
        return cls(
            rules=rules,
            deck=deck,
            dealer=dealer,
            hands=deal_hands(rules, deck, dealer),
            stock_next=upcard_at + 1,
            pile=(deck[upcard_at],),
            phase=Phase.OFFER,
            to_play_seat=first,
            known=(0,) * rules.players,
            limit=rules.knock_limit_for(Card.from_index(deck[upcard_at])),
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

        Every action is checked; an illegal one raises :class:`~ginrummy.IllegalActionError`
        (its class and ``reason`` kept), numbering it from 1: ``"action #3 'pass' cannot be
        replayed: ..."``.
        """
        if isinstance(actions, (str, bytes, bytearray, memoryview)) or not _iterable(actions):
            raise WrongTypeError(
                f"actions must be an iterable of actions or action texts, not {type(actions).__name__}: {_shown(actions)}"
            )
        state = cls.new(rules, deck=deck, dealer=dealer)
        for number, action in enumerate(actions, start=1):
            try:
                state = state.apply(_parse_action_text(action) if isinstance(action, str) else action)
            except IllegalActionError as error:
                raise _in_context(error, f"action #{number} {_shown(action)} cannot be replayed") from error
        return state

    # --------------------------------------------------------------- properties

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

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
        return Card.from_index(self.deck[len(self.hands) * self.rules.hand_size])

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
        return Hand.from_mask(self.hands[check_seat(seat, len(self.hands))])

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        return tuple(action for _, action in steps_of(self.node))

    @property
    def history_length(self) -> int:
        """How many actions have been applied since the deal."""
        return 0 if self.node is None else self.node.length

    def steps(self) -> list[tuple[int, Action]]:
        """Every action since the deal with the seat that made it, in order."""
        return steps_of(self.node)

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat``, who plays after it (a library error for a
        ``seat`` that is not one of this table's)."""
        return left_of(check_seat(seat, len(self.hands)), len(self.hands))

    def _replace(self, **changes: object) -> GameState:
        """A copy with ``changes`` (internal): what ``attrs.evolve`` does, minus its cost (the engine's hot path)."""
        # Slot descriptors' setters skip the frozen class's __setattr__ and the name lookup.
        new = _new(GameState)
        _set_rules(new, self.rules)
        _set_deck(new, self.deck)
        _set_dealer(new, self.dealer)
        _set_hands(new, self.hands)
        _set_stock_next(new, self.stock_next)
        _set_pile(new, self.pile)
        _set_phase(new, self.phase)
        _set_to_play_seat(new, self.to_play_seat)
        _set_passes(new, self.passes)
        _set_taken(new, self.taken)
        _set_must_knock(new, self.must_knock)
        _set_known(new, self.known)
        _set_result(new, self.result)
        _set_knock_discard(new, self.knock_discard)
        _set_node(new, self.node)
        _set_limit(new, self.limit)
        for name, value in changes.items():
            _SETTERS[name](new, value)
        return new

    def _took(self, player: int, card: int, *, pile: tuple[int, ...], must_knock: bool = False) -> GameState:
        """``player`` holds ``card`` from the pile, public knowledge until played (internal)."""
        hands = list(self.hands)
        hands[player] |= 1 << card
        known = list(self.known)
        known[player] |= 1 << card
        return self._replace(
            hands=tuple(hands), known=tuple(known), pile=pile, phase=Phase.DISCARD, taken=card, must_knock=must_knock
        )

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
            return _FORCED_DRAW if self.passes == len(self.hands) else _DRAW_ACTIONS
        if phase is Phase.WALL:
            if _wall.take_usable(self):
                return (TakeWallDiscard(), DeclineWallDiscard())
            return (DeclineWallDiscard(),)
        if phase is Phase.DISCARD:
            discards, knocks, big_gin = self._discard_options()
            actions: list[Action] = []
            while discards:
                low = discards & -discards
                actions.append(_DISCARDS[low.bit_length() - 1])
                discards ^= low
            for low in knocks:  # least deadwood first
                actions.append(_KNOCKS[low.bit_length() - 1])
            if big_gin:
                actions.append(_BIG_GIN)
            return tuple(actions)
        return ()

    def legal_card_masks(self) -> tuple[int, int, bool]:
        """The discard phase's legal actions as card bitmasks (bit ``card.index``, as
        :attr:`Hand.mask`): ``(discards, knocks, big_gin)``, the cards that may be
        discarded, the cards whose face-down discard makes a legal knock (or gin), and
        whether big gin is legal. ``(0, 0, False)`` in any other phase.

        The same actions as :meth:`legal_actions`, for code that wants them as sets of
        cards (a front-end highlighting cards, an encoder building a mask).

        >>> from ginrummy import GameState, Hand, TakeUpcard
        >>> state = GameState.new(seed=1).apply(TakeUpcard())
        >>> discards, knocks, big_gin = state.legal_card_masks()
        >>> len(Hand.from_mask(discards)), state.taken_card in Hand.from_mask(discards), knocks, big_gin
        (10, False, 0, False)
        """
        if self.phase is not Phase.DISCARD:
            return 0, 0, False
        discards, knocks, big_gin = self._discard_options()
        return discards, sum(knocks), big_gin

    def _discard_options(self) -> tuple[int, list[int], bool]:
        """Legal discards (a mask), knock discards (bits, least deadwood first) and big gin (internal)."""
        hand = self.hands[self.to_play_seat]
        banned = self._banned_discards()
        discards = 0 if self.must_knock else hand & ~banned
        knocks: list[int] = []
        best = discard_deadwood_of_mask(hand)
        if best <= self.limit:
            knock_banned = banned | (1 << self.taken if self.must_knock and self.taken >= 0 else 0)
            knocks = knock_discards(hand, self.limit, knock_banned)
        # A full hand melded always includes a meld of four or more, so some discard
        # leaves gin: big gin is only possible when the best discard leaves 0.
        big_gin = best == 0 and self.rules.big_gin and deadwood_of_mask(hand) == 0
        return discards, knocks, big_gin

    def is_legal(self, action: Action, *, seat: int | None = None) -> bool:
        """True when :meth:`check` accepts ``action``; something that is not an action
        raises :class:`~ginrummy.IllegalActionTypeError` rather than answer ``False``."""
        try:
            self.check(action, seat=seat)
        except WrongTypeError:
            raise
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
        return parse_in_context(self, text)

    def _banned_discards(self) -> int:
        """The card (as a mask) that may not be discarded this turn (internal)."""
        if self.taken >= 0 and not self.rules.discard_taken_card:
            return 1 << self.taken
        return 0

    # -------------------------------------------------------------- transitions

    def _fail(self, message: str, reason: str) -> IllegalActionError:
        """The error for an illegal action (internal)."""
        return IllegalActionError(message, reason=reason)

    def _phase_text(self) -> str:
        """The phase and the legal actions, for error messages (internal)."""
        legal = ", ".join(str(a) for a in self.legal_actions())
        return f"the hand is in the {self.phase.value} phase (legal: {legal})"

    def _expect(self, phase: Phase, action: Action) -> None:
        """Raise ``"wrong_phase"`` unless the hand is in ``phase`` (internal)."""
        if self.phase is not phase:
            raise self._fail(f"cannot {action} now: {self._phase_text()}", "wrong_phase")

    def _transition(self, action: Action, seat: int | None) -> GameState:
        if not isinstance(action, Action):
            hint = f"; to read text, use parse_action({action!r})" if isinstance(action, str) else ""
            raise IllegalActionTypeError(
                f"expected an Action, not {type(action).__name__}: {_shown(action)}{hint}", reason="unknown_action"
            )
        if self.phase is Phase.OVER:
            raise self._fail(f"cannot {action}: the hand is over", "hand_over")
        player = self.to_play_seat
        if seat is not None and (seat != player or type(seat) is not int) and check_seat(seat, len(self.hands)) != player:
            raise self._fail(f"cannot {action}: it is seat {player}'s turn, not seat {seat}'s", "not_your_turn")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise self._fail(f"{_shown(action)} is not an action a player can take in a hand", "unknown_action")
        new = handler(self, action, player)
        # ``new`` is a fresh copy nobody else holds yet, so recording the step on it is safe.
        _set_node(new, Step(self.node, player, action))
        return new

    # -------------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: own cards, the public record, never hidden cards."""
        return view_of(self, check_seat(seat, len(self.hands)))

    def validate(self) -> None:
        """Check every invariant of a hand, field by field: the 52 cards each in exactly one
        place (the hands, the pile, the stock, the knock discard), hand sizes that fit the
        phase, seats in range, the seat the upcard offer has reached, a card taken this
        turn still held, a result exactly when the hand is over, and the knock limit that
        the rules and the upcard fix.

        States the engine makes always pass, so it never checks them itself; this is for
        states built field by field. Raises :class:`~ginrummy.InvalidStateError` naming
        what is wrong (:class:`~ginrummy.WrongTypeError` for a field of the wrong type),
        also under ``python -O``.

        >>> import attrs
        >>> from ginrummy import GameState, InvalidStateError, Rules
        >>> state = GameState.new(Rules(), seed=1)
        >>> state.validate()
        >>> broken = attrs.evolve(state, dealer=2)
        >>> try:
        ...     broken.validate()
        ... except InvalidStateError as error:
        ...     print(error)
        GameState.dealer=2 is not a seat: expected 0-1
        """
        validate_state(self)

    def follows_its_record(self) -> bool:
        """Whether dealing :attr:`deck` from :attr:`dealer` and replaying :attr:`history`
        gives this very state. Every state the engine makes does; a state built field by
        field may not (a determinisation, which deals the hidden cards anew, has no
        history at all). Saving a state or a match needs it: a document holds the deal
        and the actions, not the fields.

        >>> import attrs
        >>> from ginrummy import GameState, Rules
        >>> state = GameState.new(Rules(), seed=1)
        >>> state = state.apply(state.legal_actions()[0])
        >>> state.follows_its_record(), attrs.evolve(state, dealer=1 - state.dealer).follows_its_record()
        (True, False)
        """
        try:
            self.validate()
        except GinRummyError:
            return False
        return self._replays_to_itself()

    def _replays_to_itself(self) -> bool:
        """:meth:`follows_its_record` for a state that passes :meth:`validate`."""
        try:
            replayed = GameState._deal(self.rules, self.deck, self.dealer)
            for action in self.history:
                replayed = replayed.apply(action)
        except GinRummyError:
            return False
        return replayed == self


assert [f.name for f in attrs.fields(GameState)] == [
    "rules", "deck", "dealer", "hands", "stock_next", "pile", "phase", "to_play_seat",
    "passes", "taken", "must_knock", "known", "result", "knock_discard", "node", "limit",
], "GameState._replace must copy every field"
_new = object.__new__
_SETTERS: dict[str, Callable[[GameState, object], None]] = {
    f.name: GameState.__dict__[f.name].__set__ for f in attrs.fields(GameState)
}
(
    _set_rules, _set_deck, _set_dealer, _set_hands, _set_stock_next, _set_pile, _set_phase, _set_to_play_seat,
    _set_passes, _set_taken, _set_must_knock, _set_known, _set_result, _set_knock_discard, _set_node, _set_limit,
) = _SETTERS.values()
_OFFER_ACTIONS = (TakeUpcard(), PassUpcard())
_DRAW_ACTIONS = (DrawStock(), DrawDiscard())
_FORCED_DRAW = (DrawStock(),)
_BIG_GIN = BigGin()
_DISCARDS = tuple(Discard(Card.from_index(i)) for i in range(52))
_KNOCKS = tuple(Knock(Card.from_index(i)) for i in range(52))

_HANDLERS: dict[type[Action], Callable[[GameState, Action, int], GameState]] = {
    TakeUpcard: _offer.take_upcard,
    PassUpcard: _offer.pass_upcard,
    DrawStock: _turns.draw_stock,
    DrawDiscard: _turns.draw_discard,
    Discard: _turns.discard,
    Knock: _showdown.knock,
    BigGin: _showdown.big_gin,
    TakeWallDiscard: _wall.take_wall_discard,
    DeclineWallDiscard: _wall.decline_wall_discard,
}
