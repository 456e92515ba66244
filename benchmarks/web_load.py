"""Load on the web game: simulated players on 127.0.0.1 play whole games at once.

Starts ``ginrummy serve`` in its own process with a fresh data directory, then runs N
clients (threads with keep-alive connections), each creating a game and playing
random legal moves, with a think time between moves, as people do. It reports
requests/s, p50/p95/max latency and errors, and afterwards replays every stored game
and checks that it is where its player last saw it. Bounded in games and seconds.

Run:  python benchmarks/web_load.py [--clients 50 200] [--level hard] [--think 0.5] [--seconds 60] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import describe  # noqa: E402

from ginrummy import Match, loads, to_dict  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(data: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy", "serve", "--port", str(port), "--data", str(data), "--workers", str(workers)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


class Client(threading.Thread):
    def __init__(self, port: int, seed: int, args: argparse.Namespace, deadline: float, players: int) -> None:
        super().__init__(daemon=True)
        self.port, self.args, self.deadline, self.players = port, args, deadline, players
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.last: dict[str, Any] | None = None
        self.finished = False

    def request(self, conn: http.client.HTTPConnection, method: str, path: str, body: object = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        payload = response.read()
        self.latencies.append(time.perf_counter() - start)
        if response.status >= 400:
            self.errors.append(f"{response.status} {payload[:120]!r}")
            raise RuntimeError
        result: dict[str, Any] = json.loads(payload)
        return result

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        time.sleep(self.rng.random() * self.args.think)  # players do not all start at once
        try:
            game = self.request(conn, "POST", "/api/games", {
                "rules": "oklahoma", "level": self.args.level, "target": self.args.target, "players": self.players,
            })
            self.last = game
            while not game["game_over"] and time.monotonic() < self.deadline:
                legal = game["view"]["legal_actions"]
                outs = [a for a in legal if a.startswith("knock") or a == "big gin"]
                action = "next" if "next" in legal else self.rng.choice(outs or legal)
                time.sleep(self.args.think * (0.5 + self.rng.random()))
                game = self.request(conn, "POST", f"/api/games/{game['token']}/actions", {"action": action})
                self.last = game
            self.finished = game["game_over"]
        except (RuntimeError, OSError, ValueError) as error:
            if not self.errors:
                self.errors.append(repr(error))
        finally:
            conn.close()


def phase(clients: int, args: argparse.Namespace) -> None:
    data = Path(tempfile.mkdtemp(prefix="ginrummy-load-"))
    port = free_port()
    server = start(data, port, args.workers)
    deadline = time.monotonic() + args.seconds
    started = time.perf_counter()
    threads = [Client(port, i, args, deadline, 2 + (i % 3 if args.mixed else 0)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=args.seconds + 120)
    elapsed = time.perf_counter() - started
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
    latencies = sorted(x for t in threads for x in t.latencies)
    errors = [e for t in threads for e in t.errors]
    # Every stored game replays to where its player last saw it.
    db = sqlite3.connect(data / "games.sqlite3")
    stored = dict(db.execute("SELECT token, record FROM games"))
    db.close()
    mismatched = 0
    for t in threads:
        if t.last is None:
            continue
        match = loads(stored[t.last["token"]])
        assert isinstance(match, Match)
        if to_dict(match.view(0)) != t.last["view"]:
            mismatched += 1
    p50 = statistics.median(latencies) * 1000 if latencies else 0.0
    p95 = latencies[int(len(latencies) * 0.95)] * 1000 if latencies else 0.0
    print(
        f"{clients} games at once ({args.level}, think {args.think:g} s, {args.workers} workers): {len(latencies)} requests in {elapsed:.0f} s "
        f"= {len(latencies) / elapsed:.0f} requests/s; latency p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
        f"max {latencies[-1] * 1000 if latencies else 0:.0f} ms; errors {len(errors)}; "
        f"games finished {sum(t.finished for t in threads)}/{clients}; "
        f"stored games replayed to the players' last view: {len(stored) - mismatched}/{len(stored)}"
    )
    for e in errors[:5]:
        print("  error:", e)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a player thinks between moves (average)")
    parser.add_argument("--target", type=int, default=60, help="game target (short games)")
    parser.add_argument("--seconds", type=float, default=90.0, help="stop after this long")
    parser.add_argument("--mixed", action="store_true", help="mix 2-, 3- and 4-player games")
    parser.add_argument("--workers", type=int, default=0, help="the server's --workers: processes for the computers' moves")
    args = parser.parse_args()
    print(f"machine: {describe()}\n")
    for clients in args.clients:
        phase(clients, args)


if __name__ == "__main__":
    main()
