"""Games in SQLite: every action is committed before the reply, so nothing is lost."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs

from ginrummy import Match, SchemaError, dumps, loads

__all__ = ["GameRecord", "Store"]

_CACHED = 2000
"""Games kept in memory; others are replayed from the database when asked for."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    token TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    rules TEXT NOT NULL,
    level TEXT NOT NULL,
    players INTEGER NOT NULL,
    record TEXT NOT NULL,
    undo TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winner INTEGER
);
"""


@attrs.frozen
class GameRecord:
    """One stored game: the match, its computer level, and the points undo can return to."""

    token: str
    level: str
    match: Match
    names: tuple[str, ...]
    undo: tuple[int, ...]
    """Action counts (of the whole match) just before each of the player's decisions in this hand."""


class Store:
    """The games of a data directory, in ``games.sqlite3`` (write-ahead log, one writer at a time)."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / "games.sqlite3"
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._cache: OrderedDict[str, GameRecord] = OrderedDict()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def save(self, record: GameRecord, *, new: bool = False) -> None:
        """Store ``record``, committed before this returns."""
        match = record.match
        winner = match.score.winner
        values = (
            time.time(), str(match.rules), record.level, match.players,
            dumps(match, names=record.names), json.dumps(list(record.undo)), int(match.is_over), winner, record.token,
        )
        with self._write() as db:
            if new:
                db.execute(
                    "INSERT INTO games (updated, rules, level, players, record, undo, finished, winner, token, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, values[0]),
                )
            else:
                db.execute(
                    "UPDATE games SET updated=?, rules=?, level=?, players=?, record=?, undo=?, finished=?, winner=? "
                    "WHERE token=?",
                    values,
                )
        self._remember(record)

    def _remember(self, record: GameRecord) -> None:
        self._cache[record.token] = record
        self._cache.move_to_end(record.token)
        while len(self._cache) > _CACHED:
            self._cache.popitem(last=False)

    def load(self, token: str) -> GameRecord | None:
        """The game with ``token``, or ``None`` (from memory, or replayed from the database)."""
        cached = self._cache.get(token)
        if cached is not None:
            self._cache.move_to_end(token)
            return cached
        with self._lock:
            row = self._db.execute("SELECT level, record, undo FROM games WHERE token=?", (token,)).fetchone()
        if row is None:
            return None
        level, text, undo = row
        match = loads(text)
        if not isinstance(match, Match):
            raise SchemaError(f"game {token[:6]}...: the stored record is not a match")
        names = tuple(json.loads(text).get("players") or [f"seat {s}" for s in range(match.players)])
        record = GameRecord(token, level, match, names, tuple(json.loads(undo)))
        self._remember(record)
        return record

    def history(self, limit: int = 50) -> list[dict[str, object]]:
        """The latest finished games, newest first (no tokens: games stay private)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT created, updated, rules, level, players, winner FROM games WHERE finished=1 "
                "ORDER BY updated DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            {"started": r[0], "finished": r[1], "rules": r[2], "level": r[3], "players": r[4], "won": r[5] == 0}
            for r in rows
        ]

    def stats(self) -> list[dict[str, object]]:
        """Finished games won and lost by the player, by rules and computer level."""
        with self._lock:
            rows = self._db.execute(
                "SELECT rules, level, players, SUM(winner = 0), SUM(winner != 0), COUNT(*) FROM games "
                "WHERE finished=1 GROUP BY rules, level, players ORDER BY rules, level, players"
            ).fetchall()
        return [
            {"rules": r[0], "level": r[1], "players": r[2], "won": r[3], "lost": r[4], "played": r[5]} for r in rows
        ]

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
