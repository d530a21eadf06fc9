"""``scorekeeper serve`` under a table's load: a confirmed deal reaching every other device, and the
server holding the TUI, 7 phones and 20 board viewers.

The real command runs in a process of its own (``python -m scorekeeper serve --db ... --port 0``)
on a store holding Lupaus for 7. The devices are clients in this process (asyncio, plain
HTTP/1.1, no browser): each phone and each board keeps the event stream (``/events``) open as
the pages do, and asks for its view (a phone: ``POST /api/view`` with the join code; a board:
``GET /board.html``) when the stream says the game changed. The TUI is a thread here with its
own store, looking at the game's entry count every half second, as the app does
(``Store.entries_saved``), and writing deals.

The reference, in the same run: a bare Starlette app on uvicorn (same settings, a process of its
own) with the same routes answering fixed bodies of the same size, pushed by a request instead of
a change in the store, with the same clients.

1. **Deal to every device.** A deal confirmed (then undone) by one phone through the server, and
   by the TUI through the store (which the server finds by looking at it every half second): the
   time from the write to each of the 6 other phones holding the new view. Goal: p95 <= 1 s.
2. **Load.** For ``--seconds``: the TUI confirms or undoes a deal every 2 s; each of the 7 phones
   taps a value every 0.5-1.5 s (``POST /api/view``) and all 27 pages ask again after each
   change. Every request's latency, and the server's memory (VmRSS) at the start and the end of
   the load and its largest. Goal: p99 <= 100 ms, memory bounded.

Run:  python bench/bench_serve.py [--rounds N] [--seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = ["Anna", "Ben", "Cara", "Dan", "Eve", "Fay", "Gus"]
PHONES, BOARDS = 7, 20

# The reference: the same routes on a bare Starlette app, answering fixed bodies.
BARE = r'''
import asyncio, json, socket, sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

view_size, board_size = int(sys.argv[1]), int(sys.argv[2])
state = {"seq": 0}
waiting = set()

async def events(request):
    async def stream():
        event = asyncio.Event(); waiting.add(event); sent = None
        try:
            yield "retry: 1000\n\n"
            while True:
                if state["seq"] != sent:
                    sent = state["seq"]
                    yield f"event: game\ndata: {json.dumps(str(sent))}\n\n"
                await event.wait(); event.clear()
        finally:
            waiting.discard(event)
    return StreamingResponse(stream(), media_type="text/event-stream")

async def push(request):
    state["seq"] += 1
    for event in waiting:
        event.set()
    return Response(b"{}", media_type="application/json")

async def view(request):
    await request.body()
    return Response(json.dumps({"seq": state["seq"], "pad": "x" * view_size}), media_type="application/json")

async def board(request):
    return Response("x" * board_size, media_type="text/html; charset=utf-8")

app = Starlette(routes=[Route("/events", events), Route("/push", push, methods=["POST"]),
                        Route("/api/view", view, methods=["POST"]), Route("/board.html", board)])
sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
sock.bind(("127.0.0.1", 0)); sock.listen(128); sock.setblocking(False)
print(sock.getsockname()[1], flush=True)
config = uvicorn.Config(app, ws="none", lifespan="off", loop="asyncio", log_config=None, log_level="critical",
                        access_log=False, timeout_keep_alive=5, limit_concurrency=200)
uvicorn.Server(config).run(sockets=[sock])
'''


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS:")).split()[1])


class Connection:
    """One kept-alive HTTP/1.1 connection of a client (opened again when the server closed it)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> tuple[int, bytes]:
        for attempt in range(2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(body)}"]
                lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                status = int((await self.reader.readuntil(b"\r\n")).split()[1])
                length = 0
                while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
                    name, _, value = line.decode("latin-1").partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                return status, await self.reader.readexactly(length)
            except (ConnectionError, asyncio.IncompleteReadError, IndexError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def follow(port: int, changed, opened: asyncio.Event) -> None:
    """An open event stream: ``changed(data)`` at each "game" event (the first, on opening, too)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    event = None
    try:
        while line := await reader.readline():
            line = line.strip()
            if line.startswith(b"event: "):
                event = line[7:]
            elif line.startswith(b"data: ") and event == b"game":
                opened.set()
                changed(json.loads(line[6:]))
    finally:
        writer.close()


class Devices:
    """The phones and boards of one server: each asks for its view when the game changes."""

    def __init__(self, port: int, code: str | None, phones: int, boards: int):
        self.port, self.code = port, code
        self.phones, self.boards = phones, boards
        self.latencies: list[float] = []  # every request, ms
        self.seq_seen: dict[int, int] = {}  # phone -> the entry count of its last view
        self.history: dict[int, list[tuple[int, float]]] = {}  # phone -> (entry count of a view, when it came)
        self.waiters: list[tuple[int, int, asyncio.Future]] = []
        self.tasks: list[asyncio.Task] = []

    def view_body(self, typed: list | None = None) -> bytes:
        return json.dumps({"typed": typed or [], "seen": None}).encode()

    async def ask(self, conn: Connection, method: str, path: str, body: bytes = b"") -> bytes:
        headers = {"Content-Type": "application/json"} if method == "POST" else {}
        if self.code and method == "POST":
            headers["X-Join-Code"] = self.code
        start = time.perf_counter()
        status, data = await conn.request(method, path, body, headers)
        self.latencies.append((time.perf_counter() - start) * 1000)
        if status != 200:
            raise AssertionError(f"{method} {path}: {status} {data[:200]!r}")
        return data

    async def phone_view(self, phone: int, conn: Connection) -> None:
        data = json.loads(await self.ask(conn, "POST", "/api/view", self.view_body()))
        self.seq_seen[phone] = max(self.seq_seen.get(phone, -1), data["seq"])
        self.history.setdefault(phone, []).append((data["seq"], time.perf_counter()))
        self._check()

    def _check(self) -> None:
        for seq, writer, future in self.waiters:
            if future.done():
                continue
            firsts = [next((at for s, at in self.history.get(p, []) if s >= seq), None)
                      for p in range(self.phones) if p != writer]
            if None not in firsts:
                future.set_result(max(firsts))

    async def start(self) -> None:
        opened = []
        for phone in range(self.phones):
            conn = Connection(self.port)
            event = asyncio.Event()
            opened.append(event)
            self.tasks.append(asyncio.create_task(
                follow(self.port, lambda _d, p=phone, c=conn: asyncio.create_task(self.phone_view(p, c)), event)))
        for board in range(self.boards):
            conn = Connection(self.port)
            event = asyncio.Event()
            opened.append(event)
            self.tasks.append(asyncio.create_task(
                follow(self.port, lambda _d, c=conn: asyncio.create_task(self.ask(c, "GET", "/board.html")), event)))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in opened)), 60)
        await asyncio.sleep(0.5)

    def all_see(self, seq: int, writer: int) -> asyncio.Future:
        """A future: when every phone but ``writer`` holds a view of entry count ``seq`` or later."""
        future = asyncio.get_running_loop().create_future()
        self.waiters.append((seq, writer, future))
        self._check()  # the views may have come before the writer's own answer
        return future

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def start_serve(db: Path, env: dict) -> tuple[subprocess.Popen, int, str]:
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--db", str(db), "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    for line in proc.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/phone#join=(\S+)", line)
        if found:
            return proc, int(found.group(1)), found.group(2)
    raise AssertionError(f"serve did not start: {proc.stderr.read()}")


def start_bare(view_size: int, board_size: int) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-c", BARE, str(view_size), str(board_size)], stdout=subprocess.PIPE,
                            text=True)
    return proc, int(proc.stdout.readline())


class Tui:
    """The TUI's side: its own store, looking at the entry count every half second, and writing."""

    def __init__(self, db: Path, game_id: int):
        from concurrent.futures import ThreadPoolExecutor

        from scorekeeper.store.db import Store

        self.path = db
        self.executor = ThreadPoolExecutor(1)  # the app's writes, in the thread that opened its store
        self.store = self.executor.submit(Store, db).result()
        self.game_id = game_id
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._look, daemon=True)

    def _look(self) -> None:
        from scorekeeper.store.db import Store

        store = Store(self.path)  # the app's follow reads in its own time
        try:
            while not self.stop.wait(0.5):
                store.entries_saved(self.game_id)
        finally:
            store.close()

    def write(self, values: dict | None) -> int:
        """Confirm ``values`` as the next deal (None: undo); the entry count after it."""
        stored = self.store.open_game(self.game_id)
        stored.record(values) if values is not None else stored.undo()
        return stored.entries_saved


def deal_values(cards: int) -> dict:
    return {"bid": [0] * len(PLAYERS), "tricks": [cards] + [0] * (len(PLAYERS) - 1)}


async def spread(devices: Devices, rounds: int, write) -> list[float]:
    """``rounds`` times: a write (confirm, then undo) and the time until every other phone has its view."""
    times = []
    for r in range(rounds):
        start = time.perf_counter()
        seq, writer = await write(r)
        done = await asyncio.wait_for(devices.all_see(seq, writer), 30)
        times.append((done - start) * 1000)
        await asyncio.sleep(0.3 + random.random() * 0.4)  # not in step with the store's half-second look
    return times


async def measure_serve(db: Path, env: dict, game_id: int, cards: int, rounds: int, seconds: float) -> dict:
    proc, port, code = start_serve(db, env)
    tui = Tui(db, game_id)
    tui.thread.start()
    loop = asyncio.get_running_loop()
    try:
        devices = Devices(port, code, PHONES, BOARDS)
        await devices.start()
        writer_conn = Connection(port)

        async def by_phone(r: int):
            view = json.loads(await devices.ask(writer_conn, "POST", "/api/view", devices.view_body()))
            seen = {"game": view["game"]["id"], "seq": view["seq"], "deal": view["deal"]["number"]}
            typed = [[f, u, v] for f, vs in deal_values(cards).items() for u, v in enumerate(vs, start=1)]
            path, body = ("/api/confirm", {"seen": seen, "typed": typed}) if r % 2 == 0 else (
                "/api/undo", {"seen": seen, "typed": []})
            answer = json.loads(await devices.ask(writer_conn, "POST", path, json.dumps(body).encode()))
            return answer["seq"], 0

        async def by_tui(r: int):
            seq = await loop.run_in_executor(tui.executor, tui.write, deal_values(cards) if r % 2 == 0 else None)
            return seq, -1

        phone_times = await spread(devices, rounds, by_phone)
        tui_times = await spread(devices, rounds, by_tui)
        load = await under_load(devices, proc.pid, seconds, lambda r: loop.run_in_executor(
            tui.executor, tui.write, deal_values(cards) if r % 2 == 0 else None), tap=True, cards=cards)
        await devices.stop()
    finally:
        tui.stop.set()
        tui.executor.submit(tui.store.close).result()
        proc.terminate()
        proc.wait(timeout=20)
    return {"phone": phone_times, "tui": tui_times, **load}


async def under_load(devices: Devices, pid: int, seconds: float, change, tap: bool, cards: int = 1) -> dict:
    """The load of the module docstring for ``seconds``; the latencies of its requests and the memory."""
    devices.latencies.clear()
    memory = [rss_kib(pid)]
    stop = time.perf_counter() + seconds

    async def phone(p: int) -> None:
        conn = Connection(devices.port)
        while time.perf_counter() < stop:
            await asyncio.sleep(0.5 + random.random())
            typed = [["bid", 1 + p % len(PLAYERS), random.randint(0, cards)]] if tap else []
            await devices.ask(conn, "POST", "/api/view", devices.view_body(typed))

    async def table() -> None:
        r = 0
        while time.perf_counter() < stop:
            await asyncio.sleep(2)
            await change(r)
            r += 1
            memory.append(rss_kib(pid))

    await asyncio.gather(table(), *(phone(p) for p in range(devices.phones)))
    await asyncio.sleep(1)  # the last change's views
    memory.append(rss_kib(pid))
    return {"requests": list(devices.latencies), "memory": memory}


async def measure_bare(view_size: int, board_size: int, rounds: int, seconds: float) -> dict:
    proc, port = start_bare(view_size, board_size)
    try:
        devices = Devices(port, None, PHONES, BOARDS)
        await devices.start()
        pusher = Connection(port)

        async def push(r: int):
            await pusher.request("POST", "/push")
            return max(devices.seq_seen.values()) + 1, 0

        times = await spread(devices, rounds, push)
        load = await under_load(devices, proc.pid, seconds, push, tap=False)
        await devices.stop()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    return {"push": times, **load}


def main(rounds: int = 20, seconds: float = 20, verbose: bool = True) -> dict:
    from scorekeeper.rules.ruleset import load_ruleset
    from scorekeeper.store.db import Store

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        with Store(db) as store:
            stored = store.new_game(load_ruleset("lupaus"), "lupaus", PLAYERS)
            game_id, cards = stored.id, stored.game.setup_for().cards(1)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        env.update(SCOREKEEPER_LANG="en", SCOREKEEPER_CONFIG=str(Path(tmp) / "settings.toml"),
                   PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
        serve = asyncio.run(measure_serve(db, env, game_id, cards, rounds, seconds))
        from scorekeeper.web.phone import phone_view  # the sizes of the real answers, for the reference's
        with Store(db) as store:
            from scorekeeper.play.undo import NextDeal
            from scorekeeper.web.board import board_state
            from scorekeeper.web.page import board_fragment
            from scorekeeper.web.phone import PageDraft

            stored = store.open_game(game_id)
            view_size = len(json.dumps(phone_view(stored, NextDeal(PageDraft(stored), {}))))
            board_size = len(board_fragment(board_state(stored)))
        bare = asyncio.run(measure_bare(view_size, board_size, rounds, seconds))
    result = {
        "phone_p50": statistics.median(serve["phone"]), "phone_p95": percentile(serve["phone"], 95),
        "tui_p50": statistics.median(serve["tui"]), "tui_p95": percentile(serve["tui"], 95),
        "bare_p50": statistics.median(bare["push"]), "bare_p95": percentile(bare["push"], 95),
        "load_p50": statistics.median(serve["requests"]), "load_p99": percentile(serve["requests"], 99),
        "load_n": len(serve["requests"]),
        "bare_load_p50": statistics.median(bare["requests"]), "bare_load_p99": percentile(bare["requests"], 99),
        "bare_load_n": len(bare["requests"]),
        "rss_start": serve["memory"][0], "rss_end": serve["memory"][-1], "rss_max": max(serve["memory"]),
        "bare_rss_start": bare["memory"][0], "bare_rss_end": bare["memory"][-1],
    }
    if verbose:
        print(f"Lupaus for 7; {PHONES} phones and {BOARDS} boards on the event stream; {rounds} writes each")
        print("deal to every other phone's view (ms)     p50      p95")
        for name, label in (("phone", "confirmed on a phone"), ("tui", "confirmed in the TUI (store)"),
                            ("bare", "reference: bare push")):
            print(f"  {label:36} {result[name + '_p50']:7.1f}  {result[name + '_p95']:7.1f}")
        print(f"  goal: p95 <= 1000 ms;  phone / reference p95: {result['phone_p95'] / result['bare_p95']:.1f}x")
        print(f"load for {seconds:g} s: the TUI, {PHONES} phones, {BOARDS} boards (ms)     p50      p99   requests")
        print(f"  scorekeeper serve                       {result['load_p50']:7.1f}  {result['load_p99']:7.1f}"
              f"   {result['load_n']}")
        print(f"  reference: bare Starlette               {result['bare_load_p50']:7.1f}  "
              f"{result['bare_load_p99']:7.1f}   {result['bare_load_n']}")
        print(f"  goal: p99 <= 100 ms;  serve / reference p99: {result['load_p99'] / result['bare_load_p99']:.1f}x")
        print(f"  memory (VmRSS, MiB): serve {result['rss_start'] / 1024:.1f} at the start, "
              f"{result['rss_end'] / 1024:.1f} at the end, {result['rss_max'] / 1024:.1f} at most;  "
              f"reference {result['bare_rss_start'] / 1024:.1f} -> {result['bare_rss_end'] / 1024:.1f}")
    return result


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="writes of each kind (default 20)")
    parser.add_argument("--seconds", type=float, default=20, help="how long the load lasts (default 20)")
    args = parser.parse_args()
    main(args.rounds, args.seconds)
