"""simulate on a real Dask cluster (a scheduler and worker processes on 127.0.0.1), JSON and records."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy import Match, loads
from ginrummy.cli import main

ARGS = ["simulate", "--games", "6", "--players", "medium,random", "--rules", "standard+game_target=40", "--seed", "3"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
             "--dashboard-address", "127.0.0.1:0", "--no-show"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ),
        subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "2", "--nthreads", "1",
             "--host", "127.0.0.1", "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ),
    ]
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=30)
                break
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=30)


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "6/6 games" in captured.err  # the progress bar
    data: dict[str, object] = json.loads(captured.out)
    return data


def test_a_cluster_gives_the_same_results_as_one_machine(scheduler: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    local = _json([*ARGS, "--json", "--records", str(tmp_path / "local.jsonl")], capsys)
    remote = _json([*ARGS, "--json", "--scheduler", scheduler, "--records", str(tmp_path / "remote.jsonl")], capsys)
    for key in ("players", "games", "wins", "win_rate_95ci", "endings", "points", "hands"):
        assert local[key] == remote[key], key
    assert set(local) >= {"players", "games", "wins", "win_rate", "win_rate_95ci", "endings", "points", "hands", "seconds"}
    assert (tmp_path / "local.jsonl").read_text() == (tmp_path / "remote.jsonl").read_text()


def test_records_hold_every_game_and_replay_reads_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    assert main([*ARGS, "--records", str(records)]) == 0
    capsys.readouterr()
    lines = records.read_text().splitlines()
    assert len(lines) == 6
    for line in lines:
        match = loads(line)
        assert isinstance(match, Match) and match.is_over
        assert sorted(json.loads(line)["players"]) == ["medium", "random"]
    assert main(["replay", str(records), "--game", "2"]) == 0
    out = capsys.readouterr().out
    assert "=== Game 2 of 6" in out and "wins the game" in out and "=== Game 1" not in out
    assert main(["replay", str(records)]) == 0
    assert capsys.readouterr().out.count("=== Game ") == 6
    assert main(["replay", str(records), "--game", "9"]) == 2


def test_an_unreachable_scheduler_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    port = _free_port()
    assert main([*ARGS, "--scheduler", f"tcp://127.0.0.1:{port}"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


@pytest.mark.parametrize("address", ["not an address", "foo://127.0.0.1:5", "tcp://"])
def test_a_malformed_scheduler_address_exits_2(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    assert main(["simulate", "--games", "2", "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert f"--scheduler {address!r} is not a scheduler address" in err and "tcp://127.0.0.1:8786" in err


def test_a_missing_dask_extra_is_named() -> None:
    code = (
        "import sys; sys.modules['dask'] = None; sys.modules['dask.distributed'] = None; "
        "from ginrummy.cli import main; raise SystemExit(main(['simulate', '--games', '1', '--scheduler', 'tcp://127.0.0.1:1']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "pip install 'ginrummy[dask]'" in done.stderr


def test_records_to_an_unwritable_path_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([*ARGS, "--records", str(tmp_path / "no" / "dir.jsonl")]) == 2
    assert "cannot write the records" in capsys.readouterr().err
