"""Data steps of the migrations: before roles every account organised every event, so the
roles migration makes each existing event's creator its organiser (by the event's change log as
it was kept then, ``tournament.ChangeLog``); before clubs no event had a club, so every event
goes into the club of its first organiser."""

import datetime
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from clubs.models import Club, ClubMember
from tests.change_log_records import before_the_one_change_log
from tournament.models import Event, EventRole

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


@contextmanager
def before_the_clubs() -> Iterator[Any]:
    """The database migrated back to just before events went into clubs (tournament 0019: the
    club column there, empty), as the models of that state; forward to the end afterwards."""
    executor = MigrationExecutor(connection)
    state = executor.migrate([("tournament", "0019_event_club")])
    try:
        yield state.apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_existing_events_go_into_one_club_per_organiser():
    """Each event goes into the club of its first organiser (the earliest role given), who is
    the club's admin; events without an organiser into a club of their own; every role stays
    the event's; the events and their entries are as before."""
    with before_the_clubs() as old:
        user = old.get_model("auth", "User")
        event, role = old.get_model("tournament", "Event"), old.get_model("tournament", "EventRole")
        anna, bert, cora = (user.objects.create(username=name) for name in ("anna", "bert", "cora"))
        events = {name: event.objects.create(name=name, slug=name, date=datetime.date(2026, 1, day))
                  for day, name in enumerate(("a1", "a2", "b1", "none"), start=1)}
        for name, account, kind in (("a1", anna, "organiser"), ("a1", bert, "organiser"),
                                    ("a2", cora, "desk"), ("a2", anna, "organiser"),
                                    ("b1", bert, "organiser"), ("none", cora, "desk")):
            role.objects.create(event=events[name], user=account, role=kind)
    club_of = dict(Event.objects.values_list("slug", "club__slug"))
    assert club_of == {"a1": "anna", "a2": "anna", "b1": "bert", "none": "verein"}
    assert set(ClubMember.objects.values_list("club__slug", "user__username", "role")) == {
        ("anna", "anna", "admin"), ("bert", "bert", "admin")}
    assert Club.objects.get(slug="verein").members.count() == 0
    assert EventRole.objects.count() == 6  # every role of old stays the event's


@pytest.mark.django_db(transaction=True)
def test_club_short_names_taken_get_a_number():
    with before_the_clubs() as old:
        old.get_model("clubs", "Club").objects.create(name="Anna", slug="anna")
        anna = old.get_model("auth", "User").objects.create(username="anna")
        event = old.get_model("tournament", "Event").objects.create(
            name="e", slug="e", date=datetime.date(2026, 1, 1))
        old.get_model("tournament", "EventRole").objects.create(
            event=event, user=anna, role="organiser")
    assert Event.objects.get(slug="e").club.slug == "anna-2"
