"""``scorekeeper board [GAME_ID]`` and ``scorekeeper serve [GAME_ID]``: a game in a browser.

``board`` serves the live score board, read-only in every way: the store is opened
read-only, the server answers GET and HEAD only. ``serve`` serves the board and the phone
page, from which the table keeps the score (:mod:`scorekeeper.web.phone_app`): writes need
the store's join code (kept beside it, :mod:`scorekeeper.web.join_code`; ``--new-code`` makes a
new one), printed as text and as a QR code of the phone page's address.
Both listen on 127.0.0.1 (this computer) unless ``--lan`` (every address) or ``--host
ADDRESS`` says otherwise. Ctrl+C stops them (exit status 0). The server is
:mod:`scorekeeper.web.server`; this module adds the commands to the parser and starts them
(the command line imports the web package, never the other way round).
"""

from __future__ import annotations

import argparse
import os
import sys

from ..i18n import t
from ..web import DEFAULT_HOST, DEFAULT_PORT
from .common import UsageError, db_option, help_text, out, store_path, whole_number

__all__ = ["add_parser", "cmd_board", "cmd_serve"]

def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(t("web.cli.bad_port", text=repr(text)))
    return port


def _common(p) -> None:
    p.add_argument("game", metavar="GAME_ID", type=whole_number, nargs="?", help=help_text("web.cli.help_game"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--lan", action="store_true", help=help_text("web.cli.help_lan"))
    where.add_argument("--host", metavar="ADDRESS", default=None, help=help_text("web.cli.help_host", host=DEFAULT_HOST))
    p.add_argument("--port", metavar="N", type=_port, default=DEFAULT_PORT,
                   help=help_text("web.cli.help_port", port=str(DEFAULT_PORT)))
    db_option(p)


def add_parser(sub) -> None:
    """Add ``board`` and ``serve`` to the command line's subparsers."""
    p = sub.add_parser("board", help=help_text("web.cli.help"), description=help_text("web.cli.description"))
    _common(p)
    p.set_defaults(run=cmd_board)
    p = sub.add_parser("serve", help=help_text("web.serve.help"), description=help_text("web.serve.description"))
    _common(p)
    p.add_argument("--new-code", action="store_true", help=help_text("web.serve.help_new_code"))
    p.add_argument("--cert", metavar="FILE", default=None, help=help_text("web.serve.help_cert"))
    p.add_argument("--key", metavar="FILE", default=None, help=help_text("web.serve.help_key"))
    p.set_defaults(run=cmd_serve)


def cmd_board(args) -> int:
    return _serve(args, writes=False)


def cmd_serve(args) -> int:
    return _serve(args, writes=True)


def _qr(url: str) -> None:
    """The address as a QR code of text blocks (segno); left out where the terminal cannot show them."""
    import io

    import segno

    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True, border=2)
    try:
        sys.stdout.write(drawn.getvalue())
    except UnicodeEncodeError:
        pass


def _tls(args):
    """``serve --cert FILE --key FILE``: the TLS context of the two (None without them; UsageError
    for one without the other, TLSError for a file that cannot be used)."""
    cert, key = getattr(args, "cert", None), getattr(args, "key", None)
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise UsageError(t("web.serve.cert_and_key"))
    from ..web.tls import tls_context

    return tls_context(cert, key)


def _serve(args, writes: bool) -> int:
    from ..web.server import BoardFeed, board_server, board_urls

    tls = _tls(args)  # first: a certificate that cannot be used starts nothing
    host = "0.0.0.0" if args.lan else (args.host if args.host is not None else DEFAULT_HOST)
    path = store_path(args)
    if writes and not getattr(args, "db", None) and not os.path.exists(path):
        from ..store.db import Store

        Store(path).close()  # the default store, made as the app makes it: a phone can start the first game
    feed = BoardFeed(path, args.game, empty_ok=writes)
    server = table = announced = None
    try:
        state = feed.start().state  # StoreError, BoardError: one line, exit status 1
        code = None
        if writes:
            from ..web.table import Table

            table = Table(path, feed)
            table.start()
            from ..web.join_code import join_code

            code, not_kept = join_code(path, new=args.new_code)
            if not_kept:
                out(not_kept)
        server = board_server(feed, host, args.port, table=table, join_code=code, tls=tls)
        game = state["game"]
        words = "web.serve" if writes else "web.cli"
        if game is None:
            out(t("web.serve.serving_empty", path=path))
        else:
            name = game["name"] + (f": {game['title']}" if game["title"] else "")
            out(t(f"{words}.serving_follows" if feed.follow else f"{words}.serving", id=game["id"], name=name,
                  path=path))
        remote, local = board_urls(server)
        if code is not None:  # (serve: the phones join with it)
            _say_phone(remote, local, code, server.server_address[1], args.lan)
        else:
            _say_board(remote, local, server.server_address[1], args.lan)
        sys.stdout.flush()  # the lines above show at once, also when stdout is a pipe
        announced = _announced(remote, server.server_address[1], code) if code is not None and args.lan else None
        server.serve_forever()
    except KeyboardInterrupt:
        out(t("web.cli.stopped"))
    finally:
        if announced is not None:
            announced.close()
        if server is not None:
            server.server_close()
        if table is not None:
            table.close()
        feed.stop()
    return 0


def _announced(remote: list[str], port: int, code: str):
    """``serve --lan``: the page announced by name on the network too (mDNS, in a thread: one line
    says how it went, :mod:`scorekeeper.web.announce`)."""
    from ..web.announce import Announcement

    def said(line: str) -> None:
        out(line)
        sys.stdout.flush()

    return Announcement(remote, port, code, said).start()


def _say_board(remote: list[str], local: list[str], port: int, lan: bool) -> None:
    """Where the read-only board is opened."""
    for url in remote:
        out(t("web.cli.open_remote", url=url))
    if lan and not remote:
        out(t("web.cli.open_any", port=str(port)))
    for url in local:
        out(t("web.cli.open_local", url=url))
    if remote or lan:
        out(t("web.cli.anyone"))
    out(t("web.cli.read_only"))


def _say_phone(remote: list[str], local: list[str], code: str, port: int, lan: bool) -> None:
    """Where the phones open the page (with the join code in the address), the QR code of it, the code."""
    for url in remote:
        out(t("web.serve.phone_remote", url=f"{url}phone#join={code}"))
    if remote:
        _qr(f"{remote[0]}phone#join={code}")
    elif lan:
        out(t("web.cli.open_any", port=str(port)))
    for url in local:
        out(t("web.serve.phone_local", url=f"{url}phone#join={code}"))
    out(t("web.serve.board", url=(remote or local)[0] if remote or local else "/"))
    out(t("web.serve.code", code=code))
    out(t("web.serve.code_kept"))
    if remote or lan:
        out(t("web.serve.network"))
    out(t("web.serve.stop"))
