"""Public routes of the transfer app: the address the hall's laptop sends an event to
(``manage.py push_event``), open to anyone who holds a sending key of the event's club (the
view checks it) and never stored (the archive carries tokens and e-mail addresses)."""

from django.urls import path

from core.limits import MAX_IMPORT_REQUEST_BYTES
from core.web import no_store, takes_body
from transfer import views
from transfer.urls_organiser import too_large

urlpatterns = [
    path("abend-senden/",
         no_store(takes_body(MAX_IMPORT_REQUEST_BYTES, too_large=too_large)(views.event_push)),
         name="event-push"),
]
