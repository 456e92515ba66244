"""The web game (extra ``web``): every route and error path, hidden information, resume after SIGKILL."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from starlette.testclient import TestClient  # noqa: E402

from ginrummy import PRESETS, Hand, Match, PlayerError, Rules, loads  # noqa: E402
from ginrummy.web import MAX_BODY, MAX_WORKERS, create_app, default_data_dir  # noqa: E402
from ginrummy.web._play import HUMAN, computer_move, _computers_play  # noqa: E402
from ginrummy.web._store import GameRecord  # noqa: E402

CARD = re.compile(r"(?<![A-Za-z0-9])[A2-9TJQK][shdc](?![A-Za-z0-9])")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "data"), raise_server_exceptions=False) as c:
        yield c


def _stored(tmp_path: Path, token: str) -> Match:
    import sqlite3

    db = sqlite3.connect(tmp_path / "data" / "games.sqlite3")
    (text,) = db.execute("SELECT record FROM games WHERE token=?", (token,)).fetchone()
    db.close()
    match = loads(text)
    assert isinstance(match, Match)
    return match


def _at_a_turn(send: Callable[[str, dict[str, object]], dict[str, Any]], body: dict[str, object]) -> dict[str, Any]:
    """A new game (``body`` posted by ``send``) in which the player has a decision to make:
    now and then the computers knock or go gin before the player's first turn, and a hint
    is refused then, so such a game is set aside for another."""
    for _ in range(20):
        game = send("/api/games", body)
        if game["view"]["legal_actions"] not in ([], ["next"]):
            return game
    raise AssertionError(f"20 games of {body} ended their first hand before the player's turn")


def _went_on(game: dict[str, Any], start: int) -> bool:
    """Whether play went on from hand ``start``: a move of this hand is shown, a hand
    ended (the player may open the next one, whose history is still empty) or the game."""
    return bool(game["view"]["history"]) or game["hand_number"] > start or bool(game["game_over"])


def _posted(client: TestClient) -> Callable[[str, dict[str, object]], dict[str, Any]]:
    def send(path: str, body: dict[str, object]) -> dict[str, Any]:
        response = client.post(path, json=body)
        assert response.status_code in (200, 201), response.text
        result: dict[str, Any] = response.json()
        return result

    return send


def _play(client: TestClient, game: dict[str, Any], rng: random.Random, moves: int) -> dict[str, Any]:
    for _ in range(moves):
        legal = game["view"]["legal_actions"]
        if not legal:
            break
        outs = [a for a in legal if a.startswith("knock") or a == "big gin"]
        action = "next" if "next" in legal else rng.choice(outs or legal)
        response = client.post(f"/api/games/{game['token']}/actions", json={"action": action})
        assert response.status_code == 200, response.text
        game = response.json()
    return game


def test_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<script type=\"module\" src=\"/static/app.js\">" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name, kind in (("app.js", "javascript"), ("style.css", "css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    assert client.get("/static/nope.js").status_code == 404


def test_options(client: TestClient) -> None:
    data = client.get("/api/options").json()
    assert "oklahoma" in data["presets"] and "hollywood" in data["presets"]
    assert data["levels"] == ["random", "easy", "medium", "hard", "expert"] and data["players"] == [2, 3, 4]
    assert data["targets"] == {name: rules.game_target for name, rules in PRESETS.items()}
    assert data["targets"]["oklahoma"] == 150 and data["targets"]["tournament"] == 250


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_through_the_api(client: TestClient, players: int) -> None:
    response = client.post("/api/games", json={"rules": "standard", "level": "easy", "target": 25, "players": players})
    assert response.status_code == 201
    game = response.json()
    assert len(game["token"]) >= 32 and game["names"][0] == "You" and len(game["names"]) == players
    assert game["view"]["seat"] == 0 and game["view"]["players"] == players
    rng = random.Random(players)
    showdowns = 0
    for _ in range(200):
        game = _play(client, game, rng, 1)
        if game["showdown"] is not None and not game["showdown"]["void"]:
            showdowns += 1
            assert game["showdown"]["knocker"]["melds"] is not None
            assert len(game["showdown"]["defenders"]) == players - 1
        if game["game_over"]:
            break
    assert game["game_over"], "the game did not finish"
    sheet = game["score"]
    assert sheet["settlement"]["worth"] == sum(sheet["settlement"]["amounts"]) and showdowns >= 1
    assert client.get(f"/api/games/{game['token']}").json()["game_over"]
    stats = client.get("/api/stats").json()["stats"]
    assert stats and stats[0]["played"] == 1 and stats[0]["players"] == players
    history = client.get("/api/history").json()["games"]
    assert len(history) == 1 and "token" not in history[0]


def test_a_whole_hollywood_session_through_the_api(client: TestClient) -> None:
    game = client.post("/api/games", json={"rules": "hollywood", "level": "easy", "target": 25}).json()
    assert [c["closed"] for c in game["score"]["columns"]] == [False, False, False] and "session" not in game["score"]
    rng = random.Random(7)
    for _ in range(400):
        game = _play(client, game, rng, 1)
        if game["game_over"]:
            break
    assert game["game_over"], "the session did not finish"
    sheet = game["score"]
    assert [c["closed"] for c in sheet["columns"]] == [True, True, True]
    session = sheet["session"]
    assert session["winner_name"] == game["names"][session["winner"]]
    assert sum(session["net_worths"]) == 0
    stats = client.get("/api/stats").json()["stats"]
    assert stats[0]["won"] + stats[0]["lost"] == stats[0]["played"] == 1


def test_undo_and_hint(client: TestClient) -> None:
    game = _at_a_turn(_posted(client), {"level": "medium"})
    token = game["token"]
    assert not game["can_undo"]
    refused = client.post(f"/api/games/{token}/undo")
    assert refused.status_code == 409 and refused.json()["reason"] == "nothing_to_undo"
    advice = client.get(f"/api/games/{token}/hint").json()
    hint = advice["hint"]
    legal = game["view"]["legal_actions"]
    assert hint in legal and advice["default"] in legal and advice["unit"] in ("game", "points")
    assert isinstance(advice["why"], str) and advice["why"] and isinstance(advice["deals"], int)
    assert advice["declined"] is None or (advice["deals"] == 0 and advice["declined"] in advice["why"])
    assert {r["action"] for r in advice["ratings"]} <= set(legal) and hint in {r["action"] for r in advice["ratings"]}
    for rating in advice["ratings"]:
        for figure in ("value", "advantage", "standard_error"):
            assert rating[figure] is None or isinstance(rating[figure], (int, float))
    before = game["view"]
    after = client.post(f"/api/games/{token}/actions", json={"action": game["view"]["legal_actions"][-1]}).json()
    assert after["can_undo"] or after["showdown"] is not None
    if after["can_undo"]:
        back = client.post(f"/api/games/{token}/undo").json()
        assert back["view"] == before


def test_an_expert_game_to_the_highest_target_answers(client: TestClient) -> None:
    # the expert's game-equity table would take minutes and gigabytes at 10,000 points;
    # it prices those hands by their points, so the computer's moves and hints come back
    game = _at_a_turn(_posted(client), {"level": "expert", "target": 10_000, "rules": "standard"})
    assert client.get(f"/api/games/{game['token']}/hint").json()["hint"] in game["view"]["legal_actions"]
    start = game["hand_number"]
    game = _play(client, game, random.Random(4), 12)
    assert game["rules"] == "standard+game_target=10000" and _went_on(game, start)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "reason"),
    [
        ("post", "/api/games", b"{not json", 400, "bad_json"),
        ("post", "/api/games", b"[1, 2]", 400, "bad_json"),
        ("post", "/api/games", b'{"rules": "texas"}', 422, "bad_rules"),
        ("post", "/api/games", b'{"rules": "oklahoma+players=5"}', 422, "bad_rules"),
        ("post", "/api/games", b'{"rules": "oklahoma+hollywood=on", "players": 3}', 422, "bad_rules"),
        ("post", "/api/games", b'{"level": "god"}', 422, "bad_level"),
        ("post", "/api/games", b'{"level": 3}', 422, "bad_field"),
        ("post", "/api/games", b'{"target": true}', 422, "bad_field"),
        ("post", "/api/games", b'{"target": 0}', 422, "bad_field"),
        ("post", "/api/games", b'{"players": "3"}', 422, "bad_field"),
        ("post", "/api/games", b'{"player": 3}', 422, "bad_field"),
        ("post", "/api/games", b'{"rules": "standard", "seed": 7}', 422, "bad_field"),
        ("post", "/api/games", b"x" * (MAX_BODY + 1), 413, "too_large"),
        ("get", "/api/games/short", None, 404, "unknown_game"),
        ("get", "/api/games/" + "A" * 32, None, 404, "unknown_game"),
        ("post", "/api/games/" + "A" * 32 + "/actions", b'{"action": "pass"}', 404, "unknown_game"),
        ("get", "/api/nothing", None, 404, "not_found"),
        ("delete", "/api/games", None, 405, "method_not_allowed"),
    ],
)
def test_error_paths_answer_json_4xx(client: TestClient, method: str, path: str, body: bytes | None, status: int, reason: str) -> None:
    response = client.request(method.upper(), path, content=body, headers={"content-type": "application/json"})
    assert response.status_code == status, response.text
    assert response.json()["reason"] == reason and "Traceback" not in response.text


def test_null_fields_mean_the_defaults(client: TestClient) -> None:
    response = client.post("/api/games", json={"rules": None, "level": None, "target": None, "players": None})
    assert response.status_code == 201, response.text
    game = response.json()
    assert game["rules"] == "oklahoma" and game["level"] == "hard" and len(game["names"]) == 2
    long = client.post("/api/games", json={"level": ["x" * 1_000]})
    assert long.status_code == 422 and len(long.json()["error"]) < 200


def test_illegal_and_unreadable_actions(client: TestClient) -> None:
    game = client.post("/api/games", json={"level": "easy"}).json()
    token = game["token"]
    for body, status, reason in (
        ({"action": "stock"}, 409, "wrong_phase"),
        ({"action": "fold"}, 422, "unreadable"),
        ({"action": "d Zz"}, 422, "unreadable"),
        ({"action": ""}, 422, "bad_field"),
        ({"action": 7}, 422, "bad_field"),
        ({}, 422, "bad_field"),
        ({"action": "x" * 500}, 422, "bad_field"),
        ({"action": "next"}, 409, "wrong_phase"),
    ):
        response = client.post(f"/api/games/{token}/actions", json=body)
        assert response.status_code == status, (body, response.text)
        assert response.json()["reason"] == reason
    assert client.get(f"/api/games/{token}").json()["view"] == game["view"]


def test_fields_an_endpoint_does_not_read_are_refused(client: TestClient) -> None:
    for spelled in ("Easy", " EASY "):  # read as make_player reads it, and stored as the level's name
        named = client.post("/api/games", json={"level": spelled, "rules": "Standard"})
        assert named.status_code == 201 and named.json()["level"] == "easy" and named.json()["rules"] == "standard"
    typo = client.post("/api/games", json={"level": "easy", "player": 3})
    assert typo.status_code == 422 and typo.json() == {
        "error": "unknown field(s) 'player': expected rules, level, target, players",
        "reason": "bad_field",
    }
    game = client.post("/api/games", json={"level": "easy"}).json()
    token = game["token"]
    for path, body in ((f"/api/games/{token}/actions", {"action": "stock", "seat": 1}), (f"/api/games/{token}/undo", {"all": True})):
        response = client.post(path, json=body)
        assert response.status_code == 422 and response.json()["reason"] == "bad_field", response.text
        assert "unknown field(s)" in response.json()["error"]
    assert client.post(f"/api/games/{token}/undo", content=b"{").json()["reason"] == "bad_json"
    assert client.get(f"/api/games/{token}").json()["view"] == game["view"]  # nothing was half applied
    legal = game["view"]["legal_actions"][0]
    assert client.post(f"/api/games/{token}/actions", json={"action": legal}).status_code == 200


def test_a_query_string_is_ignored_as_documented(client: TestClient) -> None:
    game = client.post("/api/games?_=1700000000", json={"level": "easy"}).json()
    token = game["token"]
    for path in (f"/api/games/{token}", "/api/options", "/api/history", "/api/stats"):
        plain, busted = client.get(path), client.get(f"{path}?_=1700000001&limit=-1")
        assert busted.status_code == 200 and busted.json() == plain.json()
    legal = game["view"]["legal_actions"][0]
    assert client.post(f"/api/games/{token}/actions?seat=1", json={"action": legal}).status_code == 200


def test_hostile_bodies_never_get_a_500(client: TestClient) -> None:
    rng = random.Random(5)
    token = client.post("/api/games", json={}).json()["token"]
    pieces = [b"{", b"}", b'"action"', b":", b"null", b"1e999", b"[", b"]", b'"\\u0000"', b"true", b",", b'"k"', b"\xff"]
    for _ in range(300):
        body = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        for path in ("/api/games", f"/api/games/{token}/actions", f"/api/games/{token}/undo"):
            response = client.post(path, content=body)
            assert response.status_code < 500, (path, body, response.text)


def test_views_never_carry_hidden_cards(client: TestClient, tmp_path: Path) -> None:
    rng = random.Random(9)
    for players in (2, 3, 4):
        game = client.post("/api/games", json={"level": "random", "players": players, "rules": "straight"}).json()
        for _ in range(60):
            match = _stored(tmp_path, game["token"])
            state = match.state
            # The token is random URL-safe text, which can hold card-like pieces ("_7h_").
            seen = set(CARD.findall(json.dumps({key: value for key, value in game.items() if key != "token"})))
            hidden: set[str] = {str(c) for c in state.stock}
            if not state.is_over or (state.result is not None and state.result.is_void):
                for seat in range(1, players):
                    hidden |= {str(c) for c in Hand.from_mask(state.hands[seat] & ~state.known[seat])}
            hidden -= {str(c) for c in state.discard_pile} | {str(state.upcard)}
            assert not (seen & hidden), seen & hidden
            if game["game_over"]:
                break
            game = _play(client, game, rng, 1)


def test_default_data_dir_is_per_user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "ginrummy"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == Path.home() / ".local" / "share" / "ginrummy"


def test_a_missing_extra_names_it(tmp_path: Path) -> None:
    code = "import sys; sys.modules['starlette'] = None; import ginrummy.web"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "pip install 'ginrummy[web]'" in done.stderr
    code = "import sys; sys.modules['starlette'] = None; from ginrummy.cli import main; raise SystemExit(main(['serve']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "needs the 'web' extra" in done.stderr


# ------------------------------------------------- computers in worker processes


@pytest.mark.parametrize("workers", [-1, MAX_WORKERS + 1, True, 1.5, "2", None])
def test_workers_must_be_a_whole_number_in_range(tmp_path: Path, workers: object) -> None:
    with pytest.raises(PlayerError, match=re.escape(f"workers={workers!r} is not allowed: expected a whole number 0-{MAX_WORKERS}")):
        create_app(tmp_path / "data", workers=workers)  # type: ignore[arg-type]
    assert not (tmp_path / "data").exists()


def test_workers_may_be_a_numpy_integer(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    with TestClient(create_app(tmp_path / "data", workers=np.int64(0))) as client:
        assert client.get("/api/options").status_code == 200
    with pytest.raises(PlayerError, match=f"workers={MAX_WORKERS + 1} is not allowed"):
        create_app(tmp_path / "other", workers=np.int64(MAX_WORKERS + 1))


def test_the_data_directory_is_checked_when_the_app_is_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    a_file = tmp_path / "games.txt"
    a_file.write_text("not a directory")
    with pytest.raises(NotADirectoryError, match=re.escape(f"cannot keep games in {a_file}: it is not a directory")):
        create_app(a_file)
    with pytest.raises(NotADirectoryError, match=re.escape(f"cannot keep games in {a_file / 'below'}: Not a directory")):
        create_app(a_file / "below")
    with pytest.raises(TypeError, match=re.escape("data must be a path to a directory, not int: 7")):
        create_app(7)  # type: ignore[arg-type]
    create_app(str(tmp_path / "new" / "data"))  # a str is a path; missing directories are made
    assert (tmp_path / "new" / "data").is_dir()
    assert main(["serve", "--port", "0", "--data", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert f"ginrummy serve: error: cannot keep games in {a_file}: it is not a directory" in err and "Traceback" not in err


def test_serve_refuses_a_port_in_use_before_announcing_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = int(taken.getsockname()[1])
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert f"ginrummy serve: error: cannot listen on '127.0.0.1' port {port}: {os.strerror(errno.EADDRINUSE)}" in captured.err
    assert "web game on" not in captured.out and "Traceback" not in captured.err
    # an address of no interface here (a literal, so no name lookup is involved)
    assert main(["serve", "--host", "192.0.2.1", "--port", "0", "--data", str(tmp_path)]) == 2
    assert f"ginrummy serve: error: cannot listen on '192.0.2.1' port 0: {os.strerror(errno.EADDRNOTAVAIL)}" in capsys.readouterr().err


def test_serve_on_port_0_announces_the_port_it_got(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 20)  # bounded: the line comes once it has bound
        assert ready, "the server printed nothing in 20 s"
        line = process.stdout.readline()
        found = re.search(r"web game on http://127\.0\.0\.1:(\d+) ", line)
        assert found is not None and found.group(1) != "0", line
        port = int(found.group(1))
        deadline = time.monotonic() + 20
        while True:
            try:
                assert "levels" in call(port, "/api/options")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer on the port it announced"
                time.sleep(0.1)
    finally:
        stop(process, signal.SIGTERM)


def test_serve_refuses_a_bad_workers_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    assert main(["serve", "--port", "0", "--data", str(tmp_path), "--workers", str(MAX_WORKERS + 1)]) == 2
    assert f"workers={MAX_WORKERS + 1} is not allowed" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--workers", "-1"])
    assert "'-1' must be at least 0" in capsys.readouterr().err


def test_computer_moves_are_the_same_in_worker_processes() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    def whole_hand(think: Callable[[str, int, Any], Any]) -> Match:
        record = GameRecord("t" * 32, "medium", Match.new(Rules.parse("oklahoma+players=3"), seed=11), ("You", "A", "B"), ())
        for _ in range(200):
            record = _computers_play(record, think)
            match = record.match
            if match.state.is_over:
                return match
            view = match.view(HUMAN)
            record = GameRecord(record.token, record.level, match.apply(view.legal_actions[-1], seat=HUMAN), record.names, ())
        raise AssertionError("the hand did not end")

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = whole_hand(lambda level, seed, view: pool.submit(computer_move, level, seed, view).result())
    here = whole_hand(computer_move)
    assert pooled == here and pooled.state.history_length > 10


def test_a_game_with_worker_processes(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data", workers=1), raise_server_exceptions=False) as client:
        game = _at_a_turn(_posted(client), {"level": "expert", "players": 3, "target": 40})
        assert client.get(f"/api/games/{game['token']}/hint").json()["hint"] in game["view"]["legal_actions"]
        game = _play(client, game, random.Random(8), 15)
        # fifteen moves of the player's, or the game over sooner (a hand can reach 40)
        assert game["game_over"] or len(game["view"]["history"]) > 15 or game["hand_number"] > 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_worker_killed_mid_game_is_replaced(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "data", workers=1), raise_server_exceptions=False) as client:
        game = _at_a_turn(_posted(client), {"level": "medium", "players": 4})
        # the computers may not have moved yet (the player may be first); a hint always thinks
        assert client.get(f"/api/games/{game['token']}/hint").json()["hint"] in game["view"]["legal_actions"]
        workers = {
            pid for pid in _children(os.getpid()) if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        }
        assert workers, "no worker process was started"
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_running(pid) for pid in workers):
            time.sleep(0.05)
        hint = client.get(f"/api/games/{game['token']}/hint")
        assert hint.status_code == 200 and hint.json()["hint"] in game["view"]["legal_actions"]
        start = game["hand_number"]
        game = _play(client, game, random.Random(2), 3)
        assert _went_on(game, start)


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is alive: neither gone nor a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_killed_server_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path / "games", port, "--workers", "1")
    try:
        game = _at_a_turn(lambda path, body: call(port, path, body), {"level": "medium", "players": 4})
        # the computers may not have moved yet (the player may be first); a hint always thinks
        assert call(port, f"/api/games/{game['token']}/hint")["hint"] in game["view"]["legal_actions"]
        workers = _children(server.pid)
        assert workers, "the computers' moves did not start a worker process"
    finally:
        stop(server, signal.SIGKILL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_running(pid) for pid in workers):
        time.sleep(0.2)
    assert not any(_running(pid) for pid in workers)


# ------------------------------------------------------------ a real server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    output = process.stdout.read() if process.stdout else ""
    stop(process, signal.SIGKILL)
    raise AssertionError("the server did not start: " + output)


def stop(process: subprocess.Popen[str], sig: int) -> None:
    process.send_signal(sig)
    process.wait(timeout=10)
    if process.stdout is not None:
        process.stdout.close()


def call(port: int, path: str, body: dict[str, object] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        result: dict[str, Any] = json.loads(response.read())
        return result


def test_a_server_killed_mid_game_resumes_every_game(tmp_path: Path) -> None:
    data = tmp_path / "games"
    port = free_port()
    server = start_server(data, port)
    try:
        assert "http://127.0.0.1:" in (server.stdout.readline() if server.stdout else "")
        rng = random.Random(3)
        games = [call(port, "/api/games", {"level": "hard", "players": n}) for n in (2, 3)]
        for index, game in enumerate(games):
            for _ in range(12 + index):
                legal = game["view"]["legal_actions"]
                if not legal:
                    break
                game = call(port, f"/api/games/{game['token']}/actions", {"action": "next" if "next" in legal else rng.choice(legal)})
            games[index] = game
    finally:
        stop(server, signal.SIGKILL)
    server = start_server(data, port)
    try:
        for game in games:
            again = call(port, f"/api/games/{game['token']}")
            assert again["view"] == game["view"] and again["score"] == game["score"]
            legal = again["view"]["legal_actions"]
            if legal:
                call(port, f"/api/games/{game['token']}/actions", {"action": legal[0]})
        with pytest.raises(urllib.error.HTTPError) as refused:
            call(port, "/api/games/" + "B" * 32)
        assert refused.value.code == 404
        refused.value.close()
    finally:
        stop(server, signal.SIGTERM)
    assert os.path.exists(data / "games.sqlite3")


def test_unknown_tokens_are_refused_and_games_outlive_the_app(tmp_path: Path) -> None:
    app = create_app(tmp_path / "data")
    with TestClient(app) as client:
        for n in range(50):
            assert client.post(f"/api/games/{'C' * 30}{n:04d}/actions", json={"action": "pass"}).status_code == 404
        token = client.post("/api/games", json={}).json()["token"]
        assert client.get(f"/api/games/{token}").status_code == 200
    with TestClient(create_app(tmp_path / "data")) as client:  # a new process: the game is read back from SQLite
        assert client.get(f"/api/games/{token}").json()["token"] == token


def finished_hollywood_session(seed: int = 2) -> Match:
    """A Hollywood session to 30, played to its end by random moves."""
    match = Match.new(Rules.parse("hollywood+game_target=30"), seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


def test_a_finished_hollywood_session_shows_its_games_and_its_winner() -> None:
    from ginrummy import Hollywood
    from ginrummy.web._play import payload

    match = finished_hollywood_session()
    score = match.score
    assert isinstance(score, Hollywood) and score.winner is not None
    sheet = payload(GameRecord("h" * 32, "easy", match, ("You", "Computer"), ()))["score"]
    assert isinstance(sheet, dict)
    assert [c["closed"] for c in sheet["columns"]] == [True, True, True]
    assert [s["winner_name"] for s in sheet["settlements"]] == [("You", "Computer")[c.winner or 0] for c in score.columns]
    assert sheet["session"] == {
        "winner": score.winner, "winner_name": ("You", "Computer")[score.winner], "net_worths": list(score.net_worths),
    }


def test_a_finished_hollywood_session_counts_as_won_or_lost(tmp_path: Path) -> None:
    from ginrummy.web._store import Store

    match = finished_hollywood_session()
    store = Store(tmp_path)
    try:
        store.save(GameRecord("h" * 32, "easy", match, ("You", "Computer"), ()), new=True)
        (row,) = store.stats()
        assert row["played"] == 1 and row["won"] + row["lost"] == 1  # type: ignore[operator]
        assert row["won"] == (1 if match.score.winner == HUMAN else 0)
        assert store.history()[0]["won"] == (match.score.winner == HUMAN)
    finally:
        store.close()


def test_a_streamed_body_over_the_limit_is_refused_while_it_arrives(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts what arrives
        for _ in range(MAX_BODY // 1024 + 2):
            yield b" " * 1024

    response = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json() == {
        "error": f"the request body is over {MAX_BODY} bytes",
        "reason": "too_large",
    }


@pytest.mark.parametrize("length", [b"abc", b"-1", b"1_0", "\u00b2".encode("latin-1"), b" 2"])
def test_a_content_length_that_is_not_a_number_is_refused_as_a_bad_request(client: TestClient, length: bytes) -> None:
    response = client.post("/api/games", content=b"{}", headers={b"content-type": b"application/json", b"content-length": length})
    assert response.status_code == 400, response.text
    assert response.json()["reason"] == "bad_length" and "is not a number of bytes" in response.json()["error"]


def test_a_content_length_over_the_limit_is_refused_before_the_body_is_read(client: TestClient) -> None:
    for length in (str(MAX_BODY + 1), "9" * 50):
        response = client.post("/api/games", content=b"{}", headers={"content-type": "application/json", "content-length": length})
        assert response.status_code == 413 and response.json()["reason"] == "too_large"


def test_a_hint_once_the_hand_is_over_is_refused(client: TestClient) -> None:
    rng = random.Random(5)
    game = client.post("/api/games", json={"level": "easy"}).json()
    for _ in range(400):  # the player knocks when it may, so a hand ends long before this
        if game["view"]["legal_actions"] in (["next"], []):
            break
        game = _play(client, game, rng, 1)
    assert game["view"]["legal_actions"] in (["next"], []), "no hand ended in 400 moves"
    refused = client.get(f"/api/games/{game['token']}/hint")
    assert refused.status_code == 409 and refused.json() == {
        "error": "there is nothing to advise: it is not your turn in a hand",
        "reason": "not_your_turn",
    }


def test_an_unexpected_failure_answers_500_without_its_details(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.web._store import Store

    def broken(self: Store) -> list[dict[str, object]]:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Store, "stats", broken)
    response = client.get("/api/stats")
    assert response.status_code == 500
    assert response.json() == {"error": "the server failed to answer this request", "reason": "server_error"}
    assert "secret" not in response.text


def test_a_stored_record_that_is_not_a_match_is_refused_by_name(tmp_path: Path) -> None:
    import sqlite3

    from ginrummy import dumps

    with TestClient(create_app(tmp_path / "data")) as client:
        token = client.post("/api/games", json={}).json()["token"]
    db = sqlite3.connect(tmp_path / "data" / "games.sqlite3")
    with db:
        db.execute("UPDATE games SET record=? WHERE token=?", (dumps(Rules()), token))
    db.close()
    with TestClient(create_app(tmp_path / "data"), raise_server_exceptions=False) as client:
        response = client.get(f"/api/games/{token}")
    assert response.status_code == 422
    assert response.json()["error"] == f"game {token[:6]}...: the stored record is not a match"


def test_games_beyond_the_memory_cache_are_read_back_from_the_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.web import _store

    monkeypatch.setattr(_store, "_CACHED", 2)
    store = _store.Store(tmp_path / "data")
    records = [GameRecord(f"{'T' * 31}{n}", "easy", Match.new(Rules(), seed=n), ("you", "computer"), ()) for n in range(3)]
    for record in records:
        store.save(record, new=True)
    assert list(store._cache) == [records[1].token, records[2].token]  # the oldest left memory
    assert store.load(records[0].token) == records[0]  # and is read back whole
    store.close()


def test_a_failed_write_is_rolled_back_and_the_store_goes_on(tmp_path: Path) -> None:
    import sqlite3

    from ginrummy.web import _store

    store = _store.Store(tmp_path / "data")
    first = GameRecord("U" * 32, "easy", Match.new(Rules(), seed=1), ("you", "computer"), ())
    store.save(first, new=True)
    with pytest.raises(sqlite3.IntegrityError):
        store.save(attrs.evolve(first, level="hard"), new=True)  # the token is taken
    second = GameRecord("V" * 32, "medium", Match.new(Rules(), seed=2), ("you", "computer"), ())
    store.save(second, new=True)  # no transaction was left open
    store._cache.clear()
    assert store.load(first.token) == first and store.load(second.token) == second
    store.close()


def test_a_hint_to_go_out_says_so() -> None:
    """The expert takes gin and big gin at once, unsearched; the hint says so."""
    from ginrummy import GameState, TakeUpcard
    from ginrummy.web._play import hint

    from helpers import scripted_deck

    deck = scripted_deck("As 2s 3s 4s 5s 6s 7s 8s 9s Kd", "Kc Qh 9d 8c 7h 6d 5c 4h 3d 2c", "Ts")
    state = GameState.new(Rules(), deck=deck, dealer=1).apply(TakeUpcard())
    assert state.to_play == HUMAN
    match = attrs.evolve(Match.new(Rules(), seed=3), state=state)
    advice = hint(GameRecord("g" * 32, "expert", match, ("You", "Computer"), ()))
    assert advice["hint"] == "knock Kd" and advice["deals"] == 0
    assert advice["goes_out"] is True and advice["why"] == "gin: nothing can beat it"
