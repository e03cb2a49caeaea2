"""Public routes of the results app: the public standings as CSV and a player's public page."""

from django.urls import path

from core.web import no_store
from results.views import downloads, players

urlpatterns = [
    path(
        "rangliste/<slug:slug>/rangliste.csv",
        no_store(downloads.public_standings_csv),
        name="public-standings-csv",
    ),
    path("spieler/<int:pk>/oeffentlich/", players.public_player, name="public-player"),
]
