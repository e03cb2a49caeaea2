"""Public routes of the tournament app: anyone may open them (see ``tournament.access``)."""

from django.urls import path

from tournament.views import public

urlpatterns = [
    path("", public.home, name="home"),
    path("turnier/<slug:slug>/mein-platz/", public.seat_lookup, name="seat-lookup"),
]
