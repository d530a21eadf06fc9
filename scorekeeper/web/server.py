"""Serving the score board and the phone page: a feed that watches the store, and the server.

:class:`BoardFeed` opens the store read-only (``Store(path, read_only=True)``: nothing is
ever written, nothing migrated) in a thread of its own and asks it every half second for
two cheap marks (:mod:`scorekeeper.store.watch`): the game changed last, and the number
of entries and the draft time of the game shown. Only when they change is the game
rebuilt and the board drawn again, once, for every browser; then whoever listens is told
(the pages' event stream). Served for the phones (``empty_ok``), a store with no game yet
shows that (:func:`~scorekeeper.web.board.empty_state`) until a game is started. Without a game id the feed follows the table: it starts on the
game played most recently that is not over (else the latest game) and moves to any game
that gets an entry, or is started, afterwards.

:func:`board_server` serves it: the routes are :mod:`scorekeeper.web.app` (Starlette), the
server uvicorn on a socket bound here (so that a port in use is said before anything
starts). Bounded: a whole request (its headers and body) must arrive within
:data:`REQUEST_DEADLINE` seconds of the connection or of the answer before it, else the
connection is closed (a client sending a byte now and then holds nothing for long, and no
thread at all: connections are served by one event loop); at most :data:`MAX_CONNECTIONS`
are open at once (one more is answered 503), a request's headers are at most
:data:`HEADER_LIMIT` bytes. A browser that goes away in the middle of an answer is no news:
nothing is printed.

Only the host names it serves: a request whose ``Host`` is not an address (the board's
own, this computer's, any IP literal: an address cannot be rebound), ``localhost``, this
computer's name or the name it listens on is answered 421, one without ``Host`` 400. A
page on another site that rebinds its name to this computer (DNS rebinding) so gets
nothing from the board.
"""

from __future__ import annotations

import errno
import hashlib
import json
import socket
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..i18n import get_language, t, using_language
from ..store.db import Store
from ..store.watch import draft_part, game_mark, latest_change
from . import DEFAULT_HOST, DEFAULT_PORT
from .board import LAST_DEALS, Published, board_state, empty_state
from .hosts import served_names
from .page import board_fragment

if TYPE_CHECKING:
    import asyncio
    import ssl

    import uvicorn
    from starlette.applications import Starlette

    from .board import BoardState
    from .table import Table

    Mark = tuple[int, str | None]  # of a game (store.watch.game_mark): entries in its log, when its draft was saved
    Change = tuple[str, int]  # the latest in the store (store.watch.latest_change): when, and the game's id

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "BoardError", "BoardFeed", "WebServer", "board_server", "board_urls"]

POLL = 0.5  # seconds between two looks at the store


class BoardError(ValueError):
    """The board cannot be served: no such game, no games, the port is taken, ... (the message says)."""


def _ids_text(ids: list[int]) -> str:
    ids = sorted(ids)
    if len(ids) > 2 and ids == list(range(ids[0], ids[-1] + 1)):
        return t("web.ids.range", first=ids[0], last=ids[-1])
    if len(ids) > 12:
        return t("web.ids.many", ids=", ".join(map(str, ids[:10])), count=len(ids))
    if len(ids) == 1:
        return t("web.ids.only", id=ids[0])
    return t("web.ids.list", ids=", ".join(map(str, ids[:-1])), last=ids[-1])


def pick_game(store: Store, game_id: int | None) -> int:
    """The game to show: ``game_id``, or the game being played (BoardError when there is none)."""
    games = store.list_games()
    if not games:
        raise BoardError(t("web.errors.no_games", path=store.path))
    if game_id is None:
        playing = [g for g in games if not g.finished]
        return (playing or games)[0].id
    if not any(g.id == game_id for g in games):
        raise BoardError(t("web.errors.no_such_game", id=game_id, path=store.path,
                           games=_ids_text([g.id for g in games])))
    return game_id


class BoardFeed:
    """The board of one game, kept up to date from the store by a thread of its own."""

    def __init__(self, path: str | Path, game_id: int | None = None, *, poll: float = POLL,
                 last: int = LAST_DEALS, empty_ok: bool = False) -> None:
        self.path = Path(path)
        self.follow = game_id is None  # follow the table to whichever game it plays
        self.empty_ok = empty_ok  # a store with no game yet is served (until a game is started)
        self.game_id = game_id
        self.poll = poll
        self.last = last
        self._published: Published | None = None
        self._key: tuple[int, Mark] | None = None  # the game drawn, and its mark then
        self._latest: Change | None = None  # the latest change seen in the store
        self._problem: str | None = None
        self._failure: BaseException | None = None
        self._ready = threading.Event()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._listeners: list[Callable[[Published], None]] = []
        self.language = ""  # the language the board is drawn in (the server's), set as the feed starts
        # The board drawn in the other languages a browser asked for (web.language), at each drawing
        self._wanted: set[str] = set()
        self._in: dict[str, Published] = {}
        self._make: Callable[[], BoardState] | None = None  # the state of the drawing, made in any language

    # -- the main thread
    def start(self) -> Published:
        """Open the store, pick the game and draw it; StoreError or BoardError (nothing left
        running) when that fails."""
        self._thread = threading.Thread(target=self._watch, name="board-feed", daemon=True)
        self._thread.start()
        while not self._ready.wait(0.2):
            pass
        if self._failure is not None:
            self._thread.join()
            raise self._failure
        return self.published

    @property
    def published(self) -> Published:
        if self._published is None:
            raise RuntimeError("the board feed is not started")
        return self._published

    def published_in(self, language: str) -> Published | None:
        """The board as it is now drawn in ``language``; None until the feed drew it so (it is
        asked to, and draws it from then on with every change: :meth:`want`)."""
        published = self.published
        if language == self.language:
            return published
        drawn = self._in.get(language)
        if drawn is None or drawn.version != published.version:
            self.want(language)
            return None
        return drawn

    def want(self, language: str) -> None:
        """Draw the board in ``language`` too, from now on (at once: in the feed's thread)."""
        if language not in self._wanted:
            self._wanted = self._wanted | {language}
        self._wake.set()

    def listen(self, listener: Callable[[Published], None]) -> None:
        """Call ``listener`` (in the feed's thread) with each new drawing of the board."""
        self._listeners.append(listener)

    def look_now(self) -> None:
        """Look at the store at once rather than at the next poll (this server just wrote it)."""
        self._wake.set()

    def show_game(self, game_id: int) -> None:
        """Show game ``game_id`` from now on (a page just started it): drawn at once."""
        self.game_id = game_id
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # -- the feed's thread (the only one that touches the store)
    def _watch(self) -> None:
        """The feed's thread: open the store, pick the game and draw it (``start`` waits for that),
        then look at the store every ``poll`` seconds until stopped."""
        self.language = get_language()
        try:
            store = Store(self.path, read_only=True)
        except BaseException as exc:
            self._failure = exc
            self._ready.set()
            return
        try:
            try:
                if self.empty_ok and self.follow and latest_change(store) is None:
                    self._make = empty_state
                    self._publish(empty_state(), self._version())  # no game yet: the first one started is shown
                else:
                    self.game_id = game_id = pick_game(store, self.game_id)
                    self._latest = latest_change(store)
                    self._draw(store, game_id)
            except BaseException as exc:
                self._failure = exc
                return
            finally:
                self._ready.set()
            while not self._stop.is_set():
                self._wake.wait(self.poll)
                self._wake.clear()
                if not self._stop.is_set():
                    self.refresh(store)
                    self._draw_wanted()
        finally:
            store.close()

    def refresh(self, store: Store) -> None:
        """Look at the store once; draw the board again if its game changed (or another game
        is being played, when following the table)."""
        try:
            if self.follow:
                latest = latest_change(store)
                if latest is not None and latest != self._latest:
                    self._latest = latest
                    self.game_id = latest[1]
            game_id = self.game_id
            if game_id is None:
                return  # no game yet
            mark = game_mark(store, game_id)
            if mark is None or (game_id, mark) != self._key or self._problem is not None:
                self._draw(store, game_id, mark)
        except Exception as exc:  # StoreError (the store cannot be read), a game that cannot be rebuilt
            self._show_problem(t("web.errors.unreadable", problem=exc))

    def _draw(self, store: Store, game_id: int, mark: Mark | None = None) -> None:
        """Draw game ``game_id`` (StoreError when the store does not have it)."""
        if mark is None:
            mark = game_mark(store, game_id)
        stored = store.open_game(game_id)
        if mark is None:  # stored since the mark was read: marked as a game with nothing in it yet, so that
            mark = (0, None)  # anything it has makes the next look draw it again
        self._problem = None
        self._key = (game_id, mark)
        self._make = lambda: board_state(store.open_game(game_id), self.last)  # (a game opens in the language)
        self._publish(board_state(stored, self.last), self._version())

    def _version(self) -> str:
        if self._key is None:
            return "0-0"  # no game yet
        game_id, (entries, draft) = self._key
        version = f"{game_id}-{entries}"
        if draft is not None:
            version += "-" + draft_part(draft)
        return version

    def _show_problem(self, problem: str) -> None:
        if problem == self._problem:
            return
        self._problem = problem
        state = self.published.state.copy()
        state["problem"] = problem
        self._publish(state, self._version() + "-" + hashlib.sha256(problem.encode("utf-8")).hexdigest()[:8])

    def _publish(self, state: BoardState, version: str) -> None:
        self._published = published = _published(state, version)
        self._draw_wanted()
        for listener in self._listeners:
            listener(published)

    def _draw_wanted(self) -> None:
        """The board as published, drawn in each other language a browser asked for (a problem
        reading the store is said as the server says it)."""
        published, make = self._published, self._make
        if published is None or make is None:
            return
        for language in self._wanted:
            drawn = self._in.get(language)
            if drawn is not None and drawn.version == published.version:
                continue
            try:
                with using_language(language):
                    state = make()
                    self._in[language] = _published({**state, "problem": published.state["problem"]},
                                                    published.version)
            except Exception:  # StoreError, a game that cannot be rebuilt: said at the next look
                self._in.pop(language, None)


def _published(state: BoardState, version: str) -> Published:
    """A drawing of the board in the current language."""
    data = json.dumps({"version": version, **state}, ensure_ascii=False).encode("utf-8")
    return Published(version, state, data, board_fragment(state))


# --- HTTP ----------------------------------------------------------------------------------------

REQUEST_DEADLINE = 10.0  # seconds for a whole request to arrive (the page's requests take milliseconds)
KEEP_ALIVE = 5  # seconds an idle connection is kept for the next request of the same browser
MAX_CONNECTIONS = 200  # open at once (a table's phones, boards and event streams); more are answered 503
HEADER_LIMIT = 16 * 1024  # bytes of a request's line and headers
SHUTDOWN_GRACE = 2  # seconds the answers under way get to end when the server stops
_ANY = ("0.0.0.0", "::", "")


def _deadline_protocol(deadline: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11) with a deadline for each whole request: armed when the
    connection is made and after each answer, disarmed once the request's last byte is in.
    (uvicorn's own timeout covers only the time between requests: a client that sends one
    header byte every few seconds would hold its connection for ever.)"""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class DeadlineProtocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        # a Transport, as uvicorn's H11Protocol takes it (asyncio's Protocol says any BaseTransport)
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(deadline, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing() and self.conn.their_state is not h11.DONE:
                self.transport.close()

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is h11.DONE:
                self._disarm()

        def on_response_complete(self) -> None:
            self._arm()  # the next request on this connection (a pipelined one may disarm it at once)
            super().on_response_complete()

        def send_400_response(self, msg: str) -> None:
            """A request h11 cannot take (not HTTP, no Host in HTTP/1.1, headers too long): one
            sentence in the table's language, and the connection closed."""
            body = (t("web.http.bad_request") + "\n").encode("utf-8")
            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                       (b"connection", b"close")]
            for event in (h11.Response(status_code=400, headers=headers), h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event))
            self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return DeadlineProtocol


class WebServer:
    """A listening socket and the app it will serve: :meth:`serve_forever` serves it until
    :meth:`shutdown` (from another thread) or Ctrl+C (which then goes on as KeyboardInterrupt)."""

    def __init__(self, sock: socket.socket, app: Starlette, *, deadline: float = REQUEST_DEADLINE,
                 max_connections: int = MAX_CONNECTIONS, on_stop: Callable[[], None] | None = None,
                 tls: ssl.SSLContext | None = None) -> None:
        self.socket = sock
        self.tls = tls  # https with this context (scorekeeper.web.tls), else http
        self.app = app
        self.address_family = sock.family
        self.server_address = sock.getsockname()
        self.names: frozenset[str] = getattr(app.state, "names", frozenset())
        self.deadline = deadline
        self.max_connections = max_connections
        self._on_stop = on_stop
        self._server: uvicorn.Server | None = None
        self._asked_to_stop = False
        self._stopped = threading.Event()

    def serve_forever(self, poll_interval: float | None = None) -> None:
        """Serve until stopped (``poll_interval`` is not used: the event loop wakes when needed)."""
        import uvicorn

        on_stop = self._on_stop

        class Server(uvicorn.Server):
            async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
                if on_stop is not None:
                    on_stop()  # endless answers (the event streams) end now
                await super().shutdown(sockets)

        config = uvicorn.Config(self.app, http=_deadline_protocol(self.deadline), ws="none", lifespan="off",
                                loop="asyncio", log_config=None, log_level="critical", access_log=False,
                                server_header=False, date_header=False, timeout_keep_alive=KEEP_ALIVE,
                                limit_concurrency=self.max_connections, h11_max_incomplete_event_size=HEADER_LIMIT,
                                timeout_graceful_shutdown=SHUTDOWN_GRACE)
        if self.tls is not None:  # the context already read and checked (web.tls), not uvicorn's reading of the files
            config.load()
            config.ssl = self.tls
        self._server = server = Server(config)
        server.should_exit = self._asked_to_stop
        try:
            server.run(sockets=[self.socket])
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop serving (from another thread) and wait until it has stopped."""
        self._asked_to_stop = True
        if self._server is not None:
            self._server.should_exit = True
            self._stopped.wait(30)

    def server_close(self) -> None:
        self.socket.close()


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (BoardError when it cannot)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise BoardError(t("web.errors.unknown_host", host=repr(host), problem=exc.strerror)) from None
    family, _, _, _, address = infos[0]
    # IPPROTO_TCP named, not 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on sockets
    # that say they are TCP; with it on, an answer's body waited for the client's delayed
    # acknowledgement of its headers, some 40 ms per request.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if hasattr(socket, "SO_REUSEADDR") and sys.platform != "win32":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port just left (TIME_WAIT) is free
        sock.bind((address[0], address[1]))
        # Connections the system holds until they are taken in turn: a burst of a table's
        # phones and boards waits there, not for the system to try them again.
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise BoardError(t("web.errors.port_in_use", port=str(port), host=host)) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise BoardError(t("web.errors.not_this_computer", host=host)) from None
        if exc.errno == errno.EACCES:
            raise BoardError(t("web.errors.port_not_allowed", port=str(port), host=host)) from None
        raise BoardError(t("web.errors.cannot_listen", host=host, port=str(port),
                           problem=exc.strerror or exc)) from None
    sock.setblocking(False)
    return sock


def board_server(feed: BoardFeed, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, table: Table | None = None,
                 join_code: str | None = None, deadline: float = REQUEST_DEADLINE,
                 max_connections: int = MAX_CONNECTIONS, tls: ssl.SSLContext | None = None) -> WebServer:
    """The server of a started feed, listening (BoardError when it cannot): the read-only
    board, and with a ``table`` (:class:`scorekeeper.web.table.Table`) and its ``join_code``
    the phone page that keeps the score too; https with a ``tls`` context (:func:`scorekeeper.web.tls.tls_context`)."""
    from .app import make_app

    sock = _listen(host, port)
    app = make_app(feed, served_names(host or ""), table=table, join_code=join_code)
    return WebServer(sock, app, deadline=deadline, max_connections=max_connections, on_stop=app.state.stop, tls=tls)

def _lan_addresses(family: int) -> list[str]:
    """This computer's addresses on the network (the one used to reach outside first)."""
    found: list[str] = []
    probe = ("192.0.2.1", 9) if family == socket.AF_INET else ("2001:db8::1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect(probe)  # a datagram socket sends nothing on connect: this only picks a route
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out = []
    for address in found:
        if address not in out and not address.startswith(("127.", "::1", "fe80:")) and address not in _ANY:
            out.append(address)
    return out


def _url(host: str, port: int, scheme: str = "http") -> str:
    return f"{scheme}://[{host}]:{port}/" if ":" in host else f"{scheme}://{host}:{port}/"


def board_urls(server: WebServer) -> tuple[list[str], list[str]]:
    """(URLs for other devices, URLs on this computer) of a listening server (https ones when it serves https)."""
    host, port = server.server_address[:2]
    scheme = "http" if server.tls is None else "https"
    if host in _ANY:
        local = "::1" if server.address_family == socket.AF_INET6 else "127.0.0.1"
        return [_url(a, port, scheme) for a in _lan_addresses(server.address_family)], [_url(local, port, scheme)]
    if host.startswith("127.") or host == "::1":
        return [], [_url(host, port, scheme)]
    return [_url(host, port, scheme)], []
