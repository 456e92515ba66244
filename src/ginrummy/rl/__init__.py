"""Reinforcement-learning environments: PettingZoo (every seat an agent) and Gymnasium (one agent).

Needs the ``rl`` extra: ``pip install "ginrummy[rl]"`` (PettingZoo, Gymnasium, NumPy).
Built on the public API only; an observation is :func:`encode_observation` of the
player's :class:`~ginrummy.PlayerView`, so nothing hidden reaches an agent. (The
environments compute the same numbers with :func:`encode_seat` and :func:`state_mask`,
which read only that seat's share of the state without building the view; tests check
they agree at every step.)

>>> from ginrummy import rl
>>> game = rl.env(players=3)
>>> game.reset(seed=1)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((379,), 2)
"""

from __future__ import annotations

_EXTRA = "pip install 'ginrummy[rl]'"

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - exercised by a test that hides the modules
    raise ImportError(
        f"ginrummy.rl needs the 'rl' extra (PettingZoo, Gymnasium and NumPy), which is not installed: "
        f"{_EXTRA} (missing: {error.name})"
    ) from error

from ._aec import GinRummyAEC, env
from ._encoding import (
    ACTION_COUNT,
    ACTIONS,
    OBSERVATION_SIZE,
    SECTIONS,
    action_index,
    action_mask,
    encode_observation,
    encode_seat,
    index_action,
    legal_mask,
    state_mask,
)
from ._gym import GinRummyEnv

ENV_ID = "ginrummy/GinRummy-v0"
"""The Gymnasium id of :class:`GinRummyEnv`: ``gymnasium.make("ginrummy/GinRummy-v0")``."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="ginrummy.rl._gym:GinRummyEnv")

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "ENV_ID",
    "GinRummyAEC",
    "GinRummyEnv",
    "OBSERVATION_SIZE",
    "SECTIONS",
    "action_index",
    "action_mask",
    "encode_observation",
    "encode_seat",
    "env",
    "index_action",
    "legal_mask",
    "state_mask",
]
