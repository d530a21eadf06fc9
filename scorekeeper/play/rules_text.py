"""What `rules show` says of a ruleset beyond its options and fields: the deck, the
partnerships, the trump rules, the checks, the reminders and, for a number of players,
who deals and who bids first in each deal. As data (:func:`details`, for --json) and as
lines in the current language (:func:`detail_lines`); the ruleset's own texts (check
messages, reminders, what a trump rule says) are shown as written, in the ruleset's
translation where it has one.
"""

from __future__ import annotations

from ..game.engine import GameError
from ..game.game import Game
from ..i18n import get_language, t, tn
from .panel import has_bidding
from ..rules.formula import EvalError, Missing

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["detail_lines", "details"]


def _template(rs, section: str, index: int, item_id: str | None, key: str, lang: str) -> str | None:
    """A message, reminder or trump text as the ruleset writes it (``{formula}`` parts and all),
    in ``lang`` where the ruleset translates it."""
    entries = rs.raw.get(section)
    english = entries[index].get(key) if isinstance(entries, list) and index < len(entries) else None
    if lang != "en" and item_id and rs.texts is not None:
        texts, _ = rs.texts.texts(lang)
        return texts.get((section, item_id, key), english)
    return english


def _text(formula) -> str | None:
    return formula.text if formula is not None else None


def _deals(game: Game) -> list[dict[str, Any]]:
    """Each deal of the plan (of one round of dealers, for a game that ends by score): its
    cards, dealer and first bidder (None when the entries decide it; left out when no one bids)."""
    setup = game.setup
    count = setup.planned if setup.planned is not None else setup.n
    bidding = has_bidding(game.ruleset)
    out = []
    for number in range(1, count + 1):
        d = game.evaluate(number)
        deal = {"deal": number, "cards": d.cards, "dealer": setup.players[d.dealer - 1]}
        if bidding:
            try:
                deal["first_bidder"] = setup.players[d.order[0] - 1]
            except (Missing, EvalError, GameError, IndexError):
                deal["first_bidder"] = None
        out.append(deal)
    return out


def details(rs, game: Game | None, lang: str = "en") -> dict[str, Any]:
    """The deck, partnerships, trump rules, checks and reminders of the English ruleset ``rs``
    (texts in ``lang``), and with a game set up for some players the deck's size and each deal."""
    return {
        "deck": game.setup.consts["deck"] if game is not None else _text(rs.deck),
        "partnerships": [list(team) for team in rs.teams],
        "trump": [{"id": r.id, "kind": r.kind, "when": _text(r.when), "suit": _text(r.suit), "seat": _text(r.seat),
                   "field": r.field, "say": _template(rs, "trump", i, r.id, "say", lang)}
                  for i, r in enumerate(rs.trump)],
        "checks": [{"id": c.id, "level": c.level, "scope": c.scope, "rule": c.rule.text, "when": _text(c.when),
                    "field": c.field, "message": _template(rs, "checks", i, c.id, "message", lang)}
                   for i, c in enumerate(rs.checks)],
        "reminders": [{"id": r.id, "when": _text(r.when), "text": _template(rs, "reminders", i, r.id, "text", lang)}
                      for i, r in enumerate(rs.reminders)],
        "carry": [{"id": c.id, "scope": c.scope, "start": c.start.text, "value": c.value.text, "reset": _text(c.reset),
                   "label": rs.localized(lang).carry[c.id].label} for c in rs.carry.values()],
        "redeal": _text(rs.redeal),
        "next_dealer": _text(rs.next_dealer),
        "deals": _deals(game) if game is not None else None,
    }


def _trump_line(rule: dict) -> str:
    what = {"none": t("cli.rules_more.trump.none"), "turn": t("cli.rules_more.trump.turn"),
            "choose": t("cli.rules_more.trump.choose", seat=rule["seat"] or "?"),
            "suit": t("cli.rules_more.trump.suit", suit=rule["suit"] or "?")}.get(rule["kind"], rule["kind"])
    if rule["field"]:
        what = t("cli.rules_more.trump.entered", what=what, field=rule["field"])
    if rule["say"]:
        what = t("cli.rules_more.said", what=what, text=rule["say"])
    return t("cli.rules_more.when", formula=rule["when"], what=what) if rule["when"] else what


def _check_line(check: dict) -> str:
    line = t("cli.rules_more.check", id=check["id"], rule=check["rule"], message=check["message"] or "")
    if check["level"] == "warning":
        line = t("cli.rules_more.warning", line=line)
    return t("cli.rules_more.when", formula=check["when"], what=line) if check["when"] else line


def _carry_line(carried: dict) -> str:
    line = t(f"cli.rules_more.carry_{carried['scope']}",
             id=carried["id"], label=carried["label"], start=carried["start"], value=carried["value"])
    return t("cli.rules_more.carry_reset", line=line, formula=carried["reset"]) if carried["reset"] else line


def _deal_line(deal: dict) -> str:
    if "first_bidder" not in deal:  # no one bids
        return tn("cli.rules_more.deal_no_bids", deal["cards"], number=deal["deal"], dealer=deal["dealer"])
    if deal["first_bidder"] is None:
        return tn("cli.rules_more.deal_decided", deal["cards"], number=deal["deal"], dealer=deal["dealer"])
    return tn("cli.rules_more.deal", deal["cards"], number=deal["deal"], dealer=deal["dealer"],
              first=deal["first_bidder"])


def detail_lines(rs, game: Game | None, plain: bool = False) -> list[str]:
    """``details`` as lines in the current language: headings, then indented lines (``plain``:
    each a sentence on its own, without indentation)."""
    doc = details(rs, game, get_language())
    shown = rs.localized(get_language())
    indent = "" if plain else "  "
    lines = [t("cli.rules_more.deck", deck=doc["deck"])]
    if rs.teams:
        sides = [" & ".join(str(s) for s in team) for team in rs.teams]
        against = (t("cli.rules_more.against", first=sides[0], second=sides[1]) if len(sides) == 2
                   else t("cli.rules_more.against_list", sides=", ".join(sides)))
        lines.append(t("cli.rules_more.partnerships", sides=against))
    sections = [(t("cli.rules_more.trump_heading"), [_trump_line(r) for r in doc["trump"]]),
                (t("cli.rules_more.checks_heading"), [_check_line(c) for c in doc["checks"]]),
                (t("cli.rules_more.reminders_heading"),
                 [t("cli.rules_more.when", formula=r["when"], what=r["text"]) if r["when"] else r["text"]
                  for r in doc["reminders"]]),
                (t("cli.rules_more.carry_heading"), [_carry_line(c) for c in doc["carry"]])]
    if doc["redeal"]:
        lines.append(t("cli.rules_more.redeal", formula=doc["redeal"]))
    if doc["next_dealer"]:
        lines.append(t("cli.rules_more.next_dealer", formula=doc["next_dealer"]))
    if doc["deals"] is not None:
        assert game is not None  # (the deals are listed for a game)
        heading = "cli.rules_more.deals_heading" if has_bidding(rs) else "cli.rules_more.deals_heading_no_bids"
        lines.append(tn(heading, len(doc["deals"]), players=game.setup.n, game=shown.name))
        lines += [indent + _deal_line(d) for d in doc["deals"]]
    for heading, items in sections:
        if items:
            lines.append(heading)
            lines += [indent + item for item in items]
    return lines
