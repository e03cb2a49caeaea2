"""Pages: public home, organiser pages behind the login, German by default, English on request."""

import pytest
from django.urls import reverse

from tests.factories import make_entry, make_event, make_user

pytestmark = pytest.mark.django_db


def test_home_lists_events_in_german(client):
    make_event(name="Benefizbinokel Plochingen")
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Benefizbinokel Plochingen" in html
    assert '<html lang="de">' in html
    assert "Turniere" in html


def test_home_in_english_when_asked(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert '<html lang="en">' in html and "Tournaments" in html


def test_event_page_requires_login(client):
    event = make_event()
    response = client.get(event.get_absolute_url())
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_login_then_event_page_shows_entries_with_counts(client):
    event = make_event()
    make_entry(event, 1, "Hans Maier")
    make_entry(event, 2, "Anna Rapp", partner="Karl Rapp")
    make_user("orga", "geheim-123")
    response = client.post(
        reverse("login"), {"username": "orga", "password": "geheim-123", "next": "/"}
    )
    assert response.status_code == 302
    html = client.get(event.get_absolute_url()).content.decode()
    assert "Hans Maier" in html and "Karl Rapp" in html
    assert "1 Einzelspieler, 1 Paare" in html


def test_wrong_password_gets_german_message(client):
    make_user("orga", "geheim-123")
    response = client.post(reverse("login"), {"username": "orga", "password": "falsch"})
    assert response.status_code == 200
    assert "Benutzername" in response.content.decode()


@pytest.mark.parametrize(
    "model",
    ["event", "player", "entry", "round", "table", "seat", "changelog", "scoresheet", "game",
     "partyscore", "sheetchange"],
)
def test_admin_lists_every_model(client, model):
    make_user("admin", "geheim-123", is_staff=True, is_superuser=True)
    client.login(username="admin", password="geheim-123")
    scoring_models = {"scoresheet", "game", "partyscore", "sheetchange"}
    app = "scoring" if model in scoring_models else "tournament"
    response = client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert response.status_code == 200


def test_static_css_is_served_by_the_app(client):
    response = client.get("/static/tournament/app.css")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert b"@media print" in body
