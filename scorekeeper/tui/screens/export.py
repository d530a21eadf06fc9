"""ExportDialog: write a game (or a session's games) to a file, in a format the player picks.

The text comes from :mod:`scorekeeper.store.export` (through the function the caller
gives); this dialog only asks for the format and the path and writes the file. A path
that cannot be written is explained in words in the dialog, which stays open so that
another path can be typed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..widgets.key_footer import KeyFooter

FORMAT_WORDS = {
    "csv": "CSV: a table for a spreadsheet",
    "json": "JSON: every entry, for other programs",
    "md": "Markdown: tables to paste into notes",
    "toml": "TOML score sheet: replays to the same game",
    "html": "HTML: a page to print or share",
}


def write_text(path: Path, text: str) -> str | None:
    """Write ``text`` to ``path``; None when written, else why not, in words (no traceback)."""
    try:
        if path.is_dir():
            return f"{path} is a folder: add a file name, e.g. {path / 'scores.csv'}"
        path.write_text(text, encoding="utf-8", newline="")
    except PermissionError:
        return f"{path}: permission denied; choose a folder you may write to"
    except FileNotFoundError:
        return f"{path}: the folder {path.parent} does not exist"
    except NotADirectoryError:
        return f"{path}: a part of the path is a file, not a folder"
    except IsADirectoryError:
        return f"{path} is a folder: add a file name"
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    except ValueError as exc:  # e.g. a NUL character in the path
        return f"{path}: not a usable path ({exc})"
    return None


class ExportDialog(ModalScreen[Path | None]):
    """Choose a format and a file; dismissed with the file written (None if cancelled)."""

    BINDINGS = [
        Binding("ctrl+s", "export", "Export", id="export.write", tooltip="Write the file"),
        Binding("escape", "cancel", "Cancel", id="export.cancel"),
    ]

    def __init__(self, what: str, stem: str, make: Callable[[str], str],
                 formats: Sequence[str] = tuple(FORMAT_WORDS), fmt: str = "csv") -> None:
        """``what`` is shown in the title ("game 12"); the default file is ``stem``.FORMAT in
        the current folder; ``make(fmt)`` gives the text of the export."""
        super().__init__()
        self.what = what
        self.stem = stem
        self.make = make
        self.formats = list(formats)
        self.fmt = fmt if fmt in self.formats else self.formats[0]
        self._replace: Path | None = None  # a file that exists, to be replaced when asked again

    def compose(self):
        with Vertical(id="dialog"):
            yield Static(Text(f"Export {self.what}"), classes="dialog-title", markup=False)
            yield Static("Format (↑ ↓):", markup=False)
            yield OptionList(*[Option(Text(FORMAT_WORDS[f]), id=f) for f in self.formats], id="export-formats",
                             compact=True)
            yield Static("File (written in the current folder unless a path is given):", markup=False)
            yield Input(f"{self.stem}.{self.fmt}", id="export-path", compact=True)
            yield Static(id="export-error", markup=False)
            yield Static("Enter or ctrl+s writes the file; Esc cancels.", classes="form-help-plain", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        formats = self.query_one("#export-formats", OptionList)
        formats.highlighted = self.formats.index(self.fmt)
        formats.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        new = event.option.id
        if new is None or new == self.fmt:
            return
        box = self.query_one("#export-path", Input)
        if box.value.endswith(f".{self.fmt}"):  # keep the name, change the ending
            box.value = box.value[: -len(self.fmt)] + new
        self.fmt = new
        self._say("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#export-path", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._replace = None
        self._say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_export()

    def _say(self, message: str, warning: bool = False) -> None:
        """A problem (✗) or a warning (⚠): marked by a sign as well as by its colour."""
        error = self.query_one("#export-error", Static)
        error.update(Text(f"{'⚠' if warning else '✗'} {message}" if message else ""))
        error.set_class(warning, "-warning")

    def action_export(self) -> None:
        text = self.query_one("#export-path", Input).value.strip()
        if not text:
            self._say("Type the name of the file to write.")
            self.app.bell()
            return
        path = Path(text).expanduser()
        try:
            exists = path.is_file()
        except (OSError, ValueError):
            exists = False  # write_text says what is wrong with it
        if exists and self._replace != path:
            self._replace = path
            self._say(f"{path} exists already: Enter again replaces it.", warning=True)
            return
        try:
            content = self.make(self.fmt)
        except ValueError as exc:  # StoreError: a game that cannot be rebuilt; a format refused
            self._say(str(exc))
            self.app.bell()
            return
        problem = write_text(path, content)
        if problem:
            self._say(problem)
            self.app.bell()
            return
        self.dismiss(path.resolve())

    def action_cancel(self) -> None:
        self.dismiss(None)
