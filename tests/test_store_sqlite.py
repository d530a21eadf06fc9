"""The store's SQLite module (scorekeeper.store.sqlite): the interpreter's _sqlite3, whose
objects are the sqlite3 package's, with no date adapters and no datetime imported."""

from __future__ import annotations

import ast
import sqlite3 as package
import subprocess
import sys
from pathlib import Path

from scorekeeper.store import sqlite

REPO = Path(__file__).resolve().parents[1]


def _fresh(script: str):
    """What ``script`` prints (a repr) in a fresh interpreter that imports the package from here."""
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=60,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert (result.returncode, result.stderr) == (0, "")
    return ast.literal_eval(result.stdout)


def test_it_is_the_packages_module():
    assert sqlite.sqlite3 is sys.modules["_sqlite3"]
    assert (sqlite.sqlite3.connect, sqlite.sqlite3.Connection, sqlite.sqlite3.Error) == (
        package.connect, package.Connection, package.Error)


def test_its_connections_work_as_usual_without_the_package():
    """More statements than a connection's cache holds (128), the same one many times; neither the
    sqlite3 package nor datetime is imported."""
    found = _fresh(
        "import sys\nfrom scorekeeper.store.sqlite import sqlite3\n"
        "conn = sqlite3.connect(':memory:')\nconn.execute('CREATE TABLE t (x)')\n"
        "for i in range(300):\n    conn.execute('INSERT INTO t VALUES (?)', (i,))\n"
        "sums = [conn.execute(f'SELECT {i} + x FROM t WHERE x = 1').fetchone()[0] for i in range(200)]\n"
        "loaded = sorted(m for m in ('sqlite3', 'datetime') if m in sys.modules)\n"
        "print(repr((sqlite3.__name__, sums == list(range(1, 201)), conn.execute('SELECT sum(x) FROM t').fetchone(),"
        " loaded)))")
    assert found == ("_sqlite3", True, (44850,), [])
