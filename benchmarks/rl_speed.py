"""Masked random steps per second: ginrummy.rl.env beside OpenSpiel's rl_environment, in one run.

Each environment plays uniformly random legal actions, with the observation and the
legal-action mask built at every step, as a learner would use them. OpenSpiel comes
with the ``bench`` extra; ginrummy's environments with the ``rl`` extra.

Run:  python benchmarks/rl_speed.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import rl  # noqa: E402


def ours(seconds: float, players: int) -> float:
    game = rl.env(players=players)
    rng = random.Random(1)
    game.reset(seed=1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.reset()
            continue
        legal = observation["action_mask"].nonzero()[0]
        game.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - start)


def openspiel(seconds: float) -> float | None:
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env = rl_environment.Environment("gin_rummy")
    rng = random.Random(1)
    steps = 0
    time_step = env.reset()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if time_step.last():
            time_step = env.reset()
            continue
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        time_step = env.step([rng.choice(legal)])
        steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per environment")
    args = parser.parse_args()
    print(f"machine: {describe()}\n")
    mine = ours(args.seconds, 2)
    print(f"ginrummy.rl.env (2 players):                 {mine:9.0f} steps/s")
    for players in (3, 4):
        print(f"ginrummy.rl.env ({players} players):                 {ours(args.seconds, players):9.0f} steps/s")
    theirs = openspiel(args.seconds)
    if theirs is None:
        print("OpenSpiel: not installed (pip install '.[bench]')")
    else:
        print(f"OpenSpiel rl_environment('gin_rummy'):       {theirs:9.0f} steps/s   ginrummy is {mine / theirs:.2f}x")


if __name__ == "__main__":
    main()
