"""The Starlette application behind ``canaldsl serve``: the page, its API, and the limits.

Game-independent. Routes (every POST body is the file's text, UTF-8, nothing else):

- ``GET /``, ``GET /static/{name}``: the page (HTML, CSS and one script, shipped in the
  package: no script, font or style from anywhere else);
- ``GET /api/start``: the served file's name and text (empty without a file);
- ``POST /api/check``: what the page shows about a text (:func:`canaldsl.web.views.check_view`);
- ``POST /api/edit?action=&target=&kind=``: one click applied to the text by its game;
- ``POST /api/answer?question=&budget=``: a solver's answer within a work budget;
- ``POST /api/report``: the dispute report (to download); ``POST /report`` (a form, opening
  in a new tab): the same report shown;
- ``POST /api/save``: the text written to the served file, whole or not at all (the only file
  the server ever writes; 403 when it was started without one).

Limits: a body over :data:`MAX_BODY` bytes is refused (413) before it is read whole; work runs
in a :class:`~canaldsl.web.workers.WorkerPool` whose full queue answers 503 "busy, try again";
a work budget over :data:`MAX_BUDGET` units is refused (400). Every answer carries a strict
Content-Security-Policy and the usual security headers; a request naming another host (DNS
rebinding) is refused, and a POST must come from the page itself (its own header, or a form
of the same origin), so another web site cannot make the server save a file.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from canaldsl.budget import DEFAULT_UNITS
from canaldsl.limits import MAX_FILE_BYTES
from canaldsl.pagehooks import PageEdit
from canaldsl.web import views
from canaldsl.web.workers import Busy, WorkerPool

MAX_BODY = MAX_FILE_BYTES
"""The largest request body taken: the language's own limit on a file (8 MiB)."""

MAX_BUDGET = 30.0
"""The largest work budget a page may ask for one answer (units: :mod:`canaldsl.budget`)."""

PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: its own script and stylesheet only."""

REPORT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'"
"""The dispute report's (the same as the one written in it: no script at all)."""

PAGE_HEADER = "x-canaldsl-page"
"""The header the page's script sends with every API call: a cross-site request cannot
send it without the server's consent, which it never gives."""

STATIC = {
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
}


@dataclass(frozen=True)
class Served:
    """What the server was started with: the one file it may read and write (None: none),
    the name it is shown under, and the path that locates the files a text includes."""

    file: Path | None
    display: str
    path: str


def _static(name: str) -> bytes:
    return (resources.files("canaldsl.web") / "static" / name).read_bytes()


class SecurityHeaders:
    """Adds the security headers to every answer (the page's policy unless one is set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                extra = {
                    b"content-security-policy": PAGE_POLICY.encode(),
                    b"x-content-type-options": b"nosniff",
                    b"referrer-policy": b"same-origin",
                    b"x-frame-options": b"DENY",
                    b"cross-origin-opener-policy": b"same-origin",
                    b"cross-origin-resource-policy": b"same-origin",
                    b"cache-control": b"no-store",
                }
                headers += [(k, v) for k, v in extra.items() if k not in names]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)


class TooLarge(Exception):
    """A request body over the limit."""


async def _body(request: Request) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _same_origin(request: Request) -> bool:
    """A POST of the page's script (its header), or a form sent from the page's origin (as
    the browser says: ``Sec-Fetch-Site``, else ``Origin``)."""
    if request.headers.get(PAGE_HEADER) == "1":
        return True
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site == "same-origin"
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    return origin is not None and origin == f"http://{host}"


def build_app(served: Served, pool: WorkerPool) -> Starlette:
    """The application serving ``served`` with work done in ``pool``."""

    async def text_of(request: Request) -> str | Response:
        if not _same_origin(request):
            return _error(403, "requests come from the page only")
        try:
            data = await _body(request)
        except TooLarge:
            return _error(413, f"the text is larger than {MAX_BODY // (1024 * 1024)} MiB")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return _error(400, "the text is not UTF-8")

    async def work(function: Any, *args: Any) -> Any:
        try:
            return await pool.run(function, *args)
        except Busy:
            return _error(503, "busy, try again")

    def source(text: str) -> views.Source:
        return views.Source(text, served.display, served.path)

    async def index(request: Request) -> Response:
        return HTMLResponse(_static("index.html"))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return PlainTextResponse("not found", status_code=404)
        return Response(_static(name), media_type=STATIC[name])

    async def start(request: Request) -> Response:
        text = ""
        if served.file is not None:
            try:
                text = served.file.read_text(encoding="utf-8")
            except FileNotFoundError:
                text = ""
            except (OSError, UnicodeDecodeError) as exc:
                return _error(500, f"cannot read {served.display}: {exc}")
        return JSONResponse(
            {
                "file": served.display,
                "text": text,
                "can_save": served.file is not None,
                "max_body": MAX_BODY,
                "budget": DEFAULT_UNITS,
                "max_budget": MAX_BUDGET,
            }
        )

    async def check(request: Request) -> Response:
        text = await text_of(request)
        if isinstance(text, Response):
            return text
        answer = await work(views.check_view, source(text))
        return answer if isinstance(answer, Response) else JSONResponse(answer)

    async def edit(request: Request) -> Response:
        text = await text_of(request)
        if isinstance(text, Response):
            return text
        query = request.query_params
        click = PageEdit(query.get("action", ""), query.get("target", ""), query.get("kind", ""))
        answer = await work(views.edit_view, source(text), click)
        return answer if isinstance(answer, Response) else JSONResponse(answer)

    async def solve(request: Request) -> Response:
        text = await text_of(request)
        if isinstance(text, Response):
            return text
        try:
            budget = float(request.query_params.get("budget", DEFAULT_UNITS))
        except ValueError:
            return _error(400, "the budget is a number of work units")
        if not math.isfinite(budget) or not 0 < budget <= MAX_BUDGET:
            return _error(400, f"the budget is more than 0 and at most {MAX_BUDGET:g} units")
        question = request.query_params.get("question", "")
        answer = await work(views.answer_view, source(text), question, budget)
        return answer if isinstance(answer, Response) else JSONResponse(answer)

    async def report_json(request: Request) -> Response:
        text = await text_of(request)
        if isinstance(text, Response):
            return text
        answer = await work(views.report_view, source(text))
        if isinstance(answer, Response):
            return answer
        html, status = answer
        if html is None:
            return _error(422, status)
        return JSONResponse({"html": html, "status": status})

    async def report_page(request: Request) -> Response:
        if not _same_origin(request):
            return PlainTextResponse("requests come from the page only", status_code=403)
        try:
            data = await _body(request)
        except TooLarge:
            return PlainTextResponse("the text is too large", status_code=413)
        fields = parse_qs(data.decode("utf-8", "replace"), keep_blank_values=True)
        text = (fields.get("text") or [""])[0]
        answer = await work(views.report_view, source(text))
        if isinstance(answer, Response):
            return PlainTextResponse("busy, try again", status_code=503)
        html, status = answer
        if html is None:
            return PlainTextResponse(f"no report: {status}", status_code=422)
        return HTMLResponse(html, headers={"content-security-policy": REPORT_POLICY})

    async def save(request: Request) -> Response:
        text = await text_of(request)
        if isinstance(text, Response):
            return text
        if served.file is None:
            return _error(403, "the server was started without a file: download it instead")
        from canaldsl.writing import write_atomically

        try:
            write_atomically(served.file, text)
        except OSError as exc:
            return _error(500, f"cannot write {served.display}: {exc.strerror or exc}")
        return JSONResponse({"saved": served.display, "bytes": len(text.encode("utf-8"))})

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/static/{name}", static),
        Route("/api/start", start),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/edit", edit, methods=["POST"]),
        Route("/api/answer", solve, methods=["POST"]),
        Route("/api/report", report_json, methods=["POST"]),
        Route("/report", report_page, methods=["POST"]),
        Route("/api/save", save, methods=["POST"]),
    ]
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost"]),
    ]
    return Starlette(routes=routes, middleware=middleware)


__all__ = ["MAX_BODY", "MAX_BUDGET", "PAGE_POLICY", "Served", "build_app"]
