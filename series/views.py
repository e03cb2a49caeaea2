"""Pages of a series (Cup): the organiser's list of series, creating one, its page (settings,
events with each evening's house rules and scoring mode, standings, season pot), the exports,
and the public standings page (with the evenings, their house rules and scoring modes).

A series' pages are for its organisers: its owner and superusers (``series_view``, in the
style of ``tournament.access``). The public page shows the standings while the series is public,
else 404 with a hint; it never names an unlisted participant.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.limits import MAX_DUPLICATE_PAIRS
from core.web import add_form_error, show_error
from scoring.interface import PAIRS, SINGLES, rules_label, rules_of
from series.forms import AddEventForm, SeriesForm
from series.models import Series
from series.ranking import rule_summary
from series.selectors import (
    may_organise_series,
    season_pot,
    series_links,
    series_of,
    series_players,
)
from series.services import (
    SeriesError,
    add_event,
    create_series,
    link_players,
    remove_event,
    unlink_players,
    update_series,
)
from series.standings import SeriesStandings, series_csv, series_standings, series_workbook
from tournament.access import ORGANISER, account_view
from tournament.models import Event

View = Callable[..., HttpResponse]

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"


def series_view(view: View) -> View:
    """A page of one series for its organisers (owner, superusers): anonymous visitors are sent
    to the login page, other accounts get 403; the URL's ``series`` (short name) arrives as the
    ``series`` argument (404 for an unknown series)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, series: str, **kwargs: Any) -> HttpResponse:
        found = get_object_or_404(Series, slug=series)
        if not may_organise_series(request.user, found):
            return render(
                request, "series/refused.html", {"series": found}, status=403
            )
        return view(request, *args, series=found, **kwargs)

    checked = login_required(wrapper)
    checked.organiser_only = True  # type: ignore[attr-defined]
    checked.needs_role = ORGANISER  # type: ignore[attr-defined]
    return checked


def _kinds(standings: SeriesStandings) -> list[dict[str, Any]]:
    return [
        {"title": title, "lines": standings.lines(kind)}
        for kind, title in ((SINGLES, gettext("Singles")), (PAIRS, gettext("Pairs")))
        if standings.lines(kind)
    ]


def _evenings(standings: SeriesStandings) -> list[dict[str, Any]]:
    """The series' evenings in order, each with the name of its house rules and of its scoring
    mode (a series across clubs may mix them: every mode tells each evening's totals)."""
    return [
        {
            "event": event,
            "rules": rules_label(rules_of(event)),
            "mode": event.get_scoring_mode_display(),
        }
        for event in standings.events
    ]


def _download(content: bytes, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@account_view
def series_list(request: HttpRequest) -> HttpResponse:
    """The series the user organises."""
    return render(
        request,
        "series/list.html",
        {"series_list": series_of(request.user).prefetch_related("events")},
    )


@account_view
def series_create(request: HttpRequest) -> HttpResponse:
    """Create a series; its creator owns it."""
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = create_series(user=request.user, **form.cleaned_data)
        except SeriesError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request, gettext("Series “%(name)s” created.") % {"name": series.name}
            )
            return redirect(series)
    return render(request, "series/form.html", {"form": form, "series": None})


def _addable(user: Any, series: Series):
    return (
        Event.objects.organised_by(user)
        .exclude(pk__in=series.events.values("pk"))
        .order_by("-date")
    )


@series_view
def series_detail(request: HttpRequest, series: Series) -> HttpResponse:
    """The series: its rule, its events (add and remove), standings and season pot."""
    standings = series_standings(series)
    return render(
        request,
        "series/detail.html",
        {
            "series": series,
            "standings": standings,
            "kinds": _kinds(standings),
            "rule": rule_summary(standings.rule),
            "evenings": _evenings(standings),
            "add_form": AddEventForm(events=_addable(request.user, series)),
            "pot": season_pot(series) if series.pot_percent else None,
            "changes": series.changes.select_related("user")[:20],
            "public": False,
        },
    )


@series_view
def series_edit(request: HttpRequest, series: Series) -> HttpResponse:
    """Change the series' name, rule, season pot and whether it is public."""
    form = SeriesForm(request.POST or None, instance=Series.objects.get(pk=series.pk))
    if request.method == "POST" and form.is_valid():
        try:
            update_series(series=series, user=request.user, **form.cleaned_data)
        except SeriesError as error:
            add_form_error(form, error)
        else:
            messages.success(request, gettext("Series saved."))
            return redirect("series-detail", series=form.cleaned_data["slug"])
    return render(request, "series/form.html", {"form": form, "series": series})


@series_view
@require_POST
def series_events(request: HttpRequest, series: Series) -> HttpResponse:
    """Add an event the user organises (``event``) or remove one (``remove``)."""
    remove = request.POST.get("remove")
    try:
        if remove:
            event = get_object_or_404(series.events, pk=_int(remove))
            remove_event(series=series, event=event, user=request.user)
            messages.success(
                request,
                gettext("Tournament “%(name)s” removed from the series.") % {"name": event.name},
            )
        else:
            form = AddEventForm(request.POST, events=_addable(request.user, series))
            if not form.is_valid():
                messages.error(request, gettext("Choose one of your tournaments to add."))
                return redirect(series)
            event = form.cleaned_data["event"]
            add_event(series=series, event=event, user=request.user)
            messages.success(
                request,
                gettext("Tournament “%(name)s” added to the series.") % {"name": event.name},
            )
    except SeriesError as error:
        show_error(request, error)
    return redirect(series)


@series_view
def series_player_links(request: HttpRequest, series: Series) -> HttpResponse:
    """The series' players of different clubs: who is linked as one person (with a button to
    unlink), and likely the same people of two clubs to link (suggested, never linked by
    themselves). A POST links (``action=link``) or unlinks the players ``first`` and
    ``second``."""
    if request.method == "POST":
        players = series_players(series)
        first = players.filter(pk=_int(request.POST.get("first", ""))).first()
        second = players.filter(pk=_int(request.POST.get("second", ""))).first()
        if first is None or second is None:
            messages.error(request, gettext("Please choose two players of the series."))
            return redirect("series-players", series=series.slug)
        change = link_players if request.POST.get("action") == "link" else unlink_players
        try:
            change(series=series, first=first, second=second, user=request.user)
        except SeriesError as error:
            show_error(request, error)
        else:
            done = (
                gettext("%(first)s and %(second)s linked.")
                if change is link_players
                else gettext("%(first)s and %(second)s unlinked.")
            )
            messages.success(request, done % {"first": first.name, "second": second.name})
        return redirect("series-players", series=series.slug)
    found = series_links(series, limit=MAX_DUPLICATE_PAIRS)
    return render(
        request,
        "series/players.html",
        {"series": series, "links": found.links, "suggestions": found.suggestions},
    )


def _int(value: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


@series_view
def series_xlsx(request: HttpRequest, series: Series) -> HttpResponse:
    """The series standings as a workbook (Einzel, Paare)."""
    return _download(
        series_workbook(series_standings(series)), f"{series.slug}.xlsx", XLSX_CONTENT_TYPE
    )


@series_view
def series_csv_download(request: HttpRequest, series: Series) -> HttpResponse:
    """The series standings as CSV (UTF-8 with BOM, ';')."""
    return _download(series_csv(series_standings(series)), f"{series.slug}.csv", CSV_CONTENT_TYPE)


def public_series(request: HttpRequest, series: str) -> HttpResponse:
    """The series standings for everyone while the series is public; else 404 with a hint."""
    found = get_object_or_404(Series, slug=series)
    if not found.public:
        return render(request, "series/private.html", {"series": found}, status=404)
    standings = series_standings(found)
    return render(
        request,
        "series/public.html",
        {
            "series": found,
            "standings": standings,
            "kinds": _kinds(standings),
            "rule": rule_summary(standings.rule),
            "evenings": _evenings(standings),
            "public": True,
        },
    )


