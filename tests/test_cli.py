"""The ``ginrummy`` command, driven through ``main(argv)`` with scripted input."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from ginrummy import Card, Hand, Match, PlayerView, Rules, loads
from ginrummy.cli import main
from helpers import easy_to_the_wall, taken_upcard

CARDS = [r + s for s in "shdc" for r in "A23456789TJQK"]


class ScriptedInput(io.StringIO):
    """Standard input that answers every prompt with generic commands until one is accepted."""

    def __init__(self, lines: list[str], *, cycle: bool = False, limit: int = 2_000_000) -> None:
        super().__init__()
        self.lines = lines
        self.cycle = cycle
        self.position = 0
        self.limit = limit

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.position >= self.limit or (not self.cycle and self.position >= len(self.lines)):
            return ""
        line = self.lines[self.position % len(self.lines)]
        self.position += 1
        return line + "\n"


ANY_MOVE = ["gin", "k", "big gin", "wall", "pass", "s"] + [f"d {c}" for c in CARDS] + ["decline", ""]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("ginrummy ")


def test_help_on_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ["play", "solve", "score", "simulate", "replay"]:
        with pytest.raises(SystemExit) as info:
            main([command, "--help"])
        assert info.value.code == 0
        assert "usage: ginrummy " + command in capsys.readouterr().out
    assert run([], capsys)[0] == 0


def test_a_complete_seeded_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(ANY_MOVE, cycle=True))
    save = tmp_path / "game.json"
    code, out, _ = run(["play", "--seed", "7", "--level", "medium", "--target", "30", "--ascii", "--save", str(save)], capsys)
    assert code == 0
    assert ("wins the game" in out or "You win the game" in out) and "Thanks for playing." in out
    assert "Your hand:" in out and "Score: You" in out
    match = loads(save.read_text())
    assert isinstance(match, Match) and match.is_over
    code, out, _ = run(["replay", str(save)], capsys)
    assert code == 0 and "Hand 1:" in out and "Final score" in out


def test_play_explains_bad_commands_and_quits_cleanly(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["help", "hint", "fold", "d Zz", "d As", "quit"]))
    code, out, _ = run(["play", "--seed", "1", "--ascii"], capsys)
    assert code == 0
    assert "Commands:" in out and "Hint:" in out and "Score: You 0, The computer 0 (game to 150)" in out
    assert "Sorry: cannot read 'fold'" in out and "Sorry: cannot read the card 'Zz'" in out
    assert "Goodbye." in out


def test_play_leaves_cleanly_at_end_of_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput([]))
    code, out, _ = run(["play", "--seed", "2"], capsys)
    assert code == 0 and "Goodbye." in out


def test_solve_ten_and_eleven_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "As 2s 3s 4s 7h 7d 7c Kc Qd 2h"], capsys)
    assert code == 0 and "deadwood: 22" in out
    code, out, _ = run(["solve", "As 2s 3s Js Ac 2c Jc 2d Jd Ah 2h"], capsys)
    assert "discard 3s: gin" in out
    code, out, _ = run(["solve", "--json", "As 2s 3s 4s 5h 5d 5c 9c Tc Jc Qc"], capsys)
    data = json.loads(out)
    assert data["big_gin"] is True and data["deadwood"] == 0


def test_score_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--knocker", "Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "--defender", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d", "--upcard", "Th"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "Undercut! Defender scores 26" in out and "Defender's layoffs: 8s on [5s 6s 7s]" in out
    code, out, _ = run(argv + ["--json"], capsys)
    assert json.loads(out)["points"] == 26


def test_simulate_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["simulate", "--games", "4", "--players", "medium,random", "--rules", "standard+game_target=40", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and len(data["win_rate_95ci"]) == 2
    assert "4/4 games" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "As Xx"],
        ["solve", "As As"],
        ["score", "--knocker", "As", "--defender", "Ks", "--upcard", "7h"],
        ["score", "--knocker", "As 2s 3s 4h 5h 6h 9c 9d 9h Kc", "--defender", "Kc Kd Qs Qd Js Jd 2c 3d 5c 7d", "--upcard", "7h"],
        ["simulate", "--players", "hard"],
    ],
)
def test_bad_input_exits_2_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2 and "error" in err


@pytest.mark.parametrize(
    "argv",
    [["play", "--rules", "texas"], ["play", "--level", "godlike"], ["simulate", "--games", "0"], ["frobnicate"], ["solve"]],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "error" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "--games", "abc"], "argument --games: 'abc' is not a whole number"),
        (["solve", "--limit", "1.5", "As 2s 3s"], "argument --limit: '1.5' is not a whole number in ASCII digits"),
        # int() would read each of these: other scripts' digits, underscores, spaces
        (["simulate", "--seed", "\u0661\u0665"], "argument --seed: '\u0661\u0665' is not a whole number in ASCII digits"),
        (["simulate", "--games", "1_000"], "argument --games: '1_000' is not a whole number in ASCII digits"),
        (["play", "--players", " 3"], "argument --players: ' 3' is not a whole number in ASCII digits"),
        (["serve", "--port", "8_000"], "argument --port: '8_000' is not a whole number in ASCII digits"),
    ],
)
def test_a_number_argument_that_is_not_a_whole_number_is_quoted(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2 and says in capsys.readouterr().err


def test_serve_refuses_a_port_out_of_range_and_a_data_path_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("starlette")
    code, out, err = run(["serve", "--port", "70000"], capsys)
    assert code == 2 and out == "" and "ginrummy serve: error: --port 70000 is not a port: expected 0-65535" in err
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    code, out, err = run(["serve", "--port", "0", "--data", str(afile)], capsys)
    assert code == 2 and out == "" and f"cannot keep games in {afile}: it is not a directory" in err


def test_replay_refuses_a_document_that_is_not_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy import dumps

    saved = tmp_path / "rules.json"
    saved.write_text(dumps(Rules()), encoding="utf-8")
    code, out, err = run(["replay", str(saved)], capsys)
    assert code == 2 and out == "" and f"ginrummy replay: error: {saved} holds Rules, not a game record" in err


def test_solve_says_when_eleven_cards_have_no_knock(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "--limit", "5", "Ks Qd Jh 9c 8s 7d 5h 4c 3s 2d Th"], capsys)
    assert code == 0 and "deadwood: 78" in out and out.rstrip().endswith("no knock within 5")


def test_replay_rejects_a_file_that_is_not_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(b'{"schema": "ginrummy"\xd0\x00\xff}')
    code, out, err = run(["replay", str(binary), "--review", "0"], capsys)
    assert code == 2 and out == ""
    assert f"cannot read {binary}: byte 21 is not UTF-8 text" in err and "expected a saved game" in err


def test_replay_rejects_missing_and_tampered_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["replay", str(tmp_path / "nope.json")], capsys)
    assert code == 2 and "cannot read" in err
    bad = tmp_path / "bad.json"
    rules = json.dumps(Rules().to_dict())
    bad.write_text(f'{{"schema": "ginrummy", "version": 2, "type": "state", "rules": {rules}, "deck": "As", "dealer": 0, "actions": []}}')
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "bad deal" in err
    bad.write_text('{"schema": "ginrummy", "version": 2, "type": "state", "rules": {}, "deck": "As", "dealer": 0, "actions": []}')
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "lack the knob(s) players" in err


def test_replay_of_records_reads_every_game_before_showing_any(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A records file whose second game is tampered with is refused whole, naming that
    game, before the first is shown: nothing is half replayed."""
    records = tmp_path / "games.jsonl"
    code, _, _ = run(["simulate", "--games", "2", "--players", "medium,medium", "--seed", "3", "--records", str(records)], capsys)
    assert code == 0
    first, second = records.read_text(encoding="utf-8").splitlines()
    document = json.loads(second)
    document["hands"][0]["dealer"] = 7
    records.write_text(first + "\n" + json.dumps(document) + "\n", encoding="utf-8")
    code, out, err = run(["replay", str(records)], capsys)
    assert code == 2 and out == ""
    assert f"game 2 of 2 in {records}: match document, hand 1: bad deal" in err and "dealer=7 is not a seat" in err
    code, out, err = run(["replay", str(records), "--game", "1"], capsys)
    assert code == 0 and out.startswith("=== Game 1 of 2") and err == ""


@pytest.mark.parametrize(
    "argv",
    [["replay", "a\x00b"], ["play", "--save", "a\x00b"], ["simulate", "--records", "a\x00b"], ["serve", "--data", "a\x00b"]],
)
def test_file_names_with_a_nul_byte_are_refused_by_name(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "'a\\x00b' is not a file name: it holds a NUL byte" in capsys.readouterr().err


def test_a_host_name_with_a_nul_byte_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", "--host", "a\x00b"])
    assert info.value.code == 2
    assert "'a\\x00b' is not a host name: it holds a NUL byte" in capsys.readouterr().err


def test_installed_console_script_runs() -> None:
    script = shutil.which("ginrummy")
    command = [script] if script else [sys.executable, "-m", "ginrummy"]
    done = subprocess.run([*command, "solve", "As 2s 3s 4s 7h 7d 7c Kc Qd 2h"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "deadwood: 22" in done.stdout
    done = subprocess.run([*command, "solve", "As Xx"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "error" in done.stderr


def test_a_hollywood_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(ANY_MOVE, cycle=True))
    code, out, _ = run(["play", "--seed", "4", "--level", "medium", "--rules", "standard+hollywood=on", "--target", "40"], capsys)
    assert code == 0
    for number in (1, 2, 3):
        assert f"Game {number} (closed)" in out and f"Game {number}: " in out
    assert re.search(r"(You win|The computer wins) the session: net worth -?\d+ over the three games\.", out), out[-600:]


def test_closed_output_pipe_ends_quietly() -> None:
    script = shutil.which("ginrummy")
    command = [script] if script else [sys.executable, "-m", "ginrummy"]
    child = subprocess.Popen(
        [*command, "play", "--seed", "1", "--ascii"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stdin is not None and child.stderr is not None
    child.stdout.read(20)
    child.stdout.close()
    try:
        child.stdin.write(b"help\n" * 5000)
        child.stdin.close()
    except BrokenPipeError:
        pass
    child.wait(timeout=60)
    errors = child.stderr.read()
    child.stderr.close()
    assert b"Traceback" not in errors


def test_play_three_players_to_the_end(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(ANY_MOVE, cycle=True))
    save = tmp_path / "three.json"
    code, out, _ = run(["play", "--players", "3", "--seed", "5", "--level", "easy", "--target", "40", "--ascii", "--save", str(save)], capsys)
    assert code == 0
    assert "against 2 computer players" in out
    assert "Computer 1: 7 cards" in out and "Computer 2: " in out
    assert "Score: You 0, Computer 1 0, Computer 2 0 (game to 40)" in out
    assert "the game is worth" in out
    match = loads(save.read_text())
    assert isinstance(match, Match) and match.players == 3 and match.is_over
    assert json.loads(save.read_text())["players"] == ["You", "Computer 1", "Computer 2"]
    code, out, _ = run(["replay", "--ascii", str(save)], capsys)
    assert code == 0 and "Hand 1: " in out and "  Computer 2: " in out and "You deals" not in out
    assert "Final score: You" in out and "the game is worth" in out


def test_play_four_players_shows_every_opponent(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "quit"]))
    code, out, _ = run(["play", "--players", "4", "--seed", "2", "--ascii"], capsys)
    assert code == 0
    for n in (1, 2, 3):
        assert f"Computer {n}: " in out
    assert "Goodbye." in out


def test_score_with_defenders_in_turn_order(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--knocker", "9h Th Jh 4s 4d 4c 6d", "--defender", "8h 2s 3s Ks Kc Qd 5c",
            "--defender", "7h Qh As Ad Ac 2d 3c", "--upcard", "7c"]
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert "Defender 1's layoffs: 8h on [9h Th Jh]" in out
    assert "Defender 2's layoffs: 7h on [8h 9h Th Jh], Qh on [7h 8h 9h Th Jh]" in out
    assert "Defender 1's melds and deadwood: 2s 3s Ks Qd 5c Kc  (deadwood 40)" in out
    assert "Defender 2's melds and deadwood: [As Ad Ac] 2d 3c  (deadwood 5)" in out
    assert "Undercut! Defender 2 scores 61" in out
    code, out, _ = run(argv + ["--json"], capsys)
    data = json.loads(out)
    assert data["points"] == 61 and data["scorer"] == 2 and len(data["hands"]) == 3


def test_simulate_three_and_four_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["simulate", "--games", "3", "--players", "medium,easy,random", "--rules", "standard+game_target=30", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["players"] == ["medium", "easy", "random"] and sum(data["wins"]) == 3
    assert len(data["points"]) == 3 and sum(data["points"]) == 0
    code, out, err = run(["simulate", "--games", "4", "--players", "random,random,random,random", "--rules", "oklahoma+game_target=20"], capsys)
    assert code == 0 and "random #1 won" in out and "random #4 won" in out


def test_solve_takes_the_sizes_of_the_supported_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["solve", "As 2s 3s 4s 9d 9h 9c 9s"], capsys)
    assert code == 0 and "big gin: all 8 cards meld" in out
    code, out, _ = run(["solve", "As 2s 3s 9d 9h 9c 5s"], capsys)
    assert code == 0 and "deadwood: 5" in out
    for cards, held in [("", "0 cards"), ("As", "1 card"), ("As 2s 3s 4s 5s 6s 7s 8s 9s", "9 cards"),
                        ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs", "12 cards")]:
        code, _, err = run(["solve", cards], capsys)
        assert code == 2 and f"{cards!r} holds {held}: expected 7 or 8" in err


@pytest.mark.parametrize("name", ["analyse", "analyze"])
def test_analyse_is_another_name_for_solve(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    cards = "As 2s 3s 4s 7h 7d 7c Kc Qd 2h"
    assert run([name, cards], capsys)[:2] == run(["solve", cards], capsys)[:2]
    code, _, err = run([name, "Ah Ah 2c"], capsys)
    assert code == 2 and err.startswith(f"ginrummy {name}: error: card Ah appears twice")
    code, _, err = run([name, "Ah"], capsys)
    assert code == 2 and err.startswith(f"ginrummy {name}: error: 'Ah' holds 1 card: expected 7 or 8")


# Issue 14: a calmer command line.


def test_play_save_to_an_unwritable_path_exits_2_before_the_deal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["quit"]))
    code, out, err = run(["play", "--seed", "1", "--save", str(tmp_path / "no" / "such" / "dir.json")], capsys)
    assert code == 2 and "cannot write the game record" in err and "Hand 1" not in out
    code, out, err = run(["play", "--seed", "1", "--save", str(tmp_path)], capsys)
    assert code == 2 and "it is a directory" in err


class _Interrupt(ScriptedInput):
    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_saves_the_record_before_leaving(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", _Interrupt(["pass", "s"]))
    save = tmp_path / "game.json"
    code, out, _ = run(["play", "--seed", "3", "--ascii", "--save", str(save)], capsys)
    assert code == 0 and "Saved the game record" in out and "Goodbye." in out
    match = loads(save.read_text())
    assert isinstance(match, Match) and match.state.history_length >= 1


def test_wrong_phase_words_say_the_phase_and_unknown_words_list_the_help_commands(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.cli._play import COMMANDS, HELP

    monkeypatch.setattr(sys, "stdin", ScriptedInput(["k", "gin", "fold", "quit"]))
    code, out, _ = run(["play", "--seed", "1", "--ascii"], capsys)
    assert "Sorry: cannot k now: the hand is in the offer phase (legal: take, pass)" in out
    assert "Sorry: cannot gin now: the hand is in the offer phase" in out
    assert f"Sorry: cannot read 'fold' as a command: type {COMMANDS}." in out
    for word in ("s", "p", "take", "pass", "d ", "k ", "gin", "big gin", "wall", "decline", "undo", "hint", "help", "quit"):
        assert word in COMMANDS and word.strip() in HELP


def _first_prompt_hand(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Your hand:"))


def test_the_card_drawn_is_named_and_marked(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "quit"]))
    code, out, _ = run(["play", "--seed", "5", "--ascii", "--level", "easy"], capsys)
    assert code == 0
    lines = out.splitlines()
    said = [line for line in lines if line.startswith("You drew ")]
    assert said, out
    card = said[0].removeprefix("You drew ").rstrip(".")
    hand_line = lines[lines.index(said[0]) + 1]
    assert hand_line.startswith("Your hand:") and f"{card}*" in hand_line
    assert Card.parse(card) in Hand.parse(hand_line.split(":", 1)[1].split("(")[0].replace("[", " ").replace("]", " ").replace("*", ""))


def test_undo_takes_back_the_last_move_and_the_record_forgets_it(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "undo.json"
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["undo", "pass", "undo", "quit"]))
    code, out, _ = run(["play", "--seed", "5", "--ascii", "--level", "easy", "--save", str(save)], capsys)
    assert code == 0
    assert "Nothing to undo in this hand." in out and "Took back your last move." in out
    match = loads(save.read_text())
    assert isinstance(match, Match)
    human_moves = [a for s, a in match.state.steps() if s == 0]
    assert human_moves == []


def test_hints_use_the_card_style_of_the_screen(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "hint", "quit"]))
    code, out, _ = run(["play", "--seed", "5", "--level", "easy"], capsys)
    hint = next(line for line in out.splitlines() if "Hint:" in line)
    assert any(symbol in hint for symbol in "♠♥♦♣"), hint
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "hint", "quit"]))
    code, out, _ = run(["play", "--seed", "5", "--level", "easy", "--ascii"], capsys)
    assert "Hint: discard " in out and not any(symbol in out for symbol in "♠♥♦♣")


def test_messages_use_the_card_style_of_the_screen(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.cli._style import Style

    fancy = Style(fancy=True, colour=False)
    assert fancy.text("cannot discard Kc: Kc is not in your hand As 2s 'fold' Ks's") == (
        "cannot discard K♣: K♣ is not in your hand A♠ 2♠ 'fold' Ks's"
    )
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "d Qs", "d Qh", "quit"]))
    code, out, _ = run(["play", "--seed", "5", "--level", "easy"], capsys)
    sorry = [line for line in out.splitlines() if "Sorry:" in line]
    assert sorry and all("♠" in line or "♥" in line for line in sorry)


def test_play_help_lists_the_presets_and_hollywood_is_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for name in ("oklahoma", "standard", "classic", "straight", "tournament", "hollywood"):
        assert f"  {name} " in out
    assert "three games scored at once" in out
    assert Rules.parse("hollywood").hollywood


def test_between_hands_only_enter_continues(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.cli._play import _Game
    from ginrummy.cli._style import Style
    from ginrummy.players import ExpertPlayer, make_player

    match = Match.new(Rules(), seed=4)
    pick = __import__("random").Random(4)
    while not match.state.is_over:
        match = match.apply(pick.choice(match.legal_actions()))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["yes", "next", ""]))
    game = _Game(match, [make_player("easy")] * 2, ExpertPlayer(seed=1), Style(fancy=False, colour=False), out, None)
    game._between_hands()
    assert out.getvalue().count("Press Enter to deal the next hand, or type quit to leave.") == 2
    assert game.match.hand_number == 2


def test_replay_marks_an_unfinished_game_and_shows_names(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "part.json"
    monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "quit"]))
    run(["play", "--seed", "6", "--ascii", "--save", str(save)], capsys)
    code, out, _ = run(["replay", "--ascii", str(save)], capsys)
    assert code == 0 and "  You: " in out and "  The computer: " in out
    assert "The game was left unfinished during hand 1" in out


def test_prompt_after_everyone_passes_offers_only_the_stock(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(1, 40):
        monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "quit"]))
        code, out, _ = run(["play", "--seed", str(seed), "--ascii", "--level", "easy"], capsys)
        if "Draw from the stock (s): " in out:
            assert "The computer passes the upcard." in out
            return
    pytest.fail("no deal in 40 where both pass")


def _wall_views() -> dict[bool, PlayerView]:
    """A view at the fiftieth-card choice where the last discard can be taken (True) and
    one where it can only be declined (False), from easy players' tournament games."""
    from ginrummy import Phase, TakeWallDiscard

    found: dict[bool, PlayerView] = {}
    for seed in range(400, 800):
        state = easy_to_the_wall(seed)
        if state.phase is Phase.WALL:
            found.setdefault(TakeWallDiscard() in state.legal_actions(), state.view(state.to_play_seat))
        if len(found) == 2:
            return found
    raise AssertionError(f"only {sorted(found)} of the two wall choices in 400 games")


def test_the_prompt_offers_only_what_is_legal_at_the_wall_and_at_gin() -> None:
    from ginrummy.cli._play import _prompt

    walls = _wall_views()
    assert _prompt(walls[True]) == "Take the last discard to knock (wall), or decline? "
    assert _prompt(walls[False]) == "The last discard cannot help you: decline? "
    big = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", "Js")
    assert _prompt(big.view(big.to_play_seat)).endswith(", gin or big gin? ")
    gin = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 9s Kd", "Ts")
    prompt = _prompt(gin.view(gin.to_play_seat))
    assert prompt == "Discard (d 7h), knock (k 7h) or gin? "  # discarding Kd is gin, any spade a knock
    short = taken_upcard("As 2s 3s 4s 5s 6s 7s 8s 2d Kd", "9s")
    prompt = _prompt(short.view(short.to_play_seat))
    assert "knock (k 7h)" in prompt and "gin" not in prompt, prompt


def test_the_screen_style_names_knocks_and_big_gin_and_colours_red_suits() -> None:
    from ginrummy import BigGin, Knock
    from ginrummy.cli._style import Style

    plain, coloured = Style(fancy=False, colour=False), Style(fancy=True, colour=True)
    assert plain.action(Knock(Card.parse("7h"))) == "knock, discarding 7h face down"
    assert plain.action(BigGin()) == "big gin"
    assert coloured.card(Card.parse("7h")) == "\x1b[31m7♥\x1b[0m" and coloured.card(Card.parse("7s")) == "7♠"


def test_hints_say_why_when_the_search_departs() -> None:
    from ginrummy import Discard, Knock, PassUpcard, TakeUpcard
    from ginrummy.cli._play import hint_text
    from ginrummy.cli._style import Style
    from ginrummy.players import Analysis, Rating

    plain = Style(fancy=False, colour=False)
    forced = Analysis(choice=PassUpcard(), default=PassUpcard(), ratings=(Rating(PassUpcard(), float("nan"), 0.0, 0.0, True),), deals=0, unit="points")
    assert hint_text(forced, plain) == "Hint: pass"
    declined = attrs.evolve(forced, declined=Card.parse("9c"))
    assert hint_text(declined, plain) == "Hint: pass (9c would join no meld: not worth showing by taking it)"
    assert hint_text(declined, Style(fancy=True, colour=False)) == "Hint: pass (9♣ would join no meld: not worth showing by taking it)"
    gin = Knock(Card.parse("Kd"))
    out = Analysis(choice=gin, default=gin, ratings=(Rating(gin, float("nan"), 0.0, 0.0, True),), deals=0, unit="game", goes_out=True)
    assert hint_text(out, plain) == "Hint: knock, discarding Kd face down (gin: nothing can beat it)"
    assert hint_text(out, Style(fancy=True, colour=False)) == "Hint: knock, discarding K♦ face down (gin: nothing can beat it)"
    take, stay = Rating(TakeUpcard(), 4.0, 6.125, 2.5, False), Rating(PassUpcard(), -2.125, 0.0, 0.0, True)
    departed = Analysis(choice=TakeUpcard(), default=PassUpcard(), ratings=(take, stay), deals=60, unit="points")
    assert hint_text(departed, plain) == "Hint: take (better than pass by 6.1 points a hand, give or take 2.5, over 60 deals)"
    kept = Analysis(choice=PassUpcard(), default=PassUpcard(), ratings=(take, stay), deals=60, unit="points")
    assert hint_text(kept, plain) == "Hint: pass (over 60 deals, nothing else looked clearly better)"
    ten, queen = Discard(Card.parse("Td")), Discard(Card.parse("Qs"))
    equity = Analysis(
        choice=ten, default=queen, deals=40, unit="game",
        ratings=(Rating(ten, 0.61, 0.014, 0.007, False), Rating(queen, 0.596, 0.0, 0.0, True)),
    )
    assert hint_text(equity, plain) == (
        "Hint: discard Td (better than discard Qs by 1.4 points of game-winning chance, give or take 0.7, over 40 deals)"
    )


def test_replay_review_shows_where_the_expert_differs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy import GameState, dumps
    from ginrummy.players import make_player, play_hand, play_match

    record = tmp_path / "game.json"
    final = play_match(Match.new(Rules(game_target=25), seed=8), [make_player("easy", seed=1), make_player("medium")])
    record.write_text(dumps(final))
    code, out, _ = run(["replay", "--ascii", "--review", "0", str(record)], capsys)
    assert code == 0
    summary = re.search(r"Review: seat 0 made (\d+) decisions with a choice; the expert agreed with (\d+)\.", out)
    assert summary is not None, out[-300:]
    decisions, agreed = int(summary[1]), int(summary[2])
    assert decisions > 0 and out.count("    expert: ") == decisions - agreed > 0
    assert out.rstrip().endswith(summary[0])
    for line in out.splitlines():
        if line.startswith("    expert: "):
            assert re.search(r"(over \d+ deals|the only move worth searching|would join no meld)", line), line

    hand = play_hand(GameState.new(Rules(), seed=5), [make_player("medium"), make_player("easy", seed=2)])
    record.write_text(dumps(hand))
    code, out, _ = run(["replay", "--ascii", "--review", "1", str(record)], capsys)
    assert code == 0 and "Review: seat 1 made " in out

    code, _, err = run(["replay", "--review", "2", str(record)], capsys)
    assert code == 2 and "--review 2 is not a seat of this 2-player game: expected 0-1" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["score", "--knocker", "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "--defender", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th",
             "--upcard", "Kd", "--rules", "oklahoma+players=3"],
            "--rules seat 3 players (oklahoma+players=3), but the knocker and the defenders given make 2",
        ),
        (["simulate", "--players", "hard,medium", "--rules", "oklahoma+players=4", "--games", "1"], "--players names 2"),
        (["play", "--players", "4", "--rules", "oklahoma+players=3"], "--rules seat 3 players (oklahoma+players=3), but --players seats 4"),
    ],
)
def test_a_table_size_given_twice_must_agree(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert says in err and "give the number of players once" in err


def test_the_table_size_comes_from_the_players_when_the_rules_leave_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--players", "hard,medium,easy", "--games", "1", "--seed", "1", "--json"], capsys)
    assert code == 0 and json.loads(out)["players"] == ["hard", "medium", "easy"]
    code, out, _ = run(["simulate", "--players", "hard,medium,easy", "--games", "1", "--seed", "1", "--json",
                        "--rules", "oklahoma+players=3"], capsys)
    assert code == 0


def test_simulate_starts_a_bounded_number_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "2", "--workers", "10000"])
    assert info.value.code == 2 and "argument --workers: '10000' must be at most 256" in capsys.readouterr().err
    # more workers than games start one process a game, with the same result as one process
    code, many, _ = run(["simulate", "--games", "2", "--workers", "64", "--seed", "3", "--json"], capsys)
    assert code == 0
    code, one, _ = run(["simulate", "--games", "2", "--seed", "3", "--json"], capsys)
    drop = ("seconds",)
    assert {k: v for k, v in json.loads(many).items() if k not in drop} == {k: v for k, v in json.loads(one).items() if k not in drop}


def test_the_terminal_narrates_rare_moves_and_endings() -> None:
    import attrs

    from ginrummy import BigGin, DeclineWallDiscard, GameState, HandResult, Knock, TakeWallDiscard, showdown
    from ginrummy.cli._show import describe_action, show_result
    from ginrummy.cli._style import Style

    plain = Style(fancy=False, colour=False)
    view = GameState.new(Rules(), seed=1).view(0)
    assert describe_action("You", BigGin(), view, plain) == "You go BIG GIN!"
    assert describe_action("Bob", Knock(Card.parse("Kd")), view, plain) == "Bob knocks!"
    assert describe_action("Bob", TakeWallDiscard(), view, plain) == "Bob takes the last discard to knock."
    assert describe_action("You", DeclineWallDiscard(), view, plain) == "You leave the last discard."
    names = ("You", "Bob")

    def shown(result: HandResult) -> str:
        out = io.StringIO()
        show_result(result, plain, out, names)
        return out.getvalue()

    standard = Rules.preset("standard")
    void = HandResult(standard, Card.parse("Td"), None, (Hand(), Hand()))
    assert "The hand is void: the wall was reached without a knock. Nobody scores." in shown(void)
    tie = showdown("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "Kc Kd Kh Ks Qc Qd Qh 2d 3c 3d",
                   rules=attrs.evolve(standard, undercut_on_tie=False), upcard=Card.parse("Td"))
    assert "Equal deadwood (tie): nobody scores." in shown(tie)
    undercut = showdown("Ks Kc Kd 5s 6s 7s 9c Tc Jc Jd", "Ac 2s 2c 2d 2h 7c 8c 8s 9s 8d",
                        rules=attrs.evolve(Rules(), spades_double="bonuses"), upcard=Card.parse("Ts"))
    assert "Undercut! Bob scores 51 (1 + bonus 25 doubled (spade upcard))." in shown(undercut)


def test_the_level_is_read_in_any_case(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--level EASY`` plays as ``--level easy`` (as ``simulate --players`` and
    ``make_player`` read names); an unknown level is still refused by argparse."""
    outs = []
    for spelled in ("easy", " EASY", "Easy"):
        monkeypatch.setattr(sys, "stdin", ScriptedInput(["pass", "s", "quit"]))
        code, out, _ = run(["play", "--seed", "5", "--ascii", "--level", spelled], capsys)
        assert code == 0 and "against the computer (easy)" in out.splitlines()[0]
        outs.append(out)
    assert outs[0] == outs[1] == outs[2]
    with pytest.raises(SystemExit) as refused:
        main(["play", "--level", "GOD"])
    assert refused.value.code == 2 and "invalid choice: 'god'" in capsys.readouterr().err
