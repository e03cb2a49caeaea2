"""A person's data deleted on request, from the events of one club, by its admins
(``delete_person``): one atomic write across the apps that hold it, each app's part done by
its own service.

- the player (``tournament.services.forget_player``): named as deleted (“gelöscht”), club and
  category emptied, unlisted, no public page, the notes of their entries emptied; a row the
  events of another club share stays theirs, this club's entries get a row of their own;
- the registrations that name them (``signup.services.forget_person``): the name, and where
  the registration is theirs the e-mail address, code and own link;
- the change log's records that name them (``privacy.selectors.trace``): each of their names
  in the records' parameters replaced by the deleted name; of the records about their entries
  also their category, the entry's notes and a single's club
  (``tournament.audit.forget_member``).

The entries, start numbers, seats, scores, results, payments and prizes stay: the standings
keep the entry under the deleted name. The deletion is logged in each event it touched and
on the club (``privacy.audit``), saying only that a person's data was deleted, by whom and
when.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from clubs.models import Club
from core.audit import log, log_all, record
from core.errors import UserError
from core.models import ChangeRecord
from privacy import rules
from privacy.audit import PrivacyAction
from privacy.selectors import Trace, club_person, deleted_name, trace
from signup.models import Registration
from signup.services import forget_person
from tournament.audit import forget_member
from tournament.models import Entry, Event, Player
from tournament.services import forget_player


class PersonError(UserError):
    """A refused deletion of a person's data."""


def _refuse_while_to_come(found: Trace, today: datetime.date) -> None:
    """Refused while the person plays or is registered in an evening still to come: the door
    and the lists of that evening need the name."""
    entry = next(
        (entry for entry in found.entries
         if not entry.is_withdrawn and entry.event.date >= today),
        None,
    )
    registration = next(
        (item.registration for item in found.naming
         if item.registration.status != Registration.Status.CANCELLED
         and item.registration.event.date >= today),
        None,
    )
    event = entry.event if entry is not None else (
        registration.event if registration is not None else None
    )
    if event is not None:
        raise PersonError(
            gettext_noop(
                "%(name)s is registered for “%(event)s” on %(date)s, which is still to come: "
                "withdraw the entry or cancel the registration first, or delete the data "
                "after the evening."
            ),
            name=found.player.name,
            event=event.name,
            date=f"{event.date:%d.%m.%Y}",
        )


@transaction.atomic
def delete_person(
    *, club: Club, player: Player, user: Any, today: datetime.date | None = None
) -> Player:
    """Delete the personal data of ``player`` from the events of ``club`` (see the module);
    returns the player row that carries the deleted name there. Refused (``PersonError``) for
    a player who played in none of the club's events or whose data is deleted already, and
    while they play or are registered in an evening of the club still to come (on or after
    ``today``)."""
    today = today or timezone.localdate()
    if club_person(club, player.pk) is None:
        raise PersonError(gettext_noop("This player played in none of the club's tournaments."))
    if player.name == deleted_name():
        raise PersonError(gettext_noop("This person's data is deleted already."))
    # the person's events locked, in one order: no entry of theirs changes (and logs its
    # name) between reading what names them and deleting it
    list(
        Event.objects.select_for_update().filter(
            pk__in=Entry.objects.filter(Q(player=player) | Q(partner=player), event__club=club)
            .values("event_id")
        ).order_by("pk").values_list("pk", flat=True)
    )
    found = trace(club, player)
    _refuse_while_to_come(found, today)
    name = deleted_name()
    events = sorted(found.event_ids)
    for change in found.records:
        scrubbed = change.params
        entry = found.about_entries.get(change.pk)
        if entry is not None:
            scrubbed = forget_member(scrubbed, role=found.member(entry), single=not entry.is_pair,
                                     name=name)
        scrubbed = rules.replaced(scrubbed, found.pattern, name)
        if scrubbed != change.params:
            ChangeRecord.objects.filter(pk=change.pk).update(params=scrubbed)
    forget_person(naming=found.naming, name=name)
    forgotten = forget_player(
        player=player, event_ids=club.events.values_list("pk", flat=True), name=name
    )
    log_all(
        record(event=event_id, action=PrivacyAction.PERSON_DELETED, user=user)
        for event_id in events
    )
    log(action=PrivacyAction.PERSON_DELETED, user=user, subject=club)
    return forgotten
