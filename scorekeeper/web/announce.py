"""``scorekeeper serve --lan`` announced on the table's network by name (multicast DNS), so that
a phone opens ``http://scorekeeper.local:PORT/phone`` instead of an address, and a phone's or
computer's list of services on the network (Bonjour, Avahi, Android's network service
discovery) shows "Scorekeeper on HOST" (an ``_http._tcp`` service whose ``path`` is /phone).

With python-zeroconf (a pure Python implementation of multicast DNS service discovery, on its
own sockets: no system service needed). Announcing takes a second or two (the name is probed
on the network first), so it runs in a thread of its own and the server answers at once at its
addresses; when it is done, one line says the name to open. A network without multicast, or
any other failure to announce, is one line saying so, never a traceback, and the server runs
on. Without ``--lan`` nothing is announced (the server answers on this computer only). The
server answers requests for the name (:func:`~scorekeeper.web.hosts.served_names`).

Two computers announcing on one network both claim the name: each service keeps its own
(zeroconf renames the second "Scorekeeper on HOST (2)"), and a phone opens the addresses.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from typing import Callable
from urllib.parse import urlsplit

from ..i18n import t
from .hosts import ANNOUNCED

TYPE_CHECKING = False  # (docs/startup.md)
if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf

__all__ = ["HOST_NAME", "SERVICE", "Announcement"]

HOST_NAME = ANNOUNCED  # the name a phone opens
SERVICE = "_http._tcp.local."  # the kind of service: a web page
CLOSE_WAIT = 5.0  # seconds the server waits, when it stops, for an announcement still being made


class Announcement:
    """The server at ``urls`` (its addresses for other devices, as printed) announced by name in
    a thread (:meth:`start`); ``say`` is given the one line that says how it went. :meth:`close`
    withdraws it (at once, when the server stops)."""

    def __init__(self, urls: list[str], port: int, code: str, say: Callable[[str], None],
                 host_name: str = HOST_NAME):
        self.port = port
        self.code = code
        self.host_name = host_name
        self.addresses = [urlsplit(u).hostname or "" for u in urls]
        self._say = say
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
        return f"http://{self.host_name}:{self.port}/phone#join={self.code}"

    def _run(self) -> None:
        try:
            self._announce()
        except Exception as exc:  # noqa: BLE001 (zeroconf's own errors, OSError, no multicast: one line)
            self._say(t("web.mdns.failed", error=_reason(exc)))
            self._shut()
            return
        if self.info is not None:
            self._say(t("web.mdns.named", url=self.url))

    def _announce(self) -> None:
        packed = [ipaddress.ip_address(a).packed for a in self.addresses if _is_address(a)]
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
        instance = f"Scorekeeper on {_machine()}"[:63]
        info = ServiceInfo(SERVICE, f"{instance}.{SERVICE}", port=self.port, addresses=packed,
                           server=self.host_name + ".", properties={"path": "/phone"})
        zeroconf.register_service(info, allow_name_change=True)
        self.info = info

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


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _machine() -> str:
    try:
        return socket.gethostname().split(".")[0] or "this computer"
    except OSError:
        return "this computer"


def _reason(exc: BaseException) -> str:
    """An error as a short reason: its message, else its kind."""
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__
