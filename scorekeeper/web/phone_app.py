"""The phone page's routes (``scorekeeper serve``): the page, its view and the table's writes.

    GET  /phone         the page (HTML, CSS and a script; nothing from elsewhere)
    GET  /api/view      the view with no boxes typed: what a page without the join code shows
    POST /api/view      the view with the boxes the page typed
    POST /api/confirm   record the next deal as typed (or, with "editing": n, change deal n)
    GET  /api/deals     every recorded deal as the board shows it (to choose one to correct)
    POST /api/edit      the view of recorded deal "number" to correct, its values in the boxes
    POST /api/undo      undo (the typing first, then the game), as the TUI does
    POST /api/redo      redo
    POST /api/join      204 when the join code is right (the page asks before it keeps it)
    GET  /api/games     the built-in games a phone can start
    POST /api/new/form  the new-game form of {"ruleset": id} with what was chosen so far
    POST /api/new       start the game set up (players, options, scores, dealer, title); the page goes to it
    POST /api/table/view who plays the next deal and the plan, to change them
    POST /api/plan      the plan the page shows ({"cards", "chosen"}) with the change it tapped ("op")
    POST /api/table     a player sits out, comes back or joins ("change"), a new plan ("cards"), the end ("end")
    GET  /api/seat      the next deal as a player's own phone shows it (?name=Cara), with what the phones typed
    POST /api/seat/type a box typed on a player's own phone, or ("name": null) on a phone keeping the whole
                        table's score, into the table's one draft; /api/seat/confirm: the deal they typed
                        recorded (:mod:`scorekeeper.web.seats`)
    GET  /manifest.webmanifest  the web app manifest (the page can be added to a phone's home screen)
    GET  /icon.svg      its icon
    GET  /phone-sw.js   the offline shell's service worker (:mod:`scorekeeper.web.shell`)
    GET  /chart.svg     the score chart: each scorer's total after each deal (:mod:`scorekeeper.web.chart`)

Every request may name its language (``?lang=fi`` or ``X-Language: fi``; else the browser's
``Accept-Language``, else the server's): everything answered is worded in it
(:mod:`scorekeeper.web.language`); a language that is not ours is refused (400).

Every POST must carry the table's join code in ``X-Join-Code`` (else 403: a page without it
is read-only), a JSON body of at most :data:`BODY_LIMIT` bytes, and come from this server's
own pages: an ``Origin`` or ``Sec-Fetch-Site`` that says another site is refused (403), and
a custom header cannot be sent across sites without a preflight this server never allows.
The body is ``{"seen": {"game": id, "seq": n, "deal": n}, "typed": [[field, unit, value]...],
"tried": bool}``; the answer the page's view (:mod:`scorekeeper.web.phone`).
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..i18n import LANGUAGES, LanguageError, get_language, show, t, using_language
from ..store.db import StoreError
from .answers import SAFE_HEADERS as _SAFE
from .phone import BadRequest, NoGame
from .chart import CHART_CSP
from .language import accepted_language, request_language
from .phone_page import ICON, PHONE_CSP, phone_page, web_manifest
from .shell import WORKER_PATH, shell_version, worker_script

__all__ = ["BODY_LIMIT", "phone_routes"]

BODY_LIMIT = 64 * 1024  # bytes of a request's body (a deal's boxes take well under 4 KiB)


def _json(status: int, data: dict) -> Response:
    return Response(json.dumps(data, ensure_ascii=False), status, media_type="application/json", headers=_SAFE)


def _refused(status: int, message: str) -> Response:
    return _json(status, {"problem": message})


async def _body(request: Request, join_code: str) -> dict | Response:
    """The request's JSON body once the request passed the guards, or the answer refusing it."""
    headers = request.headers
    given = headers.get("x-join-code", "")
    if not hmac.compare_digest(given.encode("utf-8", "replace"), join_code.encode("utf-8")):
        return _refused(403, t("web.phone.no_code"))
    origin = headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{headers.get('host', '')}":
        return _refused(403, t("web.phone.cross_site"))
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return _refused(403, t("web.phone.cross_site"))
    if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return _refused(415, t("web.phone.bad.json"))
    try:
        length = int(headers.get("content-length", "0"))
    except ValueError:
        length = 0
    if length > BODY_LIMIT:
        return _refused(413, t("web.phone.too_large", most=BODY_LIMIT))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            return _refused(413, t("web.phone.too_large", most=BODY_LIMIT))
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        return _refused(400, t("web.phone.bad.json"))
    return data


def _in_language(endpoint):
    """``endpoint`` answering in the request's language (see the module docstring)."""

    async def answer(request: Request) -> Response:
        headers = request.headers
        try:
            code = request_language(request.query_params.get("lang"), headers.get("x-language"),
                                    headers.get("accept-language"))
        except LanguageError as exc:
            return _refused_language(request, exc)
        with using_language(code):
            return await endpoint(request)

    return answer


def _refused_language(request: Request, exc: LanguageError) -> Response:
    """A language that is not ours, refused in the browser's language (or the server's)."""
    accept = accepted_language(request.headers.get("accept-language"))
    if accept is None:
        message = show(exc)
    else:
        with using_language(accept):
            message = show(exc)
    if request.url.path.startswith("/api/"):
        return _refused(400, message)
    return Response(message + "\n", 400, media_type="text/plain; charset=utf-8", headers=_SAFE)


async def _page(request: Request) -> Response:
    # Content-Language: the offline shell keeps the page under the language it is in
    return Response(phone_page(), 200, media_type="text/html; charset=utf-8",
                    headers={**_SAFE, "Content-Security-Policy": PHONE_CSP, "Content-Language": get_language()})


def _shell_parts():
    """Everything the offline shell keeps, in a fixed order (its version is their digest)."""
    for code in LANGUAGES:
        with using_language(code):
            yield phone_page()
            yield web_manifest()
    yield PHONE_CSP
    yield ICON


async def _worker(request: Request) -> Response:
    """The offline shell's service worker (:mod:`scorekeeper.web.shell`); it may fetch from this server only."""
    return Response(worker_script(shell_version(_shell_parts())), 200, media_type="text/javascript",
                    headers={**_SAFE, "Content-Security-Policy": "default-src 'none'; connect-src 'self'"})


async def _manifest(request: Request) -> Response:
    return Response(web_manifest(), 200, media_type="application/manifest+json", headers=_SAFE)


async def _icon(request: Request) -> Response:
    return Response(ICON, 200, media_type="image/svg+xml", headers={**_SAFE, "Content-Security-Policy": CHART_CSP})


def _writes(table) -> list[tuple[str, Callable]]:
    """The paths a page posts to (with the join code) and the table's work each asks for."""
    return [
        ("/api/view", lambda d: table.view(d.get("typed", []), d.get("tried") is True, d.get("seen"), d.get("editing"))),
        ("/api/confirm", lambda d: table.confirm(d.get("seen"), d.get("typed", []), d.get("editing"))),
        ("/api/edit", lambda d: table.open_edit(d.get("seen"), d.get("number"))),
        ("/api/undo", lambda d: table.undo(d.get("seen"), d.get("typed", []), d.get("name"))),
        ("/api/redo", lambda d: table.redo(d.get("seen"), d.get("typed", []), d.get("name"))),
        ("/api/new/form", table.new_form),
        ("/api/new", table.start_game),
        ("/api/table/view", lambda d: table.table_view()),
        ("/api/plan", table.plan_draft),
        ("/api/table", table.change_table),
        ("/api/seat/type", table.seats.type),
        ("/api/seat/confirm", table.seats.confirm),
    ]


def _shell_routes() -> list[Route]:
    """The page and what it needs to draw itself (what the offline shell keeps), and the worker."""
    return [Route("/phone", _page), Route("/manifest.webmanifest", _manifest, methods=["GET"]),
            Route("/icon.svg", _icon, methods=["GET"]), Route(WORKER_PATH, _worker, methods=["GET"])]


def phone_routes(feed, table, join_code: str) -> list[Route]:
    """The routes of the phone page over a started ``table`` (:class:`~scorekeeper.web.table.Table`)."""

    async def answer(work, *args) -> Response:
        """The table's answer; a store that cannot be read or written now is said (503), not a bug."""
        try:
            return _json(*await table.run(work, *args))
        except NoGame as exc:  # a store with no game yet: the page offers to start one
            return _json(409, {"game": None, "problem": str(exc)})
        except BadRequest as exc:
            return _refused(400, str(exc))
        except StoreError as exc:
            return _refused(503, show(exc))

    async def read(request: Request) -> Response:
        return await answer(table.view, [])

    def writing(work):
        async def endpoint(request: Request) -> Response:
            data = await _body(request, join_code)
            if isinstance(data, Response):
                return data
            return await answer(work, data)

        return endpoint

    async def deals(request: Request) -> Response:
        return await answer(table.deals)

    async def seat(request: Request) -> Response:
        return await answer(table.seats.view, request.query_params.get("name"))

    async def games(request: Request) -> Response:
        return await answer(table.games)

    async def chart(request: Request) -> Response:
        try:
            svg = await table.run(table.chart)
        except NoGame as exc:
            return _refused(404, str(exc))
        except StoreError as exc:
            return _refused(503, show(exc))
        return Response(svg, 200, media_type="image/svg+xml", headers={**_SAFE, "Content-Security-Policy": CHART_CSP})

    async def join(request: Request) -> Response:
        data = await _body(request, join_code)
        return data if isinstance(data, Response) else Response(status_code=204, headers=_SAFE)

    routes = _shell_routes() + [
        Route("/api/view", read, methods=["GET"]),
        Route("/api/deals", deals, methods=["GET"]),
        Route("/api/join", join, methods=["POST"]),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/seat", seat, methods=["GET"]),
        Route("/chart.svg", chart, methods=["GET"]),
    ] + [Route(path, writing(work), methods=["POST"]) for path, work in _writes(table)]
    return [Route(r.path, _in_language(r.endpoint), methods=r.methods) for r in routes]
