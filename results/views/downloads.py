"""The event's downloads: the workbook and the standings as CSV for the organisers, the public
standings as CSV for everyone while the standings are public (``results.exports``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from results.exports import (
    CSV_CONTENT_TYPE,
    XLSX_CONTENT_TYPE,
    event_workbook,
    file_stem,
    standings_csv,
)
from tournament.access import desk_view
from tournament.models import Event


def _download(content: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@desk_view
def standings_xlsx(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's workbook: Einzel, Paare, Sitzplan, Spiele."""
    return _download(event_workbook(event), f"{file_stem(event)}.xlsx", XLSX_CONTENT_TYPE)


@desk_view
def standings_csv_download(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings of singles and pairs as CSV (UTF-8 with BOM, ';')."""
    return _download(standings_csv(event), f"{file_stem(event)}.csv", CSV_CONTENT_TYPE)


def public_standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The public standings as CSV, while the standings are public (else 404 with a hint)."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return render(request, "scoring/standings_private.html", {"event": event}, status=404)
    return _download(
        standings_csv(event, public=True), f"{file_stem(event)}.csv", CSV_CONTENT_TYPE
    )
