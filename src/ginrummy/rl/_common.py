"""What both environments share: episodes, rewards and rendering."""

from __future__ import annotations

from numbers import Integral
from typing import Final

import attrs

from ginrummy import HandResult, InvalidHandError, InvalidHandTypeError, Match, Rules, RulesError, RulesTypeError, WrongTypeError

__all__ = ["EPISODES", "REWARDS", "check_max_steps", "check_render_mode", "check_seat", "check_seed", "choice_error", "game_rewards", "hand_rewards", "is_one_of", "read_choice", "render", "render_text", "resolve_rules", "rewards_after_hand", "shown"]

EPISODES: Final = ("hand", "game")
REWARDS: Final = ("points", "win")


def shown(value: object) -> str:
    """``repr`` of an argument for an error message: an int too long to print is named by
    its size, and a long ``repr`` is cut to 80 characters."""
    if isinstance(value, int) and value.bit_length() > 256:
        return f"<a whole number of {value.bit_length()} bits>"
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:80]}... ({len(text)} characters)"


def is_one_of(value: object, choices: tuple[str, ...]) -> bool:
    """Whether ``value`` is one of the text ``choices`` (checked as text first: ``in``
    would compare a numpy array element by element)."""
    return isinstance(value, str) and value in choices


def read_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` as one of the text ``choices``, read in any case and with spaces around
    it, as the library reads text (``"Game"`` is ``"game"``); otherwise the error of
    :func:`choice_error`, naming ``name`` and the choices."""
    if isinstance(value, str) and value.strip().lower() in choices:
        return value.strip().lower()
    expected = " or ".join(repr(choice) for choice in choices)
    raise choice_error(value)(f"{name}={shown(value)} is not allowed: expected {expected}")


def choice_error(value: object) -> type[RulesError]:
    """The error for an option outside its choices: :class:`~ginrummy.RulesError` for
    text, :class:`~ginrummy.RulesTypeError` (a ``TypeError`` too) for anything else."""
    return RulesError if isinstance(value, str) else RulesTypeError


def check_render_mode(render_mode: object) -> None:
    """Refuse a ``render_mode`` other than ``None``, ``"human"`` or ``"ansi"``."""
    if render_mode is not None and not is_one_of(render_mode, ("human", "ansi")):
        raise choice_error(render_mode)(f"render_mode={shown(render_mode)} is not allowed: expected None, 'human' or 'ansi'")


def _optional_whole(
    name: str, value: object, least: int, expected: str, too_small: type[Exception], wrong_type: type[Exception]
) -> int | None:
    """``value`` as an int when it is ``None`` or a whole number (a numpy integer counts)
    of ``least`` or more; else ``wrong_type`` for what is not a whole number and
    ``too_small`` for one below ``least``, quoting ``name=value``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise wrong_type(f"{name}={shown(value)} is not allowed: {expected}")
    if value < least:
        raise too_small(f"{name}={shown(value)} is not allowed: {expected}")
    return int(value)


def check_seat(seat: object, players: int) -> int:
    """``seat`` as an ``int`` (a numpy integer is read as one) when it is a seat 0 to
    ``players - 1``; else :class:`~ginrummy.InvalidHandError`, or
    :class:`~ginrummy.InvalidHandTypeError` for what is not a whole number."""
    if type(seat) is not int:
        if isinstance(seat, bool) or not isinstance(seat, Integral):
            raise InvalidHandTypeError(f"seat={shown(seat)} is not a seat: expected 0-{players - 1}")
        seat = int(seat)
    if not 0 <= seat < players:
        raise InvalidHandError(f"seat={shown(seat)} is not a seat: expected 0-{players - 1}")
    return seat


def check_max_steps(max_steps: object) -> int | None:
    """``max_steps`` as an environment takes it: ``None`` (no limit) or a whole number 1
    or more. Anything else raises :class:`~ginrummy.RulesError`, or
    :class:`~ginrummy.RulesTypeError` (a ``TypeError`` too) for what is not a whole
    number."""
    expected = "expected a whole number 1 or more (the steps an episode may last), or None for no limit"
    return _optional_whole("max_steps", max_steps, 1, expected, RulesError, RulesTypeError)


def check_seed(seed: object) -> int | None:
    """``seed`` as ``reset`` takes it: ``None`` or a whole number 0 or more (a numpy
    integer is read as one). Anything else raises :class:`~ginrummy.InvalidHandError`,
    or :class:`~ginrummy.InvalidHandTypeError` (a ``TypeError`` too) for what is not a
    whole number: ``random.Random`` would read -7 as 7, and Gymnasium refuses both."""
    expected = "expected a whole number 0 or more, or None"
    return _optional_whole("seed", seed, 0, expected, InvalidHandError, InvalidHandTypeError)


def resolve_rules(rules: Rules | None, players: int | None, episode: str, reward: str) -> tuple[Rules, str, str]:
    """The rules, the episode and the reward of an environment, checked (the episode and
    the reward read in any case)."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise WrongTypeError(
            f"rules must be a Rules value, not {type(rules).__name__}: {shown(rules)}"
            " (Rules.parse reads rules text such as 'standard' or 'oklahoma+players=3')"
        )
    if players is not None:  # Rules checks it (compared first, an array would be ambiguous)
        rules = attrs.evolve(rules, players=players)
    return rules, read_choice("episode", episode, EPISODES), read_choice("reward", reward, REWARDS)


def rewards_after_hand(match: Match, episode: str, reward: str) -> list[float]:
    """Per seat, the rewards once the current hand of ``match`` is over."""
    result = match.state.result
    assert result is not None
    if episode == "game" and reward == "win":
        return game_rewards(match) if match.is_over else [0.0] * match.players
    return hand_rewards(result, reward)


def hand_rewards(result: HandResult, reward: str) -> list[float]:
    """Per seat, the zero-sum reward of a finished hand: the scorer gains what the others pay,
    shared equally among them (the hand's points, or 1 with ``reward="win"``)."""
    n = len(result.hands)
    score = result.score
    out = [0.0] * n
    if score.scorer is None:
        return out
    gain = float(score.points) if reward == "points" else 1.0
    for seat in range(n):
        out[seat] = gain if seat == score.scorer else -gain / (n - 1)
    return out


def game_rewards(match: Match) -> list[float]:
    """Per seat, +1 for the game winner and -1/(n-1) for each other player (a Hollywood
    session's winner is :attr:`Hollywood.winner <ginrummy.Hollywood.winner>`)."""
    n = match.players
    winner = match.score.winner
    if winner is None:
        return [0.0] * n
    return [1.0 if seat == winner else -1.0 / (n - 1) for seat in range(n)]


def render(match: Match, mode: str | None) -> str | None:
    """An environment's ``render``: the table printed (``"human"``) or returned (``"ansi"``)."""
    if mode is None:
        return None
    text = render_text(match)
    if mode == "ansi":
        return text
    print(text)
    return None


def render_text(match: Match) -> str:
    """The whole table as text, hidden cards included (for people watching an environment)."""
    state = match.state
    lines = [
        f"{match.rules}: hand {match.hand_number}, dealer seat {state.dealer}, upcard {state.upcard} "
        f"(knock limit {state.knock_limit}), stock {state.stock_count}, pile top {state.discard_top or '-'}",
    ]
    for seat in range(match.players):
        marker = "*" if state.to_play == seat else " "
        lines.append(f"{marker} seat {seat}: {state.hand(seat)}")
    if state.result is not None:
        lines.append(state.result.describe())
    return "\n".join(lines)
