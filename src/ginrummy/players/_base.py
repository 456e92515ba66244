"""The Player protocol and the drivers."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from ..actions import Action
from ..errors import IllegalActionError, IllegalActionTypeError, PlayerError, PlayerTypeError, UnfinishedError, WrongTypeError, _as_float, _as_whole, _count, _in_context, _iterable, _shown
from ..state import GameState, Match, PlayerView

__all__ = ["LEVELS", "Player", "make_player", "play_hand", "play_match"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from a view.

    ``choose`` is given the player's :class:`~ginrummy.PlayerView` and the legal
    actions, and returns one of them (a knock with explicit melds is also accepted
    when legal).
    """

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """Pick the next action."""


def _ask(player: Player, view: PlayerView, legal: Sequence[Action]) -> Action:
    action = player.choose(view, legal)
    if not isinstance(action, Action):
        raise IllegalActionTypeError(
            f"{type(player).__name__}.choose returned {_shown(action)}, which is not an Action", reason="unknown_action"
        )
    return action


_Game = TypeVar("_Game", GameState, Match)
_Setting = TypeVar("_Setting")


def _played(game: _Game, player: Player, seat: int) -> _Game:
    """``game`` after the move ``player`` at ``seat`` chooses from its view; an illegal
    move raises the engine's error (class and ``reason`` kept) naming the player."""
    view = game.view(seat)
    action = _ask(player, view, view.legal_actions)
    try:
        return game.apply(action, seat=seat)
    except IllegalActionError as error:
        raise _in_context(error, f"{type(player).__name__} at seat {seat} chose {action}, which cannot be played") from error


def offered(view: PlayerView, legal_actions: Sequence[Action] | None) -> Sequence[Action]:
    """The actions to choose from (internal, for the levels' ``choose``): ``legal_actions``
    (default the view's), each of them legal in ``view``; ``TypeError`` for what is not a
    sequence of actions, :class:`~ginrummy.IllegalActionError` for none or one that is not
    legal in ``view``. The view's own ``legal_actions`` come back as they are, so a
    player handing them on to another (the expert to ``hard``) is not checked again."""
    if legal_actions is not None and (isinstance(legal_actions, (str, bytes, bytearray, Action)) or not _iterable(legal_actions)):
        raise WrongTypeError(f"legal_actions must be a sequence of actions, not {type(legal_actions).__name__}: {_shown(legal_actions)}")
    if (legal_actions is None or legal_actions is view.legal_actions) and view.legal_actions:
        return view.legal_actions  # the usual call: nothing to check
    legal = list(view.legal_actions if legal_actions is None else legal_actions)
    if not legal:
        if not view.legal_actions:
            raise IllegalActionError(
                f"there is nothing to choose: it is not seat {view.seat}'s turn in this view", reason="not_your_turn"
            )
        raise IllegalActionError("there is nothing to choose: legal_actions is empty", reason="unknown_action")
    for action in legal:
        if action not in view.legal_actions:
            allowed = ", ".join(str(a) for a in view.legal_actions) or "none"
            refused = IllegalActionError if isinstance(action, Action) else IllegalActionTypeError
            raise refused(
                f"{_shown(action)} is not legal in this view: expected some of its legal actions ({allowed})",
                reason="unknown_action",
            )
    return legal


def check_argument(function: str, value: object, kind: type) -> None:
    """Raise ``TypeError`` naming ``function`` unless ``value`` is a ``kind`` (internal)."""
    if not isinstance(value, kind):
        raise WrongTypeError(f"{function} takes a {kind.__name__}, not {type(value).__name__}: {_shown(value)}")


def check_setting(name: str, value: _Setting, *, low: float, high: float | None = None,
                  whole: bool = False, above: bool = False, unbounded: bool = False) -> _Setting:
    """``value`` (a whole number of any type read as an ``int``, another real number as a
    ``float`` unless ``whole``), unless it is not a number in range: then a
    :class:`~ginrummy.PlayerError` quoting it. A whole number when ``whole``, at least
    ``low`` (more than ``low`` when ``above``) and at most ``high``; ``math.inf`` is
    allowed only when ``unbounded``."""
    value = _as_whole(value)
    if not whole:
        try:  # a numpy float, a Fraction: read as a float
            value = _as_float(value)
        except OverflowError:
            raise PlayerError(f"{name}={_shown(value)} is not allowed: expected a number that fits a float") from None
    kinds = (int,) if whole else (int, float)
    what = "a whole number" if whole else "a number"
    if unbounded and isinstance(value, float) and value == math.inf:
        return value
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise PlayerTypeError(f"{name}={_shown(value)} is not allowed: expected {what}{' or math.inf' if unbounded else ''}")
    if isinstance(value, float) and not math.isfinite(value):
        raise PlayerError(f"{name}={_shown(value)} is not allowed: expected {what}{' or math.inf' if unbounded else ''}")
    try:  # the players compute with floats
        float(value)
    except OverflowError:
        raise PlayerError(f"{name}={_shown(value)} is not allowed: expected {what} that fits a float") from None
    if value < low or (above and value == low) or (high is not None and value > high):
        bound = f"more than {low:g}" if above else f"at least {low:g}"
        if high is not None:
            bound += f" and at most {high:g}"
        raise PlayerError(f"{name}={_shown(value)} is not allowed: expected {what} {bound}")
    return value


def seeded_random(seed: object) -> random.Random:
    """A computer player's random generator from its ``seed``; a seed that is neither
    ``None`` nor a whole number raises :class:`~ginrummy.PlayerError` quoting it
    (``random.Random`` would take a string or a float, and fail on others with its own
    message)."""
    seed = _as_whole(seed)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PlayerTypeError(f"seed={_shown(seed)} is not allowed: expected a whole number or None")
    return random.Random(seed)


def _check_players(players: Sequence[Player], seats: int) -> None:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise WrongTypeError(f"players must be a sequence of players, one per seat, not {type(players).__name__}: {_shown(players)}")
    if len(players) != seats:
        raise PlayerError(f"these rules seat {seats} players, but {len(players)} were given: give one player per seat")
    for seat, player in enumerate(players):
        if not isinstance(player, Player) or not callable(player.choose):
            raise WrongTypeError(f"players[{seat}] is {_shown(player)}, not a player: expected an object with a choose(view, legal_actions) method")


def _check_length(state: GameState, max_actions: int) -> None:
    """:class:`~ginrummy.UnfinishedError` once a hand has run to ``max_actions`` actions unfinished."""
    if state.history_length >= max_actions:
        raise UnfinishedError(
            f"the hand did not end within {max_actions} actions (players that only take discards never reach the wall)"
        )


def play_hand(state: GameState, players: Sequence[Player], *, max_actions: int = 10_000) -> GameState:
    """Play ``state`` to the end of the hand, seat ``i`` played by ``players[i]``.

    Raises :class:`~ginrummy.UnfinishedError` (a ``RuntimeError``) if the hand has not
    ended after ``max_actions`` actions:
    the stock only runs down when players draw from it, so players that keep taking
    each other's discards would play forever."""
    check_argument("play_hand", state, GameState)
    max_actions = check_setting("max_actions", max_actions, low=1, whole=True)
    _check_players(players, state.players)
    while not state.is_over:
        _check_length(state, max_actions)
        seat = state.to_play
        assert seat is not None
        state = _played(state, players[seat], seat)
    return state


def play_match(match: Match, players: Sequence[Player], *, max_hands: int = 10_000, max_actions: int = 10_000) -> Match:
    """Play ``match`` to the end of the game; raises :class:`~ginrummy.UnfinishedError`
    (a ``RuntimeError``) when the game has not ended after ``max_hands`` hands, or a hand
    after ``max_actions`` actions (as :func:`play_hand`)."""
    check_argument("play_match", match, Match)
    max_hands = check_setting("max_hands", max_hands, low=1, whole=True)
    max_actions = check_setting("max_actions", max_actions, low=1, whole=True)
    _check_players(players, match.players)
    while not match.is_over:
        if match.state.is_over:
            if match.hand_number >= max_hands:
                raise UnfinishedError(f"the match did not finish within {_count(max_hands, 'hand')}")
            match = match.apply(match.legal_actions()[0])
            continue
        _check_length(match.state, max_actions)
        seat = match.to_play
        assert seat is not None
        match = _played(match, players[seat], seat)
    return match


LEVELS = ("random", "easy", "medium", "hard", "expert")
"""The built-in levels, weakest first."""


def make_player(level: str, *, seed: int | None = None, time_budget: float | None = None) -> Player:
    """A built-in player: ``"random"``, ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``.

    ``time_budget`` (seconds) caps the search of ``hard`` (default 0.05) or ``expert``
    (default 0.25) per decision; ``math.inf`` sets no cap, so that with a seed the
    choices depend on nothing else (not on the machine's speed or load).
    """
    from ._bots import HARD_TIME_BUDGET, EasyPlayer, HardPlayer, MediumPlayer, RandomPlayer
    from ._expert import EXPERT_TIME_BUDGET, ExpertPlayer

    name = level.strip().lower() if isinstance(level, str) else None  # only text names a level
    if name == "random":
        return RandomPlayer(seed=seed)
    if name == "easy":
        return EasyPlayer(seed=seed)
    if name == "medium":
        return MediumPlayer()
    if name == "hard":
        return HardPlayer(seed=seed, time_budget=HARD_TIME_BUDGET if time_budget is None else time_budget)
    if name == "expert":
        return ExpertPlayer(seed=seed, time_budget=EXPERT_TIME_BUDGET if time_budget is None else time_budget)
    refused = PlayerError if isinstance(level, str) else PlayerTypeError
    raise refused(f"unknown player level {_shown(level)}: expected one of {', '.join(LEVELS)}")
