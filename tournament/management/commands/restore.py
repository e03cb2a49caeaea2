"""``manage.py restore <file>``: bring an evening back from a backup (README, "After a crash").

The file is a copy the server wrote into BACKUP_DIR (``tournament.backups``): an SQLite file
(``binokel-….sqlite3``) or a PostgreSQL dump (``binokel-….pgdump``, also any ``pg_dump -Fc``
of the database). It replaces the database that DATABASE_URL names (``tournament.restore``)
and is then migrated, so a copy made by an older version of the project works with this one.
"""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from tournament.models import Event
from tournament.restore import RestoreError, restore


class Command(BaseCommand):
    help = (
        "Replace the database (DATABASE_URL) with a backup from BACKUP_DIR and migrate it. "
        "Refused when the database already holds events, unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a binokel-….sqlite3 or ….pgdump file")
        parser.add_argument(
            "--force", action="store_true",
            help="replace the database even though it holds events already",
        )

    def handle(self, *args, **options):
        path: Path = options["file"]
        try:
            restore(path, force=options["force"])
        except RestoreError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Restored {path}; migrating.")
        call_command("migrate", interactive=False, verbosity=max(0, options["verbosity"] - 1))
        events = list(Event.objects.order_by("date", "name"))
        for event in events:
            self.stdout.write(f"  {event} – {event.get_status_display()}")
        self.stdout.write(
            self.style.SUCCESS(
                f"{len(events)} event(s) restored. The score sheets' links and printed QR codes "
                "work again once the phones reach this laptop under the same address "
                "(PUBLIC_URL)."
            )
        )
