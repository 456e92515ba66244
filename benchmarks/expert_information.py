"""What each part of the opponent's hand is worth to the expert's search, hand by hand.

The expert that searches deals holding the opponent's true cards wins 95% of its games
against ``medium`` (``benchmarks/ceilings.py``); the fair expert about 72%. This script
asks which part of that knowledge carries the gap, by giving the search one part of the
opponent's hand and dealing the rest:

* ``hard``: the hard player, for scale;
* ``expert``: the expert as shipped, seeing nothing more than its view;
* ``seeing``: the expert searching the opponent's true hand (the stock order unknown);
* ``melds``: the expert searching deals in which the opponent holds its true melded
  cards and the cards it took from the pile; its other hidden cards are swapped at
  random with the stock;
* ``deadwood``: the expert's own deals, keeping of up to 40 the first whose opponent
  deadwood is within 2 points of the truth (else the nearest);
* ``deadwood-S`` (``S`` a number, such as ``deadwood-9.7``): what an estimate of the
  opponent's deadwood with an error of ``S`` points is worth at most. At each decision
  the search is told the opponent's true deadwood plus a normal error of standard
  deviation ``S`` (drawn once per decision), and keeps each of its own deals with the
  chance that such a report would come from that deal's opponent deadwood (of up to
  40 deals, else the last): the deals the search would see if the report were a
  measurement independent of the view. A fair estimate learned from the view is worth
  less than this, since its error is not independent of what the deals already know;
* ``seeing-knocks``, ``seeing-discards``, ``seeing-draws``: the expert searching the
  opponent's true hand at that kind of decision only (a knock decision is a discard
  with a knock or big gin among the legal actions), its own deals at the others;
* ``feeds``: at discards without a knock, the expert's own deals, keeping of up to 40
  the first that agrees with the truth on which cards of the expert's hand the
  opponent would take from the pile (by the rollout policy's rule), else the closest;
* ``own-hard``: the expert whose rollouts play its own seat by ``hard`` (the opponent's
  by the rollout policy), with 20 deals a decision and no time cap (it is slow: about
  6 s a hand); ``expert-20``, the shipped expert with the same 20 deals, is what it is
  compared with;
* ``opp-hard``: the same, with the rollouts playing every other seat by ``hard`` and its
  own by the rollout policy (slower still: about 20 s a hand), also compared with
  ``expert-20``: what a rollout model of the opponent as strong as ``hard`` is worth;
* ``posterior``, ``posterior-2``: the expert dealing the opponent's hidden cards from
  a posterior over its whole hand's plays under a least-deadwood model of it, sampled
  by Markov chains (``benchmarks/_posterior.py``); ``posterior-2`` then improves each
  dealt hand by two cards, as the shipped deals do; ``posterior-truth`` and
  ``posterior-truth-2`` restart ten chains from the true hypothesis (the opponent's
  dealt cards and stock draws) at each decision and move each 100 steps, which no fair
  player can: the deals of a posterior near the truth; ``posterior-walk-N`` is
  ``posterior-truth`` moving each chain ``N`` steps instead;
* ``meld-takes``: a fair player, not a kind of knowledge: the shipped expert, except
  that it takes the upcard or a discard only when that card joins a meld of its best
  melding at once, and otherwise draws from the stock (or passes) without searching.
  Cards it takes from the pile are open to the opponent's view, and ``hard`` both deals
  them to the defender when it weighs a knock and avoids discarding cards that meld
  with them, so taking fewer of them shows it less. The expert now does this by
  default (``ExpertPlayer(meld_takes=True)``), so ``meld-takes`` plays as ``expert``
  does; it stays so that the research log's commands still run;
* ``knock-takes``: the shipped expert, except that a pile card that joins no meld is
  still searched when taking it would let the hand knock at once.

Every player plays the same deals against ``--against`` (``medium`` or ``hard``),
under the Oklahoma preset or, with ``--rules standard``, the standard one, alternating
seats, one hand per deal (no game score, so outcomes are priced
in points). Reports each player's mean net points a hand with its standard error, its
difference from the shipped expert on the same deals, how its hands end, and how often
a hand the opponent takes one of its discards (feeds) and it takes from the pile.
``--by-limit`` adds each player's points a hand by the hand's Oklahoma knock limit;
``--limit L`` plays only the deals whose upcard sets the limit ``L`` (the first
``--hands`` such deals of the seed, so the hands stay paired between players). Both
need the Oklahoma rules, where the upcard sets the limit.

Run:  python benchmarks/expert_information.py [--hands N] [--against medium|hard]
      [--rules oklahoma|standard] [--workers N] [--seed N] [--by-limit] [--limit L]
      [PLAYER ...]
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import attrs  # noqa: E402
from _machine import describe  # noqa: E402
from _posterior import PosteriorExpert  # noqa: E402
from ceilings import FairExpert, KnockTakesExpert, MeldTakesExpert, SeeingExpert  # noqa: E402

from ginrummy import GameState, Hand, Rules, best_melding, deadwood  # noqa: E402
from ginrummy._masks import deadwood_of_mask  # noqa: E402
from ginrummy.actions import BigGin, Discard, DrawDiscard, Knock, TakeUpcard  # noqa: E402
from ginrummy.players import ExpertPlayer, HardPlayer, Player, determinize, make_player, rollout_action  # noqa: E402
from ginrummy.players._rollout import _rollout_takes  # noqa: E402
from ginrummy.state import Phase, PlayerView  # noqa: E402

PLAYERS = (
    "hard", "expert", "seeing", "melds", "deadwood", "seeing-knocks", "seeing-discards", "seeing-draws", "feeds",
    "expert-20", "own-hard", "opp-hard", "posterior", "posterior-2",
    "posterior-truth", "posterior-truth-2", "meld-takes", "knock-takes",
)
BASELINE = {"own-hard": "expert-20", "opp-hard": "expert-20"}
"""The player each one is compared with on the same deals, when not the shipped expert."""


class PartlySeeingExpert(SeeingExpert):
    """The expert, searching deals that give the opponent one part of its true hand:
    ``knows`` is ``"melds"``, ``"deadwood"``, ``"feeds"`` or ``"seeing-"`` and a kind of
    decision (see the module's docstring). The driver
    sets ``truth``, the true state, before each decision."""

    def __init__(self, knows: str, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.knows = knows
        self.noise = random.Random(seed + 3)
        self.report: tuple[tuple[int, Phase], float] | None = None

    def _world(
        self,
        view: PlayerView,
        rng: random.Random,
        draws: dict[int, int],
        weights: dict[int, tuple[float, ...]] | None,
        checks: tuple[tuple[int, int, int], ...],
    ) -> GameState:
        truth = self.truth
        assert truth is not None, "the driver sets truth before each decision"
        (opponent,) = view.opponents

        def own_deal() -> GameState:
            return ExpertPlayer._world(self, view, rng, draws, weights, checks)

        if self.knows.startswith("seeing-"):
            if _decision(view) == self.knows.removeprefix("seeing-"):
                return super()._world(view, rng, draws, weights, checks)
            return own_deal()
        if self.knows == "melds":
            return _with_true_melds(truth, opponent, rng)
        if self.knows == "feeds":
            if _decision(view) != "discards":
                return own_deal()
            mine = view.hand.mask
            gain = self.opponent_take_gain
            wanted = _takes(truth.hands[opponent], mine, gain)

            def miss(world: GameState) -> int:
                return (_takes(world.hands[opponent], mine, gain) ^ wanted).bit_count()

            return _closest(own_deal, miss, 0)
        target = deadwood(Hand.from_mask(truth.hands[opponent]))
        if self.knows != "deadwood":
            return self._reported_deal(view, own_deal, rng, target)

        def public_deal() -> GameState:
            return determinize(view, rng, improve=2, draws=draws, weights=weights, redeals=self.redeals)

        def deadwood_miss(world: GameState) -> int:
            return abs(deadwood(Hand.from_mask(world.hands[opponent])) - target)

        return _closest(public_deal, deadwood_miss, 2)

    def _reported_deal(
        self, view: PlayerView, deal: Callable[[], GameState], rng: random.Random, target: int
    ) -> GameState:
        """One of ``deal``'s deals (of up to 40, else the last), each kept with the chance
        that the decision's noisy report of ``target`` came from its opponent's deadwood
        (``deadwood-S``; see the module's docstring)."""
        error = float(self.knows.removeprefix("deadwood-"))
        key = (view.history_length, view.phase)
        if self.report is None or self.report[0] != key:  # a new decision: a new report
            self.report = (key, target + self.noise.gauss(0.0, error))
        report = self.report[1]
        (opponent,) = view.opponents
        world = deal()
        for _ in range(39):
            miss = deadwood_of_mask(world.hands[opponent]) - report
            if rng.random() < math.exp(-miss * miss / (2 * error * error)):
                break
            world = deal()
        return world


def _closest(deal: Callable[[], GameState], miss: Callable[[GameState], int], enough: int) -> GameState:
    """Of up to 40 of ``deal``'s deals, the first whose ``miss`` is at most ``enough``,
    else the one with the least."""
    best: GameState | None = None
    gap = 1 << 30
    for _ in range(40):
        world = deal()
        wrong = miss(world)
        if wrong < gap:
            best, gap = world, wrong
        if wrong <= enough:
            break
    assert best is not None
    return best


def _decision(view: PlayerView) -> str:
    """``"knocks"``, ``"discards"`` or ``"draws"``: the kind of decision ``view`` asks for."""
    if view.phase is not Phase.DISCARD:
        return "draws"
    return "knocks" if any(isinstance(a, (Knock, BigGin)) for a in view.legal_actions) else "discards"


def _takes(opponent: int, cards: int, gain: int) -> int:
    """The cards of the mask ``cards`` that the expert's rollouts would have the
    opponent (a mask) take from the pile, at its ``opponent_take_gain`` of ``gain``."""
    now = deadwood_of_mask(opponent)
    return sum(1 << i for i in range(52) if cards >> i & 1 and _rollout_takes(opponent, i, now, gain))


class TwentyDealsExpert(FairExpert):
    """The shipped expert with 20 deals a decision and no time cap."""

    def __init__(self, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.simulations, self.time_budget = 20, 1e9


class HardRolloutExpert(TwentyDealsExpert):
    """The expert whose rollouts play some seats by ``hard``, action by action on the
    engine, and the rest by the rollout policy: its own seat (``own-hard``) or every
    other seat (``opp-hard``); 20 deals a decision, no time cap."""

    def __init__(self, *, seed: int, own: bool) -> None:
        super().__init__(seed=seed)
        self.rollout_hard = HardPlayer(seed=seed + 2)
        self.own = own

    def _play_out(self, state: GameState, view: PlayerView) -> float:
        gains = self._take_gains(view)
        while state.result is None:
            legal = state.legal_actions()
            seat = state.to_play_seat
            if (seat == view.seat) == self.own and len(legal) > 1:
                action = self.rollout_hard.choose(state.view(seat), legal)
            else:
                action = rollout_action(state, take_gain=gains[seat])
            state = state.apply(action)
        return self._value(state.result.score, view)


def _with_true_melds(truth: GameState, opponent: int, rng: random.Random) -> GameState:
    """``truth`` with the opponent's hidden cards outside its best melds swapped at random
    with the stock (the cards it took from the pile stay)."""
    true = truth.hands[opponent]
    keep = truth.known[opponent]
    for meld in best_melding(Hand.from_mask(true)).melds:
        keep |= meld.mask
    free = [i for i in range(52) if (true & ~keep) >> i & 1]
    pool = free + list(truth.deck[truth.stock_next :])
    rng.shuffle(pool)
    received = pool[: len(free)]
    hands = list(truth.hands)
    hands[opponent] = keep | sum(1 << i for i in received)
    # the cards it received take the places its free cards had in the deck
    places = dict(zip(free, received))
    dealt = tuple(places.get(i, i) for i in truth.deck[: truth.stock_next])
    return attrs.evolve(truth, hands=tuple(hands), deck=(*dealt, *pool[len(free) :]))


def _is_reported(name: str) -> bool:
    """Whether ``name`` is ``deadwood-S`` with ``S`` a positive number."""
    try:
        return name.startswith("deadwood-") and float(name.removeprefix("deadwood-")) > 0
    except ValueError:
        return False


def _is_walk(name: str) -> bool:
    """Whether ``name`` is ``posterior-walk-N`` with ``N`` a whole number of steps."""
    return name.startswith("posterior-walk-") and name.removeprefix("posterior-walk-").isdigit()


def _player(name: str, seed: int) -> Player:
    if name == "meld-takes":
        return MeldTakesExpert(seed=seed)
    if name == "knock-takes":
        return KnockTakesExpert(seed=seed)
    if name == "hard":
        return HardPlayer(seed=seed)
    if name in ("posterior", "posterior-2"):
        return PosteriorExpert(seed=seed, improve=2 if name == "posterior-2" else 0)
    if name in ("posterior-truth", "posterior-truth-2"):  # ten chains, 100 steps from the truth each decision
        improve = 2 if name == "posterior-truth-2" else 0
        return PosteriorExpert(seed=seed, improve=improve, from_truth=True, chains=10, burn_in=100)
    if _is_walk(name):
        return PosteriorExpert(seed=seed, from_truth=True, chains=10, burn_in=int(name.removeprefix("posterior-walk-")))
    if name in ("melds", "deadwood", "feeds") or name.startswith(("seeing-", "deadwood-")):
        return PartlySeeingExpert(name, seed=seed)
    if name in ("own-hard", "opp-hard"):
        return HardRolloutExpert(seed=seed, own=name == "own-hard")
    classes: dict[str, type[FairExpert] | type[SeeingExpert]] = {
        "expert": FairExpert, "seeing": SeeingExpert, "expert-20": TwentyDealsExpert,
    }
    return classes[name](seed=seed)


Outcome = tuple[float, str, int, int]
"""(net points, how the hand ended, discards the opponent took, cards taken from the pile)."""


def _limit(deal: int, seed: int, rules: str = "oklahoma") -> int:
    """The knock limit of the hand that ``play_hand`` deals for ``deal`` under ``rules``."""
    return GameState.new(Rules.parse(rules), seed=seed + deal // 2).knock_limit


def _deals(hands: int, seed: int, limit: int | None, rules: str = "oklahoma") -> list[tuple[int, int]]:
    """(deal number, knock limit) of the first ``hands`` deals, or of the first ``hands``
    whose knock limit is ``limit``."""
    found: list[tuple[int, int]] = []
    deal = 0
    while len(found) < hands:
        its_limit = _limit(deal, seed, rules)
        if limit is None or its_limit == limit:
            found.append((deal, its_limit))
        deal += 1
    return found


def _standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (NaN for fewer than two)."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else math.nan


def _by_limit(points: list[float], limits: Sequence[int]) -> str:
    """Points a hand (standard error, hands) for each knock limit."""
    groups: dict[int, list[float]] = collections.defaultdict(list)
    for p, limit in zip(points, limits):
        groups[limit].append(p)
    parts = []
    for limit, group in sorted(groups.items()):
        parts.append(f"limit {limit}: {statistics.mean(group):+.2f} ({_standard_error(group):.2f}, {len(group)})")
    return "; ".join(parts)


def play_hand(deal: int, name: str, against: str, seed: int, rules_name: str = "oklahoma") -> Outcome:
    """One hand of deal ``deal // 2`` under the preset ``rules_name``, with ``name`` in
    seat ``deal % 2``, from its side."""
    rules = Rules.parse(rules_name)
    mine = deal % 2
    player = _player(name, seed + deal)
    players = [make_player(against, seed=seed + deal) for _ in range(2)]
    players[mine] = player
    state = GameState.new(rules, seed=seed + deal // 2)
    fed = took = 0
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        if isinstance(player, (FairExpert, SeeingExpert)):
            player.truth = state
        view = state.view(seat)
        action = players[seat].choose(view, view.legal_actions)
        last = view.last_step
        if isinstance(action, DrawDiscard) and seat != mine and last is not None:
            fed += last[0] == mine and isinstance(last[1], Discard)
        if isinstance(action, (DrawDiscard, TakeUpcard)) and seat == mine:
            took += 1
        state = state.apply(action)
    assert state.result is not None
    score = state.result.score
    knocker = state.result.knocker
    who = "nobody" if knocker is None else ("it" if knocker == mine else "opponent")
    points = 0 if score.scorer is None else (score.points if score.scorer == mine else -score.points)
    return float(points), f"{who} {score.reason}", fed, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", nargs="*", metavar="PLAYER", help=f"any of {', '.join(PLAYERS)}, or deadwood-S (default all but deadwood-S)")
    parser.add_argument("--hands", type=int, default=400, help="hands per player (default 400)")
    parser.add_argument("--against", default="medium", choices=("medium", "hard"))
    parser.add_argument("--rules", default="oklahoma", choices=("oklahoma", "standard"), help="preset (default oklahoma)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--by-limit", action="store_true", help="also report points a hand by knock limit")
    parser.add_argument("--limit", type=int, choices=(0, *range(2, 11)), help="play only deals with this knock limit")
    args = parser.parse_args()
    unknown = [p for p in args.players if p not in PLAYERS and not _is_reported(p) and not _is_walk(p)]
    if unknown:
        parser.error(
            f"unknown player {unknown[0]!r}: expected one of {', '.join(PLAYERS)}, deadwood-S with S a positive number,"
            " or posterior-walk-N with N a whole number"
        )
    if args.rules != "oklahoma" and (args.by_limit or args.limit is not None):
        parser.error(f"--by-limit and --limit need --rules oklahoma, where the upcard sets the limit (got --rules {args.rules})")
    if args.hands < 2:
        parser.error(f"--hands {args.hands} is too few: a standard error needs at least 2 hands")
    names = args.players or list(PLAYERS)
    only = "" if args.limit is None else f" with knock limit {args.limit}"
    print(f"machine: {describe()}; {args.hands} {args.rules} hands{only} each against {args.against}, seed {args.seed}")
    deals, limits = zip(*_deals(args.hands, args.seed, args.limit, args.rules))
    results: dict[str, list[Outcome]] = {}
    with ProcessPoolExecutor(args.workers) as executor:
        for name in names:
            start = time.perf_counter()
            work = partial(play_hand, name=name, against=args.against, seed=args.seed, rules_name=args.rules)
            results[name] = list(executor.map(work, deals, chunksize=4))
            points = [p for p, _, _, _ in results[name]]
            line = (f"{name:15} {statistics.mean(points):+6.2f} points a hand "
                    f"(standard error {_standard_error(points):.2f})")
            base = BASELINE.get(name, "expert")
            if base in results and name != base:
                diffs = [p - q for (p, *_), (q, *_) in zip(results[name], results[base])]
                line += f", {statistics.mean(diffs):+.2f} against {base} (standard error {_standard_error(diffs):.2f})"
            fed = statistics.mean(f for _, _, f, _ in results[name])
            took = statistics.mean(t for _, _, _, t in results[name])
            print(f"{line}; fed {fed:.2f} and took {took:.2f} a hand ({time.perf_counter() - start:.0f} s)", flush=True)
            endings = collections.Counter(ending for _, ending, _, _ in results[name])
            print(" " * 16 + ", ".join(f"{ending} {count / len(points):.1%}" for ending, count in endings.most_common()))
            if args.by_limit:
                print(" " * 16 + _by_limit(points, limits))


if __name__ == "__main__":
    main()
