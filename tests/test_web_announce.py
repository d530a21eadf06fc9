"""``scorekeeper serve --lan`` announces the phone page by name on the network (multicast DNS,
scorekeeper.web.announce), found here by zeroconf's own browser in the same process (multicast
works on this machine's network); a failure to announce is one line and the server runs on;
without --lan nothing is announced."""

from __future__ import annotations

import re
import signal
import threading
import uuid

import pytest

from scorekeeper.web import announce
from scorekeeper.web.announce import HOST_NAME, SERVICE, Announcement
from scorekeeper.web.hosts import host_served, served_names
from test_web_serve import request, start, store_path  # noqa: F401 (a fixture)

ADDRESS = "192.0.2.77"  # (TEST-NET-1: only announced, never connected to)


def own_names() -> tuple[str, ...]:
    """Names of this test's own, in place of scorekeeper.local, scorekeeper-2.local...: another
    run of these tests on this machine's network (or another table) may hold those now."""
    stem = f"sk-test-{uuid.uuid4().hex[:10]}"
    return (f"{stem}.local", f"{stem}-2.local", f"{stem}-3.local")


def announced(urls, port=8765, code="abc", names=None):
    said: list[str] = []
    done = threading.Event()

    def say(line: str) -> None:
        said.append(line)
        done.set()

    return Announcement(urls, port, code, say, names).start(), said, done


@pytest.fixture(scope="module")
def multicast():
    """Skips unless multicast works on this machine's network, checked with zeroconf alone (one
    instance announces a probe service, another resolves it): a container with no multicast
    route (some CI machines) cannot run the test below, whatever our code does."""
    import socket

    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    kind = "_skprobe._tcp.local."
    own = uuid.uuid4().hex[:10]  # (another run of this check at once on this network: another name)
    info = ServiceInfo(kind, f"probe {own}.{kind}", port=9, addresses=[socket.inet_aton("192.0.2.78")],
                       server=f"scorekeeper-probe-{own}.local.")
    try:
        sender, receiver = Zeroconf(ip_version=IPVersion.V4Only), Zeroconf(ip_version=IPVersion.V4Only)
    except (OSError, RuntimeError) as err:  # (RuntimeError: zeroconf finds no interface to listen on)
        pytest.skip(f"multicast does not work on this machine's network ({err})")
    try:
        sender.register_service(info)
        if receiver.get_service_info(kind, info.name, timeout=5000) is None:
            pytest.skip("multicast does not work on this machine's network (zeroconf cannot see its own announcement)")
        sender.unregister_service(info)
    except (OSError, RuntimeError) as err:
        pytest.skip(f"multicast does not work on this machine's network ({err})")
    finally:
        sender.close()
        receiver.close()


def test_the_page_is_found_by_name_with_zeroconfs_own_browser(multicast):
    from zeroconf import AddressResolver, IPVersion, ServiceBrowser, Zeroconf

    own = own_names()
    server, said, done = announced([f"http://{ADDRESS}:8765/"], names=own)
    browser = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        assert done.wait(20)
        assert said == [f"By name, on most phones of this network: http://{own[0]}:8765/phone#join=abc"]
        found = browser.get_service_info(SERVICE, server.info.name, timeout=5000)
        assert found is not None and found.name.startswith("Scorekeeper on ")
        assert (found.parsed_addresses(), found.port, found.server) == ([ADDRESS], 8765, own[0] + ".")
        assert found.properties == {b"path": b"/phone"}
        names: list[str] = []

        class Listener:
            def add_service(self, zc, kind, name):
                names.append(name)

            def remove_service(self, zc, kind, name):
                pass

            def update_service(self, zc, kind, name):
                pass

        listed = ServiceBrowser(browser, SERVICE, Listener())
        for _ in range(50):
            if server.info.name in names:
                break
            threading.Event().wait(0.1)
        listed.cancel()
        assert server.info.name in names  # a list of the network's services shows it
        resolver = AddressResolver(own[0] + ".")
        assert resolver.request(browser, 5000) and resolver.parsed_addresses() == [ADDRESS]  # the name itself
    finally:
        browser.close()
        server.close()


def test_a_failure_to_announce_is_one_line_and_nothing_is_left_running(monkeypatch):
    import zeroconf

    def no_multicast(*args, **kwargs):
        raise OSError("[Errno 19] No such device")

    monkeypatch.setattr(zeroconf, "Zeroconf", no_multicast)
    server, said, done = announced([f"http://{ADDRESS}:8765/"])
    assert done.wait(10)
    assert said == ["The page is not announced on the network by name ([Errno 19] No such device): open it at an "
                    "address above."]
    server.close()
    assert server.info is None and not any(t.name == "announce" for t in threading.enumerate())


def test_a_computer_with_no_address_on_a_network_says_so():
    server, said, done = announced([])
    assert done.wait(10)
    assert said == ["The page is not announced on the network by name (this computer has no address on a "
                    "network): open it at an address above."]
    server.close()


def test_the_server_answers_requests_for_the_announced_name():
    names = served_names("0.0.0.0")
    assert host_served("scorekeeper.local:8765", names) and host_served("SCOREKEEPER.LOCAL.", names)
    assert not host_served("scorekeeper.example:8765", names)


def _serve(store_path, lan: bool):
    args = ["serve", "--db", str(store_path), "--port", "0"] + (["--lan"] if lan else [])
    proc, lines = start(args)
    port = int(next(line for line in lines if "http://127.0.0.1:" in line).split("http://127.0.0.1:")[1].split("/")[0])
    return proc, lines, port


def test_serve_lan_says_the_name_and_serve_without_lan_announces_nothing(store_path):  # noqa: F811
    proc, lines, port = _serve(store_path, lan=True)
    try:
        line = proc.stdout.readline().rstrip("\n")  # said once announced, while the server runs
        assert line.startswith(("By name, on most phones of this network", "The page is not announced on the "
                                                                                "network by name ("))
        if line.startswith("By name"):  # (scorekeeper.local, or the next name free, while another server has it)
            code = next(x for x in lines if "/phone#join=" in x).split("#join=")[1].split()[0]
            assert re.fullmatch(r"By name, on most phones of this network(?: \(scorekeeper\.local is another "
                                rf"server's there\))?: http://scorekeeper(?:-[2-9])?\.local:{port}/phone#join={code}",
                                line), line
        assert request(port, "GET", "/state.json")[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert (proc.returncode, err) == (0, "")
    proc, lines, port = _serve(store_path, lan=False)
    try:
        assert request(port, "GET", "/state.json")[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert (proc.returncode, err) == (0, "") and "by name" not in out


def test_a_second_server_on_the_network_takes_the_next_name_and_says_it(multicast):
    """Two servers (here in one process: two computers, or serve and the app's phone page) do not
    claim one name: the second finds scorekeeper.local answered and takes scorekeeper-2.local."""
    from zeroconf import AddressResolver, IPVersion, Zeroconf

    names = own_names()
    first, said_first, done_first = announced([f"http://{ADDRESS}:8765/"], names=names)
    second = None
    browser = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        assert done_first.wait(20)
        second, said, done = announced(["http://192.0.2.79:8766/"], port=8766, code="xyz", names=names)
        assert done.wait(30)
        assert said_first == [f"By name, on most phones of this network: http://{names[0]}:8765/phone#join=abc"]
        assert said == [f"By name, on most phones of this network ({names[0]} is another server's there): "
                        f"http://{names[1]}:8766/phone#join=xyz"]
        found = browser.get_service_info(SERVICE, second.info.name, timeout=5000)
        assert found is not None and (found.server, found.port) == (names[1] + ".", 8766)
        resolver = AddressResolver(names[1] + ".")
        assert resolver.request(browser, 5000) and resolver.parsed_addresses() == ["192.0.2.79"]
        resolver = AddressResolver(names[0] + ".")
        assert resolver.request(browser, 5000) and resolver.parsed_addresses() == [ADDRESS]  # the first keeps its own
    finally:
        browser.close()
        if second is not None:
            second.close()
        first.close()


def test_a_server_serving_https_is_announced_as_an_https_page(multicast):
    from zeroconf import IPVersion, Zeroconf

    from scorekeeper.web.announce import SECURE_SERVICE

    names = own_names()
    server, said, done = announced([f"https://{ADDRESS}:8765/"], names=names)
    browser = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        assert done.wait(20)
        assert said == [f"By name, on most phones of this network: https://{names[0]}:8765/phone#join=abc"]
        found = browser.get_service_info(SECURE_SERVICE, server.info.name, timeout=5000)
        assert found is not None and found.properties == {b"path": b"/phone"}
    finally:
        browser.close()
        server.close()


def test_every_name_a_server_may_take_is_one_it_answers_to():
    from scorekeeper.web.hosts import ANNOUNCED_NAMES

    names = served_names("0.0.0.0")
    assert ANNOUNCED_NAMES[:2] == ("scorekeeper.local", "scorekeeper-2.local") == (HOST_NAME, "scorekeeper-2.local")
    assert Announcement([], 8765, "abc", print).names == ANNOUNCED_NAMES  # (what serve and the app announce)
    assert all(host_served(f"{name}:8765", names) for name in ANNOUNCED_NAMES)
