"""What every answer of the server carries, and a one-sentence answer."""

from __future__ import annotations

from starlette.responses import PlainTextResponse

__all__ = ["SAFE_HEADERS", "text"]

# Never kept by a cache (the game changes), never read as another type, no address sent on.
SAFE_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def text(status: int, message: str, headers: dict | None = None) -> PlainTextResponse:
    """A plain-text answer of one sentence and a newline."""
    return PlainTextResponse(message + "\n", status, headers={**SAFE_HEADERS, **(headers or {})})
