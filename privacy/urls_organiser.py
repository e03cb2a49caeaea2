"""Organiser routes of the privacy app: a club's pages of a person's data, for its admins
(``clubs.access.club_admin_view``); the export is ``no_store``."""

from django.urls import path

from core.web import no_store
from privacy import views

PERSONS = "verein/<slug:club>/datenschutz/personen/"

urlpatterns = [
    path(PERSONS, views.persons, name="privacy-persons"),
    path(
        f"{PERSONS}<int:pk>/daten.json",
        no_store(views.person_export),
        name="privacy-person-export",
    ),
    path(f"{PERSONS}<int:pk>/loeschen/", views.person_delete, name="privacy-person-delete"),
]
