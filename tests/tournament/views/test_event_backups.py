"""The event page's line about the backups (``core.backups.backup_state``): the last
copy for the organisers, and a warning when a copy failed, the backups stopped or the folder
cannot be read."""

from pathlib import Path

import pytest
from django.utils import timezone
from django.utils.formats import date_format

from core import backups
from core.backups import Status
from tests.factories import make_event, make_role, make_user
from tournament.models import EventRole

pytestmark = pytest.mark.django_db


def status_file(folder: Path, **fields) -> None:
    now = timezone.now()
    Status(**{"checked_at": now, "interval": 300, "last_file": "binokel-x.sqlite3",
              "last_success_at": now, **fields}).write(folder)


def shown(moment) -> str:
    """A moment as the page names it: the clock for today's, with the date before (a test run
    shortly after midnight looks back into yesterday)."""
    local = timezone.localtime(moment)
    if local.date() == timezone.localdate():
        return f"{local:%H:%M}"
    return date_format(local, "SHORT_DATETIME_FORMAT")


def test_the_event_page_shows_the_last_backup_to_organisers(client, organiser, tmp_path,
                                                             settings):
    event = make_event(organiser=organiser)
    url = event.get_absolute_url()
    assert "Keine automatische Sicherung" in client.get(url).content.decode()
    settings.BACKUP_DIR = str(tmp_path)
    now = timezone.now()
    status_file(tmp_path, last_success_at=now)
    html = client.get(url).content.decode()
    clock = shown(now)
    assert f"Letzte Sicherung: {clock} in {tmp_path}." in html
    assert 'role="alert"' not in html

    earlier = now - timezone.timedelta(minutes=30)
    status_file(tmp_path, last_success_at=earlier)  # checked now: nothing changed since
    html = client.get(url).content.decode()
    assert (f"Letzte Sicherung: {shown(earlier)} in {tmp_path}; seitdem "
            f"keine Änderung (geprüft um {clock}).") in html

    helper = make_user("helfer")
    make_role(event, helper, EventRole.Role.DESK)
    client.force_login(helper)
    html = client.get(url).content.decode()
    assert "Sicherung" not in html  # the organisers' matter


@pytest.mark.parametrize(
    ("case", "warning"),
    [
        ("failed", "Die letzte Sicherung ist fehlgeschlagen ({time}): pg_dump ist nicht "
                   "installiert"),
        ("stopped", "Die Sicherungen haben aufgehört, zuletzt geprüft: {time}."),
        ("nothing", "Noch keine Sicherung in {folder}."),
        ("missing", "Der Sicherungsordner {folder} ist nicht lesbar"),
    ],
)
def test_the_event_page_warns_when_backups_fail(client, organiser, tmp_path, settings, case,
                                                warning):
    folder = tmp_path / "usb"
    settings.BACKUP_DIR = str(folder)
    now = timezone.now()
    earlier = now - timezone.timedelta(minutes=20)
    if case != "missing":
        folder.mkdir()  # "nothing": the folder is there, nothing was written into it
    if case == "failed":
        status_file(folder, last_success_at=earlier, last_failure_at=now,
                    failure_msgid=backups.PG_DUMP_MISSING)
        moment = now
    elif case == "stopped":
        status_file(folder, last_success_at=earlier, checked_at=earlier)
        moment = earlier
    elif case == "nothing":
        moment = now
    else:
        moment = now
    html = client.get(make_event(organiser=organiser).get_absolute_url()).content.decode()
    expected = warning.format(time=shown(moment), folder=folder)
    assert expected in html.replace("&#x27;", "'")
    assert 'role="alert"' in html


