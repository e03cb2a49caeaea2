"""The organiser's settings of the standings: tie-breaks, what counts, public or not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from core.audit import log
from scoring.audit import ScoringAction
from scoring.ranking import TIE_BREAKS, parse_tie_breaks
from tournament.models import Event
from tournament.results import results_changed
from tournament.services.lifecycle import ensure_not_finished


@transaction.atomic
def update_standings_settings(
    *,
    event: Event,
    tie_breaks: Sequence[str],
    count_unconfirmed: bool,
    public_standings: bool,
    user: Any = None,
) -> Event:
    """Save the standings settings of ``event``: tie-break codes in order, counting, public.

    A change of tie-breaks or counting and a change of the public switch are logged apart. A
    change of tie-breaks or counting while the event is finished raises ``EventFinished``
    (``tournament.services.lifecycle``); the public switch may change.
    Unknown or repeated tie-break codes are a caller's bug (``ValueError``; the settings form
    offers only the known ones); then nothing is saved.
    """
    codes = list(tie_breaks)
    if any(code not in TIE_BREAKS for code in codes) or len(set(codes)) != len(codes):
        raise ValueError(f"Invalid tie-breaks: {codes!r}")
    event = Event.objects.select_for_update().get(pk=event.pk)
    ranking_changed = (
        parse_tie_breaks(event.tie_breaks) != codes or event.count_unconfirmed != count_unconfirmed
    )
    if ranking_changed:  # publishing the standings of a finished event is fine
        ensure_not_finished(event)
    public_changed = event.public_standings != public_standings
    event.tie_breaks = ",".join(codes)
    event.count_unconfirmed = count_unconfirmed
    event.public_standings = public_standings
    event.save(update_fields=["tie_breaks", "count_unconfirmed", "public_standings"])
    if ranking_changed or public_changed:
        results_changed(event_id=event.pk)
    if ranking_changed:
        log(
            event=event,
            action=ScoringAction.STANDINGS,
            user=user,
            tie_breaks=codes,
            count_unconfirmed=count_unconfirmed,
        )
    if public_changed:
        log(
            event=event,
            action=ScoringAction.PUBLISHED if public_standings else ScoringAction.UNPUBLISHED,
            user=user,
        )
    return event
