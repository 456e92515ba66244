"""The Starlette application: routes as a list, the store opened by the lifespan."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from numbers import Integral
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ginrummy import Action, GinRummyError, PlayerError, PlayerTypeError, PlayerView, WrongTypeError
from ginrummy.players import Analysis

from ._play import Advise, BadRequest, Think, act, advice, computer_move, hint, new_game, payload, presets, undo
from ._store import GameRecord, Store

__all__ = ["MAX_BODY", "MAX_WORKERS", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 4096
"""The largest request body accepted, in bytes."""
MAX_WORKERS = 256
"""The most worker processes :func:`create_app` starts for the computers' moves."""
_T = TypeVar("_T")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _error(status: int, message: str, reason: str) -> JSONResponse:
    return JSONResponse({"error": message, "reason": reason}, status_code=status, headers=_HEADERS)


def _ok(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=_HEADERS)


async def _body(request: Request, fields: tuple[str, ...]) -> dict[str, Any]:
    """The request's JSON object, at most :data:`MAX_BODY` bytes, holding only ``fields``
    (a field the endpoint does not read is a 422, not silently ignored)."""
    length = request.headers.get("content-length")
    if length is not None:
        if not re.fullmatch(r"[0-9]+", length):
            raise BadRequest(f"the Content-Length header {length[:40]!r} is not a number of bytes", status=400, reason="bad_length")
        if len(length.lstrip("0")) > 9 or int(length) > MAX_BODY:
            raise BadRequest(f"the request body is over {MAX_BODY} bytes", status=413, reason="too_large")
    chunks = bytearray()
    async for chunk in request.stream():
        chunks.extend(chunk)
        if len(chunks) > MAX_BODY:
            raise BadRequest(f"the request body is over {MAX_BODY} bytes", status=413, reason="too_large")
    if not chunks:
        return {}
    try:
        data = json.loads(chunks)
    except (ValueError, RecursionError):
        raise BadRequest("the request body is not valid JSON", reason="bad_json") from None
    if not isinstance(data, dict):
        raise BadRequest(f"the request body must be a JSON object, not {type(data).__name__}", reason="bad_json")
    unknown = [key for key in data if key not in fields]
    if unknown:
        expected = ", ".join(fields) if fields else "nothing"
        raise BadRequest(
            f"unknown field(s) {', '.join(_quoted(key) for key in unknown)}: expected {expected}", status=422, reason="bad_field"
        )
    return data


def _field(data: dict[str, Any], key: str, kind: type, default: object = None) -> Any:
    """``data[key]`` when it is a ``kind``; ``default`` when it is missing or null; else a
    422 quoting it."""
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    raise BadRequest(f"{key!r} must be {kind.__name__}, not {type(value).__name__} ({_quoted(value)})", status=422, reason="bad_field")


def _quoted(value: object) -> str:
    """``repr`` of a setting for an error message, short even for a huge input."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<a whole number of {value.bit_length()} bits>"
    text = repr(value)
    return text if len(text) <= 80 else text[:80] + "..."


def _leave_with_parent(parent: int) -> None:
    """In a worker process: exit as soon as the server that started it is gone (even
    killed outright, when it cannot shut its pool down)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="ginrummy-parent-watch", daemon=True).start()


class _Games:
    """The store, one lock per game so that two requests never act on one game at once,
    and where the computers think: here, or in a pool of ``workers`` processes."""

    def __init__(self, data: Path, workers: int) -> None:
        self.store = Store(data)
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._workers = workers
        self._pool = self._start_pool() if workers else None
        self.think: Think = computer_move if self._pool is None else self._think_in_pool
        self.advise: Advise = advice if self._pool is None else self._advise_in_pool

    def _start_pool(self) -> ProcessPoolExecutor:
        # "spawn": forking a server that runs threads could copy a lock held mid-call.
        return ProcessPoolExecutor(
            self._workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_leave_with_parent,
            initargs=(os.getpid(),),
        )

    def _think_in_pool(self, level: str, seed: int, view: PlayerView) -> Action:
        return self._in_pool(computer_move, level, seed, view)

    def _advise_in_pool(self, seed: int, view: PlayerView) -> Analysis:
        return self._in_pool(advice, seed, view)

    def _in_pool(self, work: Callable[..., _T], *args: object) -> _T:
        pool = self._pool
        assert pool is not None
        try:
            return pool.submit(work, *args).result()
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool, once, rather than
            # failing every later move. The work is rebuilt from its seed, so it is the same.
            with self._guard:
                if self._pool is pool:
                    self._pool = self._start_pool()
                    pool.shutdown(wait=False, cancel_futures=True)
                current = self._pool
            assert current is not None
            return current.submit(work, *args).result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
        self.store.close()

    def lock(self, token: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(token, threading.Lock())

    def get(self, token: str) -> GameRecord:
        record = self.store.load(token) if _TOKEN.fullmatch(token) else None
        if record is None:
            raise BadRequest("no such game: the token is unknown", status=404, reason="unknown_game")
        return record

    def with_game(self, token: str, work: Callable[[GameRecord], object]) -> object:
        self.get(token)  # an unknown token is refused before any lock is made for it
        with self.lock(token):
            return work(self.get(token))


def _data_directory(data: object) -> Path:
    """``data`` as a directory that games can be kept in, created if missing: ``TypeError``
    for what is not a path, and an ``OSError`` naming it when it is a file, cannot be
    created or cannot be written."""
    if not isinstance(data, (str, os.PathLike)):
        raise WrongTypeError(f"data must be a path to a directory, not {type(data).__name__}: {_quoted(data)}")
    directory = Path(data)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(f"cannot keep games in {directory}: it is not a directory") from None
    except OSError as error:
        raise OSError(error.errno, f"cannot keep games in {directory}: {error.strerror}") from error
    if not os.access(directory, os.W_OK | os.X_OK):
        raise PermissionError(f"cannot keep games in {directory}: it cannot be written")
    return directory


def create_app(data: str | Path, *, workers: int = 0) -> Starlette:
    """The web game's application, keeping its games in ``data`` (created if missing).

    By default the computers' moves and the hints are worked out in the server's own
    process, which Python runs on about one core however many the machine has. With
    ``workers`` of 1 or more they are worked out in a pool of that many processes, which
    the application starts and stops with its lifespan, so that a server with several
    cores serves more games of the searching levels at once. A computer is rebuilt from
    the game's seed for every move, so where it thinks does not change its move (only
    the searching levels' time caps, under load, can). A ``workers`` that is not a whole
    number from 0 to :data:`MAX_WORKERS` raises :class:`~ginrummy.PlayerError`. A
    ``data`` that is not a path raises ``TypeError``; one that is a file, or cannot be
    created or written, raises an ``OSError`` that names it, here rather than when the
    server starts.
    """
    if isinstance(workers, Integral) and not isinstance(workers, (int, bool)):
        workers = int(workers)  # a numpy integer, read as its int as everywhere in the API
    if isinstance(workers, bool) or not isinstance(workers, int) or not 0 <= workers <= MAX_WORKERS:
        whole = isinstance(workers, int) and not isinstance(workers, bool)
        refused = PlayerError if whole else PlayerTypeError
        raise refused(f"workers={_quoted(workers)} is not allowed: expected a whole number 0-{MAX_WORKERS}")
    directory = _data_directory(data)
    games: _Games | None = None

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal games
        games = _Games(directory, workers)
        try:
            yield
        finally:
            games.close()

    def ready() -> _Games:
        if games is None:  # pragma: no cover - the lifespan always runs first
            raise RuntimeError("the application has not started")
        return games

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_HEADERS)

    async def options(request: Request) -> Response:
        return _ok(presets())

    async def create(request: Request) -> Response:
        body = await _body(request, ("rules", "level", "target", "players"))
        rules = _field(body, "rules", str, "oklahoma")
        level = _field(body, "level", str, "hard")
        target = _field(body, "target", int)
        players = _field(body, "players", int)
        if target is not None and not 1 <= target <= 10_000:
            raise BadRequest(f"target {target} is not allowed: expected 1-10000", status=422, reason="bad_field")
        server = ready()
        record = await run_in_threadpool(
            new_game, server.store, rules_text=rules, level=level, target=target, players=players, think=server.think
        )
        return _ok(payload(record), status=201)

    async def read(request: Request) -> Response:
        token = request.path_params["token"]
        data = await run_in_threadpool(ready().with_game, token, payload)
        return _ok(data)

    async def action(request: Request) -> Response:
        token = request.path_params["token"]
        body = await _body(request, ("action",))
        text = _field(body, "action", str)
        if not text or len(text) > 200:
            raise BadRequest("'action' must be the action as text, such as \"d 7h\"", status=422, reason="bad_field")
        server = ready()
        data = await run_in_threadpool(
            server.with_game, token, lambda record: payload(act(server.store, record, text, server.think))
        )
        return _ok(data)

    async def take_back(request: Request) -> Response:
        token = request.path_params["token"]
        await _body(request, ())  # nothing to read, but a malformed or unexpected body is refused
        store = ready().store
        data = await run_in_threadpool(ready().with_game, token, lambda record: payload(undo(store, record)))
        return _ok(data)

    async def advice(request: Request) -> Response:
        token = request.path_params["token"]
        server = ready()
        data = await run_in_threadpool(server.with_game, token, lambda record: hint(record, server.advise))
        return _ok(data)

    async def history(request: Request) -> Response:
        return _ok({"games": await run_in_threadpool(ready().store.history)})

    async def stats(request: Request) -> Response:
        return _ok({"stats": await run_in_threadpool(ready().store.stats)})

    async def bad_request(request: Request, error: Exception) -> Response:
        assert isinstance(error, BadRequest)
        return _error(error.status, str(error), error.reason)

    async def library_error(request: Request, error: Exception) -> Response:
        return _error(422, str(error), getattr(error, "reason", "bad_request"))

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        reason = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _error(error.status_code, str(error.detail), reason)

    async def server_error(request: Request, error: Exception) -> Response:
        return _error(500, "the server failed to answer this request", "server_error")

    routes = [
        Route("/", index),
        Route("/api/options", options),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{token}", read),
        Route("/api/games/{token}/actions", action, methods=["POST"]),
        Route("/api/games/{token}/undo", take_back, methods=["POST"]),
        Route("/api/games/{token}/hint", advice),
        Route("/api/history", history),
        Route("/api/stats", stats),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            BadRequest: bad_request,
            GinRummyError: library_error,
            HTTPException: http_error,
            Exception: server_error,
        },
    )
