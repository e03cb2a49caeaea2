"""Organiser routes of the scoring app: every view states the role it needs with
``tournament.web`` (``organiser_view`` or ``desk_view``)."""

from django.urls import path

from scoring.views import results, sheets, standings

SHEET = "turnier/<slug:slug>/zettel/<int:number>/tisch/<int:table>/"

urlpatterns = [
    # score entry
    path("turnier/<slug:slug>/zettel/<int:number>/", sheets.round_sheets, name="round-sheets"),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/schliessen/",
        sheets.round_close,
        name="round-close",
    ),
    path("turnier/<slug:slug>/zettel/<int:number>/qr/", sheets.round_qr, name="round-qr"),
    path(SHEET, sheets.sheet_edit, name="sheet-edit"),
    path(f"{SHEET}speichern/", sheets.sheet_edit_save, name="sheet-edit-save"),
    path(f"{SHEET}status/", sheets.sheet_status, name="sheet-status"),
    path(f"{SHEET}protokoll/", sheets.sheet_changes, name="sheet-changes"),
    path(f"{SHEET}neuer-link/", sheets.sheet_new_link, name="sheet-new-link"),
    # standings and downloads
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
    path(
        "turnier/<slug:slug>/export/rangliste.xlsx",
        standings.standings_xlsx,
        name="standings-xlsx",
    ),
    path(
        "turnier/<slug:slug>/export/rangliste.csv",
        standings.standings_csv_download,
        name="standings-csv",
    ),
    # after the evening
    path("turnier/<slug:slug>/ergebnisliste/", results.results_list, name="results-list"),
    path("turnier/<slug:slug>/pressebericht/", results.press_report, name="press-report"),
]
