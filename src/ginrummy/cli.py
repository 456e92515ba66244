"""The ``ginrummy`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import __version__
from .cards import Hand
from .errors import GinRummyError
from .solver import best_melding, is_big_gin, knock_options

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors exit with status 2 and a one-line message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginrummy", description="Gin Rummy and Oklahoma Gin.")
    parser.add_argument("--version", action="version", version=f"ginrummy {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    solve = sub.add_parser("solve", help="best melding of 10 cards; knock options of 11")
    solve.add_argument("cards", help='the cards, such as "As 2s 3s 7h 7d 7c Kc Qd Jh 2h"')
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _solve(cards_text: str, *, as_json: bool) -> int:
    hand = Hand.parse(cards_text)
    melding = best_melding(hand)
    data: dict[str, object] = {
        "cards": str(hand),
        "melds": [str(m) for m in melding.melds],
        "deadwood_cards": str(melding.deadwood_cards),
        "deadwood": melding.deadwood,
    }
    if len(hand) == 11:
        options = knock_options(hand, knock_limit=10)
        data["knock_options"] = [
            {"discard": str(o.discard), "deadwood": o.deadwood, "melds": [str(m) for m in o.melding.melds]}
            for o in options
        ]
        data["big_gin"] = is_big_gin(hand)
    if as_json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"cards:    {hand}")
    print(f"melding:  {melding}")
    print(f"deadwood: {melding.deadwood}")
    if len(hand) == 11:
        if data["big_gin"]:
            print("big gin: all 11 cards meld")
        options = knock_options(hand, knock_limit=10)
        if not options:
            print("no knock within 10")
        for option in options:
            kind = "gin" if option.is_gin else f"knock with {option.deadwood}"
            print(f"discard {option.discard}: {kind}  {option.melding}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ginrummy`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "solve":
            return _solve(args.cards, as_json=args.json)
    except GinRummyError as error:
        print(f"ginrummy: error: {error}", file=sys.stderr)
        return 2
    parser.print_help()
    return 0
