"""This machine on the room's network: the addresses and names the phones and the TV can
open it at, read from its network interfaces (nothing is sent), and the page addresses to
give them. IPv4 only: `make run` listens on every IPv4 address (0.0.0.0)."""

from __future__ import annotations

import functools
import ipaddress
import socket
from collections.abc import Callable, Iterable, Sequence
from urllib.parse import urlsplit, urlunsplit

import ifaddr

# Home routers hand out 192.168.x.x, then 10.x.x.x; Docker's bridges take 172.17 and up.
LAN_RANGES = [ipaddress.ip_network(block) for block in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]
# Interfaces no phone in the room reaches: containers' and virtual machines' bridges, VPNs.
VIRTUAL_INTERFACES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vboxnet",
    "vmnet",
    "podman",
    "cni",
    "tun",
    "tap",
    "utun",
    "wg",
    "tailscale",
    "zt",
)


def interface_addresses() -> list[tuple[str, str]]:
    """Every IPv4 address of this machine's interfaces, as (interface, address)."""
    return [
        (adapter.nice_name, ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips if isinstance(ip.ip, str)
    ]  # ifaddr gives IPv6 addresses as tuples


def reachable_first(addresses: Iterable[tuple[str, str]]) -> list[str]:
    """The addresses another device could use, the likeliest first: a physical interface's
    before a bridge's or a VPN's, then a home network's range before the others. Loopback
    and link-local addresses are left out."""
    usable = [(name, ipaddress.IPv4Address(address)) for name, address in addresses]
    usable = [
        (name, address)
        for name, address in usable
        if not (address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast)
    ]

    def likelihood(entry):
        name, address = entry
        lan = next((rank for rank, block in enumerate(LAN_RANGES) if address in block), len(LAN_RANGES))
        return name.lower().startswith(VIRTUAL_INTERFACES), lan

    return list(dict.fromkeys(str(address) for _, address in sorted(usable, key=likelihood)))


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices could open it at, the likeliest first."""
    return reachable_first(interface_addresses())


def machine_names() -> list[str]:
    """This machine's host name, and its .local name (which phones and laptops resolve over
    multicast DNS) unless it is one already."""
    name = socket.gethostname().lower().rstrip(".")
    if not name or name == "localhost":
        return []
    return list(dict.fromkeys([name, name.split(".")[0] + ".local"]))


def is_loopback(host: str | None) -> bool:
    """Whether a host name or address means this machine only (localhost, 127.x, ::1, 0.0.0.0)."""
    return is_trustworthy(host) or is_address(host, "is_unspecified")


def is_trustworthy(host: str | None) -> bool:
    """Whether a page at this host name or address over plain HTTP is a secure context to a
    browser: a loopback one (localhost and its subdomains, 127.x, ::1), not 0.0.0.0."""
    host = (host or "").lower().strip("[]")
    return host == "localhost" or host.endswith(".localhost") or is_address(host, "is_loopback")


def is_address(host: str | None, kind: str) -> bool:
    """Whether ``host`` is an IP address of this kind (ipaddress's "is_loopback", ...)."""
    try:
        return getattr(ipaddress.ip_address((host or "").strip("[]")), kind)
    except ValueError:
        return False


# Why a page's address for the room still names this machine only (the phones cannot open it).
NO_NETWORK = "This machine is on no network the phones can reach: connect it to the room's Wi-Fi, then start it again."
LISTENS_HERE_ONLY = (
    "The server listens on this machine only: start it with “make run” to reach it from the phones and the TV."
)


@functools.cache  # a server listens where it was started until it stops: asked once per address and port
def listens_at(address: str, port: int) -> bool:
    """Whether this machine accepts connections at ``address:port``: a server started on
    loopback only (`manage.py runserver`, 127.0.0.1) refuses them at its room addresses.
    The address is one of this machine's own, so the answer is immediate either way."""
    try:
        with socket.create_connection((address, port), timeout=1):
            return True
    except OSError:
        return False


def _port(parts) -> int:
    return parts.port or (443 if parts.scheme == "https" else 80)


def for_the_room(url: str, room_addresses: Sequence[str], listens: Callable[[str, int], bool] = listens_at) -> str:
    """An absolute address as other devices in the room can open it: one this machine was
    asked for by a loopback name is given its first room address instead, on the same port,
    if the server answers there; any other (a LAN address, a real host name) is already
    right. A server listening on loopback only keeps the loopback address: a room address
    would be refused (``unreachable_why`` says so)."""
    parts = urlsplit(url)
    if not room_addresses or not is_loopback(parts.hostname) or not listens(room_addresses[0], _port(parts)):
        return url
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{room_addresses[0]}{port}"))


def unreachable_why(room_url: str, room_addresses: Sequence[str]) -> str:
    """Why an address given to the room (``for_the_room``'s answer) opens on this machine
    only, or "" when the room can open it."""
    host = urlsplit(room_url).hostname
    if not is_loopback(host) or host in room_addresses:
        return ""
    return LISTENS_HERE_ONLY if room_addresses else NO_NETWORK
