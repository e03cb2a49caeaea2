"""The warning of pages that print links and QR codes (``{% loopback_hint %}`` of
``core.templatetags.public_url`` in ``templates/_public_url_warning.html``): opened at
127.0.0.1 without PUBLIC_URL, each such page says so and offers the laptop's LAN address."""

import re

import pytest
from django.urls import reverse

from core import links
from core.links import LanAddress
from tests.factories import make_entry, make_event
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

LAN = "192.168.1.20"


@pytest.fixture
def event(organiser):
    """An event with its plan, organised by the ``organiser`` whose pages the tests open."""
    event = make_event(organiser=organiser, slug="wendlingen", round_count=1)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    return event


@pytest.fixture(autouse=True)
def laptop(monkeypatch, settings):
    """A laptop in the hall's Wi-Fi, not yet told its public address."""
    monkeypatch.setattr(links, "lan_addresses", lambda: [LanAddress(LAN, "wlan0")])
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", LAN]


PAGES = {
    "table cards": ("print-cards", {}),
    "score sheets": ("print-sheets", {}),
    "links and QR codes": ("round-qr", {"number": 1}),
    "organiser's sheet page": ("sheet-edit", {"number": 1, "table": 1}),
}


def page_path(name: str) -> str:
    url_name, kwargs = PAGES[name]
    return reverse(url_name, kwargs={"slug": "wendlingen", **kwargs})


def warning(html: str) -> str | None:
    found = re.search(r'<div class="([^"]*public-url-warning[^"]*)".*?</div>', html, re.S)
    return found and found.group(0)


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_warning_on_a_loopback_address_offers_the_lan_address(client, organiser, event, name,
                                                              host):
    path = page_path(name) + ("?durchgang=1" if name == "table cards" else "")
    response = client.get(path, HTTP_HOST=host)
    assert response.status_code == 200
    shown = warning(response.content.decode())
    assert shown, f"no warning on the {name} at {host}"
    assert "no-print" in re.search(r'class="([^"]*)"', shown).group(1)  # never on paper
    assert 'role="alert"' in shown
    assert host in shown
    lan_page = f"http://{LAN}:8000{path}"
    assert f'<a href="{lan_page}">{lan_page}</a> (wlan0)' in shown
    assert "lan-not-served" not in shown  # ALLOWED_HOSTS has the address


def assert_links_under_lan(name: str, html: str) -> None:
    """The page's codes are there, and its written links (where it has any) are under LAN."""
    assert 'class="qr-code"' in html
    if name in {"links and QR codes", "organiser's sheet page"}:
        assert f"http://{LAN}:8000/zettel/" in html


@pytest.mark.parametrize("name", PAGES)
def test_no_warning_with_public_url(client, organiser, event, settings, name):
    settings.PUBLIC_URL = f"http://{LAN}:8000"
    html = client.get(page_path(name), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert warning(html) is None
    assert_links_under_lan(name, html)


@pytest.mark.parametrize("name", PAGES)
def test_no_warning_on_a_lan_address(client, organiser, event, name):
    html = client.get(page_path(name), HTTP_HOST=f"{LAN}:8000").content.decode()
    assert warning(html) is None
    assert_links_under_lan(name, html)


def test_warning_says_when_the_app_does_not_answer_to_the_lan_address(
    client, organiser, event, settings
):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    shown = warning(client.get(page_path("table cards"), HTTP_HOST="127.0.0.1:8000")
                    .content.decode())
    item = re.search(r"<li>(.*?)</li>", shown, re.S).group(1)
    assert f'<a href="http://{LAN}:8000/' in item
    assert '<span class="lan-not-served">' in item


def test_warning_without_a_network(client, organiser, event, monkeypatch):
    monkeypatch.setattr(links, "lan_addresses", list)
    shown = warning(client.get(page_path("score sheets"), HTTP_HOST="127.0.0.1:8000")
                    .content.decode())
    assert shown and "<a href=" not in shown and "<ul" not in shown


def test_other_printouts_carry_no_links_and_no_warning(client, organiser, event):
    for url_name in ("print-plan", "print-numbers", "print-names", "print-slips"):
        html = client.get(reverse(url_name, args=["wendlingen"]), HTTP_HOST="127.0.0.1:8000")
        html = html.content.decode()
        assert "/zettel/" not in html and warning(html) is None, url_name
