"""Organiser pages of registration: an entry, withdrawing it, and the participant-list import.

Registering and confirming an import are carried out once per form: the entry form carries a
one-time token, an import's confirmation the preview's key (``tournament.services.submissions``);
sending either again answers with what the first created.
"""

import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from core.audit import changes_text
from core.limits import MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MIN_PLAYER_SEARCH
from core.models import ChangeRecord
from core.web import add_form_error, put_focus, show_error
from tournament.access import desk_view, organiser_view
from tournament.audit import ENTRY_FIELDS
from tournament.forms import EntryForm, ImportConfirmForm, ImportForm
from tournament.imports import (
    ImportFileError,
    ImportRow,
    example_csv,
    file_too_large,
    parse_rows,
    read_table,
)
from tournament.members import ROLES
from tournament.models import Event, FormSubmission
from tournament.selectors.phase import event_phase
from tournament.services import (
    REGISTRATION_CLOSED,
    AlreadySubmitted,
    ImportRejected,
    PossibleDuplicates,
    RegistrationClosed,
    RegistrationError,
    SameNameRegistered,
    check_import,
    import_entries,
    new_form_token,
    next_start_number,
    register_entry,
    reinstate_entry,
    update_entry,
    used_form_token,
    withdraw_entry,
)
from tournament.services.players import players_shared_elsewhere
from tournament.services.submissions import already_submitted
from tournament.views.players import last_events

IMPORT_SESSION_PREFIX = "import:"


@desk_view
def entry_create(request: HttpRequest, event: Event) -> HttpResponse:
    """Register an entry. A player of the same name in the event asks first (the entries are
    listed and "Register anyway" is shown); the form sent twice registers once."""
    closed = event_phase(event).plan_exists
    form = EntryForm(request.POST or None, initial={"form_token": new_form_token()})
    same_name = []
    duplicates = None
    if request.method == "POST":
        if closed:
            messages.error(request, str(REGISTRATION_CLOSED))
            return redirect(event)
        if form.is_valid():
            try:
                entry = register_entry(
                    event=event, user=request.user, ask_when_alike=True, **form.cleaned_data
                )
            except AlreadySubmitted as error:
                messages.info(request, str(error))
                return _after_registering(request, event)
            except RegistrationClosed as error:
                show_error(request, error)
                return redirect(event)
            except SameNameRegistered as error:
                add_form_error(form, error)
                same_name = error.entries
            except PossibleDuplicates as error:
                duplicates = _duplicate_choices(error, form, request.user)
            except RegistrationError as error:
                add_form_error(form, error)
            else:
                messages.success(
                    request,
                    gettext("Start number %(number)s: %(name)s registered.")
                    % {"number": entry.start_number, "name": entry.name},
                )
                return _after_registering(request, event)
    if duplicates is None:  # else the question about a known player takes the focus
        put_focus(form, default=EntryForm.FIRST_FIELD)
    return render(
        request,
        "tournament/entry_form.html",
        {
            "event": event,
            "form": form,
            "entry": None,
            "closed": closed,
            "closed_message": REGISTRATION_CLOSED,
            "next_number": next_start_number(event),
            "same_name": same_name,
            "duplicates": duplicates,
            "search_url": reverse("player-search", kwargs={"slug": event.slug}),
            "min_search": MIN_PLAYER_SEARCH,
        },
    )


def _duplicate_choices(error: PossibleDuplicates, form: EntryForm, user) -> dict:
    """The likely players to choose from, each with the last event they played in that ``user``
    has a role on: for each member (``tournament.members.ROLES``) with likely players, the name
    typed, the form's choice field and the rows."""
    players = [player for likely in error.alike for player, _match in likely]
    latest = last_events([player.pk for player in players], user)
    return {
        "message": str(error),
        "members": [
            {
                "name": form[role.field("name")].value(),
                "field": role.choice_field,
                "rows": [
                    {"player": player, "last_event": latest.get(player.pk)}
                    for player, _match in likely
                ],
            }
            for role, likely in zip(ROLES, error.alike, strict=False)
            if likely
        ],
    }


def _after_registering(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's page, or the empty form again after "Register and add another"."""
    if "another" in request.POST:
        return redirect("entry-create", slug=event.slug)
    return redirect(event)


@desk_view
def entry_edit(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Edit an entry. The page says beforehand which of its players also play in events the
    user does not organise: a change of them makes the entry's own player rows
    (``update_entry``)."""
    entry = get_object_or_404(event.entries.with_players(), pk=pk)
    closed = event_phase(event).plan_exists
    form = EntryForm(
        request.POST or None,
        initial=EntryForm.initial_of(entry),
        editing=True,
        plan_exists=closed,
    )
    if request.method == "POST" and form.is_valid():
        try:
            changes = update_entry(entry=entry, user=request.user, **form.cleaned_data)
        except RegistrationError as error:
            add_form_error(form, error)
        else:
            if changes:
                messages.success(
                    request,
                    gettext("Saved: %(changes)s.")
                    % {"changes": changes_text(changes, ENTRY_FIELDS)},
                )
            else:
                messages.info(request, gettext("Nothing changed."))
            return redirect(event)
    if form.errors:
        put_focus(form, default=EntryForm.FIRST_FIELD)
    history = ChangeRecord.objects.about(entry).select_related("user")[:50]
    return render(
        request,
        "tournament/entry_form.html",
        {
            "event": event,
            "form": form,
            "entry": entry,
            "closed": closed,
            "history": history,
            "shared_elsewhere": players_shared_elsewhere(entry, request.user),
        },
    )


def _entry_action(request: HttpRequest, event: Event, pk: int, service, done: str) -> HttpResponse:
    entry = get_object_or_404(event.entries.with_players(), pk=pk)
    try:
        service(entry=entry, user=request.user)
    except RegistrationError as error:
        show_error(request, error)
        return redirect("entry-edit", slug=event.slug, pk=entry.pk)
    messages.success(request, done % {"number": entry.start_number, "name": entry.name})
    return redirect(event)


@organiser_view
@require_POST
def entry_withdraw(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    return _entry_action(
        request, event, pk, withdraw_entry,
        gettext("Start number %(number)s: %(name)s withdrawn."),
    )


@organiser_view
@require_POST
def entry_reinstate(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    return _entry_action(
        request, event, pk, reinstate_entry,
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


@organiser_view
def import_upload(request: HttpRequest, event: Event) -> HttpResponse:
    """Upload a participant list; a readable file is kept in the session and previewed."""
    closed = event_phase(event).plan_exists
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if closed:
            messages.error(request, str(REGISTRATION_CLOSED))
            return redirect(event)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                if upload.size > MAX_IMPORT_BYTES:
                    raise file_too_large()
                parsed = parse_rows(read_table(upload.name, upload.read(MAX_IMPORT_BYTES + 1)))
            except ImportFileError as error:
                add_form_error(form, error)
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
            "closed_message": REGISTRATION_CLOSED,
            "max_rows": MAX_IMPORT_ROWS,
            "max_megabytes": MAX_IMPORT_BYTES // 2**20,
        },
    )


@organiser_view
def import_preview(request: HttpRequest, event: Event, key: str) -> HttpResponse:
    """Every row of the uploaded list with its problems and warnings; confirming imports the
    rows (those that warn only when ticked) or none. The key is the confirmation's one-time
    token: a second confirmation, also a concurrent one, imports nothing."""
    stored = request.session.get(_import_session_key(key))
    if not stored or stored.get("event") != event.pk:
        earlier = used_form_token(key, kind=FormSubmission.Kind.IMPORT)
        if earlier is not None and earlier.event_id == event.pk:
            messages.info(request, str(already_submitted(earlier)))
            return redirect(event)
        messages.error(
            request, gettext("This import is no longer available; please upload the file again.")
        )
        return redirect("import", slug=event.slug)
    rows = [ImportRow.from_data(data) for data in stored["rows"]]
    numbers = [row.row for row in rows]
    status, included = 200, set()
    if request.method == "POST":
        form = ImportConfirmForm(request.POST, row_numbers=numbers)
        if not form.is_valid() or form.cleaned_data["key"] != key:
            return redirect("import-preview", slug=event.slug, key=key)
        included = set(form.cleaned_data["include"])
        try:
            imported = import_entries(
                event=event,
                user=request.user,
                rows=rows,
                filename=stored["filename"],
                include_rows=included,
                form_token=key,
            )
        except AlreadySubmitted as error:
            request.session.pop(_import_session_key(key), None)
            messages.info(request, str(error))
            return redirect(event)
        except ImportRejected as error:
            show_error(request, error)
            rows, status = error.rows, 400
        except RegistrationClosed as error:
            show_error(request, error)
            return redirect(event)
        except RegistrationError as error:
            show_error(request, error)
            return redirect("import-preview", slug=event.slug, key=key)
        else:
            request.session.pop(_import_session_key(key), None)
            _report_import(request, imported.entries, imported.skipped)
            return redirect(event)
    else:
        check_import(event=event, rows=rows)
    warned = [row for row in rows if row.warnings and not row.problems]
    return render(
        request,
        "tournament/import_preview.html",
        {
            "event": event,
            "key": key,
            "filename": stored["filename"],
            "ignored_columns": stored.get("ignored_columns", []),
            "rows": rows,
            "problem_rows": sum(1 for row in rows if row.problems),
            "warned_rows": len(warned),
            "ready_rows": sum(1 for row in rows if not row.warnings and not row.problems),
            "included": included,
            "pairs": sum(1 for row in rows if row.partner),
            "closed": event_phase(event).plan_exists,
            "closed_message": REGISTRATION_CLOSED,
            "form": ImportConfirmForm(initial={"key": key}, row_numbers=numbers),
        },
        status=status,
    )


def _report_import(request: HttpRequest, entries: list, skipped: list[ImportRow]) -> None:
    messages.success(
        request,
        ngettext("%(count)s entry imported.", "%(count)s entries imported.", len(entries))
        % {"count": len(entries)},
    )
    if skipped:
        messages.warning(
            request,
            ngettext(
                "%(count)s row left out (its player is registered already or appears in an "
                "earlier row): row %(rows)s.",
                "%(count)s rows left out (their players are registered already or appear in "
                "an earlier row): rows %(rows)s.",
                len(skipped),
            )
            % {"count": len(skipped), "rows": ", ".join(str(row.row) for row in skipped)},
        )


@organiser_view
def import_example(request: HttpRequest, event: Event) -> HttpResponse:
    response = HttpResponse(example_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="teilnehmerliste-beispiel.csv"'
    return response
