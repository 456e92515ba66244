"""How much of the opponent's hidden hand the posterior chains of ``_posterior.py`` name.

Plays Oklahoma hands of hard against ``--against`` (medium or hard, seed 5000) and, at
about three in ten of hard's decisions after the first few plays, reports the share of
the opponent's hidden cards named by:

* the expert's own deals (10 of them);
* a chain from a random start, moved about as many steps as play gives it by then
  (200, and 30 for every four plays);
* a chain started at the true hypothesis (no fair player can do this) after 100,
  400 and 1,500 steps: how fast it forgets the truth, and so how much truth the
  ``posterior-truth`` and ``posterior-walk-N`` players of ``expert_information.py``
  still hold.

Run:  python benchmarks/posterior_cards.py [--hands N] [--against medium|hard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402
from _posterior import Chain, Likelihood, Model, _true_slots, chain_inputs  # noqa: E402

from ginrummy import GameState, Rules  # noqa: E402
from ginrummy.players import HardPlayer, MediumPlayer, Player, determinize, hidden_card_weights, opponent_draws  # noqa: E402

WALKS = (100, 400, 1500)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=25, help="hands to play (default 25)")
    parser.add_argument("--against", default="hard", choices=("medium", "hard"))
    args = parser.parse_args()
    rng = random.Random(3)
    likelihood = Likelihood(Model())
    shipped: list[float] = []
    fresh: list[float] = []
    walked: dict[int, list[float]] = {w: [] for w in WALKS}
    for deal in range(args.hands):
        opponent: Player = MediumPlayer() if args.against == "medium" else HardPlayer(seed=5001 + deal)
        players: list[Player] = [HardPlayer(seed=5000 + deal), opponent]
        state = GameState.new(Rules.parse("oklahoma"), seed=5000 + deal)
        while not state.is_over:
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            if seat == 0 and len(view.history) > 6 and rng.random() < 0.3:
                hidden = state.hands[1] & ~view.known[1].mask
                size = max(1, hidden.bit_count())
                chain = Chain(random.Random(deal), view.rules.hand_size, likelihood)
                chain.update(*chain_inputs(view, 1), view.knock_limit)
                for _ in range(200 + 30 * (len(view.history) // 4)):
                    chain.step()
                fresh.append((chain.hidden() & hidden).bit_count() / size)
                chain.slots = _true_slots(state, view, 1)
                chain.log_p = chain._log_p()
                done = 0
                for walk in WALKS:
                    for _ in range(walk - done):
                        chain.step()
                    done = walk
                    walked[walk].append((chain.hidden() & hidden).bit_count() / size)
                draws, weights = opponent_draws(view), hidden_card_weights(view)
                deals = [determinize(view, rng, improve=2, draws=draws, weights=weights, redeals=4) for _ in range(10)]
                shipped.append(statistics.mean((d.hands[1] & hidden).bit_count() / size for d in deals))
            state = state.apply(players[seat].choose(view, view.legal_actions))
    print(f"machine: {describe()}; {args.hands} Oklahoma hands of hard against {args.against}, {len(fresh)} positions")
    print(f"  the expert's deals                 {statistics.mean(shipped):6.1%} of the hidden cards right")
    print(f"  a chain from a random start        {statistics.mean(fresh):6.1%}")
    for walk in WALKS:
        print(f"  {walk:5} steps from the truth         {statistics.mean(walked[walk]):6.1%}")


if __name__ == "__main__":
    main()
