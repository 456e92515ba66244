"""``ginrummy solve``, ``score``, ``simulate`` and ``replay``."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import TextIO

import attrs

from ginrummy import (
    Action,
    Card,
    GameScore,
    GameState,
    Hand,
    Hollywood,
    Knock,
    Match,
    SchemaError,
    best_melding,
    is_big_gin,
    knock_options,
    loads,
    showdown,
    to_dict,
)
from ginrummy.players import LEVELS, ExpertPlayer, MatchSummary, run_tournament

from ._play import check_save_path, seated
from ._show import describe_action, show_result, show_settlement
from ._style import counted, style_for, verb

__all__ = ["replay", "score", "simulate", "solve"]

SOLVE_SIZES = (7, 8, 10, 11)
"""Hand sizes ``solve`` takes: a hand of three or four players (7, 8 after drawing) or of two (10, 11)."""


def solve(cards_text: str, *, limit: int, as_json: bool, out: TextIO, command: str = "solve") -> int:
    """Best melding of a hand; knock options and big gin of a hand after drawing
    (``command``: the name it was run by, ``solve`` or ``analyse``, for its messages)."""
    hand = Hand.parse(cards_text)
    if len(hand) not in SOLVE_SIZES:
        print(
            f"ginrummy {command}: error: {cards_text!r} holds {counted(len(hand), 'card')}: expected 7 or 8 (three or four "
            "players) or 10 or 11 (two players)",
            file=sys.stderr,
        )
        return 2
    melding = best_melding(hand)
    data: dict[str, object] = {
        "cards": str(hand),
        "melds": [str(m) for m in melding.melds],
        "deadwood_cards": str(melding.deadwood_cards),
        "deadwood": melding.deadwood,
    }
    drawn = len(hand) in (8, 11)
    options = knock_options(hand, knock_limit=limit) if drawn else ()
    if drawn:
        data["knock_limit"] = limit
        data["knock_options"] = [
            {"discard": str(o.discard), "deadwood": o.deadwood, "melds": [str(m) for m in o.melding.melds]}
            for o in options
        ]
        data["big_gin"] = is_big_gin(hand)
    if as_json:
        print(json.dumps(data, indent=2), file=out)
        return 0
    print(f"cards:    {hand}", file=out)
    print(f"melding:  {melding}", file=out)
    print(f"deadwood: {melding.deadwood}", file=out)
    if drawn:
        if data["big_gin"]:
            print(f"big gin: all {len(hand)} cards meld", file=out)
        if not options:
            print(f"no knock within {limit}", file=out)
        for option in options:
            kind = "gin" if option.is_gin else f"knock with {option.deadwood}"
            print(f"discard {option.discard}: {kind}  {option.melding}", file=out)
    return 0


def score(args: argparse.Namespace, out: TextIO) -> int:
    """The showdown of a knocked hand: the knocker against one to three defenders in turn order."""
    upcard = Card.parse(args.upcard)
    defenders: list[str] = args.defender
    rules = seated(args.rules, len(defenders) + 1, "the knocker and the defenders given make")
    result = showdown(args.knocker, *defenders, rules=rules, upcard=upcard)
    if args.json:
        print(json.dumps(to_dict(result), indent=2), file=out)
        return 0
    style = style_for(out, ascii_only=True)
    print(f"rules: {rules}; upcard {upcard}: knock limit {rules.knock_limit_for(upcard)}", file=out)
    names = ("Knocker", "Defender") if len(defenders) == 1 else ("Knocker", *(f"Defender {n}" for n in range(1, len(defenders) + 1)))
    show_result(result, style, out, names)
    return 0


def simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Computer players against each other, on one or more processes or a Dask cluster."""
    levels = [p.strip().lower() for p in args.players.split(",")]
    if not 2 <= len(levels) <= 4 or any(level not in LEVELS for level in levels):
        print(
            f"ginrummy simulate: error: --players must be two to four of {', '.join(LEVELS)}, such as "
            f"hard,medium or hard,medium,easy; got {args.players!r}",
            file=sys.stderr,
        )
        return 2
    rules = seated(args.rules, len(levels), "--players names")
    if args.records is not None:
        problem = check_save_path(args.records)
        if problem is not None:
            print(f"ginrummy simulate: error: cannot write the records to {args.records}: {problem}", file=sys.stderr)
            return 2

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    with contextlib.ExitStack() as stack:
        on_game: Callable[[MatchSummary], None] | None = None
        if args.records is not None:
            records = stack.enter_context(args.records.open("w", encoding="utf-8"))

            def write_record(summary: MatchSummary) -> None:
                records.write(f"{summary.record}\n")

            on_game = write_record

        executor = None
        if args.scheduler is not None:
            try:
                from dask.distributed import Client
                from distributed.comm.addressing import get_address_host_port
            except ImportError:
                print(
                    "ginrummy simulate: error: --scheduler needs the 'dask' extra, which is not installed: "
                    "pip install 'ginrummy[dask]'",
                    file=sys.stderr,
                )
                return 2
            try:  # read the address first: a Client given one it cannot read fails from its event loop
                get_address_host_port(args.scheduler)
            except ValueError as error:
                print(
                    f"ginrummy simulate: error: --scheduler {args.scheduler!r} is not a scheduler address ({error}):"
                    " expected one such as tcp://127.0.0.1:8786",
                    file=sys.stderr,
                )
                return 2
            try:
                client = stack.enter_context(Client(args.scheduler, timeout="10s"))  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError) as error:
                print(f"ginrummy simulate: error: cannot reach the Dask scheduler {args.scheduler}: {error}", file=sys.stderr)
                return 2
            executor = client.get_executor()
        elif args.workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = stack.enter_context(ProcessPoolExecutor(min(args.workers, args.games)))
        started = time.perf_counter()
        result = run_tournament(
            *levels, games=args.games, rules=rules, seed=args.seed, executor=executor, progress=progress, on_game=on_game
        )
        elapsed = time.perf_counter() - started
    if args.json:
        low, high = result.interval
        print(
            json.dumps(
                {
                    "players": list(result.players),
                    "rules": str(rules),
                    "games": result.games,
                    "wins": list(result.wins),
                    "win_rate": result.win_rate,
                    "win_rate_95ci": [low, high],
                    "win_rate_95ci_by_player": [list(result.interval_of(i)) for i in range(len(levels))],
                    "endings": result.endings,
                    "points": list(result.worths),
                    "hands": result.hands,
                    "average_hand_length": result.average_hand_length,
                    "seconds": round(elapsed, 3),
                },
                indent=2,
            ),
            file=out,
        )
    else:
        print(result.describe(), file=out)
        print(f"{elapsed:.1f} s", file=out)
    if args.records is not None:
        print(f"wrote {result.games} game records to {args.records}", file=sys.stderr)
    return 0


def replay(args: argparse.Namespace, out: TextIO) -> int:
    """Step through a saved game: every deal, action and showdown, then the result."""
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as error:
        print(f"ginrummy replay: error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(
            f"ginrummy replay: error: cannot read {args.file}: byte {error.start} is not UTF-8 text;"
            " expected a saved game (JSON) or a simulate --records file (JSON lines)",
            file=sys.stderr,
        )
        return 2
    stripped = text.strip()
    if "\n" in stripped and stripped.startswith("{"):
        lines = [line for line in stripped.splitlines() if line.strip()]
        try:
            json.loads(lines[0])
        except ValueError:
            lines = []
        if len(lines) > 1:
            return _replay_lines(args, lines, out)
    return _replay_text(args, text, out)


def _replay_lines(args: argparse.Namespace, lines: list[str], out: TextIO) -> int:
    """Replay the games of a JSON-lines file (``simulate --records``)."""
    chosen = range(len(lines)) if args.game is None else [args.game - 1]
    if args.game is not None and args.game > len(lines):
        print(f"ginrummy replay: error: {args.file} holds {counted(len(lines), 'game')}, not {args.game}", file=sys.stderr)
        return 2
    for index in chosen:  # every chosen game is read before any is shown
        try:
            loads(lines[index])
        except SchemaError as error:
            raise SchemaError(f"game {index + 1} of {len(lines)} in {args.file}: {error}") from error
    for index in chosen:
        print(f"=== Game {index + 1} of {len(lines)}", file=out)
        code = _replay_text(args, lines[index], out)
        if code:
            return code
    return 0


def _replay_text(args: argparse.Namespace, text: str, out: TextIO) -> int:
    loaded = loads(text)
    if isinstance(loaded, Match):
        hands = [*loaded.finished, loaded.state]
        rules = loaded.rules
    elif isinstance(loaded, GameState):
        hands = [loaded]
        rules = loaded.rules
    else:
        print(f"ginrummy replay: error: {args.file} holds {type(loaded).__name__}, not a game record", file=sys.stderr)
        return 2
    names = _record_names(text, rules.players)
    review = args.review
    if review is not None and review >= rules.players:
        print(
            f"ginrummy replay: error: --review {review} is not a seat of this {rules.players}-player game:"
            f" expected 0-{rules.players - 1}",
            file=sys.stderr,
        )
        return 2
    style = style_for(out, ascii_only=args.ascii)
    game: GameScore | Hollywood = Hollywood(rules) if rules.hollywood else GameScore(rules)
    reviewed = agreed = 0
    for number, final in enumerate(hands, start=1):
        state = GameState.new(rules, deck=final.deck_cards, dealer=final.dealer)
        print(
            f"Hand {number}: {verb(names[state.dealer], 'deal')}; upcard {style.card(state.upcard)}; knock limit {state.knock_limit}",
            file=out,
        )
        for seat in range(rules.players):
            print(f"  {names[seat]}: {style.cards(state.hand(seat))}", file=out)
        for step, action in enumerate(final.history):
            mover = state.to_play
            assert mover is not None
            view = state.view(mover)
            print("  " + describe_action(names[mover], action, view, style) + f"  [{action}]", file=out)
            if mover == review and len(view.legal_actions) > 1:
                # The view as the player saw it at the table, the game's score included.
                seen = view if isinstance(loaded, GameState) else attrs.evolve(
                    loaded, state=state, score=game, finished=tuple(hands[: number - 1])
                ).view(mover)
                analysis = ExpertPlayer(seed=number * 1000 + step).analyse(seen)
                reviewed += 1
                if _same_move(analysis.choice, action):
                    agreed += 1
                else:
                    print(f"    expert: {style.action(analysis.choice)} ({analysis.explain(style.action)})", file=out)
            state = state.apply(action)
            if args.pause:
                sys.stdin.readline()
        if state.result is not None:
            show_result(state.result, style, out, names)
            game = game.add(state.result)
        print("", file=out)
    if isinstance(game, GameScore):
        totals = ", ".join(f"{names[s]} {p}" for s, p in enumerate(game.points))
        print(f"Final score: {totals}", file=out)
    if game.is_over and isinstance(loaded, Match):
        show_settlement(loaded, out, names)
    elif isinstance(loaded, Match):
        where = "during" if not hands[-1].is_over else "after"
        print(f"The game was left unfinished {where} hand {len(hands)}: nobody has won yet.", file=out)
    if review is not None:
        print(f"Review: {names[review]} made {reviewed} decisions with a choice; the expert agreed with {agreed}.", file=out)
    return 0


def _same_move(a: Action, b: Action) -> bool:
    """Whether two actions are the same move: a knock is the same knock whatever melds it names."""
    if isinstance(a, Knock) and isinstance(b, Knock):
        return a.card == b.card
    return a == b


def _record_names(text: str, players: int) -> tuple[str, ...]:
    """The player names a record carries (``ginrummy play --save`` writes them), else seat numbers."""
    data = json.loads(text)
    names = data.get("players") if isinstance(data, dict) else None
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names):
        return tuple(names)
    if names is not None:
        raise SchemaError(f"'players' must be {players} names, one per seat, not {names!r}")
    return tuple(f"seat {s}" for s in range(players))
