"""Random-vs-random complete hands per second: ginrummy, OpenSpiel and RLCard side by side.

All three play Oklahoma Gin where the engine supports it (RLCard plays its own
standard rules); ginrummy also plays three- and four-player Oklahoma, which the
peers do not. Also measures the memory retained by every state of many playouts
with tracemalloc, and whole random-vs-random games through ``Match`` and
``play_match`` (a view for every decision): these run to hundreds of hands, so the
time a hand must not grow with the game's length. Peers come with the ``bench`` extra.

Run:  python benchmarks/engine_speed.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import GameState, Match, Rules  # noqa: E402
from ginrummy.players import make_player, play_match  # noqa: E402


def hands_per_second(play_one: Callable[[int], None], seconds: float) -> float:
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < seconds:
        play_one(count)
        count += 1
    return count / (time.perf_counter() - start)


def ginrummy_hand(rng: random.Random, rules: Rules) -> Callable[[int], None]:
    def play(seed: int) -> None:
        state = GameState.new(rules, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))

    return play


def openspiel_hand(rng: random.Random) -> Callable[[int], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy", {"oklahoma": True})

    def play(seed: int) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])

    return play


def rlcard_hand() -> Callable[[int], None] | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])

    def play(seed: int) -> None:
        env.run(is_training=False)

    return play


def retained_bytes_per_state(hands: int) -> tuple[float, int]:
    rng = random.Random(1)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept: list[GameState] = []
    for i in range(hands):
        state = GameState.new(Rules(), seed=i)
        kept.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            kept.append(state)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(kept), len(kept)


def long_games(seeds: range) -> list[tuple[int, float]]:
    """(hands, seconds) of random-vs-random Oklahoma games to 150 through ``play_match``."""
    out = []
    for seed in seeds:
        start = time.perf_counter()
        players = [make_player("random", seed=seed), make_player("random", seed=seed + 100)]
        final = play_match(Match.new(Rules(), seed=seed), players)
        out.append((final.hand_number, time.perf_counter() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per engine")
    parser.add_argument("--memory-hands", type=int, default=500, help="playouts kept for the memory figure")
    parser.add_argument("--games", type=int, default=6, help="random-vs-random whole games for the long-game figure")
    args = parser.parse_args()
    print(f"machine: {describe()}\n")
    rng = random.Random(2026)
    ours = hands_per_second(ginrummy_hand(rng, Rules()), args.seconds)
    print(f"ginrummy (Oklahoma):           {ours:8.0f} hands/s")
    for players in (3, 4):
        more = hands_per_second(ginrummy_hand(rng, Rules(players=players)), args.seconds)
        print(f"ginrummy (Oklahoma, {players} players): {more:8.0f} hands/s")
    spiel = openspiel_hand(rng)
    if spiel is None:
        print("OpenSpiel: not installed (pip install '.[bench]')")
    else:
        theirs = hands_per_second(spiel, args.seconds)
        print(f"OpenSpiel gin_rummy (Oklahoma): {theirs:8.0f} hands/s   ginrummy is {ours / theirs:.2f}x")
    rl = rlcard_hand()
    if rl is None:
        print("RLCard: not installed (pip install '.[bench]')")
    else:
        theirs = hands_per_second(rl, args.seconds)
        print(f"RLCard gin-rummy:              {theirs:8.0f} hands/s   ginrummy is {ours / theirs:.2f}x")
    per_state, states = retained_bytes_per_state(args.memory_hands)
    print(f"\nmemory: {per_state:.0f} bytes per retained state ({states:,} states from {args.memory_hands} playouts, tracemalloc)")
    print("\nwhole random-vs-random games to 150 (play_match, a view for every decision):")
    for hands, seconds in sorted(long_games(range(args.games))):
        print(f"  {hands:4d} hands in {seconds:6.2f} s: {1000 * seconds / hands:5.2f} ms a hand")


if __name__ == "__main__":
    main()
