"""The organiser's page of an event's house rules: pick a preset, change switches, and, once
games are stored, confirm the rescoring after seeing how many totals change; the event's
scoring mode, changed there until the first game is stored; and the club's own house rules:
the event's saved under a name for the club's new events (by the club's admins and organisers),
the club's list of them, each deleted there by the club's admins."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from clubs.access import is_club_admin, organises_club
from clubs.models import ClubRules
from clubs.selectors import club_rules
from clubs.services import delete_club_rules
from core.errors import Message, UserError
from core.text import is_number
from core.web import add_form_error, show_error
from scoring.house_rules import rules_label, rules_of
from scoring.house_rules_forms import ClubRulesForm, HouseRulesForm, ScoringModeForm
from scoring.rules import RULES, RulesProfile
from scoring.services.house_rules import (
    SHOWN_REFUSALS,
    change_rules,
    change_scoring_mode,
    rescoring,
    save_as_club_rules,
)
from tournament.access import organiser_view
from tournament.house_rules import OFFERED_MODES, SCORING_MODES
from tournament.models import Event
from tournament.selectors.phase import event_phase


@dataclass(frozen=True)
class SavedRules:
    """A line of the club's house rules on the page: the saved rules, the rules they are based
    on (as the page names an event's) and their scoring mode."""

    saved: ClubRules
    label: Message
    mode: str


def _club_section(request: HttpRequest, event: Event, form: ClubRulesForm | None) -> dict:
    """What the page shows of the club's house rules, and what the user may do with them."""
    club = event.club
    return {
        "club_rules": [
            SavedRules(
                saved=saved,
                label=rules_label(RulesProfile.from_dict(saved.rules)),
                mode=gettext(SCORING_MODES.get(saved.scoring_mode, saved.scoring_mode)),
            )
            for saved in club_rules(club)
        ],
        "club_form": form or ClubRulesForm(),
        "may_save_club_rules": organises_club(request.user, club),
        "may_delete_club_rules": is_club_admin(request.user, club),
    }


def _page(
    request: HttpRequest,
    event: Event,
    form: HouseRulesForm,
    *,
    games_stored: bool,
    mode_form: ScoringModeForm | None = None,
    club_form: ClubRulesForm | None = None,
    **extra,
) -> HttpResponse:
    return render(request, "scoring/house_rules.html", {
        **_club_section(request, event, club_form),
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


@organiser_view
@require_POST
def club_rules_save(request: HttpRequest, event: Event) -> HttpResponse:
    """Keep the house rules the event is scored by as its club's, under the name sent; a name
    the club has already replaces those rules, and the message says so."""
    form = ClubRulesForm(request.POST)
    if form.is_valid():
        try:
            saved, replaced = save_as_club_rules(
                event=event, name=form.cleaned_data["name"], user=request.user
            )
        except UserError as error:
            if error.field not in form.fields:  # not the name's: also where no form is shown
                show_error(request, error)
                return redirect("house-rules", slug=event.slug)
            add_form_error(form, error)
        else:
            text = (
                gettext(
                    "The club's house rules “%(name)s” were replaced by these. New tournaments "
                    "start from them; tournaments created from the earlier ones keep theirs."
                )
                if replaced
                else gettext(
                    "Saved as the club's house rules “%(name)s”: a new tournament of the club "
                    "can start from them."
                )
            )
            messages.success(request, text % {"name": saved.name})
            return redirect("house-rules", slug=event.slug)
    rules_form = HouseRulesForm(initial=HouseRulesForm.initial_of(rules_of(event)))
    return _page(
        request, event, rules_form, games_stored=event_phase(event).locked, club_form=form
    )


@organiser_view
@require_POST
def club_rules_delete(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """Delete the club's house rules ``pk`` (the club's admins); the tournaments created from
    them keep their rules."""
    try:
        deleted = delete_club_rules(club=event.club, rules_id=pk, user=request.user)
    except UserError as error:
        show_error(request, error)
    else:
        messages.success(request, gettext(
            "The club's house rules “%(name)s” deleted; tournaments created from them keep "
            "their rules."
        ) % {"name": deleted.name})
    return redirect("house-rules", slug=event.slug)
