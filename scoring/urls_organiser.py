"""Organiser routes of the scoring app: every view states the role it needs with
``tournament.access`` (``organiser_view`` or ``desk_view``)."""

from django.urls import path

from core.web import no_store
from scoring.views import house_rules, lifecycle, printouts, sheets, standings

SHEET = "turnier/<slug:slug>/zettel/<int:number>/tisch/<int:table>/"

urlpatterns = [
    # score entry
    path("turnier/<slug:slug>/zettel/<int:number>/", sheets.round_sheets, name="round-sheets"),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/schliessen/",
        sheets.round_close,
        name="round-close",
    ),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/bestaetigen/",
        sheets.round_confirm_all,
        name="round-confirm-all",
    ),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/unterschrieben/",
        sheets.round_paper_signed,
        name="round-paper-signed",
    ),
    path("turnier/<slug:slug>/zettel/<int:number>/qr/", no_store(sheets.round_qr), name="round-qr"),
    path(SHEET, no_store(sheets.sheet_edit), name="sheet-edit"),
    path(f"{SHEET}speichern/", no_store(sheets.sheet_edit_save), name="sheet-edit-save"),
    path(f"{SHEET}status/", sheets.sheet_status, name="sheet-status"),
    path(f"{SHEET}version/", no_store(sheets.sheet_edit_check), name="sheet-edit-check"),
    path(f"{SHEET}stand/", no_store(sheets.sheet_edit_state), name="sheet-edit-state"),
    path(f"{SHEET}protokoll/", sheets.sheet_changes, name="sheet-changes"),
    path(f"{SHEET}neuer-link/", sheets.sheet_new_link, name="sheet-new-link"),
    # the house rules
    path("turnier/<slug:slug>/hausregeln/", house_rules.house_rules, name="house-rules"),
    path(
        "turnier/<slug:slug>/hausregeln/verein/",
        house_rules.club_rules_save,
        name="club-rules-save",
    ),
    path(
        "turnier/<slug:slug>/hausregeln/verein/<int:pk>/loeschen/",
        house_rules.club_rules_delete,
        name="club-rules-delete",
    ),
    # standings
    path("turnier/<slug:slug>/rangliste/", standings.standings_page, name="standings"),
    path(
        "turnier/<slug:slug>/rangliste/einstellungen/",
        standings.standings_settings,
        name="standings-settings",
    ),
    path(
        "turnier/<slug:slug>/rangliste/<int:start_number>/",
        standings.standings_entry,
        name="standings-entry",
    ),
    # printouts with the sheets' links
    path(
        "turnier/<slug:slug>/druck/tischkarten/",
        no_store(printouts.sheet_printout),
        {"kind": "cards"},
        name="print-cards",
    ),
    path(
        "turnier/<slug:slug>/druck/spielzettel/",
        no_store(printouts.sheet_printout),
        {"kind": "sheets"},
        name="print-sheets",
    ),
    # the rules sheet for every table (Merkblatt)
    path(
        "turnier/<slug:slug>/druck/merkblatt/",
        printouts.merkblatt_printout,
        name="print-merkblatt",
    ),
    # after the evening: every sheet confirmed
    path("turnier/<slug:slug>/abschliessen/", lifecycle.event_finish, name="event-finish"),
    path("turnier/<slug:slug>/wieder-oeffnen/", lifecycle.event_reopen, name="event-reopen"),
]
