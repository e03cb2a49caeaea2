"""Pages of the online registration.

Public: the registration form of an event (``signup``), and a registration's own page behind
the unguessable link of its e-mail (``signup-manage``: see it, cancel it, delete its data).
Organisers and helpers (``tournament.access``): the registrations with their e-mail addresses
(``signup-list``, the desk's too), the printable poster with the form's QR code; the
organisers alone: the settings, closing early and moving registrations.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited

from core.errors import UserError
from core.limits import MAX_SIGNUPS_PER_MINUTE, SIGNUP_NOTICE_MINUTES
from core.links import absolute_url
from core.security import client_address
from core.web import add_form_error, show_error
from signup import services
from signup.emails import desk_path
from signup.forms import ManageForm, MoveForm, SettingsForm, SignupForm
from signup.models import Registration, SignupSettings
from signup.selectors import overview, registered_count, takes_registrations, waiting_place
from tournament.access import desk_view, organiser_view
from tournament.models import Event
from tournament.selectors.phase import event_phase

RATE_GROUP = "signup"
NOTICE_GROUP = "signup-notice"
TOO_MANY = 429


def site(request: HttpRequest) -> str:
    """Where the e-mails' links start: PUBLIC_URL, else the address the page was opened under."""
    return absolute_url("/", request).rstrip("/")


def _address(group: str, request: HttpRequest) -> str:
    return client_address(request) or ""


def too_many(request: HttpRequest) -> bool:
    """This registration is one too many from the client's address in the last minute
    (counted in the cache by django-ratelimit; every call counts)."""
    return is_ratelimited(
        request,
        group=RATE_GROUP,
        key=_address,
        rate=f"{MAX_SIGNUPS_PER_MINUTE}/m",
        increment=True,
    )


def _state(event: Event, settings: SignupSettings) -> str:
    """What the public page can offer: "open", "waiting" (only the waiting list), "full"
    (neither) or "closed" (also once the event is past its preparation)."""
    if not takes_registrations(event, settings):
        return "closed"
    if registered_count(event) < settings.capacity:
        return "open"
    return "waiting" if settings.waiting_list else "full"


def notified_lately(request: HttpRequest, email: str) -> bool:
    """A "registered already" e-mail went to ``email`` within the last
    ``SIGNUP_NOTICE_MINUTES`` (counted in the cache by django-ratelimit; every call counts):
    nobody can have another's mailbox filled through the form."""
    address = email.casefold()
    return is_ratelimited(
        request,
        group=NOTICE_GROUP,
        key=lambda _group, _request: address,
        rate=f"1/{SIGNUP_NOTICE_MINUTES}m",
        increment=True,
    )


def signup(request: HttpRequest, slug: str) -> HttpResponse:
    """The public registration form. A refusal is a message on the form, and changes
    nothing. A registration, and a registration again with the address and a name registered
    already, get the same answer (the form never tells who is registered): the confirmation
    is on its way. The second goes to that registration's address only, at most once in
    ``SIGNUP_NOTICE_MINUTES``."""
    event = get_object_or_404(Event, slug=slug)
    settings = SignupSettings.for_event(event)
    form = SignupForm(request.POST or None)
    context = {"event": event, "settings": settings, "form": form}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            if too_many(request):
                form.add_error(
                    None,
                    gettext(
                        "Too many registrations from your address in one minute. Please wait a "
                        "minute and send the form again."
                    ),
                )
                status = TOO_MANY
            else:
                try:
                    services.register(event=event, site=site(request), **form.service_fields())
                except services.RegisteredAlready as again:
                    if not notified_lately(request, again.existing.email):
                        services.notify_registered_again(
                            registration=again.existing, site=site(request)
                        )
                    return _sent(request, event, form.cleaned_data["email"])
                except UserError as error:
                    add_form_error(form, error)
                else:
                    return _sent(request, event, form.cleaned_data["email"])
    context["state"] = _state(event, settings)
    return render(request, "signup/signup.html", context, status=status)


def _sent(request: HttpRequest, event: Event, email: str) -> HttpResponse:
    """The answer to a registration: the confirmation with the link to it is on its way."""
    messages.success(
        request,
        gettext(
            "Thank you! The confirmation with your registration code is on its way to "
            "%(email)s."
        )
        % {"email": email},
    )
    return redirect("signup", slug=event.slug)


def manage(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A registration's own page, behind the link of its e-mail: its status and code (with
    the QR code the door scans), cancel, delete its data. Its route is ``no_store``: the page
    and its address are the registration's key."""
    registration = get_object_or_404(
        Registration.objects.select_related("event", "entry"), event__slug=slug, token=token
    )
    event = registration.event
    if request.method == "POST":
        form = ManageForm(request.POST)
        if form.is_valid():
            try:
                if form.cleaned_data["action"] == "delete":
                    services.delete_data(registration=registration, site=site(request))
                    messages.success(
                        request, gettext("Your registration and its data are deleted.")
                    )
                    return redirect("signup", slug=event.slug)
                services.cancel(registration=registration, site=site(request))
            except UserError as error:
                show_error(request, error)
            else:
                messages.success(request, gettext("Your registration is cancelled."))
        return redirect("signup-manage", slug=event.slug, token=registration.token)
    return render(
        request,
        "signup/manage.html",
        {
            "event": event,
            "registration": registration,
            "settings": SignupSettings.for_event(event),
            "desk_url": absolute_url(desk_path(registration), request),
            "waiting_place": waiting_place(registration),
        },
    )


# --- the organisers' pages -------------------------------------------------------------------


@desk_view
def registrations(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's registrations by status, with their e-mail addresses (the organisers and
    helpers only)."""
    return render(
        request,
        "signup/list.html",
        {
            "event": event,
            "overview": overview(event),
            "public_url": absolute_url(reverse("signup", args=[event.slug]), request),
            "plan_exists": event_phase(event).plan_exists,
        },
    )


@organiser_view
def signup_settings(request: HttpRequest, event: Event) -> HttpResponse:
    settings = SignupSettings.for_event(event)
    form = SettingsForm(request.POST or None, instance=settings)
    if request.method == "POST" and form.is_valid():
        try:
            changes = services.update_settings(
                event=event,
                user=request.user,
                **{name: form.cleaned_data[name] for name in form.Meta.fields},
            )
        except UserError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request,
                gettext("Registration settings saved.") if changes else gettext("Nothing changed."),
            )
            return redirect("signup-list", slug=event.slug)
    return render(
        request,
        "signup/settings.html",
        {"event": event, "form": form},
        status=400 if form.is_bound else 200,
    )


@organiser_view
@require_POST
def signup_close(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        services.close(event=event, user=request.user)
    except UserError as error:
        show_error(request, error)
    else:
        messages.success(request, gettext("Online registration closed."))
    return redirect("signup-list", slug=event.slug)


@organiser_view
@require_POST
def signup_move(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=pk, event=event)
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Please choose what to do with the registration."))
        return redirect("signup-list", slug=event.slug)
    to = form.cleaned_data["to"]
    try:
        if to == "accept":
            services.accept(registration=registration, user=request.user, site=site(request))
        elif to == Registration.Status.CANCELLED:
            services.cancel(registration=registration, user=request.user, site=site(request))
        else:
            services.move(registration=registration, to=to, user=request.user, site=site(request))
    except UserError as error:
        show_error(request, error)
    else:
        registration.refresh_from_db()
        messages.success(
            request,
            gettext("Registration %(code)s: %(status)s.")
            % {
                "code": registration.code,
                "status": registration.get_status_display(),
            },
        )
    return redirect("signup-list", slug=event.slug)


@desk_view
def signup_poster(request: HttpRequest, event: Event) -> HttpResponse:
    """A printable poster: the registration page's address and its QR code."""
    return render(
        request,
        "signup/poster.html",
        {
            "event": event,
            "settings": SignupSettings.for_event(event),
            "public_url": absolute_url(reverse("signup", args=[event.slug]), request),
        },
    )
