"""Cards, hands and card text."""

from __future__ import annotations

import copy
import operator
import re
from collections.abc import Callable
from typing import Any
import pickle

import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given
from hypothesis import strategies as st

from ginrummy import (
    Card,
    CardParseError,
    DuplicateCardError,
    GinRummyError,
    Hand,
    InvalidHandError,
    InvalidMeldError,
    Meld,
    Rank,
    Suit,
    WrongTypeError,
    parse_cards,
)

cards_st = st.integers(0, 51).map(Card.from_index)
masks_st = st.integers(0, (1 << 52) - 1)


def test_there_are_52_distinct_cards() -> None:
    cards = [Card.from_index(i) for i in range(52)]
    assert len(set(cards)) == 52
    assert len({str(c) for c in cards}) == 52


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Qs", "Qs"),
        ("qs", "Qs"),
        ("10h", "Th"),
        ("Th", "Th"),
        ("th", "Th"),
        ("T♥", "Th"),
        ("10♥", "Th"),
        ("a♣", "Ac"),
        ("K♤", "Ks"),
        ("2♢", "2d"),
        ("9♥\ufe0f", "9h"),
        ("  Jc  ", "Jc"),
    ],
)
def test_card_parse_is_lenient(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_card_properties() -> None:
    card = Card.parse("Qs")
    assert card.rank is Rank.QUEEN
    assert card.suit is Suit.SPADES
    assert card.value == 10
    assert card.unicode() == "Q♠"
    assert repr(card) == "Card.parse('Qs')"
    assert Card(Rank.QUEEN, Suit.SPADES) is card
    assert Card("Q", "s") is card
    assert Card(12, "♠") is card


@pytest.mark.parametrize(
    ("text", "value"),
    [("As", 1), ("2h", 2), ("9d", 9), ("Tc", 10), ("Js", 10), ("Qh", 10), ("Kd", 10)],
)
def test_card_values_follow_the_rule_book(text: str, value: int) -> None:
    assert Card.parse(text).value == value


@given(cards_st)
def test_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.unicode()) is card
    assert eval(repr(card)) is card  # noqa: S307 - repr must evaluate back


@given(cards_st, cards_st)
def test_card_order_matches_index(a: Card, b: Card) -> None:
    assert (a < b) == (a.index < b.index)
    assert (a <= b) == (a.index <= b.index)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "1s", "Ax", "AsAs", "As As", "Zs", "A", "10", "s", "AsK", "1 0s", "A s", "As Ks Qs Js Ts 9s 8s x"],
)
def test_bad_card_text_raises_card_parse_error(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_card_parse_error_quotes_text_and_position() -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards("As Kx")
    assert "'As Kx'" in str(info.value)
    assert "position 3" in str(info.value)
    assert info.value.position == 4
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, GinRummyError)


@pytest.mark.parametrize(
    ("text", "start", "position", "got"),
    [
        ("Kx", 0, 1, "got 'x' at position 1"),
        ("As 10x", 3, 5, "got 'x' at position 5"),
        ("As K", 3, 4, "got the end of the text at position 4"),
        ("As Zs", 3, 3, "'Z' is not a rank"),
    ],
)
def test_card_parse_error_message_names_the_position_attribute(text: str, start: int, position: int, got: str) -> None:
    """The message names where the card starts and, for a missing suit, the character
    that could not be read, which is the error's ``position``."""
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.position == position
    assert f"at position {start} of {text!r}" in str(info.value)
    assert got in str(info.value)


def test_duplicate_card_text_is_both_parse_and_hand_error() -> None:
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("As 2s as")
    assert isinstance(info.value, CardParseError)
    assert isinstance(info.value, InvalidHandError)
    assert "As appears twice" in str(info.value)


def test_very_long_text_raises_with_a_short_message() -> None:
    text = "As " * 10_000 + "Xx"
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert len(str(info.value)) < 300


@given(st.text())
def test_random_text_parses_or_raises_card_parse_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardParseError:
        return
    assert len(set(cards)) == len(cards)


def test_parse_cards_keeps_order() -> None:
    assert [str(c) for c in parse_cards("Kd, 2s;3h AsKs")] == ["Kd", "2s", "3h", "As", "Ks"]


def test_parse_cards_rejects_non_text() -> None:
    with pytest.raises(TypeError, match="str"):
        parse_cards(b"As")  # type: ignore[arg-type]


def test_card_constructor_rejects_bad_values() -> None:
    with pytest.raises(CardParseError):
        Card(14, "s")
    with pytest.raises(CardParseError):
        Card("A", "x")
    with pytest.raises(TypeError):
        Card(1.0, "s")  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        Card.from_index(52)


def test_card_is_immutable() -> None:
    card = Card.parse("As")
    with pytest.raises(FrozenInstanceError):
        card._index = 3
    assert copy.deepcopy(card) is card and copy.copy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_hand_basics() -> None:
    hand = Hand.parse("7c 5s 6s As")
    assert str(hand) == "As 5s 6s 7c"
    assert repr(hand) == "Hand.parse('As 5s 6s 7c')"
    assert len(hand) == 4
    assert hand.value == 19
    assert Card.parse("7c") in hand
    assert Card.parse("7d") not in hand
    assert "7c" in hand and " 7C " in hand and "7d" not in hand  # one card's text reads as that card
    assert [str(c) for c in hand] == ["As", "5s", "6s", "7c"]
    assert hand.unicode() == "A♠ 5♠ 6♠ 7♣"
    assert Hand(parse_cards("As 5s 6s 7c")) == hand
    assert Hand("As 5s 6s 7c") == hand
    assert Hand(hand) == hand
    assert Hand(["As", "5s", "6s", "7c"]) == hand
    assert not Hand()
    assert len(Hand.deck()) == 52


def test_hand_bit_layout_is_suit_major() -> None:
    assert Hand.parse("As").mask == 1
    assert Hand.parse("Ks").mask == 1 << 12
    assert Hand.parse("Ah").mask == 1 << 13
    assert Hand.parse("Kc").mask == 1 << 51


def test_hand_rejects_duplicates_and_bad_members() -> None:
    card = Card.parse("As")
    with pytest.raises(InvalidHandError, match="As twice"):
        Hand([card, card])
    with pytest.raises(TypeError, match="Card"):
        Hand([5])  # type: ignore[list-item]
    with pytest.raises(InvalidHandError, match="twice"):
        Hand(["As", "as"])
    with pytest.raises(CardParseError, match="position 0 of 'Zz': 'Z' is not a rank"):
        Hand(["Zz"])
    with pytest.raises(CardParseError, match=r"got 2 in 'As 2s'.*pass each hand as its own argument"):
        Hand(["As 2s", "3s"])  # several cards in one item: perhaps several hands
    with pytest.raises(TypeError):
        Hand(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        Hand.from_mask(1 << 52)
    with pytest.raises(InvalidHandError):
        Hand.from_mask(-1)


def test_hand_add_and_remove_return_new_hands() -> None:
    hand = Hand.parse("As 2s")
    bigger = hand.add(Card.parse("3s"))
    assert str(bigger) == "As 2s 3s"
    assert str(hand) == "As 2s"
    assert bigger.remove(Card.parse("As")) == Hand.parse("2s 3s")
    with pytest.raises(InvalidHandError, match="already"):
        hand.add(Card.parse("As"))
    with pytest.raises(InvalidHandError, match="not in the hand"):
        hand.remove(Card.parse("Kd"))


def test_hand_is_immutable() -> None:
    hand = Hand.parse("As")
    with pytest.raises(FrozenInstanceError):
        hand._mask = 0
    assert pickle.loads(pickle.dumps(hand)) == hand


@given(masks_st)
def test_hand_text_round_trips(mask: int) -> None:
    hand = Hand.from_mask(mask)
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.unicode()) == hand
    assert eval(repr(hand)) == hand  # noqa: S307
    assert len(hand) == len(list(hand)) == bin(mask).count("1")
    assert hand.value == sum(c.value for c in hand)


@given(masks_st, masks_st)
def test_hand_set_algebra_matches_python_sets(a: int, b: int) -> None:
    x, y = Hand.from_mask(a), Hand.from_mask(b)
    sx, sy = set(x), set(y)
    assert set(x | y) == sx | sy
    assert set(x & y) == sx & sy
    assert set(x - y) == sx - sy
    assert set(x ^ y) == sx ^ sy
    assert x.isdisjoint(y) == sx.isdisjoint(sy)
    assert x.issubset(y) == (sx <= sy)
    assert (x == y) == (sx == sy)
    if x == y:
        assert hash(x) == hash(y)


def test_cards_hands_and_melds_compare_only_with_their_own_kind() -> None:
    card, hand, meld = Card.parse("As"), Hand.parse("As 2s 3s"), Meld.parse("As 2s 3s")
    for value in (card, hand, meld):
        assert value != "As" and value != 0 and value != None  # noqa: E711 - equality with None is the point
    with pytest.raises(TypeError):
        card < "Ks"  # type: ignore[operator]  # noqa: B015
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(card, op)("Ks") is NotImplemented
    assert getattr(meld, "__lt__")(hand) is NotImplemented
    assert hand != meld and meld != hand  # a meld is not a hand of the same cards
    assert Card.parse("Ks") > card and Card.parse("Ks") >= card and card <= card


def test_meld_is_an_immutable_hashable_value() -> None:
    meld = Meld.parse("7h 7d 7c")
    assert Card.parse("7d") in meld and Card.parse("7s") not in meld and "7d" in meld
    assert {meld, Meld.parse("7c 7d 7h")} == {meld}
    assert hash(meld) == hash(Meld.parse("7c 7h 7d"))
    with pytest.raises(FrozenInstanceError):
        meld._mask = 0
    with pytest.raises(FrozenInstanceError):
        del meld._mask
    assert pickle.loads(pickle.dumps(meld)) == meld
    assert copy.deepcopy(meld) == meld
    assert meld.unicode() == "7♥ 7♦ 7♣"
    with pytest.raises(FrozenInstanceError):
        del Card.parse("As")._index
    with pytest.raises(FrozenInstanceError):
        del Hand.parse("As")._mask


def test_ranks_and_suits_name_themselves() -> None:
    assert [r.symbol for r in Rank] == list("A23456789TJQK")
    assert [r.points for r in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    with pytest.raises(WrongTypeError, match="Card suit must be a Suit or str, not float: 1.5"):
        Card(1, 1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("container", [Hand.parse("As 2s 3s 7c"), Meld("As 2s 3s")])
def test_membership_reads_one_card_of_text_and_refuses_anything_else(container: Hand | Meld) -> None:
    """``in`` never answers a silent False for a question it cannot read."""
    assert "As" in container and Card.parse("2s") in container and "A\u2660" in container
    assert "4s" not in container and Card.parse("4s") not in container
    with pytest.raises(CardParseError, match=r"'Zz'.*'in' asks a (hand|meld) about one card") as caught:
        _ = "Zz" in container
    assert caught.value.text == "Zz" and caught.value.position == 0
    with pytest.raises(CardParseError, match=r"got 2 in 'As 2s'.*Hand\(cards\)\.issubset"):
        _ = "As 2s" in container
    for other in (5, None, 1.5, b"As"):
        with pytest.raises(WrongTypeError, match=f"not {type(other).__name__}: "):
            _ = other in container
    for several in (Hand.parse("As"), ["As"], Meld("As 2s 3s")):
        with pytest.raises(WrongTypeError, match=r"for several cards, ask Hand\(cards\)\.issubset"):
            _ = several in container
    assert Hand.parse("As 2s").issubset(container)


def test_one_card_methods_read_its_text_and_refuse_anything_else() -> None:
    hand, meld = Hand.parse("As 2s 3s"), Meld("As 2s 3s")
    assert hand.add("4s") == hand.add(Card.parse("4s")) == Hand.parse("As 2s 3s 4s")
    assert hand.remove(" as ") == Hand.parse("2s 3s")
    assert meld.can_extend("4s") and not meld.can_extend("5s") and meld.extend("4s") == Meld("As 2s 3s 4s")
    with pytest.raises(InvalidHandError, match="As is already in the hand"):
        hand.add("As")
    with pytest.raises(InvalidMeldError, match="5s cannot be laid off"):
        meld.extend("5s")
    calls: list[tuple[str, Callable[[Any], object], str]] = [
        ("Hand.add", hand.add, "use hand | cards"),
        ("Hand.remove", hand.remove, "use hand - cards"),
        ("Meld.can_extend", meld.can_extend, ""),
        ("Meld.extend", meld.extend, ""),
    ]
    for name, call, several in calls:
        with pytest.raises(CardParseError, match=f"got 2 in '4s 5s': {name} takes one card") as caught:
            call("4s 5s")
        assert caught.value.text == "4s 5s" and several in str(caught.value)
        with pytest.raises(CardParseError, match=f"'4x'.*{name} takes one card"):
            call("4x")
        for other in (4, None, b"4s"):
            with pytest.raises(WrongTypeError, match=f"{name} takes a Card or one card's text, not {type(other).__name__}: "):
                call(other)
        if several:
            with pytest.raises(WrongTypeError, match=f"not list: \\['4s'\\]; for several cards, {re.escape(several)}"):
                call(["4s"])


def test_set_operators_take_any_cards_on_either_side() -> None:
    """``hand - meld`` and ``hand | "Kd"`` read as they look; other values raise a library error."""
    hand, meld = Hand.parse("As 2s 3s 7c"), Meld("As 2s 3s")
    assert hand - meld == Hand.parse("7c") and meld - hand == Hand() and meld | hand == hand
    assert hand | "Kd" == "Kd" | hand == Hand.parse("As 2s 3s 7c Kd")
    assert hand - "As" == Hand.parse("2s 3s 7c") and "As 4s" - hand == Hand.parse("4s")
    assert hand & [Card.parse("As"), "7c"] == Hand.parse("As 7c") == {"As", "7c", "Kd"} & hand
    assert hand ^ "As Kd" == Hand.parse("2s 3s 7c Kd") == "As Kd" ^ hand
    assert hand | hand is not hand and hand | hand == hand
    # one card on either side, as its text already reads
    kd, ace = Card.parse("Kd"), Card.parse("As")
    assert hand | kd == kd | hand == hand | "Kd" and hand - ace == hand - "As" and ace - hand == Hand()
    assert hand & ace == Hand.parse("As") == ace & hand and hand ^ ace == Hand.parse("2s 3s 7c") == ace ^ hand
    assert hand & kd == Hand() and Card.parse("4s") - hand == Hand.parse("4s")
    with pytest.raises(CardParseError, match="'zz'"):
        _ = hand | "zz"
    with pytest.raises(InvalidHandError, match="As twice"):
        _ = hand - ["As", "As"]
    for other in (5, None, b"As", {"As": 1}, 1.5):
        for op in (operator.or_, operator.and_, operator.sub, operator.xor):
            for left, right in ((hand, other), (other, hand)):
                with pytest.raises(WrongTypeError, match=f"other side of a hand's '.' must be a Hand, a Card, card text or an iterable of Card, not {type(other).__name__}: "):
                    op(left, right)


def test_one_card_is_cards_wherever_its_text_is() -> None:
    """A single Card reads as its text does ("As" is one card), across the API."""
    from ginrummy import best_melding, deadwood, discard_deadwood, knock_options

    ace, three = Card.parse("As"), Card.parse("3s")
    assert Hand(ace) == Hand.parse("As") == Hand([ace])
    assert deadwood(ace) == deadwood("As") == 1 and best_melding(ace) == best_melding("As")
    eleven = "As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h"
    assert knock_options(eleven, knock_limit=0, excluded=three) == knock_options(eleven, knock_limit=0, excluded="3s") == ()
    assert discard_deadwood(eleven, excluded=three) == discard_deadwood(eleven, excluded="3s")
    with pytest.raises(InvalidHandError, match="excluded names Kd, not in the holding"):
        knock_options(eleven, knock_limit=10, excluded=Card.parse("Kd"))
