"""A sheet's records in words (``scoring.audit``, described through ``core.audit``): the same
sentence on the sheet's trail and in the event's change log, in the reader's language."""

import pytest
from django.utils import translation

from core import audit
from scoring.audit import SheetAction, sheet_line, sheet_params
from scoring.services import save_sheet_rows, submit_sheet
from tests.factories import (
    make_entry,
    make_event,
    make_round,
    make_sheet,
    make_table,
    sheet_records,
)

GAME = {"declarer": 12, "bid": 200, "kind": "played", "melds": [80, 20, 0],
        "tricks": [150, 60, 40], "revoked": None, "points": [230, 80, 40]}
BEFORE = {**GAME, "bid": 180, "points": [250, 80, 40]}
SAMPLES = {
    "scoring.sheet.saved": {"game": 4, "before": None, "after": GAME},
    "scoring.sheet.deleted": {"game": 4, "before": GAME, "after": None},
    "scoring.sheet.changed": {"game": 4, "before": BEFORE, "after": GAME},
    "scoring.sheet.submitted": {"game": None, "after": None},
    "scoring.sheet.confirmed": {"game": None, "after": None},
    "scoring.sheet.reopened": {"game": None, "after": None},
    "scoring.sheet.late_refused": {"game": None, "after": {
        "rows": {"3": {"bid": "200"}, "4": {}},
        "reason": "Round %(number)s is closed: the score sheet links no longer work. Please ask "
                  "the organisers.",
        "params": {"number": 2},
    }},
    "scoring.sheet.link_saved": {"game": None, "after": {
        "saved": [1, 2, 3], "deleted": [5], "version": 4, "agent": "Pixel 8",
        "address": "10.0.0.7",
    }},
    "scoring.sheet.link_renewed": {"game": None, "after": None},
    "scoring.sheet.player_confirmed": {"game": None, "after": {"position": 2, "start_number": 15,
                                                 "name": "Otto Walz", "version": 14}},
    "scoring.sheet.signed_on_paper": {"game": None, "after": {"position": 2, "start_number": 15,
                                                "name": "Otto Walz", "version": 14}},
    "scoring.sheet.totals_saved": {
        "game": None,
        "before": None,
        "after": {"totals": [420, -180], "lost": [0, 1], "parties": [3, 8], "save": "s-1",
                  "agent": "Pixel 8", "address": "10.0.0.7"},
    },
}


def test_every_sheet_action_has_a_sample_here():
    assert set(SAMPLES) == set(SheetAction.values)


@pytest.mark.parametrize("action", sorted(SAMPLES))
def test_every_sheet_action_reads_in_german_and_in_english(action):
    german = audit.describe(action, SAMPLES[action])
    with translation.override("en"):
        english = audit.describe(action, SAMPLES[action])
    for text in (german, english):
        assert text and "%(" not in text and "{" not in text
    assert german != english


def test_a_players_confirmation_names_the_player_and_the_version():
    action = "scoring.sheet.player_confirmed"
    assert audit.describe(action, SAMPLES[action]) == (
        "Nr. 15 Otto Walz (Sitzplatz 2) hat die Spiele dieses Spielzettels bestätigt "
        "(Fassung 14)."
    )


def test_a_game_is_described_after_and_before_the_change():
    assert audit.describe("scoring.sheet.saved", SAMPLES["scoring.sheet.saved"]) == (
        "Spiel 4 gespeichert: Alleinspieler 12 · Reizwert 200 · gespielt · Gemeldet 80/20/0 · "
        "Stiche 150/60/40 · Punkte 230/80/40; vorher: kein Spiel (Zeile leer)"
    )
    assert audit.describe("scoring.sheet.deleted", SAMPLES["scoring.sheet.deleted"]).startswith(
        "Spiel 4 gelöscht; vorher: Alleinspieler 12 · Reizwert 200 ·"
    )
    # the trail shows the game before in a column of its own
    without_before = {"game": 4, "after": GAME}
    assert audit.describe("scoring.sheet.saved", without_before) == (
        "Spiel 4 gespeichert: Alleinspieler 12 · Reizwert 200 · gespielt · Gemeldet 80/20/0 · "
        "Stiche 150/60/40 · Punkte 230/80/40"
    )


def test_round_totals_are_described_with_the_device_of_a_link_save():
    assert audit.describe("scoring.sheet.totals_saved", SAMPLES["scoring.sheet.totals_saved"]) == (
        "Summen des Durchgangs gespeichert: Nr. 3: 420, 0 verloren · Nr. 8: −180, 1 verloren; "
        "vorher: keine Summen des Durchgangs; Gerät: Pixel 8, Adresse 10.0.0.7"
    )
    cleared = {"game": None, "after": None,
               "before": SAMPLES["scoring.sheet.totals_saved"]["after"]}
    assert audit.describe("scoring.sheet.totals_saved", cleared) == (
        "Summen des Durchgangs gelöscht; vorher: Nr. 3: 420, 0 verloren · Nr. 8: −180, "
        "1 verloren"
    )


def test_saves_through_the_link_name_the_games_and_the_device():
    assert audit.describe("scoring.sheet.link_saved", SAMPLES["scoring.sheet.link_saved"]) == (
        "Spiele 1–3 gespeichert; Spiel 5 gelöscht; Gerät: Pixel 8, Adresse 10.0.0.7"
    )
    assert audit.describe("scoring.sheet.late_refused", SAMPLES["scoring.sheet.late_refused"]) == (
        "Spiele 3–4 kamen über den Link zu spät und wurden nicht gespeichert. Durchgang 2 ist "
        "abgeschlossen: Die Links zu den Spielzetteln funktionieren nicht mehr. Bitte wenden Sie "
        "sich an die Turnierleitung."
    )


@pytest.mark.django_db
def test_a_line_names_round_table_and_who():
    event = make_event()
    entries = [make_entry(event, number) for number in (1, 2, 3)]
    sheet = make_sheet(make_table(make_round(event, 2), entries, number=7))
    save_sheet_rows(sheet=sheet, base_version=0, rows={
        n: {"bid": 200, "declarer": 0, "melds": [0, 0, 0], "tricks": [200, 50, 0]}
        for n in range(1, 13)
    })
    submit_sheet(sheet=sheet)
    change = sheet_records().get(action=SheetAction.SUBMITTED)
    line = sheet_line(change, sheet.table)
    assert (line.label, line.who) == ("abgegeben", "Schreiber über Link")
    assert line.sentence == "Durchgang 2, Tisch 7: Spielzettel abgegeben."
    assert sheet_params(change.params) == {}
