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


@given(gs.rules(players=None))
def test_rules_strategy_for_any_table_is_playable(rules: Rules) -> None:
    assert rules.players in (2, 3, 4) and Rules.parse(str(rules)) == rules
    assert rules.hand_size == (10 if rules.players == 2 else 7)
    assert not rules.hollywood or rules.players == 2


def test_rules_strategy_reaches_every_table_size() -> None:
    seen: set[int] = set()

    @settings(max_examples=60, database=None)
    @given(gs.rules(players=None))
    def collect(rules: Rules) -> None:
        seen.add(rules.players)

    collect()
    assert seen == {2, 3, 4}


@settings(max_examples=15)
@given(gs.game_states(rules=gs.rules(players=3)), gs.matches(rules=gs.rules(players=4), max_actions=60))
def test_game_states_and_matches_take_a_strategy_of_rules(state: GameState, match: Match) -> None:
    state.validate()
    assert state.players == 3 and loads(dumps(state)) == state
    assert match.players == 4 and loads(dumps(match)) == match


def test_rules_strategy_refuses_impossible_tables() -> None:
    import pytest

    from ginrummy import RulesError, RulesTypeError, WrongTypeError

    for bad in (1, 5, -(10**5000)):
        with pytest.raises(RulesError, match=r"rules\(players=.*\): expected 2, 3, 4 or None"):
            gs.rules(players=bad)
    for wrong in (True, 3.0, "3"):
        with pytest.raises(RulesTypeError, match=r"rules\(players=.*\): expected 2, 3, 4 or None"):
            gs.rules(players=wrong)  # type: ignore[arg-type]
    np = pytest.importorskip("numpy")
    assert repr(gs.rules(players=np.int8(3))) == repr(gs.rules(players=3))

    @settings(max_examples=1, database=None)
    @given(gs.game_states(rules="standard"))  # type: ignore[arg-type]
    def refused(state: GameState) -> None:
        raise AssertionError("never drawn")

    with pytest.raises(WrongTypeError, match=r"game_states\(rules='standard'\): expected a Rules value, a strategy of them, or None"):
        refused()
