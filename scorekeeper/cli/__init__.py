"""The command line: ``scorekeeper <command>`` (also ``python -m scorekeeper``).

Commands: ``rules list|show|check``, ``check-bid``, ``hand-value``, ``replay``,
``export`` and ``play ID|FILE`` (the terminal app on a new game of that ruleset); with
no command the terminal app starts. ``--db PATH`` (before the command, or after
``play``) chooses the file where the app saves games.

Stored games (the file the app saves in; ``--db PATH`` chooses another): ``history``,
``show GAME_ID``, ``stats``, ``sessions``, ``session [ID]``, ``import SHEET``; ``replay``
and ``export`` take a game id too, and ``export --session [ID]`` or ``--all``.
``--plain`` (``replay``, ``show``, ``history``, ``stats``, ``sessions``, ``session``) prints
sentences, one a line, for a screen reader instead of tables (:mod:`.play.plain`).

The language (English, Finnish, Polish) is chosen first of all, before the parser is built:
``--lang CODE`` anywhere on the line (before or after the command; taken out of the
arguments by :func:`choose_language`), else $SCOREKEEPER_LANG, the settings, the locale.
Rulesets are shown through ``ruleset.localized(lang)``; ``--json`` keeps the English texts
of ``rules list``/``rules show``.

Exit status: 0 success; 1 a bad sheet or ruleset, an illegal bid, a deal that breaks
a rule, an unknown game or session, a store that cannot be used, output that cannot be
written (a full disk, standard output closed); 2 a usage error (unknown ruleset or
option, wrong number of bids, ...); 141 the reader of the output went away (``| head``).
Every error is one line on stderr, never a traceback; 70 an internal error (a bug): one
line that names the report file with the details (:mod:`scorekeeper.crash`).

The commands are grouped in modules: :mod:`.rules` (``rules``, ``check-bid``, ``hand-value``),
:mod:`.games` (``replay``, ``show``, ``export``, ``import``), :mod:`.history` (``history``,
``stats``, ``sessions``, ``session``), :mod:`.board` (``board``), what they share in :mod:`.common`; this module chooses
the language, builds the parser, starts the app (``play``, no command) and runs the rest. A
headless command in its usual form is read without the parser (:mod:`.quick`, which gives the
namespace the parser would); the parser's classes are in :mod:`.parsing`.
"""

from __future__ import annotations

import os
import sys

from ..i18n import LANGUAGES, LanguageError, resolve_language, set_language, show, t
from ..rules.problems import RulesetError
from .common import (
    PROG, OutputError, UsageError, _err, _game_id, _plain_option, _ruleset_path, db_option, help_text, store_path,
    whole_number,
)
from ..process import collect_as_usual
from .quick import quick_args, run_later

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    import argparse
    from typing import Sequence

    from .quick import Namespace

# A command's module (and what it imports: the engine, the sheets, the store, the reports) is
# imported only when its group's parser is built (:func:`build_parser`), so that each command
# loads what it uses; the errors of a module are caught only once it is loaded (:func:`_loaded`).


# --- the parser ------------------------------------------------------------------------------


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser, its help in the current language (call set_language first).

    Given ``argv``, the arguments it is to parse, and no help asked for among them, it is
    the parser of that command's group only, without help texts (:func:`.common.help_texts`):
    wording every command's help costs more than most commands' own work.
    """
    import argparse

    from .parsing import VersionAction, _Parser, help_texts

    lean = argv is not None and not _asks_help(argv)
    with help_texts(not lean):
        # --lang is taken out of the arguments by main() before parsing (_take_lang); the epilog tells it.
        parser = _Parser(prog=PROG, description=help_text("cli.help.description"),
                         epilog=help_text("cli.help.epilog", codes=", ".join(LANGUAGES)))
        # Left out of the usage line (the app's option, not the commands'); told in the description.
        parser.add_argument("--db", metavar="PATH", default=None, help=argparse.SUPPRESS)
        parser.add_argument("--version", action=VersionAction, help=help_text("cli.help.version"))
        sub = parser.add_subparsers(dest="command", metavar="COMMAND")
        command = _command(argv) if lean else None
        group = _GROUPS.get(command) if command is not None else None
        # `board`: the live score board (scorekeeper/web/)
        for add in (group,) if group else (_add_rules_commands, _add_sheet_commands, _add_store_commands,
                                           _add_board_command):
            add(sub)
    return parser


def _asks_help(argv: Sequence[str]) -> bool:
    """-h, --help or an abbreviation argparse takes for it, anywhere on the line."""
    return any(a.startswith("-h") or (len(a) > 2 and "--help".startswith(a)) for a in argv)


def _command(argv: Sequence[str] | None) -> str | None:
    """The command named on the line: the first argument that is not an option (nor --db's value)."""
    items = iter(argv or ())
    for item in items:
        if item == "--db":
            next(items, None)
        elif not item.startswith("-"):
            return item
    return None


def _json_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=help_text("cli.help.json"))


def _report_options(p: argparse.ArgumentParser, run) -> None:
    """--json, --db and --plain, and the command's function: every report over the store has them."""
    _json_option(p)
    db_option(p)
    _plain_option(p)
    p.set_defaults(run=run)


def _add_rules_commands(sub) -> None:
    """rules list / show / check, check-bid and hand-value: the rulesets, no store."""
    from .rules import cmd_check_bid, cmd_hand_value, cmd_rules_check, cmd_rules_list, cmd_rules_show

    rules = sub.add_parser("rules", help=help_text("cli.help.rules"))
    rsub = rules.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = rsub.add_parser("list", help=help_text("cli.help.rules_list"))
    _json_option(p)
    p.set_defaults(run=cmd_rules_list)
    p = rsub.add_parser("show", help=help_text("cli.help.rules_show"))
    p.add_argument("ruleset", metavar="ID|FILE", help=help_text("cli.help.ruleset"))
    p.add_argument("--players", type=whole_number, metavar="N", help=help_text("cli.help.rules_show_players"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=help_text("cli.help.rules_show_option"))
    p.add_argument("--plain", action="store_true", help=help_text("cli.help.rules_show_plain"))
    _json_option(p)
    p.set_defaults(run=cmd_rules_show)
    p = rsub.add_parser("check", help=help_text("cli.help.rules_check"))
    p.add_argument("files", nargs="+", metavar="FILE", help=help_text("cli.help.rules_check_files"))
    p.set_defaults(run=cmd_rules_check)

    p = sub.add_parser("check-bid", help=help_text("cli.help.check_bid"))
    p.add_argument("ruleset", metavar="RULESET", help=help_text("cli.help.ruleset"))
    p.add_argument("--players", type=whole_number, required=True, metavar="N", help=help_text("cli.help.players"))
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=whole_number, metavar="K", help=help_text("cli.help.check_bid_deal"))
    which.add_argument("--cards", type=whole_number, metavar="C", help=help_text("cli.help.check_bid_cards"))
    p.add_argument("--bids", nargs="+", required=True, metavar="BID", help=help_text("cli.help.check_bid_bids"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=help_text("cli.help.option"))
    _json_option(p)
    p.set_defaults(run=cmd_check_bid)

    p = sub.add_parser("hand-value", help=help_text("cli.help.hand_value"))
    p.add_argument("ruleset", metavar="RULESET", help=help_text("cli.help.ruleset"))
    p.add_argument("cards", nargs="+", metavar="CARD", help=help_text("cli.help.hand_value_cards"))
    p.set_defaults(run=cmd_hand_value)


def _add_sheet_commands(sub) -> None:
    """replay, play and export: a score sheet, a ruleset or a stored game."""
    from .games import _NEWEST, cmd_export, cmd_replay

    p = sub.add_parser("replay", help=help_text("cli.help.replay"))
    p.add_argument("sheet", metavar="SHEET|GAME_ID", help=help_text("cli.help.replay_sheet"))
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help=help_text("cli.help.replay_option"))
    _report_options(p, cmd_replay)

    p = sub.add_parser("play", help=help_text("cli.help.play"))
    p.add_argument("ruleset", metavar="ID|FILE|GAME_ID", help=help_text("cli.help.play_ruleset"))
    db_option(p, help_text("cli.help.play_db"))
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("export", help=help_text("cli.help.export"))
    p.add_argument("sheet", metavar="SHEET|GAME_ID", nargs="?", help=help_text("cli.help.export_sheet"))
    p.add_argument("--session", metavar="ID", nargs="?", type=whole_number, const=_NEWEST, default=None,
                   help=help_text("cli.help.export_session"))
    p.add_argument("--all", action="store_true", help=help_text("cli.help.export_all"))
    p.add_argument("--format", required=True, choices=("csv", "json", "md", "toml", "html"),
                   help=help_text("cli.help.export_format"))
    p.add_argument("-o", "--output", metavar="FILE", help=help_text("cli.help.export_output"))
    db_option(p)
    p.set_defaults(run=cmd_export)


def _add_store_commands(sub) -> None:
    """history, show, stats, sessions, session and import: the games in the store."""
    cmd_import, cmd_show = run_later(".games", "cmd_import"), run_later(".games", "cmd_show")
    cmd_history, cmd_session = run_later(".history", "cmd_history"), run_later(".history", "cmd_session")
    cmd_sessions, cmd_stats = run_later(".history", "cmd_sessions"), run_later(".history", "cmd_stats")

    _report_options(sub.add_parser("history", help=help_text("cli.help.history")), cmd_history)
    p = sub.add_parser("show", help=help_text("cli.help.show"))
    p.add_argument("game", metavar="GAME_ID", type=whole_number, help=help_text("cli.help.game_id"))
    _report_options(p, cmd_show)
    p = sub.add_parser("stats", help=help_text("cli.help.stats"))
    p.add_argument("--player", metavar="NAME", help=help_text("cli.help.stats_player"))
    _report_options(p, cmd_stats)
    _report_options(sub.add_parser("sessions", help=help_text("cli.help.sessions")), cmd_sessions)
    p = sub.add_parser("session", help=help_text("cli.help.session"))
    p.add_argument("session", metavar="ID", type=whole_number, nargs="?", help=help_text("cli.help.session_id"))
    _report_options(p, cmd_session)

    p = sub.add_parser("import", help=help_text("cli.help.import"))
    p.add_argument("sheet", metavar="SHEET", help=help_text("cli.help.import_sheet"))
    db_option(p)
    p.set_defaults(run=cmd_import)


def _add_board_command(sub) -> None:
    """board and serve: the live score board and the phone page (:mod:`.board`)."""
    from .board import add_parser

    add_parser(sub)


_GROUPS = {
    **dict.fromkeys(("rules", "check-bid", "hand-value"), _add_rules_commands),
    **dict.fromkeys(("replay", "play", "export"), _add_sheet_commands),
    **dict.fromkeys(("history", "show", "stats", "sessions", "session", "import"), _add_store_commands),
    **dict.fromkeys(("board", "serve"), _add_board_command),
}  # which function adds a command's parser (with the others of its group)


def _take_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """``--lang CODE`` or ``--lang=CODE`` taken out of the arguments, wherever it stands
    (before or after the command); the last one given counts. UsageError without a code."""
    rest: list[str] = []
    lang = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest.append(item)
            rest.extend(items)
            break
        if item == "--lang":
            value = next(items, None)
            if value is None or value.startswith("-"):
                raise UsageError(t("cli.errors.lang_needs_code", codes=", ".join(LANGUAGES)))
            lang = value
        elif item.startswith("--lang="):
            lang = item.split("=", 1)[1]
        else:
            rest.append(item)
    return rest, lang


def _run_tui(db: str | None = None, ruleset: str | None = None, game: int | None = None) -> int:
    collect_as_usual()  # the app runs until it is closed
    try:
        from ..tui.app import run  # lazy: the headless commands never import textual
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == "scorekeeper.tui" or exc.name.startswith("scorekeeper.tui.")):
            build_parser().print_help()  # with its help texts
            return 0
        raise
    if db is None and ruleset is None and game is None:
        return run(phones=_serve_phones) or 0
    return run(db_path=db, ruleset=ruleset, game=game, phones=_serve_phones) or 0


def _serve_phones(path):
    """``scorekeeper serve --lan`` for the app's store, in the app's process (its phones key)."""
    from ..web.serving import serve_in_background

    return serve_in_background(path)


def cmd_play(args) -> int:
    """``scorekeeper play ID|FILE``: the app, straight into a new game of that ruleset;
    ``scorekeeper play GAME_ID`` (digits; a file named so is ``./12``): into that stored game, where
    it was left.

    An unknown id or a missing file is a usage error here, a game the store does not have an
    error (exit 1); a file with problems opens in the app, which lists what ``rules check`` finds.
    """
    game_id = _game_id(args.ruleset)
    if game_id is not None:
        from .games import _stored

        _stored(args, game_id)  # (there is such a game, and it can be rebuilt)
        return _run_tui(getattr(args, "db", None), game=game_id)
    _ruleset_path(args.ruleset)
    return _run_tui(getattr(args, "db", None), args.ruleset)


def choose_language(argv: list[str]) -> list[str]:
    """Set the language (``--lang``, $SCOREKEEPER_LANG, the settings, the locale) and return
    the arguments without ``--lang``; UsageError for a missing code, LanguageError for an unknown one."""
    from ..i18n import ENV_VAR, LANGUAGES, language_code

    argv, lang = _take_lang(argv)
    remembered = None
    if lang is None and language_code(os.environ.get(ENV_VAR)) not in LANGUAGES:
        from ..settings import load_settings  # (only when it decides: it reads a file)

        remembered = load_settings().lang
    set_language(resolve_language(cli=lang, env=os.environ, settings=remembered))
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's arguments); the exit status.

    Standard output is flushed before the status is returned: a write that failed (a full
    disk, a closed or read-only descriptor) is one line on standard error and status 1, a
    reader gone away (``| head``) 141 and nothing said, whatever the size of the output."""
    code = _main(argv)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        return code or 141
    except (OSError, ValueError) as exc:  # ValueError: the stream was closed
        _quiet_stdout()  # (the interpreter would try the same write again at exit and print a traceback)
        _err(_output_failed(exc))
        return code or 1
    return code


def _output_failed(exc: OSError | ValueError) -> str:
    return t("cli.errors.output", reason=getattr(exc, "strerror", None) or str(exc))


def _run_command(argv: list[str]) -> int:
    """The command ``argv`` names (the app without one) run: its exit status, or what it raised."""
    if not argv:
        return _run_tui()
    # a headless command in its usual form, without argparse
    args: Namespace | argparse.Namespace | None = quick_args(argv)
    if args is None:
        args = build_parser(argv).parse_args(argv)
    if args.command is None:
        return _run_tui(args.db)
    if getattr(args, "run", None) is None:
        build_parser().print_help()
        return 2
    if getattr(args, "plain", False) and getattr(args, "json", False):
        raise UsageError(t("cli.errors.plain_and_json"))
    if args.command in ("board", "serve"):  # a server, until it is stopped
        collect_as_usual()
    return args.run(args)


def _main(argv: Sequence[str] | None) -> int:
    """The language chosen, then the command run, and what it raised told as one line: the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        argv = choose_language(argv)  # first: the parser's help and every message after it are in it
    except (UsageError, LanguageError) as exc:
        _err(show(exc))
        return 2
    try:
        return _run_command(argv)
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        _err(str(exc))
        return 2
    except _loaded("tui.textual_version.TextualMismatch") as exc:  # the app cannot start
        from ..tui.textual_version import TextualMismatch  # (loaded: it raised this)

        assert isinstance(exc, TextualMismatch)  # for the type checker: the class _loaded found
        _err(t("cli.errors.textual", problem=str(exc), wanted=exc.wanted))
        return 1
    except _loaded("game.sheet.OptionError") as exc:
        _err(str(exc))
        return 2
    except _loaded("game.sheet.SheetError", "game.engine.GameError", "rules.cards.CardError", also=RulesetError) as exc:
        _err(show(exc).replace("\n", "; "))
        return 1
    except _loaded("rules.formula.Missing") as exc:
        from ..rules.formula import Missing  # (loaded: it raised this)

        assert isinstance(exc, Missing)  # for the type checker: the class _loaded found
        _err(t("cli.errors.missing_value", name=show(exc.message)))
        return 1
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as other commands do
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, what a shell shows for a command stopped by a closed pipe
    except OutputError as exc:
        _quiet_stdout()
        _err(_output_failed(exc))
        return 1
    except OSError as exc:
        _err(f"{exc.filename}: {exc.strerror}" if exc.filename else show(exc))
        return 1
    except ValueError as exc:  # a formula's EvalError among them: show words it
        _err(show(exc))
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: one line and a report file (scorekeeper.crash), never a traceback
        return _internal_error(exc, argv)


def _loaded(*names: str, also: type[BaseException] | None = None) -> tuple[type[BaseException], ...]:
    """``also`` and the exception classes ``names`` ('game.sheet.SheetError': a module of
    scorekeeper, a class in it) of the modules that were imported: a module the command never
    loaded raised nothing (and is not imported to say so)."""
    found = [] if also is None else [also]
    for name in names:
        module, _, exception = name.rpartition(".")
        loaded = sys.modules.get(f"{__package__.rpartition('.')[0]}.{module}")
        if loaded is not None:
            found.append(getattr(loaded, exception))
    return tuple(found)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so nothing more is written where writing
    failed (Python would try the same write again when it flushes at exit, and say so)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no descriptor of its own (closed at start: scorekeeper.process)
        sys.stdout = open(devnull, "w", closefd=False)  # noqa: SIM115 (it is the null device)
    else:
        os.close(devnull)


def _internal_error(error: Exception, argv: list[str]) -> int:
    from ..crash import crash_report

    from pathlib import Path
    from types import SimpleNamespace

    try:
        store: Path | None = Path(store_path(SimpleNamespace(db=_db_given(argv))))
    except Exception:
        store = None
    _err(crash_report(error, near=store, argv=[PROG, *argv]))
    return 70  # EX_SOFTWARE: an internal error


def _db_given(argv: list[str]) -> str | None:
    """The --db PATH on the command line, if any (the report may go next to that store)."""
    for i, item in enumerate(argv):
        if item == "--db" and i + 1 < len(argv):
            return argv[i + 1]
        if item.startswith("--db="):
            return item.split("=", 1)[1]
    return None
