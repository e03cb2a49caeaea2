"""Bad input changes nothing: a damaged, altered, foreign or newer archive, and an archive of an
event the account does not organise, are refused with a German message; every model's rows are
as before."""

import io
import json
import zipfile

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from core.errors import UserError
from tests.factories import make_club, make_entry, make_event, make_member, make_user
from tests.transfer.events import forget_event, row_counts
from transfer.archive import DATA, MANIFEST, build_archive
from transfer.services import CREATED, receive_archive

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive():
    event = make_event(slug="herbst")
    for number in range(1, 4):
        make_entry(event, number)
    return build_archive(event=event)


def rewritten(data: bytes, *, manifest=None, content=None) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    found = json.loads(parts[MANIFEST])
    if manifest is not None:
        found.update(manifest)
    parts[MANIFEST] = json.dumps(found).encode()
    if content is not None:
        parts[DATA] = content(parts[DATA])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for name, part in parts.items():
            target.writestr(name, part)
    return buffer.getvalue()


def foreign_zip(_data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        target.writestr("readme.txt", "Urlaubsfotos")
    return buffer.getvalue()


BAD = {
    "cut short": (lambda data: data[: len(data) // 2], "beschädigt oder unvollständig"),
    "data altered": (lambda data: rewritten(
        data, content=lambda part: part.replace(b'"Spieler 1', b'"Spielerin 1')),
        "passen nicht zu ihrer Prüfsumme"),
    "not a zip": (lambda data: b"Name;Verein\nAnna;TSV\n", "keine Zip-Datei"),
    "foreign zip": (foreign_zip, "kein Archiv eines Turniers"),
    "other manifest": (lambda data: rewritten(data, manifest={"format": "andere-app"}),
                       "kein Archiv eines Turniers"),
    "newer format": (lambda data: rewritten(data, manifest={"format_version": 99}),
                     "neueren Version"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_refused_and_changes_nothing(archive, case):
    spoil, message = BAD[case]
    bad = spoil(archive)
    before = row_counts()
    with pytest.raises(UserError) as refused:
        receive_archive(data=bad)
    assert message in str(refused.value)
    assert row_counts() == before


def test_the_data_is_checked_byte_for_byte(archive):
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        name = source.read(DATA)
    assert b"Spieler 1" in name  # the altered case above really alters the data


def test_an_archive_of_an_event_the_account_does_not_organise_is_refused(archive):
    from tournament.models import Event

    event = Event.objects.get(slug="herbst")
    stranger = make_user("fremd")
    make_club(admin=stranger)  # the admin of another club
    helper = make_user("helfer")
    make_member(event.club, helper, "helper")
    for account in (stranger, helper):
        before = row_counts()
        with pytest.raises(UserError) as refused:
            receive_archive(data=archive, user=account)
        assert "nicht" in str(refused.value) and "Veranstalter" not in str(refused.value)
        assert row_counts() == before
    # a new event of a club that is missing here: only an administrator creates the club
    organiser = make_user("leitung")
    make_member(event.club, organiser, "organiser")
    forget_event(event)
    club = event.club
    club.events.all().delete()
    club.members.all().delete()
    club.players.all().delete()  # the registry of its players goes with the club
    club.delete()
    before = row_counts()
    with pytest.raises(UserError):
        receive_archive(data=archive, user=organiser)
    assert row_counts() == before
    assert receive_archive(data=archive, user=make_user("admin", is_superuser=True)).status == (
        CREATED)


def test_a_club_token_receives_only_its_own_clubs_events(archive):
    other = make_club(slug="anderer-verein")
    with pytest.raises(UserError):
        receive_archive(data=archive, club=other)


def test_a_slug_taken_by_another_event_is_refused(archive):
    from tournament.models import Event

    event = Event.objects.get(slug="herbst")
    forget_event(event)
    make_event(slug="herbst", club=event.club)
    before = row_counts()
    with pytest.raises(UserError) as refused:
        receive_archive(data=archive)
    assert "herbst" in str(refused.value)
    assert row_counts() == before


def test_the_commands_write_and_read_the_archive(tmp_path, capsys):
    event = make_event(slug="winter")
    make_entry(event, 1)
    path = tmp_path / "winter.zip"
    call_command("export_event", "winter", "--archive", str(path))
    forget_event(event)
    call_command("import_event", str(path))
    assert "created" in capsys.readouterr().out
    call_command("import_event", str(path))
    assert "unchanged" in capsys.readouterr().out
    (tmp_path / "kaputt.zip").write_bytes(path.read_bytes()[:100])
    with pytest.raises(CommandError):
        call_command("import_event", str(tmp_path / "kaputt.zip"))


def test_the_organiser_downloads_the_archive_and_imports_it_on_the_page(client, archive):
    from tournament.models import Event

    event = Event.objects.get(slug="herbst")
    organiser = make_user("leitung")
    make_member(event.club, organiser, "organiser")
    client.force_login(organiser)
    response = client.get(reverse("event-archive-export", args=[event.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "no-store" in response["Cache-Control"]
    data = response.content
    forget_event(event)
    upload = io.BytesIO(data)
    upload.name = "herbst.zip"
    response = client.post(reverse("event-archive-import"), {"file": upload})
    assert response.status_code == 302
    assert Event.objects.get(slug="herbst").entries.count() == 3
    bad = io.BytesIO(b"kein zip")
    bad.name = "x.zip"
    response = client.post(reverse("event-archive-import"), {"file": bad})
    assert response.status_code == 200 and "keine Zip-Datei" in response.content.decode()
