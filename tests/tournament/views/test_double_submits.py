"""Forms that create something, sent twice (``tournament.services.submissions``): registering an
entry, confirming an import and creating a tournament each create once and then answer with
what the first submit created."""

import io
import re

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from tests.factories import make_event
from tournament.models import Event, FormSubmission

pytestmark = pytest.mark.django_db


def token_of(html: str) -> str:
    match = re.search(r'name="form_token" value="([^"]+)"', html)
    assert match, "the form carries a one-time token"
    return match.group(1)


def test_register_form_sent_twice_registers_once(client, organiser):
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    page = client.get(url).content.decode()
    token = token_of(page)
    assert token != token_of(client.get(url).content.decode())  # a new one per page
    data = {"name": "Hans Maier", "club": "CVJM", "form_token": token}
    first = client.post(url, data)
    assert first["Location"] == event.get_absolute_url()
    second = client.post(url, data, follow=True)
    assert second.redirect_chain[-1][0] == event.get_absolute_url()
    assert (
        "Startnummer 1: Hans Maier ist bereits angemeldet; das Formular wurde zweimal "
        "abgeschickt" in second.content.decode()
    )
    assert event.entries.count() == 1
    assert ChangeRecord.objects.filter(event=event).count() == 1
    assert FormSubmission.objects.get(token=token).entry == event.entries.get()


def test_register_and_add_another_sent_twice_returns_to_the_form(client, organiser):
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    data = {"name": "Hans", "another": "1", "form_token": "t" * 43}
    client.post(url, data)
    response = client.post(url, data)
    assert response["Location"] == url
    assert event.entries.count() == 1


def test_form_errors_keep_the_token_and_a_page_without_one_still_registers(client, organiser):
    event = make_event(organiser=organiser)
    url = reverse("entry-create", args=[event.slug])
    response = client.post(url, {"name": "", "form_token": "kept-token"})
    assert 'name="form_token" value="kept-token"' in response.content.decode()
    client.post(url, {"name": "Hans"})  # a page rendered before tokens
    assert event.entries.count() == 1 and not FormSubmission.objects.exists()


def upload(client, event, data: bytes) -> str:
    file = io.BytesIO(data)
    file.name = "liste.csv"
    response = client.post(reverse("import", args=[event.slug]), {"file": file})
    assert response.status_code == 302
    return response["Location"]


def test_import_confirmed_twice_at_once_imports_once(client, organiser):
    """Two tabs (or a double click) confirm the same preview before either has finished: the
    second still finds the list in the session; the preview's key, its one-time token, stops it."""
    event = make_event(organiser=organiser)
    url = upload(client, event, b"Name\nHans\nOtto\n")
    key = url.rstrip("/").rsplit("/", 1)[-1]
    stored = dict(client.session)
    assert client.post(url, {"key": key})["Location"] == event.get_absolute_url()
    session = client.session
    session.update(stored)  # the second request read the session before the first ended
    session.save()
    response = client.post(url, {"key": key, "include": ["2", "3"]}, follow=True)
    assert response.redirect_chain[-1][0] == event.get_absolute_url()
    assert "Diese Liste wurde bereits importiert" in response.content.decode()
    assert event.entries.count() == 2
    assert not any(name.startswith("import:") for name, _value in client.session.items())


def test_the_key_of_another_events_import_is_not_taken_for_this_one(client, organiser):
    event, other = make_event(organiser=organiser), make_event(organiser=organiser)
    url = upload(client, other, b"Name\nHans\n")
    key = url.rstrip("/").rsplit("/", 1)[-1]
    client.post(url, {"key": key})
    response = client.get(reverse("import-preview", args=[event.slug, key]), follow=True)
    assert "nicht mehr verfügbar" in response.content.decode()


@pytest.mark.parametrize("slug", ["", "benefizbinokel-2026"], ids=["made-from-name", "typed"])
def test_create_event_form_sent_twice_creates_once(client, organiser, organisers_club, slug):
    url = reverse("event-create")
    token = token_of(client.get(url).content.decode())
    data = {
        "name": "Benefizbinokel 2026",
        "slug": slug,
        "date": "2026-11-21",
        "venue": "Gemeindehaus",
        "round_count": 3,
        "games_per_round": 12,
        "form_token": token,
    }
    first = client.post(url, data)
    event = Event.objects.get()
    assert first["Location"] == event.get_absolute_url()
    second = client.post(url, data, follow=True)
    assert second.redirect_chain[-1][0] == event.get_absolute_url()
    assert "Das Turnier „Benefizbinokel 2026“ wurde bereits angelegt" in second.content.decode()
    assert Event.objects.count() == 1
    # the edit form carries no token: saving twice is harmless there
    edit = client.get(reverse("event-edit", args=[event.slug])).content.decode()
    assert 'name="form_token"' not in edit
