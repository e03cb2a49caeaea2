"""Organiser routes of the results app: the downloads, the results list, the press report and a
player's page; every view states the role it needs with ``tournament.access``."""

from django.urls import path

from core.web import no_store
from results.views import downloads, lists, players

urlpatterns = [
    path(
        "turnier/<slug:slug>/export/rangliste.xlsx",
        no_store(downloads.standings_xlsx),
        name="standings-xlsx",
    ),
    path(
        "turnier/<slug:slug>/export/rangliste.csv",
        no_store(downloads.standings_csv_download),
        name="standings-csv",
    ),
    path("turnier/<slug:slug>/ergebnisliste/", lists.results_list, name="results-list"),
    path("turnier/<slug:slug>/pressebericht/", lists.press_report, name="press-report"),
    path("spieler/<int:pk>/", players.player_detail, name="player-detail"),
]
