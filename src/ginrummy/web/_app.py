"""The Starlette application: routes as a list, the store opened by the lifespan."""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ginrummy import GinRummyError

from ._play import BadRequest, act, hint, new_game, payload, presets, undo
from ._store import GameRecord, Store

__all__ = ["MAX_BODY", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 4096
"""The largest request body accepted, in bytes."""
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


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
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
    return data


def _field(data: dict[str, Any], key: str, kind: type, default: object = None) -> Any:
    value = data.get(key, default)
    if value is None or (isinstance(value, kind) and not (kind is int and isinstance(value, bool))):
        return value
    raise BadRequest(f"{key!r} must be {kind.__name__}, not {type(value).__name__} ({value!r})", status=422, reason="bad_field")


class _Games:
    """The store, and one lock per game so that two requests never act on one game at once."""

    def __init__(self, data: Path) -> None:
        self.store = Store(data)
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

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


def create_app(data: Path) -> Starlette:
    """The web game's application, keeping its games in ``data`` (created if missing)."""
    games: _Games | None = None

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal games
        games = _Games(data)
        yield
        games.store.close()

    def ready() -> _Games:
        if games is None:  # pragma: no cover - the lifespan always runs first
            raise RuntimeError("the application has not started")
        return games

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_HEADERS)

    async def options(request: Request) -> Response:
        return _ok(presets())

    async def create(request: Request) -> Response:
        body = await _body(request)
        rules = _field(body, "rules", str, "oklahoma")
        level = _field(body, "level", str, "hard")
        target = _field(body, "target", int)
        players = _field(body, "players", int)
        if target is not None and not 1 <= target <= 10_000:
            raise BadRequest(f"target {target} is not allowed: expected 1-10000", status=422, reason="bad_field")
        record = await run_in_threadpool(
            new_game, ready().store, rules_text=rules, level=level, target=target, players=players
        )
        return _ok(payload(record), status=201)

    async def read(request: Request) -> Response:
        token = request.path_params["token"]
        data = await run_in_threadpool(ready().with_game, token, payload)
        return _ok(data)

    async def action(request: Request) -> Response:
        token = request.path_params["token"]
        body = await _body(request)
        text = _field(body, "action", str)
        if not text or len(text) > 200:
            raise BadRequest("'action' must be the action as text, such as \"d 7h\"", status=422, reason="bad_field")
        store = ready().store
        data = await run_in_threadpool(ready().with_game, token, lambda record: payload(act(store, record, text)))
        return _ok(data)

    async def take_back(request: Request) -> Response:
        token = request.path_params["token"]
        store = ready().store
        data = await run_in_threadpool(ready().with_game, token, lambda record: payload(undo(store, record)))
        return _ok(data)

    async def advice(request: Request) -> Response:
        token = request.path_params["token"]
        text = await run_in_threadpool(ready().with_game, token, hint)
        return _ok({"hint": text})

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
