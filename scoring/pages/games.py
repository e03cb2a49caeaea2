"""The page of a sheet kept game by game (``Event.scoring_mode`` ``games``, ``sheet.html``): its
game rows, saved by ``scoring.services.save_sheet_rows`` in one of two ways:

- the page's script (``sheet/main.js``) posts the rows typed on the device to the sheet's save
  address (``…/speichern/``) and gets JSON back (``GamesScript``): what happened, and the whole
  sheet as it is now, which the page follows;
- a browser without JavaScript posts the whole form to the page itself and gets a page back
  (``GamesPage``).

An open page follows the sheet (``scoring/sheet/changes.js``): every half minute it asks the
sheet's version check (``…/version/``: the version and how many players' confirmations count,
one query), and when either moved it fetches the sheet's state (``…/stand/?version=<the
page's>``, ``GamesScript.state_answer``) in the shape of a save's answer. Both answers, and a
save's, tell the page which games others changed since its version (``changes``); the page names
its device by the cookie ``binokel-device`` (never in an address, so never in a log).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from core import limits
from core.limits import UNUSUAL_BID
from core.text import is_number
from core.web import show_error
from scoring.audit import describe_values
from scoring.forms import ROW_KEY, GameRowForm
from scoring.house_rules import melds_key
from scoring.melds import catalogue
from scoring.pages.sheet import (
    Page,
    Post,
    confirmations_html,
    device_id,
    games_said,
    refuse_forged_rows,
    refused_json,
)
from scoring.rules import TRICK_TOTAL
from scoring.selectors.confirm_section import confirm_section
from scoring.selectors.sheet_changes import change_notices, describe_late, late_saves
from scoring.selectors.sheet_frame import SheetFrame
from scoring.selectors.sheet_page import posted_values, row_headings, sheet_page, sheet_state
from scoring.services import (
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    save_sheet_rows,
    sheet_games,
)
from scoring.sheet_rows import normalise_row, number_ranges
from tournament.models import Entry


def check_seconds() -> float:
    """Seconds between two version checks of an open sheet page: the setting
    ``SHEET_CHECK_SECONDS`` or ``limits.SHEET_CHECK_SECONDS``."""
    return getattr(settings, "SHEET_CHECK_SECONDS", None) or limits.SHEET_CHECK_SECONDS


def posted_forms(frame: SheetFrame, data: QueryDict) -> dict[int, GameRowForm]:
    """Bound forms of the rows the submitted data holds (a browser sends every row, the page's
    script only the rows typed on the device)."""
    present = {int(match.group(1)) for key in data if (match := ROW_KEY.match(key))}
    return {
        number: GameRowForm(
            data,
            number=number,
            party_labels=frame.party_labels,
            seat_labels=frame.seat_labels,
            rules=frame.rules,
        )
        for number in range(1, frame.games + 1)
        if number in present
    }


def row_field_names(party_count: int) -> list[str]:
    """A row's inputs in the paper's order."""
    return [
        "declarer",
        "bid",
        "kind",
        *(name for index in range(party_count) for name in (f"meld{index}", f"tricks{index}")),
        "dealer",
        "revoked",
    ]


def late_rows(
    games: Mapping[int, dict], frame: SheetFrame, forms: Mapping[int, GameRowForm]
) -> dict[int, dict[str, str]]:
    """The submitted rows that the stored ``games`` do not hold, as typed (``{}``: the row was
    cleared): what a refused save would have changed."""
    names = row_field_names(len(frame.parties))
    rows: dict[int, dict[str, str]] = {}
    for number, form in sorted(forms.items()):
        stored = games.get(number)
        if form.is_blank():
            if stored is not None:
                rows[number] = {}
            continue
        if stored is not None and form.is_valid() and normalise_row(
            form.row(),
            number=number,
            parties=len(frame.parties),
            seat_count=len(frame.seats),
            rules=frame.rules,
        ) == stored:
            continue
        typed = posted_values(form)
        rows[number] = {name: typed.get(name, "").strip() for name in names}
    return rows


@dataclass(kw_only=True)
class GamesPost(Post):
    """A posted sheet form: its rows' forms (``forms``, by game number, each read) for the
    parties they were built for."""

    forms: dict[int, GameRowForm]
    parties: list[Entry]

    def __post_init__(self) -> None:
        super().__post_init__()
        self.arguments.update(rows=rows_to_save(self.forms), parties=self.parties)


def rows_to_save(forms: Mapping[int, GameRowForm]) -> dict[int, dict | None]:
    """The rows of a posted form as the save takes them: None for a row left empty, a row the
    form could read; a row it could not read is left out (its messages stay in its form)."""
    rows: dict[int, dict | None] = {}
    for number, form in forms.items():
        if form.is_blank():
            rows[number] = None
        elif form.is_valid():
            rows[number] = form.row()
    return rows


@dataclass
class Outcome:
    """What a save (and the hand-in it may ask for) did, in words."""

    said: list[str]  # done: games saved or deleted, the sheet handed in
    problems: list[str]  # not done: rows with errors, a refused hand-in
    invalid: list[int]  # the rows not saved because of errors


def conclude(posted: GamesPost, result: SaveResult, *, drafts: bool) -> Outcome:
    """Say what a save did, the rules' refusals of rows shown in their forms. ``drafts``: the
    page's script sent only the rows typed on the device, so a row stored as sent is saved as
    far as the device is concerned (a resend); a plain form sends every row, and only the rows
    it changed are news."""
    forms = posted.forms
    for number, error in result.errors.items():
        forms[number].add_invalid_hand(error)
    invalid = sorted(n for n, form in forms.items() if not form.is_blank() and form.errors)
    saved, deleted = list(result.saved), list(result.deleted)
    if drafts:
        saved += [n for n in result.kept if n in result.games]
        deleted += [n for n in result.kept if n not in result.games]
    said = games_said(saved, deleted)
    problems = []
    if invalid:
        problems.append(
            ngettext(
                "Game %(games)s has errors and was not saved; see below.",
                "Games %(games)s have errors and were not saved; see below.",
                len(invalid),
            ) % {"games": number_ranges(invalid)}
        )
    elif result.handed_in:
        said.append(gettext("The score sheet has been handed in. Thank you!"))
    elif result.hand_in_refused is not None:
        problems.append(str(result.hand_in_refused))
    if not said and not problems:
        said.append(gettext("Nothing was changed."))
    return Outcome(said=said, problems=problems, invalid=invalid)


class GamesPage(Page):
    """The page of a sheet kept game by game, answering a plain form's save with a page: the
    sheet again with what went wrong, or a redirect to the first game still empty."""

    service = staticmethod(save_sheet_rows)

    @cached_property
    def stored_games(self) -> dict[int, dict]:
        return sheet_games(self.sheet, self.frame.parties)

    def read(self) -> GamesPost:
        """The posted form; SheetError when its frame (sheet, version, row names) is not one
        of this sheet's forms."""
        refuse_forged_rows(self.request.POST, self.frame)
        return GamesPost(
            **self.read_head(),
            forms=posted_forms(self.frame, self.request.POST),
            parties=self.frame.parties,
        )

    def render(self, code: int = 200, **shown: Any) -> HttpResponse:
        """The sheet page with HTTP status ``code``; ``shown`` as ``sheet_page`` takes it (a
        save's games, typed forms)."""
        frame = self.frame
        page = sheet_page(self.sheet, frame, via_link=self.via_link, **shown)
        context = {
            "page": page,
            "sheet": self.sheet,
            "event": self.sheet.table.round.event,
            "via_link": self.via_link,
            "preview_url": reverse("sheet-preview"),
            "trick_total": TRICK_TOTAL,
            "unusual_bid": UNUSUAL_BID,
            "melds": catalogue(frame.rules),
            "melds_key": melds_key(frame.rules),
            "check_seconds": check_seconds(),
            **self.links(page),
        }
        if not self.via_link:
            context["late_saves"] = late_saves(self.sheet, frame)
        # Jinja2 escapes what it draws (autoescape), so its text goes into the page as it is
        context["rows_html"] = mark_safe(render_to_string(
            "scoring/sheet_rows.html",
            {"rows": page.rows, "t": row_headings(frame)},
            using="jinja2",
        ))
        return render(self.request, "scoring/sheet.html", context, status=code)

    def late_rows(self, posted: GamesPost) -> dict[int, dict[str, str]]:
        """The rows typed through the link that the stored games do not hold."""
        if not self.via_link or not posted.forms:
            return {}
        return late_rows(self.stored_games, self.frame, posted.forms)

    def stale(self, stale: StaleSheet, posted: GamesPost) -> HttpResponse:
        show_error(self.request, stale)
        return self.render(
            code=409, games=stale.games, version=stale.version, forms=posted.forms,
            other_device=stale.current,
        )

    def refused(self, error: SheetError) -> HttpResponse:
        show_error(self.request, error)
        return self.render(code=400)

    def saved(self, result: SaveResult, posted: GamesPost) -> HttpResponse:
        outcome = conclude(posted, result, drafts=False)
        for message in outcome.said:
            messages.success(self.request, message)
        for message in outcome.problems:
            messages.error(self.request, message)
        if outcome.invalid:
            return self.render(
                games=result.games, version=result.version, status=result.status,
                forms=posted.forms,
            )
        missing = result.missing
        return redirect(f"{self.url}#g{missing[0]}" if missing else self.url)


class GamesScript(GamesPage):
    """The same page answering its script with JSON: a save's answer carries the whole sheet
    as it is now (``state``) whenever the sheet could be read. ``outcome``: saved, stale (409:
    another device saved first, ``conflicts`` names its games), locked (403: the link no
    longer works; ``late`` lists what was kept for the desk) or refused (400)."""

    def state(
        self, games: dict, *, version: int, status: str, since: int, until: int | None = None
    ) -> dict:
        """The sheet as its page follows it (``sheet_state``) with the section "Bestätigen"
        and the games others changed after the page's version ``since`` (up to ``until``,
        where given; ``change_notices``)."""
        sheet, via_link = self.sheet, self.via_link
        section = confirm_section(sheet, via_link=via_link, version=version, status=status)
        return {
            **sheet_state(sheet, self.frame, games, version=version, status=status,
                          via_link=via_link),
            "confirmations": confirmations_html(self.request, section),
            "changes": change_notices(
                sheet.pk, since=since, device=device_id(self.request), via_link=via_link,
                until=until,
            ),
        }

    def state_answer(self) -> JsonResponse:
        """The sheet's state for a page that saw version ``?version=`` (none: the current
        one)."""
        sheet = self.sheet
        since = self.request.GET.get("version", "")
        state = self.state(
            self.stored_games, version=sheet.version, status=sheet.status,
            since=int(since) if is_number(since) and len(since) < 12 else sheet.version,
        )
        return JsonResponse({"ok": True, "outcome": "state", **state})

    def stale(self, stale: StaleSheet, posted: GamesPost) -> JsonResponse:
        numbers = self.frame.numbers
        return JsonResponse({
            "ok": False, "outcome": "stale", "message": str(stale),
            "conflicts": {n: describe_values(v, numbers) for n, v in stale.current.items()},
            **self.state(stale.games, version=stale.version, status=self.sheet.status,
                         since=posted.base_version, until=stale.version),
        }, status=409)

    def locked(
        self, locked: SheetLocked, posted: GamesPost, late: Mapping[int, Mapping[str, str]]
    ) -> JsonResponse:
        sheet = self.sheet
        return JsonResponse({
            "ok": False, "outcome": "locked", "message": str(locked),
            "late": describe_late(late, self.frame) if late else [],
            **self.state(self.stored_games, version=sheet.version, status=sheet.status,
                         since=posted.base_version, until=sheet.version),
        }, status=403)

    def refused(self, error: SheetError) -> JsonResponse:
        return refused_json(error)

    def saved(self, result: SaveResult, posted: GamesPost) -> JsonResponse:
        outcome = conclude(posted, result, drafts=True)
        forms = posted.forms
        return JsonResponse({
            "ok": not outcome.problems,
            "outcome": "saved",
            "messages": outcome.said,
            "problems": outcome.problems,
            "errors": {n: forms[n].error_texts for n in outcome.invalid},
            "columns": {n: forms[n].error_columns for n in outcome.invalid},
            **self.state(result.games, version=result.version, status=result.status,
                         since=posted.base_version, until=result.read_version),
        })
