"""The Gymnasium environment: one agent against built-in or custom computer players."""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ginrummy import (
    IllegalActionError,
    Match,
    NextHand,
    PlayerError,
    PlayerTypeError,
    Rules,
    RulesError,
    RulesTypeError,
)
from ginrummy.players import Player, make_player

from ._common import check_render_mode, check_seat, check_seed, read_choice, render, resolve_rules, rewards_after_hand, shown
from ._encoding import ACTION_COUNT, OBSERVATION_SIZE, encode_seat, index_action, state_mask

__all__ = ["GinRummyEnv"]

Observation = dict[str, npt.NDArray[Any]]


def _finite(value: Real) -> bool:
    """Whether a real number is finite and fits a float."""
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


class GinRummyEnv(gymnasium.Env[Observation, int]):
    """Gin Rummy for one agent against computer players, registered as ``ginrummy/GinRummy-v0``.

    ``opponent`` is a level name (``"medium"``), a :class:`~ginrummy.players.Player`,
    or a sequence of them, one per other seat (three or four players). The agent sits
    at ``seat``; the others play between the agent's turns. Observations are dicts of
    ``"observation"`` and ``"action_mask"``, as in the PettingZoo environment;
    :meth:`action_masks` returns the mask too. The reward of a step is the agent's
    share of the hands that ended during it (zero-sum: the scorer gains what the others
    pay), or ±1 with ``reward="win"``. A hand that an opponent ends before the agent
    has acted is dealt again under ``episode="hand"``; under ``episode="game"`` it
    counts, and its reward comes with the agent's first step.

    An action whose mask bit is 0 ends the episode with ``illegal_reward`` and
    ``info["illegal_action"]`` set (as PettingZoo's ``TerminateIllegalWrapper`` does),
    or raises :class:`~ginrummy.IllegalActionError` with ``illegal="raise"``.
    """

    metadata = {"render_modes": ["human", "ansi"]}
    """Gymnasium's description of the environment: the render modes it offers."""

    def __init__(
        self,
        opponent: str | Player | Sequence[str | Player] = "medium",
        rules: Rules | None = None,
        players: int | None = None,
        *,
        seat: int = 0,
        episode: str = "hand",
        reward: str = "points",
        render_mode: str | None = None,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
    ) -> None:
        self.rules, self.episode, self.reward_kind = resolve_rules(rules, players, episode, reward)
        self.illegal = read_choice("illegal", illegal, ("terminate", "raise"))
        given: object = illegal_reward  # checked as any object: a caller may pass anything
        if isinstance(given, bool) or not isinstance(given, Real) or not _finite(given):
            number = isinstance(given, Real) and not isinstance(given, bool)
            raise (RulesError if number else RulesTypeError)(
                f"illegal_reward={shown(illegal_reward)} is not allowed: expected a finite number, the reward for an illegal action"
            )
        self.illegal_reward = float(illegal_reward)
        n = self.rules.players
        seat = check_seat(seat, n)
        check_render_mode(render_mode)
        given_opponents: object = opponent  # checked as any object: a caller may pass anything
        if isinstance(given_opponents, Sequence) and not isinstance(given_opponents, (str, bytes, bytearray)):
            specs = list(given_opponents)
        else:
            specs = [given_opponents] * (n - 1)
        if len(specs) != n - 1:
            raise PlayerError(f"{n} players need {n - 1} opponents, got {len(specs)}")
        for spec in specs:
            if isinstance(spec, str):
                make_player(spec)  # an unknown level fails here
            elif not isinstance(spec, Player):
                raise PlayerTypeError(f"an opponent is a level name or a Player, not {type(spec).__name__} ({shown(spec)})")
        self._specs = specs
        self.seat = seat
        self.render_mode = render_mode
        self.action_space: spaces.Discrete = spaces.Discrete(ACTION_COUNT)  # type: ignore[assignment]
        self.observation_space: spaces.Dict = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
            }
        )
        self.match = Match.new(self.rules, seed=0)
        self._players: dict[int, Player] = {}
        self._pending = 0.0
        self._over = True

    def _observe(self) -> Observation:
        # The fast path: what encode_observation(view) and action_mask(view) give, read
        # from this seat's share of the state without building the view.
        match = self.match
        return {"observation": encode_seat(match.state, self.seat, match.score), "action_mask": self.action_masks()}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """1 for exactly the agent's legal actions now."""
        return state_mask(self.match.state, self.seat)

    def _others_play(self) -> bool:
        """Opponents act until it is the agent's turn (False) or the hand is over (True)."""
        while True:
            state = self.match.state
            if state.is_over:
                return True
            seat = state.to_play
            assert seat is not None
            if seat == self.seat:
                return False
            view = self.match.view(seat)
            self.match = self.match.apply(self._players[seat].choose(view, view.legal_actions), seat=seat)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game; with ``seed`` the deal and the opponents' choices are reproduced."""
        super().reset(seed=check_seed(seed))
        while True:
            self._pending = 0.0
            match_seed = int(self.np_random.integers(0, 2**63 - 1))
            self.match = Match.new(self.rules, seed=match_seed)
            others = [s for s in range(self.rules.players) if s != self.seat]
            self._players = {  # no time cap: the same seed gives the same opponents' choices on any machine
                s: make_player(spec, seed=match_seed % 1_000_003 + s, time_budget=math.inf) if isinstance(spec, str) else spec
                for s, spec in zip(others, self._specs)
            }
            if not self._advance_to_agent():
                break
        self._over = False
        return self._observe(), {"action_mask": self.action_masks()}

    def _advance_to_agent(self) -> bool:
        """Let the opponents play; deal on between hands in a game. True when the episode's hand ended."""
        while True:
            if not self._others_play():
                return False
            rewards = rewards_after_hand(self.match, self.episode, self.reward_kind)
            self._pending += rewards[self.seat]
            if self.episode == "hand" or self.match.is_over:
                return True
            self.match = self.match.apply(NextHand())

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an index whose mask bit is 1); the opponents answer."""
        if self._over:
            raise IllegalActionError("the episode is over: call reset()", reason="hand_over")
        move = index_action(action)
        try:
            self.match = self.match.apply(move, seat=self.seat)
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._over = True
            refused = {"illegal_action": True, "action_mask": np.zeros(ACTION_COUNT, dtype=np.int8)}
            return self._observe(), self.illegal_reward, True, False, refused
        reward, self._pending = self._pending, 0.0
        terminated = False
        info: dict[str, Any] = {}
        while True:
            if self.match.state.is_over:
                info["result"] = self.match.state.result
                reward += rewards_after_hand(self.match, self.episode, self.reward_kind)[self.seat]
                if self.episode == "hand" or self.match.is_over:
                    terminated = self._over = True
                    break
                self.match = self.match.apply(NextHand())
            if not self._others_play():
                break
        info["action_mask"] = self.action_masks() if not terminated else np.zeros(ACTION_COUNT, dtype=np.int8)
        if self.render_mode == "human":
            self.render()
        return self._observe(), float(reward), terminated, False, info

    def render(self) -> str | None:
        """The table as text: printed with ``"human"``, returned with ``"ansi"``."""
        return render(self.match, self.render_mode)
