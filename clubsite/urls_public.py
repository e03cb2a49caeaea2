"""Public routes of a club's pages: the club's page, the calendar of its evenings, its logo and
its privacy notice."""

from django.urls import path

from clubsite import views

urlpatterns = [
    path("verein/<slug:club>/", views.club_page, name="club-page"),
    path("verein/<slug:club>/termine.ics", views.club_calendar, name="club-calendar"),
    path("verein/<slug:club>/logo/", views.club_logo, name="club-logo"),
    path("verein/<slug:club>/datenschutz/", views.club_privacy, name="club-privacy"),
]
