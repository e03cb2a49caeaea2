"""``manage.py restore <file>``: bring an evening back from a backup (README, "After a crash").

The file is a copy the server wrote into BACKUP_DIR (``core.backups``): an SQLite file
(``binokel-….sqlite3``) or a PostgreSQL dump (``binokel-….pgdump``, also any ``pg_dump -Fc``
of the database). It replaces the database that DATABASE_URL names (``core.restore``)
and is then migrated, so a copy made by an older version of the project works with this one.
It speaks the app's language (``LANGUAGE_CODE``, German): whoever restores is the organiser.
"""

from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from core.restore import RestoreError, restore
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Replace the database (DATABASE_URL) with a backup from BACKUP_DIR and migrate it. "
        "Refused when the copy is damaged or incomplete, and when the database holds anything "
        "(events, or only tables) unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a binokel-….sqlite3 or ….pgdump file")
        parser.add_argument(
            "--force", action="store_true",
            help="replace the database even though it holds events already",
        )

    def handle(self, *args, **options):
        with translation.override(settings.LANGUAGE_CODE):
            self.restore(options["file"], force=options["force"],
                         verbosity=options["verbosity"])

    def restore(self, path: Path, *, force: bool, verbosity: int) -> None:
        try:
            restore(path, force=force)
        except RestoreError as error:
            raise CommandError(str(error.message)) from error
        self.stdout.write(_("Restored %(path)s; migrating.") % {"path": path})
        call_command("migrate", interactive=False, verbosity=max(0, verbosity - 1))
        events = list(Event.objects.order_by("date", "name"))
        for event in events:
            self.stdout.write(f"  {event} – {event.get_status_display()}")
        self.stdout.write(
            self.style.SUCCESS(
                _(
                    "%(count)s event(s) restored. The score sheets' links and printed QR codes "
                    "work again once the phones reach this laptop under the same address "
                    "(PUBLIC_URL)."
                ) % {"count": len(events)}
            )
        )
