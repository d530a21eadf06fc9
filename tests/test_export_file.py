"""``export -o FILE`` writes the file whole or not at all (scorekeeper.rules.files.write_text):
a write that fails (the file size limit, a full disk) names the file, says why in one line,
exits 1 and leaves what was there, with no temporary file beside it."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "SCOREKEEPER_DB", "PYTHONDEVMODE")}
    env.update(PYTHONPATH=str(REPO), SCOREKEEPER_LANG="en", SCOREKEEPER_REPORTS=str(tmp_path / "reports"),
               SCOREKEEPER_CACHE=str(tmp_path / "cache"), SCOREKEEPER_CONFIG=str(tmp_path / "settings.toml"),
               SCOREKEEPER_DATA=str(tmp_path / "data"))
    return env


def _export(tmp_path: Path, *args: str, largest_file: int | None = None) -> subprocess.CompletedProcess:
    def limit():
        if largest_file is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (largest_file, largest_file))

    return subprocess.run([sys.executable, "-m", "scorekeeper", "export", *args], cwd=REPO, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60, preexec_fn=limit)


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_an_export_past_the_file_size_limit_keeps_the_earlier_export(tmp_path, fmt):
    """A 1.5 kB CSV export, then a JSON (or TOML) export of a longer game to the same file under a
    file size limit of 1 kB it does not fit (the JSON is 18 kB, the TOML 1.3 kB): the CSV is still there byte for byte, nothing else is."""
    out = tmp_path / "game.out"
    first = _export(tmp_path, "examples/wizard.toml", "--format", "csv", "-o", str(out))
    assert (first.returncode, first.stderr) == (0, "")
    earlier = out.read_bytes()
    assert 500 < len(earlier) < 4000
    failed = _export(tmp_path, "examples/lupaus.toml", "--format", fmt, "-o", str(out), largest_file=1024)
    assert failed.returncode == 1
    assert failed.stderr == f"scorekeeper: error: {out}: {os.strerror(27)}\n"  # EFBIG: File too large
    assert out.read_bytes() == earlier
    assert sorted(p.name for p in tmp_path.iterdir() if p.name not in ("reports", "cache", "data")) == ["game.out"]


def test_a_new_file_past_the_limit_is_not_left_behind(tmp_path):
    out = tmp_path / "new.json"
    failed = _export(tmp_path, "examples/lupaus.toml", "--format", "json", "-o", str(out), largest_file=4096)
    assert (failed.returncode, failed.stderr) == (1, f"scorekeeper: error: {out}: {os.strerror(27)}\n")
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_device_named_as_the_file_is_an_error_naming_it(tmp_path):
    """``-o /dev/full``: a device is written where it is (it cannot be replaced), and its failure is one line."""
    failed = _export(tmp_path, "examples/wizard.toml", "--format", "csv", "-o", "/dev/full")
    assert (failed.returncode, failed.stderr) == (1, f"scorekeeper: error: /dev/full: {os.strerror(28)}\n")


def test_a_file_in_a_missing_folder_is_named(tmp_path):
    out = tmp_path / "no" / "such" / "game.csv"
    failed = _export(tmp_path, "examples/wizard.toml", "--format", "csv", "-o", str(out))
    assert (failed.returncode, failed.stderr) == (1, f"scorekeeper: error: {out}: {os.strerror(2)}\n")


def test_an_export_replaces_a_file_keeping_its_mode_and_a_link_stays_a_link(tmp_path):
    """A good export replaces the file whole; an existing file keeps its permissions, a link
    to a file still points to it (the file it points to holds the export)."""
    target = tmp_path / "real.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    done = _export(tmp_path, "examples/wizard.toml", "--format", "csv", "-o", str(link))
    assert (done.returncode, done.stderr) == (0, "")
    expected = _export(tmp_path, "examples/wizard.toml", "--format", "csv").stdout
    assert link.is_symlink() and target.read_text() == expected
    assert oct(target.stat().st_mode & 0o777) == "0o640"


def test_write_text_leaves_the_file_when_the_write_fails(tmp_path, monkeypatch):
    """In process: a failure after part of the text was written (fsync refused) leaves the old file."""
    from scorekeeper.rules import files

    out = tmp_path / "sheet.toml"
    out.write_text("kept\n")

    def refuse(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(files.os, "fsync", refuse)
    with pytest.raises(OSError) as caught:
        files.write_text(out, "new text\n")
    assert (caught.value.filename, caught.value.strerror) == (str(out), "Input/output error")
    assert out.read_text() == "kept\n" and sorted(p.name for p in tmp_path.iterdir()) == ["sheet.toml"]


def test_write_text_works_where_python_has_no_fchmod(tmp_path, monkeypatch):
    """On Windows before Python 3.13 ``os.fchmod`` does not exist: an export or a score sheet is
    written all the same (not an AttributeError from the permissions step), the file it
    replaces keeps its mode and a new file gets the mode ``open`` would give it."""
    from scorekeeper.rules import files

    monkeypatch.delattr(files.os, "fchmod")
    kept = tmp_path / "kept.csv"
    kept.write_text("old\n")
    kept.chmod(0o640)
    files.write_text(kept, "new\n")
    assert kept.read_text() == "new\n" and oct(kept.stat().st_mode & 0o777) == "0o640"
    umask = os.umask(0o022)
    try:
        files.write_text(tmp_path / "new.csv", "made\n")
    finally:
        os.umask(umask)
    assert oct((tmp_path / "new.csv").stat().st_mode & 0o777) == "0o644"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.csv", "new.csv"]
