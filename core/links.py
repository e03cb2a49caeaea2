"""Absolute links that leave the laptop: printed on table cards and score sheets, or opened on
the players' phones (a score sheet's link and its QR code, ``scoring.templatetags.sheet_links``).

A link starts with ``PUBLIC_URL`` (``config.settings``), the address the phones reach the
app under, when it is set; otherwise with the address the page itself was opened under. A page
opened at 127.0.0.1 or localhost without ``PUBLIC_URL`` would print links that lead nowhere on a
phone: ``loopback_hint`` tells such pages so, with the laptop's addresses in its networks to
open them under instead (``templates/_public_url_warning.html``).
"""

import ipaddress
import socket
from dataclasses import dataclass

import psutil
from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": "80", "https": "443"}


def absolute_url(path: str, request: HttpRequest | None) -> str:
    """``path`` (starting with /) as an absolute link: under PUBLIC_URL when it is set, else
    under the request's own address; the bare path without either."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    if request is not None:
        return request.build_absolute_uri(path)
    return path


def is_loopback_host(domain: str) -> bool:
    """Whether a host name (without port; IPv6 in brackets or not) is this machine only."""
    domain = domain.strip("[]").rstrip(".").lower()
    if domain == "localhost" or domain.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(domain).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class LanAddress:
    address: str  # an IPv4 address, e.g. "192.168.1.20"
    interface: str  # the network interface that has it, e.g. "wlan0"


def lan_addresses() -> list[LanAddress]:
    """This machine's IPv4 addresses in its networks: interfaces that are up, without loopback
    and link-local (169.254.x.x) addresses, sorted by interface name."""
    stats = psutil.net_if_stats()
    found = []
    for interface, addresses in psutil.net_if_addrs().items():
        if interface in stats and not stats[interface].isup:
            continue
        for address in addresses:
            if address.family != socket.AF_INET:
                continue
            ip = ipaddress.IPv4Address(address.address)
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified:
                continue
            found.append(LanAddress(address.address, interface))
    return sorted(found, key=lambda lan: (lan.interface, ipaddress.IPv4Address(lan.address)))


@dataclass(frozen=True)
class LanLink:
    url: str  # the same page under a LAN address
    interface: str
    answers: bool  # whether ALLOWED_HOSTS lets the app answer to that address


@dataclass(frozen=True)
class LoopbackHint:
    host: str  # the loopback address the page was opened under, e.g. "127.0.0.1:8000"
    links: list[LanLink]


def loopback_hint(request: HttpRequest | None) -> LoopbackHint | None:
    """For a page that prints links: ``None`` when its links will work on a phone (PUBLIC_URL
    is set, or the page was opened under an address other than a loopback one); else the
    loopback host and the same page under each of the laptop's LAN addresses, with the port
    the request came in on."""
    if settings.PUBLIC_URL or request is None:
        return None
    host = request.get_host()
    domain, port = split_domain_port(host)
    if not is_loopback_host(domain or host):
        return None
    scheme = request.scheme
    port = port or str(request.get_port())
    suffix = "" if port == DEFAULT_PORTS.get(scheme) else f":{port}"
    path = request.get_full_path()
    return LoopbackHint(
        host=host,
        links=[
            LanLink(
                url=f"{scheme}://{lan.address}{suffix}{path}",
                interface=lan.interface,
                answers=validate_host(lan.address, settings.ALLOWED_HOSTS),
            )
            for lan in lan_addresses()
        ],
    )
