"""Absolute links for phones and paper (``core.links``): PUBLIC_URL or the request's
address, loopback hosts, the laptop's LAN addresses and the hint built from them."""

import socket
from types import SimpleNamespace

import pytest
from django.test import RequestFactory

from core import links
from core.links import LanAddress, LanLink, absolute_url, is_loopback_host, loopback_hint

PATH = "/zettel/abc/"


@pytest.fixture
def no_public_url(settings):
    settings.PUBLIC_URL = ""


def request_at(host: str, path: str = "/turnier/x/druck/tischkarten/?durchgang=1", **extra):
    return RequestFactory().get(path, HTTP_HOST=host, **extra)


def test_public_url_makes_the_link(settings):
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    assert absolute_url(PATH, request_at("127.0.0.1:8000")) == "http://192.168.1.20:8000/zettel/abc/"
    assert absolute_url(PATH, None) == "http://192.168.1.20:8000/zettel/abc/"


def test_without_public_url_the_request_makes_the_link(no_public_url):
    assert absolute_url(PATH, request_at("127.0.0.1:8000")) == "http://127.0.0.1:8000/zettel/abc/"
    secure = request_at("localhost", secure=True)
    assert absolute_url(PATH, secure) == "https://localhost/zettel/abc/"
    assert absolute_url(PATH, None) == PATH


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("LOCALHOST", True),
        ("binokel.localhost", True),
        ("[::1]", True),
        ("::1", True),
        ("192.168.1.20", False),
        ("10.0.0.5", False),
        ("[fd00::2]", False),
        ("binokel.local", False),
        ("localhost.example.org", False),
        ("testserver", False),
    ],
)
def test_loopback_hosts(host, loopback):
    assert is_loopback_host(host) is loopback


def fake_interfaces(monkeypatch, addresses: dict, up: dict) -> None:
    def entry(family, address):
        return SimpleNamespace(family=family, address=address)

    monkeypatch.setattr(
        links.psutil, "net_if_addrs",
        lambda: {name: [entry(*item) for item in items] for name, items in addresses.items()},
    )
    monkeypatch.setattr(
        links.psutil, "net_if_stats",
        lambda: {name: SimpleNamespace(isup=state) for name, state in up.items()},
    )


def test_lan_addresses_are_the_ipv4_addresses_of_interfaces_that_are_up(monkeypatch):
    inet, inet6 = socket.AF_INET, socket.AF_INET6
    fake_interfaces(
        monkeypatch,
        {
            "lo": [(inet, "127.0.0.1"), (inet6, "::1")],
            "wlan0": [(inet, "192.168.1.20"), (inet6, "fe80::1%wlan0"), (inet6, "fd00::20")],
            "eth0": [(inet, "169.254.3.4"), (inet, "10.0.0.9")],
            "eth1": [(inet, "172.16.0.3")],  # down
            "docker0": [(inet, "172.17.0.1")],
        },
        {"lo": True, "wlan0": True, "eth0": True, "eth1": False, "docker0": True},
    )
    assert links.lan_addresses() == [
        LanAddress("172.17.0.1", "docker0"),
        LanAddress("10.0.0.9", "eth0"),
        LanAddress("192.168.1.20", "wlan0"),
    ]


def test_lan_addresses_of_this_machine_exclude_loopback():
    """The real lookup runs (whatever this machine has) and never offers 127.x."""
    for lan in links.lan_addresses():
        assert not lan.address.startswith("127.")
        assert not is_loopback_host(lan.address)


@pytest.fixture
def wifi(monkeypatch):
    monkeypatch.setattr(
        links, "lan_addresses",
        lambda: [LanAddress("192.168.1.20", "wlan0"), LanAddress("10.0.0.9", "eth0")],
    )


def test_hint_on_a_loopback_address_offers_the_same_page_on_the_lan(no_public_url, wifi, settings):
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "192.168.1.20"]
    hint = loopback_hint(request_at("127.0.0.1:8000"))
    assert hint is not None and hint.host == "127.0.0.1:8000"
    assert hint.links == [
        LanLink("http://192.168.1.20:8000/turnier/x/druck/tischkarten/?durchgang=1", "wlan0",
                answers=True),
        LanLink("http://10.0.0.9:8000/turnier/x/druck/tischkarten/?durchgang=1", "eth0",
                answers=False),
    ]


def test_hint_keeps_the_port_the_request_came_in_on(no_public_url, wifi):
    assert loopback_hint(request_at("localhost")).links[0].url.startswith(
        "http://192.168.1.20/turnier/"  # the request's port 80 goes without saying
    )
    request = request_at("localhost", SERVER_PORT="8080")
    assert loopback_hint(request).links[0].url.startswith("http://192.168.1.20:8080/turnier/")
    request = request_at("[::1]:8443", secure=True)
    assert loopback_hint(request).links[0].url.startswith("https://192.168.1.20:8443/turnier/")


def test_no_hint_with_public_url_or_on_a_lan_address(settings, wifi):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.1.20"]
    settings.PUBLIC_URL = ""
    assert loopback_hint(request_at("192.168.1.20:8000")) is None
    assert loopback_hint(None) is None
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    assert loopback_hint(request_at("127.0.0.1:8000")) is None


def test_hint_without_any_lan_address(no_public_url, monkeypatch):
    monkeypatch.setattr(links, "lan_addresses", list)
    hint = loopback_hint(request_at("127.0.0.1:8000"))
    assert hint is not None and hint.links == []
