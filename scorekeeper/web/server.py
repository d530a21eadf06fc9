"""Serving the score board: a feed that watches the store, and a read-only HTTP server.

:class:`BoardFeed` opens the store read-only (``Store(path, read_only=True)``: nothing is
ever written, nothing migrated) in a thread of its own and asks it every half second for
two cheap marks (:mod:`scorekeeper.store.watch`): the game changed last, and the number
of entries and the draft time of the game shown. Only when they change is the game
rebuilt and the board drawn again, once, for every browser. Without a game id the feed
follows the table: it starts on the game played most recently that is not over (else
the latest game) and moves to any game that gets an entry, or is started, afterwards.

:func:`board_server` serves it (``http.server``, one thread per request):

    GET /               the page (HTML, CSS and a small script; nothing from elsewhere)
    GET /board.html     the board alone, which the page swaps in when it changed
    GET /state.json     the board as data (scorekeeper.web.board)
    GET /version.json   {"version": "..."}: changes whenever the board does

HEAD too; any other method is answered 405 and any other path 404. Query strings are
ignored. Every answer carries ``X-Board-Version`` and ``Cache-Control: no-store``.

Bounded and quiet: a connection that sends nothing for :data:`IDLE_TIMEOUT` seconds is
closed, and at most :data:`MAX_CONNECTIONS` are served at once (each has a thread; one
more is answered 503 at once and closed), so idle sockets cannot pile up threads. A
browser that goes away in the middle of an answer is no news: nothing is printed.

Only the host names it serves: a request whose ``Host`` is not an address (the board's
own, this computer's, any IP literal: an address cannot be rebound), ``localhost``, this
computer's name or the name it listens on is answered 421, one without ``Host`` 400. A
page on another site that rebinds its name to this computer (DNS rebinding) so gets
nothing from the board.
"""

from __future__ import annotations

import errno
import hashlib
import ipaddress
import json
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from socketserver import TCPServer
from typing import Any
from urllib.parse import urlsplit

from ..i18n import t
from ..store.db import Store
from ..store.watch import game_mark, latest_change
from . import DEFAULT_HOST, DEFAULT_PORT
from .board import LAST_DEALS, board_state
from .page import CSP, board_fragment, board_page
from ..values import dataclass

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "BoardError", "BoardFeed", "board_server", "board_urls"]

POLL = 0.5  # seconds between two looks at the store
_ANY = ("0.0.0.0", "::", "")


class BoardError(ValueError):
    """The board cannot be served: no such game, no games, the port is taken, ... (the message says)."""


@dataclass(frozen=True)
class Published:
    """One drawing of the board, served as it is to every browser until the game changes."""

    version: str
    state: dict[str, Any]
    json: bytes
    fragment: str


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
                 last: int = LAST_DEALS):
        self.path = Path(path)
        self.follow = game_id is None  # follow the table to whichever game it plays
        self.game_id = game_id
        self.poll = poll
        self.last = last
        self._published: Published | None = None
        self._key: tuple | None = None  # (game id, its mark) that was drawn
        self._latest: tuple | None = None  # the latest change seen in the store
        self._problem: str | None = None
        self._failure: BaseException | None = None
        self._ready = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the main thread
    def start(self) -> Published:
        """Open the store, pick the game and draw it; StoreError or BoardError (nothing left
        running) when that fails."""
        self._thread = threading.Thread(target=self._run, name="board-feed", daemon=True)
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

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # -- the feed's thread (the only one that touches the store)
    def _run(self) -> None:
        try:
            store = Store(self.path, read_only=True)
        except BaseException as exc:
            self._failure = exc
            self._ready.set()
            return
        try:
            try:
                self.game_id = pick_game(store, self.game_id)
                self._latest = latest_change(store)
                self._draw(store)
            except BaseException as exc:
                self._failure = exc
                return
            finally:
                self._ready.set()
            while not self._stop.wait(self.poll):
                self.refresh(store)
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
            mark = game_mark(store, self.game_id)
            if (self.game_id, mark) != self._key or self._problem is not None:
                self._draw(store, mark)
        except Exception as exc:  # StoreError (the store cannot be read), a game that cannot be rebuilt
            self._show_problem(t("web.errors.unreadable", problem=exc))

    def _draw(self, store: Store, mark: tuple | None = None) -> None:
        if mark is None:
            mark = game_mark(store, self.game_id)
        stored = store.open_game(self.game_id)
        self._problem = None
        self._key = (self.game_id, mark)
        self._publish(board_state(stored, self.last), self._version())

    def _version(self) -> str:
        game_id, (entries, draft) = self._key
        version = f"{game_id}-{entries}"
        if draft is not None:
            version += "-" + hashlib.sha256(draft.encode("utf-8")).hexdigest()[:8]
        return version

    def _show_problem(self, problem: str) -> None:
        if problem == self._problem:
            return
        self._problem = problem
        state = dict(self._published.state, problem=problem)
        self._publish(state, self._version() + "-" + hashlib.sha256(problem.encode("utf-8")).hexdigest()[:8])

    def _publish(self, state: dict, version: str) -> None:
        data = json.dumps({"version": version, **state}, ensure_ascii=False).encode("utf-8")
        self._published = Published(version, state, data, board_fragment(state))


# --- HTTP ----------------------------------------------------------------------------------------

_BODY_LIMIT = 1 << 16  # a refused request's body is read (and dropped) up to this size
IDLE_TIMEOUT = 10.0  # seconds a connection may be silent (the page asks every second, each time anew)
MAX_CONNECTIONS = 32  # served at once, a thread each; more are answered 503 and closed
_GONE = (ConnectionError, TimeoutError)  # the client reset, closed or went quiet: nothing to say
_BUSY = b"HTTP/1.0 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


def _host_name(header: str) -> str:
    """The name in a Host header, without the port and the brackets of an IPv6 address."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    name, colon, port = header.rpartition(":")
    return name if colon and port.isdigit() else header


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def served_names(host: str) -> frozenset[str]:
    """The host names a board listening on ``host`` answers to (besides any IP address):
    localhost, this computer's name (and its .local name), and ``host`` itself."""
    names = {"localhost", host.lower().rstrip(".")}
    try:
        machine = socket.gethostname().lower()
    except OSError:
        machine = ""
    if machine:
        names |= {machine, machine.split(".")[0], machine.split(".")[0] + ".local"}
    return frozenset(n for n in names if n and not _is_address(n))


class BoardHandler(BaseHTTPRequestHandler):
    """GET and HEAD of the board's four paths; nothing else."""

    server: "BoardServer"
    server_version = "scorekeeper-board"
    sys_version = ""

    def setup(self) -> None:
        self.timeout = self.server.idle_timeout  # the socket's: each read waits this long at most
        super().setup()

    def do_GET(self) -> None:
        if self._host_served(body=True):
            self._serve(body=True)

    def do_HEAD(self) -> None:
        if self._host_served(body=False):
            self._serve(body=False)

    def __getattr__(self, name: str):
        if name.startswith("do_"):  # POST, PUT, DELETE, PATCH, ... any other method
            return self._refuse
        raise AttributeError(name)

    def _host_served(self, body: bool) -> bool:
        """True when the Host header names the board; else the request is answered 421 (400
        without one) and False."""
        header = self.headers.get("Host")
        if header is None or not header.strip():
            self._send(400, "text/plain; charset=utf-8", (t("web.http.no_host") + "\n").encode("utf-8"), body)
            return False
        name = _host_name(header)
        if _is_address(name) or name.rstrip(".") in self.server.names:
            return True
        self._send(421, "text/plain; charset=utf-8",
                   (t("web.http.wrong_host", host=header[:100]) + "\n").encode("utf-8"), body)
        return False

    def _refuse(self) -> None:
        if not self._host_served(body=True):
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = 0
        if 0 < length <= _BODY_LIMIT:
            self.rfile.read(length)  # so that closing the connection does not reset it
        self._send(405, "text/plain; charset=utf-8",
                   (t("web.http.not_allowed", method=self.command) + "\n").encode("utf-8"), True,
                   {"Allow": "GET, HEAD"})

    def _serve(self, body: bool) -> None:
        published = self.server.feed.published
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            content = board_page(published.state, published.version).encode("utf-8")
            self._send(200, "text/html; charset=utf-8", content, body, {"Content-Security-Policy": CSP},
                       published.version)
        elif path == "/board.html":
            self._send(200, "text/html; charset=utf-8", published.fragment.encode("utf-8"), body,
                       {"Content-Security-Policy": CSP}, published.version)
        elif path == "/state.json":
            self._send(200, "application/json", published.json, body, version=published.version)
        elif path == "/version.json":
            self._send(200, "application/json", json.dumps({"version": published.version}).encode("utf-8"),
                       body, version=published.version)
        else:
            self._send(404, "text/plain; charset=utf-8", (t("web.http.not_found") + "\n").encode("utf-8"), body)

    def _send(self, status: int, kind: str, content: bytes, body: bool, headers: dict | None = None,
              version: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if version is not None:
            self.send_header("X-Board-Version", version)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(content)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # a browser asks every second: nothing to say about each request


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # closing does not wait for the threads of connections still open
    allow_reuse_port = False  # a port another board (or anything) listens on is refused, never shared
    # Connections the system holds until they are taken in turn (socketserver's 5 let a burst of
    # a few more wait a second or more each for the system to try them again): the sockets, not threads.
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], family: int, feed: BoardFeed, *, names: frozenset[str] = frozenset(),
                 idle_timeout: float = IDLE_TIMEOUT, max_connections: int = MAX_CONNECTIONS):
        self.address_family = family
        self.feed = feed
        self.names = names
        self.idle_timeout = idle_timeout
        self._slots = threading.BoundedSemaphore(max_connections)
        self._owed: dict[int, bool] = {}  # id of a connection -> its slot is still to be given back
        super().__init__(address, BoardHandler)

    def process_request(self, request, client_address) -> None:
        """A thread for the connection while there is a slot; else 503 at once, and closed."""
        if not self._slots.acquire(blocking=False):
            try:
                request.setblocking(False)
                request.send(_BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        self._owed[id(request)] = True
        try:
            super().process_request(request, client_address)
        except BaseException:  # (Ctrl+C while the thread starts: it may have started all the same)
            self._give_back(request)
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._give_back(request)

    def _give_back(self, request) -> None:
        """The connection's slot, given back once: by its thread, or here when the thread may
        never have run (whichever comes first takes it from _owed; dict.pop is atomic)."""
        if self._owed.pop(id(request), False):
            self._slots.release()

    def handle_error(self, request, client_address) -> None:
        """A client that went away says nothing; anything else is a bug: one line and a report."""
        error = sys.exc_info()[1]
        if isinstance(error, _GONE):
            return
        from ..crash import crash_report

        print(crash_report(error), file=sys.stderr)

    def server_bind(self) -> None:
        TCPServer.server_bind(self)  # not HTTPServer's: it looks the host name up, which can hang
        self.server_name, self.server_port = self.server_address[:2]


def board_server(feed: BoardFeed, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *,
                 idle_timeout: float = IDLE_TIMEOUT, max_connections: int = MAX_CONNECTIONS) -> BoardServer:
    """The server of a started feed, listening (BoardError when it cannot)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise BoardError(t("web.errors.unknown_host", host=repr(host), problem=exc.strerror)) from None
    family, _, _, _, address = infos[0]
    try:
        return BoardServer((address[0], address[1]), family, feed, names=served_names(host or ""),
                           idle_timeout=idle_timeout, max_connections=max_connections)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise BoardError(t("web.errors.port_in_use", port=str(port), host=host)) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise BoardError(t("web.errors.not_this_computer", host=host)) from None
        if exc.errno == errno.EACCES:
            raise BoardError(t("web.errors.port_not_allowed", port=str(port), host=host)) from None
        raise BoardError(t("web.errors.cannot_listen", host=host, port=str(port), problem=exc.strerror or exc)) from None


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
            found.append(info[4][0])
    except OSError:
        pass
    out = []
    for address in found:
        if address not in out and not address.startswith(("127.", "::1", "fe80:")) and address not in _ANY:
            out.append(address)
    return out


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def board_urls(server: BoardServer) -> tuple[list[str], list[str]]:
    """(URLs for other devices, URLs on this computer) of a listening server."""
    host, port = server.server_address[:2]
    if host in _ANY:
        local = "::1" if server.address_family == socket.AF_INET6 else "127.0.0.1"
        return [_url(a, port) for a in _lan_addresses(server.address_family)], [_url(local, port)]
    if host.startswith("127.") or host == "::1":
        return [], [_url(host, port)]
    return [_url(host, port)], []
