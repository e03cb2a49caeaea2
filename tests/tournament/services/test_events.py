"""Event services: creating an event and changing its settings, logged beside the change."""

import datetime

import pytest
from django.utils import translation

from core.models import ChangeRecord
from tests.factories import make_entry, make_event, make_user
from tournament.audit import TournamentAction
from tournament.models import Event
from tournament.services import EventError, create_event, generate_plan, update_event

pytestmark = pytest.mark.django_db

FIELDS = {
    "name": "Benefizbinokel Plochingen",
    "slug": "plochingen",
    "date": datetime.date(2026, 11, 21),
    "venue": "Gemeindehaus",
    "round_count": 3,
    "games_per_round": 12,
}


def test_create_event_logs_who_created_it():
    user = make_user()
    event = create_event(user=user, **FIELDS)
    change = ChangeRecord.objects.get(event=event)
    assert (change.action, change.user, change.params) == (
        TournamentAction.EVENT_CREATED, user, {"name": "Benefizbinokel Plochingen"}
    )


def test_a_short_name_taken_meanwhile_is_a_form_error():
    make_event(slug="plochingen")
    with pytest.raises(EventError) as error:
        create_event(**FIELDS)
    assert error.value.field == "slug" and "plochingen" in str(error.value)
    assert Event.objects.count() == 1


def test_update_event_logs_each_change_with_old_and_new_value():
    user = make_user()
    event = create_event(user=user, **FIELDS)
    changes = update_event(
        event=event, user=user, **{**FIELDS, "venue": "Festhalle", "round_count": 4}
    )
    assert changes == [["venue", "Gemeindehaus", "Festhalle"], ["round_count", 3, 4]]
    event.refresh_from_db()
    assert (event.venue, event.round_count) == ("Festhalle", 4)
    change = ChangeRecord.objects.get(action=TournamentAction.EVENT_EDITED)
    assert change.description == (
        "Turnier geändert: Ort „Gemeindehaus“ → „Festhalle“; Durchgänge „3“ → „4“."
    )
    with translation.override("en"):
        assert change.description == (
            "Tournament changed: Venue “Gemeindehaus” → “Festhalle”; Rounds “3” → “4”."
        )
    assert update_event(event=event, user=user, **{**FIELDS, "venue": "Festhalle",
                                                   "round_count": 4}) == []
    assert ChangeRecord.objects.filter(action=TournamentAction.EVENT_EDITED).count() == 1


def test_the_plan_fixes_rounds_games_and_short_name():
    event = create_event(**FIELDS)
    for number in range(1, 7):
        make_entry(event, number)
    generate_plan(event=event, seed=1)
    for field, value in (("round_count", 4), ("games_per_round", 8), ("slug", "neu")):
        with pytest.raises(EventError) as error:
            update_event(event=event, **{**FIELDS, field: value})
        assert error.value.field == field
    event.refresh_from_db()
    assert (event.round_count, event.games_per_round, event.slug) == (3, 12, "plochingen")
    assert update_event(event=event, **{**FIELDS, "venue": "Halle"}) == [
        ["venue", "Gemeindehaus", "Halle"]
    ]
