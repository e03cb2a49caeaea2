"""Organiser printouts that carry each table's score sheet link: the table cards and the score
sheets, drawn from the seating plan's rows (``tournament.selectors.plan``) with each table's sheet
(an event kept in round totals prints a totals slip per table, several to a page, instead of a game
sheet; one kept in points per game a sheet with a points column per party); and the rules sheet for
every table (*Merkblatt*, ``scoring.merkblatt``) with the QR code of the event's public rules
page."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from core.links import absolute_url
from core.qr import qr_svg
from scoring.house_rules import rules_label, rules_of
from scoring.merkblatt import merkblatt
from scoring.models import Game, ScoreSheet
from scoring.rules import TRICK_TOTAL
from tournament.access import desk_view
from tournament.house_rules import POINTS, TOTALS
from tournament.models import Event, Table
from tournament.selectors.plan import RoundRows, chunked, game_rows, load_plan
from tournament.views.printouts import round_filter, table_filter

PRINTOUTS = {
    "cards": "tournament/print/cards.html",
    "sheets": "tournament/print/sheets.html",
}
TOTALS_SLIPS = "tournament/print/totals_slips.html"
POINTS_SHEETS = "tournament/print/points_sheets.html"
CARDS_PER_PAGE = 2
SLIPS_PER_PAGE = 3
"""Totals slips on an A4 page (portrait): each has room for four parties, their boxes and four
signature lines."""


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
    """The table cards (``kind`` ``cards``) or the blank score sheets (``sheets``) of the plan,
    of the rounds and tables the query names (``?durchgang=``, ``?tische=``): a game sheet per
    A4 page (for an event kept in points per game one with a points column per party), or for
    an event kept in round totals a totals slip per table, ``SLIPS_PER_PAGE`` to a page; every
    round starts on a new page."""
    plan = plan_with_sheets(event, round_filter(request), table_filter(request))
    template = PRINTOUTS[kind]
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
    if kind == "sheets" and event.scoring_mode == TOTALS:
        context["rules"] = rules_of(event)
        context["slips_per_page"] = SLIPS_PER_PAGE
        context["pages"] = [
            page for round_rows in plan for page in chunked(round_rows.tables, SLIPS_PER_PAGE)
        ]
        return render(request, TOTALS_SLIPS, context)
    if kind == "sheets":
        rules = rules_of(event)
        context["trick_total"] = TRICK_TOTAL
        context["rules"] = rules
        context["rules_label"] = rules_label(rules)
        context["kinds"] = [Game.Kind(kind).label for kind in rules.kinds]
        if event.scoring_mode == POINTS:
            template = POINTS_SHEETS
        context["sheets"] = [
            {
                "table": table,
                "games": game_rows(table, event.games_per_round),
                "parties": table.parties,
            }
            for round_rows in plan
            for table in round_rows.tables
        ]
    return render(request, template, context)


def event_merkblatt(event: Event) -> dict:
    """What the rules sheet and the public rules page show: the event's rules, their name and
    the sheet's sections."""
    rules = rules_of(event)
    return {
        "rules": rules,
        "rules_label": rules_label(rules),
        "merkblatt": merkblatt(
            rules, games_per_round=event.games_per_round, rounds=event.round_count,
            scoring_mode=event.scoring_mode,
        ),
    }


def table_numbers(event: Event) -> list[int]:
    """The numbers of the event's tables, over every round of its plan."""
    return sorted(
        set(Table.objects.filter(round__event=event).values_list("number", flat=True))
    )


@desk_view
def merkblatt_printout(request: HttpRequest, event: Event) -> HttpResponse:
    """The rules sheet, one A4 page per table of the plan with the table's number
    (``?tische=3,5`` prints these only); without a plan one page without a number, to copy."""
    wanted = table_filter(request)
    pages = [n for n in table_numbers(event) if wanted is None or n in wanted] or [None]
    rules_url = absolute_url(reverse("event-rules", kwargs={"slug": event.slug}), request)
    context = {
        "event": event,
        "plan_exists": True,  # the sheet needs no plan
        "pages": pages,
        "rules_url": rules_url,
        "rules_qr": mark_safe(qr_svg(rules_url, gettext("The rules on the phone"))),
        **event_merkblatt(event),
    }
    return render(request, "scoring/merkblatt.html", context)
