"""The scripts in examples/ run and do what they say."""

from __future__ import annotations

import io
import json
import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> dict[str, object]:
    return runpy.run_path(str(EXAMPLES / f"{name}.py"), run_name="example")


def test_validate_hand(capsys: pytest.CaptureFixture[str]) -> None:
    module = load("validate_hand")
    check = module["check"]
    assert callable(check)
    assert check("As 2s 3s 7h 7d 7c Kc Qd Jh 2h").startswith("ok: ")
    assert "has 9" in check("As 2s 3s 7h 7d 7c Kc Qd Jh")
    assert "twice" in check("As As 3s 7h 7d 7c Kc Qd Jh 2h")
    assert "rejected" in check("1h")


def test_score_showdown(capsys: pytest.CaptureFixture[str]) -> None:
    main = load("score_showdown")["main"]
    assert callable(main)
    main()
    out = capsys.readouterr().out
    assert "undercut: seat 1 scores 26" in out and "under classic" in out


def test_random_vs_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    main = load("random_vs_greedy")["main"]
    assert callable(main)
    assert main(["4"]) == 0
    assert "4 games" in capsys.readouterr().out


def test_custom_variant(capsys: pytest.CaptureFixture[str]) -> None:
    main = load("custom_variant")["main"]
    assert callable(main)
    main()
    out = capsys.readouterr().out
    assert "rules: " in out and "gin_bonus=20" in out and "rejected: knock_limit=15" in out and "wins" in out


def test_json_frontend_demo_and_typed_input() -> None:
    serve = load("json_frontend")["serve"]
    assert callable(serve)
    out = io.StringIO()
    final = serve(io.StringIO(), out, demo=True)
    messages = [json.loads(line) for line in out.getvalue().splitlines()]
    assert final.is_over and messages[-1]["type"] == "game_over"
    assert all(m["type"] in ("view", "error", "game_over") for m in messages)
    out = io.StringIO()
    serve(io.StringIO("fold\nd Zz\n"), out)
    messages = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [m["type"] for m in messages].count("error") == 2
    assert messages[-1]["type"] == "closed"


def test_rl_train_learns_against_random() -> None:
    pytest.importorskip("pettingzoo")
    module = load("rl_train")
    policy_class, record, train = module["LinearPolicy"], module["record"], module["train"]
    import numpy as np

    policy = policy_class(np.random.default_rng(0))  # type: ignore[operator]
    before = record(policy, 60, 1)  # type: ignore[operator]
    # Bounded by hands, not by time, so a loaded machine trains the same (seeded) policy;
    # the time cap only bounds the test.
    assert train(policy, 300.0, 0.5, 1200) == 1200  # type: ignore[operator]
    after = record(policy, 60, 1)  # type: ignore[operator]
    assert after[0] >= before[0] + 10 and after[0] > 5 * after[1]


def test_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    main = load("three_players")["main"]
    assert callable(main)
    main()
    out = capsys.readouterr().out
    assert out.startswith("hand 1: ") and " wins; each loser pays " in out


def test_ask_the_expert(capsys: pytest.CaptureFixture[str]) -> None:
    main = load("ask_the_expert")["main"]
    assert callable(main)
    main()
    out = capsys.readouterr().out
    departures = out.count("holding ")
    assert departures >= 1 and f"decisions searched, {departures} departing from hard's move" in out
    assert out.count("(hard's move)") == departures and out.count("better than ") == departures
