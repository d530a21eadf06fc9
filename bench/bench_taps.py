"""Taps a deal costs on the phone page, against the values a paper pad holds for it.

The same deals as bench/bench_keys.py. The page's server side (scorekeeper/web/table.py,
what each tap asks) is driven directly by a player who knows the values and looks at the
view: for each box on show whose value the table must write down (in the order of the
form) and that does not hold it yet (a value the rules fill in costs nothing), a box of
buttons costs one tap, a number pad the number's digits and its OK, a text box (cards) its
characters on the phone's keyboard and one tap. Then one tap on Confirm. The deal the store
then holds must be the one meant, or the benchmark fails.

Goal: taps <= values + 1 where every box is buttons (the +1 is Confirm).

Run:  python bench/bench_taps.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from bench_keys import CASES, Case  # noqa: E402  (the deals of bench_keys.py)


def _wanted(case: Case, box: dict) -> Any:
    value = case.values.get(box["field"])
    if isinstance(value, list):
        return value[box["unit"] - 1] if box["unit"] is not None else None
    return value


def _cost(box: dict, value: Any) -> int:
    if box["kind"] == "pick":
        return 1
    if box["kind"] == "number":
        return len(str(value)) + 1  # its digits (and a minus), then OK
    return len(str(value)) + 1  # cards: typed on the phone's keyboard, then done


def _play(case: Case, db: Path) -> dict:
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store
    from scorekeeper.web.server import BoardFeed
    from scorekeeper.web.table import Table

    with Store(db) as store:
        stored = store.new_game(load_ruleset(case.ruleset), case.ruleset, list(case.players), dict(case.options))
        for values in case.before:
            stored.record(values)
        game_id = stored.id
    feed = BoardFeed(db, game_id, poll=3600)
    feed.start()
    table = Table(db, feed)
    table._open()  # this thread is the table's here: no HTTP, no event loop
    try:
        typed: list[list] = []
        taps = values = pads = 0
        for _ in range(200):
            _, view = table.view(typed)
            todo = [b for p in view["deal"]["phases"] for b in p["boxes"]
                    if _wanted(case, b) is not None and b["value"] != _wanted(case, b)]
            if not todo:
                break
            box = todo[0]
            value = _wanted(case, box)
            key = (box["field"], box["unit"])
            typed = [k for k in typed if (k[0], k[1]) != key] + [[*key, value]]
            taps += _cost(box, value)
            values += 1
            pads += box["kind"] != "pick"
        number = view["deal"]["number"]
        status, after = table.confirm({"game": game_id, "seq": view["seq"], "deal": number}, typed)
        taps += 1
        if status != 200:
            raise AssertionError(f"{case.ruleset}: not confirmed ({status}): {after.get('problem')}")
        with Store(db, read_only=True) as reader:
            deal = dict(reader.open_game(game_id).game.deals[number - 1])
    finally:
        table._store.close()
        feed.stop()
    for fid, want in case.values.items():
        got = deal.get(fid)
        got = list(got) if isinstance(got, tuple) else got
        if got != want:
            raise AssertionError(f"{case.ruleset}: the deal holds {fid} = {got}, the table meant {want}")
    return {"values": values, "taps": taps, "extra": taps - values, "pads": pads}


def main(cases: tuple[str, ...] | None = None, verbose: bool = True) -> dict[str, dict]:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(cases or tuple(CASES)):
            results[name] = _play(CASES[name], Path(tmp) / f"{i}.db")
    if verbose:
        print(f"{'deal':26} {'values':>6} {'taps':>5} {'taps-values':>11} {'typed on a pad':>15}")
        for name, r in results.items():
            print(f"{name:26} {r['values']:>6} {r['taps']:>5} {r['extra']:>+11} {r['pads']:>15}")
    return results


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or None)
