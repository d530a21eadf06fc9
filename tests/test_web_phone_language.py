"""A language per phone: each request of a phone page is answered in its own language (the one
chosen on the page, else the browser's Accept-Language when it is one of ours, else the
server's), while another phone at the same moment gets its own, and the process's language
(the TUI's, the command line's) is left as it was.

Lupaus, three players Anna, Ben, Cara; Anna deals deal 1 (10 cards), Ben bids first:
bids Ben 3, Cara 4 -> Anna may not bid 3 (the bids would total 10).
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from helpers.phone import CODE, ORIGIN, phone_client
from scorekeeper.i18n import get_language, set_language, t, using_language
from scorekeeper.rules.ruleset import load_ruleset
from scorekeeper.store.db import Store
from scorekeeper.web.language import accepted_language

REFUSED = {
    "en": "Dealer Anna may not bid 3: the bids would total 10, the number of tricks",
    "fi": "Jakaja Anna ei saa luvata 3: lupausten summa olisi 10, sama kuin tikkien määrä",
    "pl": "Anna rozdaje i nie może zadeklarować 3: suma deklaracji wyniosłaby 10, tyle, ile jest lew",
}
CONFIRM = {"en": "Confirm", "fi": "Vahvista", "pl": "Zatwierdź"}
BIDS = {"typed": [["bid", 2, 3], ["bid", 3, 4]]}
UNKNOWN_DE = "unknown language 'de': choose one of en (English), fi (Suomi), pl (Polski)"


@pytest.fixture
def served(tmp_path):
    store = Store(tmp_path / "s.db")
    store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    with phone_client(store.path) as client:
        yield client, store
    store.close()


def refused(view: dict) -> list[str]:
    """The reasons the dealer's bid box gives for the values it refuses."""
    box = next(b for p in view["deal"]["phases"] for b in p["boxes"] if (b["field"], b["unit"]) == ("bid", 1))
    return [c["reason"] for c in box["choices"] if not c["allowed"]]


def view_in(client, **headers) -> dict:
    response = client.post("/api/view", json=BIDS, headers={"X-Join-Code": CODE, **headers})
    assert response.status_code == 200, response.text
    return response.json()


# --- the language of a block is its own thread's and task's ------------------------------------

def test_a_block_language_is_its_threads_own_and_the_process_language_stays():
    """Two threads each in their own block at once each word in theirs; a thread without a block
    and the code after the blocks have the process's language."""
    both = threading.Barrier(2)
    said: dict[str, list[str]] = {}

    def speak(code: str) -> None:
        with using_language(code):
            both.wait()  # both blocks are open now
            first = t("web.phone.page.confirm")
            both.wait()
            said[code] = [first, t("web.phone.page.confirm"), get_language()]

    threads = [threading.Thread(target=speak, args=(code,)) for code in ("fi", "pl")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert said == {"fi": ["Vahvista", "Vahvista", "fi"], "pl": ["Zatwierdź", "Zatwierdź", "pl"]}
    assert get_language() == "en"


def test_set_language_inside_a_block_changes_the_process_language_after_it():
    with using_language("pl"):
        set_language("fi")
        assert t("web.phone.page.confirm") == "Zatwierdź"
    assert get_language() == "fi"
    set_language("en")


def test_a_block_refuses_a_language_that_is_not_ours():
    from scorekeeper.i18n import LanguageError

    with pytest.raises(LanguageError):
        using_language("de")
    assert get_language() == "en"


# --- Accept-Language -----------------------------------------------------------------------------

@pytest.mark.parametrize("header, code", [
    ("fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7", "fi"),
    ("pl-PL,pl;q=0.9", "pl"),
    ("de-DE,de;q=0.9,pl;q=0.5,fi;q=0.4", "pl"),  # the first one of ours by weight
    ("de;q=1, fi;q=0.2, en;q=0.6", "en"),
    ("en;q=0, fi", "fi"),  # q=0: not wanted
    ("fi;q=nonsense, pl", "pl"),
    ("de-DE,de", None),
    ("*", None),
    ("", None),
    (None, None),
])
def test_accept_language_picks_the_browsers_first_language_of_ours(header, code):
    assert accepted_language(header) == code


@pytest.mark.parametrize("lang", ["fi", "pl"])
def test_accept_language_words_the_page_and_the_view(served, lang):
    client, _ = served
    accept = {"fi": "fi-FI,fi;q=0.9,en;q=0.8", "pl": "de;q=0.9,pl;q=0.8"}[lang]
    page = client.get("/phone", headers={"Accept-Language": accept}).text
    assert f'<html lang="{lang}">' in page and f'"confirm": "{CONFIRM[lang]}"' in page
    assert f'<option value="{lang}" lang="{lang}" selected>' in page
    assert refused(view_in(client, **{"Accept-Language": accept})) == [REFUSED[lang]]
    assert get_language() == "en"  # the server's own language is as it was


@pytest.mark.parametrize("server", ["en", "fi"])
def test_an_unknown_browser_language_falls_back_to_the_servers(served, server):
    client, _ = served
    set_language(server)  # as --lang does (the suite's fixture puts English back)
    page = client.get("/phone", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    assert f'<html lang="{server}">' in page
    assert refused(view_in(client, **{"Accept-Language": "de-DE,de;q=0.9"})) == [REFUSED[server]]


def test_the_language_chosen_on_the_page_beats_the_browsers(served):
    """The page sends its choice: ``?lang=`` (the page, the chart) or X-Language (every request)."""
    client, _ = served
    page = client.get("/phone?lang=pl", headers={"Accept-Language": "fi"}).text
    assert '<html lang="pl">' in page and '"confirm": "Zatwierdź"' in page
    assert refused(view_in(client, **{"X-Language": "pl", "Accept-Language": "fi"})) == [REFUSED["pl"]]
    games = client.get("/api/games", headers={"X-Language": "fi"}).json()
    assert games["title"] == "Uusi peli: valitse peli"
    chart = client.get("/chart.svg?lang=pl").text
    assert "Wykres punktów" in chart and "Nie zapisano jeszcze żadnego rozdania." in chart
    assert "Pistekaavio" in client.get("/chart.svg?lang=fi").text


@pytest.mark.parametrize("where", ["query", "header"])
def test_a_language_that_is_not_ours_is_refused_plainly(served, where):
    """A page asking for another language gets one sentence naming the value and the codes allowed,
    in the browser's language when it is one of ours; nothing is written."""
    client, store = served
    headers = {"X-Join-Code": CODE}
    path = "/api/confirm"
    if where == "query":
        path += "?lang=de"
    else:
        headers["X-Language"] = "de"
    body = {"seen": {"game": 1, "seq": 0, "deal": 1}, "typed": BIDS["typed"]}
    response = client.post(path, json=body, headers=headers)
    assert (response.status_code, response.json()) == (400, {"problem": UNKNOWN_DE})
    response = client.post(path, json=body, headers={**headers, "Accept-Language": "fi"})
    assert response.json() == {"problem": "tuntematon kieli 'de': valitse jokin näistä: en (English), fi (Suomi), "
                                          "pl (Polski)"}
    assert store.open_game(1).game.deals == []
    page = client.get("/phone?lang=%3Cscript%3E" + "x" * 100)
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/plain")
    assert page.text == "unknown language '<script>xxxxxxxxxxxx': choose one of en (English), fi (Suomi), pl (Polski)\n"


# --- two phones at once ----------------------------------------------------------------------------

def test_two_phones_in_different_languages_at_once_get_their_own_words(tmp_path):
    """Requests of a Finnish and a Polish phone interleaved on one event loop (the server's), the
    table's thread answering them in turn: each answer is in its phone's language, and a third
    phone naming none is in the server's."""
    import httpx2

    from scorekeeper.web.app import make_app
    from scorekeeper.web.hosts import served_names
    from scorekeeper.web.server import BoardFeed
    from scorekeeper.web.table import Table

    store = Store(tmp_path / "s.db")
    store.new_game(load_ruleset("lupaus"), "lupaus", ["Anna", "Ben", "Cara"])
    feed = BoardFeed(store.path, poll=0.1)
    feed.start()
    table = Table(store.path, feed)
    table.start()
    app = make_app(feed, served_names("127.0.0.1"), table=table, join_code=CODE)

    async def phones() -> list[tuple[str, tuple[str, ...], str]]:
        async with httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app), base_url=ORIGIN) as client:
            async def ask(lang: str | None) -> tuple[str, tuple[str, ...], str]:
                headers = {"X-Join-Code": CODE} | ({"X-Language": lang} if lang else {})
                view = (await client.post("/api/view", json=BIDS, headers=headers)).json()
                plain = (await client.get("/api/view", headers=headers)).json()
                return lang or "server", tuple(refused(view)), plain["deal"]["panel"]["lines"][0][0]

            return await asyncio.gather(*(ask(lang) for _ in range(8) for lang in ("fi", "pl", None)))

    try:
        answers = asyncio.run(phones())
    finally:
        table.close()
        feed.stop()
        store.close()
    dealer = {"fi": "Jakaja", "pl": "Rozdający", "server": "Dealer"}
    assert set(answers) == {(lang, (REFUSED.get(lang, REFUSED["en"]),), dealer[lang])
                            for lang in ("fi", "pl", "server")}
    assert len(answers) == 24
