"""An event as one file and back (``transfer.archive``, ``transfer.services``): exported,
forgotten and imported it is the event it was, game for game; the laptop's games come back to
the server; a second receive changes nothing; a row changed on both sides is a conflict until
decided."""

import pytest
from django.contrib.auth import get_user_model

from core.models import ChangeRecord
from money.models import Prize
from scoring.demo import record_game
from scoring.models import ScoreSheet
from signup.models import Registration
from tests.factories import make_user
from tests.transfer.events import (
    forget_event,
    played_event,
    results_of,
    row_counts,
    server_and_laptop,
)
from tournament.models import Entry, Event, EventRole, Player
from transfer.archive import build_archive, read_archive
from transfer.models import TransferBase
from transfer.services import CONFLICTS, CREATED, UNCHANGED, UPDATED, receive_archive

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(monkeypatch):
    event = played_event(monkeypatch)
    Registration.objects.create(
        event=event, kind="single", name="Online Anna", email="anna@example.org",
        status="registered", code="ABCDEF", token="anna-link",
        entry=event.entries.order_by("start_number").last(),
    )
    EventRole.objects.create(event=event, user=make_user("gast"), role="desk")
    return event


def test_the_archive_says_what_it_is_and_carries_every_row_of_the_event(event):
    archive = read_archive(build_archive(event=event))
    manifest = archive.manifest
    assert manifest["format"] == "binokel-event" and manifest["format_version"] == 1
    assert archive.event_key.endswith(f":tournament.event:{event.pk}")
    assert archive.club_fields["slug"] == event.club.slug
    rows = archive.rows
    for model, count in {
        "tournament.entry": event.entries.count(),
        "scoring.game": sum(1 for _ in results_of(event)["games"]),
        "signup.registration": 1,
        "tournament.eventrole": event.roles.count(),
        "series.seriesevent": 1,
        "core.changerecord": ChangeRecord.objects.filter(event=event).count(),
    }.items():
        assert len(rows[model]) == count, model
    assert {"money.payment", "money.prize", "money.moneysettings", "tournament.player",
            "scoring.partyscore", "tournament.seat", "series.series"} <= set(rows)
    assert "gast" in {role["user"] for role in rows["tournament.eventrole"].values()}
    entry = next(iter(rows["tournament.entry"].values()))
    assert entry["event"] == archive.event_key and entry["player"] in rows["tournament.player"]


def test_exported_forgotten_and_imported_it_is_the_event_it_was(event):
    before = results_of(event)
    data = build_archive(event=event)
    forget_event(event)
    result = receive_archive(data=data)
    assert result.status == CREATED
    assert results_of(result.event) == before
    assert result.event.slug == "demo" and result.event.club == event.club
    # the players are in the registry of the event's club
    assert {entry.player.registry_club for entry in result.event.entries.all()} == {event.club}
    # exported again from here, every row keeps its key
    again = read_archive(build_archive(event=result.event))
    first = read_archive(data)
    for model, rows in first.rows.items():
        new = set(again.rows[model]) - set(rows)
        assert set(rows) <= set(again.rows[model]), model
        # the one row more: the change log's record of the import
        assert len(new) == (1 if model == "core.changerecord" else 0), model
    assert ChangeRecord.objects.get(event=result.event, action="transfer.imported")


def test_the_laptop_imports_plays_and_the_server_receives_its_games(event):
    server_results = results_of(event)

    def on_laptop(laptop_event):
        assert results_of(laptop_event) == server_results
        # the printed QR codes open the laptop's sheets, the codes check in
        sheet = ScoreSheet.objects.filter(table__round__event=laptop_event,
                                          status="empty").first()
        assert sheet.token in server_results["tokens"]
        assert Registration.objects.get(event=laptop_event).code == "ABCDEF"
        # the evening goes on on the laptop: games of round 2 entered
        for game in range(1, 4):
            record_game(sheet=sheet, number=game, bid=150, declarer=0, melds=[60, 20, 0],
                        tricks=[130, 60, 60] if sheet.table.seat_count == 3 else [130, 120])

    server_event, to_server, laptop_results = server_and_laptop(event, on_laptop)
    assert laptop_results != server_results
    assert results_of(server_event) == server_results
    result = receive_archive(data=to_server)
    assert result.status == UPDATED, result.conflicts
    assert result.counts["scoring.game"]["create"] == 3
    assert results_of(server_event) == laptop_results
    logged = ChangeRecord.objects.filter(event=server_event, action="transfer.received")
    assert logged.count() == 1 and logged.get().params["created"] >= 3
    # the same archive once more: nothing changes, nothing is logged
    counts = row_counts()
    again = receive_archive(data=to_server)
    assert again.status == UNCHANGED and again.counts == {}
    assert row_counts() == counts
    assert results_of(server_event) == laptop_results


def test_an_edit_on_both_sides_is_a_conflict_until_decided(event):
    number = event.entries.order_by("start_number").first().start_number

    def on_laptop(laptop):
        laptop.entries.filter(start_number=number).update(notes="kommt später (Laptop)")
        Event.objects.filter(pk=laptop.pk).update(venue="Turnhalle")  # changed there only

    server, to_server, _laptop = server_and_laptop(event, on_laptop)
    server.entries.filter(start_number=number).update(notes="kommt später (Server)")
    counts = row_counts()
    result = receive_archive(data=to_server)
    assert result.status == CONFLICTS and not result.written
    assert [(c.model, c.field, c.here, c.there) for c in result.conflicts] == [
        ("Teilnehmer", "Notizen", "kommt später (Server)", "kommt später (Laptop)")]
    assert row_counts() == counts  # nothing applied, not even what is no conflict
    assert Event.objects.get(pk=server.pk).venue != "Turnhalle"
    decided = receive_archive(data=to_server, decisions={result.conflicts[0].id: "theirs"})
    assert decided.status == UPDATED
    assert server.entries.get(start_number=number).notes == "kommt später (Laptop)"
    assert Event.objects.get(pk=server.pk).venue == "Turnhalle"


def test_a_row_deleted_on_one_side_and_changed_on_the_other_is_a_conflict(event):
    def on_laptop(laptop):
        Prize.objects.filter(event=laptop).update(goods="Schinken")

    server, to_server, _laptop = server_and_laptop(event, on_laptop)
    prizes = Prize.objects.filter(event=server).count()
    Prize.objects.filter(event=server).delete()
    result = receive_archive(data=to_server)
    assert result.status == CONFLICTS
    assert len(result.conflicts) == prizes and {c.here for c in result.conflicts} == {
        "(gelöscht)"}
    assert not Prize.objects.filter(event=server).exists()
    assert receive_archive(data=to_server, decisions={"*": "theirs"}).status == UPDATED
    assert set(Prize.objects.filter(event=server).values_list("goods", flat=True)) == {
        "Schinken"}


def test_keeping_ours_keeps_the_row_as_it_is_here(event):
    data = build_archive(event=event)
    forget_event(event)
    receive_archive(data=data)
    here = Event.objects.get(slug="demo")
    first = here.entries.order_by("start_number").first()
    Entry.objects.filter(pk=first.pk).update(notes="hier")
    theirs = build_archive(event=here)
    Entry.objects.filter(pk=first.pk).update(notes="dort")
    TransferBase.objects.filter(event=here).delete()  # no base: every difference a conflict
    result = receive_archive(data=theirs)
    assert result.status == CONFLICTS
    kept = receive_archive(data=theirs, decisions={"*": "ours"})
    assert kept.status == UNCHANGED
    assert Entry.objects.get(pk=first.pk).notes == "dort"


def test_an_unknown_account_is_left_out_and_named(event):
    roles = event.roles.count()
    data = build_archive(event=event)
    forget_event(event)
    get_user_model().objects.filter(username="gast").delete()
    result = receive_archive(data=data)
    assert result.status == CREATED
    assert result.dropped_users == ["gast"]
    assert not EventRole.objects.filter(event=result.event, user__username="gast").exists()
    assert EventRole.objects.filter(event=result.event).count() == roles - 1
    # players of the registry: those already here are kept, not made twice
    assert Player.objects.filter(name=result.event.entries.first().player.name).count() == 1
