"""``core.middleware``: ``Cache-Control: no-store`` on every route that declares it
(``core.web.no_store``); every route behind a secret link, every export and every page showing
a sheet's link declares it; other pages keep the browser's ordinary caching. A NUL in an
address is a 404, never a 500."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import make_entry, make_event, make_member, make_role
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = make_event(public_standings=True)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    return event


def routes(patterns=None, prefix=""):
    """Every route of the site: (name, pattern as text, view)."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            yield entry.name, prefix + str(entry.pattern), entry.callback


def declared_no_store() -> set[str]:
    return {name for name, _pattern, view in routes() if getattr(view, "no_store", False)}


# The pages that show a sheet's link (its QR code) to the organisers: their address holds no
# secret, their content does.
SHOW_A_SHEET_LINK = {
    "round-qr", "print-cards", "print-sheets", "sheet-edit", "sheet-edit-save",
    "sheet-edit-check", "sheet-edit-state",
}


def test_every_route_with_a_secret_or_an_export_declares_no_store():
    behind_a_secret = {name for name, pattern, _view in routes() if "token>" in pattern}
    exports = {name for name, _pattern, _view in routes()
               if name.endswith(("-xlsx", "-csv", "-export"))}
    assert {"sheet-link", "signup-manage", "account-set-password"} <= behind_a_secret
    assert {"standings-xlsx", "series-csv", "privacy-person-export"} <= exports
    assert behind_a_secret | exports | SHOW_A_SHEET_LINK <= declared_no_store() | {
        "account-set-password"  # Django's own view: never_cache on its dispatch
    }


def no_store(response) -> bool:
    return "no-store" in {part.strip() for part in response.get("Cache-Control", "").split(",")}


def test_answers_nobody_should_keep_are_not_stored(client, organiser, event):
    from series.services import add_event, create_series

    make_role(event, organiser)
    make_member(event.club, organiser, "admin")  # a person's data: the club's admins
    series = create_series(user=organiser, name="Cup", slug="cup")
    add_event(series=series, event=event, user=organiser)
    table = event.rounds.get(number=1).tables.get(number=1)
    token = table.sheet.token
    sheet = [event.slug, 1, table.number]
    requests = {
        "sheet-link-save": ("post", reverse("sheet-link-save", args=[token])),
        "sheet-edit": ("get", reverse("sheet-edit", args=sheet)),
        "sheet-edit-save": ("post", reverse("sheet-edit-save", args=sheet)),
        "sheet-edit-check": ("get", reverse("sheet-edit-check", args=sheet)),
        "sheet-edit-state": ("get", reverse("sheet-edit-state", args=sheet)),
        "sheet-link-check": ("get", reverse("sheet-link-check", args=[token])),
        "sheet-link-state": ("get", reverse("sheet-link-state", args=[token])),
        "print-cards": ("get", reverse("print-cards", args=[event.slug])),
        "print-sheets": ("get", reverse("print-sheets", args=[event.slug])),
        "series-xlsx": ("get", reverse("series-xlsx", args=[series.slug])),
        "series-csv": ("get", reverse("series-csv", args=[series.slug])),
        "sheet-link": ("get", reverse("sheet-link", args=[token])),
        "sheet-preview": ("post", reverse("sheet-preview")),  # 400: no row sent
        "standings-xlsx": ("get", reverse("standings-xlsx", args=[event.slug])),
        "standings-csv": ("get", reverse("standings-csv", args=[event.slug])),
        "public-standings-csv": ("get", reverse("public-standings-csv", args=[event.slug])),
        "round-qr": ("get", reverse("round-qr", args=[event.slug, 1])),
        "event-archive-export": ("get", reverse("event-archive-export", args=[event.slug])),
        "event-archive-import": ("get", reverse("event-archive-import")),
        "privacy-person-export": ("get", reverse(
            "privacy-person-export", args=[event.club.slug, event.entries.first().player_id])),
        "club-sending-keys": ("get", reverse("club-sending-keys", args=[event.club.slug])),
        "event-archives-waiting": ("get", reverse("event-archives-waiting", args=[event.slug])),
        "event-push": ("post", reverse("event-push")),  # 401: no sending key
    }
    assert set(requests) == declared_no_store() - {"sheet-link-confirm", "signup-manage"}
    for name, (method, url) in requests.items():
        response = getattr(client, method)(url)
        saves = {"sheet-preview", "sheet-link-save", "sheet-edit-save"}  # nothing sent: 400
        expected = 400 if name in saves else 401 if name == "event-push" else 200
        assert response.status_code == expected, name
        assert no_store(response), (name, response.get("Cache-Control"))


def test_a_sheet_link_that_leads_nowhere_is_not_stored_either(client):
    response = client.get(reverse("sheet-link", args=["x" * 43]))
    assert response.status_code == 404
    assert no_store(response)


def test_other_pages_are_left_alone(client, event):
    for url in (reverse("home"), reverse("public-standings", args=[event.slug])):
        response = client.get(url)
        assert response.status_code == 200
        assert not no_store(response), url


@pytest.mark.parametrize(
    "url",
    ["/turnier/{slug}/import/%00abc/", "/zettel/%00/", "/turnier/{slug}/?q=%00",
     "/rangliste/{slug}/?durchgang=1%00"],
)
def test_a_nul_in_an_address_is_a_404(client, organiser, event, url):
    make_role(event, organiser)
    response = client.get(url.format(slug=event.slug))
    assert response.status_code == 404
