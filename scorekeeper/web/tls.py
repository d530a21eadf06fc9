"""``scorekeeper serve --cert FILE --key FILE``: the server answers https with the table's own
certificate (Python's ``ssl``, which uvicorn serves with), so that a phone on the table's network
has a secure context: the phone page's offline shell (:mod:`scorekeeper.web.shell`) runs there.

The certificate and its key are read once, before the server starts; a file that is missing,
cannot be read, holds no certificate or key, a key protected by a passphrase (the server
cannot ask for it) or a key that is not the certificate's is one line naming the file
(:class:`TLSError`), never a traceback. Making the certificate, and having the phones trust
it, is the table's: the guide says how ("Phones at the table").
"""

from __future__ import annotations

import ssl

from ..i18n import t

__all__ = ["TLSError", "tls_context"]

READ_AT_MOST = 1024 * 1024  # bytes of a certificate or key file (a chain of a few certificates is well under)


class TLSError(ValueError):
    """The certificate or key cannot be used (the message names the file and why)."""


def _read(path: str, what: str) -> str:
    try:
        with open(path, "rb") as f:
            data = f.read(READ_AT_MOST + 1)
    except FileNotFoundError:
        raise TLSError(t("web.tls.missing", what=t(f"web.tls.{what}"), path=path)) from None
    except OSError as exc:  # not allowed, a folder, ...
        raise TLSError(t("web.tls.unreadable", what=t(f"web.tls.{what}"), path=path,
                         problem=exc.strerror or exc)) from None
    if len(data) > READ_AT_MOST:
        raise TLSError(t("web.tls.not_pem", what=t(f"web.tls.{what}"), path=path))
    return data.decode("ascii", "replace")


def _no_passphrase() -> bytes:
    raise TLSError("passphrase")  # (said below: the server never asks at the terminal)


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS context for the certificate (chain) in ``cert`` and its private key in
    ``key``, both PEM files (TLSError saying what is wrong with which)."""
    cert_text, key_text = _read(cert, "cert"), _read(key, "key")
    if "-----BEGIN CERTIFICATE-----" not in cert_text:
        raise TLSError(t("web.tls.not_pem", what=t("web.tls.cert"), path=cert))
    if "PRIVATE KEY-----" not in key_text:
        raise TLSError(t("web.tls.not_pem", what=t("web.tls.key"), path=key))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key, password=_no_passphrase)
    except TLSError:
        raise TLSError(t("web.tls.passphrase", path=key)) from None
    except ssl.SSLError as exc:
        if exc.reason == "KEY_VALUES_MISMATCH":
            raise TLSError(t("web.tls.mismatch", key_path=key, cert_path=cert)) from None
        if "ENCRYPTED" in key_text:
            raise TLSError(t("web.tls.passphrase", path=key)) from None
        raise TLSError(t("web.tls.unusable", cert_path=cert, key_path=key, problem=exc.reason or exc)) from None
    except OSError as exc:  # (changed between the two reads)
        raise TLSError(t("web.tls.unusable", cert_path=cert, key_path=key, problem=exc.strerror or exc)) from None
    return context
