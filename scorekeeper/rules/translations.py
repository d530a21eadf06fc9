"""A ruleset's texts in other languages: ``[translations.<lang>]``, checked and put in.

:class:`TranslationWalker` checks the structure of the translations (every key must
name something the ruleset has) and gives each language's texts by the path of what
they translate; :class:`.texts.Texts` (the model's part) compiles a language's translated messages when it is
first asked for and makes the ruleset's copy in that language (:func:`localize`).
:func:`drop_stale_translations` is for house rules: a text the house rule changes
loses the base ruleset's translations of it.
"""

from __future__ import annotations

from ..languages import LANGUAGES
from ..messages import Message, Text
from .labels import label_problem, with_names_held
from .model import Ruleset
from .problems import hint, key_path, unknown_key
from .schema import DEFAULT_PHASES, Checker, toml_type
from ..values import replace

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any, Callable

__all__ = [
    "TRANSLATION_ITEMS", "TRANSLATION_KEYS", "TRANSLATION_LANGUAGES", "TranslationWalker",
    "drop_stale_translations", "localize",
]

# What [translations.<lang>] may hold: the ruleset's own keys for its texts, with
# options, fields, derived values, checks, reminders and trump rules named by id.
TRANSLATION_LANGUAGES = tuple(code for code in LANGUAGES if code != "en")
TRANSLATION_KEYS = {
    "name": "str", "description": "str", "aka": "list-str", "phase_labels": "phases",
    "options": "option", "fields": "field", "derived": "derived", "checks": "check",
    "reminders": "reminder", "trump": "trump", "parts": "parts", "end": "end",
    "carry": "carried", "board": "board",
}
BOARD_TEXTS = ("deal", "label")  # what [translations.<lang>.board] may hold
TRANSLATION_ITEMS = {
    "option": {"label": "str", "help": "str", "labels": "labels"},
    "field": {"label": "str", "help": "str", "labels": "labels", "plural": "str"},
    "derived": {"label": "str", "labels": "labels"},
    "check": {"message": "template"},
    "reminder": {"text": "template"},
    "trump": {"say": "template"},
    "carried": {"label": "str"},
}
# What each translated section holds: one, and many.
_ITEM_WORDS: dict[str, tuple[Message, Message]] = {
    "options": (Message("rules.items.option"), Message("rules.items.options")),
    "fields": (Message("rules.items.field"), Message("rules.items.fields")),
    "derived": (Message("rules.items.derived"), Message("rules.items.deriveds")),
    "checks": (Message("rules.items.check"), Message("rules.items.checks")),
    "reminders": (Message("rules.items.reminder"), Message("rules.items.reminders")),
    "trump": (Message("rules.items.trump"), Message("rules.items.trumps")),
    "carry": (Message("rules.carry.item"), Message("rules.carry.items")),
}


# --- the structure of the translations --------------------------------------------------------

class TranslationWalker:
    """Walks ``[translations]`` of a ruleset's raw data, reporting to a checker."""

    def __init__(self, checker: Checker):
        self.checker = checker

    def add(self, path: str, message: Text) -> None:
        self.checker.add(path, message)

    def walk(self, top: dict, phases: tuple[str, ...]) -> dict[str, dict[tuple[str, ...], Any]]:
        """Each language's translated texts by the path of what they translate, e.g.
        ('fields', 'bid', 'label'); every key that names nothing is reported."""
        out: dict[str, dict[tuple[str, ...], Any]] = {}
        for lang, table in (top.get("translations") or {}).items():
            where = key_path("translations", lang)
            allowed = ", ".join(TRANSLATION_LANGUAGES)
            if lang == "en":
                self.add(where, Message("rules.translation.english", allowed=allowed))
                continue
            if lang not in TRANSLATION_LANGUAGES:
                self.add(where, Message("rules.translation.unknown_language", lang=lang,
                                        hint=hint(lang, TRANSLATION_LANGUAGES), allowed=allowed))
                continue
            if not isinstance(table, dict):
                self.add(where, Message("rules.expected_table", got=toml_type(table)))
                continue
            out[lang] = self.translation(table, where, top, phases)
        return out

    def translation(self, table: dict, where: str, top: dict, phases: tuple[str, ...]) -> dict[tuple[str, ...], Any]:
        flat: dict[tuple[str, ...], Any] = {}
        for k, value in table.items():
            path = key_path(where, k)
            kind = TRANSLATION_KEYS.get(k)
            if kind is None:
                self.add(path, unknown_key(k, TRANSLATION_KEYS))
            elif kind in ("str", "list-str"):
                if self.checker.value(value, kind, path):
                    flat[(k,)] = tuple(value) if kind == "list-str" else value
            elif not isinstance(value, dict):
                self.add(path, Message("rules.expected_table", got=toml_type(value)))
            elif kind == "phases":
                for ph, text in value.items():
                    where_ph = key_path(path, ph)
                    if ph not in phases:
                        self.add(where_ph, Message("rules.not_a_phase", value=ph, phases=", ".join(phases),
                                                   hint=hint(ph, phases)))
                    elif self.checker.value(text, "str", where_ph):
                        flat[(k, ph)] = text
            elif kind == "parts":
                if not isinstance(top.get("parts"), dict):
                    self.add(path, Message("rules.translation.no_parts"))
                    continue
                for pk, text in value.items():
                    if pk != "name":
                        self.add(key_path(path, pk), unknown_key(pk, ["name"]))
                    elif self.checker.value(text, "str", key_path(path, pk)):
                        flat[(k, pk)] = text
            elif kind == "end":
                for ek, text in value.items():
                    if ek != "says":
                        self.add(key_path(path, ek), Message("rules.unknown_key", name=ek, hint=hint(ek, ["says"]),
                                                             allowed="says"))
                    elif self.checker.value(text, "str", key_path(path, ek)):
                        flat[(k, ek)] = text
            elif kind == "board":
                for bk, text in value.items():
                    if bk not in BOARD_TEXTS:
                        self.add(key_path(path, bk), Message("rules.unknown_key", name=bk, hint=hint(bk, BOARD_TEXTS),
                                                             allowed=", ".join(BOARD_TEXTS)))
                    elif self.checker.value(text, "str", key_path(path, bk)):
                        flat[(k, bk)] = text
            else:
                self.translated_items(k, kind, value, path, top, flat)
        return flat

    def translated_items(self, section: str, kind: str, table: dict, path: str, top: dict,
                         flat: dict[tuple[str, ...], Any]) -> None:
        source = top.get(section)
        if isinstance(source, list):
            items = {t["id"]: t for t in source if isinstance(t, dict) and isinstance(t.get("id"), str)}
        else:
            items = {k: v for k, v in (source or {}).items() if isinstance(v, dict)}
        allowed = TRANSLATION_ITEMS[kind]
        for item_id, texts in table.items():
            item_path = key_path(path, item_id)
            if item_id not in items:
                self.add(item_path, self.unknown_item(section, item_id, items, isinstance(source, list)))
                continue
            if not isinstance(texts, dict):
                self.add(item_path, Message("rules.expected_table", got=toml_type(texts)))
                continue
            item = items[item_id]
            for tk, text in texts.items():
                text_path = key_path(item_path, tk)
                tkind = allowed.get(tk)
                if tkind is None:
                    self.add(text_path, unknown_key(tk, allowed))
                elif tkind == "labels":
                    self.translated_labels(section, kind, item_id, item, text, text_path, flat)
                    if kind == "field" and isinstance(text, dict):
                        for member, label in text.items():
                            self.label_placeholders(label, key_path(text_path, member), top)
                elif self.checker.value(text, "str", text_path):
                    if kind == "field" and tk == "label":
                        self.label_placeholders(text, text_path, top)
                    if tk in ("help", "say") and not item.get(tk):
                        self.add(text_path, Message("rules.translation.no_english", name=tk,
                                                    path=key_path(key_path(section, item_id), tk)))
                    else:
                        flat[(section, item_id, tk)] = text

    def label_placeholders(self, text: Any, path: str, top: dict) -> None:
        """Reports a translated field label whose placeholders name no seat or partnership."""
        players = (top.get("players") or {}).get("max") if isinstance(top.get("players"), dict) else None
        teams = (top.get("teams") or {}).get("seats") if isinstance(top.get("teams"), dict) else None
        if not isinstance(text, str) or not isinstance(players, int):
            return
        problem = label_problem(text, players, len(teams) if isinstance(teams, list) else 0)
        if problem is not None:
            self.add(path, problem)

    @staticmethod
    def unknown_item(section: str, item_id: str, items: dict[str, Any], array: bool) -> Message:
        """What is said of a translation for an option, field, ... that the ruleset does not have."""
        word, words = _ITEM_WORDS[section]
        close = hint(item_id, items)
        if close:
            return Message("rules.translation.unknown_item", what=word, id=item_id, hint=close)
        if section == "trump" and not items:
            return Message("rules.translation.no_ids.trump", id=item_id)
        if section == "reminders" and not items:
            return Message("rules.translation.no_ids.reminders", id=item_id)
        if array:
            if items:
                return Message("rules.translation.unknown_item_ids", what=word, id=item_id, whats=words,
                               items=", ".join(items))
            return Message("rules.translation.unknown_item_ids_none", what=word, id=item_id, whats=words)
        if not items:
            return Message("rules.translation.unknown_item_none", what=word, id=item_id, whats=words)
        return Message("rules.translation.unknown_item_list", what=word, id=item_id, whats=words,
                       items=", ".join(items))

    def translated_labels(self, section: str, kind: str, item_id: str, item: dict, labels: Any, path: str,
                          flat: dict[tuple[str, ...], Any]) -> None:
        if kind == "derived":
            parts = item.get("parts") or {}
            if not isinstance(parts, dict):
                return  # parts that are not a table are reported where they are given
            members = list(parts)
            if not members:
                self.add(path, Message("rules.derived.labels_need_parts"))
                return
        else:
            members = item.get("choices") or []
            if not (isinstance(members, list) and all(isinstance(c, str) for c in members)):
                return  # choices that are not a list of texts are reported where they are given
            if item.get("type") != "choice":
                self.add(path, Message("rules.option.labels_need_choice") if kind == "option"
                         else Message("rules.field.labels_need_choice"))
                return
        if not isinstance(labels, dict):
            self.add(path, Message("rules.expected_table", got=toml_type(labels)))
            return
        for member, label in labels.items():
            where = key_path(path, member)
            if member not in members:
                listed, close = ", ".join(members), hint(member, members)
                self.add(where, Message("rules.not_a_part", value=member, parts=listed, hint=close) if kind == "derived"
                         else Message("rules.not_a_choice", value=member, choices=listed, hint=close))
            elif self.checker.value(label, "str", where):
                flat[(section, item_id, "labels", member)] = label


# --- compiling the messages and making the copy ----------------------------------------------

def _parts(text: str) -> list[str]:
    """The parts in braces of a message, as written between them, read left to right: a doubled
    brace is a literal one, a part ends at the first closing brace, and an opening brace never
    closed ends the parts (the rest is text). (Read by hand: loading or checking a ruleset
    imports no re.)"""
    parts: list[str] = []
    at = 0
    while True:
        opening, closing = text.find("{", at), text.find("}", at)
        if opening < 0 and closing < 0:
            return parts
        if opening < 0 or 0 <= closing < opening:  # a closing brace first: a doubled one is literal
            at = closing + (2 if text.startswith("}}", closing) else 1)
            continue
        if text.startswith("{{", opening):
            at = opening + 2
            continue
        end = text.find("}", opening + 1)
        if end < 0:
            return parts
        parts.append(text[opening + 1:end])
        at = end + 1


def _placeholders(parts: list[str]) -> dict[str, str]:
    """The {formula} parts of a message (as :func:`_parts` gives them): a form that ignores
    spacing and the words inside '...' literals (those are translated too) -> the part as written."""
    out: dict[str, str] = {}
    for inner in parts:
        out.setdefault(_form(inner), inner)
    return out


def _form(inner: str) -> str:
    import ast  # only for a translated text's placeholders (loading a ruleset reads none)

    from . import formula_compiler

    try:
        tree = formula_compiler._parse(inner)  # parsed only, never run; one thread at a time
    except SyntaxError:
        return inner
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)


def _placeholder_difference(english: str, translated: str) -> Message | None:
    """None when a translated check message has the English one's placeholders, else what differs."""
    english_parts = [part.strip() for part in _parts(english)]
    translated_parts = [part.strip() for part in _parts(translated)]
    if set(english_parts) == set(translated_parts):  # the same parts as written: the same forms (no parser asked)
        return None
    want, have = _placeholders(english_parts), _placeholders(translated_parts)
    missing = [Message("rules.translation.placeholder_missing", part="{" + text + "}")
               for form, text in want.items() if form not in have]
    extra = [Message("rules.translation.placeholder_extra", part="{" + text + "}")
             for form, text in have.items() if form not in want]
    if not missing and not extra:
        return None
    return Message("rules.translation.placeholders", problems=tuple(missing + extra))


def localize(rs: Ruleset, lang: str, texts: dict[tuple[str, ...], Any],
              compiled: dict[tuple[str, ...], Callable[[Any], str]]) -> Ruleset:
    """A copy of the English ruleset ``rs`` with the texts of one language put in."""
    labels: dict[tuple[str, str], dict[str, str]] = {}
    for path, label in texts.items():
        if len(path) == 4 and path[2] == "labels":
            labels.setdefault(path[:2], {})[path[3]] = label

    def text(default: Any, *path: str) -> Any:
        return texts.get(path, default)

    def merged(english: dict[str, str], section: str, item_id: str) -> dict[str, str]:
        extra = labels.get((section, item_id))
        return {**english, **extra} if extra else english

    options = {oid: replace(o, label=text(o.label, "options", oid, "label"), help=text(o.help, "options", oid, "help"),
                            choice_labels=merged(o.choice_labels, "options", oid))
               for oid, o in rs.options.items()}
    def field_texts(fid: str, f: Any) -> Any:  # its labels as written (with placeholders), then held
        written = {**f.choice_labels, **{k: v for k, v in f.named_texts.items() if k}}
        label, choice_labels, named = with_names_held(text(f.named_texts.get("", f.label), "fields", fid, "label"),
                                                      merged(written, "fields", fid), rs.teams)
        return replace(f, label=label, help=text(f.help, "fields", fid, "help"), choice_labels=choice_labels,
                       named_texts=named, plural=text("", "fields", fid, "plural"))  # else the label in the language

    fields = {fid: field_texts(fid, f) for fid, f in rs.fields.items()}
    derived = {did: replace(d, label=text(d.label, "derived", did, "label"),
                            part_labels=merged(d.part_labels, "derived", did))
               for did, d in rs.derived.items()}
    carry = {cid: replace(c, label=text(c.label, "carry", cid, "label")) for cid, c in rs.carry.items()}
    checks = tuple(replace(c, message=compiled.get(("checks", c.id, "message"), c.message)) for c in rs.checks)
    reminders = tuple(replace(r, text=compiled.get(("reminders", r.id, "text"), r.text)) if r.id else r
                      for r in rs.reminders)
    trump = tuple(replace(t, say=compiled.get(("trump", t.id, "say"), t.say)) if t.id else t for t in rs.trump)
    parts = replace(rs.parts, name=text(rs.parts.name, "parts", "name")) if rs.parts else None
    phase_labels = {ph: text(label, "phase_labels", ph) for ph, label in rs.phase_labels.items()}
    return replace(
        rs, name=text(rs.name, "name"), description=text(rs.description, "description"), aka=text(rs.aka, "aka"),
        options=options, fields=fields, derived=derived, checks=checks, reminders=reminders, trump=trump,
        parts=parts, phase_labels=phase_labels, language=lang, end_says=text(rs.end_says, "end", "says"),
        carry=carry, board_deal=compiled.get(("board", "deal"), rs.board_deal),
        board_label=text(rs.board_label, "board", "label"),
    )




# --- house rules -----------------------------------------------------------------------------

_MISSING = object()


def _english_text(raw: dict, path: tuple[str, ...]) -> Any:
    """The English text that a translation at ``path`` translates (None when the text is
    left to its default), or _MISSING when the ruleset has no such thing."""
    head = path[0]
    if len(path) == 1:
        return raw.get(head) if head in ("name", "description", "aka") else _MISSING
    if head == "phase_labels" and len(path) == 2:
        if path[1] not in raw.get("phases", DEFAULT_PHASES):
            return _MISSING
        labels = raw.get("phase_labels")
        return labels.get(path[1]) if isinstance(labels, dict) else None
    if head in ("end", "board") and len(path) == 2:
        return raw[head].get(path[1]) if isinstance(raw.get(head), dict) else _MISSING
    if head == "parts" and len(path) == 2:
        return raw["parts"].get(path[1]) if isinstance(raw.get("parts"), dict) else _MISSING
    source = raw.get(head)
    if isinstance(source, list):
        item = next((t for t in source if isinstance(t, dict) and t.get("id") == path[1]), None)
    else:
        item = source.get(path[1]) if isinstance(source, dict) else None
    if not isinstance(item, dict):
        return _MISSING
    if len(path) == 3:
        return item.get(path[2])
    if len(path) == 4 and path[2] == "labels":
        members = item.get("parts") if head == "derived" else item.get("choices")
        if not isinstance(members, (dict, list)) or path[3] not in members:
            return _MISSING
        labels = item.get("labels")
        return labels.get(path[3]) if isinstance(labels, dict) else None
    return _MISSING


def _flat_paths(table: dict, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for key, value in table.items():
        if isinstance(value, dict):
            out.extend(_flat_paths(value, prefix + (key,)))
        else:
            out.append(prefix + (key,))
    return out


def drop_stale_translations(parent: dict, own: dict, merged: dict) -> None:
    """A house rule that changes or removes an English text drops what its base says in
    other languages for it (a stale translation would contradict the rule), unless the
    house rule translates it too."""
    translations = merged.get("translations")
    if not isinstance(translations, dict):
        return
    found = own.get("translations")
    own_translations: dict[str, Any] = found if isinstance(found, dict) else {}
    for lang, table in translations.items():
        if not isinstance(table, dict):
            continue
        mine = own_translations.get(lang)
        mine_paths = set(_flat_paths(mine)) if isinstance(mine, dict) else set()
        for path in _flat_paths(table):
            if path in mine_paths or path[0] not in TRANSLATION_KEYS:
                continue
            before = _english_text(parent, path)
            if before is not _MISSING and _english_text(merged, path) != before:
                nodes = [table]
                for part in path[:-1]:
                    nodes.append(nodes[-1][part])
                del nodes[-1][path[-1]]
                for node, part in zip(reversed(nodes[:-1]), reversed(path[:-1])):
                    if node[part]:
                        break
                    del node[part]  # a table left empty: the item it translated is gone
