"""The archive's download on the event page (its organisers), the import page (an account
that organises the archive's club, or an administrator), the archives sent with conflicts that
wait for the event's organisers, and the address the hall's laptop sends an event to with a
sending key (``event_push``, JSON): parse, call ``transfer.services``, show the refusal as a
message."""

from __future__ import annotations

import base64
import binascii

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from clubs.services import use_sending_key
from core import limits
from core.errors import UserError
from core.links import absolute_url
from core.web import account_view, add_form_error, put_focus
from results.exports import file_stem
from tournament.access import organiser_view
from tournament.models import Event
from transfer.archive import TOO_LARGE, build_archive
from transfer.forms import ArchiveForm
from transfer.merge import OURS, THEIRS
from transfer.models import WaitingArchive
from transfer.services import CONFLICTS, CREATED, UNCHANGED, hold_for_decision, receive_archive

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


@organiser_view
def archives_waiting(request: HttpRequest, event: Event) -> HttpResponse:
    """The archives of the event sent with conflicts, each with the button that shows its
    conflicts on the import page to decide them."""
    waiting = [
        (archive, base64.b64encode(bytes(archive.data)).decode("ascii"))
        for archive in WaitingArchive.objects.filter(event=event)
    ]
    return render(request, "transfer/waiting.html", {"event": event, "waiting": waiting})


def _bearer(request: HttpRequest) -> str:
    scheme, _space, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" else ""


@csrf_exempt  # no cookies: the sending key in the Authorization header says who sends
@require_POST
def event_push(request: HttpRequest) -> JsonResponse:
    """Receive an event's archive (the request's body) sent with a sending key of its club
    (``manage.py push_event``); answer in JSON: 200 with what changed, 409 with the conflicts
    and the page where the organisers decide them (the archive waits there), 401 for a key
    wrong or revoked, 400 for an archive refused (its message)."""
    presented = _bearer(request)
    key = use_sending_key(presented) if presented else None
    if key is None:
        return JsonResponse({"error": gettext(
            "This sending key is not valid here (wrong or revoked): nothing was received. "
            "The club's admin issues a new one on the club's page.")}, status=401)
    data = request.body
    try:
        result = receive_archive(data=data, club=key.club)
        if result.status == CONFLICTS:
            hold_for_decision(result=result, data=data, sent_by=key.label)
    except UserError as error:
        return JsonResponse({"error": str(error)}, status=400)
    event = result.event
    if result.status == CONFLICTS:
        return JsonResponse({
            "status": CONFLICTS,
            "conflicts": [
                {"model": line.model, "row": line.row, "field": line.field,
                 "here": line.here, "there": line.there}
                for line in result.conflicts
            ],
            "decide": absolute_url(reverse("event-archives-waiting", args=[event.slug]),
                                   request),
        }, status=409)
    return JsonResponse({
        "status": result.status,
        "event": absolute_url(event.get_absolute_url(), request),
        "added": result.total("create"), "changed": result.total("update"),
        "deleted": result.total("delete"),
    })
