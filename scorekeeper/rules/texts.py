"""A ruleset's translations as its model keeps them: :class:`Texts` makes the ruleset's copy in
another language when it is first asked for.

Apart from :mod:`.translations` (which checks them and puts them in), so that a ruleset loaded
in English does not import the checker: what a copy in another language needs is imported when
one is first made.
"""

from __future__ import annotations

from ..languages import LANGUAGES
from .problems import Problem, RulesetError, key_path

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

    from .formula import NameInfo
    from .model import Ruleset

__all__ = ["Texts"]


class Texts:
    """A ruleset's translations and what it takes to make its copy in another language.

    Shared by the English ruleset and its localized copies; each copy is made once."""

    def __init__(self, file: str, raw: dict, phases: tuple[str, ...], names: dict[str, NameInfo],
                 check_scopes: dict[str, str], english: dict[str, str], shipped: Any = None):
        self.file = file
        self.shipped = shipped  # a built-in ruleset's table of checked formulas and code (see .shipped), or None
        self.raw = raw
        self.phases = phases
        self.names = names
        self.check_scopes = check_scopes
        self.english = english  # check id -> its English message
        self.cache: dict[str, Ruleset] = {}
        # (texts by language and path, problems): walked on first use, so loading a
        # ruleset to play in English does not even look at its translations.
        self.walked: tuple[dict[str, dict[tuple[str, ...], Any]], list[Problem]] | None = None

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in (self.raw.get("translations") or {}) if lang != "en" and lang in LANGUAGES)

    def texts(self, lang: str) -> tuple[dict[tuple[str, ...], Any], list[Problem]]:
        """The translated texts of one language by path, and the problems found in them."""
        if self.walked is None:
            from .schema import Checker
            from .translations import TranslationWalker

            walker = TranslationWalker(Checker(self.file))
            self.walked = (walker.walk(self.raw, self.phases), walker.checker.problems)
        where = key_path("translations", lang)
        problems = [p for p in self.walked[1] if p.path == where or p.path.startswith(where + ".")]
        return self.walked[0].get(lang, {}), problems

    def compile(self, lang: str) -> tuple[dict[tuple[str, ...], Callable[[Any], str]], list[Problem]]:
        """The translated messages of ``lang`` compiled, and the problems met doing it."""
        from .formula import DEAL, SEAT, FormulaError, compile_template
        from .translations import _placeholder_difference

        out: dict[tuple[str, ...], Callable[[Any], str]] = {}
        problems: list[Problem] = []
        trump_names = {k: v for k, v in self.names.items() if k != "trump"}
        for path, text in self.texts(lang)[0].items():
            section = path[0]
            if section not in ("checks", "reminders", "trump", "board") or path == ("board", "label"):
                continue
            key = key_path("translations", lang)
            for part in path:
                key = key_path(key, part)
            if section == "checks":
                names, scope = self.names, SEAT if self.check_scopes.get(path[1]) == "seat" else DEAL
            else:
                names, scope = (trump_names if section == "trump" else self.names), DEAL
            try:
                render = compile_template(text, key=key, names=names, scope=scope, shipped=self.shipped)
            except FormulaError as exc:
                problems.append(Problem(self.file, exc.key, exc.message))
                continue
            english = self.english.get(path[1]) if section == "checks" else None
            difference = _placeholder_difference(english, text) if english is not None else None
            if difference is not None:
                problems.append(Problem(self.file, key, difference))
                continue
            out[path] = render
        return out, problems

    def localized(self, lang: str) -> Ruleset:
        found = self.cache.get(lang)
        if found is None:
            texts, problems = self.texts(lang)
            if problems:
                raise RulesetError(problems[:1])
            compiled, problems = self.compile(lang)
            if problems:
                raise RulesetError(problems[:1])
            from .translations import localize

            found = self.cache[lang] = localize(self.cache["en"], lang, texts, compiled)
        return found
