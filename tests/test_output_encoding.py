"""A standard stream whose encoding cannot write every character (a C locale here; a Windows
file or pipe in the ANSI code page) never ends a command half written: to a file or a pipe the
command writes UTF-8, to such a terminal a character it cannot show becomes "?"."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest

COMMAND = [sys.executable, "-X", "utf8=0", "-m", "scorekeeper", "rules", "show", "spades", "--lang", "pl"]


def _env(tmp_path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "PYTHONIOENCODING", "LC_", "LANG"))}
    env.update(HOME=str(tmp_path), **extra)
    return env


@pytest.fixture(scope="module")
def utf8_output(tmp_path_factory) -> bytes:
    home = tmp_path_factory.mktemp("home")
    done = subprocess.run(COMMAND[:1] + COMMAND[3:], env=_env(home, LC_ALL="C.UTF-8"), capture_output=True, timeout=60)
    assert done.returncode == 0 and "ś".encode() in done.stdout  # (Polish words: "Piki", "domyślne")
    return done.stdout


def test_to_a_file_in_a_c_locale_the_output_is_whole_and_utf8(tmp_path, utf8_output):
    probe = subprocess.run([sys.executable, "-X", "utf8=0", "-c", "import sys; print(sys.stdout.encoding)"],
                           env=_env(tmp_path, LC_ALL="C"), capture_output=True, text=True)
    assert probe.stdout.strip().lower() in ("ascii", "ansi_x3.4-1968")  # the case tested: not UTF-8
    done = subprocess.run(COMMAND, env=_env(tmp_path, LC_ALL="C"), capture_output=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (0, b"", utf8_output)


def test_an_error_line_to_a_file_in_a_c_locale_is_utf8(tmp_path):
    done = subprocess.run(COMMAND[:5] + ["show", "999", "--lang", "pl", "--db", str(tmp_path / "s.db")],
                          env=_env(tmp_path, LC_ALL="C"), capture_output=True, timeout=60)
    assert done.returncode != 0 and done.stderr.decode("utf-8").startswith("scorekeeper: błąd: ")


def test_on_a_terminal_that_cannot_show_a_character_it_becomes_a_question_mark(tmp_path, utf8_output):
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen(COMMAND, env=_env(tmp_path, LC_ALL="C"), stdin=subprocess.DEVNULL,
                                stdout=follower, stderr=subprocess.PIPE)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            shown += chunk
        assert proc.wait(timeout=60) == 0 and proc.stderr.read() == b""
    finally:
        os.close(leader)
    expected = utf8_output.decode("utf-8").encode("ascii", "replace").replace(b"\n", b"\r\n")
    assert shown == expected and b"Znana te? jako" in shown  # "Znana też jako"
