"""What the build plays with each built-in ruleset before it writes its shipped module
(:mod:`scorekeeper.rules.shipped`), so that the module holds the code a command generates at its
start: the fast forms of the formulas, which fold in a game's constants (its players, deck and
options), are generated for the games the build plays and written into the module with the rest.

The build tries the ruleset's limits as ``rules check`` does (every number of players, under
its default options and each other value of one option); plays a new game for every number of
players with the default options: the first deal's bidding order and bids checked as
``check-bid`` checks them; and it replays every example score sheet (``examples/*.toml`` beside ``rulesets/``) of the ruleset, as
``replay`` does. A game played otherwise works the same: what the module does not hold is
generated when it is first needed (the slow path).
"""

from __future__ import annotations

import os

from ..game.game import Game, replay_into
from ..game.limits import limit_problems
from ..rules import generate
from ..rules.paths import builtin_rulesets_dir
from .bids import check_bids

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from ..rules.model import Ruleset

__all__ = ["check", "module_texts", "play"]


def module_texts() -> dict[str, str]:
    """The modules of the built-in rulesets by their files' names (hatch_build.py writes them)."""
    return generate.module_texts(play, check)


def play(ruleset: Ruleset, stem: str) -> None:
    """Play with ``ruleset`` (the built-in ``rulesets/<stem>.toml``) as the commands do."""
    for n in range(ruleset.min_players, ruleset.max_players + 1):
        game = Game(ruleset, [f"Player {i}" for i in range(1, n + 1)], {}, 1)
        spec = ruleset.fields.get("bid")
        order = game.info(1).bidding_order
        if spec is not None and spec.scope == "seat" and spec.type == "int":
            check_bids(game, 1, order, [0] * (n - 1))
    for raw in _sheets(stem):
        options = raw.get("options", {})
        Game(ruleset, raw["players"], options, 1)
        game = Game(ruleset, raw["players"], options, raw.get("first_dealer", 1), *(
            [raw["scores"]] if "scores" in raw else []))
        replay_into(game, raw.get("deals", []))


def check(ruleset: Ruleset, stem: str) -> None:
    """Try the limits of ``ruleset`` as ``rules check`` does."""
    limit_problems(ruleset, f"rulesets/{stem}.toml")


def _sheets(stem: str) -> list[dict]:
    """The example score sheets of the built-in ruleset ``stem`` (none where there are no examples)."""
    import tomllib

    folder = os.path.join(os.path.dirname(builtin_rulesets_dir()), "examples")
    found = []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        if name.endswith(".toml"):
            with open(os.path.join(folder, name), "rb") as f:
                raw = tomllib.load(f)
            if raw.get("ruleset") == stem:
                found.append(raw)
    return found
