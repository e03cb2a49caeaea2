"""The event's page tells its organisers when the registrations' personal data is deleted,
and when it was (``{% data_retention %}``, ``templates/signup/_retention.html``)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from signup.services import forget_personal_data
from tests.factories import make_club, make_event, make_user
from tests.signup.retention_data import days_ago, played_event

pytestmark = pytest.mark.django_db

BEFORE = "Persönliche Daten der Anmeldungen (E-Mail-Adressen, Codes, Links) werden am"
AFTER = "Persönliche Daten der Anmeldungen (E-Mail-Adressen, Codes, Links) wurden am"


def test_the_organisers_read_when_the_data_will_be_and_was_deleted(client):
    organiser = make_user("leitung")
    event = played_event(make_club(organiser=organiser, retention_days=30), days_ago(31), "alt")
    client.force_login(organiser)
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert f"{BEFORE} {days_ago(1):%d.%m.%Y} gelöscht." in page
    forget_personal_data(event=event, today=timezone.localdate())
    for name in ("event-detail", "signup-list"):
        page = client.get(reverse(name, args=[event.slug])).content.decode()
        assert f"{AFTER} {timezone.localdate():%d.%m.%Y} gelöscht." in page, name
        assert BEFORE not in page


def test_an_event_without_registrations_says_nothing_and_a_helper_reads_nothing(client):
    organiser, helper = make_user("leitung"), make_user("helfer")
    quiet = make_event(club=make_club(organiser=organiser))
    client.force_login(organiser)
    assert BEFORE not in client.get(reverse("event-detail", args=[quiet.slug])).content.decode()
    event = played_event(make_club(helper=helper), days_ago(3), "helfer")
    client.force_login(helper)
    page = client.get(reverse("event-detail", args=[event.slug]))
    assert page.status_code == 200
    assert BEFORE not in page.content.decode()
