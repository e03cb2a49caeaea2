"""Changing how an event keeps score (``scoring.services.house_rules.change_scoring_mode``):
free before the first game is stored, refused after it with nothing changed, logged."""

from __future__ import annotations

import pytest

from core.models import ChangeRecord
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.services.house_rules import RulesError, change_scoring_mode
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Event
from tournament.selectors.phase import event_phase

pytestmark = pytest.mark.django_db

GAMES, POINTS, TOTALS = (Event.ScoringMode.GAMES, Event.ScoringMode.POINTS,
                         Event.ScoringMode.TOTALS)


def _event_with_sheet(**fields):
    event = make_event(**fields)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    return event, make_sheet(make_table(make_round(event), entries))


def _stored_mode(event) -> str:
    return Event.objects.values_list("scoring_mode", flat=True).get(pk=event.pk)


def _mode_changes(event):
    return ChangeRecord.objects.filter(event=event, action=ScoringAction.SCORING_MODE_CHANGED)


def test_a_new_event_keeps_every_game():
    assert make_event().scoring_mode == GAMES


@pytest.mark.parametrize("mode", [POINTS, TOTALS])
def test_the_mode_changes_before_the_first_game_and_is_logged(mode):
    event, _sheet = _event_with_sheet()
    assert change_scoring_mode(event=event, mode=mode) is True
    assert event.scoring_mode == mode == _stored_mode(event)
    change = _mode_changes(event).get()
    assert change.params == {"before": GAMES, "after": mode}
    assert change_scoring_mode(event=event, mode=GAMES) is True  # and back, while no game
    assert _stored_mode(event) == GAMES and _mode_changes(event).count() == 2


def test_the_change_log_names_both_modes_in_german():
    event = make_event()
    change_scoring_mode(event=event, mode=TOTALS)
    assert _mode_changes(event).get().description == (
        "Erfassung geändert: „Jedes Spiel“ → „Summen je Durchgang“."
    )


def test_the_same_mode_again_changes_and_logs_nothing():
    event = make_event(scoring_mode=POINTS)
    assert change_scoring_mode(event=event, mode=POINTS) is False
    assert not _mode_changes(event).exists()


def test_a_change_after_a_stored_game_is_refused_and_changes_nothing():
    event, sheet = _event_with_sheet()
    assert not event_phase(event).locked
    record_game(sheet=sheet, number=1, bid=200, declarer=1, melds=[20, 80, 40],
                tricks=[70, 130, 50])
    assert event_phase(event).locked
    with pytest.raises(RulesError) as refused:
        change_scoring_mode(event=event, mode=TOTALS)
    assert refused.value.field == "scoring_mode"
    assert str(refused.value) == (
        "Sie können die Erfassung nur ändern, solange kein Ergebnis gespeichert ist: Die "
        "gespeicherten Ergebnisse wurden als „Jedes Spiel“ erfasst, und die Spielzettel eines "
        "Turniers werden nie halb so und halb anders geführt. Es wurde nichts geändert."
    )
    assert event.scoring_mode == GAMES == _stored_mode(event)
    assert not _mode_changes(event).exists()


def test_another_events_games_do_not_hold_the_mode():
    _other, sheet = _event_with_sheet()
    record_game(sheet=sheet, number=1, bid=200, declarer=1, melds=[20, 80, 40],
                tricks=[70, 130, 50])
    event = make_event()
    assert change_scoring_mode(event=event, mode=POINTS) is True


@pytest.mark.parametrize("mode", ["", "every", "Games"])
def test_an_unknown_mode_is_refused(mode):
    event = make_event()
    with pytest.raises(RulesError, match="Erfassungen") as refused:
        change_scoring_mode(event=event, mode=mode)
    assert refused.value.field == "scoring_mode"
    assert _stored_mode(event) == GAMES and not _mode_changes(event).exists()


def test_a_finished_event_keeps_its_mode():
    event = make_event(status=Event.Status.FINISHED)
    with pytest.raises(RulesError, match="abgeschlossen"):
        change_scoring_mode(event=event, mode=TOTALS)
    assert _stored_mode(event) == GAMES and not _mode_changes(event).exists()
