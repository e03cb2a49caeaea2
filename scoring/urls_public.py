"""Public routes of the scoring app: the scorekeeper's sheet link, public standings, projector,
the event's rules."""

from django.urls import path

from core.web import no_store
from scoring.views import melds, public_rules, sheets, standings

urlpatterns = [
    path("zettel/<str:token>/", no_store(sheets.sheet_link), name="sheet-link"),
    # the page's script saves here (JSON); a plain form posts to the page itself
    path("zettel/<str:token>/speichern/", no_store(sheets.sheet_link_save), name="sheet-link-save"),
    # a player of the table confirms the handed-in sheet (a plain form, or the script: JSON)
    path(
        "zettel/<str:token>/bestaetigen/",
        no_store(sheets.sheet_link_confirm),
        name="sheet-link-confirm",
    ),
    # an open page asks whether the sheet changed, then fetches its state (JSON, GET)
    path("zettel/<str:token>/version/", no_store(sheets.sheet_link_check), name="sheet-link-check"),
    path("zettel/<str:token>/stand/", no_store(sheets.sheet_link_state), name="sheet-link-state"),
    # the sheet pages' service worker: served under /zettel/ so its scope is the sheet links
    path("zettel/offline.js", sheets.sheet_worker, name="sheet-worker"),
    path("spielzettel/vorschau/", no_store(sheets.sheet_preview), name="sheet-preview"),
    path("spielzettel/meldung/", melds.meld_sum, name="meld-sum"),
    path("rangliste/<slug:slug>/", standings.public_standings, name="public-standings"),
    path(
        "rangliste/<slug:slug>/<int:start_number>/",
        standings.public_standings_entry,
        name="public-standings-entry",
    ),
    # the event's house rules, for the players' phones (the rules sheet's sections)
    path("turnier/<slug:slug>/regeln/", public_rules.event_rules, name="event-rules"),
    # organisers only while the standings are not public
    path("turnier/<slug:slug>/beamer/", standings.projector, name="projector"),
]
