"""``manage.py forget_personal_data [--dry-run]``: delete the registrations' personal data of
every evening past its club's retention (a timer runs it daily).

Of each event whose evening is ``Club.retention_days`` days past (``signup.retention``) and
whose registrations still hold e-mail addresses, codes or own links, these are deleted
(``signup.services.forget_personal_data``); the names, entries, results and players stay. Each
event is one transaction, recorded on the event and in its change log. ``--dry-run`` lists
what would be deleted and changes nothing. Run again, it finds nothing more to delete.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from signup.selectors import HeldData, past_retention
from signup.services import forget_personal_data


def counted(held: HeldData) -> str:
    """“Name” (slug, 01.03.2026): 12 e-mail addresses, 12 codes, 11 links."""
    event = held.event
    return (
        f"“{event.name}” ({event.slug}, {event.date:%d.%m.%Y}, club {event.club.slug}): "
        f"{held.addresses} e-mail addresses, {held.codes} codes, {held.links} links"
    )


class Command(BaseCommand):
    help = (
        "Delete the e-mail addresses, codes and links of the online registrations of every "
        "event past its club's retention (names, entries and results stay)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="list what would be deleted, delete nothing"
        )

    def handle(self, *args: object, dry_run: bool, **options: object) -> None:
        today = timezone.localdate()
        due = past_retention(today=today)
        if not due:
            self.stdout.write("Nothing to delete: no registrations past their retention.")
            return
        if dry_run:
            for held in due:
                self.stdout.write(f"Would delete of {counted(held)}.")
            self.stdout.write(f"Dry run: nothing deleted ({len(due)} events).")
            return
        for held in due:
            done = forget_personal_data(event=held.event, today=today)
            if done:
                self.stdout.write(f"Deleted of {counted(done)}.")
        self.stdout.write(f"Done: the registrations' personal data of {len(due)} events deleted.")
