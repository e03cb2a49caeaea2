"""Organiser routes of the clubs: every view states the role it needs (``clubs.access``:
``club_admin_view``, ``superuser_view``; ``core.web.account_view`` for the list of one's
clubs)."""

from django.urls import path

from clubs import views

CLUB = "verein/<slug:club>/verwaltung/"

urlpatterns = [
    path("vereine/", views.club_list, name="club-list"),
    path("vereine/neu/", views.club_create, name="club-create"),
    path(CLUB, views.club_settings, name="club-settings"),
    path(f"{CLUB}logo/", views.club_logo_upload, name="club-logo-upload"),
    path(f"{CLUB}mitglieder/", views.club_members, name="club-members"),
    path(f"{CLUB}schluessel/", views.club_sending_keys, name="club-sending-keys"),
    path(
        f"{CLUB}schluessel/<int:pk>/widerrufen/", views.club_sending_key_revoke,
        name="club-sending-key-revoke",
    ),
    path(
        f"{CLUB}mitglieder/<int:pk>/entfernen/", views.club_member_remove,
        name="club-member-remove",
    ),
]
