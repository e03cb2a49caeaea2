"""Organiser routes of the online registration; every view states the role it needs with
``tournament.access`` (``organiser_view`` or ``desk_view``)."""

from django.urls import path

from signup import views

urlpatterns = [
    # the registrations with their e-mail addresses, and the poster: organisers and helpers
    path("turnier/<slug:slug>/anmeldungen/", views.registrations, name="signup-list"),
    path("turnier/<slug:slug>/anmeldungen/aushang/", views.signup_poster, name="signup-poster"),
    # the settings, closing early and moving: the organisers
    path(
        "turnier/<slug:slug>/anmeldungen/einstellungen/",
        views.signup_settings,
        name="signup-settings",
    ),
    path("turnier/<slug:slug>/anmeldungen/schliessen/", views.signup_close, name="signup-close"),
    path(
        "turnier/<slug:slug>/anmeldungen/<int:pk>/verschieben/",
        views.signup_move,
        name="signup-move",
    ),
]
