"""Where a stronger player's edge could come from: hard, helped by seeing the opponent's hand.

Each variant is the hard player with one decision made from the true state, which no
fair player has; its edge over plain hard bounds what better judgement of that decision
could be worth:

* ``knock``: knocks whenever knocking now would not be undercut, and never otherwise;
* ``knock-veto``: hard's own knock decision, except that it never knocks into an undercut;
* ``discard``: of hard's three best discards, throws the first that does not lower the
  opponent's deadwood (hard's choice when all three would);
* ``both``: ``knock`` and ``discard`` together;
* ``expert`` (with ``--games`` only): the expert, searching deals that give every
  opponent its true cards (only the stock order is unknown to it);
* ``fair-expert`` (with ``--games`` only): the expert as shipped, seeing nothing more
  than its view, for comparison with ``expert``;
* ``meld-takes`` (with ``--games`` only): a fair player, the shipped expert except that
  it takes a pile card only when the card joins a meld at once (so that ``hard``, which
  reads the pile cards its opponent holds, sees less); the research log's "Taking fewer
  pile cards" gives its hands. The expert now does this by default
  (``ExpertPlayer(meld_takes=True)``), so it plays as ``fair-expert`` does; it stays so
  that the log's commands still run;
* ``knock-takes`` (with ``--games`` only): the shipped expert, except that a pile card
  that joins no meld is still searched when taking it would let the hand knock at once;
* ``all-takes`` (with ``--games`` only): the shipped expert with ``meld_takes=False``,
  searching every draw from the pile as the expert did before ``meld_takes``;
* ``control``: plain hard, which should score about 0.

Every deal is played twice, the variant in each seat, against plain hard, hand by hand
(no game score). Reports the variant's mean net points a hand, with the standard error
of the mean over deals (a deal's two hands are one paired sample).

With ``--games N`` it plays whole games to the rules' target instead, in duplicate (each
deal of a game played twice with the seats swapped), against ``--against`` (``hard`` or
``medium``), and reports the games won with a 95% Wilson interval: how far a player
that sees the opponent's hand for these decisions gets against the project's targets.

Run:  python benchmarks/ceilings.py [--deals N | --games N] [--against LEVEL] [--workers N]
      [--seed N] [--rules NAME] [VARIANT ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import attrs  # noqa: E402
from _machine import describe  # noqa: E402

from ginrummy import GameScore, GameState, Match, Rules  # noqa: E402
from ginrummy._masks import deadwood_of_mask, discard_deadwood_of_mask, knock_discards  # noqa: E402
from ginrummy.actions import Action, BigGin, Discard, Knock  # noqa: E402
from ginrummy.players import Analysis, ExpertPlayer, HardPlayer, Player, make_player, wilson_interval  # noqa: E402
from ginrummy.state import Phase, PlayerView  # noqa: E402

class Peeking(HardPlayer):
    """The hard player with one decision taken from the true state (``self.truth``)."""

    def __init__(self, variant: str, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.knocks = variant in ("knock", "both")  # knocks exactly when it would not be undercut
        self.vetoes = variant == "knock-veto"  # hard's knocks, less those undercut
        self.discards = variant in ("discard", "both")
        self.truth: GameState | None = None

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        truth = self.truth
        assert truth is not None
        knocks = [a for a in legal if isinstance(a, Knock)]
        if (self.knocks or self.vetoes) and knocks and not any(isinstance(a, BigGin) for a in legal):
            best = min(knocks, key=lambda a: (deadwood_of_mask(view.hand.mask & ~a.card.mask), -a.card.value))
            result = truth.apply(best).result
            assert result is not None
            safe = result.score_under(view.rules).scorer == view.seat
            without = [a for a in legal if not isinstance(a, Knock)]
            if self.knocks:
                return best if safe else super().choose(view, without)
            choice = super().choose(view, legal)
            return super().choose(view, without) if isinstance(choice, Knock) and not safe else choice
        choice = super().choose(view, legal)
        if self.discards and isinstance(choice, Discard):
            opponent = truth.hands[view.next_seat]
            before = deadwood_of_mask(opponent)
            for option in self.ranked_discards(view, legal)[:3]:
                if discard_deadwood_of_mask(opponent | option.card.mask) >= before:
                    return option
        return choice


class SeeingExpert(ExpertPlayer):
    """The expert, searching the true hands (``self.truth``) with the stock shuffled."""

    def __init__(self, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.truth: GameState | None = None

    def _world(
        self,
        view: PlayerView,
        rng: random.Random,
        draws: dict[int, int],
        weights: dict[int, tuple[float, ...]] | None,
        checks: tuple[tuple[int, int, int], ...],
    ) -> GameState:
        truth = self.truth
        assert truth is not None
        stock = list(truth.deck[truth.stock_next :])
        rng.shuffle(stock)
        return attrs.evolve(truth, deck=(*truth.deck[: truth.stock_next], *stock))


class FairExpert(ExpertPlayer):
    """The expert as shipped; ``truth`` is set by the driver and never read."""

    def __init__(self, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.truth: GameState | None = None


class MeldTakesExpert(FairExpert):
    """The expert taking a pile card (the upcard or a discard) only when it joins a meld
    of its best melding at once; otherwise it draws from the stock, or passes, unsearched.
    The shipped expert's ``meld_takes=True`` default now does exactly this, so the class
    adds nothing to :class:`FairExpert`; it names the research log's player."""


class AllTakesExpert(FairExpert):
    """The shipped expert with ``meld_takes=False``: it searches every take from the pile,
    as the expert did before ``meld_takes`` became the default."""

    def __init__(self, *, seed: int) -> None:
        super().__init__(seed=seed)
        self.meld_takes = False


class KnockTakesExpert(FairExpert):
    """The shipped expert, except that it searches the take of a pile card that joins no
    meld when, with that card, the hand could knock at once (a discard other than the
    card leaves deadwood within the knock limit); other such cards it turns down
    unsearched, as the shipped expert does."""

    def analyse(self, view: PlayerView, legal_actions: Sequence[Action] | None = None) -> Analysis:
        top = view.discard_top
        if top is not None and view.phase in (Phase.OFFER, Phase.DRAW):
            if knock_discards(view.hand.mask | top.mask, view.knock_limit, top.mask):
                self.meld_takes = False
                try:
                    return super().analyse(view, legal_actions)
                finally:
                    self.meld_takes = True
        return super().analyse(view, legal_actions)


def play_deal(deal: int, variant: str, preset: str, seed: int) -> list[int]:
    """One deal played twice, the variant first in seat 0, then in seat 1: its net points."""
    rules = Rules.parse(preset)
    out: list[int] = []
    for seat_of_variant in (0, 1):
        peeking = Peeking(variant, seed=seed + deal)
        players: list[HardPlayer] = [HardPlayer(seed=seed + deal), HardPlayer(seed=seed + deal)]
        players[seat_of_variant] = peeking
        state = GameState.new(rules, seed=seed + deal)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            peeking.truth = state
            view = state.view(seat)
            state = state.apply(players[seat].choose(view, view.legal_actions))
        assert state.result is not None
        score = state.result.score_under(rules)
        if score.scorer is None:
            out.append(0)
        else:
            out.append(score.points if score.scorer == seat_of_variant else -score.points)
    return out


EXPERTS: dict[str, type[SeeingExpert] | type[FairExpert]] = {
    "expert": SeeingExpert,
    "fair-expert": FairExpert,
    "meld-takes": MeldTakesExpert,
    "knock-takes": KnockTakesExpert,
    "all-takes": AllTakesExpert,
}
"""The variants that are experts, which play whole games only (``--games``)."""

VARIANTS = ("knock", "knock-veto", "discard", "both", "control", *EXPERTS)


def play_game(game: int, variant: str, against: str, preset: str, seed: int) -> tuple[bool, int]:
    """One game to the target, the variant in seat ``game % 2``: (whether it won, its worth)."""
    rules = Rules.parse(preset)
    seat_of_variant = game % 2
    expert = EXPERTS.get(variant)
    peeking = Peeking(variant, seed=seed + game) if expert is None else expert(seed=seed + game)
    players: list[Player] = [make_player(against, seed=seed + game) for _ in range(2)]
    players[seat_of_variant] = peeking
    match = Match.new(rules, seed=f"{seed}:{game // 2}")  # both games of a pair get the same deals
    while not match.is_over:
        if match.state.is_over:
            match = match.apply(match.legal_actions()[0])
            continue
        seat = match.to_play
        assert seat is not None
        peeking.truth = match.state
        view = match.view(seat)
        match = match.apply(players[seat].choose(view, view.legal_actions), seat=seat)
    score = match.score
    assert isinstance(score, GameScore), "whole games need a game score, not Hollywood"
    settlement = score.settlement()
    won = settlement.winner == seat_of_variant
    return won, settlement.worth if won else -settlement.amounts[seat_of_variant]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", metavar="VARIANT", help=f"any of {', '.join(VARIANTS)} (default all)")
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played twice (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--rules", default="oklahoma", help="rules preset (default oklahoma)")
    parser.add_argument("--games", type=int, default=0, help="play this many whole games instead of hands")
    parser.add_argument("--against", default="hard", choices=("hard", "medium"), help="the opponent in --games (default hard)")
    args = parser.parse_args()
    unknown = [v for v in args.variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {unknown[0]!r}: expected one of {', '.join(VARIANTS)}")
    variants = args.variants or [v for v in VARIANTS if args.games or v not in EXPERTS]
    for variant in EXPERTS:
        if variant in variants and not args.games:
            parser.error(f"the {variant} variant plays whole games: add --games N")
    if args.games:
        games(args.games, variants, against=args.against, preset=args.rules, seed=args.seed, workers=args.workers)
    else:
        hands(args.deals, variants, preset=args.rules, seed=args.seed, workers=args.workers)


def games(count: int, variants: list[str], *, against: str, preset: str, seed: int, workers: int) -> None:
    """Print each variant's games won against ``against``, with the 95% interval."""
    print(f"machine: {describe()}; {count} games under {preset} to its target, in duplicate, against {against}")
    with ProcessPoolExecutor(workers) as executor:
        for variant in variants:
            start = time.perf_counter()
            work = partial(play_game, variant=variant, against=against, preset=preset, seed=seed)
            outcomes = list(executor.map(work, range(count), chunksize=4))
            wins = sum(won for won, _ in outcomes)
            low, high = wilson_interval(wins, len(outcomes))
            print(f"{variant:11} won {wins} of {len(outcomes)} ({wins / len(outcomes):.1%}, 95% CI "
                  f"{low:.1%}-{high:.1%}), net worth {sum(w for _, w in outcomes):+d} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)


def hands(deals: int, variants: list[str], *, preset: str, seed: int, workers: int) -> None:
    """Print each variant's net points a hand against hard, with the standard error."""
    print(f"machine: {describe()}; {deals} deals played twice under {preset}, against hard")
    with ProcessPoolExecutor(workers) as executor:
        for variant in variants:
            start = time.perf_counter()
            pairs: list[float] = []  # a deal's two hands are one paired sample
            work = partial(play_deal, variant=variant, preset=preset, seed=seed)
            for outcome in executor.map(work, range(deals), chunksize=8):
                pairs.append(statistics.mean(outcome))
            error = statistics.stdev(pairs) / len(pairs) ** 0.5
            print(f"{variant:11} {statistics.mean(pairs):+6.2f} points a hand (standard error {error:.2f} over "
                  f"{len(pairs)} deals, {time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
