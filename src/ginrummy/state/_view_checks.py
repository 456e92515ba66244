"""The invariants of a :class:`~ginrummy.PlayerView` built directly (``PlayerView(...)``
or ``attrs.evolve(view, ...)``): what a player could see at a table.

:func:`~ginrummy.state._view.view_of` builds views from a :class:`GameState`, which keeps
these invariants by construction, and skips this check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
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
)
from ..cards import Card, Hand
from ..errors import InvalidStateError, WrongTypeError, _count, _shown
from ..rules import Rules, WallRule
from ..scoring import GameScore, HandResult, Hollywood
from ._deal import left_of
from ._history import Step
from ._phase import Phase
from ._validate import _is_int, _seat

if TYPE_CHECKING:
    from ._view import PlayerView

__all__ = ["check_view"]


def _whole(name: str, value: object) -> int:
    if not _is_int(value):
        raise WrongTypeError(f"PlayerView.{name} must be a whole number, not {type(value).__name__}: {_shown(value)}")
    assert isinstance(value, int)
    return value


def _of_type(name: str, value: object, kind: type | tuple[type, ...], expected: str) -> None:
    if not isinstance(value, kind):
        raise WrongTypeError(f"PlayerView.{name} must be {expected}, not {type(value).__name__}: {_shown(value)}")


def _tuple_of(name: str, value: object, check: type, expected: str) -> tuple[object, ...]:
    if not isinstance(value, tuple) or not all(isinstance(v, check) and not isinstance(v, bool) for v in value):
        raise WrongTypeError(f"PlayerView.{name} must be a tuple of {expected}, not {_shown(value)}")
    return value


def _check_types(view: PlayerView) -> None:
    _of_type("rules", view.rules, Rules, "a Rules value")
    _of_type("phase", view.phase, Phase, "a Phase")
    for name in ("seat", "dealer", "knock_limit", "multiplier", "stock_count"):
        _whole(name, getattr(view, name))
    if view.to_play is not None:
        _whole("to_play", view.to_play)
    _of_type("hand", view.hand, Hand, "a Hand")
    _of_type("upcard", view.upcard, Card, "a Card")
    _tuple_of("pile", view.pile, int, "card indexes (whole numbers 0-51)")
    _tuple_of("card_counts", view.card_counts, int, "whole numbers, one per seat")
    _tuple_of("known", view.known, Hand, "Hand values, one per seat")
    if view.taken_card is not None:
        _of_type("taken_card", view.taken_card, Card, "a Card or None")
    if view.public_steps is not None:
        _of_type("public_steps", view.public_steps, Step, "a history step or None")
    last = view.last_step
    if last is not None and not (len(last) == 2 and _is_int(last[0]) and isinstance(last[1], Action)
                                 if isinstance(last, tuple) else False):
        raise WrongTypeError(f"PlayerView.last_step must be a (seat, Action) pair or None, not {_shown(last)}")
    if view.result is not None:
        _of_type("result", view.result, HandResult, "a HandResult or None")
    if view.game is not None:
        _of_type("game", view.game, (GameScore, Hollywood), "a GameScore, a Hollywood or None")
    _tuple_of("legal_actions", view.legal_actions, Action, "Action values")


def _check_table(view: PlayerView) -> None:
    """Seats, the turn, the limit and the multiplier the upcard fixes, and the result."""
    rules, n = view.rules, view.rules.players
    if len(view.card_counts) != n or len(view.known) != n:
        raise InvalidStateError(
            f"PlayerView.card_counts and PlayerView.known hold {len(view.card_counts)} and {_count(len(view.known), 'entry', 'entries')}:"
            f" expected {n}, one per seat of {rules}"
        )
    _seat("seat", view.seat, n, "PlayerView")
    _seat("dealer", view.dealer, n, "PlayerView")
    over = view.phase is Phase.OVER
    if view.to_play is None:
        if not over:
            raise InvalidStateError(f"PlayerView.to_play is None in the {view.phase.value} phase: expected a seat to act")
    else:
        _seat("to_play", view.to_play, n, "PlayerView")
        if over:
            raise InvalidStateError(f"PlayerView.to_play={view.to_play} when the hand is over: expected None")
    if (view.result is None) != (not over):
        raise InvalidStateError(
            f"PlayerView.result is {'missing' if view.result is None else 'set'} in the {view.phase.value} phase:"
            " a hand has a result exactly when it is over"
        )
    for name, value, expected in (
        ("knock_limit", view.knock_limit, rules.knock_limit_for(view.upcard)),
        ("multiplier", view.multiplier, rules.multiplier_for(view.upcard)),
    ):
        if value != expected:
            raise InvalidStateError(
                f"PlayerView.{name}={_shown(value)}: the rules and the upcard {view.upcard} fix it at {expected}"
            )
    result = view.result
    if result is not None and (result.rules != rules or result.upcard != view.upcard or result.hands[view.seat] != view.hand):
        raise InvalidStateError(
            f"PlayerView.result is of another hand: expected one played under {rules} with the upcard {view.upcard},"
            f" in which this player holds {view.hand}"
        )
    game = view.game
    if game is not None:
        if game.rules != rules:
            raise InvalidStateError(f"PlayerView.game is scored under {game.rules}, but the hand is played under {rules}")
        if game.is_over and not over:
            raise InvalidStateError("PlayerView.game says the game is over, but a hand is in play: a finished game deals no more hands")
        if over and game.results and game.results[-1] != result:
            raise InvalidStateError(
                "PlayerView.game's last hand result is not this hand's: a match scores each hand as it ends"
            )


def _check_counts(view: PlayerView) -> None:
    """Hand sizes that fit the phase."""
    size = view.rules.hand_size
    if len(view.hand) != view.card_counts[view.seat]:
        raise InvalidStateError(
            f"PlayerView.hand holds {_count(len(view.hand), 'card')} ({view.hand}) but card_counts gives seat {view.seat}"
            f" {view.card_counts[view.seat]}"
        )
    long = [s for s, count in enumerate(view.card_counts) if count == size + 1]
    for seat, count in enumerate(view.card_counts):
        if count not in (size, size + 1):
            raise InvalidStateError(f"seat {seat} holds {_shown(count)} cards: expected {size}, or {size + 1} after drawing")
    expected: list[int | None]
    if view.phase is Phase.DISCARD:
        expected = [view.to_play]
    elif view.phase is Phase.OVER:
        expected = [*long[:1]]  # a big gin ends the hand with the winner's eleven (or eight) cards
    else:
        expected = []
    if long != expected:
        raise InvalidStateError(
            f"PlayerView.card_counts={view.card_counts} in the {view.phase.value} phase: expected {size} cards a seat"
            + (f", {size + 1} for seat {view.to_play}, who has drawn" if view.phase is Phase.DISCARD else "")
        )


def _check_cards(view: PlayerView) -> None:
    """No card in two places, the known cards held, and every card accounted for."""
    pile = 0
    for index in view.pile:
        if not 0 <= index < 52:
            raise InvalidStateError(f"PlayerView.pile holds {_shown(index)}: expected card indexes 0-51")
        if pile >> index & 1:
            raise InvalidStateError(f"card {Card.from_index(index)} is in the discard pile twice")
        pile |= 1 << index
    places = [("this player's hand", view.hand.mask), ("the discard pile", pile)]
    for seat, known in enumerate(view.known):
        if seat == view.seat:
            if known.mask & ~view.hand.mask:
                raise InvalidStateError(
                    f"PlayerView.known gives this player {known}, which is not all in its hand {view.hand}"
                )
            continue
        if len(known) > view.card_counts[seat]:
            raise InvalidStateError(f"seat {seat} is known to hold {known}, more than its {view.card_counts[seat]} cards")
        places.append((f"seat {seat}'s known cards", known.mask))
    seen = 0
    for index, (place, mask) in enumerate(places):
        if seen & mask:
            card = Card.from_index(((seen & mask) & -(seen & mask)).bit_length() - 1)
            first = next(name for name, held in places[:index] if held & card.mask)
            raise InvalidStateError(f"card {card} is in two places: {first} and {place}")
        seen |= mask
    if view.taken_card is not None and (
        view.phase is not Phase.DISCARD or view.to_play != view.seat or view.taken_card not in view.hand
    ):
        raise InvalidStateError(
            f"PlayerView.taken_card={view.taken_card}: a card taken this turn is only shown to the player to"
            " discard, and is in its hand"
        )
    knocked = view.last_step is not None and isinstance(view.last_step[1], (Knock, HiddenKnock))
    total = sum(view.card_counts) + view.stock_count + len(view.pile) + knocked
    if view.stock_count < 0 or total != 52:
        raise InvalidStateError(
            f"the cards do not add up to 52: {sum(view.card_counts)} held, {_shown(view.stock_count)} in the stock,"
            f" {len(view.pile)} in the pile" + (" and the knock discard" if knocked else "")
        )


def _check_history(view: PlayerView) -> None:
    """The last action as this player saw it: another seat's knock stays face down."""
    last = view.last_step
    if last is None:
        if view.public_steps is not None:
            raise InvalidStateError("PlayerView.public_steps is set without a last_step: expected both or neither")
        return
    seat, action = last
    _seat("last_step seat", seat, view.rules.players, "PlayerView")
    if isinstance(action, Knock) and seat != view.seat:
        raise InvalidStateError(
            f"PlayerView.last_step shows seat {seat}'s knock discard {action.card}: another seat's knock is a HiddenKnock"
        )
    if isinstance(action, HiddenKnock) and seat == view.seat:
        raise InvalidStateError("PlayerView.last_step hides this player's own knock: expected its Knock")
    if isinstance(action, (Knock, HiddenKnock)) and view.phase is not Phase.OVER:
        raise InvalidStateError(f"PlayerView.last_step is a knock in the {view.phase.value} phase: a knock ends the hand")


_KINDS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.OFFER: (TakeUpcard, PassUpcard),
    Phase.DRAW: (DrawStock, DrawDiscard),
    Phase.DISCARD: (Discard, Knock, BigGin),
    Phase.WALL: (TakeWallDiscard, DeclineWallDiscard),
    Phase.OVER: (NextHand,),
}
"""The kinds of action each phase offers."""


def _check_actions(view: PlayerView) -> None:
    """Actions only for the player to act (or any seat, between the hands of a match),
    of the kinds the phase offers, and only with cards it holds."""
    if not view.legal_actions:
        return
    if view.to_play != view.seat and view.phase is not Phase.OVER:
        raise InvalidStateError(
            f"PlayerView.legal_actions={_shown(view.legal_actions)} for seat {view.seat}, but seat {view.to_play} is to play:"
            " a view has legal actions only on its player's turn"
        )
    kinds = _KINDS[view.phase]
    for action in view.legal_actions:
        if not isinstance(action, kinds):
            raise InvalidStateError(
                f"PlayerView.legal_actions holds {action} in the {view.phase.value} phase: expected"
                f" {' or '.join(kind.__name__ for kind in kinds)}"
            )
        card = getattr(action, "card", None)
        if isinstance(card, Card) and card not in view.hand:
            raise InvalidStateError(
                f"PlayerView.legal_actions holds {action}, but {card} is not in the hand {view.hand}"
            )


class _Table:
    """What every player at the table saw of a hand, played forward from the deal by
    the view's public history (no hidden card is needed)."""

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        self.rules, self.n = rules, rules.players
        self.pile = [view.upcard.index]
        self.stock = 52 - self.n * rules.hand_size - 1
        self.counts = [rules.hand_size] * self.n
        self.known = [0] * self.n
        self.phase, self.to_play = Phase.OFFER, left_of(view.dealer, self.n)
        self.passes, self.taken, self.must_knock = 0, -1, False
        self.out: int | None = None
        """The seat that knocked or went big gin."""
        self.hidden: int | None = None
        """The seat whose knock discard this player did not see."""

    def _take(self, seat: int) -> None:
        card = self.pile.pop()
        self.counts[seat] += 1
        self.known[seat] |= 1 << card
        self.taken, self.phase = card, Phase.DISCARD

    def play(self, seat: int, action: Action) -> str | None:
        """Play one step; what makes it impossible, or ``None``."""
        if self.phase is Phase.OVER:
            return "the hand was already over"
        if seat != self.to_play:
            return f"seat {self.to_play} was to play"
        if not isinstance(action, _KINDS[self.phase]) and not (self.phase is Phase.DISCARD and isinstance(action, HiddenKnock)):
            return f"the {self.phase.value} phase offers {' or '.join(kind.__name__ for kind in _KINDS[self.phase])}"
        if isinstance(action, PassUpcard):
            self.passes += 1
            if self.passes < self.n:
                self.to_play = left_of(seat, self.n)
            else:
                self.phase, self.to_play = Phase.DRAW, left_of(seat, self.n)
        elif isinstance(action, DrawStock):
            if self.stock <= self.rules.wall_size:
                return "the stock was down to the wall"
            self.stock -= 1
            self.counts[seat] += 1
            self.phase, self.taken, self.passes = Phase.DISCARD, -1, 0
        elif isinstance(action, DrawDiscard):
            if self.passes == self.n:
                return "every player had passed the upcard, so the stock had to be drawn"
            self._take(seat)
        elif isinstance(action, (TakeUpcard, TakeWallDiscard)):
            self._take(seat)
            self.must_knock = isinstance(action, TakeWallDiscard)
        elif isinstance(action, (Discard, Knock)):
            return self._discard(seat, action)
        elif isinstance(action, HiddenKnock):
            self.counts[seat] -= 1
            self.out = self.hidden = seat
            self.phase = Phase.OVER
        elif isinstance(action, BigGin):
            self.out, self.phase = seat, Phase.OVER
        else:  # DeclineWallDiscard: the hand is void
            self.phase = Phase.OVER
        return None

    def _discard(self, seat: int, action: Discard | Knock) -> str | None:
        card = action.card
        if card.index == self.taken and (self.must_knock or not self.rules.discard_taken_card):
            return f"{card} was taken from the pile this turn"
        if isinstance(action, Discard) and self.must_knock:
            return "the last discard was taken under the fiftieth-card rule, so a knock had to follow"
        if card.index in self.pile:
            return f"{card} was in the discard pile"
        holder = next((other for other in range(self.n) if other != seat and self.known[other] & card.mask), None)
        if holder is not None:
            return f"seat {holder} was known to hold {card}"
        self.counts[seat] -= 1
        self.known[seat] &= ~card.mask
        if isinstance(action, Knock):
            self.out, self.phase = seat, Phase.OVER
            return None
        self.pile.append(card.index)
        self.taken, self.to_play = -1, left_of(seat, self.n)
        if self.stock > self.rules.wall_size:
            self.phase = Phase.DRAW
        else:
            self.phase = Phase.WALL if self.rules.wall_rule is WallRule.FIFTIETH_CARD else Phase.OVER
        return None


def _check_story(view: PlayerView) -> _Table:
    """The history, played from the deal, leads to the phase, turn, stock, pile, card
    counts, known cards, taken card and result the view shows. This player's own hand
    and known cards may depart from the history's (to put a position of one's own to a
    bot), but never another seat's."""
    table = _Table(view)
    for number, (seat, action) in enumerate(view.history, start=1):
        if not _is_int(seat) or not 0 <= seat < table.n or not isinstance(action, Action):
            raise InvalidStateError(f"PlayerView history step {number} is {_shown((seat, action))}: expected a seat and an Action")
        wrong = table.play(seat, action)
        if wrong is not None:
            raise InvalidStateError(
                f"PlayerView history step {number} (seat {seat}: {action}) cannot have been played: {wrong}"
                f" (the hand dealt by seat {view.dealer} under {view.rules})"
            )
    over = table.phase is Phase.OVER
    pile = " ".join(str(Card.from_index(i)) for i in table.pile)
    shown: dict[str, tuple[object, object]] = {
        "phase": (view.phase.value, table.phase.value),
        "to_play": (view.to_play, None if over else table.to_play),
        "stock_count": (view.stock_count, table.stock),
        "pile": (" ".join(map(str, view.discard_pile)), pile),
        "card_counts": (view.card_counts, tuple(table.counts)),
    }
    for name, (seen, played) in shown.items():
        if seen != played:
            raise InvalidStateError(
                f"PlayerView.{name} is {_shown(seen)}, which does not follow from its history of"
                f" {_count(view.history_length, 'action')}: expected {_shown(played)}"
            )
    for seat, known in enumerate(view.known):
        played, but = table.known[seat], ""
        if seat == view.seat:
            played &= view.hand.mask  # a position of one's own may give known cards away
            fits = known.mask == played
        elif seat == table.hidden:
            fits = not known.mask & ~played and (played & ~known.mask).bit_count() <= 1
            but = ", less perhaps its face-down knock discard"
        else:
            fits = known.mask == played
        if not fits:
            raise InvalidStateError(
                f"PlayerView.known gives seat {seat} {str(known) or 'no cards'}, but its history shows it holding"
                f" {str(Hand.from_mask(played)) or 'none'}"
                f" of the cards it took from the pile{but}"
            )
    if view.result is not None and view.result.knocker != table.out:
        raise InvalidStateError(
            f"PlayerView.result has knocker={_shown(view.result.knocker)}, but the history shows "
            + ("no player going out" if table.out is None else f"seat {table.out} going out")
        )
    taken = view.taken_card
    # The player to discard sees the card it took; only a position of one's own without it shows none.
    expected = table.taken if table.phase is Phase.DISCARD and table.to_play == view.seat else -1
    held = expected >= 0 and view.hand.mask >> expected & 1
    if (taken is None and held) or (taken is not None and taken.index != expected):
        raise InvalidStateError(
            f"PlayerView.taken_card={taken}, but the history shows "
            + ("no card taken from the pile this turn" if expected < 0 else f"{Card.from_index(expected)} taken this turn")
        )
    return table


def _check_legal(view: PlayerView, table: _Table) -> None:
    """Legal actions, when the view lists them on its player's turn, are the engine's for
    this position: the player's hand and the public table decide them, so any deal of
    the other seats' hidden cards gives the same (this one gives them none)."""
    if not view.legal_actions or view.phase is Phase.OVER:
        return
    from ._game import GameState  # the state module imports the view's: import at use

    n, upcard = view.players, view.upcard.index
    deck = [index for index in range(52) if index != upcard]
    deck.insert(n * view.rules.hand_size, upcard)
    world = GameState(
        rules=view.rules,
        deck=tuple(deck),
        dealer=view.dealer,
        hands=tuple(view.hand.mask if seat == view.seat else 0 for seat in range(n)),
        stock_next=52 - view.stock_count,
        pile=view.pile,
        phase=view.phase,
        to_play_seat=view.seat,
        passes=table.passes,
        taken=-1 if view.taken_card is None else view.taken_card.index,
        must_knock=table.must_knock,
        known=tuple(known.mask for known in view.known),
        limit=view.knock_limit,
    )
    legal = world.legal_actions()
    if len(set(view.legal_actions)) != len(view.legal_actions) or set(view.legal_actions) != set(legal):
        raise InvalidStateError(
            f"PlayerView.legal_actions are {', '.join(map(str, view.legal_actions))}, but this position's are"
            f" {', '.join(map(str, legal))} (a view may also list none)"
        )


def check_view(view: PlayerView) -> None:
    """Raise :class:`~ginrummy.WrongTypeError` for a field of the wrong type, or
    :class:`~ginrummy.InvalidStateError`, unless ``view`` is one a player could see."""
    _check_types(view)
    _check_table(view)
    _check_counts(view)
    _check_cards(view)
    _check_history(view)
    table = _check_story(view)
    _check_actions(view)
    _check_legal(view, table)
