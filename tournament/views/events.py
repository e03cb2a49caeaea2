"""Organiser pages of an event: its page with the entries, creating and editing it, creating one
like it ("Wie beim letzten Mal"), its log."""

from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django_tables2 import RequestConfig

from clubs.access import organises_club
from core import audit
from core.backups import backup_state
from core.web import add_form_error, put_focus
from tournament.access import account_view, desk_view, organiser_view
from tournament.clock import round_clock
from tournament.filters import EntryFilter
from tournament.forms import EventCopyForm, EventForm
from tournament.models import Event, FormSubmission, Round
from tournament.selectors.phase import event_phase
from tournament.services import (
    AlreadySubmitted,
    EventError,
    copy_event,
    create_event,
    new_form_token,
    update_event,
    used_form_token,
)
from tournament.services.submissions import already_submitted
from tournament.tables import OrganiserEntryTable


def entry_counts(event: Event) -> dict[str, int]:
    """Active singles, pairs and stand-ins, and withdrawn entries, in one query."""
    active = Q(is_withdrawn=False)
    return event.entries.aggregate(
        singles=Count("pk", filter=active & Q(partner__isnull=True)),
        pairs=Count("pk", filter=active & Q(partner__isnull=False)),
        stand_ins=Count("pk", filter=active & Q(is_stand_in=True)),
        withdrawn=Count("pk", filter=Q(is_withdrawn=True)),
    )


@desk_view
def event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    entry_filter = EntryFilter(
        request.GET, queryset=event.entries.with_players().select_related("event")
    )
    table = OrganiserEntryTable(entry_filter.qs)
    RequestConfig(request, paginate=False).configure(table)
    phase = event_phase(event)
    return render(
        request,
        "tournament/event_detail.html",
        {
            "event": event,
            "table": table,
            "counts": entry_counts(event),
            "entry_filter": entry_filter,
            "phase": phase,
            "registration_closed": phase.plan_exists,
            "next_release": next_release(event),
            "clock": round_clock(event),
            # the organisers' line about the backups (README, "After a crash")
            "backup": backup_state() if request.access.organiser else None,
            # "Wie beim letzten Mal" creates an event of the club: for its admins and organisers
            "may_copy": request.access.organiser and organises_club(request.user, event.club),
        },
    )


def next_release(event: Event) -> Round | None:
    """The round to release next for the seat lookup: the first one neither released nor
    closed (None once every round is, or when the event is finished)."""
    if event_phase(event).finished:
        return None
    return event.rounds.filter(released=False, closed=False).order_by("number").first()


@account_view
def event_create(request: HttpRequest) -> HttpResponse:
    """Create an event of one of the user's clubs; the form sent twice creates it once and
    then shows it. An account that organises no club's events is told whom to ask."""
    form = EventForm(
        request.POST or None, initial={"form_token": new_form_token()}, user=request.user
    )
    if not request.user.is_superuser and not form.fields["club"].queryset.exists():
        return render(request, "tournament/event_form.html", {"form": None, "event": None})
    if request.method == "POST" and (sent := _sent_before(request)) is not None:
        return sent
    if request.method == "POST" and form.is_valid():
        try:
            event = create_event(user=request.user, **form.cleaned_data)
        except AlreadySubmitted as error:
            messages.info(request, str(error))
            return redirect(error.submission.event or "home")
        except EventError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request, gettext("Tournament “%(name)s” created.") % {"name": event.name}
            )
            return redirect(event)
    put_focus(form, default="name")
    return render(request, "tournament/event_form.html", {"form": form, "event": None})


def _sent_before(request: HttpRequest) -> HttpResponse | None:
    """A form creating an event sent again: the event it created, answered before the form is
    checked (its short name is taken now); None for a form not sent before."""
    token = request.POST.get("form_token", "")
    earlier = used_form_token(token, kind=FormSubmission.Kind.EVENT)
    if earlier is None or earlier.event is None:
        return None
    messages.info(request, str(already_submitted(earlier)))
    return redirect(earlier.event)


@organiser_view
def event_copy(request: HttpRequest, event: Event) -> HttpResponse:
    """Create an event of the club like this one ("Wie beim letzten Mal"): the form asks its
    name, short name and date, filled from this one (``EventCopyForm.initial_of``); sent twice
    it creates the event once and then shows it. An organiser of this event who does not
    organise its club is told who may."""
    if not organises_club(request.user, event.club):
        return render(request, "tournament/event_copy.html", {"event": event, "form": None})
    form = EventCopyForm(
        request.POST or None,
        initial={
            **EventCopyForm.initial_of(event, today=timezone.localdate()),
            "form_token": new_form_token(),
        },
    )
    if request.method == "POST" and (sent := _sent_before(request)) is not None:
        return sent
    if request.method == "POST" and form.is_valid():
        try:
            created = copy_event(source=event, user=request.user, **form.cleaned_data)
        except AlreadySubmitted as error:
            messages.info(request, str(error))
            return redirect(error.submission.event or "home")
        except EventError as error:
            add_form_error(form, error)
        else:
            messages.success(request, gettext(
                "Tournament “%(name)s” created like “%(source)s”. Please check its settings; "
                "the online registration is closed until you open it."
            ) % {"name": created.name, "source": event.name})
            return redirect(created)
    put_focus(form, default="name")
    return render(request, "tournament/event_copy.html", {"event": event, "form": form})


@organiser_view
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    # The form validates a copy: a refused change leaves the page's event as it is.
    form = EventForm(
        request.POST or None,
        instance=Event.objects.get(pk=event.pk),
        plan_exists=event_phase(event).plan_exists,
    )
    if request.method == "POST" and form.is_valid():
        try:
            update_event(event=event, user=request.user, **form.cleaned_data)
        except EventError as error:
            add_form_error(form, error)
        else:
            messages.success(request, gettext("Tournament saved."))
            return redirect(form.instance)  # holds the saved values, a new short name too
    if form.errors:
        put_focus(form, default="name")
    return render(request, "tournament/event_form.html", {"form": form, "event": event})


KIND_PARAM = "art"  # which records: "alle", or a filter's kind ("turnier", "zettel", "kasse")
ALL_KINDS = "alle"
PAGE_PARAM = "seite"
LOG_PER_PAGE = 100
MAX_LOG_PAGE = 10_000  # a page number past it is the last page


def _page_number(value: str) -> int:
    try:
        return min(max(1, int(value)), MAX_LOG_PAGE)
    except ValueError:
        return 1


@desk_view
def change_log(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's change log: the records of every app (its sheets', its money's, …), newest
    first, 100 a page; ``?art=zettel`` shows only those under one filter (``core.audit.Filter``,
    registered by the apps), ``?seite=2`` the next older page."""
    filters = audit.filters()
    kind = request.GET.get(KIND_PARAM, ALL_KINDS)
    if kind not in {shown.kind for shown in filters}:
        kind = ALL_KINDS
    page = audit.event_log(
        event,
        kinds=None if kind == ALL_KINDS else [kind],
        page=_page_number(request.GET.get(PAGE_PARAM, "")),
        per_page=LOG_PER_PAGE,
    )
    url = reverse("change-log", args=[event.slug])

    def link(kind: str, number: int = 1) -> str:
        query = {
            **({KIND_PARAM: kind} if kind != ALL_KINDS else {}),
            **({PAGE_PARAM: number} if number > 1 else {}),
        }
        return f"{url}?{urlencode(query)}" if query else url

    links = [
        (link(value), label, value == kind)
        for value, label in [
            (ALL_KINDS, gettext("All")),
            *((shown.kind, gettext(shown.label)) for shown in filters),
        ]
    ]
    return render(
        request,
        "tournament/change_log.html",
        {
            "event": event,
            "page": page,
            "filters": links,
            "previous_url": link(kind, page.number - 1) if page.has_previous else "",
            "next_url": link(kind, page.number + 1) if page.has_next else "",
        },
    )
