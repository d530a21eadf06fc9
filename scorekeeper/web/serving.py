"""``scorekeeper serve`` started from inside another program (the terminal app): the board, the
phone page and the table's writes for a store, served from this process's own threads until
:meth:`Serving.stop`.

It serves as ``scorekeeper serve --lan`` does (the phones are on the table's network): the page
follows the game the table plays, and writing needs the store's join code (kept beside the store,
:mod:`scorekeeper.web.join_code`). When the usual port is taken (a ``scorekeeper serve``
already running), any free port is used: the addresses say which. With an address on a
network, the page is announced by name there too (:mod:`scorekeeper.web.announce`; another
server already named scorekeeper.local makes it scorekeeper-2.local): ``Serving.announced.said``
is the line saying the name, once it is known.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

from ..values import dataclass
from . import DEFAULT_PORT

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from .announce import Announcement
    from .server import BoardFeed

__all__ = ["Serving", "serve_in_background"]

ANY_ADDRESS = "0.0.0.0"


@dataclass(frozen=True)
class Serving:
    """A server running in this process: where phones open the page, and how to stop it."""

    remote: tuple[str, ...]  # the phone page's addresses for other devices, with the join code
    local: tuple[str, ...]  # ... and on this computer
    code: str  # the table's join code
    not_kept: str | None  # why the code could not be kept beside the store (it is new at each start)
    stop: Callable[[], None]  # stops the server, the table's writer and the feed
    feed: BoardFeed | None = None  # what the pages are given (a test or a bench reads it)
    announced: Announcement | None = None  # the page announced by name on the network (its line: .said)


def serve_in_background(path: str | Path, *, host: str = ANY_ADDRESS, port: int = DEFAULT_PORT,
                        code: str | None = None, poll: float | None = None, announce: bool = True) -> Serving:
    """Serve the store at ``path`` from threads of this process (StoreError or BoardError, nothing
    left running, when it cannot be). ``code``: the join code (else the one kept beside the
    store); ``poll``: seconds between the feed's looks at the store (else the feed's own);
    ``announce``: by name on the network too, when there are addresses there."""
    from .join_code import join_code
    from .server import POLL, BoardError, BoardFeed, board_server, board_urls
    from .table import Table

    feed = BoardFeed(path, None, poll=POLL if poll is None else poll, empty_ok=True)
    feed.start()
    table = server = None
    try:
        table = Table(path, feed)
        table.start()
        not_kept = None
        if code is None:
            code, not_kept = join_code(str(path))
        try:
            server = board_server(feed, host, port, table=table, join_code=code)
        except BoardError:
            if port == 0:
                raise
            server = board_server(feed, host, 0, table=table, join_code=code)  # the usual port is taken
    except BaseException:
        if table is not None:
            table.close()
        feed.stop()
        raise
    thread = threading.Thread(target=server.serve_forever, name="phone-server", daemon=True)
    thread.start()
    remote, local = board_urls(server)
    announced = None
    if announce and remote:
        from .announce import Announcement

        announced = Announcement(remote, server.server_address[1], code, lambda line: None).start()

    def stop() -> None:
        if announced is not None:
            announced.close()
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        table.close()
        feed.stop()

    return Serving(tuple(f"{url}phone#join={code}" for url in remote),
                   tuple(f"{url}phone#join={code}" for url in local), code, not_kept, stop, feed, announced)
