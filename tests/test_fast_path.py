"""The fast per-game code and the generic code of a formula always agree.

Both are generated from the same checked tree; the fast form folds the game's options
in, reads entered values straight from the deal and computes small derived values in
place. These tests replay every example sheet and compare the two forms value by value.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scorekeeper.game.game import Game
from scorekeeper.rules.formula import EvalError, Missing
from scorekeeper.rules.ruleset import load_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SHEETS = sorted(p for p in EXAMPLES.glob("*.toml") if "deals" in tomllib.loads(p.read_text(encoding="utf-8")))


def _both(formula, deal, seat):
    outcomes = []
    for form in ("generic", "fast"):
        try:
            value = formula(deal.env(seat)) if form == "generic" else deal.run(formula, seat)
            outcomes.append(("value", value))
        except Missing as exc:
            outcomes.append(("missing", exc.name))
        except EvalError as exc:
            outcomes.append(("error", exc.key))
    return outcomes


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.stem)
def test_generic_and_fast_forms_agree_on_every_example_deal(sheet):
    """Every derived value, score, check and field bound: same value from both forms."""
    data = tomllib.loads(sheet.read_text(encoding="utf-8"))
    ref = data["ruleset"]
    ruleset = load_ruleset(str(sheet.parent / ref) if ref.endswith(".toml") else ref)
    game = Game(ruleset, data["players"], data.get("options", {}), data.get("first_dealer", 1), data.get("scores"))
    compared = 0
    for values in data["deals"]:
        game.record(values)
    for number, values in enumerate(game.deals, start=1):
        deal = game.evaluate(number, values)
        formulas = [(d.value, d.scope) for d in ruleset.derived.values()]
        formulas += [(ruleset.score, "seat")] + [(c.rule, c.scope) for c in ruleset.checks]
        formulas += [(f, spec.scope) for spec in ruleset.fields.values() for f in (spec.min, spec.max, spec.fill) if f]
        for formula, scope in formulas:
            seats = [None] if scope == "deal" else list(range(1, len(game.players) + 1))
            for seat in seats:
                generic, fast = _both(formula, deal, seat)
                assert generic == fast, (formula.key, number, seat)
                compared += 1
        # The every-seat form of the score (entered values read once) agrees too (a deal
        # that does not count, a passed-out bridge deal, has no score).
        if game.results()[number - 1].counts:
            assert deal.scores() == tuple(deal.score(i) for i in range(game.setup.scorers)), number
            # ... and so does the form that reads only the entered values, where there is one
            assert deal.setup.deal_scores(deal.number, values, deal.before, deal.match, deal.dealer,
                                          deal.carried) == deal.scores(), number
    assert compared > 20


def test_fast_form_folds_options_into_the_code():
    """Under the default Lupaus options the score's option tests are decided before play."""
    import ast

    from scorekeeper.rules import formula_compiler

    game = Game(load_ruleset("lupaus"), ["Anna", "Ben", "Cara"])
    score = game.ruleset.score
    generated, _ = formula_compiler._build(score._tree, score.key, score._names, score._scope,
                                         game.setup.fast_context)
    text = ast.unparse(generated)
    assert "scoring" not in text and "ten-plus-bid" not in text and "zero_bid" not in text
    assert all(isinstance(n, formula_compiler.GENERATED_NODES) for n in ast.walk(generated))
