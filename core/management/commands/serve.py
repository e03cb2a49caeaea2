"""``manage.py serve [ADDRESS:PORT]``: the app for the hall, served by waitress.

Anyone on the hall's Wi-Fi reaches the laptop directly, with no proxy in front. A server whose
threads read the requests themselves (gunicorn's sync and gthread workers) can be stopped by a
handful of connections that send their headers a byte at a time: each holds a thread, and the
phones' saves wait. waitress reads every request, its headers and its body, in one I/O thread
that serves all connections at once, and gives it to one of its ``THREADS`` threads only when
it is complete: a slow phone (or a slow attacker) holds a connection, never a thread of the app.
Of the connections it keeps at most ``MAX_CONNECTIONS_PER_ADDRESS`` per client address and
``MAX_CONNECTIONS`` in all (``core.limits``); beyond either it closes a waiting one
instead of accepting no more (``core.hall_server``), so a thousand slow connections from
one address, or from a few, do not stop the hall's phones. It sends no ``Server`` header. It
refuses a body larger than the import's (``MAX_IMPORT_REQUEST_BYTES``) before reading it, and
the app refuses one larger than its route takes (``core.middleware.RequestSizeMiddleware``).

waitress logs through the app's log (``LOGGING``, on stderr), so its lines hide the secrets of
links as every other line does. It has no access log.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.core.servers.basehttp import get_internal_wsgi_application

from core.hall_server import ACCEPT_AT_ONCE, create_hall_server
from core.limits import (
    MAX_CONNECTIONS,
    MAX_CONNECTIONS_PER_ADDRESS,
    MAX_IMPORT_REQUEST_BYTES,
)

THREADS = 8
"""The app's threads: as many as gunicorn's 4 workers x 2 threads had. Only complete requests
reach them; more would only wait for the database and the interpreter's lock."""
OTHER_FILES = 100
"""Open files besides the connections: the database, the log, the app's own files."""


def open_files_for(connections: int) -> int:
    """Raise the process's limit of open files, where it is lower, so that ``connections`` fit
    (up to the system's hard limit); returns the connections that fit."""
    try:
        import resource
    except ImportError:  # not on Windows
        return connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + OTHER_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    if soft == resource.RLIM_INFINITY:
        return connections
    return max(1, min(connections, soft - OTHER_FILES))


class Command(BaseCommand):
    help = (
        "Serve the app for the hall with waitress: slow connections wait in its I/O thread, "
        "never in the app's threads."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "addrport", nargs="?", default="127.0.0.1:8000",
            help="address and port to listen on, e.g. 0.0.0.0:8000 for the hall's Wi-Fi "
            "(default 127.0.0.1:8000, this computer only)",
        )
        parser.add_argument(
            "--threads", type=int, default=THREADS, help=f"the app's threads (default {THREADS})"
        )

    def handle(self, *args: Any, addrport: str, threads: int, **options: Any) -> None:
        if threads < 1:
            raise CommandError("--threads must be at least 1")
        self.check_migrations()
        # room for a burst of new connections taken at once before others are shed
        connections = open_files_for(MAX_CONNECTIONS + ACCEPT_AT_ONCE) - ACCEPT_AT_ONCE
        if connections < 1:
            raise CommandError("Too few open files allowed (ulimit -n): raise the limit")
        try:
            server = create_hall_server(
                get_internal_wsgi_application(),
                per_address=min(MAX_CONNECTIONS_PER_ADDRESS, connections),
                listen=addrport,
                threads=threads,
                connection_limit=connections,
                ident="",  # no Server header: nothing that tells what runs here
                # poll() instead of select(), which takes no more than 1024 files
                asyncore_use_poll=True,
                # waitress refuses a Content-Length equal to this or larger
                max_request_body_size=MAX_IMPORT_REQUEST_BYTES + 1,
            )
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot listen on {addrport}: {error}") from error
        server.print_listen("Binokel-Turnier serves on http://{}:{} (stop with Ctrl+C)")
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        finally:
            server.close()
