"""``scorekeeper serve --lan`` announced on the table's network by name (multicast DNS), so that
a phone opens ``http://scorekeeper.local:PORT/phone`` instead of an address, and a phone's or
computer's list of services on the network (Bonjour, Avahi, Android's network service
discovery) shows "Scorekeeper on HOST" (an ``_http._tcp`` service whose ``path`` is /phone;
``_https._tcp`` and https addresses when the server serves https, ``--cert``).

With python-zeroconf (a pure Python implementation of multicast DNS service discovery, on its
own sockets: no system service needed). Announcing takes a second or two (the name is probed
on the network first), so it runs in a thread of its own and the server answers at once at its
addresses; when it is done, one line says the name to open. A network without multicast, or
any other failure to announce, is one line saying so, never a traceback, and the server runs
on. Without ``--lan`` nothing is announced (the server answers on this computer only). The
server answers requests for the name (:func:`~scorekeeper.web.hosts.served_names`).

Two servers on one network (two computers, or ``serve`` and the terminal app's phone page on
one) do not claim one name: before announcing, the name is asked for on the network, and when
another answers for it the next of :data:`~scorekeeper.web.hosts.ANNOUNCED_NAMES` is tried
(scorekeeper-2.local, ...); the line printed says the name this server got. Their services
keep their own names too (zeroconf renames the second "Scorekeeper on HOST (2)").
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from typing import Callable
from urllib.parse import urlsplit

from ..i18n import t
from .hosts import ANNOUNCED, ANNOUNCED_NAMES, is_address

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf

__all__ = ["HOST_NAME", "SERVICE", "Announcement"]

HOST_NAME = ANNOUNCED  # the name a phone opens
SERVICE = "_http._tcp.local."  # the kind of service: a web page
SECURE_SERVICE = "_https._tcp.local."  # ... served with https
ASKING = 1500  # milliseconds a name is asked for on the network before it is taken as free
CLOSE_WAIT = 5.0  # seconds the server waits, when it stops, for an announcement still being made


class Announcement:
    """The server at ``urls`` (its addresses for other devices, as printed) announced by name in
    a thread (:meth:`start`); ``say`` is given the one line that says how it went. :meth:`close`
    withdraws it (at once, when the server stops)."""

    def __init__(self, urls: list[str], port: int, code: str, say: Callable[[str], None],
                 names: tuple[str, ...] | None = None):
        self.port = port
        self.code = code
        self.names = names or ANNOUNCED_NAMES  # the names it may take, in turn
        self.host_name = self.names[0]  # the one it took, once announced
        self.addresses = [urlsplit(u).hostname or "" for u in urls]
        self.scheme = "https" if urls and urls[0].startswith("https:") else "http"
        self._say = say
        self.said: str | None = None  # the line said, once it is (the terminal app's dialog shows it)
        self._lock = threading.Lock()
        self._closed = False
        self._zeroconf: Zeroconf | None = None  # the zeroconf instance, once made (closed by close())
        self.info: ServiceInfo | None = None  # the service announced, once it is
        self._thread = threading.Thread(target=self._run, name="announce", daemon=True)

    def start(self) -> "Announcement":
        self._thread.start()
        return self

    @property
    def url(self) -> str:
        """The page's address by name, with the join code (as the other addresses are printed)."""
        return f"{self.scheme}://{self.host_name}:{self.port}/phone#join={self.code}"

    def _run(self) -> None:
        try:
            self._announce()
        except Exception as exc:  # noqa: BLE001 (zeroconf's own errors, OSError, no multicast: one line)
            self._told(t("web.mdns.failed", error=_reason(exc)))
            self._shut()
            return
        if self.info is not None:
            if self.host_name == self.names[0]:
                self._told(t("web.mdns.named", url=self.url))
            else:
                self._told(t("web.mdns.named_other", url=self.url, name=self.names[0]))

    def _told(self, line: str) -> None:
        self.said = line
        self._say(line)

    def _announce(self) -> None:
        packed = [ipaddress.ip_address(a).packed for a in self.addresses if is_address(a)]
        if not packed:  # (no address on a network: nothing to point the name at)
            raise OSError(t("web.mdns.no_address"))
        from zeroconf import IPVersion, ServiceInfo, Zeroconf  # (only when announcing: it costs ~40 ms)

        version = IPVersion.All if any(len(p) == 16 for p in packed) else IPVersion.V4Only
        zeroconf = Zeroconf(ip_version=version)
        with self._lock:
            if self._closed:  # the server stopped meanwhile
                zeroconf.close()
                return
            self._zeroconf = zeroconf
        name = self._free_name(zeroconf)
        if name is None:
            return  # the server stopped meanwhile
        self.host_name = name
        kind = SECURE_SERVICE if self.scheme == "https" else SERVICE
        instance = f"Scorekeeper on {_machine()}"[:63]
        info = ServiceInfo(kind, f"{instance}.{kind}", port=self.port, addresses=packed,
                           server=self.host_name + ".", properties={"path": "/phone"})
        zeroconf.register_service(info, allow_name_change=True)
        self.info = info

    def _free_name(self, zeroconf: Zeroconf) -> str | None:
        """The first of the names that nothing on the network answers for (OSError when every one
        is taken; None when the server stopped meanwhile)."""
        from zeroconf import AddressResolver

        for name in self.names:
            if self._closed:
                return None
            if not AddressResolver(name + ".").request(zeroconf, ASKING):
                return name
        raise OSError(t("web.mdns.taken", first=self.names[0], last=self.names[-1]))

    def close(self) -> None:
        """Withdraw the announcement (the server stops); waits for one being made, a few seconds at most."""
        with self._lock:
            self._closed = True
        if self._thread.is_alive():
            self._thread.join(CLOSE_WAIT)
        self._shut()

    def _shut(self) -> None:
        with self._lock:
            zeroconf, self._zeroconf = self._zeroconf, None
        if zeroconf is None:
            return
        try:
            if self.info is not None:
                zeroconf.unregister_service(self.info)
            zeroconf.close()
        except Exception:  # noqa: BLE001 (the network went away: nothing left to withdraw)
            pass


def _machine() -> str:
    try:
        return socket.gethostname().split(".")[0] or "this computer"
    except OSError:
        return "this computer"


def _reason(exc: BaseException) -> str:
    """An error as a short reason: its message, else its kind."""
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__
