"""``scorekeeper board [GAME_ID]``: serve a game's live score board to a browser on a second screen.

Read-only in every way: the store is opened read-only, the server answers GET and HEAD
only. It listens on 127.0.0.1 (this computer) unless ``--lan`` (every address) or
``--host ADDRESS`` says otherwise. Ctrl+C stops it (exit status 0). The server is
:mod:`scorekeeper.web.server`; this module only adds the command to the parser.
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_parser", "cmd_board"]


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 65535 (0 picks a free port), not {text!r}")
    return port


def add_parser(sub) -> None:
    """Add ``board`` to the command line's subparsers."""
    from ..cli import _db_option
    from . import DEFAULT_HOST, DEFAULT_PORT

    p = sub.add_parser("board", help="serve a game's live score board to a browser (a phone or a TV)",
                       description="Serve a stored game's score board over HTTP, read-only: totals, ranks, "
                       "the next deal and its instructions, the last deals. It follows the store: a deal "
                       "confirmed at the table shows within two seconds.")
    p.add_argument("game", metavar="GAME_ID", type=int, nargs="?",
                   help="the stored game (default: the game being played, i.e. the one played most recently "
                        "that is not over, else the latest game; the board then follows the table to a "
                        "new game)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--lan", action="store_true",
                       help="let other devices on the network open it (listen on 0.0.0.0)")
    where.add_argument("--host", metavar="ADDRESS", default=None,
                       help=f"the address to listen on (default {DEFAULT_HOST}: this computer only)")
    p.add_argument("--port", metavar="N", type=_port, default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT}; 0 picks a free one)")
    _db_option(p)
    p.set_defaults(run=cmd_board)


def cmd_board(args) -> int:
    from ..cli import _out, _store_path
    from . import DEFAULT_HOST
    from .server import BoardFeed, board_server, board_urls

    host = "0.0.0.0" if args.lan else (args.host if args.host is not None else DEFAULT_HOST)
    path = _store_path(args)
    feed = BoardFeed(path, args.game)
    server = None
    try:
        state = feed.start().state  # StoreError, BoardError: one line, exit status 1
        server = board_server(feed, host, args.port)
        game = state["game"]
        name = game["name"] + (f": {game['title']}" if game["title"] else "")
        follows = "; it follows the table to the game being played" if feed.follow else ""
        _out(f"Score board of game {game['id']} ({name}) from {path}{follows}.")
        remote, local = board_urls(server)
        for url in remote:
            _out(f"Open {url} on a phone or TV on the same network.")
        if args.lan and not remote:
            _out(f"Open http://<this computer's address>:{server.server_address[1]}/ on a phone or TV on the "
                 f"same network.")
        for url in local:
            _out(f"Open {url} in a browser on this computer.")
        if remote or args.lan:
            _out("Anyone on the network can read the board; nobody can change anything through it.")
        _out("Read-only. Ctrl+C stops it.")
        sys.stdout.flush()  # the lines above show at once, also when stdout is a pipe
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        _out("Stopped.")
    finally:
        if server is not None:
            server.server_close()
        feed.stop()
    return 0
