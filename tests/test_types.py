"""The type checker passes over the modules pyproject.toml's [tool.mypy] lists, and it sees the
project's value classes (scorekeeper.values.dataclass) as value classes: a wrong field type
or a missing argument is an error it reports."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _mypy(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-color-output", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_the_listed_modules_have_no_type_error():
    listed = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    assert {"scorekeeper/messages.py", "scorekeeper/values.py"} <= set(listed)
    done = _mypy()
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"Success: no issues found in {len(listed)} source files")


def test_every_module_of_the_package_is_checked():
    """A new module is checked from the start: every module of the package is listed, the
    terminal app's too, but the rulesets' modules made at build time (scorekeeper/_shipped/)."""
    listed = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    modules = {path.relative_to(REPO).as_posix() for path in (REPO / "scorekeeper").rglob("*.py")
               if "_shipped" not in path.parts}
    assert "scorekeeper/tui/widgets/entry_form.py" in modules
    assert sorted(modules - set(listed)) == []
    assert sorted(set(listed) - modules) == []  # (a module gone is taken off the list)


def test_a_value_class_is_typed_for_the_checker(tmp_path):
    """Without values.dataclass's dataclass_transform, mypy sees no __init__ taking fields and
    no frozen fields: the three mistakes below would pass unseen (and a right call would be an
    error)."""
    (tmp_path / "sample.py").write_text(
        "from scorekeeper.values import dataclass, field\n\n"
        "@dataclass(frozen=True)\n"
        "class Deal:\n"
        "    number: int\n"
        "    bids: tuple[int, ...] = field(default=())\n\n"
        "good = Deal(3, (1, 0))\n"
        "wrong_type = Deal('3')\n"
        "missing = Deal()\n"
        "good.number = 4\n", encoding="utf-8")
    done = _mypy("--python-version", "3.11", "--follow-imports", "silent", "--config-file", "/dev/null",
                 "--cache-dir", str(tmp_path / "cache"),
                 str(tmp_path / "sample.py"), cwd=REPO)
    # (line, error code): the wording differs between mypy versions
    found = [(int(line.split(":")[1]), line.rsplit("[", 1)[1].rstrip("]"))
             for line in done.stdout.splitlines() if line.startswith(str(tmp_path)) and ": error: " in line]
    assert found == [(9, "arg-type"), (10, "call-arg"), (11, "misc")], done.stdout
    assert "read-only" in done.stdout  # the frozen field
