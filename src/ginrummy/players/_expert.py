"""The expert level: determinised Monte Carlo search on the engine, priced by the rules."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import SupportsFloat, cast

import attrs

from .._masks import deadwood_of_mask
from .._price import Score
from ..actions import Action, BigGin, DrawDiscard, DrawStock, Knock, PassUpcard, TakeUpcard
from ..cards import Card
from ..errors import PlayerError, PlayerTypeError, WrongTypeError, _as_float, _shown, _whole_field, _whole_or_type
from ..scoring import GameScore
from ..state import GameState, Phase, PlayerView
from ._base import check_argument, check_setting, offered, seeded_random
from ._bots import HARD_TIME_BUDGET, HardPlayer, _completes_meld, _first, opponent_draws
from ._deals import _deal, _discard_checks, gin_outs
from ._equity import EQUITY_TARGET_LIMIT, equity_of
from ._inference import hidden_card_weights
from ._rollout import TAKE_GAIN, _check_gain, _roll_out_score


__all__ = ["Analysis", "ExpertPlayer", "Rating"]


def _prices_equity(view: PlayerView) -> bool:
    """Whether the expert prices hands in ``view`` by the chance of winning the game (a
    two-player game to 500 or less, not over), rather than by their points."""
    game = view.game
    return (
        view.players == 2
        and isinstance(game, GameScore)
        and not game.is_over
        and view.rules.game_target <= EQUITY_TARGET_LIMIT
    )


def _real(value: SupportsFloat) -> float:
    """A rating's figure of any real type other than ``int`` and ``float`` (a numpy
    float, a ``Fraction``) as a ``float``; anything else passes through for the
    rating's own check."""
    try:
        return cast(float, _as_float(value))
    except (OverflowError, ValueError):
        return cast(float, value)


@attrs.frozen
class Rating:
    """One candidate action as :meth:`ExpertPlayer.analyse` rated it, in the
    analysis's :attr:`~Analysis.unit`."""

    action: Action
    """The candidate."""
    value: float = attrs.field(converter=_real)
    """Its average worth over the deals searched (``nan`` when nothing was searched)."""
    advantage: float = attrs.field(converter=_real)
    """Its average worth less the hard player's move's, paired deal by deal (0 for that move)."""
    standard_error: float = attrs.field(converter=_real)
    """The standard error of :attr:`advantage` (0 for the hard player's move; ``nan``
    with fewer than two deals)."""
    is_default: bool
    """Whether this is the hard player's move, which the expert keeps unless another is
    clearly better."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.action, Action):
            raise WrongTypeError(f"Rating.action must be an Action, not {type(self.action).__name__}: {_shown(self.action)}")
        for name in ("value", "advantage", "standard_error"):
            number = getattr(self, name)
            if isinstance(number, bool) or not isinstance(number, (int, float)):
                raise WrongTypeError(f"Rating.{name} must be a number, not {type(number).__name__}: {_shown(number)}")
        if not isinstance(self.is_default, bool):
            raise WrongTypeError(f"Rating.is_default must be True or False, not {_shown(self.is_default)}")
        if self.standard_error < 0:
            raise PlayerError(f"Rating.standard_error={_shown(self.standard_error)} is not allowed: expected at least 0 (or nan)")
        if self.is_default and (self.advantage != 0 or self.standard_error != 0):
            raise PlayerError(
                f"Rating of the default move {self.action} has advantage={_shown(self.advantage)} and"
                f" standard_error={_shown(self.standard_error)}: expected 0 and 0, the default being the yardstick"
            )


@attrs.frozen
class Analysis:
    """What :meth:`ExpertPlayer.analyse` found at one decision."""

    choice: Action
    """The move the expert makes."""
    default: Action
    """The hard player's move (playing on for gin where it would knock with enough gin
    outs), which the expert keeps unless a candidate is better by ``margin`` standard errors."""
    ratings: tuple[Rating, ...]
    """Every candidate searched, the largest advantage first (only the move, unrated,
    when there was no choice to search)."""
    deals: int = attrs.field(converter=_whole_field)
    """Determinisations played out for every candidate (0 when there was no choice)."""
    unit: str
    """``"game"``: worth is the chance of winning the game (0 to 1) from the score the
    hand leaves; ``"points"``: the hand's points, with the box and game bonus when it
    would end the game, another player's counting against this one."""
    declined: Card | None = None
    """The upcard or discard the expert turned down without searching, because it would
    join no meld of the hand's best arrangement (``meld_takes``); ``None`` otherwise."""
    goes_out: bool = False
    """Whether the choice is gin or big gin, taken at once without searching: nothing
    can beat it."""

    def __attrs_post_init__(self) -> None:
        for name in ("choice", "default"):
            action = getattr(self, name)
            if not isinstance(action, Action):
                raise WrongTypeError(f"Analysis.{name} must be an Action, not {type(action).__name__}: {_shown(action)}")
        ratings = self.ratings
        if not isinstance(ratings, tuple) or not ratings or not all(isinstance(r, Rating) for r in ratings):
            raise WrongTypeError(f"Analysis.ratings must be a non-empty tuple of Rating values, not {_shown(ratings)}")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int) or self.deals < 0:
            raise _whole_or_type(self.deals, PlayerError, PlayerTypeError)(f"Analysis.deals={_shown(self.deals)} is not allowed: expected a whole number of at least 0")
        if not isinstance(self.unit, str) or self.unit not in ("game", "points"):
            raise PlayerError(f"Analysis.unit={_shown(self.unit)} is not allowed: expected 'game' or 'points'")
        actions = [r.action for r in ratings]
        defaults = [r.action for r in ratings if r.is_default]
        problem = None
        if len(set(actions)) != len(actions):
            problem = "rates an action twice"
        elif defaults != [self.default]:
            problem = f"marks {len(defaults)} ratings as the default move: expected one, of {self.default}"
        elif self.choice not in actions:
            problem = f"chooses {self.choice}, which it did not rate"
        elif not self.deals and (self.choice != self.default or len(ratings) != 1):
            problem = "searched no deals: expected the one move, unrated, as both choice and default"
        elif self.declined is not None and not isinstance(self.declined, Card):
            raise WrongTypeError(f"Analysis.declined must be a Card or None, not {type(self.declined).__name__}: {_shown(self.declined)}")
        elif self.declined is not None and (self.deals or not isinstance(self.choice, (PassUpcard, DrawStock))):
            problem = (
                f"declines {self.declined} but {'searched ' + str(self.deals) + ' deals' if self.deals else 'chooses ' + str(self.choice)}:"
                " expected no search and a pass or a stock draw"
            )
        if problem is None and self.goes_out is not False:
            if not isinstance(self.goes_out, bool):
                raise WrongTypeError(f"Analysis.goes_out must be True or False, not {_shown(self.goes_out)}")
            if self.deals or self.declined is not None or not isinstance(self.choice, (Knock, BigGin)):
                problem = f"goes out with {self.choice}: expected a knock or big gin, taken unsearched, nothing declined"
        if problem is not None:
            raise PlayerError(f"Analysis {problem}")

    def explain(self, show: Callable[[Action], str] = str) -> str:
        """Why the expert made its move, in a phrase such as ``"better than discard Qs by
        1.4 points a hand, give or take 0.7, over 60 deals"`` (the chance of winning the
        game in percentage points when :attr:`unit` is ``"game"``), ``"over 60 deals,
        nothing else looked clearly better"``, ``"Qs would join no meld: not worth
        showing by taking it"`` when the expert turned a pile card down unsearched
        (:attr:`declined`), ``"gin: nothing can beat it"`` (or big gin) when the
        expert went out at once (:attr:`goes_out`), or ``"the only move worth
        searching"`` when nothing else was searched. ``show`` writes an action (default
        :class:`str`)."""
        if self.declined is not None:
            return f"{self.declined} would join no meld: not worth showing by taking it"
        if self.goes_out:
            return f"{'big gin' if isinstance(self.choice, BigGin) else 'gin'}: nothing can beat it"
        if not self.deals:
            return "the only move worth searching"
        if self.choice == self.default:
            return f"over {self.deals} deals, nothing else looked clearly better"
        rating = next(r for r in self.ratings if r.action == self.choice)
        scale, unit = (100, "points of game-winning chance") if self.unit == "game" else (1, "points a hand")
        return (
            f"better than {show(self.default)} by {scale * rating.advantage:.1f} {unit},"
            f" give or take {scale * rating.standard_error:.1f}, over {self.deals} deals"
        )


def _declined_take(view: PlayerView, legal: Sequence[Action]) -> Action | None:
    """At an offer of the upcard or a draw, the stock draw (or the pass) when the pile's
    top card would not join a meld of the best arrangement of the hand with it; else
    ``None`` (the decision is searched)."""
    top = view.discard_top
    if view.phase not in (Phase.OFFER, Phase.DRAW) or top is None:
        return None
    take = _first(legal, TakeUpcard) or _first(legal, DrawDiscard)
    other = _first(legal, PassUpcard) or _first(legal, DrawStock)
    if take is None or other is None or _completes_meld(view.hand.mask, top):
        return None
    return other


def _unsearched(action: Action, unit: str, declined: Card | None = None, goes_out: bool = False) -> Analysis:
    """The analysis of a decision with one candidate: nothing to search (``declined``:
    the pile card turned down for joining no meld; ``goes_out``: gin or big gin)."""
    rating = Rating(action, math.nan, 0.0, 0.0, True)
    return Analysis(choice=action, default=action, ratings=(rating,), deals=0, unit=unit, declined=declined, goes_out=goes_out)


def _going_out(view: PlayerView, legal: Sequence[Action], default: Action) -> Action | None:
    """At a discard, big gin when it is legal, else gin (``default`` when it is gin, as
    the hard player chose it); ``None`` when neither is legal."""
    if view.phase is not Phase.DISCARD:
        return None
    big = _first(legal, BigGin)
    if big is not None:
        return big
    hand = view.hand.mask
    gins = [a for a in (default, *legal) if isinstance(a, Knock) and deadwood_of_mask(hand & ~a.card.mask) == 0]
    return gins[0] if gins else None


def _rating(action: Action, row: Sequence[float], base: Sequence[float], is_default: bool) -> Rating:
    """``action``'s rating from its worth on each deal (``row``) and the default move's
    (``base``, on the same deals)."""
    n = len(row)
    value = sum(row) / n if n else math.nan
    if is_default:
        return Rating(action, value, 0.0, 0.0, True)
    diffs = [a - b for a, b in zip(row, base)]
    mean = sum(diffs) / n if n else math.nan
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 if n > 1 else math.nan
    return Rating(action, value, mean, spread / n**0.5, False)


EXPERT_TIME_BUDGET = 0.25
"""The expert's default cap on its search, in seconds a decision."""


class ExpertPlayer:
    """The strongest built-in level: it searches.

    It takes the upcard or a discard only when the card joins a meld at once
    (``meld_takes``), drawing from the stock otherwise, so as to show opponents less of
    its hand. For each other decision with a real choice, it keeps :class:`HardPlayer`'s move and the
    candidates it rates best (every knock, big gin, the best discards, both draw
    options), then plays each candidate on many *determinisations*: hands dealt at random
    to the other players, and a stock order, consistent with everything its view shows
    (their pile cards, the discards, the card counts). Each is played to the end of the
    hand on the engine by a fast rollout policy for every seat (the other seats taking
    pile cards a little more greedily than its own). The same determinisations
    serve every candidate (common random numbers), so the comparison is fair. Outcomes
    are priced under the rules in play. In a two-player game to 500 or less a hand is
    worth the chance of winning the game from the score it leaves
    (:func:`ginrummy.players.game_equity`); otherwise its points (knock, gin, big gin
    and undercut bonuses, spade doubling), the box it earns, and the game bonus when the
    hand would end the game, what another player scores counting against it. It departs from the hard player's move only for
    a candidate whose paired advantage over it, on the same deals, is clear (more than
    ``margin`` standard errors): rollouts are noisy, and a noisy search alone loses to
    ``hard``.

    ``simulations`` determinisations per decision (default 60), capped by
    ``time_budget`` seconds (default 0.25); with a seed and no cap reached, its choices
    are reproducible. ``time_budget=math.inf`` sets no cap (for its inner ``hard``
    player too), so that a seeded player's choices never depend on the machine's speed
    or load. Measured decision times are in the docs. :meth:`analyse` gives
    the figures behind a move.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        simulations: int = 60,
        time_budget: float = EXPERT_TIME_BUDGET,
        candidates: int = 3,
        margin: float = 1.0,
        gin_outs: int = 3,
        infer: bool = True,
        redeals: int = 4,
        opponent_take_gain: int = 1,
        meld_takes: bool = True,
    ) -> None:
        """``candidates`` discards are searched besides every knock; another move than the
        hard player's is taken only when it is better by ``margin`` standard errors.
        Where hard would knock short of gin, it plays on for gin while at least
        ``gin_outs`` unseen cards would give gin (0 turns this off); gin itself it takes
        at once. With ``infer`` (the default) it deals the other players' hidden cards
        by what their plays show (:func:`hidden_card_weights`); ``infer=False`` deals
        them uniformly, improved for their draws (:func:`determinize`'s default). A deal in which an opponent's
        last discard was not one of its least-deadwood discards is dealt again, up to
        ``redeals`` times (:func:`determinize`). In the rollouts the other seats take
        the upcard or a discard when it lowers their deadwood by ``opponent_take_gain``
        or more (this player's own seat by 2, :func:`rollout_action`'s default): taking
        them to be a little greedier than the rollout policy makes the search guard
        against their knocks, which pays (the docs give the figures). With
        ``meld_takes`` (the default) it takes the upcard or a discard only when the card
        joins a meld of its best arrangement at once, and otherwise draws from the stock
        (or passes the upcard) without searching: a card taken from the pile is open to
        every other player's view, and an opponent that reads it (``hard`` does) then
        guards against it. ``meld_takes=False`` searches those draws like any other
        decision."""
        simulations = check_setting("simulations", simulations, low=1, whole=True)
        time_budget = check_setting("time_budget", time_budget, low=0, above=True, unbounded=True)
        candidates = check_setting("candidates", candidates, low=0, whole=True)
        margin = check_setting("margin", margin, low=0)
        gin_outs = check_setting("gin_outs", gin_outs, low=0, whole=True)
        redeals = check_setting("redeals", redeals, low=0, whole=True)
        opponent_take_gain = _check_gain("opponent_take_gain", opponent_take_gain)
        if not isinstance(infer, bool):
            raise PlayerTypeError(f"infer={_shown(infer)} is not allowed: expected True or False")
        if not isinstance(meld_takes, bool):
            raise PlayerTypeError(f"meld_takes={_shown(meld_takes)} is not allowed: expected True or False")
        self.seed = seed
        self.margin = margin
        self.rng = seeded_random(seed)
        self.simulations = simulations
        self.time_budget = time_budget
        self.candidates = candidates
        self.gin_outs = gin_outs
        self.infer = infer
        self.redeals = redeals
        self.opponent_take_gain = opponent_take_gain
        self.meld_takes = meld_takes
        self.hard = HardPlayer(seed=None if seed is None else seed + 1, time_budget=HARD_TIME_BUDGET if math.isfinite(time_budget) else math.inf)

    def _candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        if view.phase is not Phase.DISCARD:
            return list(legal)
        found: list[Action] = []
        found.extend([a for a in legal if isinstance(a, Knock)][:2])  # least deadwood first
        found.extend(self.hard.ranked_discards(view, legal)[: self.candidates])
        return found

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        """The expert's choice: the hard player's move, unless the search shows another
        candidate is better by more than ``margin`` standard errors."""
        return self.analyse(view, legal_actions).choice

    def analyse(self, view: PlayerView, legal_actions: Sequence[Action] | None = None) -> Analysis:
        """The search behind :meth:`choose`, with its figures: every candidate it played
        out, its average worth and its paired advantage over the hard player's move, with
        the standard error of that advantage. ``legal_actions`` defaults to the view's.
        The choice is the one :meth:`choose` would make from the same state of this
        player's generator (each call draws from it, so two calls in a row may differ).

        >>> from ginrummy import GameState, Rules
        >>> from ginrummy.players import ExpertPlayer
        >>> state = GameState.new(Rules(), seed=9)
        >>> view = state.view(state.to_play)
        >>> analysis = ExpertPlayer(seed=1, simulations=20, time_budget=60, meld_takes=False).analyse(view)
        >>> str(analysis.default), str(analysis.choice), analysis.deals, analysis.unit
        ('pass', 'take', 20, 'points')
        >>> for rating in analysis.ratings:
        ...     print(f"{rating.action}: {rating.advantage:+.1f} (standard error {rating.standard_error:.1f})")
        take: +23.9 (standard error 8.7)
        pass: +0.0 (standard error 0.0)
        """
        check_argument("ExpertPlayer.analyse", view, PlayerView)
        legal = offered(view, legal_actions)
        unit = "game" if _prices_equity(view) else "points"
        if len(legal) == 1:  # a forced move (gin, at times, after taking the fiftieth card)
            return _unsearched(legal[0], unit, goes_out=_going_out(view, legal, legal[0]) is not None)
        declined = _declined_take(view, legal) if self.meld_takes else None
        if declined is not None:
            return _unsearched(declined, unit, view.discard_top)
        default = self._default(view, legal)
        out = _going_out(view, legal, default)
        if out is not None:  # gin or big gin: nothing can beat it
            return _unsearched(out, unit, goes_out=True)
        candidates = list(dict.fromkeys(self._candidates(view, legal)))  # each once, should the caller repeat one
        if default not in candidates:
            candidates.insert(0, default)
        if len(candidates) == 1:
            return _unsearched(candidates[0], unit)
        values: list[list[float]] = [[] for _ in candidates]
        deadline = time.perf_counter() + self.time_budget
        draws = opponent_draws(view)
        weights = hidden_card_weights(view) if self.infer else None
        checks = _discard_checks(view) if self.redeals else ()
        for _ in range(self.simulations):
            sample_seed = self.rng.getrandbits(64)
            world = self._world(view, random.Random(sample_seed), draws, weights, checks)
            for index, action in enumerate(candidates):
                values[index].append(self._play_out(world.apply(action), view))
            if time.perf_counter() > deadline:
                break
        base = candidates.index(default)
        ratings = [_rating(action, row, values[base], i == base) for i, (action, row) in enumerate(zip(candidates, values))]
        choice = self._pick(ratings, default)
        ratings.sort(key=lambda r: -r.advantage)  # stable: ties keep the search's order
        return Analysis(
            choice=choice,
            default=default,
            ratings=tuple(ratings),
            deals=len(values[0]),
            unit=unit,
        )

    def _world(
        self,
        view: PlayerView,
        rng: random.Random,
        draws: dict[int, int],
        weights: dict[int, tuple[float, ...]] | None,
        checks: tuple[tuple[int, int, int], ...],
    ) -> GameState:
        """One determinisation for the search (:func:`determinize`, by the evidence's
        ``weights`` when it infers, dealt again while ``checks`` of the opponents' latest
        discards fail); a subclass may sample another way."""
        improve = 6 if weights is None else 2
        return _deal(view, rng, improve, draws, weights, checks, self.redeals)

    def _default(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The hard player's move, except that it plays on for gin instead of knocking
        short of gin while at least ``gin_outs`` unseen cards would give it gin. (A hand
        that is gin already counts every unseen card as an out: it knocks.)"""
        move = self.hard.choose(view, legal)
        if isinstance(move, Knock) and self.gin_outs:
            kept = view.hand.mask & ~move.card.mask
            if deadwood_of_mask(kept) > 0 and gin_outs(kept, view.unseen.mask) >= self.gin_outs:
                return self.hard.choose(view, [a for a in legal if not isinstance(a, Knock)])
        return move

    def _pick(self, ratings: Sequence[Rating], default: Action) -> Action:
        """The candidate whose advantage over the default is largest and clear (more than
        ``margin`` standard errors), the first in the search's order on a tie; else the
        default."""
        best, best_gain = default, 0.0
        for rating in ratings:
            clear = rating.advantage - self.margin * rating.standard_error > 0
            if not rating.is_default and clear and rating.advantage > best_gain:
                best, best_gain = rating.action, rating.advantage
        return best

    def _play_out(self, state: GameState, view: PlayerView) -> float:
        """The worth to this player of playing ``state`` (a determinisation after a
        candidate) out by the rollout policy."""
        return self._value(_roll_out_score(state, self._take_gains(view)), view)

    def _take_gains(self, view: PlayerView) -> tuple[int, ...]:
        """Each seat's ``take_gain`` in the rollouts: 2 for this player, ``opponent_take_gain`` for the others."""
        return tuple(TAKE_GAIN if seat == view.seat else self.opponent_take_gain for seat in range(view.players))

    def _value(self, score: Score, view: PlayerView) -> float:
        """The worth to this player of a hand priced ``score`` under the rules in play: the
        chance of winning a two-player game (to 500 or less) from the score it leaves, or
        else its points."""
        game = view.game
        if _prices_equity(view):
            assert isinstance(game, GameScore)
            mine, theirs = game.points[view.seat], game.points[1 - view.seat]
            if score.scorer == view.seat:
                mine += score.points
            elif score.scorer is not None:
                theirs += score.points
            return equity_of(view.rules, mine, theirs)
        if score.scorer is None:
            return 0.0
        worth = float(score.points + score.box)
        if isinstance(game, GameScore) and game.points[score.scorer] + score.points >= view.rules.game_target:
            worth += view.rules.game_bonus
        return worth if score.scorer == view.seat else -worth / (view.players - 1)
