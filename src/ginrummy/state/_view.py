"""What one player may know: the :class:`PlayerView` of a seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import attrs

from ..actions import Action, HiddenKnock, Knock
from ..cards import Card, Hand
from ..cards._card import CARDS
from ..errors import InvalidHandError, InvalidHandTypeError, _as_whole, _seat_of
from ..rules import Rules
from ..scoring import GameScore, HandResult, Hollywood
from ._history import Step, steps_of
from ._phase import Phase
from ._view_checks import check_view

if TYPE_CHECKING:
    from ._game import GameState

__all__ = ["PlayerView", "censor_result", "censor_score", "view_of"]


@attrs.frozen
class PlayerView:
    """Exactly what one player may know at the table.

    Never another player's unseen cards nor the stock order. Bots are given views only.
    Seats are numbered clockwise and play passes to the left (seat ``s + 1``); the
    helpers :attr:`opponents`, :meth:`relative` and :attr:`is_my_turn` place the other
    seats relative to this one, as a front-end draws them.

    :meth:`GameState.view <ginrummy.GameState.view>` and :meth:`Match.view
    <ginrummy.Match.view>` build views. A view built directly (``PlayerView(...)`` or
    ``attrs.evolve(view, ...)``, to put a position of one's own to a bot) is checked:
    a field of the wrong type raises :class:`~ginrummy.WrongTypeError`, and a view no
    player could see at a table (cards in two places or not adding up to 52, hand
    sizes that do not fit the phase, a knock limit the upcard does not give, another
    seat's knock discard shown, a table that its public history, played from the deal,
    does not lead to, legal actions other than the position's own or none) raises
    :class:`~ginrummy.InvalidStateError`.
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
    pile: tuple[int, ...]
    """The discard pile as card indexes, bottom first (see :attr:`discard_pile`)."""
    card_counts: tuple[int, ...]
    """How many cards each seat holds."""
    known: tuple[Hand, ...]
    """Per seat, the cards it took from the discard pile and still holds (public knowledge)."""
    taken_card: Card | None
    """The card this player took from the pile this turn, if any (it may not be discarded)."""
    public_steps: Step | None = attrs.field(repr=False)
    """The history before the last action (internal: see :attr:`history`)."""
    last_step: tuple[int, Action] | None
    """The last action with its seat, as this player saw it (internal: see :attr:`history`)."""
    result: HandResult | None
    """How the hand ended (every hand is shown at a showdown; nothing after a void hand), or ``None``."""
    game: GameScore | Hollywood | None = None
    """The game score, when the view comes from a :class:`Match`."""
    legal_actions: tuple[Action, ...] = ()
    """This player's legal actions (empty when it is not this player's turn)."""

    def __attrs_post_init__(self) -> None:
        check_view(self)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top."""
        return tuple(map(CARDS.__getitem__, self.pile))

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action so far with the seat that made it; another seat's knock shows as
        :class:`~ginrummy.actions.HiddenKnock`."""
        steps = steps_of(self.public_steps)
        if self.last_step is not None:
            steps.append(self.last_step)
        return tuple(steps)

    @property
    def history_length(self) -> int:
        """How many actions have been played in this hand."""
        return (0 if self.public_steps is None else self.public_steps.length) + (self.last_step is not None)

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return len(self.card_counts)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats in turn order, starting with this player's left (the next to play)."""
        n = len(self.card_counts)
        return tuple((self.seat + i) % n for i in range(1, n))

    @property
    def next_seat(self) -> int:
        """The seat on this player's left: the one who plays next and may take this player's discard."""
        return (self.seat + 1) % len(self.card_counts)

    def relative(self, seat: int) -> int:
        """Where ``seat`` sits from this player: 0 is this player, 1 its left (next to play), and so on."""
        n = len(self.card_counts)
        seat = _seat_of(_as_whole(seat), n, "seat", InvalidHandError, InvalidHandTypeError)
        return (seat - self.seat) % n

    @property
    def is_my_turn(self) -> bool:
        """True when this player is to act."""
        return self.to_play == self.seat

    @property
    def opponent_card_count(self) -> int:
        """Cards held by the other players together (with two players, the opponent's)."""
        return sum(c for s, c in enumerate(self.card_counts) if s != self.seat)

    @property
    def opponent_known(self) -> Hand:
        """Cards the other players took from the discard pile and still hold, together."""
        mask = 0
        for s, hand in enumerate(self.known):
            if s != self.seat:
                mask |= hand.mask
        return Hand.from_mask(mask)

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return CARDS[self.pile[-1]] if self.pile else None

    @property
    def unseen(self) -> Hand:
        """Cards this player has not seen: the other players' hidden cards and the stock
        (never its own face-down knock discard)."""
        seen = self.hand.mask | self.opponent_known.mask
        for index in self.pile:
            seen |= 1 << index
        if self.last_step is not None:
            seat, action = self.last_step
            if seat == self.seat and isinstance(action, Knock):
                seen |= action.card.mask
        return Hand.from_mask(Hand.deck().mask & ~seen)


_Cached = TypeVar("_Cached")
# Keyed by (id(original), seat); each entry holds the original, so its id is not reused
# while the entry lives. Enough results for every seat of the longest games.
_CENSORED_RESULTS: dict[tuple[int, int], tuple[HandResult, HandResult]] = {}
_CENSORED_RESULTS_SIZE = 4_096
_CENSORED_SCORES: dict[tuple[int, int], tuple[GameScore | Hollywood, GameScore | Hollywood]] = {}
_CENSORED_SCORES_SIZE = 256


def _remember(cache: dict[tuple[int, int], _Cached], key: tuple[int, int], entry: _Cached, size: int) -> None:
    """Store ``entry`` under ``key``, dropping the oldest entries beyond ``size`` (a dict
    keeps insertion order). Safe across threads: a lost race only computes twice."""
    cache[key] = entry
    while len(cache) > size:
        try:
            del cache[next(iter(cache))]
        except (KeyError, RuntimeError, StopIteration):  # another thread changed it first
            break


def censor_result(result: HandResult, seat: int) -> HandResult:
    """``result`` as ``seat`` may see it: a void hand has no showdown, so other hands stay hidden."""
    if not result.is_void:
        return result
    key = (id(result), seat)
    cached = _CENSORED_RESULTS.get(key)
    if cached is not None and cached[0] is result:
        return cached[1]
    censored = attrs.evolve(result, hands=tuple(h if s == seat else Hand() for s, h in enumerate(result.hands)))
    _remember(_CENSORED_RESULTS, key, (result, censored), _CENSORED_RESULTS_SIZE)
    return censored


def censor_score(score: GameScore | Hollywood, seat: int) -> GameScore | Hollywood:
    """A game's score as ``seat`` may see it: its void hands' results censored.

    A match asks for this at every view, and a long game holds hundreds of results, so
    the censored results and scores are kept (by identity, holding the originals, in
    bounded caches): each result is censored once, and each score once per seat."""
    key = (id(score), seat)
    cached = _CENSORED_SCORES.get(key)
    if cached is not None and cached[0] is score:
        return cached[1]
    censored = score
    if any(r.is_void for r in score.results):
        censored = attrs.evolve(score, results=tuple(censor_result(r, seat) for r in score.results))
    _remember(_CENSORED_SCORES, key, (score, censored), _CENSORED_SCORES_SIZE)
    return censored


def view_of(
    state: GameState,
    seat: int,
    *,
    game: GameScore | Hollywood | None = None,
    legal_actions: tuple[Action, ...] | None = None,
) -> PlayerView:
    """The :class:`PlayerView` of ``seat`` in ``state`` (with a match's score and actions)."""
    node = state.node
    last: tuple[int, Action] | None = None
    public = None
    if node is not None:
        # Only the last action of a hand can be a knock, so the steps before it are public.
        public = node.parent
        action = node.action
        last = (node.seat, HiddenKnock() if isinstance(action, Knock) and node.seat != seat else action)
    result = state.result
    if result is not None and result.is_void:
        result = censor_result(result, seat)
    to_play = state.to_play
    if legal_actions is None:
        legal_actions = state.legal_actions() if to_play == seat else ()
    # The fields in declaration order (_FIELDS).
    return _trusted_view(
        seat,
        state.rules,
        state.dealer,
        state.phase,
        to_play,
        Hand.from_mask(state.hands[seat]),
        state.upcard,
        state.limit,
        state.multiplier,
        state.stock_count,
        state.pile,
        tuple(h.bit_count() for h in state.hands),
        tuple(map(Hand.from_mask, state.known)),
        state.taken_card if to_play == seat else None,
        public,
        last,
        result,
        game,
        legal_actions,
    )


_FIELDS = tuple(field.name for field in attrs.fields(PlayerView))
_new = object.__new__
_set = object.__setattr__


def _trusted_view(*values: object) -> PlayerView:
    """A view built from a :class:`GameState`, which keeps every invariant: every field's
    value in declaration order, set without the checks."""
    view = _new(PlayerView)
    for name, value in zip(_FIELDS, values, strict=True):
        _set(view, name, value)
    return view
