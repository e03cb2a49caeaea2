"""Organiser routes of the tournament app: every view states the role it needs with
``tournament.access`` (``organiser_view``, ``desk_view``, or ``account_view`` for creating an
event)."""

from django.urls import path

from core.limits import MAX_IMPORT_REQUEST_BYTES
from core.web import takes_body
from tournament.imports import file_too_large
from tournament.views import entries, events, plan, players, printouts, registry, roles

PRINTOUT_PATHS = {
    "plan": ("sitzplan", "print-plan"),
    "numbers": ("startnummern", "print-numbers"),
    "names": ("namen", "print-names"),
    "slips": ("laufzettel", "print-slips"),
}

urlpatterns = [
    path("neues-turnier/", events.event_create, name="event-create"),
    path("turnier/<slug:slug>/", events.event_detail, name="event-detail"),
    path("turnier/<slug:slug>/bearbeiten/", events.event_edit, name="event-edit"),
    path("turnier/<slug:slug>/wie-letztes-mal/", events.event_copy, name="event-copy"),
    path("turnier/<slug:slug>/protokoll/", events.change_log, name="change-log"),
    path("turnier/<slug:slug>/rollen/", roles.event_roles, name="event-roles"),
    path(
        "turnier/<slug:slug>/rollen/<int:pk>/entfernen/",
        roles.event_role_remove,
        name="event-role-remove",
    ),
    # registration
    path("turnier/<slug:slug>/teilnehmer/neu/", entries.entry_create, name="entry-create"),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/", entries.entry_edit, name="entry-edit"
    ),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/abmelden/",
        entries.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/wieder-anmelden/",
        entries.entry_reinstate,
        name="entry-reinstate",
    ),
    path(
        "turnier/<slug:slug>/spieler/suche/", players.player_search, name="player-search"
    ),
    path(
        "turnier/<slug:slug>/import/",
        takes_body(MAX_IMPORT_REQUEST_BYTES, too_large=lambda: str(file_too_large()))(
            entries.import_upload
        ),
        name="import",
    ),
    path(
        "turnier/<slug:slug>/import/beispiel.csv",
        entries.import_example,
        name="import-example",
    ),
    path(
        "turnier/<slug:slug>/import/<str:key>/",
        entries.import_preview,
        name="import-preview",
    ),
    # a club's registry of players (its organisers')
    path("verein/<slug:club>/spieler/", registry.club_players, name="club-players"),
    path(
        "verein/<slug:club>/spieler/<int:pk>/", registry.club_player_edit,
        name="club-player-edit",
    ),
    # the player registry across the account's clubs and events
    path("spieler/doppelte/", players.player_duplicates, name="player-duplicates"),
    path(
        "spieler/<int:pk>/zusammenfuehren/", players.player_merge, name="player-merge"
    ),
    # seating plan
    path("turnier/<slug:slug>/sitzplan/", plan.plan_page, name="plan"),
    path("turnier/<slug:slug>/sitzplan/erstellen/", plan.plan_generate, name="plan-generate"),
    path("turnier/<slug:slug>/sitzplan/verwerfen/", plan.plan_discard, name="plan-discard"),
    path("turnier/<slug:slug>/sitzplan/tauschen/", plan.plan_swap, name="plan-swap"),
    path("turnier/<slug:slug>/sitzplan/ersetzen/", plan.plan_replace, name="plan-replace"),
    path("turnier/<slug:slug>/sitzplan/neu-planen/", plan.plan_replan, name="plan-replan"),
    path("turnier/<slug:slug>/sitzplan/fester-tisch/", plan.plan_fixed_table, name="plan-fixed"),
    path(
        "turnier/<slug:slug>/sitzplan/durchgang/<int:number>/freigabe/",
        plan.plan_release,
        name="plan-release",
    ),
    path(
        "turnier/<slug:slug>/sitzplan/durchgang/<int:number>/dauer/",
        plan.plan_round_length,
        name="plan-round-length",
    ),
    # printouts
    *(
        path(
            f"turnier/<slug:slug>/druck/{segment}/",
            printouts.plan_printout,
            {"kind": kind},
            name=name,
        )
        for kind, (segment, name) in PRINTOUT_PATHS.items()
    ),
]
