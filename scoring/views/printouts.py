"""Organiser printouts that carry each table's score sheet link: the table cards and the score
sheets, drawn from the seating plan's rows (``tournament.plan``) with each table's sheet."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.models import ScoreSheet
from scoring.rules import TRICK_TOTAL
from tournament.models import Event
from tournament.plan import RoundRows, chunked, game_rows, load_plan
from tournament.views.printouts import round_filter, table_filter
from tournament.web import desk_view

PRINTOUTS = {
    "cards": "tournament/print/cards.html",
    "sheets": "tournament/print/sheets.html",
}
CARDS_PER_PAGE = 2


def plan_with_sheets(
    event: Event, round_numbers: list[int] | None, table_numbers: set[int] | None = None
) -> list[RoundRows]:
    """The plan's rows (only the tables ``table_numbers`` where given), each table with its
    score sheet."""
    plan = load_plan(event, round_numbers)
    if table_numbers is not None:
        for round_rows in plan:
            round_rows.tables = [t for t in round_rows.tables if t.table.number in table_numbers]
    tables = [table for round_rows in plan for table in round_rows.tables]
    sheets = {
        sheet.table_id: sheet
        for sheet in ScoreSheet.objects.filter(table_id__in=[t.table.pk for t in tables])
    }
    for table in tables:
        table.sheet = sheets.get(table.table.pk)
    return plan


@desk_view
def sheet_printout(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    plan = plan_with_sheets(event, round_filter(request), table_filter(request))
    context = {
        "event": event,
        "plan": plan,
        "kind": kind,
        "plan_exists": any(round_rows.tables for round_rows in plan),
    }
    if kind == "cards":
        # every round starts on a new page
        context["pages"] = [
            page for round_rows in plan for page in chunked(round_rows.tables, CARDS_PER_PAGE)
        ]
    if kind == "sheets":
        context["trick_total"] = TRICK_TOTAL
        context["sheets"] = [
            {
                "table": table,
                "games": game_rows(table, event.games_per_round),
                "parties": table.parties,
            }
            for round_rows in plan
            for table in round_rows.tables
        ]
    return render(request, PRINTOUTS[kind], context)
