"""``scorekeeper board [GAME_ID]``: serve a game's live score board to a browser on a second screen.

Read-only in every way: the store is opened read-only, the server answers GET and HEAD
only. It listens on 127.0.0.1 (this computer) unless ``--lan`` (every address) or
``--host ADDRESS`` says otherwise. Ctrl+C stops it (exit status 0). The server is
:mod:`scorekeeper.web.server`; this module adds the command to the parser and starts it
(the command line imports the web package, never the other way round).
"""

from __future__ import annotations

import argparse
import sys

from ..i18n import t
from ..web import DEFAULT_HOST, DEFAULT_PORT
from .common import db_option, help_text, out, store_path, whole_number

__all__ = ["add_parser", "cmd_board"]


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(t("web.cli.bad_port", text=repr(text)))
    return port


def add_parser(sub) -> None:
    """Add ``board`` to the command line's subparsers."""
    p = sub.add_parser("board", help=help_text("web.cli.help"), description=help_text("web.cli.description"))
    p.add_argument("game", metavar="GAME_ID", type=whole_number, nargs="?", help=help_text("web.cli.help_game"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--lan", action="store_true", help=help_text("web.cli.help_lan"))
    where.add_argument("--host", metavar="ADDRESS", default=None, help=help_text("web.cli.help_host", host=DEFAULT_HOST))
    p.add_argument("--port", metavar="N", type=_port, default=DEFAULT_PORT,
                   help=help_text("web.cli.help_port", port=str(DEFAULT_PORT)))
    db_option(p)
    p.set_defaults(run=cmd_board)


def cmd_board(args) -> int:
    from ..web.server import BoardFeed, board_server, board_urls

    host = "0.0.0.0" if args.lan else (args.host if args.host is not None else DEFAULT_HOST)
    path = store_path(args)
    feed = BoardFeed(path, args.game)
    server = None
    try:
        state = feed.start().state  # StoreError, BoardError: one line, exit status 1
        server = board_server(feed, host, args.port)
        game = state["game"]
        name = game["name"] + (f": {game['title']}" if game["title"] else "")
        if feed.follow:
            out(t("web.cli.serving_follows", id=game["id"], name=name, path=path))
        else:
            out(t("web.cli.serving", id=game["id"], name=name, path=path))
        remote, local = board_urls(server)
        for url in remote:
            out(t("web.cli.open_remote", url=url))
        if args.lan and not remote:
            out(t("web.cli.open_any", port=str(server.server_address[1])))
        for url in local:
            out(t("web.cli.open_local", url=url))
        if remote or args.lan:
            out(t("web.cli.anyone"))
        out(t("web.cli.read_only"))
        sys.stdout.flush()  # the lines above show at once, also when stdout is a pipe
        server.serve_forever()
    except KeyboardInterrupt:
        out(t("web.cli.stopped"))
    finally:
        if server is not None:
            server.server_close()
        feed.stop()
    return 0
