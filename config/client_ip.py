"""The client's address for login throttling (django-axes, ``AXES_CLIENT_IP_CALLABLE``).

The connection's address (``REMOTE_ADDR``) is the client's, unless it is one of the reverse
proxies named in ``TRUSTED_PROXIES``: then ``X-Forwarded-For`` is read from the right (each
proxy appends the address it received the request from) and the first address that is not a
trusted proxy is the client's. A forwarded header from anyone else is ignored, so nobody can
pose as another address, and behind the proxy each client is throttled on its own address:
nobody locks another person out (issue 23, item 10)."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(value: str) -> list[str]:
    """``TRUSTED_PROXIES`` ("10.0.0.2, 172.16.0.0/12"): addresses or networks; refused with a
    message when one is neither."""
    networks = []
    for item in (v.strip() for v in value.split(",")):
        if not item:
            continue
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError as e:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {item!r} is not an IP address or network ({e})"
            ) from e
    return networks


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    networks: list[Network] = [
        ipaddress.ip_network(n) for n in getattr(settings, "TRUSTED_PROXIES", [])
    ]
    return any(address.version == n.version and address in n for n in networks)


def client_ip(request: HttpRequest) -> str | None:
    remote = _address(request.META.get("REMOTE_ADDR", ""))
    if remote is None:
        return None
    if not _trusted(remote):
        return str(remote)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    hops = [h for h in (part.strip() for part in forwarded.split(",")) if h]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:  # a malformed entry: what lies left of it cannot be trusted
            break
        if not _trusted(address):
            return str(address)
    return str(remote)
