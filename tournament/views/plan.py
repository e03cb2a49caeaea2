"""Organiser pages of the seating plan: generate, discard, re-plan, swap, replace, fixed tables,
release a round."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from core.errors import UserError
from core.limits import MAX_ROUND_MINUTES
from core.web import show_error
from tournament.access import organiser_view
from tournament.forms import (
    EventScopedForm,
    FixedTableForm,
    GenerateForm,
    ReplaceForm,
    ReplanForm,
    RoundLengthForm,
    SwapForm,
)
from tournament.models import Event, Round
from tournament.selectors.phase import event_phase
from tournament.selectors.plan import load_plan
from tournament.services import (
    LateEntry,
    discard_plan,
    generate_plan,
    plan_version,
    release_round,
    replace_entry,
    replan_rounds,
    set_fixed_table,
    set_round_length,
    swap_entries,
)


def _plan_context(event: Event, **forms_) -> dict:
    plan = load_plan(event)
    phase = event_phase(event)
    return {
        "event": event,
        "plan": plan,
        "plan_exists": phase.plan_exists,
        "locked": phase.locked,
        "generate_form": forms_.get("generate_form")
        or GenerateForm(plan_exists=phase.plan_exists),
        "swap_form": forms_.get("swap_form") or SwapForm(event=event),
        "replace_form": forms_.get("replace_form") or ReplaceForm(event=event),
        "replan_form": forms_.get("replan_form")
        or ReplanForm(event=event, initial={"version": plan_version(event)}),
        "fixed_form": forms_.get("fixed_form") or FixedTableForm(event=event),
        "fixed_entries": list(event.entries.active().filter(fixed_table=True).with_players()),
        "started": phase.started_rounds,
        "seated": sum(len(table.seats) for table in plan[0].tables) if plan else 0,
        "max_round_minutes": MAX_ROUND_MINUTES,
    }


def _plan_form_errors(request: HttpRequest, event: Event, **forms_) -> HttpResponse:
    """The plan page again, showing the errors of the form that was sent."""
    return render(request, "tournament/plan.html", _plan_context(event, **forms_), status=400)


@organiser_view
def plan_page(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "tournament/plan.html", _plan_context(event))


@organiser_view
@require_POST
def plan_generate(request: HttpRequest, event: Event) -> HttpResponse:
    form = GenerateForm(request.POST, plan_exists=event_phase(event).plan_exists)
    if not form.is_valid():
        return _plan_form_errors(request, event, generate_form=form)
    try:
        generate_plan(event=event, user=request.user)
    except UserError as error:
        show_error(request, error)
    else:
        messages.success(request, gettext("The seating plan has been generated."))
    return redirect("plan", slug=event.slug)


@organiser_view
@require_POST
def plan_discard(request: HttpRequest, event: Event) -> HttpResponse:
    form = GenerateForm(request.POST, plan_exists=event_phase(event).plan_exists)
    if not form.is_valid():
        return _plan_form_errors(request, event, generate_form=form)
    try:
        discard_plan(event=event, user=request.user)
    except UserError as error:
        show_error(request, error)
        return redirect("plan", slug=event.slug)
    messages.success(
        request,
        gettext("The seating plan has been discarded: entries can be registered again."),
    )
    return redirect("event-detail", slug=event.slug)


def _plan_change(request: HttpRequest, event: Event, form: EventScopedForm, key: str, change):
    """Run ``change(cleaned_data)`` for a valid plan form; its errors stay on the plan page."""
    if not form.is_valid():
        return _plan_form_errors(request, event, **{key: form})
    try:
        change(form.cleaned_data)
    except UserError as error:
        show_error(request, error)
    return redirect("plan", slug=event.slug)


@organiser_view
@require_POST
def plan_swap(request: HttpRequest, event: Event) -> HttpResponse:
    def swap(data: dict) -> None:
        warnings = swap_entries(
            round=data["round_obj"],
            first=data["first_entry"],
            second=data["second_entry"],
            user=request.user,
        )
        messages.success(
            request,
            gettext("Round %(round)s: start numbers %(first)s and %(second)s swapped.")
            % {"round": data["round"], "first": data["first"], "second": data["second"]},
        )
        for warning in warnings:
            messages.warning(request, str(warning))

    return _plan_change(request, event, SwapForm(request.POST, event=event), "swap_form", swap)


@organiser_view
@require_POST
def plan_replace(request: HttpRequest, event: Event) -> HttpResponse:
    def replace(data: dict) -> None:
        new = replace_entry(
            absent=data["absent_entry"],
            name=data["name"],
            partner_name=data["partner_name"],
            club=data["club"],
            stand_in=data["stand_in"],
            start_number=data["start_number"],
            user=request.user,
        )
        messages.success(
            request,
            gettext("Start number %(new)s (%(name)s) takes the seats of start number %(absent)s.")
            % {"new": new.start_number, "name": new.name, "absent": data["absent"]},
        )

    form = ReplaceForm(request.POST, event=event)
    return _plan_change(request, event, form, "replace_form", replace)


@organiser_view
@require_POST
def plan_release(request: HttpRequest, event: Event, number: int) -> HttpResponse:
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
    if request.POST.get("back") == "event":  # the reminder on the event's page
        return redirect(event)
    return redirect("plan", slug=event.slug)


@organiser_view
@require_POST
def plan_round_length(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Set how long a round is planned to take (and the later rounds without a length); the
    event page and the projector count the time left down from its release."""
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundLengthForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    else:
        minutes = form.cleaned_data["minutes"]
        try:
            rounds = set_round_length(round=round_, minutes=minutes, user=request.user)
        except UserError as error:
            show_error(request, error)
        else:
            if minutes is None:
                text = gettext("Round %(rounds)s has no planned length now: no clock.")
            else:
                text = ngettext(
                    "Round %(rounds)s is planned to last %(minutes)s minutes.",
                    "Rounds %(rounds)s are planned to last %(minutes)s minutes each.",
                    len(rounds),
                )
            messages.success(
                request,
                text % {"rounds": ", ".join(str(r) for r in rounds), "minutes": minutes},
            )
    return redirect(f"{reverse('plan', args=[event.slug])}#durchgang-{number}")


@organiser_view
@require_POST
def plan_replan(request: HttpRequest, event: Event) -> HttpResponse:
    def replan(data: dict) -> None:
        late = []
        if data["name"]:
            late.append(
                LateEntry(
                    name=data["name"],
                    partner_name=data["partner_name"],
                    club=data["club"],
                    stand_in=data["stand_in"],
                )
            )
        rounds = replan_rounds(
            event=event,
            left=data["left_entries"],
            late=late,
            version=data["version"],
            user=request.user,
        )
        messages.success(
            request,
            gettext(
                "Rounds %(rounds)s have been planned anew; played and started rounds are "
                "unchanged. Print again the tables listed under each round; the others stay "
                "as printed."
            )
            % {"rounds": ", ".join(str(number) for number in rounds)},
        )

    form = ReplanForm(request.POST, event=event)
    return _plan_change(request, event, form, "replan_form", replan)


@organiser_view
@require_POST
def plan_fixed_table(request: HttpRequest, event: Event) -> HttpResponse:
    def mark(data: dict) -> None:
        entry = set_fixed_table(entry=data["entry"], fixed=data["fixed"], user=request.user)
        if entry.fixed_table:
            text = gettext(
                "Start number %(number)s keeps one table in every round from the next plan or "
                "re-plan on."
            )
        else:
            text = gettext("Start number %(number)s no longer has a fixed table.")
        messages.success(request, text % {"number": entry.start_number})

    form = FixedTableForm(request.POST, event=event)
    return _plan_change(request, event, form, "fixed_form", mark)
