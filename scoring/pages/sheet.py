"""What every score sheet's page shares, whatever its kind: the sheet seen through its link or
at the desk (``Page``), its addresses, how a posted save names its sheet, version and device
(``Post``), the page of a link that no longer changes the sheet, and the JSON answers that do
not depend on the kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext

from core.web import show_error
from scoring.forms import SheetFrameForm, forged_row_numbers
from scoring.models import ScoreSheet
from scoring.selectors.confirm_section import ConfirmSection, confirm_section
from scoring.selectors.sheet_changes import SheetCheck, describe_late
from scoring.selectors.sheet_frame import DEVICE_SHAPE, SheetFrame, sheet_frame
from scoring.selectors.sheet_page import SheetHead
from scoring.services import SheetError, SheetLocked, StaleSheet
from scoring.sheet_rows import number_ranges

DEVICE_COOKIE = "binokel-device"


def device_id(request: HttpRequest) -> str:
    """The id the sheet page keeps on its device (cookie ``binokel-device``), or ""."""
    device = request.COOKIES.get(DEVICE_COOKIE, "")
    return device if DEVICE_SHAPE.fullmatch(device) else ""


def link_device(request: HttpRequest) -> dict[str, str]:
    """The device of a request through the sheet's link as the sheet's trail records it
    (``{"agent": User-Agent, "address": IP}``, see ``scoring.services.sheets.save_sheet_rows``)."""
    return {"agent": request.headers.get("User-Agent", ""),
            "address": request.META.get("REMOTE_ADDR", "")}


def wants_json(request: HttpRequest) -> bool:
    """Whether the page's script sent the request (``Accept: application/json``)."""
    return "application/json" in request.headers.get("Accept", "")


def desk_urls(sheet: ScoreSheet) -> dict[str, str]:
    """The addresses of the desk's page of ``sheet`` and of what it posts and asks."""
    table = sheet.table
    kwargs = {"slug": table.round.event.slug, "number": table.round.number, "table": table.number}
    return {
        "edit_url": reverse("sheet-edit", kwargs=kwargs),
        "save_url": reverse("sheet-edit-save", kwargs=kwargs),
        "check_url": reverse("sheet-edit-check", kwargs=kwargs),
        "state_url": reverse("sheet-edit-state", kwargs=kwargs),
        "status_url": reverse("sheet-status", kwargs=kwargs),
        "changes_url": reverse("sheet-changes", kwargs=kwargs),
        "new_link_url": reverse("sheet-new-link", kwargs=kwargs),
        "overview_url": reverse(
            "round-sheets", kwargs={"slug": kwargs["slug"], "number": kwargs["number"]}
        ),
    }


def link_urls(sheet: ScoreSheet) -> dict[str, str]:
    """The addresses the link's page of ``sheet`` posts to and asks."""
    kwargs = {"token": sheet.token}
    return {
        "save_url": reverse("sheet-link-save", kwargs=kwargs),
        "check_url": reverse("sheet-link-check", kwargs=kwargs),
        "state_url": reverse("sheet-link-state", kwargs=kwargs),
    }


def confirm_url(sheet: ScoreSheet) -> str:
    return reverse("sheet-link-confirm", kwargs={"token": sheet.token})


def confirmations_html(request: HttpRequest, section: ConfirmSection) -> str:
    """The section "Bestätigen" as the page shows it, for the page's script to put in; on the
    desk's page with the form that records the signatures on paper (``status_url``)."""
    context = {"confirm": section, "confirm_url": confirm_url(section.sheet)}
    if not section.via_link:
        context["status_url"] = desk_urls(section.sheet)["status_url"]
    return render_to_string("scoring/_player_confirmations.html", context, request=request)


def invalid_link_json() -> JsonResponse:
    """What the page's script gets for a link that names no sheet."""
    return JsonResponse(
        {"ok": False, "outcome": "refused", "message": gettext("This link is not valid.")},
        status=404,
    )


def check_answer(check: SheetCheck | None) -> JsonResponse:
    """The version check of an open sheet page (``scoring.selectors.sheet_changes.sheet_check``)."""
    if check is None:
        return invalid_link_json()
    return JsonResponse(check.answer())


def refused_json(error: SheetError) -> JsonResponse:
    """A save refused before anything was stored, for the page's script."""
    return JsonResponse({"ok": False, "outcome": "refused", "message": str(error)}, status=400)


def refuse_forged_rows(data: Mapping[str, Any], frame: SheetFrame) -> None:
    """SheetError when the posted form names a game the sheet does not have."""
    forged = forged_row_numbers(list(data), frame.games)
    if forged:
        raise SheetError(
            gettext_noop(
                "The form names game %(number)s, which this score sheet does not have; "
                "nothing was saved."
            ),
            number=forged[0][:6],
        )


def games_said(saved: list[int], deleted: list[int]) -> list[str]:
    """What a save did to the games, in words: the games saved, the games deleted."""
    said = []
    if saved:
        said.append(
            ngettext("Game %(games)s saved.", "Games %(games)s saved.", len(saved))
            % {"games": number_ranges(sorted(saved))}
        )
    if deleted:
        said.append(
            ngettext("Game %(games)s deleted.", "Games %(games)s deleted.", len(deleted))
            % {"games": number_ranges(sorted(deleted))}
        )
    return said


@dataclass(kw_only=True)
class Post:
    """A posted save as plain values, read in full before the save: the sheet's version the
    page was built on, the id the page's script gives the save, whether to hand the sheet in,
    and the device (``device``: through the link; ``device_id``: the page's cookie); a kind
    adds its rows or figures. ``arguments``: all of it as the keywords of the kind's save
    service beside ``sheet`` and ``user``."""

    base_version: int
    save_id: str
    hand_in: bool
    device: dict[str, str] | None
    device_id: str
    arguments: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        self.arguments = {"base_version": self.base_version, "save_id": self.save_id,
                          "hand_in": self.hand_in, "device": self.device,
                          "device_id": self.device_id}


class Page:
    """One score sheet's page for one request, through its link (``via_link``: no account) or
    at the desk. A kind of sheet (``scoring.pages.games``, ``scoring.pages.figures``) reads a
    posted save into plain values (``read``), names its save service (``service``) and builds
    the answer to what the service did (``saved``) or refused (``stale``, ``locked``,
    ``refused``): the page again, a redirect with what was done, or JSON for the page's
    script."""

    service: Callable[..., Any]
    """The kind's save service, called with ``sheet``, ``user`` and ``Post.arguments``."""

    def __init__(self, request: HttpRequest, sheet: ScoreSheet, *, via_link: bool) -> None:
        self.request = request
        self.sheet = sheet
        self.via_link = via_link

    @cached_property
    def frame(self) -> SheetFrame:
        return sheet_frame(self.sheet)

    @property
    def url(self) -> str:
        """The page's address (a plain form's save comes back to it)."""
        if self.via_link:
            return reverse("sheet-link", kwargs={"token": self.sheet.token})
        return desk_urls(self.sheet)["edit_url"]

    def links(self, shown: SheetHead) -> dict[str, object]:
        """What the page shows around its figures: the players' confirmation section for the
        page ``shown``, and the addresses of the link's or the desk's page."""
        links: dict[str, object] = {"confirm": confirm_section(
            self.sheet, via_link=self.via_link, version=shown.version, status=shown.status
        )}
        if self.via_link:
            links.update(link_urls(self.sheet))
            links["confirm_url"] = confirm_url(self.sheet)
        else:
            links.update(desk_urls(self.sheet))
        return links

    def read_head(self) -> dict[str, Any]:
        """The fields of ``Post`` every posted save has (``SheetFrameForm``: sheet, version,
        save id; the action; the device); SheetError when the form is damaged or belongs to
        another sheet."""
        head = SheetFrameForm(self.request.POST)
        if not head.is_valid():
            raise SheetError(
                gettext_noop(
                    "The form is incomplete or damaged; nothing was saved. Please reload the page."
                )
            )
        if head.cleaned_data["sheet"] != self.sheet.pk:
            raise SheetError(
                gettext_noop("This form belongs to another score sheet; nothing was saved.")
            )
        return {
            "base_version": head.cleaned_data["version"],
            "save_id": head.cleaned_data["save_id"],
            "hand_in": self.request.POST.get("action") == "submit",
            "device": link_device(self.request) if self.via_link else None,
            "device_id": device_id(self.request),
        }

    def read(self) -> Post:
        """The posted save as plain values; SheetError when it is not one of the page's
        forms."""
        raise NotImplementedError

    def render(self, code: int = 200, **shown: Any) -> HttpResponse:
        """The page with HTTP status ``code``; ``shown`` what a save left to show."""
        raise NotImplementedError

    def closed(self, locked: SheetLocked, *, late: list | None = None) -> HttpResponse:
        """The link no longer changes the sheet; what was typed and not saved (``late``), and
        what to do. The page's script lists the games still kept on the phone and sends them to
        the desk."""
        return render(
            self.request,
            "scoring/link_closed.html",
            {
                "message": str(locked),
                "event": self.sheet.table.round.event,
                "sheet": self.sheet,
                "late": late or [],
                "save_url": link_urls(self.sheet)["save_url"],
            },
            status=403,
        )

    def late_rows(self, posted: Post) -> dict[int, dict[str, str]]:
        """Of a save the link could no longer make, the rows to keep for the desk as typed
        (``scoring.services.record_late_save``); a form of figures keeps none."""
        return {}

    def stale(self, stale: StaleSheet, posted: Post) -> HttpResponse:
        raise NotImplementedError

    def locked(
        self, locked: SheetLocked, posted: Post, late: Mapping[int, Mapping[str, str]]
    ) -> HttpResponse:
        """A plain form's save the sheet no longer takes: at the desk the page again with why;
        through the link the page of a closed link, with the rows kept for the desk
        (``late``, as ``late_rows`` found them)."""
        if not self.via_link:
            show_error(self.request, locked)
            return redirect(self.url)
        return self.closed(locked, late=describe_late(late, self.frame) if late else [])

    def refused(self, error: SheetError) -> HttpResponse:
        raise NotImplementedError

    def saved(self, result: Any, posted: Post) -> HttpResponse:
        raise NotImplementedError
