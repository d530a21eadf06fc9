"""Kill-test driver of the real app: plays a scripted Lupaus game through the keyboard.

Run as a separate process (tests/test_tui_kill.py sends it SIGKILL at random moments)::

    python tests/helpers/tui_kill_driver.py DB SEED

with the repository on ``PYTHONPATH``. It runs ``ScorekeeperApp`` headless under
``App.run_test()`` and presses keys as a player does. On the start screen it resumes
the unfinished game from the list of games to resume (Enter on it), or, when there is
none, starts a Lupaus game for Anna, Ben and Cara from the New game screen (first
dealer drawn by lot with the app's seeded ``rng``). Then it plays what is left of
``script(SEED)``: the script is a list of entries (records, edits of earlier deals
through the score board, ctrl+z, ctrl+y), so "what to do next" is entry
``stored + 1``, where ``stored`` is how many entries the store holds for the game; a
driver started again after a kill carries on with the same script.

After each confirming key (ctrl+s, ctrl+z, ctrl+y) it waits until the store's entry
count for the game has gone up, read with a separate read-only sqlite3 connection,
checks that the new entry is the one the script meant, and only then says so. Its
stdout, one flushed line each (the protocol of :mod:`helpers.killing`):

    OPENING                         the imports are done; the app is about to start
    RESUMED <n>                     the game is on the play screen; the store held n entries
    CONFIRMED <seq> <kind> <deal>   entry seq is committed (its row was read back)
    DONE <n>                        the whole script (n entries) is stored
    MISMATCH <what>                 the store or the screen is not what the script says (exit 3)
    STUCK <what>                    the app did not get there in time (exit 5)

Its stderr says where it is, for the test to tell where each kill landed (stdout
stays the plain protocol):

    AT new-game | AT resume <id>    about to press the first key on the start screen
    TYPING <seq> <kind> <deal>      about to press the first key of entry seq
    SAVING <seq> <kind> <deal>      about to press the key that confirms it
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PLAYERS = ("Anna", "Ben", "Cara")
RULESET = "lupaus"
SUITS = ("spades", "hearts", "diamonds", "clubs")
# Lupaus for three, standard schedule: 10 cards in deal 1, one fewer each deal down to 2.
CARDS = {deal: 11 - deal for deal in range(1, 10)}

# The entries of every script, whatever the seed: (kind, deal). Each record and edit gets
# seeded values; an edit changes an earlier deal, "record 4" after "undo 4" replaces it.
SKELETON = (
    ("record", 1), ("record", 2), ("undo", 2), ("redo", 2), ("record", 3), ("edit", 1),
    ("record", 4), ("undo", 4), ("record", 4), ("record", 5), ("edit", 3), ("undo", 3),
    ("redo", 3), ("record", 6),
)

SIZE = (100, 30)
WAIT = 20.0  # seconds the app may take to get somewhere before the driver gives up (STUCK)


@dataclass(frozen=True)
class Op:
    kind: str  # record, edit, undo, redo
    deal: int
    values: dict[str, Any] | None = None  # as the store keeps them: bid, tricks by seat; turned if turned up


def deal_values(rng: random.Random, cards: int, before: dict[str, Any] | None = None) -> dict[str, Any]:
    """Legal Lupaus values for three: tricks that add up to ``cards``, bids that do not
    (the dealer rule), most bids exact; a trump suit turned up or none entered."""
    while True:
        cuts = sorted(rng.randint(0, cards) for _ in range(2))
        tricks = [cuts[0], cuts[1] - cuts[0], cards - cuts[1]]
        bids = [t if rng.random() < 0.6 else rng.randint(0, cards) for t in tricks]
        turned = rng.choice((*SUITS, None))
        values: dict[str, Any] = {"turned": turned} if turned else {}
        values.update(bid=bids, tricks=tricks)
        if sum(bids) != cards and values != before:
            return values


def script(seed: int) -> list[Op]:
    """The entries the driver plays, in order: SKELETON with seeded values."""
    rng = random.Random(seed)
    current: dict[int, dict[str, Any]] = {}
    ops = []
    for kind, deal in SKELETON:
        values = None
        if kind in ("record", "edit"):
            values = deal_values(rng, CARDS[deal], current.get(deal))
            current[deal] = values
        ops.append(Op(kind, deal, values))
    return ops


# --- the process ---------------------------------------------------------------------------


def say(line: str) -> None:
    """A protocol line on stdout (the app redirects sys.stdout while it runs: fd 1 it is)."""
    os.write(1, (line + "\n").encode())


def note(line: str) -> None:
    os.write(2, (line + "\n").encode())


class Refused(Exception):
    """The driver cannot go on: ``line`` says why (MISMATCH or STUCK), ``code`` is the exit code."""

    def __init__(self, line: str, code: int):
        super().__init__(line)
        self.line = line
        self.code = code


def mismatch(what: str) -> Refused:
    return Refused(f"MISMATCH {what}", 3)


class StoreReader:
    """A read-only connection to the store file, apart from the app's own."""

    def __init__(self, db: Path):
        self.conn = sqlite3.connect(Path(db).absolute().as_uri() + "?mode=ro", uri=True)

    def games(self) -> list[tuple[int, int]]:
        return self.conn.execute("SELECT id, finished FROM games ORDER BY id").fetchall()

    def count(self, game_id: int) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]

    def ops(self, game_id: int) -> list[Op]:
        rows = self.conn.execute("SELECT kind, deal, values_json FROM entries WHERE game_id = ? ORDER BY seq",
                                 (game_id,)).fetchall()
        return [Op(kind, deal, json.loads(v) if v is not None else None) for kind, deal, v in rows]

    def close(self) -> None:
        self.conn.close()


async def main(db: Path, seed: int) -> int:
    # Everything heavy is imported before OPENING (kills during the imports are kills "at start").
    from scorekeeper.tui.app import ScorekeeperApp
    from scorekeeper.tui.screens.home import HomeScreen
    from scorekeeper.tui.screens.play import PlayScreen
    from scorekeeper.tui.widgets.entry_form import EntryForm, under_cursor
    from scorekeeper.play.flow import grows
    from scorekeeper.tui.widgets.scoreboard import ScoreTable
    from helpers.tui import new_game, screen_text
    from textual.widgets import OptionList

    ops = script(seed)
    app = ScorekeeperApp(db_path=db, rng=random.Random(seed))
    say("OPENING")
    reader: StoreReader | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:

            async def until(check, what: str) -> None:
                deadline = time.monotonic() + WAIT
                while not check():
                    if time.monotonic() > deadline:
                        note(screen_text(app))
                        raise Refused(f"STUCK {what}", 5)
                    await pilot.pause()

            def home_ready() -> bool:
                screen = app.screen
                return isinstance(screen, HomeScreen) and screen.store is not None and app.store is not None

            await until(home_ready, "the start screen never listed the saved games")
            reader = StoreReader(db)
            games = reader.games()
            if len(games) > 1 or any(finished for _, finished in games):
                raise mismatch(f"the store holds games {games}; the script plays one game, never finished")
            menu = app.screen.query_one(OptionList)
            listed = [o.id for o in menu.options if o.id and o.id.startswith("game-")]
            if listed != [f"game-{gid}" for gid, _ in games]:
                raise mismatch(f"the start screen lists {listed} to resume; the store holds {games}")
            if games:  # resume it, as a player does: Enter on the highlighted game
                note(f"AT resume {games[0][0]}")
                if menu.highlighted_option is None or menu.highlighted_option.id != listed[0]:
                    raise mismatch(f"the start screen highlights {menu.highlighted_option!r}, not the game")
                await pilot.press("enter")
            else:
                note("AT new-game")
                await new_game(pilot, RULESET, list(PLAYERS), dealer=None)  # dealer: drawn by lot
            await until(lambda: isinstance(app.screen, PlayScreen), "the game never came on screen")
            screen = app.screen
            game_id = screen.stored.id
            stored = reader.ops(game_id)
            if games and game_id != games[0][0]:
                raise mismatch(f"game {game_id} came on screen, not game {games[0][0]}")
            if stored != ops[:len(stored)]:
                raise mismatch(f"the store holds {len(stored)} entries that are not the script's first "
                               f"{len(stored)}")
            if screen.stored.entries_saved != len(stored):
                raise mismatch(f"the screen's game has {screen.stored.entries_saved} entries, the store "
                               f"{len(stored)}")
            say(f"RESUMED {len(stored)}")

            async def type_deal(values: dict[str, Any]) -> None:
                """Clear the boxes if anything is in them, then the values as a player types
                them: each moves on by itself, but for a number that could still grow (1 of
                10 cards), which Down ends; the trump letter, or nothing (the digit of the first
                bid goes on past the trump box); the last tricks fill themselves in."""
                if not screen.draft.is_empty:
                    await pilot.press("ctrl+l")
                    await until(lambda: screen.draft.is_empty, "ctrl+l did not clear the boxes")
                form = screen.query_one(EntryForm)
                boxes = form.boxes()
                await until(lambda: under_cursor(app.focused) is boxes[0], "the first box never got the focus")
                view = screen.draft.view()
                cells = [view.cells[box.slot] for box in boxes]
                last_tricks = max(i for i, c in enumerate(cells) if c.field == "tricks")
                keys: list[str] = []
                for i, cell in enumerate(cells):
                    if cell.field == "turned":
                        if values.get("turned"):
                            (choice,) = [c for c in cell.choices if c.value == values["turned"]]
                            keys.append(choice.keys[0])
                    elif i != last_tricks:
                        text = str(values[cell.field][cell.unit - 1])
                        keys.extend(text)
                        if grows(text, [c.text for c in cell.choices]):
                            keys.append("down")
                await pilot.press(*keys)
                await until(lambda: screen.draft.view().can_confirm, "the typed deal cannot be confirmed")
                typed = screen.draft.plain_values()
                want = {"turned": values.get("turned"), "bid": values["bid"], "tricks": values["tricks"]}
                if typed != want:
                    raise mismatch(f"the boxes hold {typed}, the script says {want}")

            for seq, op in enumerate(ops[len(stored):], start=len(stored) + 1):
                note(f"TYPING {seq} {op.kind} {op.deal}")
                if op.kind == "record":
                    await type_deal(op.values)
                    key = "ctrl+s"
                elif op.kind == "edit":
                    await pilot.press("ctrl+e")  # to the score board
                    await until(lambda: isinstance(app.focused, ScoreTable), "ctrl+e did not reach the board")
                    await pilot.press("home", *["down"] * (op.deal - 1), "enter")
                    await until(lambda: screen.editing == op.deal, f"deal {op.deal} was not opened to change")
                    await type_deal(op.values)
                    key = "ctrl+s"
                else:
                    key = "ctrl+z" if op.kind == "undo" else "ctrl+y"
                note(f"SAVING {seq} {op.kind} {op.deal}")
                await pilot.press(key)
                await until(lambda: reader.count(game_id) >= seq, f"entry {seq} ({op.kind}) was never stored")
                saved = reader.ops(game_id)
                if saved != ops[:seq]:
                    raise mismatch(f"after entry {seq} the store holds {len(saved)} entries that are not "
                                   f"the script's first ones")
                say(f"CONFIRMED {seq} {op.kind} {op.deal}")
            say(f"DONE {len(ops)}")
            reader.close()
            reader = None
    except Refused as exc:
        say(exc.line)
        return exc.code
    finally:
        if reader is not None:
            reader.close()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for helpers.tui
    db_arg, seed_arg = sys.argv[1:]
    sys.exit(asyncio.run(main(Path(db_arg), int(seed_arg))))
