"""Ruleset files: TOML -> checked model with compiled formulas.

The schema (:mod:`scorekeeper.rules.schema`) is the only statement of what a ruleset
file may say. :func:`check_file` lists every problem; :func:`load_ruleset` stops at the
first. Problems name the file and the key path as TOML writes it, e.g.
``rulesets/lupaus.toml: score.value: unknown name 'trick' (did you mean 'tricks'?)``;
each is data (:class:`~scorekeeper.rules.problems.Problem`), worded where it is shown.

A ruleset's texts are English; ``[translations.fi]`` and ``[translations.pl]`` give them
in other languages (docs/rulesets.md, Translations). ``load_ruleset(ref, lang="fi")`` or
``ruleset.localized("fi")`` gives the model with those texts put in (labels, help,
check messages, reminders, what trump rules say), English where a text is not
translated; the formulas are shared, not compiled again. Loading in English does not
read the translations at all; ``check_file`` checks and compiles every one of them.

This module reads files (``extends`` and ``remove`` of house rules included) and holds
the entry points; the model is in :mod:`.model`, the steps that build it in
:mod:`.builder`, the translations in :mod:`.translations`. Every name other modules
import from here still is here.
"""

from __future__ import annotations

import os
import sys

from ..messages import Message
from ..userdirs import path_text
from .files import FileRefused, NotToml, parse_toml, read_bytes
from .paths import builtin_rulesets_dir, names_a_file
from .problems import OptionValueError, Problem, RulesetError, hint

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from .builder import Builder
    from .model import Ruleset

# The names this module gives of the builder, the model, the schema and the translations,
# imported when first asked for: finding a ruleset's file (``rules list`` answered from the
# summaries of checked rulesets, :mod:`.summary`) needs none of them, nor the formula checker.
_LAZY = {
    **dict.fromkeys(("CONTEXT_NAMES", "END_NAMES", "MATCH_NAMES", "Builder"), "builder"),
    **dict.fromkeys(("NO_TRUMP", "SUITS", "Check", "Derived", "FieldSpec", "Option", "Parts", "PlanPiece",
                     "Reminder", "Ruleset", "TrumpRule"), "model"),
    **dict.fromkeys(("DEFAULT_PHASES", "FIELD_TYPES", "ID_RE", "SCOPES", "TABLES", "TOP", "TRUMP_KINDS",
                     "toml_type"), "schema"),
    **dict.fromkeys(("TRANSLATION_ITEMS", "TRANSLATION_KEYS", "TRANSLATION_LANGUAGES", "drop_stale_translations"),
                    "translations"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = f"{__package__}.{_LAZY[name]}"
        __import__(module)  # importlib's import_module, without importlib (it imports types and warnings)
        value = getattr(sys.modules[module], name)
        globals()[name] = value  # asked once
        return value
    raise AttributeError(name)  # a name this module does not have (a programming error)


def _builder(raw: dict, shown: str, **how: Any) -> Builder:
    from .builder import Builder

    return Builder(raw, shown, **how)

__all__ = [
    "CONTEXT_NAMES", "DEFAULT_PHASES", "END_NAMES", "FIELD_TYPES", "ID_RE", "MATCH_NAMES", "NO_TRUMP", "SCOPES",
    "SUITS", "TABLES", "TOP", "TRANSLATION_ITEMS", "TRANSLATION_KEYS", "TRANSLATION_LANGUAGES", "TRUMP_KINDS",
    "Check", "Derived", "FieldSpec", "Option", "OptionValueError", "Parts", "PlanPiece", "Problem", "Reminder",
    "Ruleset", "RulesetError", "TrumpRule", "builtin_ids", "check_file", "checked_file", "find_ruleset_path",
    "load_ruleset", "parse_ruleset_text", "read_raw", "ruleset_file", "ruleset_from_raw",
]


def _read_source(path: str, shown: str) -> bytes:
    """A ruleset file's bytes, read within the bounds of :mod:`.files`; RulesetError naming the file."""
    try:
        return read_bytes(path)
    except (OSError, FileRefused) as exc:
        raise _file_problem(shown, exc) from None


def _read_toml(path: str, shown: str, source: bytes | None = None) -> dict:
    """A ruleset file's TOML (``source``: its bytes, when they were read already: the file is read
    once); RulesetError naming the file."""
    if source is None:
        source = _read_source(path, shown)
    try:
        return _parse(source.decode("utf-8"), shown)
    except (FileRefused, UnicodeDecodeError) as exc:
        raise _file_problem(shown, exc) from None


def _file_problem(shown: str, exc: Exception) -> RulesetError:
    """What is wrong with a file that cannot be read or parsed, naming it."""
    if isinstance(exc, FileRefused):
        message = exc.message
    elif isinstance(exc, FileNotFoundError):
        message = Message("rules.file.missing")
    elif isinstance(exc, IsADirectoryError):
        message = Message("rules.file.folder")
    elif isinstance(exc, UnicodeDecodeError):
        message = Message("rules.file.not_utf8")
    else:
        message = Message("rules.file.unreadable", reason=getattr(exc, "strerror", None) or str(exc))
    return RulesetError([Problem(shown, "", message)])


def _parse(text: str, shown: str) -> dict:
    """TOML text -> its data; RulesetError naming the file (and the line, when the parser gives one)."""
    try:
        return parse_toml(text)
    except NotToml as exc:
        # tomllib's own explanation stays in its English; the sentence around it is translated.
        raise RulesetError([Problem(shown, "", Message("rules.file.not_toml", reason=exc.reason), exc.line)]) from None


def builtin_ids() -> list[str]:
    return sorted(os.path.splitext(name)[0] for name in os.listdir(builtin_rulesets_dir()) if name.endswith(".toml"))


def find_ruleset_path(ref: str) -> Path:
    """A built-in id ('lupaus') or a path to a .toml file: the file's Path (the terminal app's
    way; a start uses :func:`ruleset_file`, which imports no pathlib)."""
    from pathlib import Path

    return Path(ruleset_file(ref))


def ruleset_file(ref: str) -> str:
    """A built-in id ('lupaus') or a path to a ruleset file ('./lupaus', 'house.toml'): the file's
    path, a str written as pathlib writes it; RulesetError naming the built-in ids when it is
    neither. A bare name is a built-in id even when a file of that name is in the current folder
    (:func:`.paths.names_a_file`); the error then says how to name the file."""
    if names_a_file(ref):
        return path_text(ref)
    known = builtin_ids()
    if ref in known:  # exactly: "Lupaus" on a case-blind disk is not read as rulesets/lupaus.toml
        return path_text(os.path.join(builtin_rulesets_dir(), f"{ref}.toml"))
    if ref and os.path.lexists(ref):
        message = Message("rules.no_builtin_file", ref=ref, hint=hint(ref, known), known=", ".join(known),
                          path=os.path.join(os.curdir, ref))
    else:
        message = Message("rules.no_builtin", ref=ref, hint=hint(ref, known), known=", ".join(known))
    raise RulesetError([Problem(ref, "", message)])


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        if key == "checks" and isinstance(value, list) and isinstance(base.get(key), list):
            merged = list(base[key])
            ids = {c.get("id"): i for i, c in enumerate(merged) if isinstance(c, dict)}
            for check in value:
                cid = check.get("id") if isinstance(check, dict) else None
                if cid in ids:
                    merged[ids[cid]] = check
                else:
                    merged.append(check)
            out[key] = merged
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            out[key] = _merge(base[key], value)
        else:
            out[key] = value
    return out


def _remove(data: dict, dotted: str) -> bool:
    parts = dotted.split(".")
    node: Any = data
    for part in parts[:-1]:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    last = parts[-1]
    if isinstance(node, dict) and last in node:
        del node[last]
        return True
    if parts[0] == "checks" and len(parts) == 2 and isinstance(data.get("checks"), list):
        before = len(data["checks"])
        data["checks"] = [c for c in data["checks"] if not (isinstance(c, dict) and c.get("id") == last)]
        return len(data["checks"]) < before
    return False


def read_raw(path: str | os.PathLike, shown: str | None = None, _depth: int = 0, source: bytes | None = None,
             extended: list[tuple[str, bytes]] | None = None) -> dict:
    """The file's TOML with any `extends` chain resolved and `remove` applied (``source``: the
    file's bytes, when they were read already; ``extended`` gets each file it extends, with the
    bytes read of it)."""
    path = path_text(path)
    shown = shown or path
    if source is None:
        source = _read_source(path, shown)
        if extended is not None:
            extended.append((path, source))
    data = _read_toml(path, shown, source)
    parent_ref = data.get("extends")
    if parent_ref is None:
        return data
    if not isinstance(parent_ref, str):
        from .schema import toml_type

        raise RulesetError([Problem(shown, "extends", Message("rules.extends.not_text", got=toml_type(parent_ref)))])
    if _depth > 8:
        raise RulesetError([Problem(shown, "extends", Message("rules.extends.too_deep", max=8))])
    if names_a_file(parent_ref):  # a path is the file's neighbour, wherever the program was started
        parent_path = path_text(os.path.join(os.path.dirname(path), parent_ref))
    else:
        try:
            parent_path = ruleset_file(parent_ref)
        except RulesetError as exc:
            raise RulesetError([Problem(shown, "extends", exc.problems[0].message)]) from None
    parent = read_raw(parent_path, parent_path, _depth + 1, extended=extended)
    removals = data.get("remove", [])
    over = {k: v for k, v in data.items() if k not in ("extends", "remove")}
    import copy  # only for a ruleset that extends another

    merged = _merge(copy.deepcopy(parent), over)  # parent stays as it was, for the comparisons below
    problems = []
    if not isinstance(removals, list):
        problems.append(Problem(shown, "remove", Message("rules.remove.not_list")))
        removals = []
    for dotted in removals:
        if not isinstance(dotted, str) or not _remove(merged, dotted):
            problems.append(Problem(shown, "remove", Message("rules.remove.nothing", path=str(dotted),
                                                             base=parent_ref)))
    if problems:
        raise RulesetError(problems)
    from .translations import drop_stale_translations

    drop_stale_translations(parent, over, merged)
    merged.setdefault("source", shown)
    return merged


def check_file(path: str | os.PathLike) -> list[Problem]:
    """Every problem in a ruleset file (an empty list for a good file)."""
    return checked_file(path)[1]


def checked_file(path: str | os.PathLike) -> tuple[Ruleset | None, list[Problem]]:
    """A ruleset file checked as :func:`check_file` checks it: the ruleset it builds (None when
    there is a problem), and every problem. The ruleset is the one :func:`load_ruleset` gives
    for the same path, so a caller that goes on with it need not build it a second time. A file
    checked before (a built-in ruleset's shipped module, or a user file's artefact) was checked,
    translations and all, when it was made: the ruleset is made by it."""
    path = path_text(path)
    try:
        ruleset, problems = _load(path, path, "check")
    except RulesetError as exc:
        return None, exc.problems
    return (ruleset if not problems else None), problems


def load_ruleset(ref: str | os.PathLike, lang: str | None = None, *, shown: str | None = None) -> Ruleset:
    """Load a built-in ruleset by id or a file by path; RulesetError on the first problem.

    With ``lang`` (e.g. "fi") its texts are in that language where the ruleset
    translates them (:meth:`Ruleset.localized`); without, English, and no translated
    message is compiled. ``shown``: how the file is named in its problems (by default the
    path as given, or a built-in's ``rulesets/<id>.toml``).

    >>> rules = load_ruleset("lupaus")
    >>> rules.name, rules.min_players, rules.max_players, list(rules.fields)
    ('Lupaus', 3, 7, ['turned', 'bid', 'tricks'])
    >>> rules.fields["bid"].label, load_ruleset("lupaus", "fi").fields["bid"].label
    ('Bid', 'Lupaus')
    >>> try:
    ...     load_ruleset("lupaus-x")
    ... except RulesetError as exc:
    ...     print(exc.problems[0].file, exc.problems[0].message.code)
    lupaus-x rules.no_builtin
    """
    path = ruleset_file(ref) if isinstance(ref, str) else path_text(ref)  # a Path is a file, whatever its name
    if shown is None:
        shown = str(ref) if not isinstance(ref, str) or names_a_file(ref) else f"rulesets/{os.path.basename(path)}"
    try:
        ruleset, problems = _load(path, shown, "load")
    except RulesetError as exc:  # e.g. several removals that find nothing
        raise RulesetError(exc.problems[:1]) from None
    if ruleset is None:
        raise RulesetError(problems[:1])
    return ruleset.localized(lang) if lang else ruleset


def _load(path: str, shown: str, how: str) -> tuple[Ruleset | None, list[Problem]]:
    """A ruleset file built ``how`` ("load" to play, "check" with its translations): the ruleset
    (None when there is a problem) and every problem.

    The file is read once, and what is built is what was read. A built-in ruleset whose shipped
    module the build made from exactly these bytes is made by that module (:mod:`.shipped`); a
    user file with an artefact of these bytes by its artefact (:mod:`.usercache`); else the
    bytes are parsed and built (the slow path), and a user file's artefact written."""
    from . import shipped

    source = _read_source(path, shown)
    module = shipped.for_file(path, source)
    if module is not None:
        return module.load(shipped.table(module, how), shown), []
    from . import usercache  # (a built-in ruleset's start needs none of it)

    artefact = usercache.find(source, how)
    if artefact is not None:
        return getattr(artefact, how)(shipped.table(artefact, how), shown), []
    extended: list[tuple[str, bytes]] = []
    raw = read_raw(path, shown, source=source, extended=extended)
    table = shipped.Table({}, {}, recording=True)
    builder = _builder(raw, shown, compile_translations=how == "check", shipped=table)
    ruleset = builder.build()
    table.recording = False
    problems = builder.problems
    if how == "check" and ruleset is not None and not problems:
        # a field a deal may not ask for, read in every deal (a built-in ruleset made by its
        # shipped module above is checked for it by the tests; a user file's artefact is
        # written only once the file passed it)
        from .asked import unasked_reads

        problems = unasked_reads(ruleset, shown)
    if ruleset is not None and not problems:
        usercache.write(source, how, ruleset, table, shown, extended)
    return ruleset, problems


def _built(builder: Builder) -> Ruleset:
    """The builder's ruleset; RulesetError on its first problem."""
    ruleset = builder.build()
    if ruleset is None:
        raise RulesetError(builder.problems[:1])
    return ruleset


def parse_ruleset_text(text: str, file: str = "<text>") -> tuple[Ruleset | None, list[Problem]]:
    """For tests and tools: build from TOML text."""
    try:
        raw = parse_toml(text)
    except FileRefused as exc:
        return None, [Problem(file, "", exc.message)]
    except NotToml as exc:
        return None, [Problem(file, "", Message("rules.file.not_toml", reason=exc.reason), exc.line)]
    builder = _builder(raw, file, compile_translations=True)
    return builder.build(), builder.problems


def ruleset_from_raw(raw: dict, shown: str, lang: str | None = None, *, stored: bool = False) -> Ruleset:
    """Build a ruleset from its TOML data (e.g. the copy a stored game keeps of its ruleset);
    ``lang`` as for :func:`load_ruleset`. ``stored``: the copy a stored game keeps, checked when
    the game started, built with the meanings it was started under (see Builder); when it is
    the data of a built-in ruleset as shipped, made by that ruleset's shipped module (:mod:`.shipped`)."""
    if stored:
        from . import shipped

        module = shipped.for_stored(raw)
        if module is not None:
            ruleset = module.stored(shipped.table(module, "stored"), shown, raw)  # (module: ruleset_<id>_stored)
            return ruleset.localized(lang) if lang else ruleset
    ruleset = _built(_builder(raw, shown, stored=stored))
    return ruleset.localized(lang) if lang else ruleset
