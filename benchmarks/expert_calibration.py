"""Can a model learned from the view tell which of the expert's discards the truth favours?

The expert that searches the opponent's true hand wins far more than the fair expert
(``benchmarks/ceilings.py``), and most of that gap is at discards
(``benchmarks/expert_information.py``). This script asks whether what the view shows,
beyond the fair search's own figures, predicts which discard candidate a search of the
truth would prefer: a learned correction to the search.

``generate`` plays the shipped expert against ``--against`` for single Oklahoma hands
(the deal and every player seeded by seed plus deal number, the expert in seat
``deal % 2``). At each of its discard decisions with a choice searched (knocks
included, big gin and gin excluded, since they are never in doubt) it records, for
every candidate: the fair search's advantage over the default move and its standard
error; the *seeing* advantage, from 40 paired rollouts of the opponent's true hand
with the stock shuffled (the rollouts of ``ceilings.py``'s seeing expert); and
features of the candidate that the view shows (whether it knocks, the deadwood it
leaves, the card's value; the sums of the opponent's :func:`hidden_card_weights` over
the unseen cards of its rank, next to it in its suit and two away; how many of the
opponent's pile cards and of its discards are so related to it; the gin outs it leaves
and how many unseen cards would lower the deadwood it leaves). It writes one JSON line
per decision. The expert keeps its default 0.25 s cap on a decision, which it
seldom reaches; on a loaded machine a record may differ from one run to the next.

``fit`` reads such files and compares decision rules by the seeing advantage of the
candidate each picks (per decision, so that the figures of different rules are paired):
the shipped expert's choice, the largest fair advantage, a ridge regression of the
seeing advantage on the features (each as a difference from the default move's, with
the fair advantage, its t-value, whether the shipped expert chose it, and each times
how late the hand is; fitted on four fifths of the hands and judged on the fifth, five
times over) picking its best prediction when that beats the default by more than a
threshold, and the oracle (the largest seeing advantage, noise included). The seeing
advantage prices the truth with the rollout policy's play, so it is a filter for ideas,
not a measure of strength: a rule that does not beat the shipped choice on it is not
worth playing.

Run:  python benchmarks/expert_calibration.py generate [--hands N] [--start N]
      [--seed N] [--against hard|medium] [--workers N] OUT.jsonl
      python benchmarks/expert_calibration.py fit IN.jsonl [IN.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from _machine import describe  # noqa: E402
from ceilings import SeeingExpert  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy._masks import deadwood_of_mask, discard_deadwood_of_mask  # noqa: E402
from ginrummy.actions import Action, Discard, Knock  # noqa: E402
from ginrummy.players import ExpertPlayer, hidden_card_weights, make_player  # noqa: E402
from ginrummy.players import gin_outs  # noqa: E402
from ginrummy.players._inference import _NEIGHBOURS, _RANK_MATES, _TWO_AWAY  # noqa: E402
from ginrummy.state import Phase, PlayerView  # noqa: E402

Floats = npt.NDArray[np.float64]
SEEING_DEALS = 40
"""Paired rollouts of the truth per decision."""
FEATURES = (
    "knock", "deadwood", "value", "weight_rank", "weight_next", "weight_two",
    "held_rank", "held_next", "held_two", "thrown_rank", "thrown_next", "thrown_two",
    "gin_outs", "improving",
)
"""The view's features of a candidate, in the order :func:`_rows` uses them."""


def features(view: PlayerView, action: Discard | Knock, opponent: int, weights: dict[int, tuple[float, ...]]) -> dict[str, float]:
    """The view's features of discarding (or knocking with) ``action.card``."""
    card = action.card.index
    after = view.hand.mask & ~(1 << card)
    unseen = view.unseen.mask
    held = view.known[opponent].mask
    thrown = 0
    for seat, played in view.history:
        if seat == opponent and isinstance(played, Discard):
            thrown |= played.card.mask
    groups = (_RANK_MATES[card], _NEIGHBOURS[card], _TWO_AWAY[card])
    weight = [sum(weights[opponent][other] for other in group if unseen >> other & 1) for group in groups]
    held_count = [sum(held >> other & 1 for other in group) for group in groups]
    thrown_count = [sum(thrown >> other & 1 for other in group) for group in groups]
    left = deadwood_of_mask(after)
    improving = sum(1 for u in range(52) if unseen >> u & 1 and discard_deadwood_of_mask(after | 1 << u) < left)
    values = (
        isinstance(action, Knock), left, min(card % 13 + 1, 10), *weight, *held_count, *thrown_count,
        gin_outs(after, unseen), improving,
    )
    return {name: float(value) for name, value in zip(FEATURES, values)}


def play_hand(deal: int, seed: int, against: str) -> list[dict[str, Any]]:
    """One Oklahoma hand of the shipped expert against ``against``: its decision records."""
    rules = Rules.preset("oklahoma")
    mine = deal % 2
    expert = ExpertPlayer(seed=seed + deal)
    seeing = SeeingExpert(seed=seed + deal + 7_000_000)
    opponent_player = make_player(against, seed=seed + deal)
    state = GameState.new(rules, seed=seed + deal)
    records: list[dict[str, Any]] = []
    while not state.is_over:
        seat = state.to_play
        assert seat is not None
        view = state.view(seat)
        if seat != mine:
            state = state.apply(opponent_player.choose(view, view.legal_actions))
            continue
        analysis = expert.analyse(view)
        candidates: list[Action] = [r.action for r in analysis.ratings]
        if view.phase is Phase.DISCARD and analysis.deals and all(isinstance(a, (Discard, Knock)) for a in candidates):
            base = next(i for i, r in enumerate(analysis.ratings) if r.is_default)
            seeing.truth = state
            rng = random.Random(seed + deal * 1000 + len(records))
            rows: list[list[float]] = [[] for _ in candidates]
            for _ in range(SEEING_DEALS):
                world = seeing._world(view, rng, {}, None, ())
                for i, action in enumerate(candidates):
                    rows[i].append(seeing._play_out(world.apply(action), view))
            weights = hidden_card_weights(view)
            records.append({
                "deal": deal,
                "stock": view.stock_count,
                "limit": view.knock_limit,
                "cands": [str(a) for a in candidates],
                "default": base,
                "choice": candidates.index(analysis.choice),
                "fair_adv": [r.advantage for r in analysis.ratings],
                "fair_se": [r.standard_error for r in analysis.ratings],
                "see_adv": [sum(x - y for x, y in zip(row, rows[base])) / SEEING_DEALS for row in rows],
                "feats": [features(view, a, 1 - seat, weights) for a in candidates if isinstance(a, (Discard, Knock))],
            })
        state = state.apply(analysis.choice)
    return records


def _play(args: tuple[int, int, str]) -> list[dict[str, Any]]:
    return play_hand(*args)


def generate(out: Path, start: int, hands: int, seed: int, against: str, workers: int) -> None:
    """Append the records of ``hands`` hands from deal ``start`` to ``out``."""
    began = time.perf_counter()
    jobs = [(deal, seed, against) for deal in range(start, start + hands)]
    count = 0
    with ProcessPoolExecutor(workers) as pool, out.open("a", encoding="utf-8") as file:
        for records in pool.map(_play, jobs, chunksize=4):
            for record in records:
                file.write(json.dumps(record) + "\n")
            count += len(records)
    print(f"{count} decisions from {hands} hands in {time.perf_counter() - began:.0f} s on {describe()}")


def _rows(record: dict[str, Any]) -> Floats:
    """The regression's inputs for each candidate of ``record``."""
    base = record["feats"][record["default"]]
    late = max(0.0, (31 - record["stock"]) / 31)
    out = []
    for i, feats in enumerate(record["feats"]):
        diffs = [feats[name] - base[name] for name in FEATURES]
        advantage, error = record["fair_adv"][i], record["fair_se"][i]
        t = advantage / error if error > 0 else 0.0
        out.append([advantage, t, float(i == record["choice"]), *diffs, *(late * d for d in diffs), late * advantage])
    return np.array(out, dtype=np.float64)


def _mean_se(values: list[float]) -> str:
    data = np.array(values)
    return f"{data.mean():+.3f} (SE {data.std(ddof=1) / len(data) ** 0.5:.3f})"


def fit(paths: list[Path]) -> None:
    """Print each decision rule's mean seeing advantage a decision, paired with the shipped choice."""
    records = [json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    hands = len({r["deal"] for r in records})
    print(f"{len(records)} decisions from {hands} hands ({len(records) / hands:.1f} a hand)")
    xs = [_rows(r) for r in records]
    ys = [np.array(r["see_adv"], dtype=np.float64) for r in records]
    shipped = [float(y[r["choice"]]) for r, y in zip(records, ys)]
    print(f"shipped choice: {_mean_se(shipped)} a decision over the default move")
    fair = [float(y[int(np.argmax(r["fair_adv"]))]) - s for r, y, s in zip(records, ys, shipped)]
    print(f"largest fair advantage: {_mean_se(fair)} over the shipped choice")
    oracle = [float(y.max()) - s for y, s in zip(ys, shipped)]
    print(f"oracle (noise included): {_mean_se(oracle)} over the shipped choice")
    for lam in (1.0, 10.0, 100.0, 1000.0):
        predictions: list[Floats] = [np.zeros(0)] * len(records)
        for fold in range(5):
            train = [i for i, r in enumerate(records) if r["deal"] % 5 != fold]
            x = np.vstack([xs[i] for i in train])
            y = np.concatenate([ys[i] for i in train])
            mu, sd = x.mean(0), x.std(0) + 1e-9
            z = (x - mu) / sd
            w = np.linalg.solve(z.T @ z + lam * np.eye(z.shape[1]), z.T @ (y - y.mean()))
            for i, r in enumerate(records):
                if r["deal"] % 5 == fold:
                    p = ((xs[i] - mu) / sd) @ w
                    predictions[i] = p - p[r["default"]]
        for threshold in (0.0, 1.0, 2.0, 3.0):
            gains, differ = [], 0
            for r, y, p, s in zip(records, ys, predictions, shipped):
                best = int(np.argmax(p))
                pick = best if p[best] > threshold else r["default"]
                differ += pick != r["choice"]
                gains.append(float(y[pick]) - s)
            print(f"ridge {lam:g}, threshold {threshold:g}: {_mean_se(gains)} over the shipped choice, differs at {differ / len(records):.0%}")


def main() -> None:
    """Parse the command line and run ``generate`` or ``fit``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate")
    make.add_argument("out", type=Path)
    make.add_argument("--hands", type=int, default=1800)
    make.add_argument("--start", type=int, default=0)
    make.add_argument("--seed", type=int, default=300000)
    make.add_argument("--against", choices=("hard", "medium"), default="hard")
    make.add_argument("--workers", type=int, default=2)
    judge = commands.add_parser("fit")
    judge.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.out, args.start, args.hands, args.seed, args.against, args.workers)
    else:
        fit(args.paths)


if __name__ == "__main__":
    main()
