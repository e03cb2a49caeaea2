"""Organiser routes of the series app: the pages of a series' owner."""

from django.urls import path

from core.web import no_store
from series import views as series

urlpatterns = [
    # series (Cup): the pages of its owner
    path("serien/", series.series_list, name="series-list"),
    path("serien/neu/", series.series_create, name="series-create"),
    path("serie/<slug:series>/", series.series_detail, name="series-detail"),
    path("serie/<slug:series>/bearbeiten/", series.series_edit, name="series-edit"),
    path("serie/<slug:series>/turniere/", series.series_events, name="series-events"),
    path("serie/<slug:series>/spieler/", series.series_player_links, name="series-players"),
    path("serie/<slug:series>/export/serie.xlsx", no_store(series.series_xlsx), name="series-xlsx"),
    path(
        "serie/<slug:series>/export/serie.csv",
        no_store(series.series_csv_download),
        name="series-csv",
    ),
]
