"""Data steps of the migrations: before roles every account organised every event, so the
roles migration makes each existing event's creator its organiser."""

import importlib

import pytest
from django.apps import apps

from tests.factories import make_event, make_user
from tournament import audit
from tournament.models import ChangeLog, EventRole

pytestmark = pytest.mark.django_db

roles_migration = importlib.import_module("tournament.migrations.0003_event_roles")


def test_each_events_creator_becomes_its_organiser():
    anna, bernd = make_user("anna"), make_user("bernd")
    first, second, scripted = make_event(), make_event(), make_event()
    audit.log(event=first, action=ChangeLog.Action.EVENT_CREATED, user=anna, name="a")
    audit.log(event=first, action=ChangeLog.Action.EVENT_EDITED, user=bernd, changes=[])
    audit.log(event=second, action=ChangeLog.Action.EVENT_CREATED, user=bernd, name="b")
    audit.log(event=scripted, action=ChangeLog.Action.EVENT_CREATED, user=None, name="c")
    roles_migration.creators_organise(apps, None)
    assert set(EventRole.objects.values_list("event", "user__username", "role")) == {
        (first.pk, "anna", "organiser"),
        (second.pk, "bernd", "organiser"),
    }
