"""The offline shell's service worker as the server serves it (scorekeeper.web.shell)."""

from __future__ import annotations

from helpers.phone import lupaus_store, phone_client  # noqa: F401 (the store fixture)


def test_the_worker_is_served_as_a_script_never_kept_by_a_cache_and_keeps_no_answers(store):
    with phone_client(store.path) as client:
        answer = client.get("/phone-sw.js")
        page = client.get("/phone", headers={"Accept-Language": "fi"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["content-security-policy"] == "default-src 'none'; connect-src 'self'"
    script = answer.text
    assert 'var PAGES = ["/phone", "/phone?lang=en", "/phone?lang=fi", "/phone?lang=pl"], ' \
           'PARTS = ["/icon.svg", "/manifest.webmanifest"]' in script
    code = [line.split("//")[0] for line in script.splitlines()]
    assert not any("/api" in line or "/events" in line or "join" in line for line in code)  # (the comments name them)
    # the page names its language (the shell keeps it under that), and lets its worker run
    assert page.headers["content-language"] == "fi"
    assert "worker-src 'self'" in page.headers["content-security-policy"]
    assert 'navigator.serviceWorker.register("/phone-sw.js", {scope: "/phone"})' in page.text


def test_the_workers_version_changes_with_the_page_and_only_with_it(store, monkeypatch):
    from scorekeeper.web import phone_app

    with phone_client(store.path) as client:
        first = client.get("/phone-sw.js").text
        again = client.get("/phone-sw.js", headers={"Accept-Language": "pl"}).text
        page = phone_app.phone_page
        monkeypatch.setattr(phone_app, "phone_page", lambda: page().replace("<body>", "<body><p>2</p>", 1))
        changed = client.get("/phone-sw.js").text
    assert first == again  # one shell for every language (it keeps them all)
    version = first.split("var VERSION = ")[1].split(",")[0]
    assert changed != first and version not in changed
