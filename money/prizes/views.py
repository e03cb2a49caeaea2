"""The prize pages: defining the prizes and their settings (the organiser's), and the prize
table (Preistisch): the prize list in call order, its printout, drawing lots for ties and
ticking off what was collected."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from core.audit import describe
from core.limits import MAX_START_NUMBER
from core.text import is_number
from core.web import add_form_error, show_error
from money.audit import MoneyAction
from money.models import PrizeSettings
from money.prizes.awards import Award, shopping_list
from money.prizes.forms import CollectedForm, PrizeForm, PrizeSettingsForm
from money.prizes.selectors import award_text, prize_table, value_text
from money.prizes.services import (
    PrizeError,
    add_prize,
    draw_lots,
    prize_params,
    remove_prize,
    set_collected,
    update_prize_settings,
)
from tournament.access import desk_view, organiser_view
from tournament.models import Event

EXPECTED_PARAMS = {False: "einzel", True: "paare"}


def _expected_field(request: HttpRequest, event: Event) -> dict[bool, int]:
    """The field the shopping list is for: the singles and pairs registered, or as many as the
    organiser expects (``?einzel=60&paare=10``)."""
    registered = {
        pairs: event.entries.active().filter(partner__isnull=not pairs).count()
        for pairs in (False, True)
    }
    expected = {}
    for pairs, param in EXPECTED_PARAMS.items():
        value = request.GET.get(param, "")
        expected[pairs] = (
            min(int(value), MAX_START_NUMBER) if is_number(value) and len(value) < 6
            else registered[pairs]
        )
    return expected


def _definitions_page(
    request: HttpRequest,
    event: Event,
    *,
    settings_form: PrizeSettingsForm | None = None,
    prize_form: PrizeForm | None = None,
    status: int = 200,
) -> HttpResponse:
    settings = PrizeSettings.for_event(event)
    prizes = [
        {
            "prize": prize,
            "award": award_text(prize.award, place=prize.place, last_place=prize.last_place,
                                to_end=prize.to_end, category=prize.category),
            "value": value_text(prize.amount, prize.share, prize.goods),
        }
        for prize in sorted(event.prizes.all(), key=lambda prize: prize.sort_key)
    ]
    expected = _expected_field(request, event)
    defined = list(event.prizes.all())
    shopping = shopping_list(
        ([prize.rule for prize in defined if prize.pairs == pairs], expected[pairs])
        for pairs in (False, True)
    )
    return render(
        request,
        "money/prizes.html",
        {
            "expected_singles": expected[False],
            "expected_pairs": expected[True],
            "shopping": shopping,
            "event": event,
            "settings": settings,
            "settings_form": settings_form or PrizeSettingsForm.for_settings(settings),
            "prize_form": prize_form or PrizeForm(),
            "singles": [p for p in prizes if not p["prize"].pairs],
            "pairs": [p for p in prizes if p["prize"].pairs],
        },
        status=status,
    )


@organiser_view
def prizes_page(request: HttpRequest, event: Event) -> HttpResponse:
    return _definitions_page(request, event)


@organiser_view
@require_POST
def prize_settings(request: HttpRequest, event: Event) -> HttpResponse:
    form = PrizeSettingsForm(request.POST)
    if not form.is_valid():
        return _definitions_page(request, event, settings_form=form, status=400)
    changes = update_prize_settings(event=event, user=request.user, **form.cleaned_data)
    if changes:
        messages.success(request, describe(MoneyAction.PRIZE_SETTINGS, {"changes": changes}))
    else:
        messages.info(request, gettext("Nothing changed."))
    return redirect("prizes", slug=event.slug)


@organiser_view
@require_POST
def prize_add(request: HttpRequest, event: Event) -> HttpResponse:
    form = PrizeForm(request.POST)
    if form.is_valid():
        try:
            prize = add_prize(event=event, user=request.user, **form.cleaned_data)
        except PrizeError as error:
            add_form_error(form, error)
        else:
            messages.success(
                request, describe(MoneyAction.PRIZE_ADDED, {"prize": prize_params(prize)})
            )
            return redirect("prizes", slug=event.slug)
    return _definitions_page(request, event, prize_form=form, status=400)


@organiser_view
@require_POST
def prize_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    prize = get_object_or_404(event.prizes, pk=pk)
    params = prize_params(prize)
    remove_prize(prize=prize, user=request.user)
    messages.success(request, describe(MoneyAction.PRIZE_REMOVED, {"prize": params}))
    return redirect("prizes", slug=event.slug)


def _table_context(event: Event) -> dict[str, object]:
    table = prize_table(event)
    top_first = table.settings.top_first
    return {
        "event": event,
        "table": table,
        "rankings": [
            {
                "ranking": ranking,
                "calls": [
                    {"award": award, "collected": table.is_collected(award)}
                    for award in ranking.prizes.in_call_order(top_first=top_first)
                ],
                "specials": [
                    {
                        "award": award,
                        "collected": table.is_collected(award),
                        "label": _special_label(award),
                    }
                    for award in ranking.prizes.specials
                ],
            }
            for ranking in table.rankings
            if ranking.rules
        ],
        "defined": any(ranking.rules for ranking in table.rankings),
    }


def _special_label(award: Award) -> str:
    rule = award.rule
    return award_text(rule.award, category=rule.category)


@desk_view
def prize_table_page(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "money/prize_table.html", _table_context(event))


@desk_view
def prize_table_print(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "money/print/prize_table.html", _table_context(event))


@organiser_view
@require_POST
def prize_draw(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        lots = draw_lots(event=event, user=request.user)
    except PrizeError as error:
        show_error(request, error)
    else:
        for change in event.changes.filter(action=MoneyAction.LOT_DRAWN)[: len(lots)]:
            messages.success(request, change.description)
    return redirect("prize-table", slug=event.slug)


@desk_view
@require_POST
def prize_collected(request: HttpRequest, event: Event) -> HttpResponse:
    form = CollectedForm(request.POST)
    if form.is_valid():
        entry = get_object_or_404(
            event.entries.with_players(), start_number=form.cleaned_data["nr"]
        )
        try:
            set_collected(
                event=event,
                entry=entry,
                line=form.cleaned_data["line"],
                collected=form.cleaned_data["collected"],
                user=request.user,
            )
        except PrizeError as error:
            show_error(request, error)
    anchor = f"#nr-{form.cleaned_data['nr']}" if form.is_valid() else ""
    return redirect(reverse("prize-table", kwargs={"slug": event.slug}) + anchor)
