"""The prize table's writes: the prize settings, defining and removing prizes, drawing lots for
ties, and ticking off a prize as collected. Every change is logged beside it
(``core.audit``).

Who receives which prize is never stored: it is computed from the standings each time
(``money.prizes.selectors``). What is stored is what the computation cannot know: the prizes
defined, the lots drawn (the order of exactly the entries of one tie) and what was collected.
"""

from __future__ import annotations

import random
import secrets
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import log, recorded_user
from core.changes import decimal_as_text, save_and_log_changes
from core.errors import UserError
from money.arithmetic import euros
from money.audit import MoneyAction
from money.models import Prize, PrizeHandout, PrizeLot, PrizeSettings
from money.prizes.awards import CATEGORY, PLACE
from money.prizes.selectors import prize_table
from tournament import audit
from tournament.models import Entry, Event
from tournament.services.entries import lock_event

PRIZE_SETTINGS_FIELDS = ("pot_percent", "share_money", "call_order")


class PrizeError(UserError):
    """A refused change of the prizes."""


@transaction.atomic
def update_prize_settings(*, event: Event, user: Any = None, **fields: Any) -> list[list[Any]]:
    """Save the prize settings of ``event`` (``PRIZE_SETTINGS_FIELDS``); returns the changes as
    ``[field, old, new]`` and logs them."""
    unknown = set(fields) - set(PRIZE_SETTINGS_FIELDS)
    if unknown:
        raise TypeError(f"not a prize setting: {sorted(unknown)}")
    if fields.get("call_order", PrizeSettings.CallOrder.TOP_FIRST) not in (
        PrizeSettings.CallOrder.values
    ):
        raise ValueError(f"unknown call order: {fields['call_order']!r}")
    event = lock_event(event)
    settings = PrizeSettings.for_event(event)
    return save_and_log_changes(
        instance=settings,
        values={name: fields[name] for name in PRIZE_SETTINGS_FIELDS if name in fields},
        log=lambda changes: log(
            event=event, action=MoneyAction.PRIZE_SETTINGS, user=user, changes=changes
        ),
    )


def prize_params(prize: Prize) -> dict[str, Any]:
    """How a record names a prize: every field, amounts as texts."""
    return {
        "pairs": prize.pairs,
        "award": prize.award,
        "place": prize.place,
        "last_place": prize.last_place,
        "to_end": prize.to_end,
        "category": prize.category,
        "amount": decimal_as_text(prize.amount),
        "share": decimal_as_text(prize.share),
        "goods": prize.goods,
    }


def _check_prize(prize: Prize, settings: PrizeSettings) -> None:
    if prize.award == PLACE:
        if prize.place is None:
            raise PrizeError(gettext_noop("Please enter the place."), field="place")
        if prize.last_place is not None and prize.last_place < prize.place:
            raise PrizeError(
                gettext_noop("The last place of the range comes after the first."),
                field="last_place",
            )
        if prize.to_end and prize.last_place is not None:
            raise PrizeError(
                gettext_noop("Either a range of places or every further place, not both."),
                field="last_place",
            )
    if prize.award == CATEGORY and not prize.category:
        raise PrizeError(
            gettext_noop("Please name the category, e.g. “Frau”."), field="category"
        )
    if prize.amount is None and prize.share is None and not prize.goods:
        raise PrizeError(
            gettext_noop("A prize is an amount, a share of the pot or goods: please enter one."),
            field="amount",
        )
    if prize.amount is not None and prize.share is not None:
        raise PrizeError(
            gettext_noop("Either an amount or a share of the pot, not both."), field="share"
        )
    if prize.share is not None and not settings.pot_percent:
        raise PrizeError(
            gettext_noop(
                "A share needs the pot: set its per cent of the entry fee in the prize "
                "settings first."
            ),
            field="share",
        )


@transaction.atomic
def add_prize(
    *,
    event: Event,
    user: Any = None,
    pairs: bool = False,
    award: str = PLACE,
    place: int | None = None,
    last_place: int | None = None,
    to_end: bool = False,
    category: str = "",
    amount: Decimal | None = None,
    share: Decimal | None = None,
    goods: str = "",
) -> Prize:
    """Define a prize of the singles' or the pairs' ranking; logged.

    A place prize needs its place (and a range ends after it); a category prize its category;
    every prize an amount, a share of the pot (which needs the pot set) or goods, and not both
    an amount and a share. Otherwise ``PrizeError`` names the field.
    """
    if award not in Prize.Award.values:
        raise ValueError(f"unknown kind of prize: {award!r}")
    event = lock_event(event)
    is_place = award == PLACE
    prize = Prize(
        event=event,
        pairs=pairs,
        award=award,
        place=place if is_place else None,
        last_place=last_place if is_place and last_place != place else None,
        to_end=to_end if is_place else False,
        category=category.strip() if award == CATEGORY else "",
        amount=euros(amount) if amount is not None else None,
        share=share,
        goods=goods.strip(),
    )
    _check_prize(prize, PrizeSettings.for_event(event))
    prize.save()
    log(
        event=event, action=MoneyAction.PRIZE_ADDED, user=user, prize=prize_params(prize)
    )
    return prize


@transaction.atomic
def remove_prize(*, prize: Prize, user: Any = None) -> None:
    """Remove a prize definition; logged with what it was."""
    event = lock_event(prize.event)
    params = prize_params(prize)
    prize.delete()
    log(event=event, action=MoneyAction.PRIZE_REMOVED, user=user, prize=params)


@transaction.atomic
def draw_lots(
    *, event: Event, user: Any = None, rng: random.Random | None = None
) -> list[PrizeLot]:
    """Draw a lot for every tie of the prize list whose order changes what someone receives
    (``PrizeTable.undecided``): a random order of exactly its entries, stored and logged.

    Raises ``PrizeError`` when no tie needs one.
    """
    event = lock_event(event)
    rng = rng or secrets.SystemRandom()
    table = prize_table(event)
    if not table.undecided:
        raise PrizeError(gettext_noop("No tie on the prize list needs a lot."))
    lots = []
    for pairs, group in table.undecided:
        order = rng.sample(group, len(group))
        lots.append(
            PrizeLot.objects.create(
                event=event,
                pairs=pairs,
                order=[candidate.entry_id for candidate in order],
                user=recorded_user(user),
            )
        )
        log(
            event=event,
            action=MoneyAction.LOT_DRAWN,
            user=user,
            pairs=pairs,
            place=group[0].standing_place,
            order=[{"number": c.start_number, "name": c.name} for c in order],
        )
    return lots


@transaction.atomic
def set_collected(
    *, event: Event, entry: Entry, line: str, collected: bool = True, user: Any = None
) -> None:
    """Tick off (``collected``) or untick a line of the prize list for ``entry``; logged.

    Raises ``PrizeError`` when the line is not on the prize list (any more), or is ticked off
    (or not) already.
    """
    event = lock_event(event)
    award = prize_table(event).find(entry.pk, line)
    if award is None:
        raise PrizeError(
            gettext_noop("Start number %(number)s has no such prize on the prize list."),
            number=entry.start_number,
        )
    existing = PrizeHandout.objects.filter(event=event, entry=entry, line=line)
    if existing.exists() == collected:
        raise PrizeError(
            gettext_noop("Start number %(number)s has collected this prize already.")
            if collected
            else gettext_noop("Start number %(number)s has not collected this prize."),
            number=entry.start_number,
        )
    if collected:
        PrizeHandout.objects.create(
            event=event, entry=entry, line=line, user=recorded_user(user)
        )
    else:
        existing.delete()
    log(
        event=event,
        action=MoneyAction.HANDED_OUT if collected else MoneyAction.HANDOUT_UNDONE,
        user=user,
        subject=entry,
        entry_ref=audit.entry_ref(entry),
        line=line,
        place=award.place,
        money=str(award.money),
        goods=award.goods,
        special=award.rule.award if award.rule else None,
    )
