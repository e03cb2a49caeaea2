"""Writes that span several rows of the tournament app (each in one transaction)."""

from django.db import transaction
from django.db.models import Max

from tournament.models import Entry, Event, Player


def next_start_number(event: Event) -> int:
    """The next free start number of an event: one above the highest given so far."""
    highest = event.entries.aggregate(highest=Max("start_number"))["highest"]
    return (highest or 0) + 1


@transaction.atomic
def register_entry(
    *,
    event: Event,
    name: str,
    partner_name: str = "",
    club: str = "",
    start_number: int | None = None,
    is_stand_in: bool = False,
    notes: str = "",
) -> Entry:
    """Register a single (no ``partner_name``) or a pair under a start number.

    Without ``start_number`` the next free one is given. A clash with an existing start number
    raises ``IntegrityError`` from the database's unique constraint.
    """
    player = Player.objects.create(name=name.strip(), club=club.strip())
    partner = (
        Player.objects.create(name=partner_name.strip(), club=club.strip())
        if partner_name.strip()
        else None
    )
    if start_number is None:
        # Lock the event row so two concurrent registrations cannot pick the same number.
        Event.objects.select_for_update().filter(pk=event.pk).first()
        start_number = next_start_number(event)
    return Entry.objects.create(
        event=event,
        start_number=start_number,
        player=player,
        partner=partner,
        is_stand_in=is_stand_in,
        notes=notes.strip(),
    )
