"""Organiser routes of the tournament app: every view states the role it needs with
``tournament.web`` (``organiser_view``, ``desk_view``, or ``account_view`` for creating an
event)."""

from django.urls import path

from tournament.views import (
    cash,
    events,
    lifecycle,
    plan,
    players,
    printouts,
    prizes,
    registration,
    roles,
    series,
)

PRINTOUT_PATHS = {
    "plan": ("sitzplan", "print-plan"),
    "numbers": ("startnummern", "print-numbers"),
    "names": ("namen", "print-names"),
    "cards": ("tischkarten", "print-cards"),
    "sheets": ("spielzettel", "print-sheets"),
    "slips": ("laufzettel", "print-slips"),
}

urlpatterns = [
    path("neues-turnier/", events.event_create, name="event-create"),
    path("turnier/<slug:slug>/", events.event_detail, name="event-detail"),
    path("turnier/<slug:slug>/bearbeiten/", events.event_edit, name="event-edit"),
    path("turnier/<slug:slug>/protokoll/", events.change_log, name="change-log"),
    path("turnier/<slug:slug>/abschliessen/", lifecycle.event_finish, name="event-finish"),
    path("turnier/<slug:slug>/wieder-oeffnen/", lifecycle.event_reopen, name="event-reopen"),
    path("turnier/<slug:slug>/rollen/", roles.event_roles, name="event-roles"),
    path(
        "turnier/<slug:slug>/rollen/<int:pk>/entfernen/",
        roles.event_role_remove,
        name="event-role-remove",
    ),
    # registration
    path("turnier/<slug:slug>/teilnehmer/neu/", registration.entry_create, name="entry-create"),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/", registration.entry_edit, name="entry-edit"
    ),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/abmelden/",
        registration.entry_withdraw,
        name="entry-withdraw",
    ),
    path(
        "turnier/<slug:slug>/teilnehmer/<int:pk>/wieder-anmelden/",
        registration.entry_reinstate,
        name="entry-reinstate",
    ),
    path(
        "turnier/<slug:slug>/spieler/suche/", players.player_search, name="player-search"
    ),
    path("turnier/<slug:slug>/import/", registration.import_upload, name="import"),
    path(
        "turnier/<slug:slug>/import/beispiel.csv",
        registration.import_example,
        name="import-example",
    ),
    path(
        "turnier/<slug:slug>/import/<str:key>/",
        registration.import_preview,
        name="import-preview",
    ),
    # the player registry, shared by every event
    path("spieler/doppelte/", players.player_duplicates, name="player-duplicates"),
    path("spieler/<int:pk>/", players.player_detail, name="player-detail"),
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
    # the Kasse: the desk at the door (a desk helper's pages) ...
    path("turnier/<slug:slug>/kasse/", cash.cash_desk, name="cash-desk"),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/", cash.cash_entry, name="cash-entry"
    ),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/zahlung/",
        cash.cash_pay,
        name="cash-pay",
    ),
    path(
        "turnier/<slug:slug>/kasse/<int:start_number>/anwesend/",
        cash.cash_check_in,
        name="cash-check-in",
    ),
    path(
        "turnier/<slug:slug>/kasse/zahlung/<int:pk>/storno/",
        cash.cash_cancel,
        name="cash-cancel",
    ),
    # ... and the organiser's settings and the treasurer's summary
    path(
        "turnier/<slug:slug>/kasse/einstellungen/", cash.money_settings, name="money-settings"
    ),
    path("turnier/<slug:slug>/kasse/bericht/", cash.cash_summary, name="cash-summary"),
    # prizes: the organiser defines them ...
    path("turnier/<slug:slug>/preise/", prizes.prizes_page, name="prizes"),
    path(
        "turnier/<slug:slug>/preise/einstellungen/",
        prizes.prize_settings,
        name="prize-settings",
    ),
    path("turnier/<slug:slug>/preise/neu/", prizes.prize_add, name="prize-add"),
    path(
        "turnier/<slug:slug>/preise/<int:pk>/entfernen/",
        prizes.prize_remove,
        name="prize-remove",
    ),
    # ... and calls them out at the prize table
    path("turnier/<slug:slug>/preistisch/", prizes.prize_table_page, name="prize-table"),
    path(
        "turnier/<slug:slug>/preistisch/druck/",
        prizes.prize_table_print,
        name="prize-table-print",
    ),
    path("turnier/<slug:slug>/preistisch/los/", prizes.prize_draw, name="prize-draw"),
    path(
        "turnier/<slug:slug>/preistisch/abgeholt/",
        prizes.prize_collected,
        name="prize-collected",
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
    # series (Cup): the pages of its owner
    path("serien/", series.series_list, name="series-list"),
    path("serien/neu/", series.series_create, name="series-create"),
    path("serie/<slug:series>/", series.series_detail, name="series-detail"),
    path("serie/<slug:series>/bearbeiten/", series.series_edit, name="series-edit"),
    path("serie/<slug:series>/turniere/", series.series_events, name="series-events"),
    path("serie/<slug:series>/export/serie.xlsx", series.series_xlsx, name="series-xlsx"),
    path(
        "serie/<slug:series>/export/serie.csv", series.series_csv_download, name="series-csv"
    ),
]
