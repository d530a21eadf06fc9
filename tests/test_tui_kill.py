"""Killing the real app at any moment of a game loses no confirmed entry and leaves the store sound.

A driver process (tests/helpers/tui_kill_driver.py) runs the Textual app headless and
plays a scripted Lupaus game for three through the keyboard: it starts the game on the
New game screen (or resumes it from the start screen), types each deal box by box,
changes two earlier deals through the score board, and undoes and redoes with ctrl+z and
ctrl+y. After each confirming key it waits until the store holds the new entry and says
``CONFIRMED seq kind deal``. The test sends it SIGKILL at 15 seeded points (before the
app is up, on the New game screen, while it resumes, after k confirmations plus a delay,
which mostly lands while keys are being typed) and starts it again each time; each start
resumes from what the store holds. See tests/helpers/__init__.py for the pattern.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from helpers.killing import KillPoint, Ledger, Run, parse, run_and_kill, run_to_end, stored_script  # noqa: E402
from helpers.tui_kill_driver import PLAYERS, SKELETON, Op, script  # noqa: E402

DRIVER = Path(__file__).resolve().parent / "helpers" / "tui_kill_driver.py"
SCRIPT_SEED = 1  # 14 entries: 8 records, 2 edits (deals 1 and 3), 2 undos, 2 redos
KILL_SEED = 20240611


def _cmd(db: Path) -> list[str]:
    return [sys.executable, str(DRIVER), str(db), str(SCRIPT_SEED)]


# The entries the mid-game kills aim at (the script's entry numbers, in order): the first
# deals, the first undo, both edits twice (6: deal 1, 11: deal 3), the last deal. A round
# aims at entry t by reading the lines up to CONFIRMED t - 1 (or RESUMED, if the store is
# that far already) and waiting a little more: entry t is being typed by then.
TARGETS = (1, 2, 3, 5, 6, 6, 9, 10, 11, 11, 14)


def kill_plan(rng: random.Random) -> list[int | KillPoint]:
    """15 kills: mid-game ones (an entry of TARGETS, made a KillPoint when the round comes)
    and three before the game is on screen: at once, in the imports, while the app starts
    or resumes. The first kill lands on the New game screen: 0.2 s after the driver notes
    it is there (the game is stored about 2 s later, at least 25 keys later), however long
    a loaded machine takes to start the app."""
    early = [KillPoint(0, 0.0), KillPoint(0, rng.uniform(0.1, 0.4)), KillPoint(1, rng.uniform(0.0, 0.3))]
    rounds: list[int | KillPoint] = list(TARGETS)
    for point in early:
        rounds.insert(rng.randint(0, len(rounds)), point)
    return [KillPoint(1, 0.2, note="AT new-game"), *rounds]


def aim(rng: random.Random, ops: list[Op], known: int, target: int) -> KillPoint:
    """Kill while entry ``target`` is typed: after RESUMED and the confirmations up to entry
    target - 1, plus a delay shorter than typing it (a deal takes about 1.5 s of keys here,
    an edit 2 s, and at least half that on a fast machine: Pilot waits some 40 ms a key;
    undo and redo are one key)."""
    quick = ops[target - 1].kind in ("undo", "redo")
    delay = rng.uniform(0.0, 0.08) if quick else rng.uniform(0.05, 0.7)
    return KillPoint(2 + max(0, target - 1 - known), delay)


def expected_deals(ops: list[Op]) -> dict[int, dict]:
    """The deals the script leaves, worked out without the engine: a record adds a deal,
    an edit replaces its values, undo takes back the latest record or edit, redo puts back
    what was undone last (a record or an edit forgets what could be redone)."""
    deals: dict[int, dict] = {}
    done: list[tuple[int, dict | None, dict]] = []  # (deal, values before, values after)
    undone: list[tuple[int, dict | None, dict]] = []
    for op in ops:
        if op.kind in ("record", "edit"):
            assert (op.deal in deals) == (op.kind == "edit")
            done.append((op.deal, deals.get(op.deal), op.values))
            deals[op.deal] = op.values
            undone.clear()
        elif op.kind == "undo":
            deal, before, after = done.pop()
            assert deal == op.deal
            if before is None:
                del deals[deal]
            else:
                deals[deal] = before
            undone.append((deal, before, after))
        else:
            deal, before, after = undone.pop()
            assert deal == op.deal
            deals[deal] = after
            done.append((deal, before, after))
    return deals


def lupaus_totals(deals: dict[int, dict]) -> tuple[int, ...]:
    """Lupaus, 10 + bid when the bid is exact, 0 otherwise."""
    return tuple(sum(10 + d["bid"][seat] if d["bid"][seat] == d["tricks"][seat] else 0 for d in deals.values())
                 for seat in range(len(PLAYERS)))


def where_killed(run: Run) -> str:
    """Where the driver was when it was killed, from its stderr notes and stdout lines:
    starting, resuming, new-game, typing SEQ KIND DEAL, saving SEQ KIND DEAL or confirmed."""
    notes = [line for line in run.stderr.splitlines()
             if line.split(" ")[0] in ("AT", "TYPING", "SAVING")]
    progress = parse(run.lines)
    confirmed = progress.confirmed[-1][0] if progress.confirmed else None
    last = notes[-1] if notes else ""
    word, _, rest = last.partition(" ")
    if progress.resumed is None:
        if last == "AT new-game":
            return "new-game"  # on the New game screen (or just past it)
        return "resuming" if word == "AT" else "starting"
    if word in ("TYPING", "SAVING") and int(rest.split()[0]) != confirmed:
        return f"{word.lower()} {rest}"
    return "confirmed"  # right after a line (RESUMED or CONFIRMED), before the next key


def test_the_script_is_legal_and_covers_undo_redo_and_edits():
    """Every deal of the script keeps the dealer rule (bids do not total the cards) and its
    tricks add up; it holds undo, redo and edits; it leaves six deals."""
    ops = script(SCRIPT_SEED)
    assert [(op.kind, op.deal) for op in ops] == list(SKELETON)
    assert {op.kind for op in ops} == {"record", "edit", "undo", "redo"}
    for op in ops:
        if op.values is not None:
            cards = 11 - op.deal
            assert sum(op.values["tricks"]) == cards and sum(op.values["bid"]) != cards
            assert all(0 <= v <= cards for v in op.values["bid"] + op.values["tricks"])
    assert sorted(expected_deals(ops)) == [1, 2, 3, 4, 5, 6]
    assert script(SCRIPT_SEED) == ops


def test_every_confirmed_entry_survives_sigkill_of_the_app(tmp_path):
    """15 SIGKILLs of the real app at seeded points: each restart finds every confirmed
    entry (and at most one more), the store passes its integrity check, and the game it
    holds is the script's, to the totals worked out by hand."""
    db = tmp_path / "tui-kill.db"
    ops = script(SCRIPT_SEED)
    assert len(ops) == 14
    ledger = Ledger([(op.kind, op.deal) for op in ops])
    runs = []
    rng = random.Random(KILL_SEED)
    for point in kill_plan(rng):
        if isinstance(point, int):
            point = aim(rng, ops, ledger.known, point)
        run = run_and_kill(_cmd(db), point, timeout=60)
        ledger.observe(run)
        runs.append(run)
    end = ledger.observe(run_to_end(_cmd(db), timeout=120))
    assert end.done == len(ops)
    again = ledger.observe(run_to_end(_cmd(db), timeout=60))  # nothing left to do: it only resumes
    assert (again.resumed, again.confirmed, again.done) == (len(ops), [], len(ops))

    # The kills really happened all over: before the game was on screen, on the New game
    # screen, while deals and edits were being typed, early and late in the script.
    places = [where_killed(run) if run.killed else "not killed" for run in runs]
    log = "\n".join(f"{place}: {line}" for place, line in zip(places, ledger.log))
    typing = [place.split()[1:] for place in places if place.startswith("typing")]
    assert sum(run.killed for run in runs) >= 13, log
    assert places[0] == "new-game", log
    assert sum(place in ("starting", "resuming", "new-game") for place in places) >= 3, log
    assert len(typing) >= 6, log
    assert sum(kind == "edit" for _, kind, _ in typing) >= 1, log
    assert sum(int(seq) <= 5 for seq, _, _ in typing) >= 1 and sum(int(seq) >= 9 for seq, _, _ in typing) >= 1, log
    assert len(ledger.confirmed) >= 10, log

    # The store is sound and holds exactly the script: so every confirmed entry, in order.
    summary, stored, entries = stored_script(db, Op)
    assert entries == ops
    for seq, kind, deal in ledger.confirmed:
        assert (entries[seq - 1].kind, entries[seq - 1].deal) == (kind, deal)

    # Replaying the store gives the game the script gives, by hand.
    deals = expected_deals(ops)
    game = stored.game
    assert len(game.deals) == 6
    for number, values in deals.items():
        assert list(game.deals[number - 1]["bid"]) == values["bid"]
        assert list(game.deals[number - 1]["tricks"]) == values["tricks"]
    assert game.totals() == lupaus_totals(deals)
    # Anna: deal 1 (0 of 0) 10 + deal 3 (4 of 4) 14 = 24; Ben: deals 2, 4, 5, 6 (1, 6, 3, 2 exact)
    # 11 + 16 + 13 + 12 = 52; Cara: deal 3 (4 of 4) 14 + deal 6 (2 of 2) 12 = 26.
    assert lupaus_totals(deals) == (24, 52, 26)
    assert (summary.players, summary.deals_played, summary.finished) == (PLAYERS, 6, False)
    assert (game.can_undo, game.can_redo) == (True, False)
