from django.urls import path

from scoring import views

urlpatterns = [
    # score entry
    path("zettel/<str:token>/", views.sheet_link, name="sheet-link"),
    path("spielzettel/vorschau/", views.sheet_preview, name="sheet-preview"),
    path("turnier/<slug:slug>/zettel/<int:number>/", views.round_sheets, name="round-sheets"),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/schliessen/",
        views.round_close,
        name="round-close",
    ),
    path("turnier/<slug:slug>/zettel/<int:number>/qr/", views.round_qr, name="round-qr"),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/tisch/<int:table>/",
        views.sheet_edit,
        name="sheet-edit",
    ),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/tisch/<int:table>/status/",
        views.sheet_status,
        name="sheet-status",
    ),
    path(
        "turnier/<slug:slug>/zettel/<int:number>/tisch/<int:table>/protokoll/",
        views.sheet_changes,
        name="sheet-changes",
    ),
    # standings, projector and exports
    path("turnier/<slug:slug>/rangliste/", views.standings_page, name="standings"),
    path(
        "turnier/<slug:slug>/rangliste/einstellungen/",
        views.standings_settings,
        name="standings-settings",
    ),
    path(
        "turnier/<slug:slug>/rangliste/<int:start_number>/",
        views.standings_entry,
        name="standings-entry",
    ),
    path("turnier/<slug:slug>/beamer/", views.projector, name="projector"),
    path(
        "turnier/<slug:slug>/export/rangliste.xlsx", views.standings_xlsx, name="standings-xlsx"
    ),
    path(
        "turnier/<slug:slug>/export/rangliste.csv",
        views.standings_csv_download,
        name="standings-csv",
    ),
    path("rangliste/<slug:slug>/", views.public_standings, name="public-standings"),
    path(
        "rangliste/<slug:slug>/<int:start_number>/",
        views.public_standings_entry,
        name="public-standings-entry",
    ),
    path(
        "rangliste/<slug:slug>/rangliste.csv",
        views.public_standings_csv,
        name="public-standings-csv",
    ),
]
