"""Event services: creating an event and changing its settings, logged beside the change."""

import datetime

import pytest
from django.utils import translation

from core.models import ChangeRecord
from tests.factories import make_club, make_entry, make_event, make_user
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
    club = make_club(organiser=user)
    event = create_event(club=club, user=user, **FIELDS)
    assert event.club == club
    change = ChangeRecord.objects.get(event=event)
    assert (change.action, change.user, change.params) == (
        TournamentAction.EVENT_CREATED, user, {"name": "Benefizbinokel Plochingen"}
    )


def test_a_short_name_taken_meanwhile_is_a_form_error():
    make_event(slug="plochingen")
    with pytest.raises(EventError) as error:
        create_event(club=make_club(), **FIELDS)
    assert error.value.field == "slug" and "plochingen" in str(error.value)
    assert Event.objects.count() == 1


def test_update_event_logs_each_change_with_old_and_new_value():
    user = make_user()
    event = create_event(club=make_club(organiser=user), user=user, **FIELDS)
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
    event = create_event(club=make_club(), **FIELDS)
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


def test_an_event_needs_a_club_its_creator_organises():
    user = make_user()
    with pytest.raises(EventError) as error:
        create_event(user=user, **FIELDS)
    assert error.value.field == "club"
    for club in (make_club(), make_club(helper=user)):
        with pytest.raises(EventError) as error:
            create_event(club=club, user=user, **FIELDS)
        assert error.value.field == "club"
    assert not Event.objects.exists() and not ChangeRecord.objects.exists()


def test_a_superuser_creates_an_event_and_its_new_club():
    user = make_user(is_superuser=True)
    event = create_event(new_club="SV Musterdorf", user=user, **FIELDS)
    assert (event.club.name, event.club.slug) == ("SV Musterdorf", "sv-musterdorf")
    assert list(event.club.members.values_list("user__username", "role")) == [("orga", "admin")]
