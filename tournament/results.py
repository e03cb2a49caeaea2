"""The results stamp of an event: every change that can alter the standings moves it on.

``Event.results_version`` keys the cached standings (``scoring.standings``) and
``Event.results_changed_at`` is the "last change" the standings pages, the projector and the
downloads show. Services call :func:`results_changed` inside their transaction, so the stamp
moves with the change or not at all; a reader that loads the event after the commit sees the
new version and never a cached result from before the change.
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from tournament.models import Event


def results_changed(*, event_id: int) -> None:
    """Move the results stamp of the event on (one UPDATE)."""
    Event.objects.filter(pk=event_id).update(
        results_version=F("results_version") + 1, results_changed_at=timezone.now()
    )
