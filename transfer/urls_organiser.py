"""Organiser routes of the transfer app: the event's archive (its organisers; never stored: it
carries the sheets' tokens and the registrants' e-mail addresses) and the import page (any
account; the archive's club says who may)."""

from django.urls import path

from core.limits import MAX_IMPORT_REQUEST_BYTES
from core.web import no_store, takes_body
from transfer import views
from transfer.archive import TOO_LARGE


def too_large() -> str:
    from core.errors import Message
    from core.limits import MAX_ARCHIVE_BYTES

    return str(Message(TOO_LARGE, megabytes=MAX_ARCHIVE_BYTES // 2**20))


urlpatterns = [
    path("turnier/<slug:slug>/archiv/", no_store(views.archive_download),
         name="event-archive-export"),
    path("turnier/<slug:slug>/archiv/wartet/", no_store(views.archives_waiting),
         name="event-archives-waiting"),
    path("turnier-einlesen/",
         no_store(takes_body(MAX_IMPORT_REQUEST_BYTES, too_large=too_large)(
             views.archive_import)),
         name="event-archive-import"),
]
