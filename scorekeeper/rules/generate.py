"""Writing the built-in rulesets' shipped modules at build time (:mod:`.shipped` says what they
hold and how a start uses them), and the modules that make a ruleset again (also those of the
user cache, :mod:`.usercache`).

A ruleset is written as the Python statements that make it again with its model's constructors
(:class:`_Writer`; tests/test_rules_shipped.py checks that each module makes the ruleset the
builder makes, object for object). The code generated from the formulas
is the formula compiler's generated trees written back as source (``ast.unparse``), each parsed
again and compared with the tree it was written from (:func:`_source`).
"""

from __future__ import annotations

import ast  # (imported by the build, and by a user file built on the slow path, where the formula compiler is too)
import os

from .shipped import FORMAT, Table, code_digest, data_digest, module_name, source_digest

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

__all__ = ["module_code", "module_text", "module_texts"]


def module_texts(play: Callable[[Any, str], None], check: Callable[[Any, str], None]) -> dict[str, str]:
    """The modules of every built-in ruleset by their files' names (hatch_build.py writes them):
    ``ruleset_<id>.py`` (what loading it needs), ``ruleset_<id>_stored.py``, ``ruleset_<id>_check.py``
    (the code ``rules check`` needs besides) and ``rulesets.py`` (the version, and each ruleset's
    summary with the digest of its file). ``play(ruleset, stem)`` plays with each ruleset first
    (built as its module will make it) and ``check(ruleset, stem)`` tries its limits as ``rules
    check`` does, so that the code generated then is written too (:mod:`scorekeeper.play.shipped`)."""
    from .. import version
    from .paths import list_builtin_ruleset_files

    modules: dict[str, str] = {}
    summaries: dict[str, tuple[str, dict]] = {}
    for path in list_builtin_ruleset_files():
        with open(path, "rb") as f:
            source = f.read()
        stem = os.path.splitext(os.path.basename(path))[0]
        name = module_name(stem).rpartition(".")[2]
        texts, summary = module_text(stem, source, play, check)
        modules.update((name + suffix + ".py", text) for suffix, text in texts.items())
        summaries[stem] = (source_digest(source), summary)
    modules["rulesets.py"] = "\n".join([
        '"""The package version and code the built-in rulesets\' modules were made by, and what a list of games',
        'shows of each ruleset (by the digest of the file it was made from): made by scorekeeper.rules.generate."""',
        "", f"VERSION = {version()!r}", f"CODE = {code_digest()!r}", f"SUMMARIES = {_literal(summaries, 110)}", ""])
    return modules


def module_text(stem: str, source: bytes, play: Callable[[Any, str], None],
                check: Callable[[Any, str], None]) -> tuple[dict[str, str], dict]:
    """The texts of the modules of the built-in ruleset file ``rulesets/<stem>.toml`` whose bytes
    are ``source``, by the suffix of their names ("": to load it, "_stored": to make a stored
    game's copy, "_check": the code checking it adds), and its summary; RuntimeError when the
    ruleset has a problem."""
    import copy

    from . import formula_compiler
    from .builder import Builder
    from .files import parse_toml

    raw = parse_toml(source.decode("utf-8"))
    shown = f"rulesets/{stem}.toml"
    built: dict[str, tuple[Any, Table]] = {}
    sources: dict = {}
    formula_compiler.record_trees = sources
    try:
        for how in ("load", "stored"):
            recorded = Table({}, {}, recording=True)
            builder = Builder(copy.deepcopy(raw), shown, compile_translations=True, stored=how == "stored",
                              shipped=recorded)
            ruleset = builder.build()
            if ruleset is None:
                raise RuntimeError(f"{shown}: {builder.problems[0]!r}")
            for formula in _formulas(ruleset):
                formula.generic()
            play(ruleset, stem)
            built[how] = ruleset, recorded
        ruleset, recorded = built["load"]
        checked = Table({}, {}, recording=True)
        for formula in _formulas(ruleset):
            formula._shipped = checked
        check(ruleset, stem)
        for formula in _formulas(ruleset):
            formula._shipped = recorded
    finally:
        formula_compiler.record_trees = None

    def module(doc: str, *lines: str) -> str:
        return "\n".join([f'"""{doc}: made at build time by scorekeeper.rules.generate, do not edit."""', "",
                          f"FORMAT = {FORMAT}", "INF = float('inf')", *lines]) + "\n"

    extra = {entry: value for entry, value in checked.forms.items() if entry not in recorded.forms}
    return {"": module(f"The built-in ruleset {shown}", f"SOURCE = {source_digest(source)!r}",
                       f"DATA = {_literal(raw, 110)}", *module_code({"load": built["load"]}, shown, sources)),
            "_stored": module(f"The built-in ruleset {shown} as a stored game's copy of its data makes it",
                              f"DATA_DIGEST = {data_digest(raw)!r}  # that of the copy it makes (given as DATA)",
                              *module_code({"stored": built["stored"]}, shown, sources)),
            "_check": module(f"The code ``rules check`` of the built-in ruleset {shown} needs besides its module's",
                             "FORMS = {", *_form_lines(extra, sources), "}")}, _summary(ruleset)


def _summary(ruleset: Any) -> dict:
    """What ``rules list`` shows of a ruleset, in every language the app speaks."""
    from ..languages import LANGUAGES

    shown = {lang: {"name": localized.name, "description": localized.description}
             for lang, localized in ((lang, ruleset.localized(lang)) for lang in LANGUAGES)}
    return {"id": ruleset.id, "name": ruleset.name,
            "players": {"min": ruleset.min_players, "max": ruleset.max_players},
            "aka": list(ruleset.aka), "description": ruleset.description, "shown": shown}


def module_code(built: dict[str, tuple[Any, Table]], shown: str, sources: dict) -> list[str]:
    """The lines of a module that makes rulesets again: a function per way each
    ruleset of ``built`` was built (``how`` -> the ruleset and the table its build recorded)
    making it with its model's constructors, and ``TABLES``: per way, the facts and the forms
    recorded (code written back as source, from the trees ``sources`` noted; code or data that
    cannot be written so is left out: it is made when first needed). RuntimeError when a ruleset
    holds what cannot be written."""
    body: list[str] = []
    for how, (ruleset, _) in built.items():
        writer = _Writer(ruleset.raw, shown)
        made = writer.write(ruleset)
        imports: dict[str, list[str]] = {}
        for name, cls in sorted(writer.classes.items()):
            imports.setdefault(cls.__module__, []).append(name)
        body += ["", "", f"def {how}(table, shown{', DATA' if how == 'stored' else ''}):",
                 f'    """The ruleset as the builder makes it {_HOW[how]}, its formulas\' table ``table``, shown as ``shown``."""',
                 *(f"    from {module} import {', '.join(names)}" for module, names in sorted(imports.items())),
                 "", *(f"    {line}" for line in made)]
    body += ["", "", "TABLES = {"]
    for how, (_, recorded) in built.items():
        body.append(f"    {how!r}: ({{")
        body += [f"        {_literal(k)}: {_literal(v)}," for k, v in recorded.facts.items()]
        body.append("    }, {")
        body += _form_lines(recorded.forms, sources)
        body.append("    }),")
    body.append("}")
    return body


_HOW = {"load": "from the file (to play it, or to check it)", "stored": "from a stored game's copy of the data",
        "check": "from the file to check it (its translations checked too)"}


class _Writer:
    """Writes a built ruleset as the Python statements that make it again: each object as a call of
    its class (a value class with its fields by name, a formula, a message, a message template,
    the translations' texts), an object held in more than one place (or a table of the same
    objects, as each formula's names are) once, as a variable. The ruleset's data is ``DATA``,
    the table of its formulas ``table``, and the name it is shown by ``shown``."""

    def __init__(self, raw: dict, shown: str, share: bool = True):
        from ..values import is_dataclass

        self.raw, self.shown = raw, shown
        self.is_value = is_dataclass
        self.classes: dict[str, type] = {}  # name in the module -> class
        self.counts: dict[int, int] = {}
        self.alias: dict[int, int] = {}  # a table's id -> the id of the first table of the same objects
        self.same: dict[tuple, int] = {}
        self.names: dict[int, str] = {}
        self.lines: list[str] = []
        self.held: list[Any] = []  # every object counted, kept alive (so that no id is used twice)
        self.after: list[str] = []  # statements once the ruleset is made (the texts' English copy)
        self.share = share  # False: every object written out where it is held (to compare two rulesets)
        self.memo: dict[int, str] = {}

    def write(self, ruleset: Any) -> list[str]:
        """The statements of a function body that makes ``ruleset`` again and returns it."""
        self._count(ruleset)
        top = self._value(ruleset)
        return self.lines + [f"ruleset = {top}", *self.after, "return ruleset"]

    def _key(self, value: Any) -> int:
        return self.alias.get(id(value), id(value))

    def _count(self, value: Any) -> None:
        if type(value) in _PLAIN or value is self.raw:
            return
        key = id(value)
        if type(value) is dict and value and not any(type(item) in _PLAIN for item in value.values()):
            key = self.alias[id(value)] = self.same.setdefault(tuple((k, id(v)) for k, v in value.items()), key)
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.counts[key] == 1:
            self.held.append(value)
            for item in self._children(value):
                self._count(item)

    def _children(self, value: Any) -> list:
        kind = type(value)
        if kind is dict:
            return [*value.keys(), *value.values()]
        if kind in (list, tuple, frozenset):
            return list(value)
        if kind.__name__ == "Message":
            return [value._params, value.plural_count]
        if kind.__name__ in _CALLS:
            return [getattr(value, name) for name in _CALLS[kind.__name__] if name is not None and name != "table"]
        if self.is_value(value):
            return [getattr(value, f) for f in type(value).__value_fields__]
        raise RuntimeError(f"a ruleset holds what the build cannot write: {value!r}")

    def _value(self, value: Any) -> str:
        kind = type(value)
        if kind is float and value != value:
            raise RuntimeError("a ruleset holds NaN")
        if kind is float and value in (float("inf"), float("-inf")):
            return "INF" if value > 0 else "-INF"
        if kind is str and value == self.shown:
            return "shown"
        if kind in _PLAIN:
            return repr(value)
        if value is self.raw:
            return "DATA"
        key = self._key(value)
        if not self.share:
            text = self.memo.get(id(value))
            if text is None:
                text = self.memo[id(value)] = self._make(value)
            return text
        name = self.names.get(key)
        if name is not None:
            return name
        text = self._make(value)
        # an object held in more than one place is made once; every object of a class gets a line
        # of its own (the module stays readable)
        if self.counts.get(key, 0) > 1 or type(value) not in (dict, list, tuple, frozenset):
            name = self.names[key] = f"_{len(self.names)}"
            self.lines.append(f"{name} = {text}")
            return name
        return text

    def _make(self, value: Any) -> str:
        kind = type(value)
        if kind is dict:
            return "{" + ", ".join(f"{self._value(k)}: {self._value(v)}" for k, v in value.items()) + "}"
        if kind is list:
            return "[" + ", ".join(map(self._value, value)) + "]"
        if kind is tuple:
            return "(" + "".join(f"{self._value(v)}, " for v in value) + ")"
        if kind is frozenset:
            return "frozenset((" + "".join(f"{self._value(v)}, " for v in sorted(value, key=repr)) + "))"
        if kind.__name__ == "Message":
            return self._message(value)
        if kind.__name__ in _CALLS:
            args = (self._value(getattr(value, a)) if a is not None and a != "table" else str(a)
                    for a in _CALLS[kind.__name__])
            made = f"{self._class(kind)}({', '.join(args)})"
            return self._texts(made) if kind.__name__ == "Texts" else made
        fields = ", ".join(f"{f}={self._value(getattr(value, f))}" for f in type(value).__value_fields__)
        return f"{self._class(kind)}({fields})"

    def _class(self, kind: type) -> str:
        self.classes[kind.__name__] = kind
        return kind.__name__

    def _message(self, m: Any) -> str:
        params = "".join(f", {name}={self._value(v)}" for name, v in m._params)
        if m.plural_count is not None:
            return f"{self._class(type(m))}.plural({m.code!r}, {self._value(m.plural_count)}{params})"
        return f"{self._class(type(m))}({m.code!r}{params})"

    def _texts(self, made: str) -> str:
        """The translations' texts ``made``, as a variable: once the ruleset is made, it is their English copy."""
        if not self.share:
            return made
        name = f"_t{len(self.after)}"
        self.lines.append(f"{name} = {made}")
        self.after.append(f"{name}.cache['en'] = ruleset")
        return name


_PLAIN = (str, int, float, bool, type(None))
# The classes written as a call of the class with these attributes as its arguments, in order (None:
# None, "table": the table of the formulas): a message is written by _message, a value class with
# its fields by name.
_CALLS = {"Formula": ("key", "text", "type", "names", None, "_names", "_scope", "depth", "table"),
          "MessageTemplate": ("pieces",),
          "Texts": ("file", "raw", "phases", "names", "check_scopes", "english", "table")}


def _form_lines(forms: dict, sources: dict) -> list[str]:
    """The lines of a table of forms: code written back as source, from the trees ``sources``
    noted, and data as literals (what cannot be written so is left out: made when first needed)."""
    from . import formula_compiler

    lines = []
    for entry, value in forms.items():
        text = _source(value, sources) if type(value) is formula_compiler._CodeType else _data(value)
        if text is not None and _data(entry) is not None:
            lines.append(f"        {_literal(entry)}: {text},")
    return lines


def _formulas(ruleset: Any) -> list:
    """Every formula a built ruleset holds (its fields, message templates, tables and lists)."""
    writer = _Writer(ruleset.raw, "")
    writer._count(ruleset)
    return [value for value in writer.held if type(value).__name__ == "Formula"]


def _literal(value: Any, width: int = 0) -> str:
    """``value`` written as a Python literal (laid out on lines of ``width``, if given);
    RuntimeError when it is not one (a TOML date)."""
    if _data(value) is None:
        raise RuntimeError(f"not a Python literal: {value!r}")
    if width:
        import pprint

        return pprint.pformat(value, width=width, sort_dicts=False)
    return repr(value)


def _data(value: Any) -> str | None:
    """``value`` written as a Python literal that reads back as the same value; None when it cannot be."""
    text = repr(value)
    try:
        again = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    return text if _same(again, value) else None


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all through (1 is not 1.0, nor True)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    if type(a) is frozenset:
        return a == b and all(type(x) in (str, int, bool, type(None)) for x in a)
    return a == b


def _source(code: Any, sources: dict) -> str | None:
    """The generated code ``code`` written back as Python source (a ``lambda``); None when the
    source does not parse back to the same tree (the form is then generated at run time)."""
    tree = sources.get(code)
    if tree is None or not isinstance(tree.body, ast.Lambda):
        return None
    text = ast.unparse(tree)
    try:
        again = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return text if ast.dump(_Folded().visit(again)) == ast.dump(_Folded().visit(tree)) else None


class _Folded(ast.NodeTransformer):
    """A tree with what the compiler folds into one constant as that constant: a negative number
    (source writes ``-1`` as minus 1) and a tuple of constants (source writes it as a tuple)."""

    def visit_UnaryOp(self, node: Any) -> Any:
        self.generic_visit(node)
        value = node.operand.value if isinstance(node.operand, ast.Constant) else None
        if isinstance(node.op, ast.USub) and isinstance(value, (int, float)) and not isinstance(value, bool):
            return ast.Constant(-value)
        return node

    def visit_Tuple(self, node: Any) -> Any:
        self.generic_visit(node)
        if isinstance(node.ctx, ast.Load) and all(isinstance(item, ast.Constant) for item in node.elts):
            folded: Any = tuple(item.value for item in node.elts)  # (the compiler's own folded form)
            return ast.Constant(folded)
        return node
