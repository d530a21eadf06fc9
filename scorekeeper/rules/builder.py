"""Checked TOML -> the ruleset model, one section at a time, collecting every problem.

:class:`Builder` reads a file's raw TOML with the schema's :class:`~.schema.Checker`,
then builds each section in the order the problems are listed: players, phases, teams,
options, the names known to formulas, deck and constants, fields and derived values,
the deal plan, seats, trump, score, checks, reminders, the end, and the translations.
Each step puts what it builds into ``attrs`` under the model attribute the schema names.
The steps that give the names (build_names.NameSteps) and the values of a deal
(build_values.ValueSteps) are classes of their own that Builder extends; what they share and
their helpers are build_base.BuildState.
"""

from __future__ import annotations

from ..messages import Message
from .formula import CONST, DEAL, SEAT, NameInfo
from .model import MAX_DIGITS, Check, Parts, PlanPiece, Reminder, Ruleset, TrumpRule
from .problems import hint, key_path
from .schema import ID_RE, RULESET_ID_RE, TABLES, TOP, plain_values
from .texts import Texts
from .translations import TranslationWalker
from .build_base import (
    CARRY_NAMES, CONTEXT_NAMES, END_NAMES, MATCH_NAMES, WANT_CONDITION, WANT_NUMBER, WANT_SCORE, WANT_SEAT,
    WANT_SUIT, attr_of,
)
from .build_values import ValueSteps

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CARRY_NAMES", "CONTEXT_NAMES", "END_NAMES", "MATCH_NAMES", "Builder"]


# The longest chain of values each computed from the next (derived values, and fields
# filled in or bounded by formulas): deeper chains would exhaust Python's own stack.
MAX_CHAIN = 100


class Builder(ValueSteps):
    """Builds a Ruleset from raw TOML data, collecting every problem it meets: the steps in the
    order ``build`` runs them, from the names (NameSteps) and the values of a deal (ValueSteps)
    to the deal plan, seats, trump, score, checks, reminders, the end and the translations."""

    def build(self) -> Ruleset | None:
        """The ruleset, or None when there is a problem (``problems`` lists every one)."""
        self.top = self.checker.table(self.raw, TOP, "")
        for step in (self._players, self._phases, self._teams, self._options, self._game_names, self._constants,
                     self._field_names, self._carry_names, self._derived, self._fields, self._deals, self._seats, self._trump,
                     self._score, self._carry, self._redeal, self._next_dealer, self._checks, self._reminders, self._end, self._board, self._hand_value, self._cycles):
            step()
        texts = self._texts()
        if self.problems:
            return None
        ruleset = Ruleset(**{**plain_values(TOP, self.top), **self.attrs}, raw=self.raw, texts=texts)
        texts.cache["en"] = ruleset
        return ruleset

    def _deals(self) -> None:
        deals = self.deals_table = self.section("deals")
        plan = []
        for i, raw in enumerate(deals.get("plan", [])):
            piece = self.plan_piece(raw, f"deals.plan[{i}]")
            if piece is not None:
                plan.append(piece)
        cards = None
        if "cards" in deals:
            cards = self.typed(self.formula(deals["cards"], "deals.cards",
                                            {**self.game_names, "deal": self.names["deal"]}, DEAL), WANT_NUMBER)
        if "deals" in self.top and not plan and cards is None and "plan" not in deals:
            self.add("deals", Message("rules.deals.none"))
        elif deals.get("plan") == [] and cards is None:  # no deal at all: nothing to play
            self.add("deals.plan", Message("rules.deals.empty"))
        if plan and cards is not None:
            self.add("deals.cards", Message("rules.deals.both"))
        self.attrs.update(plan=tuple(plan), cards=cards)

    def plan_piece(self, raw: Any, key: str) -> PlanPiece | None:
        p = self.checker.table(raw, TABLES["piece"], key)
        if ("range" in p) == ("cards" in p):
            self.add(key, Message("rules.deals.piece"))
            return None
        if "range" in p:
            start = self.typed(self.formula(p["range"][0], f"{key}.range[0]", self.game_names, CONST), WANT_NUMBER)
            end = self.typed(self.formula(p["range"][1], f"{key}.range[1]", self.game_names, CONST), WANT_NUMBER)
        else:
            start = end = self.typed(self.formula(p["cards"], f"{key}.cards", self.game_names, CONST), WANT_NUMBER)
        formulas = self.formulas(TABLES["piece"], p, ("when", "repeat", "times", "step"), key, self.game_names, CONST)
        formulas["when"] = self.typed(formulas["when"], WANT_CONDITION)
        formulas["repeat"] = self.typed(formulas["repeat"], WANT_NUMBER)
        formulas["times"] = self.typed(formulas["times"], WANT_NUMBER)
        formulas["step"] = self.typed(formulas["step"], WANT_NUMBER)
        if "times" in p and "cards" not in p:
            self.add(f"{key}.times", Message("rules.deals.times"))
        if "step" in p and "range" not in p:
            self.add(f"{key}.step", Message("rules.deals.step"))
        return PlanPiece(start=start, end=end, **formulas) if start and end else None

    def _seats(self) -> None:
        seats, schema = self.section("seats"), TABLES["seats"]
        for name in ("first_bidder", "leader"):
            if name == "leader" and self._unnamed_leader():
                self.attrs["leader"] = None
                continue
            self.attrs[attr_of(schema[name])] = self.typed(self.formula(
                seats.get(name, schema[name].default), f"seats.{name}", self.names, DEAL), WANT_SEAT)

    def _trump(self) -> None:
        rules: list[Any] = []
        ids: dict[str, bool] = {}
        for i, raw in enumerate(self.top.get("trump", [])):
            rule = self.trump_rule(raw, f"trump[{i}]", ids)
            if rule is not None:
                rules.append(rule)
        self.attrs["trump"] = tuple(rules)

    def trump_rule(self, raw: Any, key: str, ids: dict[str, bool]) -> TrumpRule | None:
        schema = TABLES["trump"]
        tr = self.checker.table(raw, schema, key)
        if "kind" not in tr:
            return None
        kind = self.allowed(schema, tr, "kind", key)
        needs = {"suit": "suit", "choose": "seat"}.get(kind)
        if needs and needs not in tr:
            self.add(key, Message("rules.trump.needs", kind=kind, name=needs))
        if kind in ("turn", "choose"):
            self.trump_field(tr.get("field"), kind, key)
        names = {k: v for k, v in self.names.items() if k != "trump"}
        formulas = self.formulas(schema, tr, ("when", "suit", "seat"), key, names, DEAL)
        formulas["when"] = self.typed(formulas["when"], WANT_CONDITION)
        formulas["seat"] = self.typed(formulas["seat"], WANT_SEAT)
        formulas["suit"] = self.typed(formulas["suit"], WANT_SUIT)
        return TrumpRule(kind=kind, field=tr.get("field"), **formulas,
                         say=self.template(tr.get("say"), f"{key}.say", names, DEAL),
                         id=self.item_id(tr.get("id"), f"{key}.id", "trump", ids))

    def trump_field(self, fid: Any, kind: str, key: str) -> None:
        """A trump rule of kind turn or choose names a deal field of suit, trump or choice type."""
        if fid is None:
            self.add(key, Message("rules.trump.needs_field", kind=kind))
        elif fid not in self.field_meta:
            self.add(f"{key}.field", Message("rules.unknown_field", name=str(fid), hint=hint(fid, self.field_meta)))
        elif self.field_meta[fid][2] != "deal" or self.field_meta[fid][1] not in ("suit", "trump", "choice"):
            self.add(f"{key}.field", Message("rules.trump.field_type", name=fid))

    def _score(self) -> None:
        score = self.section("score")
        scope = self.allowed(TABLES["score"], score, "scope", "score")
        if scope == "team" and not self.attrs["teams"]:
            self.add("score.scope", Message("rules.team_needs_teams"))
        # a partnership's formula, or a seat's (a seat's too when the partnerships are missing, reported above)
        fscope = self.scorer_scope = self.partnership if scope == "team" and self.attrs["teams"] else SEAT
        value = self.typed(self.formula(score.get("value"), "score.value", self.names, fscope), WANT_SCORE)
        # made: yes/no, or any other value (e.g. '' for a seat that did not bid) for no mark
        made = self.formula(score.get("made"), "score.made", self.names, fscope)
        digits = score.get("digits")
        if digits is not None and (type(digits) is not int or not 0 <= digits <= MAX_DIGITS):
            self.add("score.digits", Message("rules.score.digits", max=MAX_DIGITS))
            digits = None
        self.attrs.update(score_scope=scope, score=value, made=made, digits=digits)

    def _redeal(self) -> None:
        """When an entered deal does not count (a passed-out bridge deal): a condition of the deal."""
        self.attrs["redeal"] = self.typed(self.formula(self.deals_table.get("redeal"), "deals.redeal",
                                                       self.names, DEAL), WANT_CONDITION)

    def _next_dealer(self) -> None:
        """Who deals after a deal that counts, when not the seat on the dealer's left (Doppelkopf's
        compulsory solo: the same dealer deals again): a seat, a formula of the deal just played."""
        self.attrs["next_dealer"] = self.typed(self.formula(self.deals_table.get("next_dealer"), "deals.next_dealer",
                                                            self.names, DEAL), WANT_SEAT)

    def _checks(self) -> None:
        checks, scopes, seen = [], {}, set()
        seen_keys: set[str | None] = set()
        for i, raw in enumerate(self.top.get("checks", [])):
            # named by its id, as translations and `remove` name it; by position while it has none
            cid = raw.get("id") if isinstance(raw, dict) else None
            named = isinstance(cid, str) and (ID_RE.match(cid) or RULESET_ID_RE.match(cid)) and cid not in seen_keys
            key = f"checks.{cid}" if named else f"checks[{i}]"
            if named:
                seen_keys.add(cid)
            c = self.checker.table(raw, TABLES["check"], key)
            if "rule" not in c or "message" not in c or "id" not in c:
                continue
            if c["id"] in seen:
                self.add(f"{key}.id", Message("rules.id_used.check", id=c["id"]))
            seen.add(c["id"])
            check = self.check(c, key)
            scopes[c["id"]] = check[0]
            if check[1] is not None:
                checks.append(check[1])
        self.attrs["checks"] = tuple(checks)
        self.check_scopes = scopes

    def check(self, c: dict, key: str) -> tuple[str, Check | None]:
        """A check's scope, and the check when its rule and message compile."""
        schema = TABLES["check"]
        scope = self.allowed(schema, c, "scope", key)
        fscope = SEAT if scope == "seat" else DEAL
        level = self.allowed(schema, c, "level", key)
        if "field" in c and c["field"] not in self.field_meta:
            self.add(f"{key}.field", Message("rules.unknown_field", name=str(c["field"]),
                                             hint=hint(c["field"], self.field_meta)))
        rule = self.typed(self.formula(c["rule"], f"{key}.rule", self.names, fscope), WANT_CONDITION)
        message = self.template(c["message"], f"{key}.message", self.names, fscope)
        when = self.typed(self.formula(c.get("when"), f"{key}.when", self.names, fscope), WANT_CONDITION)
        if not (rule and message):
            return scope, None
        return scope, Check(c["id"], scope, rule, message, level, when, c.get("field"))

    def _reminders(self) -> None:
        reminders: list[Any] = []
        ids: dict[str, bool] = {}
        for i, raw in enumerate(self.top.get("reminders", [])):
            key = f"reminders[{i}]"
            r = self.checker.table(raw, TABLES["reminder"], key)
            text = self.template(r.get("text"), f"{key}.text", self.names, DEAL)
            if text:
                reminders.append(Reminder(self.typed(self.formula(r.get("when"), f"{key}.when", self.names, DEAL),
                                                     WANT_CONDITION), text,
                                          self.item_id(r.get("id"), f"{key}.id", "reminders", ids)))
        self.attrs["reminders"] = tuple(reminders)

    def _end(self) -> None:
        end = self.section("end")
        end_names = {**self.names, **{k: v[0] for k, v in END_NAMES.items()}}
        match_names = {**end_names, **{k: v[0] for k, v in MATCH_NAMES.items()}}
        self.attrs["end_when"] = self.typed(self.formula(end.get("when"), "end.when", match_names, DEAL), WANT_CONDITION)
        self.attrs["parts"] = self.parts(end_names, match_names) if "parts" in self.top else None
        self.attrs["winner"] = self.allowed(TABLES["end"], end, "winner", "end")
        # wins: per scorer, after the last deal: who it holds for win the game
        self.attrs["end_wins"] = self.typed(self.formula(end.get("wins"), "end.wins", match_names, self.scorer_scope),
                                            WANT_CONDITION)
        # bonus: per scorer, once the game has ended: points from the values after the last deal
        self.attrs["end_bonus"] = self.typed(self.formula(end.get("bonus"), "end.bonus", end_names, self.scorer_scope),
                                             WANT_SCORE)
        if self.attrs["end_bonus"] is not None and "parts" in self.top:
            self.add("end.bonus", Message("rules.end_bonus_with_parts"))
        self.attrs["end_deals"] = self.typed(self.formula(end.get("deals"), "end.deals", self.game_names, CONST),
                                             WANT_NUMBER)
        self.attrs["end_says"] = end.get("says") if isinstance(end.get("says"), str) else None
        if self.attrs["cards"] is not None and self.attrs["end_when"] is None:
            self.add("end.when", Message("rules.end_needs_when"))

    def _board(self) -> None:
        """[board]: what the score board shows in its deal column (a template over the deal), and
        the column's heading."""
        board = self.section("board")
        self.attrs["board_deal"] = self.template(board.get("deal"), "board.deal", self.names, DEAL)
        self.attrs["board_label"] = board.get("label") if isinstance(board.get("label"), str) else None

    def parts(self, end_names: dict[str, NameInfo], match_names: dict[str, NameInfo]) -> Parts | None:
        pt, schema = self.section("parts"), TABLES["parts"]
        p_end = self.typed(self.formula(pt.get("end"), "parts.end", end_names, DEAL), WANT_CONDITION)
        p_award = self.typed(self.formula(pt.get("award"), "parts.award", end_names, self.scorer_scope), WANT_SCORE)
        when = self.typed(self.formula(pt.get("when"), "parts.when", self.game_names, CONST), WANT_CONDITION)
        bonus = self.typed(self.formula(pt.get("bonus"), "parts.bonus", match_names, self.scorer_scope), WANT_SCORE)
        if not (p_end and p_award):
            return None
        return Parts(**plain_values(schema, pt), end=p_end, award=p_award, when=when, bonus=bonus)

    def _hand_value(self) -> None:
        value = self.top.get("hand_value")
        if value is not None and value not in self.derived_ids:
            self.add("hand_value", Message("rules.hand_value", name=str(value), hint=hint(value, self.derived_ids)))

    def _cycles(self) -> None:
        """A derived value or a field's fill/bounds that needs itself can never be computed;
        a chain of more than MAX_CHAIN values, each computed from the next, is too long.
        Walked with a list, not by recursion, so that no chain is too long to check."""
        fields, derived = self.attrs["fields"], self.attrs["derived"]
        graph: dict[str, list[str]] = {did: sorted(d.value.names) for did, d in derived.items()}
        for fid, f in fields.items():
            names = set().union(*(formula.names for formula in (f.fill, f.min, f.max, f.when) if formula))
            graph[fid] = sorted(names - ({fid} if f.fill is None else set()))  # its own bounds may read it
        state: dict[str, int] = {}  # 1: on the path now, 2: done
        chain: dict[str, int] = {}  # node -> how many values its longest chain has
        reported: set[str] = set()
        for root in graph:
            if root in state:
                continue
            state[root] = 1
            path, pending = [root], [iter(graph[root])]
            while pending:
                node = path[-1]
                nxt = next(pending[-1], None)
                if nxt is None:
                    pending.pop()
                    path.pop()
                    state[node] = 2
                    chain[node] = 1 + max((chain.get(n, 0) for n in graph[node]), default=0)
                elif state.get(nxt) == 1:
                    loop = path[path.index(nxt):] + [nxt]
                    if loop[0] not in reported:
                        reported.add(loop[0])
                        where = "derived" if loop[0] in derived else "fields"
                        self.add(key_path(where, loop[0]), Message("rules.depends_on_itself", loop=" -> ".join(loop)))
                elif nxt not in state and nxt in graph:
                    state[nxt] = 1
                    path.append(nxt)
                    pending.append(iter(graph[nxt]))
        longest = max(chain, key=chain.__getitem__, default=None)
        if longest is not None and chain[longest] > MAX_CHAIN and not reported:  # a loop is the problem there
            where = "derived" if longest in derived else "fields"
            self.add(key_path(where, longest), Message("rules.chain_too_long", name=longest, length=chain[longest],
                                                       max=MAX_CHAIN))

    def _texts(self) -> Texts:
        """What the ruleset needs to give its texts in other languages (and, for check_file,
        every problem in its translations)."""
        phases = self.attrs["phases"]
        english = {c["id"]: c["message"] for c in self.top.get("checks", [])
                   if isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("message"), str)}
        texts = Texts(self.file, self.raw, phases, self.names, self.check_scopes, english, self.shipped)
        if self.compile_translations:
            texts.walked = (TranslationWalker(self.checker).walk(self.top, phases), [])
            for lang in texts.walked[0]:
                self.problems.extend(texts.compile(lang)[1])
        return texts
