"""The table's join code, kept for the store: a restart of ``scorekeeper serve`` keeps the code the
phones already hold, so they do not become read-only; ``--new-code`` makes a new one (a phone that
should not write any more is then shut out).

The code is kept beside the store, as SQLite keeps its own files (``games.db`` ->
``games.db.join-code``), readable by its owner only. When it cannot be kept (a folder that is
not writable), the code is new at each start, and the caller is told why.
"""

from __future__ import annotations

import os
import re
import secrets

from ..i18n import t

__all__ = ["CODE_BYTES", "code_path", "join_code"]

CODE_BYTES = 9  # 12 characters of letters, digits, - and _: 72 random bits
_CODE = re.compile(r"[A-Za-z0-9_-]{12,64}")


def code_path(store_path: str) -> str:
    return os.fspath(store_path) + ".join-code"


def join_code(store_path: str, *, new: bool = False) -> tuple[str, str | None]:
    """(the store's join code, None), made and kept when there is none yet (or ``new``); or
    (a code for this start only, why it could not be kept)."""
    path = code_path(store_path)
    if not new:
        try:
            with open(path, encoding="ascii") as file:
                kept = file.read(100).strip()
            if _CODE.fullmatch(kept):
                return kept, None
        except (OSError, UnicodeDecodeError):
            pass  # none yet, or unreadable: a new one is made and kept
    code = secrets.token_urlsafe(CODE_BYTES)
    part = f"{path}.{os.getpid()}.part"
    try:
        descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(code + "\n")
        os.replace(part, path)
    except OSError as exc:
        try:
            os.unlink(part)
        except OSError:
            pass
        return code, t("web.serve.code_not_kept", path=path, problem=exc.strerror or str(exc))
    return code, None
