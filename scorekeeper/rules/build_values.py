"""The steps of building a ruleset that give the values of a deal: the fields (bounds, fill,
when asked), the derived values (in an order where each comes after those it reads) and the
values carried from deal to deal (:class:`ValueSteps`).
"""

from __future__ import annotations

from ..messages import Message
from .formula import ANY, BOOL, CONST, DEAL, NUM, SEAT, TEXT, NameInfo, names_in, type_word
from .labels import label_problem, with_names_held
from .model import Carried, Derived, FieldSpec
from .problems import key_path
from .schema import TABLES, plain_values
from ..values import replace
from .build_base import END_NAMES, CARRY_NAMES, PAIR_NAMES, WANT_CONDITION, WANT_NUMBER, WANT_SCORE
from .build_names import NameSteps, FIELD_VALUE_TYPES

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any


_FIELD_ONLY = {"min": ("int",), "max": ("int",), "values": ("int",), "choices": ("choice",), "labels": ("choice",),
               "count": ("cards",)}


def _start_names(game_names: dict, scope: str) -> dict:
    """What a carried value's start reads: the game's names, and the seat it starts at
    (``seat``; a partnership's value: ``team``, the partnership), as a handicap or a game
    continued from paper gives each its own start."""
    unit = {"seat": "seat", "team": "team"}.get(scope)
    return game_names if unit is None else {**game_names, unit: NameInfo(NUM, CONST)}


def _derived_reads(d: dict, shipped: Any) -> frozenset[str]:
    """The names a derived value's formulas read (its value, or its parts); ``shipped`` as for names_in."""
    texts = [d.get("value"), *(d.get("parts") or {}).values()]
    return frozenset().union(*(names_in(t, shipped) for t in texts))


def _reading_order(reads: dict[str, frozenset[str]]) -> list[str]:
    """The values in an order where each comes after those it reads (so that each one's
    type is known before it is used); those in a loop last, in the order given."""
    waiting = {v: {n for n in names if n in reads and n != v} for v, names in reads.items()}
    readers: dict[str, list[str]] = {v: [] for v in reads}
    for v, names in waiting.items():
        for n in names:
            readers[n].append(v)
    ready = [v for v in reads if not waiting[v] and v not in reads[v]]
    order: list[str] = []
    while len(order) < len(ready):
        v = ready[len(order)]
        order.append(v)
        for r in readers[v]:
            waiting[r].discard(v)
            if not waiting[r] and r not in reads[r]:
                ready.append(r)
    placed = set(order)
    return order + [v for v in reads if v not in placed]


class ValueSteps(NameSteps):
    """The steps that build the fields, the derived values and the carried values."""

    def _fields(self) -> None:
        self.attrs["fields"] = {fid: self.field(fid, *meta) for fid, meta in self.field_meta.items()}

    def field(self, fid: str, f: dict, ftype: str, scope: str, phase: str) -> FieldSpec:
        key = key_path("fields", fid)
        for extra, types in _FIELD_ONLY.items():
            if extra in f and ftype not in types:
                self.add(key_path(key, extra), Message("rules.field.only_type", type=", ".join(types), name=extra))
        if ftype == "int" and f.get("values"):  # a list: its least and largest are the bounds
            if "min" in f or "max" in f:
                self.add(key_path(key, "values"), Message("rules.field.values_and_bounds"))
            f = {**f, "min": min(f["values"]), "max": max(f["values"])}
        elif ftype == "int" and ("min" not in f or "max" not in f) and "values" not in self.field_raw[fid]:
            self.add(key, Message("rules.field.int_needs_bounds"))  # (a bad list is reported as such)
        if ftype == "choice" and not f.get("choices") and "choices" not in self.field_raw[fid]:
            self.add(key_path(key, "choices"), Message("rules.field.no_choices"))
        if ftype == "choice":
            for value in f.get("labels", {}):
                if value not in f.get("choices", ()):
                    self.add(key_path(key_path(key, "labels"), value), Message(
                        "rules.not_a_choice", value=value, choices=", ".join(f.get("choices", ())), hint=""))
        schema = TABLES["field"]
        formulas = self.formulas(schema, f, ("min", "max", "count", "when", "fill"), key, self.names,
                                 DEAL if scope == "deal" else SEAT)
        for name, want in (("min", WANT_NUMBER), ("max", WANT_NUMBER), ("count", WANT_NUMBER), ("when", WANT_CONDITION)):
            formulas[name] = self.typed(formulas[name], want)
        fill = formulas["fill"]
        gives = FIELD_VALUE_TYPES.get(ftype, TEXT)
        if fill is not None and fill.type != gives and not (gives == NUM and fill.type == BOOL):
            self.add(key_path(key, "fill"), Message("rules.field.fill_type", type=ftype, want=type_word(gives),
                                                    text=fill.text, got=type_word(fill.type)))
            formulas["fill"] = None
        plain = plain_values(schema, f, fid, self.attrs["phases"])
        choice_labels = plain["choice_labels"] if ftype == "choice" else {}
        self.label_placeholders(key, plain["label"], choice_labels)
        label, choice_labels, named = with_names_held(plain["label"], choice_labels, self.attrs["teams"])
        return FieldSpec(**{**plain, **formulas, "id": fid, "scope": scope, "phase": phase, "type": ftype,
                            "optional": bool(plain["optional"]), "label": label, "choice_labels": choice_labels,
                            "named_texts": named, "values": plain["values"] if ftype == "int" else ()})

    def label_placeholders(self, key: str, label: str, choice_labels: dict[str, str]) -> None:
        """Reports each label of a field whose placeholders name no seat or partnership."""
        players, teams = self.attrs["max_players"], len(self.attrs["teams"])
        for where, text in ((key_path(key, "label"), label),
                            *((key_path(key_path(key, "labels"), c), v) for c, v in choice_labels.items())):
            problem = label_problem(text, players, teams) if isinstance(text, str) else None
            if problem is not None:
                self.add(where, problem)

    def _derived(self) -> None:
        """Derived values: names first, then their formulas (types from them) in file order."""
        schema = TABLES["derived"]
        checked = {}
        for did, raw in (self.top.get("derived") or {}).items():
            key = key_path("derived", did)
            if not self.new_name(did, "derived", key):
                continue
            d = self.checker.table(raw, schema, key)
            scope = self.allowed(schema, d, "scope", key)
            if scope == "team" and not self.attrs["teams"]:
                self.add(key_path(key, "scope"), Message("rules.team_needs_teams"))
            checked[did] = (d, scope)
            self.names[did] = NameInfo(ANY, DEAL if scope == "deal" else SEAT, per_team=scope == "team")
        self.derived_ids = list(checked)
        built: dict[str, Derived] = {}
        ids = set(checked)
        reads = {did: _derived_reads(d, self.shipped) & ids for did, (d, _) in checked.items()}
        order = _reading_order(reads)
        place = {did: i for i, did in enumerate(order)}
        for did in order:
            for name in reads[did]:
                if place[name] >= place[did]:  # in a loop (reported by _cycles): a number meanwhile
                    self.names[name] = replace(self.names[name], type=NUM)
        for did in order:
            d, scope = checked[did]
            value = self.derived(did, d, scope)
            if value is not None:
                built[did] = value
            else:  # its problem is reported: a number meanwhile, for those that read it
                self.names[did] = replace(self.names[did], type=NUM)
        for did, (d, scope) in checked.items():  # (read once every value has its type)
            if did in built and "shown_when" in d:
                fscope = {"seat": SEAT, "team": self.partnership, "deal": DEAL}[scope]
                where = key_path(key_path("derived", did), "shown_when")
                shown = self.typed(self.formula(d["shown_when"], where, self.names, fscope), WANT_CONDITION)
                built[did] = replace(built[did], shown_when=shown)
        self.attrs["derived"] = {did: built[did] for did in checked if did in built}  # in file order

    def derived(self, did: str, d: dict, scope: str) -> Derived | None:
        key = key_path("derived", did)
        fscope = {"seat": SEAT, "team": self.partnership, "deal": DEAL}[scope]  # where its formulas are checked
        parts = []
        for pid, text in (d.get("parts") or {}).items():
            pf = self.formula(text, key_path(key_path(key, "parts"), pid), self.names, fscope)
            if pf:
                parts.append((pid, pf))
        if "value" in d:
            value = self.formula(d["value"], key_path(key, "value"), self.names, fscope)
        elif parts:
            value = self.formula(" + ".join(f"({p.text})" for _, p in parts), key_path(key, "parts"), self.names,
                                 fscope)
        else:
            self.add(key_path(key, "value"), Message("rules.derived.no_value"))
            value = None
        shows = self.allowed(TABLES["derived"], d, "shows", key)
        if value and shows == "seat" and value.type != NUM:
            self.add(key_path(key, "shows"), Message("rules.derived.seat_number", text=value.text,
                                                     type=type_word(value.type)))
        built = None
        if value:
            built = Derived(**{**plain_values(TABLES["derived"], d, did), "id": did, "scope": scope, "value": value,
                               "parts": tuple(parts), "shows": shows})
            self.names[did] = NameInfo(value.type, DEAL if scope == "deal" else SEAT, per_team=scope == "team")
        part_ids = list(d.get("parts") or {})
        for pid in d.get("labels", {}):
            if pid not in part_ids:
                where = key_path(key_path(key, "labels"), pid)
                self.add(where, Message("rules.not_a_part", value=pid, parts=", ".join(part_ids), hint="") if part_ids
                         else Message("rules.derived.labels_need_parts"))
        return built

    def _carry(self) -> None:
        """Carried values: the start (a number fixed for the game), the update after each deal
        (a number, from the deal and ``score``, its points) and when it starts again."""
        schema, carried = TABLES["carry"], {}
        names = {**self.names, **{k: v[0] for k, v in {**END_NAMES, **CARRY_NAMES}.items() if k not in self.names}}
        for cid, raw in (self.top.get("carry") or {}).items():
            key = key_path("carry", cid)
            if cid not in self.names:
                continue
            c = self.checker.table(raw, schema, key)
            scope = self.allowed(schema, c, "scope", key)
            if scope == "team" and not self.attrs["teams"]:
                self.add(key_path(key, "scope"), Message("rules.team_needs_teams"))
            if "score" in self.names and "score" in names_in(c.get("value"), self.shipped) | names_in(c.get("reset"), self.shipped):
                self.add(key, Message("rules.carry.score_taken"))
            start = self.typed(self.formula(c.get("start", schema["start"].default), key_path(key, "start"),
                                            _start_names(self.game_names, scope), CONST), WANT_NUMBER)
            fscope = DEAL if scope == "table" else SEAT  # the table's one value: a formula about the deal
            own = self._pair_update_names(cid, c, key, names) if scope == "pair" else names
            value = self.typed(self.formula(c.get("value"), key_path(key, "value"), own, fscope), WANT_SCORE)
            reset = self.typed(self.formula(c.get("reset"), key_path(key, "reset"), own, fscope), WANT_CONDITION)
            if start and value:
                carried[cid] = Carried(**{**plain_values(schema, c, cid), "id": cid, "scope": scope, "start": start,
                                          "value": value, "reset": reset})
        self.attrs["carry"] = carried
        if carried:
            self._constant_values(tuple(c.start for c in carried.values()))

    def _pair_update_names(self, cid: str, c: dict, key: str, names: dict[str, NameInfo]) -> dict[str, NameInfo]:
        """The names the update and reset of a value carried per pair of seats read: at ``seat``,
        the one who holds it, ``other`` the seat it is held on, and its own name bare, the value
        of that pair carried into the deal."""
        if "other" in self.names and "other" in (names_in(c.get("value"), self.shipped)
                                                  | names_in(c.get("reset"), self.shipped)):
            self.add(key, Message("rules.carry.other_taken"))
        own = {k: v[0] for k, v in PAIR_NAMES.items() if k not in self.names}
        return {**names, cid: NameInfo(NUM, DEAL, pair=True), **own}
