"""A game from a sheet or the store: ``replay``, ``show``, ``export`` and ``import``."""

from __future__ import annotations

from ..game.carried import carried_columns, carried_values
from ..i18n import format_number, get_language, show, t, tn
from .common import (
    PROG, UsageError, _err, _game_id, _json, _no_game, _open_store, _store, err_line, out, _parse_options,
    _localized_ruleset, store_path, _table, write_out,
)

# A score sheet's module (game.sheet) is imported by the commands that read or write one: a
# stored game is shown from the store without it.
TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

    from ..game.engine import Issue
    from ..game.game import Game
    from ..store.db import StoredGame


# --- replay and export -----------------------------------------------------------------------


def _refused_lines(shown: str, refused) -> list[str]:
    return [t("cli.replay.refused", source=shown, number=number, messages="; ".join(show(i.message) for i in issues))
            for number, issues in refused]


def _options_line(game: Game) -> str:
    """"Options: Blind nil: yes; Bags: 10": each house rule by its name in the language."""
    from ..reports.common import changed_options

    changed = [t("cli.replay.option", label=label, value=value) for label, value in changed_options(game)]
    return t("cli.replay.options", options="; ".join(changed)) if changed else t("cli.replay.options_default")


def _replay_lines(game: Game, title: str | None) -> list[str]:
    from ..reports.common import status_text

    rs = _localized_ruleset(game.ruleset)
    shown = game.ruleset.shown
    lines = [f"{rs.name} ({rs.id})" + (f": {title}" if title else "")]
    lines.append(_options_line(game))
    lines.append("")
    header: list[Any] = [t("cli.replay.column.deal"), t("cli.replay.column.cards"), t("cli.replay.column.dealer")]
    columns = carried_columns(game, rs)
    order = _carried_order(game, columns)
    for i, name in enumerate(game.scorer_names):
        header += [name, t("cli.replay.column.total")]
        header += [c.label for c in columns if c.scorer == i]
    header += [t("cli.replay.carry.column", label=c.label, name=c.name) if c.name else c.label
               for c in columns if c.scorer is None]
    rows = [header]
    notes = []
    for r in game.results():
        row: list[Any] = [r.number, r.cards, game.players[r.dealer - 1]]
        carried = carried_values(game, r, columns)
        for i, (score, total) in enumerate(zip(r.scores, r.totals)):
            row += [shown(score), shown(total)] + [carried[k] for k in order[i]]
        row += [carried[k] for k in order[-1]]
        rows.append(row)
        if not r.counts:
            notes.append(t("cli.replay.note", number=r.number, message=t("cli.replay.carry.redealt")))
        for issue in r.issues:
            if issue.level == "warning":
                notes.append(t("cli.replay.note_warning", number=r.number, message=show(issue.message)))
            else:
                notes.append(t("cli.replay.note", number=r.number, message=show(issue.message)))
    bonus = game.end_bonus()
    if bonus:  # its own line: the points the rules add after the last deal, and the totals with them
        row = ["", "", t("cli.replay.end_bonus")]
        for i, (points, total) in enumerate(zip(bonus, game.totals())):
            row += [shown(points), shown(total)] + [""] * len(order[i])
        rows.append(row + [""] * len(order[-1]))
    lines += _table(rows)
    lines += notes
    lines.append("")
    lines.append(t("cli.replay.totals", totals=", ".join(
        f"{name} {format_number(shown(total))}" for name, total in zip(game.scorer_names, game.totals()))))
    lines.append(t("cli.replay.standings"))
    lines += [f"  {s.rank}. {s.name} {format_number(shown(s.total))}" for s in game.standings()]
    lines.append(status_text(game))
    return lines


def _carried_order(game: Game, columns) -> list[list[int]]:
    """The indexes of the carried columns beside each scorer, then of those after all scorers."""
    beside = [[k for k, c in enumerate(columns) if c.scorer == i] for i in range(len(game.scorer_names))]
    return beside + [[k for k, c in enumerate(columns) if c.scorer is None]]


def cmd_replay(args) -> int:
    game_id = _game_id(args.sheet)
    if game_id is not None:
        return _replay_stored(args, game_id)
    from ..game.sheet import OptionError, replay_sheet, sheet_title

    overrides = _parse_options(args.option)
    shown = str(args.sheet)
    try:
        base, base_refused = replay_sheet(args.sheet, lang=get_language())
    except OptionError as exc:  # pragma: no cover - no overrides here
        raise UsageError(show(exc)) from None
    if base_refused:
        for line in _refused_lines(shown, base_refused):
            _err(line)
        return 1
    title = sheet_title(base)
    if not overrides:
        if args.json:
            from ..reports.export import game_document

            _json(game_document(base))
        elif args.plain:
            from ..play.plain import game_lines

            for line in game_lines(base, title):
                out(line)
        else:
            for line in _replay_lines(base, title):
                out(line)
        return 0

    try:
        game, refused = replay_sheet(args.sheet, overrides, lang=get_language())
    except OptionError as exc:
        raise UsageError(show(exc)) from None
    return _print_what_if(base, game, refused, overrides, shown, title, args.json, "sheet", plain=args.plain)


def _print_what_if(base: Game, game: Game, refused: list[tuple[int, list[Issue]]], overrides: dict[str, Any],
                   shown: str, title: str | None,
                   as_json: bool, source: str, plain: bool = False) -> int:
    """The re-scored game, its totals beside ``base``'s, and the deals that break a rule (exit 1)."""
    from ..reports.export import game_document
    from ..play.plain import what_if_lines

    if as_json:
        doc = game_document(game, title)
        doc["refused"] = [{"deal": n, "messages": [show(i.message) for i in issues]} for n, issues in refused]
        doc[source] = {
            "options": base.options,
            "totals": list(base.totals()),
            "standings": [{"rank": s.rank, "name": s.name, "total": s.total} for s in base.standings()],
            "over": base.is_over,
            "winners": list(base.winners),
        }
        _json(doc)
    elif plain:
        for line in what_if_lines(base, game, overrides, title):
            out(line)
    else:
        for line in _replay_lines(game, title):
            out(line)
        out()
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        heading = t("cli.replay.sheet_options") if source == "sheet" else t("cli.replay.stored_options")
        rows: list[list[Any]] = [["", heading, given]]
        for name, a, b in zip(game.scorer_names, base.totals(), game.totals()):
            rows.append([name, game.ruleset.shown(a), game.ruleset.shown(b)])
        out(t("cli.replay.side_by_side"))
        for line in _table(rows):
            out("  " + line)
    if refused:
        given = ", ".join(f"{k}={v}" for k, v in overrides.items())
        err_line(tn("cli.replay.refused_count", len(refused), prog=PROG, options=given))
        for line in _refused_lines(shown, refused):
            err_line(line)
        return 1
    return 0


def cmd_export(args) -> int:
    from ..game.sheet import dump_sheet, load_sheet
    from ..reports.export import export

    if args.session is not None or args.all or args.sheet is None or _game_id(args.sheet) is not None:
        return _export_stored(args)
    game = load_sheet(args.sheet, lang=get_language())
    if args.format == "toml" and args.output:
        dump_sheet(game, args.output)
        return 0
    _write_text(export(game, args.format), args.output)
    return 0


def _stored(args: Any, game_id: int) -> StoredGame:
    """The stored game, read from the store of ``args`` (closed again), as
    reports.history.load_game reads it (that module is not imported for it)."""
    store = _open_store(args)
    if store is None:
        raise _no_game(args, game_id)
    try:
        return store.open_game(game_id)
    finally:
        store.close()


def cmd_show(args) -> int:
    return _show(args, args.game)


def _show(args, game_id: int) -> int:
    """show GAME_ID, and replay GAME_ID without other options."""
    stored = _stored(args, game_id)
    if args.json:
        from ..reports.export import game_document

        _json({"id": stored.id, **game_document(stored.game, stored.title)})
    elif args.plain:
        from ..play.plain import game_lines

        for line in game_lines(stored.game, stored.title):
            out(line)
    else:
        for line in _replay_lines(stored.game, stored.title):
            out(line)
    return 0


def _replay_stored(args, game_id: int) -> int:
    overrides = _parse_options(args.option)
    if not overrides:
        return _show(args, game_id)
    from ..reports.history import what_if

    stored = _stored(args, game_id)
    game, refused = what_if(stored, overrides)  # OptionError: a usage error (exit 2)
    return _print_what_if(stored.game, game, refused, overrides, t("cli.replay.game_source", id=game_id),
                          stored.title, args.json,
                          "stored", plain=args.plain)


def cmd_import(args) -> int:
    from ..reports.history import import_sheet

    with _store(store_path(args)) as store:
        game_id = import_sheet(store, args.sheet)
        stored = store.open_game(game_id)
    game = stored.game
    out(t("cli.import.stored", sheet=args.sheet, id=game_id, path=store.path, name=_localized_ruleset(game.ruleset).name,
           players=", ".join(game.players), deals=tn("game.count.deals", len(game.deals))))
    return 0


_NEWEST = object()  # export --session without an id (argparse converts only text constants)


def _write_text(text: str, output: str | None) -> None:
    if output:
        from ..rules.files import write_text

        write_text(output, text)
    else:
        write_out(text)


def _export_stored(args) -> int:
    from ..store.db import StoreError
    from ..reports.export import export, export_games
    from ..reports.history import exported, load_game
    from ..reports.sessions import session_report

    game_id = _game_id(args.sheet)
    given = [w for w, on in ((t("cli.export.a_game"), game_id is not None), ("--session", args.session is not None),
                             ("--all", args.all)) if on]
    if args.sheet is not None and game_id is None:
        given.insert(0, t("cli.export.a_sheet"))
    if len(given) != 1:
        if not given:
            raise UsageError(t("cli.export.one_of"))
        got = given[0]
        for more in given[1:]:
            got = t("cli.export.and", first=got, second=more)
        raise UsageError(t("cli.export.one_of_got", given=got))
    if args.format == "toml" and game_id is None:
        raise UsageError(t("cli.export.toml_one_game"))
    store = _open_store(args)
    if store is None:
        if game_id is not None:
            raise _no_game(args, game_id)
        if args.session is not None:
            raise StoreError(t("cli.errors.no_sessions", path=store_path(args)))
        _write_text(export_games([], args.format), args.output)
        return 0
    try:
        if game_id is not None:
            stored = load_game(store, game_id)
            text = export(stored.game, args.format, title=stored.title, ruleset_ref=stored.ruleset_ref)
        elif args.session is not None:
            report = session_report(store, None if args.session is _NEWEST else args.session)
            games = [exported(load_game(store, gid)) for gid in report.session.game_ids]
            text = export_games(games, args.format, report)
        else:
            games = [exported(load_game(store, g.id)) for g in sorted(store.list_games(), key=lambda g: g.id)]
            text = export_games(games, args.format)
    finally:
        store.close()
    _write_text(text, args.output)
    return 0
