"""``manage.py import_event FILE [--theirs | --ours]``: import an event's archive.

An event not here is created as it was; an event here (the same one, by its key) is brought up
to date by the three-way merge (docs/transfer.md). Conflicts are listed and nothing is changed,
unless ``--theirs`` (take the archive's side of every conflict) or ``--ours`` (keep this side)
decides them. The command may create the archive's club when it is missing.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import UserError
from transfer.merge import OURS, THEIRS
from transfer.services import CONFLICTS, receive_archive


class Command(BaseCommand):
    help = "Import an event's archive (written by export_event --archive) or merge it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive (.zip)")
        side = parser.add_mutually_exclusive_group()
        side.add_argument("--theirs", action="store_true",
                          help="decide every conflict for the archive")
        side.add_argument("--ours", action="store_true",
                          help="decide every conflict for this installation")

    def handle(self, *args: object, file: str, theirs: bool, ours: bool,
               **options: object) -> None:
        try:
            data = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error}") from error
        decisions = {"*": THEIRS} if theirs else {"*": OURS} if ours else None
        try:
            result = receive_archive(data=data, decisions=decisions)
        except UserError as error:
            raise CommandError(str(error)) from error
        if result.status == CONFLICTS:
            for line in result.conflicts:
                self.stdout.write(
                    f"{line.model} {line.row} {line.field}: here “{line.here}”, "
                    f"there “{line.there}”"
                )
            raise CommandError(
                f"{len(result.conflicts)} conflict(s), nothing was changed: run again with "
                "--theirs or --ours."
            )
        event = result.event
        self.stdout.write(
            f"{result.status}: “{event.name}” ({event.slug}): {result.total('create')} rows "
            f"added, {result.total('update')} changed, {result.total('delete')} deleted."
        )
        if result.dropped_users:
            self.stdout.write("Unknown accounts left out: " + ", ".join(result.dropped_users))
