"""The host names a server answers to: a request whose ``Host`` names something else (DNS
rebinding: another site's name pointed at this computer) is refused (see :mod:`.server`)."""

from __future__ import annotations

import ipaddress
import socket

__all__ = ["ANNOUNCED", "ANNOUNCED_NAMES", "host_served", "is_address", "served_names"]

ANNOUNCED = "scorekeeper.local"  # the name ``serve --lan`` announces on the network (web.announce)
# ... or, when another server on the network has it, the first of these it finds free
ANNOUNCED_NAMES = (ANNOUNCED,) + tuple(f"scorekeeper-{n}.local" for n in range(2, 10))


def _host_name(header: str) -> str:
    """The name in a Host header, without the port and the brackets of an IPv6 address."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    name, colon, port = header.rpartition(":")
    return name if colon and port.isdigit() else header


def is_address(name: str) -> bool:
    """Whether ``name`` is an IP address (v4 or v6), not a name."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_served(header: str, names: frozenset[str]) -> bool:
    """Whether a request with this Host header is for this server (see the module docstring)."""
    name = _host_name(header)
    return is_address(name) or name.rstrip(".") in names


def served_names(host: str) -> frozenset[str]:
    """The host names a board listening on ``host`` answers to (besides any IP address):
    localhost, this computer's name (and its .local name), the names ``serve --lan`` may announce,
    and ``host`` itself."""
    names = {"localhost", *ANNOUNCED_NAMES, host.lower().rstrip(".")}
    try:
        machine = socket.gethostname().lower()
    except OSError:
        machine = ""
    if machine:
        names |= {machine, machine.split(".")[0], machine.split(".")[0] + ".local"}
    return frozenset(n for n in names if n and not is_address(n))
