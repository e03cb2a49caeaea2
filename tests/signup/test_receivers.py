"""The online registration's answer to an event created like an earlier one
(``signup.receivers``): its closing time moves with the date, at the same time of day."""

from __future__ import annotations

import datetime

from django.utils import timezone

from signup.receivers import moved_by


def test_the_closing_time_moves_by_days_at_the_same_local_time_also_across_summer_time():
    winter = timezone.make_aware(datetime.datetime(2026, 3, 20, 18, 0))
    summer = moved_by(winter, 14)
    assert timezone.localtime(summer).replace(tzinfo=None) == datetime.datetime(2026, 4, 3, 18, 0)
    utc = datetime.UTC
    assert summer.astimezone(utc) - winter.astimezone(utc) == datetime.timedelta(days=14, hours=-1)
    assert moved_by(None, 14) is None
