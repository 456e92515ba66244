"""The computer players' records, built directly by user code, are checked.

:class:`MatchSummary` and :class:`TournamentResult` (a tournament's per-game and total
outcomes) and :class:`Rating` and :class:`Analysis` (what the expert found at a
decision) are public values; a user may build them, for instance to :func:`summarize`
games played elsewhere. Built directly, one that no tournament or search could give
raises a library error; every one the library returns rebuilds to an equal value.
"""

from __future__ import annotations

import copy
import json
import math
import pickle
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import attrs
import pytest

from ginrummy import DrawStock, GameState, PlayerError, Rules, WrongTypeError
from ginrummy.actions import BigGin, Discard, DrawDiscard, Knock
from ginrummy.cards import Card
from ginrummy.players import Analysis, ExpertPlayer, MatchSummary, Rating, TournamentResult, make_player, run_tournament, summarize

GAME = MatchSummary(winner=1, hands=3, actions=120, endings=(("knock", 2), ("gin", 1)), worths=(-80, 80))


def test_a_summary_built_directly_feeds_summarize() -> None:
    other = MatchSummary(0, 1, 40, (("gin", 1),), (55, -55))
    result = summarize(["me", "you"], [GAME, other])
    assert result.wins == (1, 1)
    assert result.worths == (-25, 25) and result.points == -25
    assert result.endings == {"knock": 2, "gin": 2}
    assert result.hands == 4 and result.actions == 160


def test_a_game_winner_may_pay_on_the_settlement() -> None:
    """The game goes to the first to the target, but the box points may leave the loser ahead."""
    assert MatchSummary(0, 5, 300, (("knock", 5),), (-56, 56)).worth == -56


@pytest.mark.parametrize(
    ("changes", "error", "quoted"),
    [
        ({"winner": "1"}, WrongTypeError, "'1'"),
        ({"winner": 2}, PlayerError, "winner=2"),
        ({"winner": -1}, PlayerError, "-1"),
        ({"worths": [-80, 80]}, WrongTypeError, "[-80, 80]"),
        ({"worths": (1.5, -1.5)}, WrongTypeError, "1.5"),
        ({"worths": (10,)}, PlayerError, "(10,)"),
        ({"worths": (-80, 81)}, PlayerError, "(-80, 81)"),
        ({"hands": 0, "endings": ()}, PlayerError, "hands=0"),
        ({"hands": 4}, PlayerError, "hands=4"),
        ({"actions": -1}, PlayerError, "actions=-1"),
        ({"endings": (("knock", 2), ("fold", 1))}, PlayerError, "'fold'"),
        ({"endings": (("knock", 3), ("gin", 0))}, PlayerError, "endings['gin']=0"),
        ({"endings": (("knock", 2), ("knock", 1))}, PlayerError, "twice"),
        ({"endings": {"knock": 3}}, WrongTypeError, "{'knock': 3}"),
        ({"endings": (("knock", "3"),)}, WrongTypeError, "'3'"),
        ({"record": b"{}"}, WrongTypeError, "b'{}'"),
    ],
)
def test_a_game_summary_that_no_tournament_could_give_is_refused(changes: dict[str, Any], error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as raised:
        attrs.evolve(GAME, **changes)
    assert quoted in str(raised.value)


TOTALS = TournamentResult(
    players=("a", "b", "c"), games=3, wins=(2, 1, 0), endings={"knock": 7, "undercut": 1},
    hands=8, actions=500, points=40, worths=(40, 10, -50),
)


def test_a_two_player_result_built_as_in_0_1_derives_its_worths() -> None:
    result = TournamentResult(("a", "b"), 4, (3, 1), {"knock": 9}, 9, 400, 120)
    assert result.worths == (120, -120)
    assert result.win_rate == 0.75
    with pytest.raises(PlayerError, match="worths=()"):
        attrs.evolve(TOTALS, worths=())


@pytest.mark.parametrize(
    ("changes", "error", "quoted"),
    [
        ({"players": ["a", "b", "c"]}, WrongTypeError, "['a', 'b', 'c']"),
        ({"players": ("a",), "wins": (3,), "worths": (0,), "points": 0}, PlayerError, "('a',)"),
        ({"games": 2.0}, WrongTypeError, "2.0"),
        ({"wins": (2, 1)}, PlayerError, "(2, 1)"),
        ({"wins": (2, 2, 0)}, PlayerError, "(2, 2, 0)"),
        ({"wins": (4, -1, 0)}, PlayerError, "(4, -1, 0)"),
        ({"hands": 2, "endings": {"knock": 2}}, PlayerError, "hands=2"),
        ({"endings": {"knock": 7}}, PlayerError, "hands=8"),
        ({"endings": {"knock": 7, "void": "1"}}, WrongTypeError, "'1'"),
        ({"endings": (("knock", 8),)}, WrongTypeError, "(('knock', 8),)"),
        ({"points": 41}, PlayerError, "points=41"),
        ({"points": None}, WrongTypeError, "None"),
        ({"worths": (40, 10, -49)}, PlayerError, "(40, 10, -49)"),
        ({"actions": True}, WrongTypeError, "True"),
    ],
)
def test_tournament_totals_that_no_tournament_could_give_are_refused(changes: dict[str, Any], error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as raised:
        attrs.evolve(TOTALS, **changes)
    assert quoted in str(raised.value)


def test_a_tournament_result_is_an_immutable_hashable_value() -> None:
    """Its endings are copied when it is built and cannot be changed after: a dict that
    compares, prints and goes to JSON as one, and hashes with the result."""
    counts = {"knock": 7, "undercut": 1}
    totals = attrs.evolve(TOTALS, endings=counts)
    counts["knock"] = 99
    assert totals.endings == {"knock": 7, "undercut": 1} and totals == TOTALS
    assert hash(totals) == hash(TOTALS) and len({totals, TOTALS, attrs.evolve(TOTALS)}) == 1
    assert isinstance(totals.endings, dict) and json.dumps(totals.endings) == '{"knock": 7, "undercut": 1}'
    assert "endings={'knock': 7, 'undercut': 1}" in repr(totals)
    changes: list[Callable[[Any], object]] = [
        lambda e: e.__setitem__("gin", 1), lambda e: e.__delitem__("knock"), lambda e: e.update(gin=1),
        lambda e: e.pop("knock"), lambda e: e.popitem(), lambda e: e.setdefault("gin", 1), lambda e: e.clear(),
    ]
    for change in changes:
        with pytest.raises(TypeError, match=r"cannot be changed: copy it with dict\(result.endings\)"):
            change(totals.endings)
    with pytest.raises(TypeError, match="cannot be changed"):
        totals.endings |= {"gin": 1}  # type: ignore[misc]
    assert totals.endings == {"knock": 7, "undercut": 1}
    copied = dict(totals.endings)
    copied["gin"] = 1
    assert totals.endings == {"knock": 7, "undercut": 1}
    assert pickle.loads(pickle.dumps(totals)) == totals and copy.deepcopy(totals) == totals
    assert attrs.evolve(TOTALS, endings=MappingProxyType({"knock": 8})) == attrs.evolve(TOTALS, endings={"knock": 8})


def test_every_tournament_record_rebuilds_to_an_equal_value() -> None:
    games: list[MatchSummary] = []
    for players in (2, 3, 4):
        specs = ["random", "easy", "medium", "easy"][:players]
        result = run_tournament(*specs, games=2 * players, rules=Rules(players=players, game_target=50), seed=players, on_game=games.append)
        fields = {f.name: getattr(result, f.name) for f in attrs.fields(TournamentResult)}
        assert TournamentResult(**fields) == result
    for game in games:
        assert attrs.evolve(game) == game and game.record is not None
    hollywood = run_tournament("easy", "random", games=2, rules=Rules.preset("hollywood"), seed=1)
    assert attrs.evolve(hollywood) == hollywood


KH, QS = Card.parse("Kh"), Card.parse("Qs")


def test_a_rating_built_directly_is_checked() -> None:
    assert Rating(Discard(KH), 1.5, 0.0, 0.0, True).is_default
    assert math.isnan(Rating(Discard(QS), math.nan, math.nan, math.nan, False).standard_error)
    with pytest.raises(WrongTypeError, match="'Kh'"):
        Rating("Kh", 1.0, 0.0, 0.0, True)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="'1.0'"):
        Rating(Discard(KH), "1.0", 0.0, 0.0, True)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="is_default must be True or False, not 1"):
        Rating(Discard(KH), 1.0, 0.0, 0.0, 1)  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="standard_error=-0.5"):
        Rating(Discard(KH), 1.0, 0.2, -0.5, False)
    with pytest.raises(PlayerError, match="advantage=0.3"):
        Rating(Discard(KH), 1.0, 0.3, 0.0, True)


DEFAULT = Rating(Discard(KH), 0.1, 0.0, 0.0, True)
OTHER = Rating(Discard(QS), 0.2, 0.1, 0.02, False)
STOCK = Rating(DrawStock(), math.nan, 0.0, 0.0, True)
STOCK_DISCARD = Rating(DrawDiscard(), 0.5, -1.0, 0.3, False)


def test_an_analysis_built_directly_explains_itself() -> None:
    analysis = Analysis(Discard(QS), Discard(KH), (OTHER, DEFAULT), 60, "points")
    assert analysis.explain() == "better than discard Kh by 0.1 points a hand, give or take 0.0, over 60 deals"
    declined = Analysis(DrawStock(), DrawStock(), (STOCK,), 0, "points", declined=QS)
    assert declined.explain() == "Qs would join no meld: not worth showing by taking it"
    knock = Rating(Knock(KH), math.nan, 0.0, 0.0, True)
    gin = Analysis(Knock(KH), Knock(KH), (knock,), 0, "game", goes_out=True)
    assert gin.explain() == "gin: nothing can beat it"
    big = Analysis(BigGin(), BigGin(), (Rating(BigGin(), math.nan, 0.0, 0.0, True),), 0, "points", goes_out=True)
    assert big.explain() == "big gin: nothing can beat it"
    assert Analysis(Knock(KH), Knock(KH), (knock,), 0, "game").explain() == "the only move worth searching"


@pytest.mark.parametrize(
    ("args", "error", "quoted"),
    [
        ((DrawStock(), "Kh", (DEFAULT,), 0, "points"), WrongTypeError, "'Kh'"),
        ((Discard(KH), Discard(KH), [DEFAULT], 1, "points"), WrongTypeError, "[Rating("),
        ((Discard(KH), Discard(KH), (), 1, "points"), WrongTypeError, "()"),
        ((Discard(KH), Discard(KH), (DEFAULT,), -1, "points"), PlayerError, "deals=-1"),
        ((Discard(KH), Discard(KH), (DEFAULT,), 1, "chips"), PlayerError, "'chips'"),
        ((Discard(KH), Discard(KH), (DEFAULT,), 1, ["game"]), PlayerError, "['game']"),
        ((Discard(KH), Discard(KH), (DEFAULT, DEFAULT), 1, "game"), PlayerError, "twice"),
        ((Discard(QS), Discard(QS), (OTHER, DEFAULT), 1, "game"), PlayerError, "expected one, of discard Qs"),
        ((DrawStock(), Discard(KH), (OTHER, DEFAULT), 1, "game"), PlayerError, "chooses stock, which it did not rate"),
        ((Discard(QS), Discard(KH), (OTHER, DEFAULT), 0, "game"), PlayerError, "no deals"),
        ((DrawStock(), DrawStock(), (STOCK,), 0, "points", "Qs"), WrongTypeError, "'Qs'"),
        ((DrawStock(), DrawStock(), (STOCK,), 0, "points", Discard(QS)), WrongTypeError, "Discard"),
        ((Discard(KH), Discard(KH), (DEFAULT,), 0, "points", QS), PlayerError, "declines Qs but chooses discard Kh"),
        ((DrawStock(), DrawStock(), (STOCK, STOCK_DISCARD), 5, "points", QS), PlayerError, "declines Qs but searched 5 deals"),
        ((DrawStock(), DrawStock(), (STOCK,), 0, "points", None, 1), WrongTypeError, "goes_out must be True or False, not 1"),
        ((DrawStock(), DrawStock(), (STOCK,), 0, "points", None, True), PlayerError, "goes out with stock: expected a knock or big gin"),
        ((Discard(QS), Discard(KH), (OTHER, DEFAULT), 60, "points", None, True), PlayerError, "goes out with discard Qs"),
    ],
)
def test_an_analysis_that_no_search_could_give_is_refused(args: tuple[Any, ...], error: type[Exception], quoted: str) -> None:
    with pytest.raises(error) as raised:
        Analysis(*args)
    assert quoted in str(raised.value)


def test_an_analysis_unit_given_as_a_numpy_array_is_refused_by_the_library() -> None:
    np = pytest.importorskip("numpy")
    for unit in (np.array([]), np.array(["game", "points"])):
        with pytest.raises(PlayerError, match="Analysis.unit=array"):
            Analysis(Discard(KH), Discard(KH), (DEFAULT,), 1, unit)


def test_every_analysis_the_expert_gives_rebuilds_to_an_equal_value() -> None:
    expert = ExpertPlayer(seed=3, simulations=8)
    for players in (2, 3):
        state = GameState.new(Rules(players=players), seed=players)
        bots = [make_player("medium", seed=seat) for seat in range(players)]
        for _ in range(30):
            if state.is_over:
                break
            seat = state.to_play
            assert seat is not None
            view = state.view(seat)
            analysis = expert.analyse(view)
            rebuilt = Analysis(
                analysis.choice, analysis.default,
                tuple(Rating(r.action, r.value, r.advantage, r.standard_error, r.is_default) for r in analysis.ratings),
                analysis.deals, analysis.unit, analysis.declined, analysis.goes_out,
            )
            assert rebuilt.choice == analysis.choice and rebuilt.explain() == analysis.explain()
            state = state.apply(bots[seat].choose(view, view.legal_actions))
