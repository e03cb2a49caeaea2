"""When the registrations' personal data of an evening is deleted (the club's retention).

A registrant's e-mail address, registration code and own link serve the registration and the
door only; they are deleted ``retention_days`` days after the evening
(``clubs.models.Club.retention_days``, ``manage.py forget_personal_data``). The names stay:
they are the entries of the results. The deletion never falls on the evening itself, where the
door checks in by the codes: a retention of 0 days deletes on the day after.

Pure Python: no Django.
"""

from __future__ import annotations

import datetime

MIN_DAYS_AFTER = 1
"""The earliest day of the deletion, in days after the evening (never the evening itself)."""


def forget_on(evening: datetime.date, retention_days: int) -> datetime.date:
    """The day the registrations of the evening on ``evening`` lose their e-mail addresses,
    codes and links: ``retention_days`` days later, at the earliest the day after."""
    if retention_days < 0:
        raise ValueError(f"a retention of {retention_days} days")
    return evening + datetime.timedelta(days=max(retention_days, MIN_DAYS_AFTER))


def is_due(evening: datetime.date, retention_days: int, *, today: datetime.date) -> bool:
    """Whether the registrations of the evening on ``evening`` are past their retention on
    ``today`` (the day of the deletion counts)."""
    return today >= forget_on(evening, retention_days)
