"""The day the registrations' personal data of an evening is deleted (``signup.retention``)."""

import datetime

import pytest

from signup.retention import forget_on, is_due

EVENING = datetime.date(2026, 3, 1)


@pytest.mark.parametrize(
    ("days", "deleted_on"),
    [
        (30, datetime.date(2026, 3, 31)),
        (1, datetime.date(2026, 3, 2)),
        (0, datetime.date(2026, 3, 2)),  # never on the evening itself: the door needs the codes
        (365, datetime.date(2027, 3, 1)),
    ],
)
def test_the_data_is_deleted_the_retention_days_after_the_evening(days, deleted_on):
    assert forget_on(EVENING, days) == deleted_on


@pytest.mark.parametrize(
    ("days", "today", "due"),
    [
        (30, datetime.date(2026, 3, 30), False),
        (30, datetime.date(2026, 3, 31), True),
        (30, datetime.date(2026, 6, 1), True),
        (0, EVENING, False),
        (0, datetime.date(2026, 3, 2), True),
        (5, datetime.date(2026, 2, 1), False),  # an evening still to come
    ],
)
def test_due_from_the_day_of_the_deletion_on(days, today, due):
    assert is_due(EVENING, days, today=today) is due


def test_a_negative_retention_is_a_bug():
    with pytest.raises(ValueError):
        forget_on(EVENING, -1)
