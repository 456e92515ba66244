"""The web game: ``ginrummy serve`` and an HTTP API for front-end authors.

Needs the ``web`` extra: ``pip install "ginrummy[web]"`` (Starlette and uvicorn). The
page is plain HTML, CSS and JavaScript modules shipped in the package. Games live in
SQLite in a data directory; every action is committed before the reply. Built on the
public API only, as any front-end would be.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

try:
    import starlette  # noqa: F401
    import uvicorn
except ImportError as error:  # pragma: no cover - exercised by a test that hides the modules
    raise ImportError(
        "ginrummy.web needs the 'web' extra (Starlette and uvicorn), which is not installed: "
        f"pip install 'ginrummy[web]' (missing: {error.name})"
    ) from error

from ._app import MAX_BODY, MAX_WORKERS, create_app

__all__ = ["MAX_BODY", "MAX_WORKERS", "create_app", "default_data_dir", "serve"]


def default_data_dir() -> Path:
    """Where games are kept unless ``--data`` says otherwise: the per-user data directory
    (``$XDG_DATA_HOME/ginrummy``, ``~/.local/share/ginrummy``, or ``%APPDATA%\\ginrummy``)."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "ginrummy"
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base) if base else Path.home() / ".local" / "share") / "ginrummy"


def serve(*, host: str = "127.0.0.1", port: int = 8000, data: Path | None = None, workers: int = 0) -> None:
    """Run the web game until interrupted; ``workers`` processes work out the computers'
    moves (0, the default: the server's own process; see :func:`create_app`).

    The address is bound before it is printed, so ``port=0`` prints the port the system
    chose, and a port in use or an unknown host raises :class:`OSError` naming them."""
    directory = default_data_dir() if data is None else data
    app = create_app(directory, workers=workers)
    listener = _listen(host, port)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"ginrummy web game on http://{shown}:{bound} (games kept in {directory}); Ctrl-C stops it", flush=True)
    with listener:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, bound before the address is announced, so
    that a port in use or an unknown host is an :class:`OSError` naming the address.

    The address is read as uvicorn reads it: IPv6 when the host holds a colon, else IPv4
    (so ``localhost`` is 127.0.0.1, as before)."""
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    except OSError as error:
        listener.close()
        raise OSError(error.errno, f"cannot listen on {host!r} port {port}: {error.strerror or error}") from error
    return listener
