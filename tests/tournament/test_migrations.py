"""Data steps of the migrations: before roles every account organised every event, so the
roles migration makes each existing event's creator its organiser (by the event's change log as
it was kept then, ``tournament.ChangeLog``)."""

import datetime
import importlib

import pytest

from tests.change_log_records import before_the_one_change_log

roles_migration = importlib.import_module("tournament.migrations.0003_event_roles")


@pytest.mark.django_db(transaction=True)
def test_each_events_creator_becomes_its_organiser():
    with before_the_one_change_log() as old:
        user, event, change_log = (
            old.get_model("auth", "User"), old.get_model("tournament", "Event"),
            old.get_model("tournament", "ChangeLog"),
        )
        anna, bernd = user.objects.create(username="anna"), user.objects.create(username="bernd")
        first, second, scripted = (
            event.objects.create(name=name, slug=name, date=datetime.date(2026, 11, 21))
            for name in ("a", "b", "c")
        )
        for event_, action, by in ((first, "event_created", anna), (first, "event_edited", bernd),
                                   (second, "event_created", bernd),
                                   (scripted, "event_created", None)):
            change_log.objects.create(event=event_, action=action, user=by, params={})
        roles_migration.creators_organise(old, None)
        assert set(old.get_model("tournament", "EventRole").objects.values_list(
            "event", "user__username", "role")) == {
            (first.pk, "anna", "organiser"),
            (second.pk, "bernd", "organiser"),
        }
