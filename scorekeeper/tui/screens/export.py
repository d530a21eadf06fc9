"""ExportDialog: write a game (or a session's games) to a file, in a format the player picks.

The text comes from :mod:`scorekeeper.reports.export` (through the function the caller
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

from ...i18n import t
from ..widgets.key_footer import KeyFooter

FORMATS = ("csv", "json", "md", "toml", "html")  # the formats the dialog offers, in its order


def format_words(fmt: str) -> str:
    """A format as the list shows it, in the language: what it is good for."""
    words = {
        "csv": t("tui.export.format.csv"),
        "json": t("tui.export.format.json"),
        "md": t("tui.export.format.md"),
        "toml": t("tui.export.format.toml"),
        "html": t("tui.export.format.html"),
    }
    return words.get(fmt, fmt)


def write_text(path: Path, text: str) -> str | None:
    """Write ``text`` to ``path``; None when written, else why not, in words (no traceback)."""
    try:
        if path.is_dir():
            return t("tui.export.is_folder_example", path=path, example=path / "scores.csv")
        path.write_text(text, encoding="utf-8", newline="")
    except PermissionError:
        return t("tui.export.permission_denied", path=path)
    except FileNotFoundError:
        return t("tui.export.no_folder", path=path, folder=path.parent)
    except NotADirectoryError:
        return t("tui.export.not_a_folder", path=path)
    except IsADirectoryError:
        return t("tui.export.is_folder", path=path)
    except OSError as exc:
        return t("tui.export.os_error", path=path, error=exc.strerror or exc)
    except ValueError as exc:  # e.g. a NUL character in the path
        return t("tui.export.unusable_path", path=path, error=exc)
    return None


class ExportDialog(ModalScreen[Path | None]):
    """Choose a format and a file; dismissed with the file written (None if cancelled)."""

    BINDINGS = [
        Binding("ctrl+s", "export", "tui.bindings.export.write", id="export.write",
                tooltip="tui.bindings.export.write_tip"),
        Binding("escape", "cancel", "tui.bindings.export.cancel", id="export.cancel"),
    ]

    def __init__(self, title: str, stem: str, make: Callable[[str], str],
                 formats: Sequence[str] = FORMATS, fmt: str = "csv") -> None:
        """``title`` is the dialog's title, in the language ("Export game 12":
        ``t("tui.export.title_game", id=12)``); the default file is ``stem``.FORMAT in the
        current folder; ``make(fmt)`` gives the text of the export."""
        super().__init__()
        self.title_text = title
        self.stem = stem
        self.make = make
        self.formats = list(formats)
        self.fmt = fmt if fmt in self.formats else self.formats[0]
        self._replace: Path | None = None  # a file that exists, to be replaced when asked again

    def compose(self):
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title", markup=False)
            yield Static(t("tui.export.format_label"), markup=False)
            yield OptionList(*[Option(Text(format_words(f)), id=f) for f in self.formats],
                             id="export-formats", compact=True)
            yield Static(t("tui.export.file_label"), markup=False)
            yield Input(f"{self.stem}.{self.fmt}", id="export-path", compact=True)
            yield Static(id="export-error", markup=False)
            yield Static(t("tui.export.help"), classes="form-help-plain", markup=False)
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
            self._say(t("tui.export.no_name"))
            self.app.bell()
            return
        path = Path(text).expanduser()
        try:
            exists = path.is_file()
        except (OSError, ValueError):
            exists = False  # write_text says what is wrong with it
        if exists and self._replace != path:
            self._replace = path
            self._say(t("tui.export.exists", path=path), warning=True)
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
