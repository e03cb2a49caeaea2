"""The answer to a player's confirmation of a handed-in sheet on the scorekeeper's phone (the
section "Bestätigen" of the link's page, ``…/bestaetigen/``): the page's script
(``Accept: application/json``) gets JSON with the section as it is now; a plain form gets the
page back at the section, with what happened as a message."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from core.web import show_error
from scoring.models import ScoreSheet, SheetConfirmation
from scoring.pages.sheet import confirmations_html, invalid_link_json, wants_json
from scoring.selectors.confirm_section import confirm_section
from scoring.services import SheetError, SheetLocked


class ConfirmationAnswer:
    """The answers to a confirmation posted through the link ``token``."""

    def __init__(self, request: HttpRequest, token: str) -> None:
        self.request = request
        self.json = wants_json(request)
        self.page = f"{reverse('sheet-link', kwargs={'token': token})}#confirm"

    def _section(self, sheet: ScoreSheet) -> str:
        return confirmations_html(self.request, confirm_section(sheet, via_link=True))

    def invalid_link(self) -> HttpResponse:
        if self.json:
            return invalid_link_json()
        return render(self.request, "scoring/link_invalid.html", status=404)

    def locked(self, locked: SheetLocked) -> HttpResponse:
        if self.json:
            return JsonResponse(
                {"ok": False, "outcome": "locked", "message": str(locked)}, status=403
            )
        return redirect(self.page)  # the page says the link no longer works

    def refused(self, sheet: ScoreSheet, error: SheetError) -> HttpResponse:
        if self.json:
            return JsonResponse({
                "ok": False, "outcome": "refused", "message": str(error),
                "confirmations": self._section(sheet),
            }, status=409 if sheet.status == ScoreSheet.Status.SUBMITTED else 400)
        show_error(self.request, error)
        return redirect(self.page)

    def confirmed(self, sheet: ScoreSheet, confirmation: SheetConfirmation) -> HttpResponse:
        said = gettext(
            "Thank you, No. %(number)s %(name)s: your confirmation is recorded."
        ) % {
            "number": confirmation.start_number,
            "name": confirmation.player.name if confirmation.player else "",
        }
        if self.json:
            return JsonResponse({
                "ok": True, "outcome": "confirmed", "message": said,
                "confirmations": self._section(sheet),
            })
        messages.success(self.request, said)
        return redirect(self.page)
