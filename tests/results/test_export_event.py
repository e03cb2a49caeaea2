"""``manage.py export_event`` (``results.management.commands.export_event``): the workbook or the
CSV of an event named by id or slug, to a given file or one named after the event."""

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from tests.results.workbooks import exported_event, values

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """The exported event: see ``tests.results.workbooks.exported_event``."""
    return exported_event()


@pytest.mark.parametrize("key", ["id", "slug"])
def test_command_writes_a_readable_workbook(event, tmp_path, key):
    target = tmp_path / "standings.xlsx"
    call_command("export_event", str(event.pk) if key == "id" else event.slug,
                 "--output", str(target))
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == [
        "Einzel", "Paare", "Sitzplan", "Spiele", "Kasse", "Preise", "Stand", "Ausgaben"
    ]
    assert values(book["Einzel"])[1][:3] == [1, 2, "Jörg Häfele"]


def test_command_default_file_name_and_csv(event, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call_command("export_event", event.slug)
    assert (tmp_path / "benefizbinokel-groessingen-2026-11-21.xlsx").exists()
    call_command("export_event", event.slug, "--csv")
    text = (tmp_path / "benefizbinokel-groessingen-2026-11-21.csv").read_bytes()
    assert text.startswith(b"\xef\xbb\xbf") and "Jörg Häfele".encode() in text


@pytest.mark.parametrize("key", ["no-such-event", "999999"])
def test_command_unknown_event(event, tmp_path, key):
    with pytest.raises(CommandError, match="No event with id or slug"):
        call_command("export_event", key, "--output", str(tmp_path / "x.xlsx"))
    assert not (tmp_path / "x.xlsx").exists()
