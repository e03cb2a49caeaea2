"""The archive's download on the event page (its organisers) and the import page (an account
that organises the archive's club, or an administrator): parse, call ``transfer.services``,
show the refusal as a message."""

from __future__ import annotations

import base64
import binascii

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from core import limits
from core.errors import UserError
from core.web import account_view, add_form_error, put_focus
from results.exports import file_stem
from tournament.access import organiser_view
from tournament.models import Event
from transfer.archive import TOO_LARGE, build_archive
from transfer.forms import ArchiveForm
from transfer.merge import OURS, THEIRS
from transfer.services import CONFLICTS, CREATED, UNCHANGED, receive_archive

DECIDE = "decide "  # a decision's field: "decide <conflict id>"


@organiser_view
def archive_download(request: HttpRequest, event: Event) -> HttpResponse:
    """The event as one file (tokens, codes, e-mail addresses: never stored by a browser)."""
    response = HttpResponse(build_archive(event=event), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{file_stem(event)}-archiv.zip"'
    return response


def _uploaded(form: ArchiveForm) -> bytes:
    upload = form.cleaned_data.get("file")
    if upload is not None:
        if upload.size > limits.MAX_ARCHIVE_BYTES:
            raise UserError(TOO_LARGE, field="file",
                            megabytes=limits.MAX_ARCHIVE_BYTES // 2**20)
        return upload.read()
    try:
        return base64.b64decode(form.cleaned_data.get("archive") or "", validate=True)
    except (binascii.Error, ValueError):
        return b""


@account_view
def archive_import(request: HttpRequest) -> HttpResponse:
    form = ArchiveForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        data = b""
        try:
            data = _uploaded(form)
            decisions = {
                name.removeprefix(DECIDE): value for name, value in request.POST.items()
                if name.startswith(DECIDE) and value in (THEIRS, OURS)
            }
            result = receive_archive(data=data, user=request.user, decisions=decisions)
        except UserError as error:
            add_form_error(form, error)
        else:
            if result.status != CONFLICTS:
                text = {
                    CREATED: gettext("Tournament imported: %(rows)s rows."),
                    UNCHANGED: gettext("The archive holds nothing new: nothing was changed."),
                }.get(result.status, gettext(
                    "Tournament brought up to date: %(rows)s rows added, %(changed)s "
                    "changed, %(deleted)s deleted."))
                messages.success(request, text % {
                    "rows": result.total("create"), "changed": result.total("update"),
                    "deleted": result.total("delete")})
                if result.dropped_users:
                    messages.warning(request, gettext(
                        "Accounts unknown here were left out: %(names)s.")
                        % {"names": ", ".join(result.dropped_users)})
                return redirect(result.event)
            form = ArchiveForm(initial={"archive": base64.b64encode(data).decode("ascii")})
    put_focus(form, default="file")
    return render(request, "transfer/import.html", {
        "form": form, "result": result, "decide": DECIDE, "theirs": THEIRS, "ours": OURS,
        "max_megabytes": limits.MAX_ARCHIVE_BYTES // 2**20,
    })
