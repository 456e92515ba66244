"""Hypothesis strategies for cards, hands, rules and reachable game states.

Install Hypothesis to use them (``pip install ginrummy[test]``)::

    import ginrummy
    from hypothesis import given
    from ginrummy.testing import strategies as gs

    @given(gs.hands(size=10))
    def test_deadwood_is_bounded(hand):
        assert 0 <= ginrummy.deadwood(hand) <= 98
"""

from __future__ import annotations

import random

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - exercised only without hypothesis
    raise ImportError(
        "ginrummy.testing.strategies needs Hypothesis: pip install 'ginrummy[test]' or pip install hypothesis"
    ) from error

import attrs

from ..cards import Card, Hand
from ..errors import InvalidHandError, RulesError, RulesTypeError, WrongTypeError, _as_whole, _shown
from ..rules import PRESETS, Rules
from ..state import GameState, Match

__all__ = ["cards", "game_states", "hands", "matches", "rules"]


def cards() -> st.SearchStrategy[Card]:
    """Any of the 52 cards."""
    return st.integers(0, 51).map(Card.from_index)


def hands(*, size: int | None = None, min_size: int = 0, max_size: int = 52) -> st.SearchStrategy[Hand]:
    """Hands of ``size`` cards, or of ``min_size`` to ``max_size`` cards. A size that is
    not a whole number raises ``TypeError``; sizes out of order or outside 0-52,
    :class:`~ginrummy.InvalidHandError` (a ``ValueError``)."""
    size, min_size, max_size = _as_whole(size), _as_whole(min_size), _as_whole(max_size)
    for name, value in (("size", size), ("min_size", min_size), ("max_size", max_size)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise WrongTypeError(f"hands({name}={value!r:.60}): expected a whole number of cards")
    low, high = (size, size) if size is not None else (min_size, max_size)
    if not 0 <= low <= high <= 52:
        raise InvalidHandError(f"hand sizes must satisfy 0 <= min_size <= max_size <= 52, got {_shown(low)} and {_shown(high)}")
    return st.sets(st.integers(0, 51), min_size=low, max_size=high).map(
        lambda indexes: Hand.from_mask(sum(1 << i for i in indexes))
    )


def rules(*, players: int | None = 2) -> st.SearchStrategy[Rules]:
    """Playable rules: a preset with some knobs changed, for ``players`` players (2, 3
    or 4; ``None`` for any of them, Hollywood scoring with two only). The default, 2,
    keeps the strategy of 0.1. A count that is not a whole number raises
    :class:`~ginrummy.RulesTypeError`, and one out of range :class:`~ginrummy.RulesError`."""
    players = _as_whole(players)
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise RulesTypeError(f"rules(players={_shown(players)}): expected 2, 3, 4 or None (any of them)")
    if players is not None and players not in (2, 3, 4):
        raise RulesError(f"rules(players={_shown(players)}): expected 2, 3, 4 or None (any of them)")
    counts = (2, 3, 4) if players is None else (players,)
    return st.sampled_from(counts).flatmap(_rules_for)


def _rules_for(players: int) -> st.SearchStrategy[Rules]:
    """Playable rules for ``players`` players: a preset allowed at that table, some knobs changed."""
    presets = sorted(name for name in PRESETS if players == 2 or not PRESETS[name].hollywood)
    return st.builds(
        lambda base, gin, undercut, tie, taken, target: attrs.evolve(
            PRESETS[base], players=players, gin_bonus=gin, undercut_bonus=undercut, undercut_on_tie=tie,
            discard_taken_card=taken, game_target=target,
        ),
        st.sampled_from(presets),
        st.integers(0, 50),
        st.integers(0, 50),
        st.booleans(),
        st.booleans(),
        st.integers(1, 500),
    )


def _drawn_rules(draw: st.DrawFn, rules: Rules | st.SearchStrategy[Rules] | None, caller: str) -> Rules:
    """The rules of a drawn state or match: ``rules`` itself, drawn from it when it is a
    strategy, or drawn from :func:`rules` when it is ``None``."""
    if rules is None:
        rules = rules_strategy()  # the module's rules(), which the parameter hides
    if isinstance(rules, st.SearchStrategy):
        rules = draw(rules)
    if not isinstance(rules, Rules):
        raise WrongTypeError(f"{caller}(rules={_shown(rules)}): expected a Rules value, a strategy of them, or None")
    return rules


@st.composite
def game_states(
    draw: st.DrawFn, *, rules: Rules | st.SearchStrategy[Rules] | None = None, max_actions: int = 80
) -> GameState:
    """States reachable by legal play: a random deal followed by random legal actions.
    ``rules`` is a :class:`~ginrummy.Rules` value or a strategy of them, such as
    ``rules(players=None)`` for tables of two to four (default :func:`rules`)."""
    chosen = _drawn_rules(draw, rules, "game_states")
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_actions))
    rng = random.Random(seed)
    state = GameState.new(chosen, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@st.composite
def matches(
    draw: st.DrawFn, *, rules: Rules | st.SearchStrategy[Rules] | None = None, max_actions: int = 200
) -> Match:
    """Matches reachable by legal play; ``rules`` as for :func:`game_states`."""
    chosen = _drawn_rules(draw, rules, "matches")
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_actions))
    rng = random.Random(seed)
    match = Match.new(chosen, seed=seed)
    for _ in range(steps):
        legal = match.legal_actions()
        if not legal:
            break
        match = match.apply(rng.choice(legal))
    return match


rules_strategy = rules
