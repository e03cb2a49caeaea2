"""``manage.py push_event <event id or slug> --to URL [--key KEY]``: send the event to the
association's server, whenever the hall has a connection.

The server brings its copy up to date (``transfer.services.receive_archive``); sending again
changes nothing. What was changed on both sides since the event was downloaded is listed and
waits on the server for its organiser to decide; nothing is overwritten. The key is a sending
key of the event's club (its admin issues it on the server's club page): ``--key``, else the
environment's ``BINOKEL_SENDING_KEY``, else asked for without echo.
"""

from __future__ import annotations

import getpass
import os

from django.core.management.base import BaseCommand, CommandError, CommandParser

from results.management.commands.export_event import find_event
from transfer.archive import build_archive
from transfer.push import push_archive, push_url

KEY_VARIABLE = "BINOKEL_SENDING_KEY"


class Command(BaseCommand):
    help = "Send an event to the association's server (with a sending key of its club)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", help="id or slug of the event")
        parser.add_argument("--to", required=True, metavar="URL",
                            help="the server's address, e.g. https://binokel.example.org/")
        parser.add_argument("--key", help=f"the club's sending key (default: ${KEY_VARIABLE})")

    def handle(self, *args: object, event: str, to: str, key: str | None = None,
               **options: object) -> None:
        found = find_event(event)
        key = (key or os.environ.get(KEY_VARIABLE) or "").strip()
        if not key:
            key = getpass.getpass("Sending key: ").strip()
        if not key:
            raise CommandError("No sending key given; nothing was sent.")
        data = build_archive(event=found)
        try:
            answer = push_archive(server=to, key=key, data=data)
        except OSError as error:
            raise CommandError(
                f"The server {push_url(to)} cannot be reached ({error}); nothing was sent. "
                "Send again when there is a connection."
            ) from error
        body = answer.body
        if answer.status == 200:
            self.stdout.write(
                f"{body.get('status')}: “{found.name}” on {body.get('event', to)}: "
                f"{body.get('added', 0)} rows added, {body.get('changed', 0)} changed, "
                f"{body.get('deleted', 0)} deleted."
            )
            return
        if answer.status == 409:
            for line in body.get("conflicts", []):
                self.stdout.write(
                    f"{line['model']} {line['row']} {line['field']}: on the server "
                    f"“{line['here']}”, here “{line['there']}”"
                )
            raise CommandError(
                f"{len(body.get('conflicts', []))} conflict(s): nothing was changed on the "
                f"server yet. Its organiser decides them there: {body.get('decide', to)}"
            )
        raise CommandError(body.get("error") or f"The server answered HTTP {answer.status}.")
