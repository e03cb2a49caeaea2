"""Every route of the site (``tournament.urls`` with each app's ``urls_public`` and
``urls_organiser``): organiser pages send an anonymous visitor to the login page; only the routes
on the public list answer everyone, and that list is exactly what it should be."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.factories import make_entry, make_event
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db


# What anyone may open (the app's urls_public modules), plus Django's login, logout, language.
PUBLIC_APP_ROUTES = {
    "home",
    "seat-lookup",
    "sheet-link",
    "sheet-preview",
    "meld-sum",
    "sheet-worker",
    "public-standings",
    "public-standings-entry",
    "public-standings-csv",
    "projector",
}
PUBLIC_ROUTES = PUBLIC_APP_ROUTES | {"login", "logout", "set_language"}


def routes(resolver: URLResolver | None = None, namespace: str = "") -> list[tuple[str, object]]:
    """(name, view) of every named route outside the Django admin."""
    found: list[tuple[str, object]] = []
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            found.extend(routes(pattern, pattern.namespace or namespace))
        elif isinstance(pattern, URLPattern) and pattern.name:
            found.append((pattern.name, pattern.callback))
    return found


def declared_in(module: str) -> set[str]:
    return {pattern.name for pattern in __import__(module, fromlist=["_"]).urlpatterns}


@pytest.fixture
def event():
    """A seated event with public standings: every public route has something to show."""
    event = make_event(public_standings=True)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    return event


def sample_url(name: str, event) -> str:
    """The route's address with real values where the route has parameters."""
    sheet = event.rounds.get(number=1).tables.get(number=1).sheet
    values = {
        "slug": event.slug,
        "number": 1,
        "table": 1,
        "pk": event.entries.first().pk,
        "start_number": 1,
        "token": sheet.token,
        "key": "abc",
    }
    possibilities = get_resolver().reverse_dict.getlist(name)[0][0]
    params = possibilities[0][1]  # the parameter names of the route's first form
    return reverse(name, kwargs={param: values[param] for param in params})


def test_public_list_is_what_the_public_url_modules_declare():
    assert declared_in("tournament.urls_public") | declared_in("scoring.urls_public") == (
        PUBLIC_APP_ROUTES
    )
    names = {name for name, _view in routes()}
    organiser = declared_in("tournament.urls_organiser") | declared_in("scoring.urls_organiser")
    assert names == PUBLIC_ROUTES | organiser
    assert not organiser & PUBLIC_ROUTES


def test_every_organiser_view_is_wrapped_in_the_organiser_check():
    organiser = declared_in("tournament.urls_organiser") | declared_in("scoring.urls_organiser")
    unwrapped = [
        name for name, view in routes()
        if name in organiser and not getattr(view, "organiser_only", False)
    ]
    assert unwrapped == []
    assert len(organiser) > 30


def test_anonymous_visitors_are_sent_to_the_login_page_everywhere_else(client, event):
    login = reverse("login")
    checked = []
    for name, _view in routes():
        if name in PUBLIC_ROUTES:
            continue
        url = sample_url(name, event)
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302, (name, method.__name__, response.status_code)
            assert response["Location"].startswith(f"{login}?next="), name
        checked.append(name)
    assert len(checked) > 30


def test_public_routes_answer_anonymous_visitors(client, event):
    login = reverse("login")
    for name in PUBLIC_APP_ROUTES:
        response = client.get(sample_url(name, event))
        assert response.status_code in (200, 405), (name, response.status_code)
        assert not response.get("Location", "").startswith(login), name
    assert client.get(reverse("home")).status_code == 200


def test_projector_needs_an_organiser_while_the_standings_are_private(client, event):
    event.public_standings = False
    event.save()
    response = client.get(sample_url("projector", event))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
