"""The ``ginrummy`` command: play against the computer, solve and score hands, simulate, replay."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import attrs

from . import __version__
from .actions import (
    Action,
    BigGin,
    DeclineWallDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    TakeWallDiscard,
)
from .cards import Card, Hand
from .errors import GinRummyError
from .players import LEVELS, HardPlayer, make_player, run_tournament
from .rules import Rules
from .scoring import GameScore, HandResult, Hollywood, showdown
from .serialize import dumps, loads
from .solver import Melding, best_melding, is_big_gin, knock_options
from .state import GameState, Match, Phase, PlayerView

__all__ = ["main"]

_RED = "\033[31m"
_BOLD = "\033[1m"
_RESET = "\033[0m"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors exit with status 2 and a one-line message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _rules_arg(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except GinRummyError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ginrummy",
        description="Gin Rummy and Oklahoma Gin: play against the computer, solve and score hands.",
    )
    parser.add_argument("--version", action="version", version=f"ginrummy {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    rules_help = 'rules preset, optionally with changes: "oklahoma", "standard+gin_bonus=20" (default: oklahoma)'

    play = sub.add_parser("play", help="play a game against the computer")
    play.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    play.add_argument("--level", choices=LEVELS, default="hard", help="the computer's strength (default: hard)")
    play.add_argument("--target", type=_positive, help="game target (default: the rules')")
    play.add_argument("--seed", type=int, help="seed for repeatable deals")
    play.add_argument("--ascii", action="store_true", help="plain letters for suits, no colour")
    play.add_argument("--save", type=Path, help="write the game record (JSON) here when the game ends or you quit")

    solve = sub.add_parser("solve", help="best melding of 10 cards; knock options and big gin of 11")
    solve.add_argument("cards", help='the cards, such as "As 2s 3s 7h 7d 7c Kc Qd Jh 2h"')
    solve.add_argument("--limit", type=int, default=10, choices=range(11), metavar="0-10", help="knock limit for 11 cards (default 10)")
    solve.add_argument("--json", action="store_true", help="print JSON")

    score = sub.add_parser("score", help="the showdown and score of a knocked hand")
    score.add_argument("--knocker", required=True, help="the knocker's 10 kept cards (11 for big gin)")
    score.add_argument("--defender", required=True, help="the defender's 10 cards")
    score.add_argument("--upcard", required=True, help="the first upcard of the deal (sets the Oklahoma limit)")
    score.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    score.add_argument("--json", action="store_true", help="print JSON")

    sim = sub.add_parser("simulate", help="play computer players against each other")
    sim.add_argument("--games", type=_positive, default=100, help="games to play (default 100)")
    sim.add_argument("--players", default="hard,medium", help="two levels, comma-separated (default hard,medium)")
    sim.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    sim.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    sim.add_argument("--workers", type=_positive, default=1, help="processes to use (default 1)")
    sim.add_argument("--json", action="store_true", help="print JSON")

    replay = sub.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file", type=Path, help="a JSON file written by 'ginrummy play --save' or ginrummy.dumps")
    replay.add_argument("--pause", action="store_true", help="wait for Enter after each action")
    return parser


class _Style:
    """How cards look: Unicode suits and colour on a terminal, plain text otherwise."""

    def __init__(self, *, fancy: bool, colour: bool) -> None:
        self.fancy = fancy
        self.colour = colour

    def card(self, card: Card) -> str:
        text = card.unicode() if self.fancy else str(card)
        if self.colour and card.suit.value in "hd":
            return f"{_RED}{text}{_RESET}"
        return text

    def cards(self, cards: Hand | Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def melding(self, melding: Melding) -> str:
        parts = [f"[{self.cards(m.cards)}]" for m in melding.melds]
        if melding.deadwood_cards:
            parts.append(f"{self.cards(melding.deadwood_cards)}  (deadwood {melding.deadwood})")
        else:
            parts.append("(no deadwood)")
        return " ".join(parts)

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


_HELP = """Commands:
  s, stock          draw from the stock
  p, pile           take the top discard
  take / pass       take or pass the upcard on the first turn
  d 7h, discard 7h  discard a card
  k 7h, knock 7h    knock, discarding 7h face down (k alone: the best knock)
  gin               knock with no deadwood (or big gin)
  big gin           go out with all 11 cards melded
  wall / decline    take or leave the last discard (fiftieth-card rule)
  hint              ask the computer for advice
  help              this list
  quit              leave the game"""


def _describe_action(who: str, action: Action, view: PlayerView, style: _Style) -> str:
    if isinstance(action, TakeUpcard):
        return f"{who} takes the upcard {style.card(view.upcard)}."
    if isinstance(action, PassUpcard):
        return f"{who} passes the upcard."
    if isinstance(action, DrawStock):
        return f"{who} draws from the stock."
    if isinstance(action, DrawDiscard):
        top = view.discard_top
        return f"{who} takes {style.card(top) if top else 'the discard'} from the pile."
    if isinstance(action, Discard):
        return f"{who} discards {style.card(action.card)}."
    if isinstance(action, Knock):
        return f"{who} knocks!"
    if isinstance(action, BigGin):
        return f"{who} goes BIG GIN!"
    if isinstance(action, TakeWallDiscard):
        return f"{who} takes the last discard to knock."
    if isinstance(action, DeclineWallDiscard):
        return f"{who} leaves the last discard."
    return f"{who}: {action}"


def _show_table(view: PlayerView, style: _Style, out: TextIO, names: tuple[str, str]) -> None:
    rules = view.rules
    limit = "gin only" if view.knock_limit == 0 else f"knock with {view.knock_limit} or less"
    extras = " Spades double this hand!" if view.multiplier == 2 else ""
    top = view.discard_top
    print("", file=out)
    print(
        f"Upcard {style.card(view.upcard)}: {limit}.{extras}  Stock: {view.stock_count} "
        f"(wall {rules.wall_size}).  Discard pile: {style.card(top) if top else 'empty'}",
        file=out,
    )
    game = view.game
    if isinstance(game, GameScore):
        print(f"Score: {names[0]} {game.points[0]}, {names[1]} {game.points[1]} (game to {rules.game_target})", file=out)
    elif isinstance(game, Hollywood):
        columns = "; ".join(f"game {n}: {c.points[0]}-{c.points[1]}" for n, c in enumerate(game.columns, start=1))
        print(f"Score ({names[0]} first): {columns} (each to {rules.game_target})", file=out)
    if view.opponent_known:
        print(f"{_verb(names[1], 'hold')} (taken from the pile): {style.cards(view.opponent_known)}", file=out)
    print(f"Your hand: {style.melding(best_melding(view.hand))}", file=out)


def _possessive(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _verb(name: str, verb: str) -> str:
    return f"{name} {verb}" if name == "You" else f"{name} {verb}s"


def _show_result(result: HandResult, style: _Style, out: TextIO, names: tuple[str, str]) -> None:
    print("", file=out)
    if result.knocker is None:
        print(style.bold("The hand is void: the wall was reached without a knock. Nobody scores."), file=out)
        return
    k = result.knocker
    defender = 1 - k
    knocker_melding = Melding.from_melds(result.hands[k], result.knocker_melds)
    print(f"{_possessive(names[k])} layout: {style.melding(knocker_melding)}", file=out)
    if result.layoffs:
        laid = ", ".join(f"{style.card(l.card)} on [{style.cards(result.knocker_melds[l.target].cards)}]" for l in result.layoffs)
        print(f"{_possessive(names[defender])} layoffs: {laid}", file=out)
    rest = result.hands[defender]
    for layoff in result.layoffs:
        rest = rest.remove(layoff.card)
    print(f"{_possessive(names[defender])} melds: {style.melding(Melding.from_melds(rest, result.defender_melds))}", file=out)
    score = result.score
    reason = {"knock": "knock", "gin": "gin", "big_gin": "big gin", "undercut": "undercut", "tie": "tie"}[score.reason.value]
    if score.scorer is None:
        print(style.bold(f"Equal deadwood ({reason}): nobody scores."), file=out)
        return
    detail = f"{score.base} + bonus {score.bonus}" + (", doubled (spade upcard)" if score.multiplier > 1 else "")
    print(style.bold(f"{reason.capitalize()}! {_verb(names[score.scorer], 'score')} {score.points} ({detail})."), file=out)


def _boxes(count: int) -> str:
    return "1 box" if count == 1 else f"{count} boxes"


def _show_score(match: Match, out: TextIO, names: tuple[str, str]) -> None:
    score = match.score
    if isinstance(score, GameScore):
        print(
            f"Score: {names[0]} {score.points[0]} ({_boxes(score.boxes[0])}), "
            f"{names[1]} {score.points[1]} ({_boxes(score.boxes[1])}); target {match.rules.game_target}.",
            file=out,
        )
    else:
        for number, column in enumerate(score.columns, start=1):
            state = "closed" if column.closed else "open"
            print(f"Game {number} ({state}): {names[0]} {column.points[0]}, {names[1]} {column.points[1]}", file=out)


def _show_settlement(match: Match, out: TextIO, names: tuple[str, str]) -> None:
    score = match.score
    if isinstance(score, GameScore):
        labelled = [("", score.settlement())]
    else:
        labelled = [(f"Game {n}: ", s) for n, s in enumerate(score.settlements(), start=1) if s is not None]
    for label, s in labelled:
        w, l = s.winner, 1 - s.winner
        shut = " Shutout!" if s.shutout else ""
        print(
            f"{label}{_verb(names[w], 'win')} the game.{shut} Totals: {names[w]} {s.totals[w]}, {names[l]} {s.totals[l]} "
            f"(game bonus {s.game_bonus}, boxes {s.box_points[w]} and {s.box_points[l]}): worth {s.worth}.",
            file=out,
        )


def _read(prompt: str, out: TextIO) -> str | None:
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        return None
    return line.strip()


def _play(args: argparse.Namespace, out: TextIO) -> int:
    rules: Rules = args.rules
    if args.target is not None:
        rules = attrs.evolve(rules, game_target=args.target)
    fancy = not args.ascii and (out.encoding or "").lower().replace("-", "") in ("utf8", "utf16")
    colour = not args.ascii and out.isatty() and os.environ.get("NO_COLOR") is None
    style = _Style(fancy=fancy, colour=colour)
    names = ("You", "The computer")
    print(f"ginrummy {__version__}: {rules} gin against the computer ({args.level}). Type 'help' for commands.", file=out)
    game = 0
    while True:
        game += 1
        seed = None if args.seed is None else args.seed * 1000 + game
        match = Match.new(rules, seed=seed)
        bot = make_player(args.level, seed=seed)
        adviser = HardPlayer(seed=seed)
        finished = _play_game(match, bot, adviser, style, out, names, args.save)
        if finished is None:
            print("Goodbye.", file=out)
            return 0
        answer = _read("Play another game? [y/N] ", out)
        if answer is None or answer.lower() not in ("y", "yes"):
            print("Thanks for playing.", file=out)
            return 0


def _save(match: Match, path: Path | None, out: TextIO) -> None:
    if path is not None:
        path.write_text(dumps(match, indent=1) + "\n", encoding="utf-8")
        print(f"Saved the game record to {path}.", file=out)


def _play_game(
    match: Match,
    bot: object,
    adviser: HardPlayer,
    style: _Style,
    out: TextIO,
    names: tuple[str, str],
    save: Path | None,
) -> Match | None:
    from .players import Player

    assert isinstance(bot, Player)
    print("", file=out)
    print(style.bold(f"New game to {match.rules.game_target}."), file=out)
    shown_hand = 0
    while True:
        state = match.state
        if shown_hand != match.hand_number:
            shown_hand = match.hand_number
            dealer = "You deal" if state.dealer == 0 else "The computer deals"
            print("", file=out)
            print(style.bold(f"Hand {match.hand_number}. {dealer}."), file=out)
        if state.is_over:
            assert state.result is not None
            _show_result(state.result, style, out, names)
            _show_score(match, out, names)
            if match.is_over:
                _show_settlement(match, out, names)
                _save(match, save, out)
                return match
            if _read("Press Enter for the next hand (or type quit) ", out) in (None, "quit", "q", "exit"):
                _save(match, save, out)
                return None
            match = match.apply(NextHand())
            continue
        seat = state.to_play
        assert seat is not None
        view = match.view(seat)
        if seat == 1:
            action = bot.choose(view, view.legal_actions)
            print(_describe_action("The computer", action, view, style), file=out)
            match = match.apply(action, seat=1)
            continue
        _show_table(view, style, out, names)
        prompt = {
            Phase.OFFER: "Take or pass the upcard? ",
            Phase.DRAW: "Draw from the stock (s) or the pile (p)? ",
            Phase.DISCARD: "Discard (d 7h), knock (k 7h) or gin? ",
            Phase.WALL: "Take the last discard to knock (wall), or decline? ",
        }.get(view.phase, "> ")
        while True:
            line = _read(prompt, out)
            if line is None or line.lower() in ("quit", "q", "exit"):
                _save(match, save, out)
                return None
            if not line:
                continue
            word = line.lower()
            if word in ("help", "h", "?"):
                print(_HELP, file=out)
                continue
            if word == "hint":
                print(f"Hint: {adviser.choose(view, view.legal_actions)}", file=out)
                continue
            try:
                action = match.parse_action(line)
                match = match.apply(action, seat=0)
            except GinRummyError as error:
                print(f"Sorry: {error}", file=out)
                continue
            break


def _solve(cards_text: str, *, limit: int, as_json: bool, out: TextIO) -> int:
    hand = Hand.parse(cards_text)
    melding = best_melding(hand)
    data: dict[str, object] = {
        "cards": str(hand),
        "melds": [str(m) for m in melding.melds],
        "deadwood_cards": str(melding.deadwood_cards),
        "deadwood": melding.deadwood,
    }
    options = knock_options(hand, knock_limit=limit) if len(hand) == 11 else ()
    if len(hand) == 11:
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
    if len(hand) == 11:
        if data["big_gin"]:
            print("big gin: all 11 cards meld", file=out)
        if not options:
            print(f"no knock within {limit}", file=out)
        for option in options:
            kind = "gin" if option.is_gin else f"knock with {option.deadwood}"
            print(f"discard {option.discard}: {kind}  {option.melding}", file=out)
    return 0


def _score(args: argparse.Namespace, out: TextIO) -> int:
    upcard = Card.parse(args.upcard)
    result = showdown(args.knocker, args.defender, rules=args.rules, upcard=upcard)
    if args.json:
        from .serialize import to_dict

        print(json.dumps(to_dict(result), indent=2), file=out)
        return 0
    style = _Style(fancy=False, colour=False)
    print(f"rules: {args.rules}; upcard {upcard}: knock limit {args.rules.knock_limit_for(upcard)}", file=out)
    _show_result(result, style, out, ("Knocker", "Defender"))
    return 0


def _simulate(args: argparse.Namespace, out: TextIO) -> int:
    levels = [p.strip().lower() for p in args.players.split(",")]
    if len(levels) != 2 or any(level not in LEVELS for level in levels):
        print(f"ginrummy simulate: error: --players must be two of {', '.join(LEVELS)}, such as hard,medium; got {args.players!r}", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as executor:
            result = run_tournament(levels[0], levels[1], games=args.games, rules=args.rules, seed=args.seed, executor=executor, progress=progress)
    else:
        result = run_tournament(levels[0], levels[1], games=args.games, rules=args.rules, seed=args.seed, progress=progress)
    if args.json:
        low, high = result.interval
        print(
            json.dumps(
                {
                    "players": list(result.players),
                    "rules": str(args.rules),
                    "games": result.games,
                    "wins": list(result.wins),
                    "win_rate": result.win_rate,
                    "win_rate_95ci": [low, high],
                    "endings": result.endings,
                    "hands": result.hands,
                    "average_hand_length": result.average_hand_length,
                },
                indent=2,
            ),
            file=out,
        )
    else:
        print(result.describe(), file=out)
    return 0


def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as error:
        print(f"ginrummy replay: error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
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
    style = _Style(fancy=False, colour=False)
    names = ("seat 0", "seat 1")
    score: GameScore | Hollywood = Hollywood(rules) if rules.hollywood else GameScore(rules)
    for number, final in enumerate(hands, start=1):
        state = GameState.new(rules, deck=final.deck_cards, dealer=final.dealer)
        print(f"Hand {number}: seat {state.dealer} deals; upcard {state.upcard}; knock limit {state.knock_limit}", file=out)
        for seat in (0, 1):
            print(f"  seat {seat}: {state.hand(seat)}", file=out)
        for action in final.history:
            mover = state.to_play
            assert mover is not None
            view = state.view(mover)
            print("  " + _describe_action(f"seat {mover}", action, view, style) + f"  [{action}]", file=out)
            state = state.apply(action)
            if args.pause and _read("", out) is None:
                return 0
        if state.result is not None:
            _show_result(state.result, style, out, names)
            score = score.add(state.result)
        print("", file=out)
    if isinstance(score, GameScore):
        print(f"Final score: seat 0 {score.points[0]}, seat 1 {score.points[1]}", file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrummy`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    try:
        if args.command == "play":
            return _play(args, out)
        if args.command == "solve":
            return _solve(args.cards, limit=args.limit, as_json=args.json, out=out)
        if args.command == "score":
            return _score(args, out)
        if args.command == "simulate":
            return _simulate(args, out)
        if args.command == "replay":
            return _replay(args, out)
    except KeyboardInterrupt:
        print("\nGoodbye.", file=out)
        return 130 if args.command != "play" else 0
    except BrokenPipeError:
        # The reader went away (``ginrummy ... | head``): stop quietly, and keep Python
        # from complaining when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except GinRummyError as error:
        print(f"ginrummy {args.command}: error: {error}", file=sys.stderr)
        return 2
    parser.print_help(out)
    return 0


