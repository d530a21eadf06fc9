"""``scorekeeper serve --cert FILE --key FILE``: https with the table's own certificate (a
self-signed one made here: a secure context for the phones that trust it);
a certificate or key that cannot be used is one line naming the file, and nothing starts."""

from __future__ import annotations

import http.client
import json
import signal
import ssl

import pytest

from helpers.certificates import locked_key, self_signed

from scorekeeper.cli import main
from test_web_serve import CODE, start, store_path  # noqa: F401 (a fixture)

@pytest.fixture
def certificate(tmp_path):
    return self_signed(tmp_path, "table")


def test_serve_with_a_certificate_answers_https_and_prints_https_addresses(store_path, certificate):
    cert, key = certificate
    proc, lines = start(["serve", "--db", str(store_path), "--port", "0", "--cert", cert, "--key", key])
    try:
        url = lines[1].removeprefix("On this computer, open ")
        assert url.startswith("https://127.0.0.1:")
        port = int(url.split(":")[2].split("/")[0])
        code = CODE.search(url).group(1)
        assert lines[2] == f"The score board (read-only): https://127.0.0.1:{port}/"
        trusting = ssl.create_default_context(cafile=cert)  # a phone that trusts the table's certificate
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=20, context=trusting)
        conn.request("GET", "/phone-sw.js")
        answer = conn.getresponse()
        assert answer.status == 200 and answer.read().startswith(b'"use strict";')
        # a write from the page's own https origin is taken (the Origin check knows the scheme)
        conn.request("POST", "/api/view", body=b"{}", headers={
            "Content-Type": "application/json", "X-Join-Code": code, "Origin": f"https://127.0.0.1:{port}"})
        answer = conn.getresponse()
        assert answer.status == 200 and json.loads(answer.read())["game"]["id"] == 1
        conn.request("POST", "/api/view", body=b"{}", headers={
            "Content-Type": "application/json", "X-Join-Code": code, "Origin": f"http://127.0.0.1:{port}"})
        answer = conn.getresponse()
        assert answer.status == 403 and answer.read()
        conn.close()
        with pytest.raises(ssl.SSLCertVerificationError):  # a phone that does not trust it is told by its browser
            http.client.HTTPSConnection("127.0.0.1", port, timeout=20,
                                        context=ssl.create_default_context()).request("GET", "/phone")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


def run(args: list[str], capsys) -> tuple[int, str]:
    status = main(args)
    captured = capsys.readouterr()
    assert captured.out == ""
    return status, captured.err


def test_a_certificate_or_key_that_cannot_be_used_is_one_line_naming_the_file(store_path, tmp_path, capsys):
    cert, key = self_signed(tmp_path, "table")
    _, other_key = self_signed(tmp_path, "other")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    locked = locked_key(tmp_path / "locked.key")
    db = ["serve", "--db", str(store_path), "--port", "0"]
    assert run(db + ["--cert", cert], capsys) == (
        2, "scorekeeper: error: --cert and --key go together: give the certificate and its key, or neither.\n")
    assert run(db + ["--cert", str(tmp_path / "none.crt"), "--key", key], capsys) == (
        1, f"scorekeeper: error: The certificate file {tmp_path / 'none.crt'} does not exist: give the certificate "
           "and its key as PEM files (--cert FILE --key FILE).\n")
    assert run(db + ["--cert", cert, "--key", str(tmp_path)], capsys) == (
        1, f"scorekeeper: error: The key file {tmp_path} cannot be read: Is a directory.\n")
    assert run(db + ["--cert", str(junk), "--key", key], capsys) == (
        1, f"scorekeeper: error: The certificate file {junk} is not in PEM form (text beginning with -----BEGIN "
           "CERTIFICATE----- or -----BEGIN PRIVATE KEY-----).\n")
    assert run(db + ["--cert", cert, "--key", cert], capsys) == (
        1, f"scorekeeper: error: The key file {cert} is not in PEM form (text beginning with -----BEGIN "
           "CERTIFICATE----- or -----BEGIN PRIVATE KEY-----).\n")
    assert run(db + ["--cert", cert, "--key", other_key], capsys) == (
        1, f"scorekeeper: error: The key in {other_key} does not belong to the certificate in {cert}: give the key "
           "the certificate was made with.\n")
    assert run(db + ["--cert", cert, "--key", str(locked)], capsys) == (  # never a question at the terminal
        1, f"scorekeeper: error: The key in {locked} is protected by a passphrase, which the server cannot ask for: "
           f"give it the key without one (openssl pkey -in {locked} -out NEW_FILE).\n")
