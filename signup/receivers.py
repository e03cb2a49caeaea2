"""The online registration's answers to the tournament app's signals (``tournament.signals``):
an event created like an earlier one takes the earlier one's registration settings (none of its
registrations). Connected in ``SignupConfig.ready``."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from signup.models import SignupSettings
from tournament.models import Event, own_values


def moved_by(moment: datetime.datetime | None, days: int) -> datetime.datetime | None:
    """``moment`` ``days`` later, at the same local time of day (also across a change to or
    from summer time)."""
    if moment is None:
        return None
    local = timezone.localtime(moment).replace(tzinfo=None) + datetime.timedelta(days=days)
    return timezone.make_aware(local)


def copy_signup_settings(*, source: Event, event: Event, **_: Any) -> None:
    """Give ``event`` the registration settings of ``source`` (where it saved them): its places,
    waiting list, how a registration becomes an entry and the start; the closing time as many
    days before the new date as before the earlier one. The registration stays closed until the
    organisers open it; its registrants' data has not been deleted."""
    saved = SignupSettings.objects.filter(event=source).first()
    if saved is None:
        return
    values = own_values(saved)
    values.update(
        is_open=False,
        opened_by_id=None,
        closes_at=moved_by(saved.closes_at, (event.date - source.date).days),
        forgotten_at=None,  # the new evening's registrants' data is its own
    )
    SignupSettings.objects.create(event=event, **values)
