"""The rarer paths of hand results: void hands and ties described, the two-player
helpers refused at a bigger table, big gin laid out by the player, and results built
directly with values of the wrong kind."""

from __future__ import annotations

import attrs
import pytest

from ginrummy import (
    BigGin,
    Card,
    GameScore,
    GameState,
    Hand,
    HandResult,
    Hollywood,
    IllegalActionError,
    InvalidHandError,
    InvalidMeldError,
    Layoff,
    Phase,
    Rules,
    RulesError,
    WrongTypeError,
    showdown,
)

STANDARD = Rules.preset("standard")
VOID = HandResult(STANDARD, Card.parse("Td"), None, (Hand("As 2s 3s 4s 5s 6s 7s 8s 9s Ts"), Hand()))


def test_a_void_hand_is_described_and_has_no_knocker_facts() -> None:
    assert VOID.describe() == "void hand: the wall was reached without a knock; nobody scores"
    assert VOID.knocker_deadwood == 0
    assert VOID.order == () and VOID.defender is None
    assert VOID.melds_of(0) == () and VOID.layoffs_of(1) == ()


def test_a_tie_is_described_as_nobody_scoring() -> None:
    rules = attrs.evolve(STANDARD, undercut_on_tie=False)
    tie = showdown("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 3d", rules=rules, upcard=Card.parse("Td"))
    assert tie.describe(["Ann", "Bob"]) == "Ann knocks with 8, Bob has 8: a tie, nobody scores"


def test_the_two_player_helpers_are_refused_with_three_players() -> None:
    three = Rules(players=3)
    result = showdown("As 2s 3s 4h 5h 6h 9c", "Kc Kd Kh Ks Qc Qd Qh", "2d 3c 3d 8d 8h Jc Jd", rules=three, upcard=Card.parse("Td"))
    with pytest.raises(RulesError, match="HandResult.defender is for two players; this hand had 3"):
        result.defender  # the property raises
    assert result.order == (1, 2)


def test_a_seat_of_a_result_must_be_a_seat() -> None:
    with pytest.raises(WrongTypeError, match="seat='1' is not a seat: expected a whole number 0-1"):
        VOID.melds_of("1")  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="seat=2 is not a seat: expected 0-1"):
        VOID.deadwood_of(2)
    np = pytest.importorskip("numpy")
    assert VOID.deadwood_of(np.int64(1)) == VOID.deadwood_of(1) and VOID.melds_of(np.int8(0)) == VOID.melds_of(0)


@pytest.mark.parametrize(
    ("changes", "error", "quoted"),
    [
        ({"hands": Hand("As")}, WrongTypeError, "one Hand per seat, not a single hand or string"),
        ({"hands": "As 2s"}, WrongTypeError, "one Hand per seat, not a single hand or string"),
        ({"hands": (Hand(), "As")}, WrongTypeError, "not str: 'As'"),
        ({"hands": 5}, WrongTypeError, "hands must be an iterable, not int: 5"),
        ({"layoffs": ("As",)}, WrongTypeError, "layoffs must hold Layoff values, not str: 'As'"),
        ({"upcard": "Td"}, WrongTypeError, "upcard must be a Card, not str: 'Td'"),
        ({"knocker": 2}, InvalidHandError, "knocker=2 is not a seat"),
        ({"layoffs": (Layoff(Card.parse("As"), 0),)}, InvalidHandError, "a void hand (knocker=None) has no melds"),
    ],
)
def test_a_result_with_values_of_the_wrong_kind_is_refused(changes: dict[str, object], error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as raised:
        attrs.evolve(VOID, **changes)  # type: ignore[arg-type]
    assert quoted in str(raised.value)


BIG = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js"
OTHER = "Ac 2c 3c 4d 5d 6h 7h 8c 9d Th"


def test_a_big_gin_result_must_be_allowed_and_melded_whole() -> None:
    big = HandResult(STANDARD, Card.parse("Td"), 0, (Hand(BIG), Hand(OTHER)), knocker_melds=[BIG], big_gin=True)
    assert big.score.reason.value == "big_gin"
    with pytest.raises(InvalidHandError, match="big gin is off under these rules"):
        attrs.evolve(big, rules=attrs.evolve(STANDARD, big_gin=False))
    with pytest.raises(InvalidMeldError, match="big gin needs every card in melds; Js are left over"):
        attrs.evolve(big, knocker_melds=["As 2s 3s 4s 5s 6s 7s 8s 9s Ts"])


def _eleven_cards_in_hand(cards: str) -> GameState:
    """A standard hand in the discard phase in which seat 0 holds ``cards`` (11 of them)."""
    held = Hand(cards)
    rest = [c for c in Hand.deck() if c not in held]
    # seat 0 is dealt ten of them and draws the eleventh from the top of the stock
    deck = [*list(held)[:10], *rest[:10], rest[10], list(held)[10], *rest[11:]]
    deal = [c for pair in zip(deck[:10], deck[10:20]) for c in pair]
    state = GameState.new(STANDARD, deck=[*deal, *deck[20:]], dealer=1)
    while state.phase is not Phase.DISCARD:
        state = state.apply(state.legal_actions()[-1] if state.phase is Phase.OFFER else state.legal_actions()[0])
    return state


def test_big_gin_with_the_players_own_melds() -> None:
    state = _eleven_cards_in_hand(BIG)
    assert state.to_play == 0 and len(Hand.from_mask(state.hands[0])) == 11
    over = state.apply(BigGin(["As 2s 3s 4s", "5s 6s 7s 8s 9s Ts Js"]))
    assert over.result is not None and over.result.big_gin
    assert [str(m) for m in over.result.knocker_melds] == ["As 2s 3s 4s", "5s 6s 7s 8s 9s Ts Js"]
    with pytest.raises(IllegalActionError, match="are in no meld") as left:
        state.apply(BigGin(["As 2s 3s 4s", "5s 6s 7s 8s 9s Ts"]))
    assert left.value.reason == "not_big_gin"
    with pytest.raises(IllegalActionError, match="Ac") as foreign:
        state.apply(BigGin(["Ac 2c 3c", "5s 6s 7s 8s 9s Ts Js"]))
    assert foreign.value.reason == "invalid_melds"


def test_scores_take_only_hand_results() -> None:
    with pytest.raises(WrongTypeError, match="expected a HandResult, not str: 'gin'"):
        GameScore(STANDARD).add("gin")  # type: ignore[arg-type]
    hollywood = Hollywood(Rules.preset("hollywood"))
    with pytest.raises(WrongTypeError, match="expected a HandResult, not int: 3"):
        hollywood.add(3)  # type: ignore[arg-type]
    assert repr(hollywood) == "Hollywood(Rules.parse('hollywood'), columns=[(0, 0), (0, 0), (0, 0)], wins=(0, 0), results=<0 hands>)"
