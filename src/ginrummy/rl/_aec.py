"""The PettingZoo AEC environment: every seat is an agent."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ginrummy import IllegalActionError, Match, NextHand, Phase, Rules

from ._common import check_max_steps, check_render_mode, check_seed, render, resolve_rules, rewards_after_hand, shown
from ._encoding import ACTION_COUNT, OBSERVATION_SIZE, encode_seat, index_action, state_mask

__all__ = ["GinRummyAEC", "env"]

Observation = dict[str, npt.NDArray[Any]]


class GinRummyAEC(AECEnv):  # type: ignore[misc]
    """Gin Rummy for two to four agents, ``player_0`` ... ``player_3``, one per seat.

    Follows PettingZoo's classic environments: each observation is a dict with
    ``"observation"`` (:data:`~ginrummy.rl.OBSERVATION_SIZE` numbers built from the
    agent's :class:`~ginrummy.PlayerView` only) and ``"action_mask"`` (1 for exactly
    the legal actions; all 0 for an agent not to act). One agent may act several times
    running (it draws, then discards). An episode is one hand (``episode="hand"``) or a
    whole game to the target (``episode="game"``, the next hand dealt automatically).
    With ``max_steps``, an episode that has not ended after that many steps is cut
    short: every agent is truncated (players that only ever take the discard can
    otherwise pass cards round for ever).
    """

    metadata = {"render_modes": ["human", "ansi"], "name": "ginrummy_v0", "is_parallelizable": False}
    """PettingZoo's description of the environment: its render modes, its name, and that
    it has no parallel form (turns are taken one seat at a time)."""

    def __init__(
        self,
        rules: Rules | None = None,
        players: int | None = None,
        *,
        episode: str = "hand",
        reward: str = "points",
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.rules, self.episode, self.reward_kind = resolve_rules(rules, players, episode, reward)
        check_render_mode(render_mode)
        self.max_steps = check_max_steps(max_steps)
        self._steps = 0
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self.match: Match = Match.new(self.rules, seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: :data:`~ginrummy.rl.ACTION_COUNT` discrete actions."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` if it names a seat here; else a ``KeyError`` (as a mapping of agents
        would raise) that quotes it and lists the agents."""
        if not isinstance(agent, str) or agent not in self._seats:
            raise KeyError(f"{shown(agent)} is not an agent of this game: expected one of {', '.join(self.possible_agents)}")
        return agent

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; with ``seed`` the deal (and every later one) is reproduced."""
        seed = check_seed(seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = Match.new(self.rules, seed=self._rng.getrandbits(64))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._select()

    def _select(self) -> None:
        seat = self.match.to_play
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent`` (from its view only)."""
        # encode_seat reads only what match.view(seat) shows, without building the view.
        seat = self._seats[self._agent(agent)]
        match = self.match
        state = match.state
        return {"observation": encode_seat(state, seat, match.score), "action_mask": state_mask(state, seat)}

    def step(self, action: int | None) -> None:
        """The agent to act plays ``action`` (an index whose mask bit is 1)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents", reason="unknown_action")
        move = index_action(action)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        match = self.match = self.match.apply(move, seat=self._seats[agent])
        state = match.state
        if state.phase is Phase.OVER:
            assert state.result is not None
            finished_game = match.is_over
            per_seat = rewards_after_hand(match, self.episode, self.reward_kind)
            for s, value in enumerate(per_seat):
                self.rewards[self.possible_agents[s]] = value
            self._rewarded = True
            for a in self.agents:
                self.infos[a] = {"result": state.result}
            if self.episode == "hand" or finished_game:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.match = match.apply(NextHand())
            self._accumulate_rewards()
        self._steps += 1
        if self.max_steps is not None and self._steps >= self.max_steps and not any(self.terminations.values()):
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: printed with ``"human"``, returned with ``"ansi"``."""
        return render(self.match, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def env(
    rules: Rules | None = None,
    players: int | None = None,
    *,
    episode: str = "hand",
    reward: str = "points",
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> GinRummyAEC:
    """A PettingZoo AEC Gin Rummy environment for any :class:`~ginrummy.Rules` and 2-4 players."""
    return GinRummyAEC(rules, players, episode=episode, reward=reward, render_mode=render_mode, max_steps=max_steps)
