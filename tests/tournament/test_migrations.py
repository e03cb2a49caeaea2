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
from scoring.models import SheetConfirmation
from tests.change_log_records import before_the_one_change_log
from tournament.models import Entry, Event, EventRole, Player, PlayerLink, Seat

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
def migrated_back_to(migration: str) -> Iterator[Any]:
    """The database migrated back to tournament's ``migration``, as the models of that state;
    forward to the end afterwards."""
    executor = MigrationExecutor(connection)
    state = executor.migrate([("tournament", migration)])
    try:
        yield state.apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def before_the_clubs():
    """Just before events went into clubs (tournament 0019: the club column there, empty)."""
    return migrated_back_to("0019_event_club")


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


def before_the_registries():
    """Just before players went into clubs' registries (tournament 0022: the column there,
    empty)."""
    return migrated_back_to("0022_player_registry_club")


@pytest.mark.django_db(transaction=True)
def test_players_go_into_the_registry_of_their_events_club_and_are_split_per_club():
    """Hans played in an event of Ulm and, later, as a partner in one of Blaustein, with a seat
    and a sheet confirmation there: the row stays Ulm's (the earlier event), Blaustein gets a
    copy with that entry, seat and confirmation, and the two rows are linked. Grete played in
    Blaustein's only; Otto in none goes into the first club. Nothing is deleted."""
    with before_the_registries() as old:
        club, event = old.get_model("clubs", "Club"), old.get_model("tournament", "Event")
        player, entry = old.get_model("tournament", "Player"), old.get_model("tournament", "Entry")
        round_, table = old.get_model("tournament", "Round"), old.get_model("tournament", "Table")
        seat, sheet = old.get_model("tournament", "Seat"), old.get_model("scoring", "ScoreSheet")
        confirmation = old.get_model("scoring", "SheetConfirmation")
        ulm = club.objects.create(name="Ulm", slug="ulm")
        blaustein = club.objects.create(name="Blaustein", slug="blaustein")
        autumn = event.objects.create(name="a", slug="a", date=datetime.date(2025, 10, 4),
                                      club=ulm)
        spring = event.objects.create(name="b", slug="b", date=datetime.date(2026, 3, 7),
                                      club=blaustein)
        hans = player.objects.create(name="Hans Maier", club="SV Ulm", category="Senioren",
                                     unlisted=True)
        grete, otto = (player.objects.create(name=name) for name in ("Grete Huber", "Otto Ott"))
        entry.objects.create(event=autumn, start_number=1, player=hans)
        pair = entry.objects.create(event=spring, start_number=1, player=grete, partner=hans)
        at_table = table.objects.create(
            round=round_.objects.create(event=spring, number=1), number=1, kind="pairs")
        seat.objects.create(table=at_table, entry=pair, player=hans, position=1)
        confirmation.objects.create(sheet=sheet.objects.create(table=at_table), player=hans,
                                    position=1, start_number=1, version=1)
        ids = {"hans": hans.pk, "grete": grete.pk, "otto": otto.pk, "ulm": ulm.pk,
               "blaustein": blaustein.pk}
    by_club = {
        (name, registry) for name, registry in
        Player.objects.values_list("name", "registry_club__slug")
    }
    assert by_club == {("Hans Maier", "ulm"), ("Hans Maier", "blaustein"),
                       ("Grete Huber", "blaustein"), ("Otto Ott", "ulm")}
    kept = Player.objects.get(pk=ids["hans"])
    assert kept.registry_club_id == ids["ulm"]
    copy = Player.objects.get(name="Hans Maier", registry_club_id=ids["blaustein"])
    assert (copy.club, copy.category, copy.unlisted) == ("SV Ulm", "Senioren", True)
    assert Entry.objects.get(event__slug="a").player_id == kept.pk
    assert Entry.objects.get(event__slug="b").partner_id == copy.pk
    assert Seat.objects.get().player_id == copy.pk
    assert SheetConfirmation.objects.get().player_id == copy.pk
    assert list(PlayerLink.objects.values_list("first_id", "second_id")) == [(kept.pk, copy.pk)]
    assert Entry.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_players_without_entries_and_no_club_get_a_club_of_their_own():
    with before_the_registries() as old:
        old.get_model("tournament", "Player").objects.create(name="Otto Ott")
    assert Player.objects.get().registry_club.slug == "verein"
