"""How well the expert guesses the other player's hidden cards, and where its weights come from.

Plays Oklahoma hands of hard against ``--against`` (medium or hard) and, at each of
hard's decisions, looks at the opponent's hidden cards from hard's side:

* with ``--fit``, fits the coefficients of :func:`ginrummy.players.hidden_card_weights`
  by logistic regression (needs numpy, from the ``rl`` extra) on the first 70% of the
  positions, and reports the log-loss on the rest against a constant guess;
* then it deals the opponent's hidden cards 20 times per position, five ways (uniform;
  improved for its draws, as ``ExpertPlayer(infer=False)`` does; weighted by the evidence and
  improved for two draws; and that, dealt again up to four times while the opponent's
  latest discard did not leave it the least deadwood, as the expert does now; and weighted
  and redealt without the improvement), and reports the share of the hidden cards
  each deal gets right, the deadwood of the dealt hand against the true one, and how
  often the dealt hand could meld a card around the ones it holds against how often
  the true hand could (see ``meld_calibration``), and how often the dealt hand could
  knock after drawing the dealt next stock card against how often the true hand could
  with the true one (see ``knock_calibration``);
* with ``--deadwood``, asks how well the opponent's deadwood can be told from the view
  (needs numpy): how the expert's deals spread around the true deadwood, and the
  held-out error of least-squares estimates of it from the deals and from the
  opponent's plays (see ``deadwood_estimates``);
* with ``--discards``, asks how much a model of the opponent's discard choice could add
  to the expert's redeal test (see ``discard_ties``).

Run:  python benchmarks/hidden_cards.py [--hands N] [--against medium|hard] [--fit]
      [--deadwood] [--discards] [--seed N]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy._masks import deadwood_of_mask, discard_deadwood_of_mask  # noqa: E402
from ginrummy._tables import CARD_POINTS  # noqa: E402
from ginrummy.actions import Discard, DrawDiscard, DrawStock, PassUpcard, TakeUpcard  # noqa: E402
from ginrummy.players import (  # noqa: E402
    HardPlayer, MediumPlayer, Player, determinize, hidden_card_weights, last_discards, opponent_draws,
)
from ginrummy.players._inference import COEFFICIENTS, RELATED, evidence  # noqa: E402
from ginrummy.state import Phase, PlayerView  # noqa: E402

KINDS = ("thrown recently", "thrown earlier", "declined recently", "declined earlier", "taken and held")
RELATIONS = ("same rank", "neighbour", "two away")


Position = tuple[PlayerView, int, int, int]
"""Hard's view, the opponent's hidden cards, its whole hand, and, at hard's discards, the
stock card the opponent would draw next (its index; -1 elsewhere, or when that draw
would reach the wall)."""


def positions(hands: int, against: str, seed: int) -> list[Position]:
    """A :data:`Position` at each of hard's decisions."""
    found = []
    for deal in range(hands):
        players: list[Player] = [HardPlayer(seed=seed + deal), MediumPlayer() if against == "medium" else HardPlayer(seed=seed + deal + 1)]
        state = GameState.new(Rules.parse("oklahoma"), seed=seed + deal)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if seat == 0 and len(view.history) > 2:
                last = len(state.deck) - state.rules.wall_size
                # the opponent draws next only after hard's discard
                to_draw = view.phase is Phase.DISCARD and state.stock_next < last
                following = state.deck[state.stock_next] if to_draw else -1
                found.append((view, state.hands[1] & ~view.known[1].mask, state.hands[1], following))
            state = state.apply(players[seat].choose(view, view.legal_actions))
    return found


def features(view: PlayerView) -> list[list[float]]:
    """Per card index, the counts of each (kind, relation) pointing at it."""
    rows = [[0.0] * 15 for _ in range(52)]
    for kind, card in evidence(view)[1]:
        for r, related in enumerate(RELATED):
            for other in related[card]:
                rows[other][3 * kind + r] += 1
    return rows


def fit(found: list[Position]) -> None:
    """Fit and print the coefficients, and the held-out log-loss."""
    import numpy as np

    xs, ys = [], []
    for view, hidden, _, _ in found:
        rows = features(view)
        for card in range(52):
            if view.unseen.mask >> card & 1:
                xs.append(rows[card] + [1.0])
                ys.append(float(hidden >> card & 1))
    x, y = np.array(xs), np.array(ys)
    train = np.arange(len(y)) < 0.7 * len(y)
    w = np.zeros(x.shape[1])
    for _ in range(3000):
        p = 1 / (1 + np.exp(-x[train] @ w))
        w -= 2.0 * x[train].T @ (p - y[train]) / train.sum()
    p = np.clip(1 / (1 + np.exp(-x[~train] @ w)), 1e-9, 1 - 1e-9)
    base = y[train].mean()
    loss = float(-(y[~train] * np.log(p) + (1 - y[~train]) * np.log(1 - p)).mean())
    loss0 = float(-(y[~train] * math.log(base) + (1 - y[~train]) * math.log(1 - base)).mean())
    print(f"{len(y)} (card, hand) pairs; log-loss on the held-out 30%: {loss:.4f} (a constant guess: {loss0:.4f})")
    print(f"{'':20} " + " ".join(f"{r:>10}" for r in RELATIONS) + "   (fitted; in use)")
    for k, kind in enumerate(KINDS):
        fitted = " ".join(f"{w[3 * k + r]:+10.2f}" for r in range(3))
        used = " ".join(f"{c:+.2f}" for c in COEFFICIENTS[k])
        print(f"{kind:20} {fitted}   ({used})")


def melds_with(hand: int, deadwood: int, bit: int) -> bool:
    """Whether card ``bit`` would sit in a meld of ``hand`` (of ``deadwood``): adding it
    lowers the deadwood below what it would be with the card left unmelded."""
    return deadwood_of_mask(hand | bit) < deadwood + CARD_POINTS[bit.bit_length() - 1]


def meld_calibration(pairs: list[tuple[float, bool]]) -> str:
    """For the cards of hard's hand that the deals said the opponent could meld in under
    5% of them: how often it really could. A deal that makes unlikely cards look safe
    leads the expert to feed the opponent."""
    safe = [actual for predicted, actual in pairs if predicted < 0.05]
    if not safe:
        return "no card looked safe"
    return f"{statistics.mean(safe):5.1%} of {len(safe)} that looked safe"


def could_knock(hand: int, card: int, limit: int) -> bool:
    """Whether ``hand`` could knock (or go gin) after drawing card index ``card``."""
    return discard_deadwood_of_mask(hand | 1 << card) <= limit


def knock_calibration(pairs: list[tuple[float, bool]]) -> str:
    """How often the deals said the opponent could knock after its next stock draw,
    against how often it really could, overall and where the deals put it at 35% or
    more. A deal that makes the opponent look nearer a knock than it is leads the
    search to race it when it need not."""
    if not pairs:
        return "no position with a stock card to come"
    high = [actual for predicted, actual in pairs if predicted >= 0.35]
    where = f", {statistics.mean(high):5.1%} of {len(high)} dealt at 35% or more" if high else ""
    predicted = statistics.mean(p for p, _ in pairs)
    return f"{predicted:5.1%} dealt, {statistics.mean(a for _, a in pairs):5.1%} true{where}"


# Each way of dealing: (improve, dealt by the weights, redeals), for determinize.
WAYS = {
    "uniform": (0, False, 0),
    "improved for its draws": (6, False, 0),
    "weighted, improved for two": (2, True, 0),
    "weighted, improved for two, redealt (the expert)": (2, True, 4),
    "weighted, redealt, not improved": (0, True, 4),
}


def accuracy(found: list[Position], seed: int) -> None:
    """Print the share of hidden cards each way of dealing gets right, and more."""
    right: dict[str, list[float]] = {w: [] for w in WAYS}
    dead: dict[str, list[float]] = {w: [] for w in WAYS}
    melds: dict[str, list[tuple[float, bool]]] = {w: [] for w in WAYS}
    knocks: dict[str, list[tuple[float, bool]]] = {w: [] for w in WAYS}
    spent = dict.fromkeys(WAYS, 0.0)
    actual: list[bool] = []
    for n, (view, hidden, hand, following) in enumerate(found):
        draws = opponent_draws(view)
        weights = hidden_card_weights(view)
        bits = [card.mask for card in view.hand]
        truths = [melds_with(hand, deadwood_of_mask(hand), bit) for bit in bits]
        actual.extend(truths)
        for way, (improve, weighted, redeals) in WAYS.items():
            rng = random.Random(seed + n)
            start = time.perf_counter()
            by = weights if weighted else None
            deals = [determinize(view, rng, improve=improve, draws=draws, weights=by, redeals=redeals) for _ in range(20)]
            spent[way] += time.perf_counter() - start
            size = max(1, hidden.bit_count())
            right[way].append(statistics.mean((d.hands[1] & hidden).bit_count() / size for d in deals))
            dealt = [(d.hands[1], deadwood_of_mask(d.hands[1])) for d in deals]
            dead[way].append(statistics.mean(dw for _, dw in dealt))
            for bit, melded in zip(bits, truths):
                predicted = statistics.mean(melds_with(h, dw, bit) for h, dw in dealt)
                melds[way].append((predicted, melded))
            if following >= 0:
                limit = view.knock_limit
                dealt_knocks = statistics.mean(could_knock(d.hands[1], d.deck[d.stock_next], limit) for d in deals)
                knocks[way].append((dealt_knocks, could_knock(hand, following, limit)))
    truth = statistics.mean(deadwood_of_mask(hand) for _, _, hand, _ in found)
    print(f"{len(found)} positions; the opponent's true deadwood averages {truth:.1f}; it could meld "
          f"{statistics.mean(actual):.1%} of hard's cards")
    for way in WAYS:
        print(f"  {way:36} {statistics.mean(right[way]):6.1%} of hidden cards right, deadwood "
              f"{statistics.mean(dead[way]):5.1f}, dealt melding {statistics.mean(p for p, _ in melds[way]):5.1%}, "
              f"melds {meld_calibration(melds[way])}, {1000 * spent[way] / len(found) / 20:.2f} ms a deal")
        print(f"  {'':36} could knock after the next stock card: {knock_calibration(knocks[way])}")


def plays(view: PlayerView) -> list[float]:
    """What the opponent's public plays show, as numbers for a least-squares estimate of
    its deadwood: its discards, pile draws and stock draws (or declined upcards) so far,
    the value of its latest discard, the mean and the most of its last three, the
    cards it took from the pile and still holds, the knock limit and the stock left."""
    (opponent,) = view.opponents
    thrown = [CARD_POINTS[a.card.index] for s, a in view.history if s == opponent and isinstance(a, Discard)]
    took = sum(1 for s, a in view.history if s == opponent and isinstance(a, (DrawDiscard, TakeUpcard)))
    drew = sum(1 for s, a in view.history if s == opponent and isinstance(a, (DrawStock, PassUpcard)))
    last = thrown[-3:] or [0]
    return [
        len(thrown), took, drew, last[-1], statistics.mean(last), max(last),
        view.known[opponent].mask.bit_count(), view.knock_limit, view.stock_count,
    ]


def deadwood_estimates(found: list[Position], seed: int) -> None:
    """How well the opponent's deadwood can be told from the view. The expert's deals
    (20 a position, dealt as the expert deals) give a spread of deadwood; the report
    compares it with the truth (where the truth falls among the dealt values, and the
    spread against the error of the dealt mean), then fits least-squares estimates of
    the true deadwood on 70% of the positions and gives their error on the rest: from
    the dealt mean alone, from the opponent's plays (:func:`plays`) alone, and from
    both with the dealt spread, percentiles and the plays times the number of discards.
    The deadwood-knowing expert of ``expert_information.py`` knows it within 2 points."""
    import numpy as np

    truth, dealt, shown = [], [], []
    for n, (view, _, hand, _) in enumerate(found):
        rng = random.Random(seed + n)
        draws, weights = opponent_draws(view), hidden_card_weights(view)
        deals = [determinize(view, rng, improve=2, draws=draws, weights=weights, redeals=4) for _ in range(20)]
        truth.append(float(deadwood_of_mask(hand)))
        dealt.append([float(deadwood_of_mask(d.hands[1])) for d in deals])
        shown.append(plays(view))
    y, d, f = np.array(truth), np.array(dealt), np.array(shown)
    mean, spread = d.mean(axis=1), d.std(axis=1)
    below = ((d < y[:, None]).mean(axis=1) + 0.5 * (d == y[:, None]).mean(axis=1))
    print(f"{len(y)} positions; the opponent's true deadwood {y.mean():.1f} (standard deviation {y.std():.1f}), "
          f"its deals' {mean.mean():.1f}; dealt spread within a position {spread.mean():.1f}")
    print(f"  the truth is above every deal in {(d < y[:, None]).all(axis=1).mean():.1%} of positions, below every "
          f"deal in {(d > y[:, None]).all(axis=1).mean():.1%}; share of the deals below it by tenths: "
          + " ".join(f"{c / len(y):.2f}" for c in np.histogram(below, bins=10, range=(0, 1))[0]))
    print(f"  deals within 2 points of the truth: {(abs(d - y[:, None]) <= 2).mean():.1%}")
    order = np.random.default_rng(seed).permutation(len(y))
    train = np.zeros(len(y), bool)
    train[order[: int(0.7 * len(y))]] = True
    discards = f[:, :1]
    ways = {
        "the dealt mean": mean[:, None],
        "the opponent's plays": f,
        "both, and more": np.column_stack(
            [mean, spread, np.percentile(d, [10, 50, 90], axis=1).T, f, f * discards, mean[:, None] * discards]
        ),
    }
    for name, x in ways.items():
        x = np.column_stack([x, np.ones(len(y))])
        w = np.linalg.lstsq(x[train], y[train], rcond=None)[0]
        error = float(np.sqrt(((y[~train] - x[~train] @ w) ** 2).mean()))
        print(f"  estimated from {name:22} held-out error {error:5.2f} points (root mean square)")


def discard_ties(found: list[Position]) -> None:
    """At each position where the opponent has just discarded, whether that discard left
    it the least deadwood (the expert's redeal test), and among how many allowed cards
    that would have done so. A model of how the opponent picks among such equal cards can
    tell at most log2 of that count bits of its hand a discard; a hand of 10 hidden cards
    among 30 unseen takes about 25 bits to name."""
    least = tied = 0
    bits: list[float] = []
    for view, _, whole, _ in found:
        latest = last_discards(view)
        if view.phase is not Phase.DRAW or 1 not in latest:
            continue
        card, banned = latest[1]
        if not view.history or view.history[-1] != (1, Discard(card)):
            continue  # not the opponent's discard just now
        full = whole | card.mask
        allowed = full & ~(banned.mask if banned is not None else 0)
        left = [deadwood_of_mask(full & ~(1 << i)) for i in range(52) if allowed >> i & 1]
        best = min(left)
        count = left.count(best)
        least += deadwood_of_mask(whole) == best
        tied += count > 1
        bits.append(math.log2(count))
    if not bits:
        print("no discards of the opponent seen")
        return
    n = len(bits)
    print(f"{n} discards of the opponent: {least / n:.1%} left it the least deadwood; {tied / n:.1%} had more than one "
          f"such card; a model of its choice among them could tell at most {statistics.mean(bits):.2f} bits a discard")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands to play (default 200)")
    parser.add_argument("--against", default="medium", choices=("medium", "hard"))
    parser.add_argument("--fit", action="store_true", help="also refit the coefficients (needs numpy)")
    parser.add_argument("--deadwood", action="store_true", help="also estimate the opponent's deadwood (needs numpy)")
    parser.add_argument("--discards", action="store_true", help="also ask what a model of the opponent's discards could add")
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    print(f"machine: {describe()}; {args.hands} Oklahoma hands, hard against {args.against}")
    found = positions(args.hands, args.against, args.seed)
    if args.fit:
        fit(found)
    if args.deadwood:
        deadwood_estimates(found, args.seed)
    if args.discards:
        discard_ties(found)
        return
    accuracy(found, args.seed)


if __name__ == "__main__":
    main()
