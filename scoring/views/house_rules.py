"""The organiser's page of an event's house rules: pick a preset, change switches, and, once
games are stored, confirm the rescoring after seeing how many totals change."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from scoring.house_rules import rules_label, rules_of
from scoring.house_rules_forms import HouseRulesForm
from scoring.models import Game
from scoring.rules import RULES
from scoring.services.house_rules import change_rules, rescoring
from tournament.errors import UserError
from tournament.models import Event
from tournament.text import is_number
from tournament.web import organiser_view, show_error


def _page(request: HttpRequest, event: Event, form: HouseRulesForm, **extra) -> HttpResponse:
    current = rules_of(event)
    return render(request, "scoring/house_rules.html", {
        "event": event,
        "form": form,
        "current_label": rules_label(current),
        "games_stored": Game.objects.filter(sheet__table__round__event=event).exists(),
        **extra,
    })


@organiser_view
def house_rules(request: HttpRequest, event: Event) -> HttpResponse:
    """Show the rules; a preset loaded fills the form without saving; a save of rules that
    rescore stored games first shows what changes and asks to confirm."""
    if request.method != "POST":
        return _page(request, event, HouseRulesForm(initial=HouseRulesForm.initial_of(
            rules_of(event)
        )))
    if "load_preset" in request.POST:
        chosen = RULES.get(request.POST.get("preset", ""))
        if chosen is not None:
            return _page(request, event, HouseRulesForm(initial=HouseRulesForm.initial_of(chosen)))
    form = HouseRulesForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("The rules were not saved; see below."))
        return _page(request, event, form)
    rules = form.rules()
    games_stored = Game.objects.filter(sheet__table__round__event=event).exists()
    seen = request.POST.get("seen_version", "")
    if games_stored and not ("confirm" in request.POST and is_number(seen)):
        preview = rescoring(event, rules)
        if preview.refused:
            messages.error(request, gettext(
                "These rules cannot score %(count)s of the stored games:"
            ) % {"count": len(preview.refused)})
        return _page(request, event, form, preview=preview, confirm=not preview.refused,
                     shown_refusals=[str(message) for message in preview.refused[:5]],
                     seen_version=event.results_version)
    try:
        result = change_rules(
            event=event, rules=rules, user=request.user,
            seen_version=int(seen) if is_number(seen) else None,
        )
    except UserError as error:
        show_error(request, error)
        return _page(request, event, form)
    messages.success(request, gettext(
        "House rules saved: %(games)s games rescored, %(totals)s totals changed."
    ) % {"games": result.changed_games, "totals": result.changed_totals})
    return redirect("house-rules", slug=event.slug)
