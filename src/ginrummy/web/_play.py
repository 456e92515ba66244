"""The server's side of a game: new games, the player's actions, the computers' replies, undo and hints."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence

import attrs

from ginrummy import (
    PRESETS,
    Action,
    DrawStock,
    GameScore,
    GinRummyError,
    HandResult,
    Hollywood,
    IllegalActionError,
    Knock,
    Match,
    NextHand,
    PlayerView,
    Rules,
    best_melding,
    deadwood,
    to_dict,
)
from ginrummy.players import LEVELS, Analysis, ExpertPlayer, make_player

from ._store import GameRecord, Store

__all__ = [
    "Advise",
    "BadRequest",
    "HUMAN",
    "Think",
    "act",
    "advice",
    "computer_move",
    "hint",
    "new_game",
    "payload",
    "undo",
]

HUMAN = 0
"""The browser's player always sits at seat 0; the computers sit to its left."""

_MAX_COMPUTER_MOVES = 10_000


class BadRequest(GinRummyError, ValueError):
    """A request the server cannot accept (its ``status`` is the HTTP status to answer with)."""

    def __init__(self, message: str, *, status: int = 400, reason: str = "bad_request") -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason


def computer_move(level: str, seed: int, view: PlayerView) -> Action:
    """A computer's move at ``level`` in ``view``, by a player built from ``seed``. A
    top-level function of picklable arguments, so a process pool can run it."""
    return make_player(level, seed=seed).choose(view, view.legal_actions)


Think = Callable[[str, int, PlayerView], Action]
"""How the server gets a computer's move: :func:`computer_move`, here or in a worker process."""


def advice(seed: int, view: PlayerView) -> Analysis:
    """The expert's analysis of ``view`` for a hint, by a player built from ``seed`` (a
    top-level function of picklable arguments, like :func:`computer_move`)."""
    return ExpertPlayer(seed=seed).analyse(view)


Advise = Callable[[int, PlayerView], Analysis]
"""How the server gets a hint: :func:`advice`, here or in a worker process."""


def _names(players: int) -> tuple[str, ...]:
    return ("You", *(f"Computer {n}" for n in range(1, players))) if players > 2 else ("You", "Computer")


def new_game(
    store: Store,
    *,
    rules_text: str,
    level: str,
    target: int | None,
    players: int | None,
    think: Think = computer_move,
) -> GameRecord:
    """Start a game with a fresh unguessable token; the computers play until it is the player's turn."""
    try:
        rules = Rules.parse(rules_text)
        changes: dict[str, object] = {}
        if target is not None:
            changes["game_target"] = target
        if players is not None:
            changes["players"] = players
        rules = attrs.evolve(rules, **changes)  # type: ignore[arg-type]
    except GinRummyError as error:
        raise BadRequest(str(error), status=422, reason="bad_rules") from error
    name = level.strip().lower()  # read as make_player and the rules' names are: any case
    if name not in LEVELS:
        raise BadRequest(f"level {level!r} is not one of {', '.join(LEVELS)}", status=422, reason="bad_level")
    token = secrets.token_urlsafe(24)
    match = Match.new(rules, seed=secrets.randbits(62))
    record = GameRecord(token, name, match, _names(rules.players), ())
    record = _computers_play(record, think)
    store.save(record, new=True)
    return record


def _bot_seed(match: Match, seat: int) -> int:
    # Computers are rebuilt for every move from the game's seed and its length, so a
    # game resumed after a restart plays on exactly as it would have.
    seed = match.seed if isinstance(match.seed, int) else 0
    return (seed * 31 + match.hand_number * 1_000_003 + match.state.history_length * 7 + seat) % (1 << 62)


def _computers_play(record: GameRecord, think: Think) -> GameRecord:
    match = record.match
    for _ in range(_MAX_COMPUTER_MOVES):
        seat = match.to_play
        if seat is None or seat == HUMAN:
            break
        match = match.apply(think(record.level, _bot_seed(match, seat), match.view(seat)), seat=seat)
    return attrs.evolve(record, match=match)


def _length(match: Match) -> int:
    return sum(s.history_length for s in match.finished) + match.state.history_length + len(match.finished)


def act(store: Store, record: GameRecord, text: str, think: Think = computer_move) -> GameRecord:
    """Apply the player's action (text, as typed in the terminal game), then the computers' replies."""
    match = record.match
    try:
        action = match.parse_action(text)
        if isinstance(action, NextHand):
            after = match.apply(action)
        else:
            after = match.apply(action, seat=HUMAN)
    except GinRummyError as error:
        reason = error.reason if isinstance(error, IllegalActionError) else "unreadable"
        raise BadRequest(str(error), status=409 if reason != "unreadable" else 422, reason=reason) from error
    points = () if isinstance(action, NextHand) else (*record.undo, _length(match))
    record = _computers_play(attrs.evolve(record, match=after, undo=points), think)
    store.save(record)
    return record


def undo(store: Store, record: GameRecord) -> GameRecord:
    """Take back the player's last decision of this hand (and the computers' replies since)."""
    if not record.undo:
        raise BadRequest("nothing to undo in this hand", status=409, reason="nothing_to_undo")
    target = record.undo[-1]
    match = Match.new(record.match.rules, seed=record.match.seed)
    steps = [a for state in (*record.match.finished, record.match.state) for a in (*state.history, NextHand())]
    for action in steps[:target]:
        match = match.apply(action)
    record = attrs.evolve(record, match=match, undo=record.undo[:-1])
    store.save(record)
    return record


def hint(record: GameRecord, advise: Advise = advice) -> dict[str, object]:
    """What the expert computer would do in the player's place, and why: the move as
    text, the phrase of :meth:`~ginrummy.players.Analysis.explain`, and the figures."""
    match = record.match
    view = match.view(HUMAN)
    if match.state.is_over or not view.legal_actions:
        raise BadRequest("there is nothing to advise: it is not your turn in a hand", status=409, reason="not_your_turn")
    analysis = advise(_bot_seed(match, HUMAN), view)
    return {
        "hint": str(analysis.choice),
        "why": analysis.explain(),
        "default": str(analysis.default),
        "deals": analysis.deals,
        "unit": analysis.unit,
        "declined": None if analysis.declined is None else str(analysis.declined),
        "goes_out": analysis.goes_out,
        "ratings": [
            {
                "action": str(r.action),
                "value": _finite(r.value),
                "advantage": _finite(r.advantage),
                "standard_error": _finite(r.standard_error),
            }
            for r in analysis.ratings
        ],
    }


def _finite(number: float) -> float | None:
    """JSON has no NaN: a figure that could not be measured is null."""
    return None if math.isnan(number) else round(number, 4)


def _melding(view: PlayerView) -> dict[str, object]:
    melding = best_melding(view.hand)
    return {
        "melds": [[str(c) for c in m.cards] for m in melding.melds],
        "deadwood": [str(c) for c in melding.deadwood_cards],
        "deadwood_count": melding.deadwood,
    }


def _drawn(match: Match, view: PlayerView) -> str | None:
    """The card the player just drew from the stock (it is marked on the table)."""
    if view.last_step is None or view.to_play != HUMAN:
        return None
    seat, action = view.last_step
    if seat != HUMAN or not isinstance(action, DrawStock):
        return None
    state = match.state
    return str(state.deck_cards[len(state.deck_cards) - state.stock_count - 1])


def _showdown(result: HandResult, names: Sequence[str]) -> dict[str, object]:
    score = result.score
    out: dict[str, object] = {
        "void": result.is_void,
        "reason": score.reason.value,
        "scorer": score.scorer,
        "scorer_name": None if score.scorer is None else names[score.scorer],
        "points": score.points,
        "base": score.base,
        "bonus": score.bonus,
        "multiplier": score.multiplier,
        "doubled": score.doubled,
        "box": score.box,
    }
    if result.knocker is None:
        return out
    extended = [list(m.cards) for m in result.knocker_melds]
    defenders = []
    for seat in result.order:
        layoffs = []
        for layoff in result.layoffs_of(seat):
            layoffs.append({"card": str(layoff.card), "onto": [str(c) for c in extended[layoff.target]]})
            extended[layoff.target].append(layoff.card)
        defenders.append(
            {
                "seat": seat,
                "name": names[seat],
                "hand": [str(c) for c in result.hands[seat]],
                "melds": [[str(c) for c in m.cards] for m in result.melds_of(seat)],
                "layoffs": layoffs,
                "deadwood": [str(c) for c in result.deadwood_cards_of(seat)],
                "deadwood_count": result.deadwood_of(seat),
            }
        )
    out["knocker"] = {
        "seat": result.knocker,
        "name": names[result.knocker],
        "melds": [[str(c) for c in m.cards] for m in result.knocker_melds],
        "deadwood": [str(c) for c in result.deadwood_cards_of(result.knocker)],
        "deadwood_count": result.knocker_deadwood,
        "big_gin": result.big_gin,
    }
    out["defenders"] = defenders
    return out


def _score_sheet(game: GameScore | Hollywood | None, names: Sequence[str], view: PlayerView) -> dict[str, object]:
    if game is None:
        return {}
    rows = []
    for number, result in enumerate(game.results, start=1):
        score = result.score_under(view.rules)
        rows.append(
            {"hand": number, "reason": score.reason.value, "scorer": score.scorer, "points": score.points, "box": score.box}
        )
    sheet: dict[str, object] = {"hands": rows, "target": view.rules.game_target}
    if isinstance(game, GameScore):
        sheet["points"] = list(game.points)
        sheet["boxes"] = list(game.boxes)
        if game.is_over:
            s = game.settlement()
            sheet["settlement"] = {
                "winner": s.winner,
                "winner_name": names[s.winner],
                "totals": list(s.totals),
                "amounts": list(s.amounts),
                "shutouts": list(s.shutouts),
                "game_bonus": s.game_bonus,
                "worth": s.worth,
            }
    else:
        sheet["columns"] = [
            {"points": list(c.points), "closed": c.closed, "winner": c.winner} for c in game.columns
        ]
        sheet["settlements"] = [
            None if s is None else {"winner": s.winner, "winner_name": names[s.winner], "totals": list(s.totals), "worth": s.worth}
            for s in game.settlements()
        ]
        sheet["points"] = [sum(c.points[seat] for c in game.columns) for seat in range(len(names))]
        if game.winner is not None:
            sheet["session"] = {
                "winner": game.winner,
                "winner_name": names[game.winner],
                "net_worths": list(game.net_worths),
            }
    return sheet


def payload(record: GameRecord) -> dict[str, object]:
    """What the browser is sent: the player's view (``to_dict`` of a :class:`PlayerView`) and
    what the table shows besides, all computed from that view."""
    match = record.match
    view = match.view(HUMAN)
    data: dict[str, object] = {
        "token": record.token,
        "level": record.level,
        "rules": str(match.rules),
        "preset": match.rules.preset_name,
        "names": list(record.names),
        "hand_number": match.hand_number,
        "game_over": match.is_over,
        "can_undo": bool(record.undo) and not match.state.is_over,
        "view": to_dict(view),
        "melding": _melding(view),
        "drawn": _drawn(match, view),
        "knocks": {
            str(a): deadwood(view.hand.remove(a.card)) for a in view.legal_actions if isinstance(a, Knock)
        },
        "showdown": None if view.result is None else _showdown(view.result, record.names),
        "score": _score_sheet(view.game, record.names, view),
        "wall": {"size": match.rules.wall_size, "rule": match.rules.wall_rule.value},
    }
    return data


def presets() -> dict[str, object]:
    """The choices of the new-game form."""
    return {
        "presets": list(PRESETS),
        "targets": {name: rules.game_target for name, rules in PRESETS.items()},
        "levels": list(LEVELS),
        "players": [2, 3, 4],
        "default": {"rules": "oklahoma", "level": "hard", "players": 2},
    }
