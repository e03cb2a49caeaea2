"""After the evening: the printable results list (Ergebnisliste) and the press report
(Pressebericht), both from the event's standings.

Both read the standings as computed once per change (``cached_standings``). Neither page
names a player who asked not to be in public lists
(``Player.unlisted``): the results list shows the start number instead (``public_name``), the
press report too (``results.press``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.limits import MAX_PRESS_REPORT_LENGTH
from results.press import report_text
from results.press_facts import entry_clubs, press_facts
from scoring.ranking import PAIRS, SINGLES, StandingRow
from scoring.standings import cached_standings
from tournament.access import desk_view, organiser_view
from tournament.models import Event
from tournament.selectors.phase import event_phase

PRESS_TEXT_FIELD = "text"


def _list_rows(rows: list[StandingRow], clubs: dict[int, str]) -> list[dict[str, object]]:
    """The ranked rows of a results list: place, start number, public name, club (not for an
    unlisted entry), points per round and total."""
    return [
        {
            "place": row.place,
            "shared": row.shared,
            "start_number": row.start_number,
            "name": row.public_name,
            "club": "" if row.entry.unlisted else clubs.get(row.entry.entry_id, ""),
            "rounds": row.round_cells,
            "total": row.total_cell,
            "withdrawn": row.is_withdrawn,
        }
        for row in rows
        if row.place is not None
    ]


@desk_view
def results_list(request: HttpRequest, event: Event) -> HttpResponse:
    """The printable results list: singles and pairs, place, start number, name (club), the
    points of every round and the total; whether the results are provisional, and as of when."""
    standings = cached_standings(event)
    clubs = entry_clubs(event)
    sections = [
        {"pairs": kind == PAIRS, "rows": _list_rows(standings.ranking(kind), clubs)}
        for kind in (SINGLES, PAIRS)
    ]
    return render(
        request,
        "results/results_list.html",
        {
            "event": event,
            "phase": event_phase(event),
            "standings": standings,
            "sections": [section for section in sections if section["rows"]],
            "round_numbers": standings.round_numbers,
        },
    )


@organiser_view
def press_report(request: HttpRequest, event: Event) -> HttpResponse:
    """The press report: generated text to edit and copy; a POST of the edited text shows it
    ready to print (nothing is stored)."""
    if request.method == "POST":
        text = request.POST.get(PRESS_TEXT_FIELD, "")[:MAX_PRESS_REPORT_LENGTH]
        text = text.replace("\r\n", "\n").strip()
        paragraphs = [part.strip() for part in text.split("\n\n") if part.strip()]
        return render(
            request,
            "results/press_report_print.html",
            {"event": event, "paragraphs": [part.splitlines() for part in paragraphs]},
        )
    standings = cached_standings(event)
    return render(
        request,
        "results/press_report.html",
        {
            "event": event,
            "text": report_text(press_facts(event, standings)),
            "provisional": standings.provisional,
            "field": PRESS_TEXT_FIELD,
            "max_length": MAX_PRESS_REPORT_LENGTH,
        },
    )
