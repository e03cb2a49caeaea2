"""Standings pages: the organiser's standings with settings and downloads, the public
standings, an entry's games, the projector."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from core.errors import UserError
from core.limits import PROJECTOR_ROWS, PROJECTOR_SECONDS, STANDINGS_CACHE_SECONDS
from core.text import is_number
from core.web import show_error
from scoring.ranking import PAIRS, SINGLES, StandingRow, Standings, best_places, signed
from scoring.services import update_standings_settings
from scoring.standings import cached_standings, entry_rounds, standings_cache_key
from scoring.standings_forms import StandingsSettingsForm
from scoring.tables import EntryGamesTable, StandingsTable, round_label
from tournament.access import desk_view, event_access, organiser_view, refused
from tournament.clock import round_clock
from tournament.models import Entry, Event

STANDINGS_ROUND_PARAM = "durchgang"
PROJECTOR_LANGUAGE_PARAM = "sprache"


def _int_param(request: HttpRequest, name: str, bounds: tuple[int, int, int]) -> int:
    """A whole-number query parameter within bounds (default, minimum, maximum)."""
    default, low, high = bounds
    try:
        value = int(request.GET.get(name, default))
    except (TypeError, ValueError):
        return default
    return min(max(value, low), high)


SORT_PARAMS = ("einzel-sort", "paare-sort")


def _tables_cache_key(
    request: HttpRequest, event: Event, standings: Standings, *, public: bool
) -> str | None:
    """The cache key of the rendered ranking tables for this request, or None when the request
    asks for something else than the known views (a round, a sort by a column): only those are
    kept, so odd query strings cannot fill the cache."""
    columns = {"place", "start_number", "name", "total"} | {
        f"r{n}" for n in standings.round_numbers
    }
    for name, values in request.GET.lists():
        if len(values) != 1:
            return None
        value = values[0]
        if name == STANDINGS_ROUND_PARAM:
            if not is_number(value) or int(value) not in standings.round_numbers:
                return None
        elif name in SORT_PARAMS:
            if value.removeprefix("-") not in columns:
                return None
        else:
            return None
    query = urlencode(sorted(request.GET.items()))
    audience = "public" if public else "organiser"
    return (
        f"standings-tables:{standings_cache_key(event)}:{get_language()}:{audience}:{query}"
    )


def ranking_tables_html(
    request: HttpRequest,
    *,
    singles: list[StandingRow],
    pairs: list[StandingRow],
    shown_rounds: list[int],
    round_number: int | None,
    entry_url: str,
    public: bool,
) -> str:
    """The ranking tables of singles and pairs as HTML, from their ranked rows: overall
    (``round_number`` None, a column per round of ``shown_rounds``) or one round's points."""
    total_label = None if round_number is None else gettext("Points")
    singles_table = StandingsTable(
        singles, round_numbers=shown_rounds, entry_url=entry_url, prefix="einzel-",
        total_label=total_label, public=public,
    )
    pairs_table = StandingsTable(
        pairs, round_numbers=shown_rounds, entry_url=entry_url, prefix="paare-",
        total_label=total_label, public=public,
    )
    config = RequestConfig(request, paginate=False)
    config.configure(singles_table)
    config.configure(pairs_table)
    return render_to_string(
        "scoring/_standings_tables.html",
        {
            "round_number": round_number,
            "singles_table": singles_table,
            "pairs_table": pairs_table,
            "show_singles": bool(singles),
            "show_pairs": bool(pairs),
        },
        request=request,
    )


def _tables_html(
    request: HttpRequest, event: Event, standings: Standings, round_number: int | None,
    *, public: bool,
) -> str:
    """The ranking tables of singles and pairs as HTML, rendered once per results version,
    language and view (``_tables_cache_key``): the part of the page that grows with the field
    (700 rows: most of a page's time), so many phones at once cost one rendering."""
    key = _tables_cache_key(request, event, standings, public=public)
    if key is not None:
        cached = cache.get(key)
        if cached is not None:
            return mark_safe(cached)
    html = ranking_tables_html(
        request,
        singles=standings.ranking(SINGLES, round_number),
        pairs=standings.ranking(PAIRS, round_number),
        shown_rounds=standings.round_numbers if round_number is None else [],
        round_number=round_number,
        entry_url=reverse(
            "public-standings-entry" if public else "standings-entry",
            kwargs={"slug": event.slug, "start_number": 0},
        ),
        public=public,
    )
    if key is not None:
        cache.set(key, html, STANDINGS_CACHE_SECONDS)
    return mark_safe(html)


def _standings_context(
    request: HttpRequest, event: Event, *, public: bool
) -> dict[str, object]:
    standings = cached_standings(event)
    try:
        round_number: int | None = int(request.GET.get(STANDINGS_ROUND_PARAM, ""))
    except ValueError:
        round_number = None
    if round_number not in standings.round_numbers:
        round_number = None
    return {
        "event": event,
        "standings": standings,
        "round_number": round_number,
        "tables_html": _tables_html(request, event, standings, round_number, public=public),
        "stand_ins": standings.stand_ins,
        "public": public,
    }


def _not_public(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "scoring/standings_private.html", {"event": event}, status=404)


def _entry_page(
    request: HttpRequest, event: Event, start_number: int, *, public: bool
) -> HttpResponse:
    entry = get_object_or_404(
        Entry.objects.with_players(), event=event, start_number=start_number
    )
    standings = cached_standings(event)
    kind = PAIRS if entry.is_pair else SINGLES
    row = next((r for r in standings.ranking(kind) if r.entry.entry_id == entry.pk), None)
    rounds = entry_rounds(event, entry, counted_only=public, public=public)
    back_url = reverse("public-standings" if public else "standings", kwargs={"slug": event.slug})
    return render(
        request,
        "scoring/standings_entry.html",
        {
            "event": event,
            "entry": entry,
            "entry_name": entry.public_name if public else entry.name,
            "row": row,
            "total": signed(sum(r.total for r in rounds if r.counted)),
            "standings": standings,
            "rounds": [{"round": r, "table": EntryGamesTable(r)} for r in rounds],
            "back_url": back_url,
            "public": public,
        },
    )


# Organisers


@desk_view
def standings_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The organiser's standings: overall or per round, settings, downloads."""
    context = _standings_context(request, event, public=False)
    context["form"] = StandingsSettingsForm.for_event(event)
    return render(request, "scoring/standings.html", context)


@organiser_view
@require_POST
def standings_settings(request: HttpRequest, event: Event) -> HttpResponse:
    """Save the tie-breaks, the counting of unconfirmed sheets and the public switch."""
    form = StandingsSettingsForm(request.POST, scoring_mode=event.scoring_mode)
    if not form.is_valid():
        context = _standings_context(request, event, public=False)
        context["form"] = form
        messages.error(request, gettext("The settings were not saved; see below."))
        return render(request, "scoring/standings.html", context)
    try:
        update_standings_settings(
            event=event,
            tie_breaks=form.cleaned_data["tie_breaks"],
            count_unconfirmed=form.cleaned_data["count_unconfirmed"],
            public_standings=form.cleaned_data["public_standings"],
            user=request.user,
        )
    except UserError as error:
        show_error(request, error)
        return redirect("standings", slug=event.slug)
    messages.success(request, gettext("The settings of the standings were saved."))
    return redirect("standings", slug=event.slug)


@desk_view
def standings_entry(
    request: HttpRequest, event: Event, start_number: int
) -> HttpResponse:
    """Every game an entry played, round by round (organiser: sheets not counted yet too)."""
    return _entry_page(request, event, start_number, public=False)


# Everyone, while the organiser has made the standings public


def public_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings for everyone, if the organiser switched them on; else 404 with a hint."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return _not_public(request, event)
    return render(
        request, "scoring/standings.html", _standings_context(request, event, public=True)
    )


def public_standings_entry(request: HttpRequest, slug: str, start_number: int) -> HttpResponse:
    """Every counted game of an entry, if the standings are public."""
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        return _not_public(request, event)
    return _entry_page(request, event, start_number, public=True)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings in large type for a projector, one screen after another.

    Open to everyone while the standings are public, else to the event's organisers and desk
    helpers only. ``?page=`` picks the screen (singles first, then pairs), ``?rows=`` the rows
    per screen and ``?seconds=`` the time per screen; the page refreshes itself to the next
    screen (JS swaps it in without flicker, a <noscript> meta refresh reloads).

    The hall reads it, not the laptop's browser: it speaks the app's language (German) whatever
    the browser asks for or the language switch in the site's header chose, and
    ``?sprache=`` (a switch on the page) picks another one, kept from screen to screen.
    """
    event = get_object_or_404(Event, slug=slug)
    if not event.public_standings:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        access = event_access(request.user, event)
        if not access.desk:
            return refused(request, event, access)
    chosen = request.GET.get(PROJECTOR_LANGUAGE_PARAM, "")
    language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
    with translation.override(language):
        response = _projector_page(request, event, language if chosen == language else None)
    response.headers["Content-Language"] = language
    return response


def _projector_page(request: HttpRequest, event: Event, chosen: str | None) -> HttpResponse:
    """The projector's screen in the active language; ``chosen`` is the language asked for by
    ``?sprache=`` (None: the default), which the next screen's address keeps."""
    standings = cached_standings(event)
    rows_per_screen = _int_param(request, "rows", PROJECTOR_ROWS)
    seconds = _int_param(request, "seconds", PROJECTOR_SECONDS)

    def projector_rows(rows: list[StandingRow]) -> list[dict[str, object]]:
        return [
            {
                "place": row.place,
                "start_number": row.start_number,
                "name": row.public_name,  # a hall display: public names only
                "round_cells": [signed(points) for points in row.round_points],
                "total_cell": signed(row.total),
            }
            for row in rows
        ]

    screens: list[dict[str, object]] = []
    for kind, title in ((SINGLES, gettext("Singles")), (PAIRS, gettext("Pairs"))):
        rows = projector_rows(standings.ranking(kind))
        for start in range(0, len(rows), rows_per_screen):
            screens.append({"title": title, "rows": rows[start : start + rows_per_screen]})
    current = standings.current_round
    if current is not None and current.started:
        # the current round: the tables still playing, the sheets handed in but not confirmed
        # yet, and the best of the round so far
        best = best_places(
            standings.ranking(SINGLES, current.number), max(rows_per_screen // 2, 3)
        )
        screens.append({
            "title": gettext("Round %(number)s") % {"number": current.number},
            "round": current,
            "rows": projector_rows(best),
        })
    # the round's clock, and once its time is up the tables still playing
    clock = round_clock(event)
    clock_round = next(
        (state for state in standings.rounds if clock and state.number == clock.round.number),
        None,
    )
    page_count = max(len(screens), 1)
    page = (_int_param(request, "page", (1, 1, 10**6)) - 1) % page_count + 1
    settings_query = {"rows": rows_per_screen, "seconds": seconds}
    query = {"page": page % page_count + 1, **settings_query}
    if chosen:
        query[PROJECTOR_LANGUAGE_PARAM] = chosen
    # the switch: this screen in each language, the rows and seconds kept
    languages = [
        {
            "code": code,
            "name": translation.get_language_info(code)["name_local"],
            "current": code == translation.get_language(),
            "url": f"{request.path}?"
            + urlencode({"page": page, **settings_query, PROJECTOR_LANGUAGE_PARAM: code}),
        }
        for code, _name in settings.LANGUAGES
    ]
    return render(
        request,
        "scoring/projector.html",
        {
            "event": event,
            "standings": standings,
            "screen": screens[page - 1] if screens else None,
            "page": page,
            "page_count": page_count,
            "seconds": seconds,
            "next_url": f"{request.path}?{urlencode(query)}",
            "languages": languages,
            "round_labels": [round_label(n) for n in standings.round_numbers],
            "current": current,
            "now": timezone.localtime(),
            "clock": clock,
            "clock_playing": clock_round.missing if clock_round else [],
        },
    )
