"""The event's scoring mode on the organisers' house-rules page (shown, changed until the first
game is stored, refused after it), on the printed rules sheet (Merkblatt) and on the public
rules page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from core.models import ChangeRecord
from scoring.audit import ScoringAction
from scoring.demo import record_game
from scoring.services import save_sheet_points
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.house_rules import OFFERED_MODES, SCORING_MODES
from tournament.models import Event

pytestmark = pytest.mark.django_db

TOTALS = Event.ScoringMode.TOTALS
REFUSED = "Sie können die Erfassung nur ändern, solange kein Ergebnis gespeichert ist"
MODE_LINES = {
    Event.ScoringMode.GAMES: "Auf dem Spielzettel steht jedes Spiel vollständig",
    Event.ScoringMode.POINTS: "Auf dem Spielzettel stehen die Punkte jeder Partei in jedem Spiel",
    TOTALS: "Auf dem Spielzettel stehen die Summe jeder Partei im Durchgang",
}


def _event_with_sheet(**fields):
    event = make_event(**fields)
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    return event, make_sheet(make_table(make_round(event), entries))


def _url(event) -> str:
    return reverse("house-rules", kwargs={"slug": event.slug})


def html_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_offers_the_modes_with_a_sheet_until_the_first_game(organiser, client):
    """The modes offered (``OFFERED_MODES``) can be chosen while no game is stored; a mode not
    offered is refused and nothing changes."""
    event, sheet = _event_with_sheet(organiser=organiser)
    page = html_of(client.get(_url(event)))
    assert "Erfasst wird: <strong>Jedes Spiel</strong>." in page
    assert 'name="change_scoring_mode"' in page
    assert '<option value="points">Punkte je Spiel</option>' in page
    assert '<option value="totals">Summen je Durchgang</option>' in page
    for mode in [*(m for m in SCORING_MODES if m not in OFFERED_MODES), "alles"]:
        refused = html_of(client.post(_url(event), {"scoring_mode": mode,
                                                    "change_scoring_mode": "1"}))
        assert f"{mode} ist keine gültige Auswahl" in refused
    assert Event.objects.get(pk=event.pk).scoring_mode == Event.ScoringMode.GAMES
    assert not ChangeRecord.objects.filter(
        event=event, action=ScoringAction.SCORING_MODE_CHANGED).exists()
    saved = client.post(_url(event), {"scoring_mode": "points", "change_scoring_mode": "1"})
    assert saved.status_code == 302
    assert "Erfassung gespeichert: Punkte je Spiel." in html_of(client.get(_url(event)))
    save_sheet_points(sheet=sheet, base_version=0,
                      rows={1: {"points": [200, 0, 0], "declarer": 0}})
    page = html_of(client.get(_url(event)))
    assert 'name="change_scoring_mode"' not in page


def test_an_event_in_another_mode_changes_back_to_every_game_before_the_first_game(
        organiser, client):
    event, _sheet = _event_with_sheet(organiser=organiser, scoring_mode=TOTALS)
    page = html_of(client.get(_url(event)))
    assert "Erfasst wird: <strong>Summen je Durchgang</strong>." in page
    assert "Die Erfassung lässt sich ändern, bis das erste Spiel gespeichert ist." in page
    assert 'name="change_scoring_mode"' in page
    assert "Jedes Spiel: Reizwert, Meldungen und Stiche jedes Spiels" in page  # the help
    saved = client.post(_url(event), {"scoring_mode": "games", "change_scoring_mode": "1"})
    assert saved.status_code == 302
    event.refresh_from_db()
    assert event.scoring_mode == Event.ScoringMode.GAMES
    change = ChangeRecord.objects.get(event=event, action=ScoringAction.SCORING_MODE_CHANGED)
    assert change.user == organiser
    shown = html_of(client.get(_url(event)))
    assert "Erfassung gespeichert: Jedes Spiel." in shown
    assert "Erfasst wird: <strong>Jedes Spiel</strong>." in shown


def test_after_the_first_game_the_page_refuses_a_change(organiser, client):
    event, sheet = _event_with_sheet(organiser=organiser, scoring_mode=TOTALS)
    page = html_of(client.get(_url(event)))  # opened before the game was stored
    assert 'name="change_scoring_mode"' in page
    record_game(sheet=sheet, number=1, bid=200, declarer=1, melds=[20, 80, 40],
                tricks=[70, 130, 50])
    refused = client.post(_url(event), {"scoring_mode": "games", "change_scoring_mode": "1"})
    page = html_of(refused)
    assert REFUSED in page and "„Summen je Durchgang“" in page
    assert "Es sind schon Spiele gespeichert: die Erfassung lässt sich nicht mehr ändern." in page
    assert 'name="change_scoring_mode"' not in page
    assert Event.objects.get(pk=event.pk).scoring_mode == TOTALS
    assert not ChangeRecord.objects.filter(
        event=event, action=ScoringAction.SCORING_MODE_CHANGED).exists()


def test_an_unknown_mode_is_a_form_error(organiser, client):
    event = make_event(organiser=organiser)
    page = html_of(client.post(_url(event), {"scoring_mode": "alles",
                                             "change_scoring_mode": "1"}))
    assert "alles ist keine gültige Auswahl" in page
    assert Event.objects.get(pk=event.pk).scoring_mode == Event.ScoringMode.GAMES


def test_the_page_in_english(organiser, client):
    event = make_event(organiser=organiser, scoring_mode=Event.ScoringMode.POINTS)
    page = html_of(client.get(_url(event), headers={"accept-language": "en"}))
    assert "This tournament keeps score as: <strong>Points per game</strong>." in page


@pytest.mark.parametrize("mode", list(MODE_LINES))
def test_the_rules_sheet_and_the_rules_page_name_the_mode(client, mode, organiser):
    event = make_event(organiser=organiser, scoring_mode=mode)
    sheet = html_of(client.get(reverse("print-merkblatt", kwargs={"slug": event.slug})))
    client.logout()  # the rules page is public
    public = html_of(client.get(reverse("event-rules", kwargs={"slug": event.slug})))
    for page in (sheet, public):
        assert MODE_LINES[mode] in page
        assert not any(line in page for other, line in MODE_LINES.items() if other != mode)
