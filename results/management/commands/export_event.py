"""``manage.py export_event <event id or slug> [--output FILE] [--csv]``: write the event's export.

Writes the workbook (Einzel, Paare, Sitzplan, Spiele; see ``results.exports``) or, with
``--csv``, the standings as CSV. Without ``--output`` the file is named after the event's name
and date (``benefizbinokel-2026-11-21.xlsx``) in the current directory. ``--archive FILE``
writes the whole event as one file instead (``transfer.archive``, docs/transfer.md), for
``import_event`` on another installation.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.text import is_number
from results.exports import archive_writer, event_workbook, file_stem, standings_csv
from tournament.models import Event


def find_event(key: str) -> Event:
    """The event with id ``key`` (if it is a number) or slug ``key``; CommandError if none."""
    key = key.strip()
    event = None
    if is_number(key):
        event = Event.objects.filter(pk=int(key)).first()
    if event is None:
        event = Event.objects.filter(slug=key).first()
    if event is None:
        raise CommandError(
            f"No event with id or slug “{key}”. Known events: "
            + (", ".join(f"{e.pk} ({e.slug})" for e in Event.objects.all()[:20]) or "none")
        )
    return event


class Command(BaseCommand):
    help = "Export an event's standings, seating plan and games as .xlsx (or standings as CSV)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="id or slug of the event")
        parser.add_argument(
            "--output",
            "-o",
            help="file to write (default: <event name>-<date>.xlsx or .csv in this directory)",
        )
        parser.add_argument(
            "--csv", action="store_true", help="write the standings as CSV instead of .xlsx"
        )
        parser.add_argument(
            "--archive", metavar="FILE",
            help="write the whole event as one archive (.zip) for import_event instead",
        )

    def handle(self, *args: object, event: str, output: str | None, csv: bool,
               archive: str | None = None, **options: object) -> None:
        found = find_event(event)
        if archive:
            writer = archive_writer()
            if writer is None:
                raise CommandError("No app writes event archives (the transfer app is missing).")
            self._write(Path(archive), writer(event=found), found)
            return
        extension = "csv" if csv else "xlsx"
        path = Path(output) if output else Path(f"{file_stem(found)}.{extension}")
        content = standings_csv(found) if csv else event_workbook(found)
        self._write(path, content, found)

    def _write(self, path: Path, content: bytes, found: Event) -> None:
        try:
            path.write_bytes(content)
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error}") from error
        self.stdout.write(f"Wrote {path} ({len(content):,} bytes) for “{found.name}”.")
