"""The organiser's page of an event's house rules: pick a preset, change switches, and, once
games are stored, confirm the rescoring after seeing how many totals change; and the event's
scoring mode, changed there until the first game is stored."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from core.errors import UserError
from core.text import is_number
from core.web import show_error
from scoring.house_rules import rules_label, rules_of
from scoring.house_rules_forms import HouseRulesForm, ScoringModeForm
from scoring.rules import RULES
from scoring.services.house_rules import (
    SHOWN_REFUSALS,
    change_rules,
    change_scoring_mode,
    rescoring,
)
from tournament.access import organiser_view
from tournament.house_rules import OFFERED_MODES
from tournament.models import Event
from tournament.selectors.phase import event_phase


def _page(
    request: HttpRequest,
    event: Event,
    form: HouseRulesForm,
    *,
    games_stored: bool,
    mode_form: ScoringModeForm | None = None,
    **extra,
) -> HttpResponse:
    return render(request, "scoring/house_rules.html", {
        "event": event,
        "form": form,
        "mode_form": mode_form or ScoringModeForm(initial={"scoring_mode": event.scoring_mode}),
        "current_label": rules_label(rules_of(event)),
        "games_stored": games_stored,
        # another offered mode to change to, while no game is stored
        "mode_choosable": not games_stored and any(
            code != event.scoring_mode for code in OFFERED_MODES
        ),
        **extra,
    })


def _change_scoring_mode(request: HttpRequest, event: Event, games_stored: bool) -> HttpResponse:
    mode_form = ScoringModeForm(request.POST)
    if mode_form.is_valid():
        try:
            changed = change_scoring_mode(
                event=event, mode=mode_form.cleaned_data["scoring_mode"], user=request.user
            )
        except UserError as error:
            show_error(request, error)
            mode_form = None  # shows the mode kept
            games_stored = event_phase(event).locked  # a game stored since the page was read
        else:
            if changed:
                messages.success(request, gettext("Scoring mode saved: %(mode)s.") % {
                    "mode": event.get_scoring_mode_display()
                })
            return redirect("house-rules", slug=event.slug)
    form = HouseRulesForm(initial=HouseRulesForm.initial_of(rules_of(event)))
    return _page(request, event, form, games_stored=games_stored, mode_form=mode_form)


@organiser_view
def house_rules(request: HttpRequest, event: Event) -> HttpResponse:
    """Show the rules; a preset loaded fills the form without saving; a save of rules that
    rescore stored games first shows what changes and asks to confirm. A scoring mode sent
    (``change_scoring_mode``) is saved at once, or refused once a game is stored."""
    games_stored = event_phase(event).locked
    if request.method != "POST":
        form = HouseRulesForm(initial=HouseRulesForm.initial_of(rules_of(event)))
        return _page(request, event, form, games_stored=games_stored)
    if "change_scoring_mode" in request.POST:
        return _change_scoring_mode(request, event, games_stored)
    if "load_preset" in request.POST:
        chosen = RULES.get(request.POST.get("preset", ""))
        if chosen is not None:
            form = HouseRulesForm(initial=HouseRulesForm.initial_of(chosen))
            return _page(request, event, form, games_stored=games_stored)
    form = HouseRulesForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("The rules were not saved; see below."))
        return _page(request, event, form, games_stored=games_stored)
    rules = form.rules()
    seen = request.POST.get("seen_version", "")
    if games_stored and not ("confirm" in request.POST and is_number(seen)):
        preview = rescoring(event, rules)
        if preview.refused:
            messages.error(request, gettext(
                "These rules cannot score %(count)s of the stored games:"
            ) % {"count": len(preview.refused)})
        return _page(
            request, event, form, games_stored=games_stored, preview=preview,
            confirm=not preview.refused,
            shown_refusals=[str(message) for message in preview.refused[:SHOWN_REFUSALS]],
            seen_version=event.results_version,
        )
    try:
        result = change_rules(
            event=event, rules=rules, user=request.user,
            seen_version=int(seen) if is_number(seen) else None,
        )
    except UserError as error:
        show_error(request, error)
        return _page(request, event, form, games_stored=games_stored)
    messages.success(request, gettext(
        "House rules saved: %(games)s games rescored, %(totals)s totals changed."
    ) % {"games": result.changed_games, "totals": result.changed_totals})
    return redirect("house-rules", slug=event.slug)
