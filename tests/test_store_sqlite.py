"""The store's SQLite module (scorekeeper.store.sqlite): the interpreter's _sqlite3, whose
objects are the sqlite3 package's, started without functools where nothing imported it yet,
and imported as usual where that start fails."""

from __future__ import annotations

import ast
import sqlite3 as package
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_a_command_starts_it_without_functools_and_its_connections_work_as_usual():
    """More statements than a connection's cache holds (128), the same one many times; then the
    real functools is what an import of it gives."""
    found = _fresh(
        "import sys\nfrom scorekeeper.store.sqlite import sqlite3\n"
        "conn = sqlite3.connect(':memory:')\nconn.execute('CREATE TABLE t (x)')\n"
        "for i in range(300):\n    conn.execute('INSERT INTO t VALUES (?)', (i,))\n"
        "sums = [conn.execute(f'SELECT {i} + x FROM t WHERE x = 1').fetchone()[0] for i in range(200)]\n"
        "loaded = sorted(m for m in ('functools', 'collections', 'sqlite3', 'datetime') if m in sys.modules)\n"
        "import functools\n"
        "print(repr((sqlite3.__name__, sums == list(range(1, 201)), conn.execute('SELECT sum(x) FROM t').fetchone(),"
        " loaded, functools.lru_cache.__module__, callable(functools.reduce))))")
    assert found == ("_sqlite3", True, (44850,), [], "functools", True)


@pytest.mark.parametrize("started_with", ["lambda: type(sys)('functools')", "lambda: __import__('no_such_module')"],
                         ids=["lacking lru_cache", "not made"])
def test_a_start_that_asks_more_of_functools_is_made_again_with_the_real_one(started_with):
    """_sqlite3 started with a functools that lacks lru_cache fails to start (as it would where
    it asked for more), or that functools cannot be made (no _functools): it is imported again
    as usual, and works."""
    found = _fresh(
        "import sys\nfrom scorekeeper.store import sqlite\nfirst = sqlite.sqlite3\ndel sys.modules['_sqlite3']\n"
        f"again = sqlite._import_sqlite({started_with})\nimport functools\n"
        "print(repr((again is not first, again is sys.modules['_sqlite3'], callable(functools.reduce),"
        " again.connect(':memory:').execute('SELECT 1').fetchone())))")
    assert found == (True, True, True, (1,))
