"""Whether an event's public form takes registrations now (``signup.selectors``): for one event
and for many in one query, alike at every stage of the event, and the public links follow."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from signup.models import SignupSettings
from signup.selectors import open_registrations, open_signup_links, takes_registrations
from tests.factories import make_event
from tests.tournament.plans import STAGES, event_at

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("stage", STAGES)
def test_only_an_event_in_preparation_takes_registrations(stage):
    event = event_at(stage)
    settings = SignupSettings.objects.create(event=event, is_open=True, capacity=20)
    takes = stage == "preparation"
    assert takes_registrations(event, settings) is takes
    assert open_registrations([event]) == ({event.pk} if takes else set())
    links = open_signup_links([event])
    assert links == ({event.pk: [("Online anmelden", reverse("signup", args=[event.slug]))]}
                     if takes else {})


def test_many_events_in_one_query(django_assert_num_queries):
    now = timezone.now()
    open_ = make_event()
    SignupSettings.objects.create(event=open_, is_open=True)
    until_later = make_event()
    SignupSettings.objects.create(
        event=until_later, is_open=True, closes_at=now + datetime.timedelta(hours=1)
    )
    switched_off = make_event()
    SignupSettings.objects.create(event=switched_off, is_open=False)
    past_its_time = make_event()
    SignupSettings.objects.create(
        event=past_its_time, is_open=True, closes_at=now - datetime.timedelta(minutes=1)
    )
    never_opened = make_event()
    events = [open_, until_later, switched_off, past_its_time, never_opened]
    with django_assert_num_queries(1):
        found = open_registrations(events)
    assert found == {open_.pk, until_later.pk}
    assert found == {
        event.pk for event in events
        if takes_registrations(event, SignupSettings.for_event(event))
    }
