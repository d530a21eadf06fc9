"""A self-signed certificate for the tests of ``serve --cert/--key``, made with ``openssl`` (the
``cryptography`` package is not a dependency); the test skips, saying why, without it."""

from __future__ import annotations

import base64
import hashlib
import shutil
import ssl
import subprocess

import pytest

OPENSSL = shutil.which("openssl")


def _openssl(*args: str, given: bytes | None = None) -> bytes:
    if OPENSSL is None:
        pytest.skip("openssl is not installed (the cryptography package is not a dependency): a certificate "
                    "for the test cannot be made")
    return subprocess.run([OPENSSL, *args], input=given, check=True, capture_output=True).stdout


def self_signed(folder, name: str, address: str = "127.0.0.1") -> tuple[str, str]:
    """A self-signed certificate for the IP ``address`` and its key without a passphrase: the
    paths of the two PEM files made in ``folder``."""
    cert, key = folder / f"{name}.crt", folder / f"{name}.key"
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2",
             "-subj", f"/CN={address}", "-addext", f"subjectAltName=IP:{address}")
    return str(cert), str(key)


def locked_key(path) -> str:
    """A private key protected by a passphrase, made at ``path``."""
    _openssl("genrsa", "-aes128", "-passout", "pass:secret", "-out", str(path), "2048")
    return str(path)


def spki_hash(cert: str) -> str:
    """The certificate's public key as chromium's --ignore-certificate-errors-spki-list takes it
    (base64 of the SHA-256 of its SubjectPublicKeyInfo): a browser that trusts it."""
    with open(cert, encoding="ascii") as f:
        der = ssl.PEM_cert_to_DER_cert(f.read())
    public = _openssl("x509", "-inform", "der", "-pubkey", "-noout", given=der)
    spki = _openssl("pkey", "-pubin", "-outform", "der", given=public)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()
