"""``manage.py forget_personal_data``: what it lists with ``--dry-run``, what it deletes (the
registrations' e-mail addresses, codes and links of the evenings past their club's retention,
per club), and that a second run changes nothing; the results stay."""

from io import StringIO

import pytest
from django.core.management import call_command

from core.models import ChangeRecord
from signup.audit import SignupAction
from signup.models import SignupSettings
from tests.signup.retention_data import (
    records,
    registration_data,
    standings_rows,
    two_clubs,
)
from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("forget_personal_data", *args, stdout=out)
    return out.getvalue()


def test_a_dry_run_lists_per_event_what_it_would_delete_and_changes_nothing():
    events = two_clubs()
    before, logged = registration_data(), records()
    output = run("--dry-run")
    lines = output.splitlines()
    assert lines[0].startswith("Would delete of “Binokel long-past” (binokel-long-past, ")
    assert lines[0].endswith(": 4 e-mail addresses, 4 codes, 4 links.")
    assert lines[1].startswith("Would delete of “Binokel short-past” (binokel-short-past, ")
    assert lines[2] == "Dry run: nothing deleted (2 events)."
    assert len(lines) == 3
    assert registration_data() == before
    assert records() == logged
    assert not SignupSettings.objects.filter(event__in=events.values(),
                                             forgotten_at__isnull=False).exists()


def test_it_deletes_exactly_the_data_past_each_clubs_retention_and_once():
    events = two_clubs()
    before = {row[0]: row for row in registration_data()}
    players = sorted(Player.objects.values_list("pk", "name", "club", "category"))
    entries = sorted(Entry.objects.values_list("pk", "event_id", "player_id", "start_number"))
    standings = {slug: standings_rows(event) for slug, event in events.items()}

    output = run()

    assert "Deleted of “Binokel long-past”" in output
    assert "Deleted of “Binokel short-past”" in output
    assert output.splitlines()[-1] == (
        "Done: the registrations' personal data of 2 events deleted."
    )
    for pk, slug, name, email, code, token, status, entry in registration_data():
        if slug in ("binokel-long-past", "binokel-short-past"):
            assert (email, code, token) == ("", "", None)
            assert (name, status, entry) == (before[pk][2], before[pk][6], before[pk][7])
        else:
            assert (pk, slug, name, email, code, token, status, entry) == before[pk]
    assert sorted(Player.objects.values_list("pk", "name", "club", "category")) == players
    assert sorted(Entry.objects.values_list("pk", "event_id", "player_id", "start_number")) == (
        entries
    )
    assert {slug: standings_rows(event) for slug, event in events.items()} == standings
    assert set(
        ChangeRecord.objects.filter(action=SignupAction.FORGOTTEN).values_list(
            "event__slug", flat=True)
    ) == {"binokel-long-past", "binokel-short-past"}
    assert set(SignupSettings.objects.filter(forgotten_at__isnull=False).values_list(
        "event__slug", flat=True)) == {"binokel-long-past", "binokel-short-past"}

    after, logged = registration_data(), records()
    assert run() == "Nothing to delete: no registrations past their retention.\n"
    assert registration_data() == after
    assert records() == logged
