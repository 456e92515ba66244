"""The reinforcement-learning environments (extra ``rl``): PettingZoo and Gymnasium."""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
import warnings
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from helpers import busy_machine, seated, shuffle_hidden  # noqa: E402
from ginrummy import (  # noqa: E402
    PRESETS,
    GameScore,
    Hollywood,
    IllegalActionError,
    InvalidHandError,
    InvalidHandTypeError,
    Match,
    PlayerError,
    PlayerView,
    Rules,
    RulesError,
)
from ginrummy import rl  # noqa: E402
from ginrummy.actions import Action, BigGin, PassUpcard  # noqa: E402
from ginrummy.players import MediumPlayer, RandomPlayer  # noqa: E402


# PettingZoo's api_test suggests Box observations, and whitelists its own classic environments'
# dicts of observation and action mask by name; every other warning stays an error.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(rl.env(players=players), num_cycles=400)
    api_test(rl.env(players=players, episode="game", rules=Rules(game_target=40)), num_cycles=200)
    api_test(rl.env(players=players, max_steps=7), num_cycles=100)  # truncated mid-hand


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: rl.env(players=players), num_cycles=200)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gymnasium_check_env(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.GinRummyEnv(players=players, opponent="random"), skip_render_check=True)
        check_env(gymnasium.make(rl.ENV_ID).unwrapped, skip_render_check=True)
        check_env(rl.GinRummyEnv(rules=Rules(game_target=30), episode="game", reward="win"), skip_render_check=True)


def test_action_indexes_round_trip() -> None:
    for index in range(rl.ACTION_COUNT):
        assert rl.action_index(rl.index_action(index)) == index
    for bad in (-1, rl.ACTION_COUNT, 1.0, True, "3"):
        with pytest.raises(IllegalActionError, match="is not one of 0-110"):
            rl.index_action(bad)  # type: ignore[arg-type]
    assert rl.OBSERVATION_SIZE == sum(size for _, size, _ in rl.SECTIONS) == 379


def test_actions_are_taken_in_every_form_the_discrete_space_holds() -> None:
    # A numpy integer, or the 0-d array a single-environment policy's predict() returns.
    env = rl.GinRummyEnv(opponent="random")
    _, info = env.reset(seed=3)
    index = np.flatnonzero(info["action_mask"])[0]
    for form in (int(index), np.int64(index), np.int32(index), np.array(index), np.array(index, dtype=np.uint8)):
        assert env.action_space.contains(form)
        assert rl.index_action(form) == rl.ACTIONS[int(index)]  # type: ignore[arg-type]
    assert env.match is not None
    before = env.match.state.history_length
    env.step(np.array(index))  # type: ignore[arg-type]
    assert env.match.state.history[before] == rl.ACTIONS[int(index)]
    for bad in (np.array([index]), np.array(float(index)), np.array(True)):
        assert not env.action_space.contains(bad)
        with pytest.raises(IllegalActionError, match="is not one of 0-110: expected a whole number"):
            rl.index_action(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="action index 111 is not one of 0-110"):
        rl.index_action(np.array(111))  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_masks_are_exactly_the_legal_actions(players: int) -> None:
    game = rl.env(players=players, rules=attrs.evolve(PRESETS["tournament"], players=players))
    rng = random.Random(players)
    steps = 0
    game.reset(seed=players)
    while steps < 3000:
        agent = game.agent_selection
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.reset(seed=rng.getrandbits(32))
            continue
        mask = observation["action_mask"]
        state = game.match.state
        seat = int(agent.split("_")[1])
        for index in range(rl.ACTION_COUNT):
            assert bool(mask[index]) == state.is_legal(rl.index_action(index), seat=seat), index
        for other in game.agents:
            if other != agent:
                assert game.observe(other)["action_mask"].sum() == 0
        game.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_ignore_hidden_cards_and_the_stock_order(players: int) -> None:
    game = rl.env(players=players)
    rng = random.Random(10 + players)
    for episode in range(15):
        game.reset(seed=episode)
        while True:
            observation, _, terminated, _, _ = game.last()
            if terminated:
                break
            state = game.match.state
            for seat in range(players):
                shuffled = shuffle_hidden(state, seat, rng)
                before = rl.encode_observation(state.view(seat))
                after = rl.encode_observation(shuffled.view(seat))
                assert np.array_equal(before, after)
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["points", "win"])
def test_rewards_are_zero_sum_and_equal_the_hand_result(players: int, reward: str) -> None:
    game = rl.env(players=players, reward=reward)
    rng = random.Random(players)
    scored = 0
    for episode in range(60):
        game.reset(seed=100 + episode)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            observation, value, terminated, truncated, info = game.last()
            totals[agent] += value
            if terminated or truncated:
                game.step(None)
                continue
            mask = observation["action_mask"]
            outs = [i for i in np.flatnonzero(mask) if i >= 56]
            game.step(int(rng.choice(outs)) if outs else int(rng.choice(np.flatnonzero(mask))))
        result = game.match.state.result
        assert result is not None
        assert abs(sum(totals.values())) < 1e-9
        if result.scorer is not None:
            scored += 1
            expected = float(result.points) if reward == "points" else 1.0
            assert totals[f"player_{result.scorer}"] == pytest.approx(expected)
        else:
            assert all(v == 0 for v in totals.values())
    assert scored >= 5


def _play_game_episode(rules: Rules, seed: int) -> tuple[rl.GinRummyAEC, dict[str, float]]:
    """A whole-game episode with reward "win", played by random legal actions: the
    environment at its end and each agent's total reward."""
    game = rl.env(episode="game", reward="win", rules=rules)
    game.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(max_iter=100_000):
        observation, value, terminated, truncated, _ = game.last()
        totals[agent] += value
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return game, totals


def test_game_episodes_play_to_the_target() -> None:
    game, totals = _play_game_episode(Rules(game_target=40), 3)
    assert game.match.is_over and game.match.hand_number >= 1
    winner = game.match.score.winner
    assert totals[f"player_{winner}"] == 1.0 and sum(totals.values()) == pytest.approx(0.0)


def test_a_hollywood_session_rewards_its_winner() -> None:
    game, totals = _play_game_episode(attrs.evolve(Rules.preset("hollywood"), game_target=30), 5)
    score = game.match.score
    assert isinstance(score, Hollywood) and score.is_over and score.winner is not None
    assert totals == {f"player_{score.winner}": 1.0, f"player_{1 - score.winner}": -1.0}


def test_seeding_reproduces_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = rl.env(players=3), rl.env(players=3)
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.match.state == b.match.state
    seeded = a.match.state.deck
    a.reset()  # an unseeded reset draws the next deal of the same sequence
    b.reset()
    assert a.match.state.deck != seeded and a.match.state == b.match.state

    def episode() -> list[tuple[bytes, float, bool]]:
        # the agent plays its first legal action; "hard" and "expert" answer
        env = rl.GinRummyEnv(opponent=["hard", "expert"], players=3)
        observation, _ = env.reset(seed=5)
        seen = [(observation["observation"].tobytes(), 0.0, False)]
        for _ in range(30):
            observation, reward, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            seen.append((observation["observation"].tobytes(), float(reward), terminated))
            if terminated:
                break
        return seen

    unhurried = episode()
    busy_machine(monkeypatch)  # opponents named by level have no time cap: the same choices
    assert episode() == unhurried


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, InvalidHandError), (True, TypeError), (1.5, TypeError), ("7", TypeError), ([7], TypeError)],
)
def test_reset_takes_only_a_whole_number_seed_of_0_or_more(seed: object, error: type[Exception]) -> None:
    quoted = re.escape(f"seed={seed!r} is not allowed: expected a whole number 0 or more, or None")
    aec, gym = rl.env(), rl.GinRummyEnv()
    aec.reset(seed=3)
    before = aec.match
    with pytest.raises(error, match=quoted):
        aec.reset(seed=seed)  # type: ignore[arg-type]
    assert aec.match is before  # refused before anything changed
    with pytest.raises(error, match=quoted):
        gym.reset(seed=seed)  # type: ignore[arg-type]
    for make in (rl.env, rl.GinRummyEnv):
        with pytest.raises(InvalidHandError if seed == -1 else InvalidHandTypeError):
            make().reset(seed=seed)  # type: ignore[arg-type]


def test_reset_reads_a_numpy_integer_seed_as_the_number() -> None:
    a, b = rl.env(), rl.env()
    a.reset(seed=np.int64(11))  # type: ignore[arg-type]
    b.reset(seed=11)
    assert a.match.state == b.match.state
    first, _ = rl.GinRummyEnv().reset(seed=np.uint8(11))  # type: ignore[arg-type]
    second, _ = rl.GinRummyEnv().reset(seed=11)
    assert np.array_equal(first["observation"], second["observation"])


def test_gym_env_rewards_match_the_result_and_illegal_actions() -> None:
    env = rl.GinRummyEnv(opponent=RandomPlayer(seed=1), players=2)
    rng = random.Random(1)
    for episode in range(30):
        observation, info = env.reset(seed=episode)
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        total = 0.0
        while True:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            observation, value, terminated, truncated, info = env.step(action)
            total += value
            if terminated:
                break
        result = info["result"]
        expected = 0.0 if result.scorer is None else float(result.points) * (1 if result.scorer == 0 else -1)
        assert total == pytest.approx(expected)
    env.reset(seed=1)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    _, value, terminated, _, info = env.step(illegal)
    assert terminated and value == -1.0 and info["illegal_action"]
    with pytest.raises(IllegalActionError):
        env.step(0)
    strict = rl.GinRummyEnv(illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(int(np.flatnonzero(strict.action_masks() == 0)[0]))


def test_text_options_are_read_in_any_case() -> None:
    """episode, reward and illegal read as the library reads text: "Game" is "game"."""
    aec = rl.env(episode=" Game", reward="WIN")
    assert (aec.episode, aec.reward_kind) == ("game", "win")
    gym_env = rl.GinRummyEnv(episode="HAND", reward="Points", illegal="Raise")
    assert (gym_env.episode, gym_env.reward_kind, gym_env.illegal) == ("hand", "points", "raise")
    with pytest.raises(RulesError, match=r"^illegal='Ignore' is not allowed: expected 'terminate' or 'raise'$"):
        rl.GinRummyEnv(illegal="Ignore")
    with pytest.raises(RulesError, match=r"^episode='round' is not allowed: expected 'hand' or 'game'$"):
        rl.env(episode="round")


def test_bad_environment_arguments_are_refused() -> None:
    with pytest.raises(RulesError, match="episode='round'"):
        rl.env(episode="round")
    with pytest.raises(RulesError, match="reward='money'"):
        rl.GinRummyEnv(reward="money")
    with pytest.raises(RulesError, match="players=5"):
        rl.env(players=5)
    with pytest.raises(PlayerError, match="3 players need 2 opponents"):
        rl.GinRummyEnv(opponent=["easy"], players=3)
    with pytest.raises(PlayerError, match="unknown player level"):
        rl.GinRummyEnv(opponent="grandmaster")
    with pytest.raises(PlayerError, match="a level name or a Player"):
        rl.GinRummyEnv(opponent=[3])  # type: ignore[list-item]
    with pytest.raises(InvalidHandError, match="seat=2 is not a seat"):
        rl.GinRummyEnv(seat=2)
    with pytest.raises(TypeError, match="seat='0' is not a seat: expected 0-1"):
        rl.GinRummyEnv(seat="0")  # type: ignore[arg-type]
    for make in (rl.env, rl.GinRummyEnv):
        with pytest.raises(TypeError, match=r"rules must be a Rules value, not str: 'standard' \(Rules.parse reads"):
            make(rules="standard")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="render_mode='rgb'"):
        rl.env(render_mode="rgb")
    with pytest.raises(RulesError, match="illegal='ignore'"):
        rl.GinRummyEnv(illegal="ignore")
    for bad, quoted in [("-1", "'-1'"), (None, "None"), (True, "True"), (math.nan, "nan"), (-math.inf, "-inf"),
                        (10**400, "<a whole number of 1329 bits>")]:
        with pytest.raises(RulesError, match=re.escape(f"illegal_reward={quoted} is not allowed: expected a finite number")):
            rl.GinRummyEnv(illegal_reward=bad)  # type: ignore[arg-type]
    assert rl.GinRummyEnv(illegal_reward=np.float32(-2)).illegal_reward == -2.0  # type: ignore[arg-type]
    for array in (np.array([]), np.array(["hand", "game"])):  # never compared element by element
        for option in ("episode", "reward", "render_mode"):
            with pytest.raises(TypeError, match=f"{option}=array"):
                rl.env(**{option: array})  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="illegal=array"):
            rl.GinRummyEnv(illegal=array)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape("players=array([2, 3]) is not allowed: expected a whole number")):
        rl.env(players=np.array([2, 3]))  # type: ignore[arg-type]
    assert rl.env(players=np.int64(3)).rules == Rules(players=3)  # type: ignore[arg-type]


def test_seats_may_be_numpy_integers() -> None:
    env = rl.GinRummyEnv(seat=np.int64(1))  # type: ignore[arg-type]
    assert type(env.seat) is int and env.seat == 1
    state = Match.new(Rules(), seed=4).state
    for seat in range(2):
        assert np.array_equal(rl.encode_seat(state, np.int64(seat)), rl.encode_seat(state, seat))  # type: ignore[arg-type]
        assert np.array_equal(rl.state_mask(state, np.int8(seat)), rl.state_mask(state, seat))  # type: ignore[arg-type]
    for bad in (np.bool_(False), np.float32(0.0)):
        with pytest.raises(TypeError, match="is not a seat: expected 0-1"):
            rl.encode_seat(state, bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="is not a seat: expected 0-1"):
            rl.GinRummyEnv(seat=bad)  # type: ignore[arg-type]


def test_render_modes() -> None:
    game = rl.env(render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert isinstance(text, str) and "seat 0:" in text and "upcard" in text
    env = rl.GinRummyEnv(render_mode="ansi")
    env.reset(seed=1)
    assert "seat 1:" in str(env.render())


def test_render_human_prints_the_table_and_no_mode_renders_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = rl.GinRummyEnv()
    quiet.reset(seed=1)
    assert quiet.render() is None
    game = rl.env()
    game.reset(seed=1)
    assert game.render() is None
    assert capsys.readouterr().out == ""
    env = rl.GinRummyEnv(render_mode="human", opponent=RandomPlayer(seed=2))
    env.reset(seed=1)
    while True:
        *_, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        printed = capsys.readouterr().out
        assert "seat 0:" in printed and "seat 1:" in printed  # every step prints the table
        if terminated:
            break
    assert env.match.state.result is not None and env.match.state.result.describe() in printed
    aec = rl.env(render_mode="human")
    aec.reset(seed=1)
    aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    assert "upcard" in capsys.readouterr().out


class _BigGinFirst:
    """Goes big gin whenever it may, else plays the first legal action."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return next((a for a in legal_actions if isinstance(a, BigGin)), legal_actions[0])


def _first_deal_ends_before_seat_0_acts(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Make the environment's first deal one where seat 1 (first to act) takes the spade
    upcard for big gin: 64 + 31, doubled, is 190 points before seat 0 has a turn."""
    real = Match.new
    seeds: list[object] = []

    def new(rules: Rules | None = None, *, seed: int | str | None = None, rng: Any = None, dealer: int | None = None) -> Match:
        seeds.append(seed)
        if len(seeds) > 1:
            return real(rules, seed=seed, rng=rng, dealer=dealer)
        assert rules is not None
        state = seated(["Kc Qh 9d 8c 7h 6d 5c 4h 3d 2c", "As 2s 3s 4s 5s 6s 7s 8s 9s Ts"], "Js", rules=rules, dealer=0)
        return Match(rules=rules, state=state, score=GameScore(rules), seed=seed)  # later hands dealt from the seed

    monkeypatch.setattr(Match, "new", staticmethod(new))
    return seeds


def test_a_hand_that_ends_before_the_agent_acts_is_dealt_again_in_a_hand_episode(monkeypatch: pytest.MonkeyPatch) -> None:
    env = rl.GinRummyEnv(opponent=_BigGinFirst())
    seeds = _first_deal_ends_before_seat_0_acts(monkeypatch)
    _, info = env.reset(seed=3)
    assert len(seeds) == 2 and seeds[0] != seeds[1]  # the big gin hand was not an episode for seat 0
    assert env.match.state.to_play == 0 and info["action_mask"].any()


def test_a_hand_that_ends_before_the_agent_acts_is_paid_with_its_next_step_in_a_game_episode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = rl.GinRummyEnv(opponent=_BigGinFirst(), rules=Rules(game_target=500), episode="game")
    seeds = _first_deal_ends_before_seat_0_acts(monkeypatch)
    env.reset(seed=3)
    score = env.match.score
    assert isinstance(score, GameScore) and score.points == (0, 190)
    assert len(seeds) == 1 and env.match.hand_number == 2
    assert env.match.state.to_play == 0
    _, reward, terminated, _, _ = env.step(rl.action_index(PassUpcard()))
    assert not terminated and reward == -190.0  # the hand before, paid with seat 0's first step


def test_a_game_episode_deals_on_after_the_agent_ends_a_hand_and_pays_the_game_once() -> None:
    env = rl.GinRummyEnv(opponent="medium", rules=Rules(game_target=60), episode="game", reward="win")
    env.reset(seed=4)
    agent = MediumPlayer()
    hands_dealt_on = 0
    rewards: list[float] = []
    for _ in range(5_000):
        before = env.match.hand_number
        view = env.match.view(0)
        _, reward, terminated, _, info = env.step(rl.action_index(agent.choose(view, view.legal_actions)))
        rewards.append(reward)
        if "result" in info and not terminated:
            hands_dealt_on += env.match.hand_number > before
        if terminated:
            break
    assert terminated and env.match.is_over and hands_dealt_on >= 1
    winner = env.match.score.winner
    assert sum(rewards) == (1.0 if winner == 0 else -1.0) and rewards.count(0.0) == len(rewards) - 1


def test_a_live_agent_may_not_step_with_none() -> None:
    game = rl.env()
    game.reset(seed=1)
    with pytest.raises(IllegalActionError, match="player_[01] must act: None is only for finished agents"):
        game.step(None)


def _pile_taking_index(mask: np.ndarray[Any, Any]) -> int:
    """Take the upcard or the discard whenever allowed, else discard: never knocks, so a
    table of such players passes cards round for ever once the upcard is taken."""
    for index in (0, 3):
        if mask[index]:
            return index
    return int(np.flatnonzero(mask[4:56])[0]) + 4 if mask[4:56].any() else int(np.flatnonzero(mask)[0])


class _PileTakingPlayer:
    """The same policy as a computer player for the Gymnasium environment's opponents."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        return rl.index_action(_pile_taking_index(rl.legal_mask(tuple(legal_actions))))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_steps_truncates_an_episode_that_would_never_end(players: int) -> None:
    game = rl.env(players=players, max_steps=120)
    for seed in (1, 2):  # reset starts the count again
        game.reset(seed=seed)
        steps = 0
        for agent in game.agent_iter(max_iter=10_000):
            observation, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                assert truncated and not terminated and reward == 0.0
                game.step(None)
                continue
            game.step(_pile_taking_index(observation["action_mask"]))
            steps += 1
        assert steps == 120 and not game.agents and not game.match.state.is_over


def test_max_steps_leaves_an_episode_that_ends_in_time_terminated() -> None:
    game = rl.env(max_steps=10_000)
    game.reset(seed=3)
    rng = np.random.default_rng(0)
    ended: list[tuple[bool, bool]] = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            ended.append((terminated, truncated))
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert ended == [(True, False), (True, False)] and game.match.state.is_over


def test_max_steps_is_a_whole_number_1_or_more_or_none() -> None:
    assert rl.env().max_steps is None and rl.env(max_steps=np.int64(5)).max_steps == 5  # type: ignore[arg-type]
    for bad, error in [(0, RulesError), (-3, RulesError), (True, TypeError), (2.5, TypeError), ("10", TypeError)]:
        with pytest.raises(error, match=re.escape(f"max_steps={bad!r} is not allowed: expected a whole number 1 or more")):
            rl.env(max_steps=bad)  # type: ignore[arg-type]


def test_gymnasium_time_limit_truncates_the_one_agent_environment() -> None:
    env = gymnasium.make(rl.ENV_ID, opponent=_PileTakingPlayer(), max_episode_steps=40)
    observation, _ = env.reset(seed=5)
    for step in range(1, 41):
        observation, reward, terminated, truncated, _ = env.step(_pile_taking_index(observation["action_mask"]))
        assert not terminated and truncated == (step == 40)


def test_a_missing_extra_names_it() -> None:
    code = "import sys; sys.modules['pettingzoo'] = None; import ginrummy.rl"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert "ginrummy.rl needs the 'rl' extra" in done.stderr and "pip install 'ginrummy[rl]'" in done.stderr


def _rules_for(preset: str, players: int) -> Rules | None:
    rules = PRESETS[preset]
    if players != rules.players:
        try:
            return attrs.evolve(rules, players=players)
        except RulesError:
            return None  # a two-player preset (Hollywood)
    return rules


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_encoding_equals_the_view_encoding(players: int) -> None:
    # The environments encode from the state (encode_seat, state_mask); the reference is
    # the view (encode_observation, action_mask). They must agree for every seat at every
    # step, under every preset, through whole games (scores) and after hidden reshuffles.
    rng = random.Random(500 + players)
    checked = 0
    for preset in sorted(PRESETS):
        rules = _rules_for(preset, players)
        if rules is None:
            continue
        game = rl.env(rules=attrs.evolve(rules, game_target=60), episode="game")
        game.reset(seed=rng.getrandbits(32))
        for agent in game.agent_iter(max_iter=1500):
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            match = game.match
            for seat, other in enumerate(game.possible_agents):
                view = match.view(seat)
                fast = game.observe(other)
                assert np.array_equal(fast["observation"], rl.encode_observation(view)), (preset, seat)
                assert np.array_equal(fast["action_mask"], rl.action_mask(view)), (preset, seat)
                assert fast["observation"].dtype == np.float32 and fast["action_mask"].dtype == np.int8
                shuffled = shuffle_hidden(match.state, seat, rng)
                assert np.array_equal(rl.encode_seat(shuffled, seat, match.score), fast["observation"])
                checked += 1
            mask = observation["action_mask"]
            outs = [i for i in np.flatnonzero(mask) if i >= 56]  # knock when allowed, for scores
            choice = rng.choice(outs) if outs and rng.random() < 0.5 else rng.choice(np.flatnonzero(mask))
            game.step(int(choice))
    assert checked > 2000


def test_observations_are_fresh_writable_arrays() -> None:
    game = rl.env()
    game.reset(seed=2)
    first = game.observe("player_0")
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    again = game.observe("player_0")
    assert again["observation"].max() <= 1.0 and again["action_mask"].sum() < rl.ACTION_COUNT
    assert first["observation"].flags.writeable and first["action_mask"].flags.writeable


def test_fast_encoders_refuse_bad_seats_and_states() -> None:
    game = rl.env(players=3)
    game.reset(seed=1)
    state = game.match.state
    for bad in (3, -1, True, 1.0, "0"):
        with pytest.raises(InvalidHandError, match=r"is not a seat: expected 0-2"):
            rl.encode_seat(state, bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidHandError, match=r"is not a seat: expected 0-2"):
            rl.state_mask(state, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState, not Match"):
        rl.encode_seat(game.match, 0)  # type: ignore[arg-type]
    for ask in (game.observe, game.action_space, game.observation_space):
        with pytest.raises(KeyError, match="'player_3' is not an agent of this game: expected one of player_0, player_1, player_2"):
            ask("player_3")
    for function in (rl.encode_observation, rl.action_mask):
        with pytest.raises(TypeError, match=f"{function.__name__} takes a PlayerView, not GameState"):
            function(state)  # type: ignore[arg-type]


def test_enormous_numbers_get_a_library_error_that_describes_them() -> None:
    enormous = 10**5000  # too long for Python to print
    env = rl.GinRummyEnv(opponent="medium")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match=r"action index <a whole number of 16610 bits> is not one of 0-110"):
        env.step(enormous)
    with pytest.raises(InvalidHandError, match=r"seat=<a whole number of 16610 bits> is not a seat"):
        rl.GinRummyEnv(seat=enormous)
    with pytest.raises(RulesError, match=r"render_mode=<a whole number of 16610 bits> is not allowed"):
        rl.env(render_mode=enormous)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"episode='x{79}\.\.\. \(100002 characters\) is not allowed"):
        rl.env(episode="x" * 100_000)


def test_legal_mask_marks_the_hand_actions_and_refuses_what_is_not_an_action() -> None:
    from ginrummy import DrawStock, NextHand, WrongTypeError

    mask = rl.legal_mask((DrawStock(), NextHand()))
    assert mask.sum() == 1 and mask[rl.action_index(DrawStock())] == 1
    for bad, expected in [(None, "a sequence of actions, not NoneType"), ([3], "actions, not int: 3"), (("pass",), "actions, not str: 'pass'")]:
        with pytest.raises(WrongTypeError, match=re.escape(expected)):
            rl.legal_mask(bad)  # type: ignore[arg-type]
