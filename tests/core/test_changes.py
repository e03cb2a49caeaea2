"""The settings helper: diff the new values against the stored ones, write and log the change."""

import datetime
from decimal import Decimal

import pytest

from core.changes import decimal_as_text, save_and_log_changes
from tests.factories import make_club, make_event
from tournament.models import Event

pytestmark = pytest.mark.django_db

STORED = {"name": "Alt", "venue": "Gemeindehaus", "round_count": 3}


def _iso(value):
    return value.isoformat() if isinstance(value, datetime.date) else value


class Calls:
    """Records what the helper hands to its check, save and log."""

    def __init__(self, instance):
        self.instance = instance
        self.checked, self.saved, self.logged = [], [], []

    def check(self, changes):
        self.checked.append(changes)

    def save(self, names):
        self.saved.append(names)
        self.instance.save(update_fields=names)

    def log(self, changes):
        self.logged.append(changes)


@pytest.mark.parametrize(
    ("values", "shown", "changes"),
    [
        pytest.param({"name": "Neu"}, decimal_as_text, [["name", "Alt", "Neu"]], id="one"),
        pytest.param(
            {"venue": "Halle", "name": "Alt", "round_count": 4},
            decimal_as_text,
            [["venue", "Gemeindehaus", "Halle"], ["round_count", 3, 4]],
            id="only-the-changed-in-the-order-given",
        ),
        pytest.param(
            {"date": datetime.date(2026, 12, 5)},
            _iso,
            [["date", "2026-11-21", "2026-12-05"]],
            id="before-and-after-as-shown",
        ),
        pytest.param({"name": "Alt", "round_count": 3}, decimal_as_text, [], id="unchanged"),
        pytest.param({}, decimal_as_text, [], id="no-values"),
    ],
)
def test_the_changes_are_diffed_written_and_logged(values, shown, changes):
    event = make_event(**STORED)
    calls = Calls(event)
    answer = save_and_log_changes(
        instance=event, values=values, shown=shown, check=calls.check, save=calls.save,
        log=calls.log,
    )
    assert answer == changes
    assert calls.checked == [changes]
    names = [name for name, _old, _new in changes]
    assert calls.saved == ([names] if changes else [])
    assert calls.logged == ([changes] if changes else [])
    stored = Event.objects.get(pk=event.pk)
    assert {name: getattr(stored, name) for name in values} == values


def test_without_a_save_the_whole_instance_is_saved():
    event = make_event(**STORED)
    logged = []
    answer = save_and_log_changes(instance=event, values={"venue": "Halle"}, log=logged.append)
    assert answer == logged[0] == [["venue", "Gemeindehaus", "Halle"]]
    assert Event.objects.get(pk=event.pk).venue == "Halle"


def test_an_unsaved_instance_is_saved_even_unchanged_but_not_logged():
    event = Event(club=make_club(), name="Neu", slug="neu", date=datetime.date(2026, 11, 21))
    logged = []
    assert save_and_log_changes(instance=event, values={"name": "Neu"}, log=logged.append) == []
    assert logged == [] and Event.objects.filter(slug="neu").exists()


def test_the_check_sees_the_new_values_and_its_refusal_writes_nothing():
    event = make_event(**STORED)
    seen = []

    def refuse(changes):
        seen.append((event.venue, changes))
        raise ValueError("refused")

    logged = []
    with pytest.raises(ValueError, match="refused"):
        save_and_log_changes(
            instance=event, values={"venue": "Halle"}, check=refuse, log=logged.append
        )
    assert seen == [("Halle", [["venue", "Gemeindehaus", "Halle"]])]
    assert logged == [] and Event.objects.get(pk=event.pk).venue == "Gemeindehaus"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Decimal("2.50"), "2.50"),
        (Decimal("0"), "0"),
        (None, None),
        (3, 3),
        ("Gemeindehaus", "Gemeindehaus"),
        (True, True),
    ],
)
def test_amounts_are_logged_as_texts(value, shown):
    assert decimal_as_text(value) == shown
