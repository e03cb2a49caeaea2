"""Changing an event's house rules: free before the first game, a rescoring in one step after
it (``scoring.services.house_rules``), and the organiser's page that shows it first; the
event's rules kept as its club's."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from clubs.models import ClubRules
from clubs.services import ClubError
from core.models import ChangeRecord
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.house_rules import rules_of
from scoring.models import PartyScore, ScoreSheet, SheetConfirmation
from scoring.rules import AKS_HEROLDSTATT, BSV_ENNAHOFEN, EJL, RULES, RulesProfile
from scoring.services import house_rules as house_rules_services
from scoring.services import sheets as sheet_services
from scoring.services.house_rules import (
    RulesError,
    change_rules,
    rescoring,
    save_as_club_rules,
)
from scoring.services.sheets import SaveResult, save_sheet_rows
from tests.factories import (
    make_club,
    make_entry,
    make_event,
    make_round,
    make_sheet,
    make_table,
    make_user,
)
from tournament.models import Event

pytestmark = pytest.mark.django_db


def _event_with_sheet(**fields):
    event = make_event(**fields)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event), entries))
    return event, sheet


def _points(sheet):
    return {
        game: sorted(
            PartyScore.objects.filter(game__sheet=sheet, game__number=game).values_list(
                "entry__start_number", "points"
            )
        )
        for game in (1, 2)
    }


def test_rules_change_freely_before_the_first_game():
    event, _sheet = _event_with_sheet()
    result = change_rules(event=event, rules=RULES[AKS_HEROLDSTATT])
    event.refresh_from_db()
    assert rules_of(event) == RULES[AKS_HEROLDSTATT]
    assert result.games == 0 and result.changed_totals == 0
    assert ChangeRecord.objects.filter(event=event, action=ScoringAction.RULES_CHANGED).count() == 1


def test_a_change_rescores_every_stored_game_in_one_step():
    event, sheet = _event_with_sheet()
    # lost 300 (120 + 170 < 300): ejl −600, 50, 100; AKS gives the others 150 on top
    record_game(
        sheet=sheet, number=1, bid=300, declarer=0, melds=[120, 0, 60], tricks=[170, 45, 35]
    )
    # won: the same by both rules
    record_game(
        sheet=sheet, number=2, bid=200, declarer=1, melds=[20, 80, 40], tricks=[70, 130, 50]
    )
    event.refresh_from_db()
    version = ScoreSheet.objects.get(pk=sheet.pk).version
    seat = sheet.table.seats.select_related("entry", "player").get(position=1)
    SheetConfirmation.objects.create(sheet=sheet, position=1, player=seat.player,
                                     start_number=seat.entry.start_number, version=version)
    preview = rescoring(event, RULES[AKS_HEROLDSTATT])
    assert (preview.games, preview.changed_games, preview.changed_totals) == (2, 1, 2)
    # start number → (total now, total by the new rules): 2 and 3 gain 150 each
    assert preview.totals == {2: (50 + 210, 200 + 210), 3: (100 + 90, 250 + 90)}
    assert _points(sheet)[1] == [(1, -600), (2, 50), (3, 100)]  # the preview stored nothing

    change_rules(event=event, rules=RULES[AKS_HEROLDSTATT], seen_version=event.results_version)
    assert _points(sheet) == {1: [(1, -600), (2, 200), (3, 250)], 2: [(1, 90), (2, 210), (3, 90)]}
    assert ScoreSheet.objects.get(pk=sheet.pk).version == version + 1  # open pages reload
    assert not SheetConfirmation.objects.filter(voided_at__isnull=True).exists()
    log = ChangeRecord.objects.get(event=event, action=ScoringAction.RULES_CHANGED)
    assert log.params["games"] == 1 and log.params["totals"] == 2
    assert "lost_half_bid" in log.params["switches"]


def test_a_change_unseen_or_after_a_later_save_is_refused():
    event, sheet = _event_with_sheet()
    record_game(
        sheet=sheet, number=1, bid=300, declarer=0, melds=[120, 0, 60], tricks=[170, 45, 35]
    )
    event.refresh_from_db()
    seen = event.results_version
    with pytest.raises(RulesError):
        change_rules(event=event, rules=RULES[AKS_HEROLDSTATT])  # not looked at
    record_game(
        sheet=sheet, number=2, bid=200, declarer=1, melds=[20, 80, 40], tricks=[70, 130, 50]
    )
    with pytest.raises(RulesError, match="erneut an"):
        change_rules(event=event, rules=RULES[AKS_HEROLDSTATT], seen_version=seen)
    event.refresh_from_db()
    assert rules_of(event) == RULES[EJL]
    assert _points(sheet)[1] == [(1, -600), (2, 50), (3, 100)]


def test_rules_that_cannot_score_a_stored_game_change_nothing():
    event, sheet = _event_with_sheet()
    record_game(
        sheet=sheet,
        number=1,
        bid=150,
        declarer=0,
        melds=[0, 0, 0],
        tricks=[250, 0, 0],
        kind="durch",
    )
    event.refresh_from_db()
    preview = rescoring(event, RULES[AKS_HEROLDSTATT])
    assert len(preview.refused) == 1
    assert "game 1" in preview.refused[0].translated(lambda msgid: msgid)
    with pytest.raises(RulesError, match="lassen sich 1 der"):
        change_rules(event=event, rules=RULES[AKS_HEROLDSTATT], seen_version=event.results_version)
    event.refresh_from_db()
    assert rules_of(event) == RULES[EJL]


def test_unusable_switches_are_refused():
    event, _sheet = _event_with_sheet()
    with pytest.raises(Exception, match="Vielfaches von 10"):
        change_rules(event=event, rules=RulesProfile(min_bid=155))
    event.refresh_from_db()
    assert event.rules == {}


# --- the page ------------------------------------------------------------------------------


def test_the_page_shows_the_rescoring_before_it_saves(organiser, client):
    event, sheet = _event_with_sheet(organiser=organiser)
    record_game(
        sheet=sheet, number=1, bid=300, declarer=0, melds=[120, 0, 60], tricks=[170, 45, 35]
    )
    url = reverse("house-rules", kwargs={"slug": event.slug})
    loaded = client.post(url, {"preset": AKS_HEROLDSTATT, "load_preset": "1"})
    assert loaded.status_code == 200
    form = loaded.context["form"]
    data = {key: value for key, value in form.initial.items() if value not in (None, False)}
    data = {key: str(value) for key, value in data.items()}
    shown = client.post(url, data)
    assert shown.status_code == 200
    assert shown.context["preview"].changed_totals == 2
    assert (
        "2 Gesamtpunktzahlen ändern sich" in shown.content.decode()
        or "2 totals change" in shown.content.decode()
    )
    event.refresh_from_db()
    assert rules_of(event) == RULES[EJL]  # not saved yet

    saved = client.post(
        url, {**data, "confirm": "1", "seen_version": str(shown.context["seen_version"])}
    )
    assert saved.status_code == 302
    event.refresh_from_db()
    assert rules_of(event) == RULES[AKS_HEROLDSTATT]
    assert _points(sheet)[1] == [(1, -600), (2, 200), (3, 250)]


def test_the_page_saves_changed_switches_before_any_game(organiser, client):
    event, _sheet = _event_with_sheet(organiser=organiser)
    url = reverse("house-rules", kwargs={"slug": event.slug})
    initial = client.get(url).context["form"].initial
    data = {key: str(value) for key, value in initial.items() if value not in (None, False, "")}
    data.update(preset=BSV_ENNAHOFEN, durch_open_points="1500", exact_tie_break="on")
    assert client.post(url, data).status_code == 302
    event.refresh_from_db()
    rules = rules_of(event)
    assert rules.name == BSV_ENNAHOFEN and rules.durch_open_points == 1500
    assert rules.exact_tie_break
    bad = client.post(url, {**data, "min_bid": "155"})
    assert bad.status_code == 200 and bad.context["form"].errors["min_bid"]
    assert Event.objects.get(pk=event.pk).rules == rules.as_dict()


# --- a save in flight while the rules change ------------------------------------------------

LOST_300 = {"bid": 300, "declarer": 0, "melds": [120, 0, 60], "tricks": [170, 45, 35],
            "kind": "played"}
"""Lost 300 (120 + 170 < 300): EJL −600, 50, 100; AKS gives the others 150 on top."""


def _as_a_page_loads_it(sheet):
    """The sheet with its table, round and event, as the sheet's page reads it before a save."""
    return ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)


def test_a_save_loaded_before_a_rules_change_is_scored_by_the_new_rules():
    """The page's save read the event before the rules changed; the save, once it holds the
    sheet, scores by the rules stored then."""
    event, sheet = _event_with_sheet()
    page = _as_a_page_loads_it(sheet)
    change_rules(event=event, rules=RULES[AKS_HEROLDSTATT])
    result = save_sheet_rows(sheet=page, base_version=page.version, rows={1: LOST_300})
    assert result.saved == [1]
    assert _points(sheet)[1] == [(1, -600), (2, 200), (3, 250)]
    assert result.games[1]["points"] == [-600, 200, 250]


def _wait_for_a_lock_wait(pids: set[int]) -> None:
    """Wait until one of the given PostgreSQL backends waits for a row lock."""
    with connection.cursor() as cursor:  # autocommit: each query sees the backends now
        for _ in range(20000):
            while not pids:
                pass  # the thread has not connected yet
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s) "
                "AND wait_event_type = 'Lock'",
                [list(pids)],
            )
            if cursor.fetchone()[0]:
                return
    raise AssertionError("no backend ever waited for a lock")


def _run(call, outcome: dict, name: str, pids: set[int]) -> threading.Thread:
    def run():
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                pids.add(cursor.fetchone()[0])
            outcome[name] = call()
        except Exception as error:  # the test inspects it
            outcome[name] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: SQLite lets one writing transaction in at a time",
)


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_save_waiting_for_a_rules_change_scores_by_the_new_rules(monkeypatch):
    """The rules change holds the sheets; the save (its page loaded before) waits for them and
    then scores by the rules just stored (PostgreSQL: two connections, real row locks)."""
    event, sheet = _event_with_sheet()
    page = _as_a_page_loads_it(sheet)
    holding, release = threading.Event(), threading.Event()
    real_rescoring = house_rules_services.rescoring

    def held_rescoring(*args, **kwargs):
        holding.set()
        assert release.wait(20)
        return real_rescoring(*args, **kwargs)

    monkeypatch.setattr(house_rules_services, "rescoring", held_rescoring)
    outcome: dict[str, object] = {}
    pids: set[int] = set()
    change = _run(lambda: change_rules(event=event, rules=RULES[AKS_HEROLDSTATT]),
                  outcome, "change", set())
    assert holding.wait(20)
    save = _run(lambda: save_sheet_rows(sheet=page, base_version=0, rows={1: LOST_300}),
                outcome, "save", pids)
    _wait_for_a_lock_wait(pids)
    release.set()
    change.join(20)
    save.join(20)
    assert not isinstance(outcome["change"], Exception), outcome
    assert isinstance(outcome["save"], SaveResult), outcome
    assert _points(sheet)[1] == [(1, -600), (2, 200), (3, 250)]


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_rules_change_waits_for_a_save_under_way_without_a_deadlock(monkeypatch):
    """The save holds its sheet; the rules change waits for it, then finds a game saved
    meanwhile and asks the organiser to look again. Neither is stopped by a deadlock (the save
    moves the event's results stamp at its end)."""
    event, sheet = _event_with_sheet()
    holding, release = threading.Event(), threading.Event()
    real_write_games = sheet_services.write_games

    def held_write_games(*args, **kwargs):
        holding.set()
        assert release.wait(20)
        return real_write_games(*args, **kwargs)

    monkeypatch.setattr(sheet_services, "write_games", held_write_games)
    outcome: dict[str, object] = {}
    pids: set[int] = set()
    save = _run(lambda: save_sheet_rows(sheet=sheet, base_version=0, rows={1: LOST_300}),
                outcome, "save", set())
    assert holding.wait(20)
    change = _run(lambda: change_rules(event=event, rules=RULES[AKS_HEROLDSTATT]),
                  outcome, "change", pids)
    _wait_for_a_lock_wait(pids)
    release.set()
    save.join(20)
    change.join(20)
    assert isinstance(outcome["save"], SaveResult), outcome
    assert isinstance(outcome["change"], RulesError), outcome
    assert "erneut an" in str(outcome["change"])
    assert rules_of(Event.objects.get(pk=event.pk)) == RULES[EJL]
    assert _points(sheet)[1] == [(1, -600), (2, 50), (3, 100)]


# --- the event's rules kept as its club's ----------------------------------------------------


def test_save_as_club_rules_keeps_what_the_event_is_scored_by():
    organiser, guest = make_user("orga"), make_user("gast")
    club = make_club(organiser=organiser)
    # an event that saved only what differs from its preset: the rules kept are complete
    event = make_event(club=club, organiser=guest, rules={"name": AKS_HEROLDSTATT},
                       games_per_round=14, tie_breaks="exact_points", scoring_mode="points")
    with pytest.raises(ClubError):
        save_as_club_rules(event=event, name="Hausregeln 2027", user=guest)
    saved, replaced = save_as_club_rules(event=event, name="Hausregeln 2027", user=organiser)
    assert replaced is False and ClubRules.objects.get() == saved
    assert saved.rules == RULES[AKS_HEROLDSTATT].as_dict()
    assert (saved.club, saved.games_per_round, saved.tie_breaks, saved.scoring_mode) == (
        club, 14, "exact_points", "points")
