"""Finishing and reopening an event (``tournament.services.lifecycle``): refused while a sheet is
not confirmed, naming the rounds and tables; finished once every sheet is; reopened for a
correction; and while finished, a sheet save, a registration and a plan change are refused."""

import pytest
from django.utils import translation

from core.audit import describe
from core.models import ChangeRecord
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.models import ScoreSheet
from scoring.services import (
    SheetLocked,
    confirm_sheet,
    reopen_sheet,
    save_sheet_rows,
    update_standings_settings,
)
from scoring.services.finish import FinishRefused, finish_blockers, finish_event, reopen_event
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table, make_user
from tests.scoring.games import WON
from tournament.members import Member
from tournament.models import Event, Round
from tournament.services import (
    EventFinished,
    RegistrationClosed,
    RegistrationError,
    ensure_not_finished,
    register_entry,
    update_entry,
)
from tournament.services.lifecycle import EVENT_FINISHED_MESSAGE

pytestmark = pytest.mark.django_db

CONFIRMED = ScoreSheet.Status.CONFIRMED
SUBMITTED = ScoreSheet.Status.SUBMITTED


@pytest.fixture
def field():
    """Six singles, two rounds of two three-tables, every sheet with one game and confirmed."""
    event = make_event(round_count=2, status=Event.Status.RUNNING)
    e = {n: make_entry(event, n) for n in range(1, 7)}
    sheets = {}
    layout = {1: [(1, 2, 3), (4, 5, 6)], 2: [(1, 5, 6), (4, 2, 3)]}
    for number, tables in layout.items():
        round_ = make_round(event, number)
        for table_number, members in enumerate(tables, start=1):
            sheet = make_sheet(make_table(round_, [e[n] for n in members], table_number))
            record_game(sheet=sheet, number=1, **WON)
            ScoreSheet.objects.filter(pk=sheet.pk).update(status=CONFIRMED)
            sheets[number, table_number] = sheet
    return event, e, sheets


def set_status(sheet, status):
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=status)


def english(error) -> str:
    with translation.override("en"):
        return str(error)


def test_finish_is_refused_naming_the_rounds_and_tables_not_confirmed(field):
    event, _e, sheets = field
    set_status(sheets[1, 2], SUBMITTED)
    set_status(sheets[2, 1], ScoreSheet.Status.IN_PROGRESS)
    set_status(sheets[2, 2], ScoreSheet.Status.EMPTY)
    with pytest.raises(FinishRefused) as refused:
        finish_event(event=event, user=None)
    text = english(refused.value)
    assert "Round 1: the score sheet of table 2 is not confirmed yet." in text
    assert "Round 2: no score sheet is confirmed yet." in text
    assert "table 1" not in text.split("Round 2")[0]  # round 1 table 1 is confirmed
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.finished_at is None
    assert not ChangeRecord.objects.filter(action=ScoringAction.EVENT_FINISHED).exists()


def test_blockers_name_several_tables_of_a_round(field):
    event, _e, sheets = field
    table = make_table(Round.objects.get(event=event, number=2), list(_e.values())[:3], 3)
    make_sheet(table)
    set_status(sheets[2, 1], SUBMITTED)
    with translation.override("en"):
        texts = [str(message) for message in finish_blockers(event)]
    assert texts == ["Round 2: the score sheets of tables 1, 3 are not confirmed yet."]


def test_finish_is_refused_without_a_plan_or_with_a_round_missing():
    event = make_event(round_count=2)
    with translation.override("en"):
        assert [str(m) for m in finish_blockers(event)] == ["There is no seating plan yet."]
    e = [make_entry(event, n) for n in range(1, 4)]
    sheet = make_sheet(make_table(make_round(event, 1), e))
    set_status(sheet, CONFIRMED)
    with translation.override("en"):
        assert [str(m) for m in finish_blockers(event)] == ["Round 2 has no tables."]
    with pytest.raises(FinishRefused):
        finish_event(event=event)


def test_finish_when_every_sheet_is_confirmed(field):
    event, _e, _sheets = field
    user = make_user("chef")
    Round.objects.filter(event=event, number=1).update(closed=True)
    version = Event.objects.get(pk=event.pk).results_version
    assert finish_blockers(event) == []
    finish_event(event=event, user=user)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert event.finished_at is not None
    assert event.results_version > version
    assert list(event.rounds.values_list("closed", flat=True)) == [True, True]
    change = ChangeRecord.objects.get(event=event, action=ScoringAction.EVENT_FINISHED)
    assert change.user == user and change.params == {"closed": [2]}
    with translation.override("en"):
        assert describe(change.action, change.params) == (
            "Tournament finished: every score sheet is confirmed. Rounds closed with it: 2."
        )
    # a repeat (the button pressed twice) changes nothing and logs nothing
    finish_event(event=event, user=user)
    assert ChangeRecord.objects.filter(action=ScoringAction.EVENT_FINISHED).count() == 1


def test_reopen_puts_the_event_back_to_running(field):
    event, _e, _sheets = field
    finish_event(event=event)
    event.refresh_from_db()
    version = event.results_version
    reopen_event(event=event, user=None)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING and event.finished_at is None
    assert event.results_version == version + 1
    reopened = ChangeRecord.objects.filter(event=event, action=ScoringAction.EVENT_REOPENED)
    assert reopened.count() == 1
    reopen_event(event=event)  # not finished: nothing to do
    assert reopened.count() == 1


def organiser_row() -> dict:
    """Game 2 as the sheet page hands it to the service: the first party wins 150."""
    return {"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0],
            "kind": "played"}


def test_a_finished_event_refuses_sheet_saves_and_status_changes(field):
    event, _e, sheets = field
    user = make_user("chef")
    sheet = sheets[1, 1]
    finish_event(event=event, user=user)
    sheet = ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)
    with pytest.raises(SheetLocked) as refused:
        save_sheet_rows(sheet=sheet, base_version=sheet.version, rows={2: organiser_row()},
                        user=user)
    assert refused.value.message.msgid == EVENT_FINISHED_MESSAGE
    with pytest.raises(SheetLocked):
        reopen_sheet(sheet=sheet, user=user)
    with pytest.raises(SheetLocked):
        confirm_sheet(sheet=sheet, user=user)
    assert sheet.games.count() == 1
    sheet.refresh_from_db()
    assert sheet.status == CONFIRMED

    # once reopened, the same save goes through
    reopen_event(event=event, user=user)
    sheet = ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)
    result = save_sheet_rows(
        sheet=sheet, base_version=sheet.version, rows={2: organiser_row()}, user=user
    )
    assert result.saved == [2]


def test_a_finished_event_refuses_registrations_and_entry_changes(field):
    event, e, _sheets = field
    finish_event(event=event)
    event.refresh_from_db()
    with pytest.raises(RegistrationClosed) as refused:
        register_entry(event=event, members=[Member("Spät Kommer")])
    assert refused.value.message.msgid == EVENT_FINISHED_MESSAGE
    with pytest.raises(RegistrationError) as refused:
        update_entry(entry=e[1], user=None, members=[Member("Neuer Name")], start_number=1)
    assert refused.value.message.msgid == EVENT_FINISHED_MESSAGE
    e[1].player.refresh_from_db()
    assert e[1].player.name == "Spieler 1"
    assert event.entries.count() == 6


def test_the_guard_passes_an_event_that_is_not_finished():
    for status in (Event.Status.PREPARATION, Event.Status.RUNNING):
        ensure_not_finished(make_event(status=status))
    with pytest.raises(EventFinished):
        ensure_not_finished(make_event(status=Event.Status.FINISHED))


def test_a_finished_event_keeps_its_tie_breaks_but_may_be_published(field):
    event, _e, _sheets = field
    finish_event(event=event)
    event.refresh_from_db()
    with pytest.raises(EventFinished):
        update_standings_settings(
            event=event, tie_breaks=["best_round"], count_unconfirmed=False,
            public_standings=False,
        )
    update_standings_settings(
        event=event, tie_breaks=[], count_unconfirmed=False, public_standings=True
    )
    event.refresh_from_db()
    assert event.public_standings and event.tie_breaks == ""
