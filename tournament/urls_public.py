"""Public routes of the tournament app: anyone may open them (see ``tournament.web``)."""

from django.urls import path

from tournament.views import players, public, series

urlpatterns = [
    path("", public.home, name="home"),
    path("turnier/<slug:slug>/mein-platz/", public.seat_lookup, name="seat-lookup"),
    path("cup/<slug:series>/", series.public_series, name="public-series"),
    path("spieler/<int:pk>/oeffentlich/", players.public_player, name="public-player"),
]
