"""The one change log's migrations (``core.ChangeRecord``, issue 36): records of the four logs
kept before it (the event's, a sheet's trail, the online registration's, a series') are moved
into it, and every page shows each of them as before: the event's change log and its filters,
the sheet's trail and its change notices, the series' page, an entry's history.

What the pages showed is in ``change_log_pages_before.json``, read with the records built here
(``tests/change_log_records.py``) by the code before the one change log."""

import datetime
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from core.models import ChangeRecord
from signup.models import Registration
from tests.change_log_records import START, before_the_one_change_log, build, pages

BEFORE = Path(__file__).with_name("change_log_pages_before.json")


def without_ids(shown: dict) -> dict:
    """The pages' texts without the records' ids (new ones in the one change log)."""
    notices = [{key: value for key, value in notice.items() if key != "id"}
               for notice in shown["notices"]]
    return {**shown, "notices": notices}


@pytest.mark.django_db(transaction=True)
def test_every_earlier_record_is_moved_and_reads_as_before(client):
    with before_the_one_change_log() as old:
        ids = build(old)
    assert {table for table in ("tournament_changelog", "scoring_sheetchange",
                                "signup_signuplog", "tournament_serieslog")
            if table in connection.introspection.table_names()} == set()
    records = ChangeRecord.objects.order_by("created_at")
    assert [record.created_at for record in records] == [
        START + datetime.timedelta(minutes=minute) for minute in range(26)
    ]
    registration = Registration.objects.get()
    assert ChangeRecord.objects.about(registration).count() == 3
    client.force_login(get_user_model().objects.get(pk=ids["user"]))
    expected = json.loads(BEFORE.read_text(encoding="utf-8"))
    assert without_ids(pages(client, ids)) == without_ids(expected)


@pytest.mark.django_db(transaction=True)
def test_migrating_back_puts_every_record_into_its_old_log():
    with before_the_one_change_log() as old:
        build(old)
    with before_the_one_change_log() as old:
        logs = [old.get_model(*name.split(".")) for name in (
            "tournament.ChangeLog", "scoring.SheetChange", "signup.SignupLog", "series.SeriesLog"
        )]
        assert [log.objects.count() for log in logs] == [11, 9, 4, 2]
        assert sorted(time for log in logs for time in log.objects.values_list(
            "created_at", flat=True)) == [
            START + datetime.timedelta(minutes=minute) for minute in range(26)
        ]
        change_log, sheet_change, signup_log, _series_log = logs
        assert change_log.objects.filter(entry__isnull=False).count() == 3
        assert set(sheet_change.objects.values_list("action", flat=True)) >= {
            "saved", "late_refused", "totals_saved"}
        assert signup_log.objects.filter(registration__isnull=False).count() == 3
    assert ChangeRecord.objects.count() == 26
