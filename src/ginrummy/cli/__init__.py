"""The ``ginrummy`` command: play against the computer, solve and score hands, simulate, replay.

It is built on the public API only, as any front-end would be.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from ginrummy import PRESETS, GinRummyError, Rules, __version__
from ginrummy.players import LEVELS

from ._play import play
from ._tools import replay, score, simulate, solve

__all__ = ["main"]

PRESET_NOTES = {
    "oklahoma": "the upcard sets the knock limit (ace: gin only), a spade upcard doubles the hand; game to 150",
    "standard": "knock with 10 or less, gin 25, big gin 31, undercut 25; game to 100",
    "classic": "the older book values: gin 20, undercut 10, boxes 20, no big gin; the winner deals next",
    "straight": "gin only: no knocking with deadwood; game to 100",
    "tournament": "standard scoring with the fiftieth-card wall rule; game to 250",
    "hollywood": "standard scoring, three games scored at once (two players)",
}
"""One line per preset for ``play --help``: how it differs."""


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


# The same reading as rules text (``Rules.parse``), written here because the command
# uses the public API only: int() alone would also take "1_000", " 3" and other
# scripts' digits, and refuses more than about 4300 digits with its own message.
_WHOLE = re.compile(r"[+-]?[0-9]{1,4000}")
_WHOLE_EXPECTED = "a whole number in ASCII digits (at most 4000 digits)"


def _whole(text: str, low: int | None = None, high: int | None = None) -> int:
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not {_WHOLE_EXPECTED}")
    value = int(text)
    if low is not None and value < low:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least {low}")
    if high is not None and value > high:
        raise argparse.ArgumentTypeError(f"{text!r} must be at most {high}")
    return value


def _without_nul(text: str, what: str) -> str:
    # A shell cannot pass a NUL byte, but main() can be called with one; the OS refuses
    # such a name deep inside open() or bind(), so refuse it here, by name.
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}: it holds a NUL byte")
    return text


def _path(text: str) -> Path:
    return Path(_without_nul(text, "a file name"))


def _host(text: str) -> str:
    return _without_nul(text, "a host name")


def _positive(text: str) -> int:
    return _whole(text, 1)


def _level(text: str) -> str:
    """A level's name in any case (``HARD``), as ``simulate --players`` and
    :func:`~ginrummy.players.make_player` read it; argparse then checks the choice."""
    return text.strip().lower()


def _not_negative(text: str) -> int:
    return _whole(text, 0)


MAX_PROCESSES = 256
"""The most processes ``simulate --workers`` starts (as many as a web server's workers)."""


def _processes(text: str) -> int:
    return _whole(text, 1, MAX_PROCESSES)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ginrummy",
        description="Gin Rummy and Oklahoma Gin: play against the computer, solve and score hands.",
    )
    parser.add_argument("--version", action="version", version=f"ginrummy {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    rules_help = 'rules preset, optionally with changes: "oklahoma", "standard+gin_bonus=20" (default: oklahoma)'
    presets = "\n".join(f"  {name:<11} {PRESET_NOTES.get(name, '')}" for name in PRESETS)

    play_parser = sub.add_parser(
        "play",
        help="play a game against the computer",
        epilog=f"rule presets (--rules NAME, or NAME+knob=value):\n{presets}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play_parser.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    play_parser.add_argument("--players", type=_whole, choices=(2, 3, 4), help="players at the table, you included (default 2)")
    play_parser.add_argument("--level", type=_level, choices=LEVELS, default="hard", help="the computers' strength (default: hard)")
    play_parser.add_argument("--target", type=_positive, help="game target (default: the rules')")
    play_parser.add_argument("--seed", type=_whole, help="seed for repeatable deals")
    play_parser.add_argument("--ascii", action="store_true", help="plain letters for suits, no colour")
    play_parser.add_argument("--save", type=_path, help="write the game record (JSON) here when the game ends or you quit")

    solve_parser = sub.add_parser(
        "solve", aliases=["analyse", "analyze"], help="best melding of a hand; knock options and big gin after drawing"
    )
    solve_parser.add_argument("cards", help='7, 8, 10 or 11 cards, such as "As 2s 3s 7h 7d 7c Kc Qd Jh 2h"')
    solve_parser.add_argument(
        "--limit", type=_whole, default=10, choices=range(11), metavar="0-10", help="knock limit for 8 or 11 cards (default 10)"
    )
    solve_parser.add_argument("--json", action="store_true", help="print JSON")

    score_parser = sub.add_parser("score", help="the showdown and score of a knocked hand")
    score_parser.add_argument("--knocker", required=True, help="the knocker's kept cards (10, or 7 with three or four players; one more for big gin)")
    score_parser.add_argument(
        "--defender", required=True, action="append",
        help="a defender's cards; repeat for three or four players, in turn order from the knocker's left",
    )
    score_parser.add_argument("--upcard", required=True, help="the first upcard of the deal (sets the Oklahoma limit)")
    score_parser.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    score_parser.add_argument("--json", action="store_true", help="print JSON")

    sim = sub.add_parser("simulate", help="play computer players against each other")
    sim.add_argument("--games", type=_positive, default=100, help="games to play (default 100)")
    sim.add_argument(
        "--players", default="hard,medium", help="two to four levels, comma-separated: hard,medium or hard,medium,easy (default hard,medium)"
    )
    sim.add_argument("--rules", type=_rules_arg, default=Rules(), help=rules_help)
    sim.add_argument("--seed", type=_whole, default=0, help="seed (default 0)")
    sim.add_argument(
        "--workers", type=_processes, default=1, help=f"processes to use, 1-{MAX_PROCESSES}, at most one a game (default 1)"
    )
    sim.add_argument(
        "--scheduler", metavar="ADDRESS",
        help="run the games on a Dask cluster, such as tcp://127.0.0.1:8786 (extra 'dask'); results equal one machine's",
    )
    sim.add_argument("--records", type=_path, metavar="FILE.jsonl", help="write every game's record, one JSON line each, for replay")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")

    serve_parser = sub.add_parser("serve", help="the web game: a local server to play in a browser (extra 'web')")
    serve_parser.add_argument("--host", type=_host, default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve_parser.add_argument("--port", type=_whole, default=8000, help="port (default 8000)")
    serve_parser.add_argument("--data", type=_path, help="where games are kept (default: the per-user data directory)")
    serve_parser.add_argument(
        "--workers",
        type=_not_negative,
        default=0,
        help="processes that work out the computers' moves, for a server with several cores"
        " (default 0: the server's own process)",
    )

    replay_parser = sub.add_parser("replay", help="step through a saved game record")
    replay_parser.add_argument(
        "file", type=_path, help="a JSON file written by 'ginrummy play --save' or ginrummy.dumps, or simulate --records JSON lines"
    )
    replay_parser.add_argument("--game", type=_positive, help="with JSON lines: replay only game N (default: every game)")
    replay_parser.add_argument("--pause", action="store_true", help="wait for Enter after each action")
    replay_parser.add_argument("--ascii", action="store_true", help="plain letters for suits, no colour")
    replay_parser.add_argument(
        "--review",
        type=_not_negative,
        metavar="SEAT",
        help="ask the expert about every decision of seat SEAT (0 is the first player) and show where"
        " it would have played otherwise, and why (up to 0.25 s a decision)",
    )
    return parser


def _serve(args: argparse.Namespace) -> int:
    try:
        from ginrummy.web import serve
    except ImportError as error:
        print(f"ginrummy serve: error: {error}", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"ginrummy serve: error: --port {args.port} is not a port: expected 0-65535", file=sys.stderr)
        return 2
    try:
        serve(host=args.host, port=args.port, data=args.data, workers=args.workers)
    except OSError as error:  # such as a --data that is a file ("cannot keep games in ...: it is not a directory")
        print(f"ginrummy serve: error: {error.strerror or error}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrummy`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    try:
        if args.command == "play":
            return play(args, out)
        if args.command in ("solve", "analyse", "analyze"):
            return solve(args.cards, limit=args.limit, as_json=args.json, out=out, command=args.command)
        if args.command == "score":
            return score(args, out)
        if args.command == "simulate":
            return simulate(args, out)
        if args.command == "replay":
            return replay(args, out)
        if args.command == "serve":
            return _serve(args)
    except KeyboardInterrupt:
        print("\nGoodbye.", file=out)
        return 130
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
