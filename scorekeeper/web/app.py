"""The HTTP side of the board and the phone page: Starlette routes over the feed (and the table).

    GET /               the board (HTML, CSS and a small script; nothing from elsewhere)
    GET /board.html     the board alone, which the page swaps in when it changed
    GET /state.json     the board as data (scorekeeper.web.board)
    GET /version.json   {"version": "..."}: changes whenever the board does
    GET /events         server-sent events: the version (event "version"), at once and whenever
                        it changes; the game's entries (event "game": "1-12"), at once and
                        whenever an entry is added (what a phone page follows); served with a
                        table, what is typed of the next deal (event "typing": the draft's mark,
                        whoever typed it), at once and whenever it changes

The board's page, its fragment and its state are in the viewer's language: the one it names
(``?lang=fi`` or ``X-Language``; the page keeps a choice made on it and names it), else the
browser's ``Accept-Language``, else the server's (:mod:`scorekeeper.web.language`); a
language that is not ours is answered 400. Other query strings are ignored.
HEAD too; any other method is answered 405 and any other path 404. Every answer carries ``Cache-Control: no-store`` (the board's also
``X-Board-Version``). Served with a table (``scorekeeper serve``), the phone page and the
table's writes are there too (:mod:`scorekeeper.web.phone_app`).

Every request passes :class:`HostCheck` first (the Host header must name this server:
see :mod:`scorekeeper.web.server`). A bug in a handler is one line on the terminal that
names a report file (:mod:`scorekeeper.crash`), and a 500 to the browser.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from ..i18n import LanguageError, get_language, show, t, using_language
from .answers import SAFE_HEADERS as _SAFE, text
from .hosts import host_served
from .language import request_language
from .page import CSP, board_page

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import AsyncIterator, Awaitable, Callable, Mapping, Protocol

    from starlette.types import ASGIApp, Receive, Scope, Send

    from .board import Published
    from .table import Table

    class BoardFeed(Protocol):
        """What the app reads of the board's feed (scorekeeper.web.server.BoardFeed, which imports
        this module: named here by what it does, so that the two modules do not import each other)."""

        @property
        def published(self) -> Published: ...

        def listen(self, listener: Callable[[Published], None]) -> None: ...

        def published_in(self, language: str) -> Published | None: ...

    Handler = Callable[[Request, Exception], Awaitable[Response]]  # an error's answer

__all__ = ["Hub", "make_app"]

def game_part(version: str) -> str:
    """The part of a board's version that changes with the game's entries only ("1-12"), not
    with what is typed of the next deal (the draft) or a problem reading the store."""
    return "-".join(version.split("-")[:2])


def typing_part(version: str) -> str:
    """The part of a board's version that changes with what is typed of the next deal (the
    store's draft, whoever typed it: the app, a player's phone); "" without a draft."""
    return "-".join(version.split("-")[2:3])


KEEP_ALIVE_EVERY = 15.0  # seconds between two comments on a quiet event stream (proxies, sleeping phones)
class HostCheck:
    """ASGI middleware: a request whose Host does not name this server is answered 421 (400
    without a Host); nothing else of it is read."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = next((v for k, v in scope["headers"] if k == b"host"), b"").decode("latin-1")
            if not host.strip():
                return await text(400, t("web.http.no_host"))(scope, receive, send)
            if not host_served(host, self.names):
                return await text(421, t("web.http.wrong_host", host=host[:100]))(scope, receive, send)
        await self.app(scope, receive, send)


class Hub:
    """Tells the event streams (in the server's event loop) that the board changed (in the
    feed's thread), and that the server stops."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: set[asyncio.Event] = set()
        self.stopping = False
        self.typing: Callable[[], str] | None = None  # the mark of what is typed of the next deal, with a table

    def changed(self, _published: Published | None = None) -> None:
        """From any thread: wake every stream."""
        loop = self.loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the loop has closed: the server stopped
                pass

    def stop(self) -> None:
        """From the server's loop as it stops: every stream ends."""
        self.stopping = True
        self._wake()

    def _wake(self) -> None:
        for event in self.waiting:
            event.set()

    async def versions(self, feed: BoardFeed, request: Request) -> AsyncIterator[str]:
        """The stream: the version now, then each new one; a comment now and then while quiet."""
        self.loop = asyncio.get_running_loop()
        event = asyncio.Event()
        self.waiting.add(event)
        try:
            yield "retry: 1000\n\n"  # a page that lost the server asks again every second
            sent: str | None = None
            sent_game: str | None = None
            sent_typing: str | None = None
            while not self.stopping:
                version = feed.published.version
                if version != sent:
                    sent = version
                    yield f"event: version\ndata: {json.dumps(version)}\n\n"
                game = game_part(version)
                if game != sent_game:  # what the phone pages follow: not each key typed at the table
                    sent_game = game
                    yield f"event: game\ndata: {json.dumps(game)}\n\n"
                typing = self.typing() if self.typing is not None else None
                if typing != sent_typing:  # a box typed on a player's own phone (web.seats) or in the app
                    sent_typing = typing
                    yield f"event: typing\ndata: {json.dumps(typing)}\n\n"
                try:
                    await asyncio.wait_for(event.wait(), KEEP_ALIVE_EVERY)
                except TimeoutError:
                    yield ": still here\n\n"
                event.clear()
        finally:
            self.waiting.discard(event)


def make_app(feed: BoardFeed, names: frozenset[str], *, table: Table | None = None,
             join_code: str | None = None) -> Starlette:
    """The app of a started feed, answering to the host ``names`` (and any address). With a
    ``table`` and its ``join_code``: the phone page and the writes too."""
    hub = Hub()
    feed.listen(hub.changed)
    routes = _board_routes(feed, hub)
    if table is not None:
        from .phone_app import phone_routes

        if join_code is None:
            raise TypeError("a table is served with its join code")  # (a programming error)
        routes += phone_routes(feed, table, join_code)
        hub.typing = lambda: typing_part(feed.published.version)
    app = Starlette(routes=routes, exception_handlers=_error_answers(writes=table is not None))
    app.add_middleware(HostCheck, names=names)
    app.state.stop = hub.stop
    app.state.hub = hub
    app.state.names = names
    return app


DRAWN_WAIT = 5.0  # seconds a request waits for the board to be drawn in its language (it takes milliseconds)


def _board_routes(feed: BoardFeed, hub: Hub) -> list[Route]:
    """The board's routes: the page, its fragment, the state and version as data, the events."""

    async def in_language(request: Request) -> tuple[Published, str] | Response:
        """The board drawn in the request's language (the feed draws it, in its thread, when a
        browser first asks for it), and that language; 400 for a language that is not ours."""
        headers = request.headers
        try:
            code = request_language(request.query_params.get("lang"), headers.get("x-language"),
                                    headers.get("accept-language"))
        except LanguageError as exc:
            return text(400, show(exc))
        waited = 0.0
        while True:
            drawn = feed.published_in(code)
            if drawn is not None:
                return drawn, code
            if waited >= DRAWN_WAIT:  # (the store cannot be read in it now: the server's language)
                return feed.published, get_language()
            await asyncio.sleep(0.01)
            waited += 0.01

    def versioned(content: bytes | str, kind: str, version: str, headers: Mapping[str, str] | None = None) -> Response:
        return Response(content, 200, media_type=kind,
                        headers={**_SAFE, "X-Board-Version": version, **(headers or {})})

    async def page(request: Request) -> Response:
        drawn = await in_language(request)
        if isinstance(drawn, Response):
            return drawn
        published, code = drawn
        with using_language(code):
            html = board_page(published.state, published.version)
        return versioned(html, "text/html; charset=utf-8", published.version, {"Content-Security-Policy": CSP})

    async def fragment(request: Request) -> Response:
        drawn = await in_language(request)
        if isinstance(drawn, Response):
            return drawn
        published = drawn[0]
        return versioned(published.fragment, "text/html; charset=utf-8", published.version,
                         {"Content-Security-Policy": CSP})

    async def state(request: Request) -> Response:
        drawn = await in_language(request)
        if isinstance(drawn, Response):
            return drawn
        published = drawn[0]
        return versioned(published.json, "application/json", published.version)

    async def version(request: Request) -> Response:
        published = feed.published
        return versioned(json.dumps({"version": published.version}), "application/json", published.version)

    async def events(request: Request) -> Response:
        return StreamingResponse(hub.versions(feed, request), media_type="text/event-stream",
                                 headers={**_SAFE, "X-Accel-Buffering": "no"})

    return [Route("/", page), Route("/index.html", page), Route("/board.html", fragment),
            Route("/state.json", state), Route("/version.json", version), Route("/events", events)]



def _error_answers(writes: bool) -> dict[int | type[Exception], Handler]:
    """The answers to a path not served (404), a method not allowed (405) and a bug (500); ``writes``:
    served with a table, whose paths take more methods."""

    async def not_found(request: Request, exc: Exception) -> Response:
        return text(404, t("web.http.not_found_serve" if writes else "web.http.not_found"))

    async def not_allowed(request: Request, exc: Exception) -> Response:
        headers = exc.headers if isinstance(exc, HTTPException) else None
        allowed = (headers or {}).get("Allow", "GET, HEAD")
        if writes:
            return text(405, t("web.http.not_allowed_here", method=request.method, allowed=allowed),
                        {"Allow": allowed})
        return text(405, t("web.http.not_allowed", method=request.method), {"Allow": "GET, HEAD"})

    async def bug(request: Request, exc: Exception) -> Response:
        from ..crash import crash_report

        print(crash_report(exc), file=sys.stderr, flush=True)
        return text(500, t("web.http.bug"))

    return {404: not_found, 405: not_allowed, Exception: bug}
