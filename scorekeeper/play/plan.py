"""The deals not played yet, as the table changes them during a game (the plan screen's
model): insert, duplicate, remove, resize or skip a deal, or rebuild the rest straight down
to 1 or up to the most cards; and the starting scores typed in the new-game form.

Nothing here changes the game: :class:`PlanDraft` ends in the list of cards that
``StoredGame.change_plan`` takes, and says before that what the ruleset would refuse.
"""

from __future__ import annotations

from typing import Sequence

from ..game.game import Game
from ..i18n import show, t, tn

__all__ = ["PlanDraft", "parse_scores"]


class PlanDraft:
    """The rest of a game's deal plan being changed: ``cards`` (from the next deal on) and the
    deal chosen in it (``chosen``, an index into ``cards``)."""

    def __init__(self, game: Game):
        self.game = game
        self.first = game.next_in_plan  # the deal (of the plan) of cards[0]
        plan = game.setup_for().plan or ()
        self.cards: list[int] = list(plan[self.first - 1:])
        self.original = tuple(self.cards)
        self.chosen = 0
        setup = game.setup_for()
        self.most = max(1, setup.consts["deck"] // setup.n)  # the most cards the deck deals each

    # -- what the table does
    def choose(self, index: int) -> None:
        if self.cards:
            self.chosen = max(0, min(index, len(self.cards) - 1))

    def resize(self, step: int) -> None:
        """One card more (``step`` 1) or fewer (-1) in the chosen deal, from 1 to the most."""
        if self.cards:
            self.cards[self.chosen] = max(1, min(self.most, self.cards[self.chosen] + step))

    def insert(self) -> None:
        """A new deal of 1 card after the chosen one (the first, when there is none)."""
        at = self.chosen + 1 if self.cards else 0
        self.cards.insert(at, 1)
        self.chosen = at

    def duplicate(self) -> None:
        """The chosen deal once more, right after it."""
        if self.cards:
            self.cards.insert(self.chosen + 1, self.cards[self.chosen])
            self.chosen += 1

    def remove(self) -> None:
        """The chosen deal is not played."""
        if self.cards:
            del self.cards[self.chosen]
            self.choose(self.chosen)

    def skip(self) -> None:
        """The next deal is not played (the first of the rest)."""
        if self.cards:
            del self.cards[0]
            self.choose(self.chosen - 1 if self.chosen else 0)

    def down_from_chosen(self) -> None:
        """From the chosen deal on, straight down to 1 ("go straight down from 6")."""
        if self.cards:
            self.cards[self.chosen:] = range(self.cards[self.chosen], 0, -1)

    def up_from_chosen(self) -> None:
        """From the chosen deal on, straight up to the most cards the deck deals each."""
        if self.cards:
            self.cards[self.chosen:] = range(self.cards[self.chosen], self.most + 1)

    def reset(self) -> None:
        """The plan as it was when the screen opened."""
        self.cards = list(self.original)
        self.choose(self.chosen)

    # -- what is shown
    @property
    def changed(self) -> bool:
        return tuple(self.cards) != self.original

    def problem(self) -> str | None:
        """Why the ruleset would refuse these deals, in words; None when it takes them."""
        message = self.game.plan_problem(list(self.cards))
        return show(message) if message is not None else None

    def rows(self) -> list[str]:
        """One line a deal, the chosen one marked: "▶ Deal 5: 6 cards"."""
        return [self.row(i) for i in range(len(self.cards))]

    def row(self, index: int) -> str:
        mark = "▶" if index == self.chosen else " "
        return f"{mark} " + tn("tui.plan.row", self.cards[index], number=self.first + index)

    def summary(self) -> str:
        """"7 deals in all; cards in the deals played: 10; in the deals to come: 6, 5, 4, 3, 2, 1"."""
        played = (self.game.setup_for().plan or ())[:self.first - 1]
        total = len(played) + len(self.cards)
        rest = ", ".join(map(str, self.cards)) or "–"
        if not played:
            return tn("tui.plan.summary_new", total, rest=rest)
        return tn("tui.plan.summary", total, played=", ".join(map(str, played)), rest=rest)


def parse_scores(text: str, names: Sequence[str]) -> tuple[list[int] | None, str | None]:
    """Starting scores typed in one box, one whole number per name (spaces or commas between):
    (the scores, None), (None, None) when the box is empty, or (None, why not)."""
    words = text.replace(",", " ").split()
    if not words:
        return None, None
    scores = []
    for word in words:
        try:
            scores.append(int(word.replace("−", "-")))
        except ValueError:
            return None, t("tui.plan.bad_score", text=word)
    if len(scores) != len(names):
        return None, tn("tui.plan.score_count", len(names), names=", ".join(names), given=len(scores))
    return scores, None
