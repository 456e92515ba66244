"""``ginrummy play``: you against one to three computer players in the terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import attrs

from ginrummy import (
    BigGin,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    GinRummyError,
    IllegalActionError,
    Knock,
    Match,
    NextHand,
    Phase,
    PlayerView,
    Rules,
    RulesError,
    TakeWallDiscard,
    __version__,
    deadwood,
    dumps,
)
from ginrummy.players import Analysis, ExpertPlayer, Player, make_player

from ._show import describe_action, show_result, show_score, show_settlement, show_table
from ._style import Style, style_for, table_names

__all__ = ["HELP", "check_save_path", "play"]

HELP = """Commands:
  s, stock          draw from the stock
  p, pile           take the top discard
  take / pass       take or pass the upcard on the first turn
  d 7h, discard 7h  discard a card
  k 7h, knock 7h    knock, discarding 7h face down (k alone: the best knock)
  gin               knock with no deadwood (or big gin)
  big gin           go out with every card melded
  wall / decline    take or leave the last discard (fiftieth-card rule)
  undo              take back your last move (and the computers' replies)
  hint              ask the computer for advice
  help              this list
  quit              leave the game"""

COMMANDS = "s, p, take, pass, d <card>, k <card>, gin, big gin, wall, decline, undo, hint, help or quit"
"""The commands of :data:`HELP`, for the message after text that is none of them."""

_QUIT = ("quit", "q", "exit")


class _Quit(Exception):
    """The player left (quit, end of input or Ctrl-C)."""


def check_save_path(path: Path) -> str | None:
    """Why the game record could not be written to ``path``, or ``None`` when it can."""
    if path.is_dir():
        return "it is a directory"
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        return error.strerror or str(error)
    if not existed:
        path.unlink()
    return None


def _read(prompt: str, out: TextIO) -> str:
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        raise _Quit
    return line.strip()


def _prompt(view: PlayerView) -> str:
    """The question for the player, offering only what is legal."""
    legal = view.legal_actions
    if view.phase is Phase.OFFER:
        return "Take the upcard or pass? "
    if view.phase is Phase.DRAW:
        if any(isinstance(a, DrawDiscard) for a in legal):
            return "Draw from the stock (s) or the pile (p)? "
        return "Draw from the stock (s): "
    if view.phase is Phase.WALL:
        if any(isinstance(a, TakeWallDiscard) for a in legal):
            return "Take the last discard to knock (wall), or decline? "
        return "The last discard cannot help you: decline? "
    options = []
    if any(isinstance(a, Discard) for a in legal):
        options.append("discard (d 7h)")
    knocks = [a for a in legal if isinstance(a, Knock)]
    if any(deadwood(view.hand.remove(a.card)) > 0 for a in knocks):
        options.append("knock (k 7h)")
    if any(deadwood(view.hand.remove(a.card)) == 0 for a in knocks):
        options.append("gin")
    if any(isinstance(a, BigGin) for a in legal):
        options.append("big gin")
    text = ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]
    return text[0].upper() + text[1:] + "? "


def hint_text(analysis: Analysis, style: Style) -> str:
    """The ``hint`` line: the expert's move and, when it searched, turned a pile card
    down or went out, why."""
    move = style.action(analysis.choice)
    if analysis.declined is not None:  # the phrase names the card: draw it in this style
        return f"Hint: {move} ({style.text(analysis.explain())})"
    return f"Hint: {move} ({analysis.explain(style.action)})" if analysis.deals or analysis.goes_out else f"Hint: {move}"


class _Game:
    """One game in progress: the match, the computers, and what undo can take back."""

    def __init__(self, match: Match, bots: Sequence[Player], adviser: ExpertPlayer, style: Style, out: TextIO,
                 save: Path | None) -> None:
        self.match = match
        self.bots = bots
        self.adviser = adviser
        self.style = style
        self.out = out
        self.save = save
        self.names = table_names(match.players)
        self.undo_stack: list[Match] = []

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def write_record(self) -> None:
        if self.save is not None:
            self.save.write_text(dumps(self.match, indent=1, names=self.names) + "\n", encoding="utf-8")
            self.say(f"Saved the game record to {self.save}.")

    def run(self) -> bool:
        """Play to the end of the game; False when the player left."""
        self.say("")
        self.say(self.style.bold(f"New game to {self.match.rules.game_target}."))
        shown_hand = 0
        while True:
            match = self.match
            state = match.state
            if shown_hand != match.hand_number:
                shown_hand = match.hand_number
                self.undo_stack.clear()
                dealer = "You deal" if state.dealer == 0 else f"{self.names[state.dealer]} deals"
                self.say("")
                self.say(self.style.bold(f"Hand {match.hand_number}. {dealer}."))
            if state.is_over:
                assert state.result is not None
                show_result(state.result, self.style, self.out, self.names)
                show_score(match, self.out, self.names)
                if match.is_over:
                    show_settlement(match, self.out, self.names)
                    self.write_record()
                    return True
                self._between_hands()
                continue
            seat = state.to_play
            assert seat is not None
            if seat != 0:
                view = match.view(seat)
                action = self.bots[seat].choose(view, view.legal_actions)
                self.say(describe_action(self.names[seat], action, view, self.style))
                self.match = match.apply(action, seat=seat)
                continue
            self._human_turn()

    def _between_hands(self) -> None:
        while True:
            line = _read("Press Enter for the next hand (or type quit) ", self.out)
            if line.lower() in _QUIT:
                raise _Quit
            if not line:
                self.match = self.match.apply(NextHand())
                return
            self.say("Press Enter to deal the next hand, or type quit to leave.")

    def _human_turn(self) -> None:
        match = self.match
        view = match.view(0)
        drawn = self._just_drawn(view)
        show_table(view, self.style, self.out, self.names, drawn=drawn)
        while True:
            line = _read(_prompt(view), self.out)
            word = line.lower()
            if not line:
                continue
            if word in _QUIT:
                raise _Quit
            if word in ("help", "h", "?"):
                self.say(HELP)
                continue
            if word == "hint":
                self.say(hint_text(self.adviser.analyse(view), self.style))
                continue
            if word == "undo":
                if not self.undo_stack:
                    self.say("Nothing to undo in this hand.")
                    continue
                self.match = self.undo_stack.pop()
                self.say("Took back your last move.")
                return
            try:
                action = match.parse_action(line)
                after = match.apply(action, seat=0)
            except IllegalActionError as error:
                if error.reason == "unreadable":
                    self.say(f"Sorry: cannot read {line!r} as a command: type {COMMANDS}.")
                else:
                    self.say(f"Sorry: {self.style.text(str(error))}")
                continue
            except GinRummyError as error:
                self.say(f"Sorry: {self.style.text(str(error))}")
                continue
            self.undo_stack.append(match)
            self.match = after
            return

    def _just_drawn(self, view: PlayerView) -> Card | None:
        """The card this player just drew from the stock, to point it out."""
        if view.phase is not Phase.DISCARD or not view.history:
            return None
        seat, action = view.history[-1]
        if seat != 0 or not isinstance(action, DrawStock):
            return None
        before = self.undo_stack[-1].view(0).hand if self.undo_stack else None
        if before is None:
            return None
        new = view.hand.mask & ~before.mask
        return Card.from_index(new.bit_length() - 1) if new else None


def seated(rules: Rules, players: int, given_by: str) -> Rules:
    """``rules`` for a table of ``players``, the count that ``given_by`` (an option) sets.
    Rules that already seat another number than the presets' two (``--rules
    oklahoma+players=3``) contradict it: :class:`~ginrummy.RulesError` says so, rather
    than one of the two silently winning."""
    if rules.players == players:
        return rules
    if rules.players != Rules().players:
        raise RulesError(
            f"--rules seat {rules.players} players ({rules}), but {given_by} {players}: give the number of players once"
        )
    return attrs.evolve(rules, players=players)


def play(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``ginrummy play``; returns the exit status."""
    rules: Rules = args.rules
    if args.players is not None:
        rules = seated(rules, args.players, "--players seats")
    if args.target is not None:
        rules = attrs.evolve(rules, game_target=args.target)
    if args.save is not None:
        problem = check_save_path(args.save)
        if problem is not None:
            print(f"ginrummy play: error: cannot write the game record to {args.save}: {problem}", file=sys.stderr)
            return 2
    style = style_for(out, ascii_only=args.ascii)
    opponents = "the computer" if rules.players == 2 else f"{rules.players - 1} computer players"
    print(f"ginrummy {__version__}: {rules} gin against {opponents} ({args.level}). Type 'help' for commands.", file=out)
    game = 0
    while True:
        game += 1
        seed = None if args.seed is None else args.seed * 1000 + game
        match = Match.new(rules, seed=seed)
        bots = [make_player(args.level, seed=None if seed is None else seed * 10 + seat) for seat in range(rules.players)]
        adviser = ExpertPlayer(seed=seed)
        current = _Game(match, bots, adviser, style, out, args.save)
        try:
            current.run()
        except (_Quit, KeyboardInterrupt):
            print("", file=out)
            current.write_record()
            print("Goodbye.", file=out)
            return 0
        try:
            answer = _read("Play another game? [y/N] ", out)
        except (_Quit, KeyboardInterrupt):
            answer = ""
        if answer.lower() not in ("y", "yes"):
            print("Thanks for playing.", file=out)
            return 0

