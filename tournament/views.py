import secrets

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from tournament.filters import EntryFilter
from tournament.forms import (
    EntryForm,
    EventForm,
    GenerateForm,
    ImportConfirmForm,
    ImportForm,
    LookupForm,
    ReplaceForm,
    SwapForm,
)
from tournament.imports import (
    MAX_FILE_BYTES,
    MAX_ROWS,
    ImportFileError,
    ImportRow,
    check_rows,
    example_csv,
    parse_rows,
    read_table,
)
from tournament.models import Event, Round
from tournament.plan import by_name, chunked, game_rows, load_plan, schedules
from tournament.seating import SeatingError
from tournament.services import (
    ImportRejected,
    PlanError,
    RegistrationClosed,
    RegistrationError,
    add_entry,
    discard_plan,
    generate_plan,
    import_entries,
    next_start_number,
    plan_exists,
    plan_is_locked,
    registration_closed_message,
    reinstate_entry,
    release_round,
    replace_entry,
    swap_entries,
    update_entry,
    withdraw_entry,
)
from tournament.tables import ChangeLogTable, OrganiserEntryTable


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournament/home.html", {"events": Event.objects.all()})


@login_required
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    entry_filter = EntryFilter(
        request.GET, queryset=event.entries.with_players().select_related("event")
    )
    table = OrganiserEntryTable(entry_filter.qs)
    RequestConfig(request, paginate=False).configure(table)
    counts = entry_counts(event)
    return render(
        request,
        "tournament/event_detail.html",
        {
            "event": event,
            "table": table,
            "counts": counts,
            "entry_filter": entry_filter,
            "registration_closed": plan_exists(event),
        },
    )


# --------------------------------------------------------------------------------------------
# Seating plan (organisers), its printouts, and the public seat lookup
# --------------------------------------------------------------------------------------------


def _plan_context(event: Event, **forms_) -> dict:
    plan = load_plan(event)
    exists = any(round_rows.tables for round_rows in plan)
    return {
        "event": event,
        "plan": plan,
        "plan_exists": exists,
        "locked": plan_is_locked(event),
        "generate_form": forms_.get("generate_form") or GenerateForm(plan_exists=exists),
        "swap_form": forms_.get("swap_form") or SwapForm(event=event),
        "replace_form": forms_.get("replace_form") or ReplaceForm(event=event),
        "seated": sum(len(table.seats) for table in plan[0].tables) if plan else 0,
    }


def _plan_form_errors(request: HttpRequest, event: Event, **forms_) -> HttpResponse:
    """The plan page again, showing the errors of the form that was sent."""
    return render(request, "tournament/plan.html", _plan_context(event, **forms_), status=400)


@login_required
def plan_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return render(request, "tournament/plan.html", _plan_context(event))


@login_required
@require_POST
def plan_generate(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = GenerateForm(request.POST, plan_exists=plan_exists(event))
    if not form.is_valid():
        return _plan_form_errors(request, event, generate_form=form)
    try:
        generate_plan(event=event, user=request.user)
    except SeatingError as error:
        messages.error(request, error.translated(gettext))
    except PlanError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("The seating plan has been generated."))
    return redirect("plan", slug=event.slug)


@login_required
@require_POST
def plan_discard(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = GenerateForm(request.POST, plan_exists=plan_exists(event))
    if not form.is_valid():
        return _plan_form_errors(request, event, generate_form=form)
    try:
        discard_plan(event=event, user=request.user)
    except PlanError as error:
        messages.error(request, str(error))
        return redirect("plan", slug=event.slug)
    messages.success(
        request,
        gettext("The seating plan has been discarded: entries can be registered again."),
    )
    return redirect("event-detail", slug=event.slug)


@login_required
@require_POST
def plan_swap(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = SwapForm(request.POST, event=event)
    if not form.is_valid():
        return _plan_form_errors(request, event, swap_form=form)
    data = form.cleaned_data
    try:
        warnings = swap_entries(
            round=data["round_obj"],
            first=data["first_entry"],
            second=data["second_entry"],
            user=request.user,
        )
    except PlanError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            gettext("Round %(round)s: start numbers %(first)s and %(second)s swapped.")
            % {"round": data["round"], "first": data["first"], "second": data["second"]},
        )
        for warning in warnings:
            messages.warning(request, warning)
    return redirect("plan", slug=event.slug)


@login_required
@require_POST
def plan_replace(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = ReplaceForm(request.POST, event=event)
    if not form.is_valid():
        return _plan_form_errors(request, event, replace_form=form)
    data = form.cleaned_data
    try:
        new = replace_entry(
            absent=data["absent_entry"],
            name=data["name"],
            partner_name=data["partner_name"],
            club=data["club"],
            stand_in=data["stand_in"],
            start_number=data["start_number"],
            user=request.user,
        )
    except PlanError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            gettext("Start number %(new)s (%(name)s) takes the seats of start number %(absent)s.")
            % {"new": new.start_number, "name": new.name, "absent": data["absent"]},
        )
    return redirect("plan", slug=event.slug)


@login_required
@require_POST
def plan_release(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    released = request.POST.get("released") == "1"
    release_round(round=round_, released=released, user=request.user)
    if released:
        messages.success(
            request,
            gettext("Round %(round)s is released: players can look up their seats.")
            % {"round": number},
        )
    else:
        messages.success(
            request,
            gettext("Round %(round)s is hidden from the seat lookup.") % {"round": number},
        )
    return redirect("plan", slug=event.slug)


PRINTOUTS = {
    "plan": "tournament/print/plan.html",
    "numbers": "tournament/print/list.html",
    "names": "tournament/print/list.html",
    "cards": "tournament/print/cards.html",
    "sheets": "tournament/print/sheets.html",
    "slips": "tournament/print/slips.html",
}


def _round_filter(request: HttpRequest) -> list[int] | None:
    """``?durchgang=2`` prints one round only; anything else prints every round."""
    value = request.GET.get("durchgang", "")
    return [int(value)] if value.isdigit() and len(value) < 4 else None


@login_required
def plan_printout(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    plan = load_plan(event, _round_filter(request))
    context = {
        "event": event,
        "plan": plan,
        "kind": kind,
        "plan_exists": any(round_rows.tables for round_rows in plan),
    }
    if kind in {"numbers", "names", "slips"}:
        entry_schedules = sorted(
            schedules(plan).values(), key=lambda schedule: schedule.entry.start_number
        )
        context["schedules"] = entry_schedules
        if kind == "names":
            context["name_rows"] = by_name(entry_schedules)
        if kind == "slips":
            context["pages"] = chunked(entry_schedules, 6)
    if kind == "cards":
        # two cards per page; every round starts on a new page
        context["pages"] = [
            page for round_rows in plan for page in chunked(round_rows.tables, 2)
        ]
    if kind == "sheets":
        context["sheets"] = [
            {
                "table": table,
                "games": game_rows(table, event.games_per_round),
                "parties": table.parties,
            }
            for round_rows in plan
            for table in round_rows.tables
        ]
    return render(request, PRINTOUTS[kind], context)


def seat_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """Public: a player types a start number and sees their seats in the released rounds."""
    event = get_object_or_404(Event, slug=slug)
    form = LookupForm(request.GET or None)
    context: dict = {"event": event, "form": form}
    if form.is_valid():
        number = form.cleaned_data["nr"]
        entry = event.entries.with_players().filter(start_number=number).first()
        context["number"] = number
        context["entry"] = entry
        if entry is not None:
            rounds = list(event.rounds.order_by("number"))
            released = [round_.number for round_ in rounds if round_.released]
            plan = load_plan(event, released)
            schedule = schedules(plan).get(entry.pk)
            placements = {
                placement.round.number: placement
                for placement in (schedule.placements if schedule else [])
                if placement is not None
            }
            numbers = [round_.number for round_ in rounds] or range(1, event.round_count + 1)
            context["rounds"] = [
                {"number": n, "released": n in released, "placement": placements.get(n)}
                for n in numbers
            ]
    return render(request, "tournament/lookup.html", context)


# --------------------------------------------------------------------------------------------
# Registration (organisers): events, entries, the participant-list import, the change log
# --------------------------------------------------------------------------------------------

IMPORT_SESSION_PREFIX = "import:"


def entry_counts(event: Event) -> dict[str, int]:
    """Active singles, pairs and stand-ins, and withdrawn entries, in one query."""
    active = Q(is_withdrawn=False)
    return event.entries.aggregate(
        singles=Count("pk", filter=active & Q(partner__isnull=True)),
        pairs=Count("pk", filter=active & Q(partner__isnull=False)),
        stand_ins=Count("pk", filter=active & Q(is_stand_in=True)),
        withdrawn=Count("pk", filter=Q(is_withdrawn=True)),
    )


def _save_event(form: EventForm) -> Event | None:
    """Save the form's event; a short name taken meanwhile becomes a form error."""
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        form.add_error(
            "slug",
            gettext("The short name “%(slug)s” is already used by another tournament.")
            % {"slug": form.cleaned_data.get("slug", "")},
        )
        return None


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = _save_event(form)
        if event is not None:
            messages.success(
                request, gettext("Tournament “%(name)s” created.") % {"name": event.name}
            )
            return redirect(event)
    return render(request, "tournament/event_form.html", {"form": form, "event": None})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    form = EventForm(
        request.POST or None,
        instance=get_object_or_404(Event, pk=event.pk),
        plan_exists=plan_exists(event),
    )
    if request.method == "POST" and form.is_valid():
        saved = _save_event(form)
        if saved is not None:
            messages.success(request, gettext("Tournament saved."))
            return redirect(saved)
    return render(request, "tournament/event_form.html", {"form": form, "event": event})


def _form_error(form: forms.Form, error: RegistrationError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


@login_required
def entry_create(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    closed = plan_exists(event)
    form = EntryForm(request.POST or None)
    if request.method == "POST":
        if closed:
            messages.error(request, registration_closed_message())
            return redirect(event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                entry = add_entry(
                    event=event,
                    user=request.user,
                    name=data["name"],
                    partner_name=data["partner_name"],
                    club=data["club"],
                    notes=data["notes"],
                    start_number=data["start_number"],
                    is_stand_in=data["is_stand_in"],
                )
            except RegistrationClosed as error:
                messages.error(request, error.message)
                return redirect(event)
            except RegistrationError as error:
                _form_error(form, error)
            else:
                messages.success(
                    request,
                    gettext("Start number %(number)s: %(name)s registered.")
                    % {"number": entry.start_number, "name": entry.name},
                )
                if "another" in request.POST:
                    return redirect("entry-create", slug=event.slug)
                return redirect(event)
    return render(
        request,
        "tournament/entry_form.html",
        {
            "event": event,
            "form": form,
            "entry": None,
            "closed": closed,
            "closed_message": registration_closed_message(),
            "next_number": next_start_number(event),
        },
    )


@login_required
def entry_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    entry = get_object_or_404(event.entries.with_players(), pk=pk)
    closed = plan_exists(event)
    initial = {
        "name": entry.player.name,
        "partner_name": entry.partner.name if entry.partner else "",
        "club": entry.player.club,
        "notes": entry.notes,
        "start_number": entry.start_number,
        "is_stand_in": entry.is_stand_in,
    }
    form = EntryForm(request.POST or None, initial=initial, editing=True, plan_exists=closed)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            changes = update_entry(
                entry=entry,
                user=request.user,
                name=data["name"],
                partner_name=data["partner_name"],
                club=data["club"],
                notes=data["notes"],
                start_number=data["start_number"],
                is_stand_in=data["is_stand_in"],
            )
        except RegistrationError as error:
            _form_error(form, error)
        else:
            if changes:
                messages.success(
                    request,
                    gettext("Saved: %(changes)s.") % {"changes": "; ".join(changes)},
                )
            else:
                messages.info(request, gettext("Nothing changed."))
            return redirect(event)
    history = entry.changes.select_related("user")[:50]
    return render(
        request,
        "tournament/entry_form.html",
        {"event": event, "form": form, "entry": entry, "closed": closed, "history": history},
    )


def _entry_action(request: HttpRequest, slug: str, pk: int, service, done: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    entry = get_object_or_404(event.entries.with_players(), pk=pk)
    try:
        service(entry=entry, user=request.user)
    except RegistrationError as error:
        messages.error(request, error.message)
        return redirect("entry-edit", slug=event.slug, pk=entry.pk)
    messages.success(request, done % {"number": entry.start_number, "name": entry.name})
    return redirect(event)


@login_required
@require_POST
def entry_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _entry_action(
        request, slug, pk, withdraw_entry,
        gettext("Start number %(number)s: %(name)s withdrawn."),
    )


@login_required
@require_POST
def entry_reinstate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    return _entry_action(
        request, slug, pk, reinstate_entry,
        gettext("Start number %(number)s: %(name)s registered again."),
    )


def _import_session_key(key: str) -> str:
    return IMPORT_SESSION_PREFIX + key


def _store_import(session, data: dict) -> str:
    """Keep a parsed list in the session under a new random key (dropping older ones)."""
    for old in [name for name, _value in session.items() if name.startswith(IMPORT_SESSION_PREFIX)]:
        del session[old]
    key = secrets.token_urlsafe(16)
    session[_import_session_key(key)] = data
    return key


@login_required
def import_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a participant list; a readable file is kept in the session and previewed."""
    event = get_object_or_404(Event, slug=slug)
    closed = plan_exists(event)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if closed:
            messages.error(request, registration_closed_message())
            return redirect(event)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                if upload.size > MAX_FILE_BYTES:
                    raise ImportFileError(
                        gettext("The file is too large: at most %(size)s MB.")
                        % {"size": MAX_FILE_BYTES // 2**20}
                    )
                parsed = parse_rows(read_table(upload.name, upload.read(MAX_FILE_BYTES + 1)))
            except ImportFileError as error:
                form.add_error("file", str(error))
            else:
                key = _store_import(
                    request.session,
                    {
                        "event": event.pk,
                        "filename": upload.name,
                        "ignored_columns": parsed.ignored_columns,
                        "rows": [row.as_data() for row in parsed.rows],
                    },
                )
                return redirect("import-preview", slug=event.slug, key=key)
    return render(
        request,
        "tournament/import_upload.html",
        {
            "event": event,
            "form": form,
            "closed": closed,
            "closed_message": registration_closed_message(),
            "max_rows": MAX_ROWS,
        },
    )


@login_required
def import_preview(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """Every row of the uploaded list with its problems; confirming imports all rows or none."""
    event = get_object_or_404(Event, slug=slug)
    stored = request.session.get(_import_session_key(key))
    if not stored or stored.get("event") != event.pk:
        messages.error(
            request, gettext("This import is no longer available; please upload the file again.")
        )
        return redirect("import", slug=event.slug)
    rows = [ImportRow.from_data(data) for data in stored["rows"]]
    status = 200
    if request.method == "POST":
        form = ImportConfirmForm(request.POST)
        if not form.is_valid() or form.cleaned_data["key"] != key:
            return redirect("import-preview", slug=event.slug, key=key)
        try:
            entries = import_entries(
                event=event, user=request.user, rows=rows, filename=stored["filename"]
            )
        except ImportRejected as error:
            messages.error(request, error.message)
            rows, status = error.rows, 400
        except RegistrationError as error:
            messages.error(request, error.message)
            return redirect(event)
        else:
            del request.session[_import_session_key(key)]
            messages.success(
                request,
                ngettext(
                    "%(count)s entry imported.", "%(count)s entries imported.", len(entries)
                )
                % {"count": len(entries)},
            )
            return redirect(event)
    else:
        check_rows(rows, set(event.entries.values_list("start_number", flat=True)))
    problem_rows = sum(1 for row in rows if row.problems)
    return render(
        request,
        "tournament/import_preview.html",
        {
            "event": event,
            "key": key,
            "filename": stored["filename"],
            "ignored_columns": stored.get("ignored_columns", []),
            "rows": rows,
            "problem_rows": problem_rows,
            "pairs": sum(1 for row in rows if row.partner),
            "closed": plan_exists(event),
            "closed_message": registration_closed_message(),
            "form": ImportConfirmForm(initial={"key": key}),
        },
        status=status,
    )


@login_required
def import_example(request: HttpRequest, slug: str) -> HttpResponse:
    get_object_or_404(Event, slug=slug)
    response = HttpResponse(example_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="teilnehmerliste-beispiel.csv"'
    return response


@login_required
def change_log(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    table = ChangeLogTable(event.changes.select_related("entry", "user"))
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(request, "tournament/change_log.html", {"event": event, "table": table})
