"""Kill-test driver: plays the scripted Lupaus game into a store, saying when each entry is safe.

Run as a separate process (the kill test sends it SIGKILL at random moments)::

    python tests/helpers/kill_driver.py DB SEED

with the repository on ``PYTHONPATH``. It opens the store at DB, finds the game titled
"kill test" (or starts it), checks that the stored event log is a prefix of
``script(SEED)`` and plays the rest. Its stdout, one flushed line each:

    OPENING                         about to open the store (imports are done)
    RESUMED <n>                     the store already held n entries of the script
    CONFIRMED <seq> <kind> <deal>   entry seq is committed (printed after the commit returned)
    DONE <n>                        the whole script (n entries) is stored
    MISMATCH <what>                 the store is not a prefix of the script (exit 3)
    STORE-ERROR <message>           the store refused to open or to save (exit 4)

``--confirm-before-commit`` makes it lie: it prints CONFIRMED, waits half a second and
only then saves the entry. The kill test uses it to show that its checks catch a
confirmed entry that was lost.

This is the protocol :mod:`helpers.killing` drives; a driver of the real app (e.g. a
Textual pilot that presses keys) only has to print the same lines.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for helpers.*

from helpers.lupaus_script import PLAYERS, RULESET, TITLE, Op, apply, script  # noqa: E402
from scorekeeper.rules.ruleset import load_ruleset  # noqa: E402
from scorekeeper.store.db import Store, StoreError  # noqa: E402


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def stored_ops(store: Store, game_id: int) -> list[Op]:
    return [Op(e.kind, e.deal, e.values) for e in store.entries(game_id)]


def main(argv: list[str]) -> int:
    lie = "--confirm-before-commit" in argv
    db, seed = [a for a in argv if not a.startswith("--")]
    seed = int(seed)
    ops = script(seed)
    say("OPENING")
    try:
        with Store(db) as store:
            games = [g for g in store.list_games() if g.title == TITLE]
            if games:
                stored = store.open_game(games[0].id)
            else:
                stored = store.new_game(load_ruleset(RULESET), RULESET, PLAYERS, title=TITLE)
            done = stored_ops(store, stored.id)
            if done != ops[:len(done)]:
                say(f"MISMATCH the store holds {len(done)} entries that are not the script's first {len(done)}")
                return 3
            say(f"RESUMED {len(done)}")
            for seq, op in enumerate(ops[len(done):], start=len(done) + 1):
                if lie:
                    say(f"CONFIRMED {seq} {op.kind} {op.deal}")
                    time.sleep(0.5)
                    apply(stored, op)
                    continue
                apply(stored, op)
                say(f"CONFIRMED {seq} {op.kind} {op.deal}")
            say(f"DONE {len(ops)}")
    except StoreError as exc:
        say(f"STORE-ERROR {exc}")
        return 4
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
