"""Train a small agent with REINFORCE (NumPy only) to beat the random player.

The policy is linear: one weight per (action, observation number) and a bias per
action, with a softmax over the legal actions (the mask). It plays one hand per
episode against ``random`` in the Gymnasium environment (reward: +1 for winning the
hand, -1 for losing it). Hands are rarely won at first, so the return is shaped with
the agent's own deadwood (potential-based shaping: the drop in the least deadwood its
cards can reach), which the observation shows. It prints the hands won and lost before
and after training.

Run:  python examples/rl_train.py [--seconds 120] [--episodes N]      (needs: pip install "ginrummy[rl]")
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

from ginrummy import Hand, deadwood, discard_deadwood, rl

Floats = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ observation + bias``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (rl.ACTION_COUNT, rl.OBSERVATION_SIZE))
        self.bias = np.zeros(rl.ACTION_COUNT)
        self.rng = rng

    def probabilities(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Floats:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()  # type: ignore[no-any-return]

    def act(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> tuple[int, Floats]:
        p = self.probabilities(observation, mask)
        return int(self.rng.choice(rl.ACTION_COUNT, p=p)), p


def potential(observation: npt.NDArray[np.float32]) -> float:
    """Minus the least deadwood the agent's cards can reach (a potential for shaping), over 10."""
    bits = np.packbits(observation[:52].astype(np.uint8), bitorder="little").tobytes()
    hand = Hand.from_mask(int.from_bytes(bits, "little"))
    least = discard_deadwood(hand) if len(hand) == 11 else deadwood(hand)
    return -least / 10


def record(policy: LinearPolicy, hands: int, seed: int) -> tuple[int, int]:
    """(hands won, hands lost) by the agent in ``hands`` hands against random."""
    env = rl.GinRummyEnv(opponent="random", reward="win")
    won = lost = 0
    for episode in range(hands):
        observation, _ = env.reset(seed=seed + episode)
        while True:
            action, _ = policy.act(observation["observation"], observation["action_mask"])
            observation, reward, terminated, _, _ = env.step(action)
            if terminated:
                break
        won += reward > 0
        lost += reward < 0
    return won, lost


def train(policy: LinearPolicy, seconds: float, learning_rate: float, max_episodes: int | None = None) -> int:
    """REINFORCE with returns-to-go and a running baseline, one hand per episode, for
    ``seconds`` or ``max_episodes`` hands, whichever ends first; returns the hands played.
    The hands are seeded, so a run bounded by hands alone is reproducible."""
    env = rl.GinRummyEnv(opponent="random", reward="win")
    baseline = 0.0
    episodes = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and (max_episodes is None or episodes < max_episodes):
        observation, _ = env.reset(seed=10_000 + episodes)
        steps: list[tuple[npt.NDArray[np.float32], int, Floats]] = []
        rewards: list[float] = []
        while True:
            obs = observation["observation"]
            action, p = policy.act(obs, observation["action_mask"])
            observation, reward, terminated, _, _ = env.step(action)
            shaped = 0.0 if terminated else potential(observation["observation"]) - potential(obs)
            steps.append((obs, action, p))
            rewards.append(float(reward) + shaped)
            if terminated:
                break
        returns = np.cumsum(rewards[::-1])[::-1]
        baseline += 0.01 * (float(returns[0]) - baseline)
        for (obs, action, p), ret in zip(steps, returns):
            grad = -p
            grad[action] += 1.0  # d log pi(action) / d logits
            step = learning_rate * (float(ret) - baseline) / len(steps)
            policy.weights += step * np.outer(grad, obs)
            policy.bias += step * grad
        episodes += 1
    return episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="training time (default 120)")
    parser.add_argument("--episodes", type=int, default=None, help="stop after this many training hands")
    parser.add_argument("--eval-hands", type=int, default=300, help="hands per evaluation (default 300)")
    parser.add_argument("--learning-rate", type=float, default=0.5)
    args = parser.parse_args()
    policy = LinearPolicy(np.random.default_rng(0))
    won, lost = record(policy, args.eval_hands, seed=1)
    print(f"before training: won {won} and lost {lost} of {args.eval_hands} hands against random")
    episodes = train(policy, args.seconds, args.learning_rate, args.episodes)
    won_after, lost_after = record(policy, args.eval_hands, seed=1)
    print(f"trained on {episodes} hands (at most {args.seconds:.0f} s)")
    print(f"after training:  won {won_after} and lost {lost_after} of {args.eval_hands} hands against random")
    rate = won_after / max(1, won_after + lost_after)
    print(f"win rate of the decided hands after training: {rate:.1%}")


if __name__ == "__main__":
    main()
