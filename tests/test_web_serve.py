"""``scorekeeper serve``: the command that serves the phone page and the board.

It says where the phones open the page (the join code in the address), the join code as
text, with --lan the QR code of the address for a phone on the network; the code it printed
is the one that writes; Ctrl+C stops it. Its errors are the board's (one line each).
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store

REPO = Path(__file__).resolve().parents[1]
CODE = re.compile(r"#join=([A-Za-z0-9_-]{12})$")


@pytest.fixture
def store_path(tmp_path) -> Path:
    with Store(tmp_path / "s.db") as store:
        store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"], title="Friday")
    return tmp_path / "s.db"


def _ctrl_c_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str]) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8", preexec_fn=_ctrl_c_as_in_a_terminal)
    lines: list[str] = []
    while not lines or "Ctrl+C" not in lines[-1]:
        line = proc.stdout.readline()
        if not line:
            proc.kill()
            raise AssertionError(f"serve did not start: {lines} {proc.stderr.read()}")
        lines.append(line.rstrip("\n"))
    return proc, lines


def request(port: int, method: str, path: str, code: str | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        headers = {"Content-Type": "application/json"}
        if code is not None:
            headers["X-Join-Code"] = code
        conn.request(method, path, body=b"{}" if method == "POST" else None, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_serve_prints_the_phone_address_and_the_join_code_that_writes(store_path):
    proc, lines = start(["serve", "--db", str(store_path), "--port", "0"])
    try:
        url = lines[1].removeprefix("On this computer, open ")
        port = int(url.split(":")[2].split("/")[0])
        code = CODE.search(url).group(1)
        assert lines == [
            f"Scorekeeping of game 1 (Lupaus: Friday) from {store_path}; it follows the table to the game being "
            f"played.",
            f"On this computer, open http://127.0.0.1:{port}/phone#join={code}",
            f"The score board (read-only): http://127.0.0.1:{port}/",
            f"Join code: {code}. A page opened without it is read-only.",
            "The join code is kept for this store: phones that joined stay joined when the server starts again "
            "(--new-code makes a new one).",
            "Ctrl+C stops it.",
        ]
        assert request(port, "POST", "/api/join", code)[0] == 204
        assert request(port, "POST", "/api/join")[0] == 403
        assert request(port, "GET", "/phone")[0] == 200
        assert json.loads(request(port, "GET", "/state.json")[1])["game"]["title"] == "Friday"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert (proc.returncode, out, err) == (0, "Stopped.\n", "")


def test_the_join_code_is_kept_for_the_store_and_new_code_makes_another(store_path):
    """A restart keeps the code the phones hold (they are not left read-only); --new-code makes a
    new one, which is kept from then on. It is kept beside the store, for its owner only."""
    codes = []
    for extra in ([], [], ["--new-code"], []):
        proc, lines = start(["serve", "--db", str(store_path), "--port", "0", *extra])
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
        codes.append(CODE.search(lines[1]).group(1))
    assert codes[0] == codes[1] != codes[2] == codes[3]
    kept = Path(f"{store_path}.join-code")
    assert kept.read_text() == codes[3] + "\n"
    assert kept.stat().st_mode & 0o777 == 0o600


def test_a_join_code_that_cannot_be_kept_is_new_at_each_start_and_said_so(tmp_path):
    from scorekeeper.web.join_code import join_code

    (tmp_path / "file").write_text("")
    path = str(tmp_path / "file" / "s.db")
    first, why = join_code(path)
    second, _ = join_code(path)
    assert first != second
    assert why == (f"The join code could not be kept in {path}.join-code (Not a directory): it is new at each "
                   f"start.")


def test_lan_prints_the_qr_code_of_the_phone_address(store_path):
    """With --lan, a phone on the network scans the address: a QR code of text blocks under it
    (when this computer has an address on a network; else where to look for one)."""
    proc, lines = start(["serve", "--db", str(store_path), "--port", "0", "--lan"])
    try:
        remote = [line for line in lines if line.startswith("On a phone on the same network, open http://")]
        if remote:
            at = lines.index(remote[0])
            qr = lines[at + 1:lines.index(next(line for line in lines if line.startswith("On this computer")))]
            assert len(qr) > 10 and all(set(line) <= set("█▀▄ ") for line in qr)
            assert len({len(line) for line in qr}) == 1  # a square of whole lines
        else:
            assert any(line.startswith("Open http://<this computer's address>:") for line in lines)
        assert lines[-2:] == ["Anyone on the network can read the score; only those with the join code can change it.",
                              "Ctrl+C stops it."]
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert (proc.returncode, err) == (0, "")


def test_a_missing_store_is_said_so(tmp_path, capsys):
    path = tmp_path / "s.db"
    code = main(["serve", "--db", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err == (f"scorekeeper: error: {path}: there is no store there yet: no game has been saved in it. Play a "
                   f"game first, or choose the store with --db PATH.\n")
    assert not path.exists()


def test_serve_on_the_default_store_makes_it_and_waits_for_a_first_game(tmp_path, monkeypatch):
    """No store yet where the app keeps it: serve makes it (as the app does) and says that a
    phone can start the first game; the page is served."""
    env_path = tmp_path / "data" / "games.db"
    monkeypatch.setenv("SCOREKEEPER_DB", str(env_path))
    proc, lines = start(["serve", "--port", "0"])
    try:
        assert lines[0] == (f"Scorekeeping from {env_path}: no game yet; start one from a phone (New game) or in the "
                            f"app.")
        port = int(lines[1].split(":")[2].split("/")[0])
        assert request(port, "GET", "/phone")[0] == 200
        assert request(port, "GET", "/api/view")[0] == 409
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)
    assert env_path.is_file()
