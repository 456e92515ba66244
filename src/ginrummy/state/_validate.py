"""The invariants of a :class:`GameState`, checked field by field for :meth:`GameState.validate`.

The engine keeps them by construction, so it never checks them on its own hot paths;
this check is for states built field by field (a determinisation, a test, a state
rebuilt from a store of one's own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import InvalidStateError, WrongTypeError, _count, _shown
from ..rules import Rules
from ..scoring import HandResult
from ._deal import left_of
from ._history import Step
from ._phase import Phase

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["validate_state"]

_ALL = (1 << 52) - 1


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(name: str, value: object, length: int | None) -> tuple[int, ...]:
    """``value`` as a tuple of whole numbers (of ``length`` when given), or the library's error."""
    if not isinstance(value, tuple) or not all(_is_int(v) for v in value):
        raise WrongTypeError(f"GameState.{name} must be a tuple of whole numbers, not {_shown(value)}")
    if length is not None and len(value) != length:
        raise InvalidStateError(f"GameState.{name} holds {_count(len(value), 'entry', 'entries')}: expected {length}, one per seat")
    return value


def _seat(name: str, value: int, players: int, owner: str = "GameState") -> None:
    """Refuse ``owner.name`` unless it is one of the ``players`` seats."""
    if not 0 <= value < players:
        raise InvalidStateError(f"{owner}.{name}={_shown(value)} is not a seat: expected 0-{players - 1}")


def _place_names(state: GameState) -> list[tuple[str, int]]:
    """Every place a card can be, with the cards there as a mask."""
    places = [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(state.hands)]
    pile = 0
    for index in state.pile:
        bit = 1 << index
        if pile & bit:
            raise InvalidStateError(f"card {Card.from_index(index)} is in the discard pile twice")
        pile |= bit
    places.append(("the discard pile", pile))
    stock = 0
    for index in state.deck[state.stock_next :]:
        stock |= 1 << index
    places.append(("the stock", stock))
    if state.knock_discard >= 0:
        places.append(("the knock discard", 1 << state.knock_discard))
    return places


def _check_cards(state: GameState) -> None:
    """The 52 cards, each in exactly one place."""
    placed: list[tuple[str, int]] = []
    total = 0
    for place, mask in _place_names(state):
        overlap = total & mask
        if overlap:
            index = (overlap & -overlap).bit_length() - 1
            first = next(name for name, held in placed if held >> index & 1)
            raise InvalidStateError(f"card {Card.from_index(index)} is in two places: {first} and {place}")
        placed.append((place, mask))
        total |= mask
    if total != _ALL:
        missing = " ".join(str(Card.from_index(i)) for i in range(52) if not total >> i & 1)
        raise InvalidStateError(f"cards are missing from the hand: {missing} (every card must be held, in the pile or in the stock)")


def _check_counts(state: GameState) -> None:
    """Hand sizes that fit the phase, and pile cards known to be held only where they are."""
    size = state.rules.hand_size
    for seat, hand in enumerate(state.hands):
        stray = state.known[seat] & ~hand
        if stray:
            index = (stray & -stray).bit_length() - 1
            raise InvalidStateError(f"seat {seat} is known to hold {Card.from_index(index)}, which is not in its hand")
        count = hand.bit_count()
        if state.phase is Phase.OVER:
            ok = size <= count <= size + 1 if seat == state.to_play_seat else count == size
            expected = f"{size} or {size + 1}" if seat == state.to_play_seat else str(size)
        elif state.phase is Phase.DISCARD and seat == state.to_play_seat:
            ok, expected = count == size + 1, str(size + 1)
        else:
            ok, expected = count == size, str(size)
        if not ok:
            raise InvalidStateError(
                f"seat {seat} holds {_count(count, 'card')} in the {state.phase.value} phase: expected {expected}"
            )


def _check_turn(state: GameState) -> None:
    """The per-turn fields: passes, the card taken, the fiftieth-card obligation, the knock discard."""
    n, phase = len(state.hands), state.phase
    if not 0 <= state.passes <= n:
        raise InvalidStateError(f"GameState.passes={_shown(state.passes)}: expected 0-{n}")
    first = left_of(state.dealer, n)  # the upcard goes round from the dealer's left, who draws if all pass
    if phase is Phase.OFFER:
        seat = (first + state.passes) % n
        if state.passes == n or state.to_play_seat != seat:
            raise InvalidStateError(
                f"GameState.to_play_seat={state.to_play_seat} with passes={state.passes} in the offer phase (dealer"
                f" {state.dealer}): the upcard is offered to each seat in turn from the dealer's left, so "
                + (f"at most {n - 1} can have passed" if state.passes == n else f"seat {seat} is to play")
            )
    if phase is Phase.DRAW and state.passes == n and state.to_play_seat != first:
        raise InvalidStateError(
            f"GameState.to_play_seat={state.to_play_seat} after every seat passed the upcard (dealer {state.dealer}):"
            f" the dealer's left, seat {first}, draws from the stock"
        )
    if state.taken != -1:
        if phase is not Phase.DISCARD or not state.hands[state.to_play_seat] >> state.taken & 1:
            raise InvalidStateError(
                f"GameState.taken={state.taken} ({Card.from_index(state.taken)}): a card taken this turn must be"
                f" held by the seat to play in the discard phase, or -1"
            )
    if state.must_knock and (phase not in (Phase.DISCARD, Phase.OVER) or phase is Phase.DISCARD and state.taken < 0):
        raise InvalidStateError(
            f"GameState.must_knock is set in the {phase.value} phase: only after taking the last discard under the fiftieth-card rule"
        )
    if state.knock_discard != -1 and phase is not Phase.OVER:
        raise InvalidStateError(f"GameState.knock_discard is set in the {phase.value} phase: only a hand over by a knock has one")


def _check_end(state: GameState) -> None:
    """A result exactly when the hand is over, and the knock limit the deal fixed."""
    if state.result is not None and not isinstance(state.result, HandResult):
        raise WrongTypeError(f"GameState.result must be a HandResult or None, not {_shown(state.result)}")
    if (state.result is None) != (state.phase is not Phase.OVER):
        raise InvalidStateError(
            f"GameState.result is {'missing' if state.result is None else 'set'} in the {state.phase.value} phase:"
            " a hand has a result exactly when it is over"
        )
    if state.node is not None and not isinstance(state.node, Step):
        raise WrongTypeError(f"GameState.node must be a history step or None, not {_shown(state.node)}")
    expected = state.rules.knock_limit_for(state.upcard)
    if state.limit != expected:
        raise InvalidStateError(
            f"GameState.limit={_shown(state.limit)}: the rules and the upcard {state.upcard} fix the knock limit at {expected}"
        )


def validate_state(state: GameState) -> None:
    """Raise :class:`~ginrummy.InvalidStateError` (or :class:`~ginrummy.WrongTypeError`
    for a field of the wrong type) unless ``state`` keeps every invariant of a hand."""
    if not isinstance(state.rules, Rules):
        raise WrongTypeError(f"GameState.rules must be a Rules value, not {_shown(state.rules)}")
    if not isinstance(state.phase, Phase):
        raise WrongTypeError(f"GameState.phase must be a Phase, not {_shown(state.phase)}")
    n = state.rules.players
    deck = _ints("deck", state.deck, None)
    if sorted(deck) != list(range(52)):
        raise InvalidStateError(f"GameState.deck is not the 52 card indexes 0-51, each once: {_shown(deck)}")
    hands = _ints("hands", state.hands, n)
    _ints("known", state.known, n)
    for name in ("dealer", "to_play_seat", "stock_next", "passes", "taken", "knock_discard", "limit"):
        value = getattr(state, name)
        if not _is_int(value):
            raise WrongTypeError(f"GameState.{name} must be a whole number, not {_shown(value)}")
    if not isinstance(state.must_knock, bool):
        raise WrongTypeError(f"GameState.must_knock must be True or False, not {_shown(state.must_knock)}")
    for name, value in (("taken", state.taken), ("knock_discard", state.knock_discard)):
        if value != -1 and not 0 <= value < 52:
            raise InvalidStateError(f"GameState.{name}={_shown(value)}: expected a card index 0-51, or -1 for none")
    for hand in (*hands, *state.known):
        if not 0 <= hand <= _ALL:
            raise InvalidStateError(f"GameState holds {_shown(hand)} as a card mask: expected a whole number from 0 to 2**52 - 1")
    _seat("dealer", state.dealer, n)
    _seat("to_play_seat", state.to_play_seat, n)
    first_stock = n * state.rules.hand_size + 1
    stock_next = state.stock_next
    last_stock = 52 - state.rules.wall_size
    if not first_stock <= stock_next <= last_stock:
        raise InvalidStateError(
            f"GameState.stock_next={_shown(stock_next)}: expected {first_stock}-{last_stock}"
            f" (the stock follows the deal and the upcard, and its last {state.rules.wall_size} cards are never drawn)"
        )
    for index in _ints("pile", state.pile, None):
        if not 0 <= index < 52:
            raise InvalidStateError(f"GameState.pile holds {_shown(index)}: expected card indexes 0-51")
    _check_cards(state)
    _check_turn(state)
    _check_counts(state)
    _check_end(state)
