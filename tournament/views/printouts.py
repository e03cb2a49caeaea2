"""Organiser printouts of the seating plan: by table, lists by number and by name, slips.

The table cards and the score sheets carry each table's sheet link: they are printed by the
app that keeps the sheets (``scoring.views.printouts``), from the same plan rows."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.text import is_number
from tournament import seats
from tournament.access import desk_view
from tournament.models import Event
from tournament.selectors.plan import by_name, chunked, load_plan, schedules

PRINTOUTS = {
    "plan": "tournament/print/plan.html",
    "numbers": "tournament/print/list.html",
    "names": "tournament/print/list.html",
    "slips": "tournament/print/slips.html",
}
ROUND_PARAM = "durchgang"
TABLES_PARAM = "tische"
SLIPS_PER_PAGE = 6


def round_filter(request: HttpRequest) -> list[int] | None:
    """``?durchgang=2`` prints one round only; anything else prints every round."""
    value = request.GET.get(ROUND_PARAM, "")
    return [int(value)] if is_number(value) and len(value) < 4 else None


def table_filter(request: HttpRequest) -> set[int] | None:
    """``?tische=3,5,7`` prints these tables only (of every round printed), e.g. those a re-plan
    changed; without it, or with no table number in it, every table is printed."""
    parts = request.GET.get(TABLES_PARAM, "").split(",")
    numbers = {int(part) for part in parts if is_number(part) and len(part) < 6}
    return numbers or None


@desk_view
def plan_printout(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    plan = load_plan(event, round_filter(request))
    context = {
        "event": event,
        "plan": plan,
        "kind": kind,
        "plan_exists": any(round_rows.tables for round_rows in plan),
    }
    if kind in {"numbers", "names", "slips"}:
        entry_schedules = sorted(
            schedules(plan).values(), key=lambda schedule: schedule.entry.start_number
        )
        context["schedules"] = entry_schedules
        if kind == "names":
            context["name_rows"] = by_name(entry_schedules)
        if kind == "slips":
            context["pages"] = chunked(entry_schedules, SLIPS_PER_PAGE)
    if kind == "plan":
        # the columns of the plan by table: seats 1–4 with their roles
        context["seat_columns"] = [
            {"position": position, "deals": seats.deals_first(position),
             "keeps_score": seats.keeps_score(position)}
            for position in range(1, max(seats.SEAT_COUNTS) + 1)
        ]
    return render(request, PRINTOUTS[kind], context)
