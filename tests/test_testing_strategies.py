"""The Hypothesis strategies shipped for users."""

from __future__ import annotations

from hypothesis import given, settings

from ginrummy import Card, GameState, Hand, Match, Rules, deadwood, loads, dumps
from ginrummy.testing import strategies as gs


@given(gs.cards())
def test_cards_strategy(card: Card) -> None:
    assert 0 <= card.index < 52


@given(gs.hands(size=10))
def test_hands_strategy_sizes(hand: Hand) -> None:
    assert len(hand) == 10 and 0 <= deadwood(hand) <= 98


@given(gs.rules())
def test_rules_strategy_is_playable(rules: Rules) -> None:
    assert Rules.parse(str(rules)) == rules


@settings(max_examples=25)
@given(gs.game_states())
def test_game_states_are_reachable(state: GameState) -> None:
    state.validate()
    assert loads(dumps(state)) == state


@settings(max_examples=10)
@given(gs.matches(max_actions=120))
def test_matches_are_reachable(match: Match) -> None:
    assert loads(dumps(match)) == match


def test_hands_strategy_rejects_bad_sizes() -> None:
    import pytest

    from ginrummy import InvalidHandError

    with pytest.raises(InvalidHandError, match="0 <= min_size <= max_size <= 52, got 60 and 60"):
        gs.hands(size=60)
    with pytest.raises(InvalidHandError, match="got 5 and 2"):
        gs.hands(min_size=5, max_size=2)
    with pytest.raises(InvalidHandError, match="got -<a whole number of 16610 bits> and 52"):
        gs.hands(min_size=-(10**5000))
    for name in ("size", "min_size", "max_size"):
        for bad in (True, "3", 2.0):
            with pytest.raises(TypeError, match=f"hands\\({name}={bad!r}\\): expected a whole number of cards"):
                gs.hands(**{name: bad})  # type: ignore[arg-type]


def test_hands_strategy_reads_a_numpy_size_as_its_int() -> None:
    import pytest

    np = pytest.importorskip("numpy")
    assert repr(gs.hands(size=np.int64(3))) == repr(gs.hands(size=3))
