"""Keys typed into the deal's boxes, headless: the Typist (play/typing.py) over fixed bursts.

Each burst is the keys of one deal as a table types them (issue 24's cases: a slip corrected
after the next value, a value shown that no value of the box still to type can make whole,
digits that read two ways), on a new Typist each round. Figures: keys per ms over all bursts
(the best of the rounds for each burst), the views of the deal worked out per burst (a count:
the same on any machine), and the share of the time spent in the two steps that read the
readings again after each key: ``_revived`` (a key refused in a box passed over, read there
again once a correction lets the rules take it) and ``_no_number_fits`` (the reading shown is
one whose last number box still to type has a value the rules take).

Run:  python bench/bench_typist.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FOUR = ("Anna", "Ben", "Cara", "Dan")
BURSTS = (
    ("coinche", FOUR, {}, "c b 2 5 0 3 , d up:points@0 0 enter enter enter enter"),
    ("coinche", FOUR, {}, "c b 2 5 0 3 d up:points@0 0 enter enter enter enter"),
    ("coinche", FOUR, {}, "h a 1 6 0 8 1 , , , enter"),
    ("tysiac", FOUR[:3], {}, "a 1 0 0 1 0 0 4 0 1 6 enter enter enter"),
    ("hearts", FOUR, {}, "a 1 2 1 0 0 enter enter"),
    ("spades", FOUR, {}, "1 0 4 5 3 0 4 5 enter enter"),
    ("belote", FOUR, {"declarations": True}, "h a 9 4 , , 8 0 up:belote@0 down:melds@1 enter enter"),
)
"""(ruleset, players, options, keys): "up:FIELD@POS" and "down:FIELD@POS" are the cursor moved there."""
STEPS = ("_revived", "_no_number_fits")


def _typed(game, keys: str) -> int:
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.play.layout import Slot
    from scorekeeper.play.typing import Typist

    typist = Typist(DealDraft(game))
    for key in keys.split():
        if key == "enter":
            typist.enter()
        elif key.startswith(("up:", "down:")):
            field, pos = key.split(":", 1)[1].split("@")
            typist.move_to(Slot(field, int(pos)))
        else:
            typist.key(key)
    return len(keys.split())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    import scorekeeper.play.typing as typing
    from scorekeeper.game.game import Game
    from scorekeeper.play.draft import DealDraft
    from scorekeeper.rules.ruleset import load_ruleset

    spent = dict.fromkeys(STEPS, 0.0)
    for name in STEPS:  # (a step the checkout does not have is not timed)
        step = getattr(typing, name, None)
        if step is not None:
            def timed(*a, _step=step, _name=name, **k):
                start = time.perf_counter()
                try:
                    return _step(*a, **k)
                finally:
                    spent[_name] += time.perf_counter() - start
            setattr(typing, name, timed)
    views = {"count": 0}
    compute = DealDraft._compute

    def counted(self):
        views["count"] += 1
        return compute(self)

    DealDraft._compute = counted  # type: ignore[method-assign]
    games = [Game(load_ruleset(rid), list(names), options) for rid, names, options, _ in BURSTS]
    for game, burst in zip(games, BURSTS):  # (once first: what the engine keeps between deals)
        views["count"] = 0
        print(f"{burst[0]:8} {_typed(game, burst[3]):3} keys {views['count']:3} views   {burst[3]}")
    best, total, keys = [], 0.0, 0
    for game, burst in zip(games, BURSTS):
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            keys += _typed(game, burst[3])
            times.append(time.perf_counter() - start)
        best.append((len(burst[3].split()), min(times)))
        total += sum(times)
    print(f"best of {args.rounds}: {sum(n for n, _ in best) / sum(t for _, t in best) / 1000:.3f} keys/ms; "
          + ", ".join(f"{name} {100 * spent[name] / total:.1f}% of the time" for name in STEPS))


if __name__ == "__main__":
    main()
