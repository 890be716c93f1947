"""Which address the phone server listens on: this machine's address on the home network.

Phones reach the TV over the Wi-Fi, so the server must listen on the LAN address, and
only there: never 0.0.0.0 (every interface, a public one included) and never a public
address. We read the addresses of this machine's own interfaces (no packet is sent to
find them) and keep the private ones; without any, loopback (a laptop on its own still
works with a browser on the same machine).
"""
from __future__ import annotations

import ipaddress
import socket
import struct
import sys

LOOPBACK = "127.0.0.1"
HOME_RANGES = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12",
                                                      "192.168.0.0/16"))
"""The private ranges of RFC 1918: home and office networks. (``ip.is_private`` would
also pass documentation and reserved ranges, which are no LAN.)"""
_SIOCGIFADDR = 0x8915   # Linux: an interface's IPv4 address


def _linux_addresses() -> list[str]:
    """IPv4 addresses of every interface, read with ioctl (Linux only, no packets)."""
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                reply = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, request)
            except OSError:
                continue   # down, or no IPv4 address
            found.append(socket.inet_ntoa(reply[20:24]))
    return found


def _resolver_addresses() -> list[str]:
    """Elsewhere: whatever this machine's own name resolves to."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def interface_addresses() -> list[str]:
    try:
        if sys.platform.startswith("linux"):
            return _linux_addresses()
    except (OSError, ImportError):
        pass
    return _resolver_addresses()


def is_lan(address: str) -> bool:
    """A private-range address a phone on the same Wi-Fi can reach (not loopback, not
    link-local, never public)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and any(ip in net for net in HOME_RANGES)


def _preference(address: str) -> tuple[int, str]:
    """Home routers hand out 192.168.x.x, then 10.x; 172.16-31 is most often a container
    bridge, so it comes last."""
    for rank, prefix in enumerate(("192.168.", "10.", "172.")):
        if address.startswith(prefix):
            return rank, address
    return 9, address


def lan_address(addresses: list[str] | None = None) -> str:
    """The address to listen on: the best private one of this machine's, else loopback."""
    lan = sorted({a for a in (addresses if addresses is not None else interface_addresses())
                  if is_lan(a)}, key=_preference)
    return lan[0] if lan else LOOPBACK


def allowed_host(address: str) -> bool:
    """May the server listen here? Loopback or a private address, nothing else."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and (ip.is_loopback or is_lan(address))
