"""Money's answers to the tournament app's signals (``tournament.signals``): an event created
like an earlier one takes the earlier one's money settings, prize settings and prizes (none of
its payments, expenses, lots or prizes collected). Connected in ``MoneyConfig.ready``."""

from __future__ import annotations

from typing import Any

from money.models import MoneySettings, Prize, PrizeSettings
from tournament.models import Event, own_values


def copy_money_settings(*, source: Event, event: Event, **_: Any) -> None:
    """Give ``event`` the money settings, the prize settings and the prizes of ``source`` (the
    settings only where ``source`` saved them: otherwise both keep the defaults)."""
    for model in (MoneySettings, PrizeSettings):
        saved = model.objects.filter(event=source).first()
        if saved is not None:
            model.objects.create(event=event, **own_values(saved))
    Prize.objects.bulk_create(
        Prize(event=event, **own_values(prize))
        for prize in Prize.objects.filter(event=source).order_by("pairs", "id")
    )
