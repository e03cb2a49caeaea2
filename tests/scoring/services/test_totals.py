"""Score entry of a sheet kept in round totals (``scoring.services.totals``): stored whole or
not at all, every problem named at its field, stale saves refused, resends recognised, cleared,
handed in and confirmed like a sheet of games; refused in another mode; the model's
constraints; the mode fixed once totals are stored."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from core.audit import describe
from scoring.audit import SheetAction, sheet_params
from scoring.models import RoundTotal, ScoreSheet
from scoring.services import (
    SheetError,
    SheetLocked,
    StaleSheet,
    confirm_handed_in,
    confirm_sheet,
    reopen_sheet,
    save_sheet_rows,
    save_sheet_totals,
    sheet_concerns,
    sheet_totals,
    submit_sheet,
)
from scoring.services.house_rules import RulesError, change_scoring_mode
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table, make_user
from tournament.models import Event
from tournament.selectors.phase import event_phase
from tournament.signals import tables_in_play

pytestmark = pytest.mark.django_db

TOTALS = Event.ScoringMode.TOTALS
EMPTY = ScoreSheet.Status.EMPTY
IN_PROGRESS = ScoreSheet.Status.IN_PROGRESS
SUBMITTED = ScoreSheet.Status.SUBMITTED
CONFIRMED = ScoreSheet.Status.CONFIRMED

# a three-table's round of 12 games (ejl: one game reaches 2000 at most); party 2 lost a game
FIGURES = [(420, None), (860, 0), (-180, 1)]
STORED = {"totals": [420, 860, -180], "lost": [0, 0, 1]}


def _sheet(mode=TOTALS, **fields):
    event = make_event(scoring_mode=mode, **fields)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    return make_sheet(make_table(make_round(event), entries))


def _save(sheet, totals=FIGURES, base_version=0, **extra):
    return save_sheet_totals(sheet=sheet, base_version=base_version, totals=totals, **extra)


def _stored(sheet):
    return sorted(
        RoundTotal.objects.filter(sheet=sheet).values_list("entry__start_number", "total", "lost")
    )


def _records(sheet, action=SheetAction.TOTALS_SAVED):
    return list(sheet.changes.filter(action=action).order_by("id"))


def _fresh(sheet):
    return ScoreSheet.objects.get(pk=sheet.pk)


def test_totals_are_stored_per_party_and_move_the_sheet_like_a_game_save():
    sheet = _sheet()
    result = _save(sheet, device={"agent": "Handy", "address": "10.0.0.7"}, device_id="dev-1")
    assert result.changed and not result.problems
    assert (result.version, result.status, result.totals) == (1, IN_PROGRESS, STORED)
    assert _stored(sheet) == [(1, 420, 0), (2, 860, 0), (3, -180, 1)]
    assert (_fresh(sheet).version, _fresh(sheet).status) == (1, IN_PROGRESS)
    assert sheet_totals(sheet) == STORED
    (record,) = _records(sheet)
    assert record.params["before"] is None and record.user is None
    assert (record.params["version"], record.params["device"]) == (1, "dev-1")
    assert record.params["after"] == {
        **STORED, "parties": [1, 2, 3], "save": "", "agent": "Handy", "address": "10.0.0.7",
    }


def test_the_trail_says_the_totals_in_german():
    sheet = _sheet()
    _save(sheet)
    _save(sheet, totals=[(400, 0), (880, 0), (-180, 1)], base_version=1, user=make_user("desk"))
    first, second = _records(sheet)
    with translation.override("de"):
        assert describe(first.action, sheet_params(first.params)) == (
            "Summen des Durchgangs gespeichert: Nr. 1: 420, 0 verloren · Nr. 2: 860, 0 verloren"
            " · Nr. 3: −180, 1 verloren; vorher: keine Summen des Durchgangs; Gerät: –, Adresse –"
        )
        assert describe(second.action, sheet_params(second.params)) == (
            "Summen des Durchgangs gespeichert: Nr. 1: 400, 0 verloren · Nr. 2: 880, 0 verloren"
            " · Nr. 3: −180, 1 verloren; vorher: Nr. 1: 420, 0 verloren · Nr. 2: 860, 0 "
            "verloren · Nr. 3: −180, 1 verloren"
        )


@pytest.mark.parametrize(
    ("figures", "fields"),
    [
        # not in tens, left empty, more games lost than the round has
        ([(425, 0), (None, 0), (100, 13)], {"p0-total", "p1-total", "p2-lost"}),
        # below zero without a game lost; out of reach of 12 games (12 × 2000)
        ([(-50, 0), (24010, 0), (0, 0)], {"p0-lost", "p1-total"}),
        # the parties lost 13 games together in a round of 12
        ([(0, 7), (0, 6), (0, 0)], {"p1-lost"}),
    ],
)
def test_any_problem_stores_nothing_and_each_is_named_at_its_field(figures, fields):
    sheet = _sheet()
    result = _save(sheet, totals=figures)
    assert set(result.problems_by_field) == fields
    assert not result.changed and result.version == 0 and result.totals is None
    assert _stored(sheet) == [] and _fresh(sheet).version == 0
    assert not sheet.changes.all().exists()


def test_a_stale_save_that_would_change_the_totals_is_refused_with_what_is_stored():
    sheet = _sheet()
    _save(sheet)
    with pytest.raises(StaleSheet) as refused:
        _save(sheet, totals=[(400, 0), (880, 0), (-180, 1)], base_version=0)
    assert refused.value.version == 1 and refused.value.totals == STORED
    assert _stored(sheet) == [(1, 420, 0), (2, 860, 0), (3, -180, 1)]
    # the same figures from an old page change nothing: answered as stored
    same = _save(sheet, base_version=0)
    assert not same.changed and same.version == 1 and len(_records(sheet)) == 1


def test_a_save_sent_again_is_recognised_by_its_id():
    sheet = _sheet()
    first = _save(sheet, save_id="s-1")
    again = _save(sheet, save_id="s-1")
    assert first.version == again.version == 1 and not again.changed
    assert len(_records(sheet)) == 1
    # the device's own last save is no rival: based on the version that save made
    grown = _save(sheet, totals=[(400, 0), (880, 0), (-180, 1)], save_id="s-1")
    assert grown.changed and grown.version == 2
    # another id based on the old version is stale
    with pytest.raises(StaleSheet):
        _save(sheet, totals=FIGURES, save_id="s-2")


def test_clearing_every_figure_removes_the_totals():
    sheet = _sheet()
    _save(sheet)
    result = _save(sheet, totals=[(None, None)] * 3, base_version=1, user=make_user("desk"))
    assert result.changed and (result.version, result.status, result.totals) == (2, EMPTY, None)
    assert _stored(sheet) == [] and _fresh(sheet).status == EMPTY
    cleared = _records(sheet)[-1]
    assert cleared.params["after"] is None
    assert cleared.params["before"] == {**STORED, "parties": [1, 2, 3]}
    assert _save(sheet, totals=None, base_version=2).changed is False


def test_an_event_that_keeps_every_game_refuses_totals_and_stores_nothing():
    sheet = _sheet(mode=Event.ScoringMode.GAMES)
    with pytest.raises(SheetError):
        _save(sheet)
    assert _stored(sheet) == [] and _fresh(sheet).version == 0


def test_a_totals_event_refuses_games():
    sheet = _sheet()
    row = {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0],
           "kind": "played"}
    with pytest.raises(SheetError):
        save_sheet_rows(sheet=sheet, base_version=0, rows={1: row})
    assert not sheet.games.exists()


def test_a_wrong_number_of_parties_is_refused():
    sheet = _sheet()
    with pytest.raises(SheetError):
        _save(sheet, totals=FIGURES[:2])
    assert _stored(sheet) == []


def test_the_mode_cannot_change_once_totals_are_stored():
    sheet = _sheet()
    event = sheet.table.round.event
    assert not event_phase(event).locked
    _save(sheet)
    assert event_phase(event).locked
    with pytest.raises(RulesError):
        change_scoring_mode(event=event, mode=Event.ScoringMode.GAMES)
    assert Event.objects.get(pk=event.pk).scoring_mode == TOTALS


def test_handed_in_with_the_save_only_with_totals():
    sheet = _sheet()
    empty = _save(sheet, totals=None, hand_in=True)
    assert not empty.handed_in and empty.hand_in_refused is not None
    assert _fresh(sheet).status == EMPTY
    result = _save(sheet, hand_in=True)
    assert result.handed_in and (result.version, result.status) == (2, SUBMITTED)
    assert _fresh(sheet).submitted_at is not None
    assert len(_records(sheet, SheetAction.SUBMITTED)) == 1


def test_submit_confirm_and_reopen_a_totals_sheet():
    sheet = _sheet()
    desk = make_user("desk")
    with pytest.raises(SheetError):
        submit_sheet(sheet=sheet)
    _save(sheet)
    assert submit_sheet(sheet=sheet).status == SUBMITTED
    assert confirm_sheet(sheet=sheet, user=desk).status == CONFIRMED
    with pytest.raises(SheetLocked):  # the link no longer changes a confirmed sheet
        _save(sheet, totals=[(400, 0), (880, 0), (-180, 1)], base_version=_fresh(sheet).version)
    assert reopen_sheet(sheet=sheet, user=desk).status == IN_PROGRESS


def test_a_handed_in_totals_sheet_is_confirmed_with_the_round_or_named_as_missing():
    sheet = _sheet()
    _save(sheet, hand_in=True)
    games = sheet.table.round.event.games_per_round
    assert sheet_concerns([_fresh(sheet)], games, totals=True) == {sheet.pk: []}
    assert sheet_concerns([_fresh(sheet)], games)[sheet.pk]  # as games: every game missing
    result = confirm_handed_in(round=sheet.table.round, user=make_user("desk"))
    assert result.confirmed == [1] and _fresh(sheet).status == CONFIRMED
    other = _sheet()
    ScoreSheet.objects.filter(pk=other.pk).update(status=SUBMITTED)
    (concern,) = sheet_concerns([_fresh(other)], games, totals=True)[other.pk]
    assert concern.msgid == "The round totals have not been entered yet."


@pytest.mark.parametrize(
    ("same_entry", "total", "lost"),
    [(True, 100, 0), (False, 105, 0), (False, 100, -1)],
    ids=["second line of one party", "total not in tens", "negative games lost"],
)
def test_the_database_refuses_a_line_the_sheet_cannot_hold(same_entry, total, lost):
    sheet = _sheet()
    first, second = [seat.entry for seat in sheet.table.seats.order_by("position")[:2]]
    RoundTotal.objects.create(sheet=sheet, entry=first, total=-120, lost=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundTotal.objects.create(
            sheet=sheet, entry=first if same_entry else second, total=total, lost=lost
        )


def test_a_table_with_round_totals_holds_results_for_the_plan():
    sheet = _sheet()
    event = sheet.table.round.event
    assert not tables_in_play(event=event)
    _save(sheet)
    assert tables_in_play(event=event) == {sheet.table_id}
