"""The app in a pseudo-terminal, and what a terminal shows of it (the pyte VT emulator).

Pilot tests read the screen from the app's own idea of it; a player sees what reached the
terminal, update after update. ``PtyScreen`` starts ``python -m scorekeeper`` (or another
program) in a
pseudo-terminal, feeds everything it writes to an emulated terminal of the same size, and
sends keys as a terminal sends them (a burst of keys is one write).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte

REPO = Path(__file__).resolve().parents[2]
KEYS = {"tab": b"\t", "enter": b"\r", "ctrl+s": b"\x13", "ctrl+q": b"\x11", "ctrl+y": b"\x19", "ctrl+z": b"\x1a",
        "escape": b"\x1b"}


class PtyScreen:
    def __init__(self, args: list[str], env: dict[str, str], size: tuple[int, int] = (80, 24),
                 program: tuple[str, ...] = ("-m", "scorekeeper")) -> None:
        width, height = size
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = pty.openpty()
        self.fd = master
        self._size(slave, width, height)
        full_env = {**os.environ, **env, "TERM": "xterm-256color", "COLUMNS": str(width), "LINES": str(height),
                    "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        full_env.pop("TEXTUAL_ANIMATIONS", None)
        self.proc = subprocess.Popen([sys.executable, *program, *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=full_env, close_fds=True, start_new_session=True)
        os.close(slave)

    @staticmethod
    def _size(fd: int, width: int, height: int) -> None:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def read(self, seconds: float) -> None:
        """Take in what the app writes for ``seconds``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            self.stream.feed(data)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def wait_for(self, text: str, limit: float = 60.0) -> None:
        end = time.monotonic() + limit
        while text not in self.text():
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never came on screen:\n{self.text()}")
            self.read(0.05)

    def send(self, *keys: str) -> None:
        """Keys as one write (a burst, as fast typing or a paste arrives)."""
        os.write(self.fd, b"".join(KEYS.get(k, k.encode()) for k in keys))

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self._size(self.fd, width, height)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def close(self) -> None:
        try:
            self.send("ctrl+q")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        finally:
            os.close(self.fd)
