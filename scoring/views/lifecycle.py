"""The organisers close the event after the evening ("Turnier abschließen") and reopen it for a
correction; both are buttons on the event page (``scoring.services.finish``)."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.errors import UserError
from core.web import show_error
from scoring.services.finish import finish_event, reopen_event
from tournament.access import organiser_view
from tournament.models import Event


@organiser_view
@require_POST
def event_finish(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        finish_event(event=event, user=request.user)
    except UserError as error:
        show_error(request, error)
    else:
        messages.success(
            request,
            gettext("The tournament is finished: its results can no longer change."),
        )
    return redirect("event-detail", slug=event.slug)


@organiser_view
@require_POST
def event_reopen(request: HttpRequest, event: Event) -> HttpResponse:
    reopen_event(event=event, user=request.user)
    messages.success(
        request, gettext("The tournament is running again: results can be corrected.")
    )
    return redirect("event-detail", slug=event.slug)
