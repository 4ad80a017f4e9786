"""``claimcheck serve``: the director's page, a small local web server (the only module that
imports the web framework: Starlette, served by uvicorn; ``pip install 'claimcheck[web]'``).

The page (``claimcheck/web/``: HTML, CSS and JavaScript shipped in the package, no CDN) posts its
form as JSON; the work is :mod:`claimcheck.service`, the same functions as ``claimcheck check``.

* ``GET /``: the page; ``GET /static/<file>``: its script and style sheet.
* ``POST /api/check``: the ruling, the same JSON as ``claimcheck check --format json``.
* ``POST /api/read``: how the pasted text or the typed hands were read (to fill the fields).
* ``POST /api/statement``: how the statement is read (the plan, doubtful points, unread words).
* ``GET /api/rules``: the rule catalogue (id, law, summary) the ruling's card tags refer to.

Bad input is answered with a 4xx status and ``{"error": {"field", "message", "where", "line",
"record"}}``: the field at fault and the reader's located message, never a traceback. Nothing is
stored: no sessions, no files, no log of what was posted. A request body is limited in size
(:data:`MAX_BODY`), and a ruling in time (the search's node budget and
:data:`claimcheck.service.MAX_SECONDS`). The rulings run one at a time on one worker thread: the
double-dummy solver is not thread-safe. The server listens on the loopback address unless told
otherwise.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from importlib import resources
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from claimcheck.errors import ClaimcheckError, SolverError
from claimcheck.service import (
    MAX_SECONDS,
    FieldError,
    read_summary,
    rule_form,
    rules_catalogue,
    statement_reading,
)

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "MAX_BODY", "create_app", "is_loopback", "run",
           "running"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
MAX_BODY = 256 * 1024
"""Bytes a request body may have: one record and its claim, not a whole event."""
QUEUE_SECONDS = 60.0
"""How long a ruling may wait for the one before it (then 503: try again)."""

_STATIC = {"app.js": "text/javascript", "style.css": "text/css"}
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    ),
}


class HTTPProblem(Exception):
    """Raised when a request cannot be served: a status and a reason for the page."""

    def __init__(self, status: int, message: str, field: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


def _asset(name: str) -> bytes:
    return resources.files("claimcheck").joinpath("web", name).read_bytes()


def _error(status: int, message: str, field: str = "", exc: ClaimcheckError | None = None
           ) -> JSONResponse:
    body: dict[str, Any] = {"field": field or None, "message": message, "where": None,
                            "line": None, "record": None}
    if exc is not None:
        loc = exc.location
        where = ", ".join(p for p in (
            None if loc.record is None else f"record {loc.record}",
            None if loc.line is None else f"line {loc.line}",
        ) if p)
        body.update(where=where or None, line=loc.line, record=loc.record)
    return JSONResponse({"error": body}, status_code=status, headers=_HEADERS)


async def _form(request: Request) -> dict[str, Any]:
    """The JSON object posted, read within :data:`MAX_BODY`."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPProblem(415, "send the form as JSON (Content-Type: application/json)")
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise HTTPProblem(400, "bad Content-Length")
        if int(length) > MAX_BODY:
            raise HTTPProblem(413, f"the request is too large: {int(length):,} bytes "
                                   f"(at most {MAX_BODY:,}); paste one record")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HTTPProblem(413, f"the request is too large (at most {MAX_BODY:,} bytes); "
                                   "paste one record")
    try:
        doc = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise HTTPProblem(400, f"the request is not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise HTTPProblem(400, "the request must be a JSON object of the form's fields")
    return doc


def create_app(*, max_seconds: float = MAX_SECONDS) -> Starlette:
    """The page's application. *max_seconds* is the search budget in seconds of one ruling."""
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="claimcheck-ruling")

    async def handle(request: Request, work: Callable[[dict[str, Any]], Response],
                     *, solver: bool = False) -> Response:
        try:
            form = await _form(request)
            if solver:
                loop = asyncio.get_running_loop()
                future = loop.run_in_executor(worker, work, form)
                return await asyncio.wait_for(future, QUEUE_SECONDS + 2 * max_seconds)
            return await run_in_threadpool(work, form)
        except HTTPProblem as exc:
            return _error(exc.status, exc.message, exc.field)
        except FieldError as exc:
            return _error(422, exc.message, exc.field, exc)
        except SolverError as exc:
            return _error(500, f"the double-dummy solver failed: {exc.message}")
        except ClaimcheckError as exc:
            return _error(422, exc.message, "", exc)
        except TimeoutError:
            return _error(503, "the server is busy with other rulings: try again")
        except Exception:  # noqa: BLE001 - the page never shows a traceback
            return _error(500, "internal error: the ruling could not be made (please report "
                               "the input that caused it)")

    def ruling(form: dict[str, Any]) -> Response:
        from claimcheck.report.text import render_json

        text = render_json(rule_form(form, max_seconds=max_seconds))
        return Response(text, media_type="application/json", headers=_HEADERS)

    def summary(form: dict[str, Any]) -> Response:
        return JSONResponse(read_summary(form), headers=_HEADERS)

    def reading(form: dict[str, Any]) -> Response:
        return JSONResponse(statement_reading(form), headers=_HEADERS)

    async def check(request: Request) -> Response:
        return await handle(request, ruling, solver=True)

    async def read(request: Request) -> Response:
        return await handle(request, summary)

    async def statement(request: Request) -> Response:
        return await handle(request, reading)

    async def rules(request: Request) -> Response:
        return JSONResponse(rules_catalogue(), headers=_HEADERS)

    async def page(request: Request) -> Response:
        return Response(_asset("index.html"), media_type="text/html", headers=_HEADERS)

    async def static(request: Request) -> Response:
        name = str(request.path_params["name"])
        if name not in _STATIC:
            return _error(404, f"no such file: {name}")
        return Response(_asset(name), media_type=_STATIC[name], headers=_HEADERS)

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/read", read, methods=["POST"]),
        Route("/api/statement", statement, methods=["POST"]),
        Route("/api/rules", rules, methods=["GET"]),
    ]
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        worker.shutdown(wait=False, cancel_futures=True)

    return Starlette(routes=routes, lifespan=lifespan)


def is_loopback(host: str) -> bool:
    """True when *host* is a loopback address (``127.0.0.1``, ``::1``) or ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _config(host: str, port: int) -> uvicorn.Config:
    # No access log: nothing of what a director types is written anywhere. At most 32
    # connections at once; the next get a 503 from uvicorn.
    return uvicorn.Config(create_app(), host=host, port=port, log_level="warning",
                          access_log=False, lifespan="on", server_header=False,
                          limit_concurrency=32)


def run(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Serve the page on *host*:*port* until interrupted (loopback by default)."""
    uvicorn.Server(_config(host, port)).run()


@contextmanager
def running(host: str = DEFAULT_HOST, port: int = 0) -> Iterator[str]:
    """Serve the page on a background thread for the duration of the ``with`` block and yield
    its base URL (``http://127.0.0.1:PORT``); port 0 picks a free port. For tests and scripts.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound_port = sock.getsockname()[1]
    server = uvicorn.Server(_config(host, bound_port))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started or not thread.is_alive():
                break
            threading.Event().wait(0.01)
        if not server.started:
            raise RuntimeError("the page's server did not start")
        name = f"[{host}]" if ":" in host else host
        yield f"http://{name}:{bound_port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
