"""The player registry: each club's players (its Spielerverzeichnis, members and regular
guests), which the club's events share.

Every player belongs to one club's registry (``Player.registry_club``); an event's entries are
players of the event's club. A registration finds a player seen before in the club's registry
(``find_player``) instead of creating one anew, and a new player goes into it; two rows of the
same person in one registry are merged into one (``merge_players``), never two clubs' rows
(those are linked for a series across clubs, ``link_players``). What counts as the same or a
likely duplicate is decided by ``tournament.registry`` (pure); here are the database's side and
who may see and change which player.

Seeing: an account sees the registries of the clubs it is a member of and the players of the
events it has a role on as a guest (organiser or desk helper of that event: it has their names
in front of it there anyway); a superuser, and a caller without an account (a command, the
shell), every player (``visible_players``). The suggestions, the "Who is …?" question, a
player chosen by id, an import, a latecomer reach only those of the event's club
(``registry_for``); the duplicate list, the merge and the player's page only those visible,
and the events shown beside a player are the ones the account has a role on.

Changing: a player's data (name, club, category, member, ``unlisted``, ``public_profile``)
changes in place when the account organises the player's club, or else organises every other
event the player has an entry in (``may_change_player``); otherwise the entry being registered
or edited gets a player row of its own with the change, and the other events keep theirs. A
merge needs an organiser of the club, or of every event of both players; the registry's page
(``update_player``) an organiser of the club.

Forgetting: a person's data is deleted from the events of one club (``forget_player``, on the
request of the person to the club's admins): the player is renamed as deleted, their entries
and results stay; the events of other clubs keep the row they have.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

from clubs.access import organises_club
from clubs.models import Club
from core import limits
from core.audit import log
from core.changes import save_and_log_changes
from core.errors import UserError
from tournament import audit, registry, signals
from tournament.audit import TournamentAction
from tournament.models import Entry, Event, Player, PlayerLink, Seat
from tournament.results import results_changed


class PlayerError(UserError):
    """A refused change of the registry (a merge)."""


def player_events(player_ids: Iterable[int]) -> dict[int, set[int]]:
    """The ids of the events every player played in (as player or partner), by player id."""
    ids = list(player_ids)
    events: dict[int, set[int]] = defaultdict(set)
    rows = Entry.objects.filter(Q(player_id__in=ids) | Q(partner_id__in=ids)).values_list(
        "event_id", "player_id", "partner_id"
    )
    wanted = set(ids)
    for event_id, player_id, partner_id in rows:
        for pk in (player_id, partner_id):
            if pk in wanted:
                events[pk].add(event_id)
    return events


def candidates(players: QuerySet[Player] | None = None) -> list[registry.Candidate]:
    """The players (default: every player) as ``tournament.registry`` sees them (two queries)."""
    rows = list((players if players is not None else Player.objects.all()).values_list(
        "pk", "name", "club"
    ))
    events = player_events(pk for pk, _name, _club in rows)
    return [
        registry.Candidate(pk, name, club, frozenset(events.get(pk, ())))
        for pk, name, club in rows
    ]


def players_of(entries: QuerySet[Entry]) -> QuerySet[Player]:
    """The players of ``entries`` (players and partners)."""
    return Player.objects.filter(
        Q(pk__in=entries.values("player_id"))
        | Q(pk__in=entries.filter(partner__isnull=False).values("partner_id"))
    )


def players_of_event(event: Event) -> QuerySet[Player]:
    """The players of ``event``'s entries (players and partners)."""
    return players_of(event.entries.all())


def registry_for(event: Event, *, user: Any, exclude: Iterable[int] = ()) -> QuerySet[Player]:
    """The players a registration in ``event`` by ``user`` may reuse: those of the event's
    club's registry the user may see (``visible_players``) that do not play in the event
    already, ``exclude`` aside."""
    return (
        visible_players(user)
        .filter(registry_club_id=event.club_id)
        .exclude(pk__in=players_of_event(event).values("pk"))
        .exclude(pk__in=list(exclude))
    )


def find_player(
    *, event: Event, user: Any, name: str, club: str, player_id: int | None = None,
    exclude: Iterable[int] = (),
) -> tuple[Player | None, list[registry.Match]]:
    """The registry player a registration of ``name`` (``club``) in ``event`` by ``user`` is,
    if known.

    Returns ``(player, [])`` for the player chosen by ``player_id`` (a suggestion tapped or a
    likely player chosen; it counts only while the name typed is still alike to that player's)
    or the one player of that name and club; ``(None, matches)`` when players are likely the
    same (the organiser chooses); ``(None, [])`` for a new player. Only players ``user`` may
    see are found or offered (``registry_for``), never those of the event itself or
    ``exclude``; a ``player_id`` the user may not see is the caller's to refuse
    (``may_see_player``).
    """
    pool = registry_for(event, user=user, exclude=exclude)
    if player_id is not None:
        chosen = pool.filter(pk=player_id).first()
        if chosen is not None and registry.likeness(chosen.name, "", name, "") is not None:
            return chosen, []
    found = candidates(pool)
    exact = registry.exact_match(name, club, found)
    if exact is not None:
        return Player.objects.get(pk=exact.id), []
    return None, registry.likely_duplicates(
        name, club, found, limit=limits.MAX_REGISTRY_CHOICES
    )


def visible_players(user: Any) -> QuerySet[Player]:
    """The players ``user`` may see in the registry: those of the registries of the clubs the
    user is a member of, and those with an entry (as player or partner) in an event the user
    has a role on, organiser or desk helper; a superuser, and None (a command or the shell, no
    account), every player."""
    if user is None or user.is_superuser:
        return Player.objects.all()
    guest = players_of(Entry.objects.filter(event__in=Event.objects.with_role_of(user)))
    return Player.objects.filter(
        Q(registry_club__in=Club.objects.of(user)) | Q(pk__in=guest.values("pk"))
    )


def may_see_player(user: Any, player_id: int) -> bool:
    """Whether ``user`` may see the player ``player_id`` (False also for no such player)."""
    return visible_players(user).filter(pk=player_id).exists()


def visible_events(user: Any) -> QuerySet[Event]:
    """The events that may be named to ``user`` beside a player (a player's last event, the
    events of likely duplicates): those the user has a role on (None: every event)."""
    return Event.objects.all() if user is None else Event.objects.with_role_of(user)


def organises_all(user: Any, event_ids: Iterable[int]) -> bool:
    """Whether ``user`` organises every one of ``event_ids`` (None: a command, every one)."""
    ids = set(event_ids)
    if user is None or not ids:
        return True
    mine = Event.objects.organised_by(user).filter(pk__in=ids).values_list("pk", flat=True)
    return ids <= set(mine)


def may_change_player(
    user: Any, player: Player, *, event: Event, registrant: bool = False
) -> bool:
    """Whether ``user``, registering or editing an entry of ``event``, may change ``player``'s
    shared data (name, club, category, the wishes) in place: when the user organises the
    player's club, or every other event the player has an entry in (a guest organiser; a
    superuser and None always). A ``registrant`` (the online registration: someone who
    organises nothing, whoever's view of the registry it takes) only when the player has no
    other event. Else the entry gets a player row of its own (``own_player_row``) and the other
    events keep theirs."""
    others = player_events([player.pk]).get(player.pk, set()) - {event.pk}
    if registrant:
        return not others
    if user is not None and organises_club(user, player.registry_club):
        return True
    return organises_all(user, others)


def own_player_row(player: Player, *, entry: Entry | None = None, event: Event) -> Player:
    """A new player row for one entry of ``event``, a copy of ``player``: the entry's seats in
    ``event`` that ``player`` holds move to it (none for an entry not yet written). The caller
    sets the changed values and puts the row on the entry."""
    fresh = Player.objects.create(
        registry_club_id=player.registry_club_id,
        is_member=player.is_member,
        name=player.name,
        club=player.club,
        category=player.category,
        unlisted=player.unlisted,
        public_profile=player.public_profile,
    )
    if entry is not None:
        Seat.objects.filter(table__round__event=event, entry=entry, player=player).update(
            player=fresh
        )
    return fresh


def players_shared_elsewhere(entry: Entry, user: Any) -> list[Player]:
    """The entry's players whose shared data ``user`` may not change in place from the entry's
    event (``may_change_player``): a change of them makes the entry's own rows."""
    return [
        player
        for player in (entry.player, entry.partner)
        if player is not None and not may_change_player(user, player, event=entry.event)
    ]


def _ref(player: Player) -> dict[str, Any]:
    return {"id": player.pk, "name": player.name, "club": player.club}


@transaction.atomic
def merge_players(*, keep: Player, remove: Player, user: Any) -> Player:
    """Merge ``remove`` into ``keep``: the same person registered twice.

    Every entry (as player or partner), every seat and every link of ``remove`` moves to
    ``keep`` (and what the apps above keep of the player, ``signals.player_replaced``), then
    ``remove`` is deleted: every result stays, under ``keep``'s name. ``keep`` keeps its name,
    club and category; it is a member when either was, unlisted when either was, and its page
    public only when both allowed it. Refused when they are in the registries of two clubs
    (they are linked instead), when both played in one event (they would play against
    themselves), when they are one player, and unless ``user`` organises their club or every
    event either played in. Every event of either player gets a log record and its results
    stamp moved on (the names its lists show may change).
    """
    if keep.pk == remove.pk:
        raise PlayerError(gettext_noop("A player cannot be merged with themselves."))
    keep, remove = (
        Player.objects.select_for_update().get(pk=keep.pk),
        Player.objects.select_for_update().get(pk=remove.pk),
    )
    if keep.registry_club_id != remove.registry_club_id:
        raise PlayerError(
            gettext_noop(
                "%(keep)s and %(remove)s are in the registries of two clubs and cannot be "
                "merged; a series across the clubs can link them."
            ),
            keep=keep.name,
            remove=remove.name,
        )
    events = player_events([keep.pk, remove.pk])
    kept_events, removed_events = events.get(keep.pk, set()), events.get(remove.pk, set())
    both = kept_events & removed_events
    if both:
        shared = Event.objects.filter(pk__in=both).order_by("date", "pk").first()
        raise PlayerError(
            gettext_noop(
                "%(keep)s and %(remove)s both play in “%(event)s”: they are two people and "
                "cannot be merged."
            ),
            keep=keep.name,
            remove=remove.name,
            event=shared.name,
        )
    affected = kept_events | removed_events
    if not (
        (user is not None and organises_club(user, keep.registry_club))
        or organises_all(user, affected)
    ):
        raise PlayerError(
            gettext_noop(
                "Only an organiser of the club, or someone who organises every tournament of "
                "both players, can merge them."
            )
        )
    moved = list(
        Entry.objects.filter(Q(player=remove) | Q(partner=remove)).select_related(
            "player", "partner"
        )
    )
    Entry.objects.filter(player=remove).update(player=keep)
    Entry.objects.filter(partner=remove).update(partner=keep)
    Seat.objects.filter(player=remove).update(player=keep)
    _move_links(remove.pk, keep.pk)
    if removed_events:
        signals.player_replaced.send(
            sender=Event, old_id=remove.pk, new_id=keep.pk, event_ids=sorted(removed_events)
        )
    keep.is_member = keep.is_member or remove.is_member
    keep.unlisted = keep.unlisted or remove.unlisted
    keep.public_profile = keep.public_profile and remove.public_profile
    keep.save(update_fields=["is_member", "unlisted", "public_profile"])
    kept, removed = _ref(keep), _ref(remove)
    remove.delete()
    for event_id in sorted(affected):
        log(
            event=event_id,
            action=TournamentAction.PLAYERS_MERGED,
            user=user,
            kept=kept,
            removed=removed,
            entries=[
                audit.entry_ref(entry) for entry in moved if entry.event_id == event_id
            ],
        )
        results_changed(event_id=event_id)
    return keep


@transaction.atomic
def forget_player(*, player: Player, event_ids: Iterable[int], name: str) -> Player:
    """Delete the personal data of ``player`` in the events ``event_ids`` (those of one club):
    the player is named ``name`` (the word for a deleted person), their club and category
    emptied, unlisted, without a public page; the notes of their entries there are emptied
    (they may say something about the person). The entries, start numbers, seats, scores and
    results stay: the standings keep the entry under ``name``. A player who also plays in
    other events keeps the row there: the entries and seats of ``event_ids`` move to a new row
    of their own, which is the one deleted (the apps above move what they keep of the player
    there too, ``tournament.signals.player_replaced``). Each of the events gets its results
    stamp moved on (the names its lists show change). Returns the deleted row.

    Writes no change-log record: the caller (the club's deletion of a person's data) logs one
    per event, without the data."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    ids = set(event_ids)
    played = player_events([player.pk]).get(player.pk, set())
    entries = Entry.objects.filter(Q(player=player) | Q(partner=player), event_id__in=ids)
    if played - ids:
        forgotten = Player.objects.create(
            registry_club_id=player.registry_club_id, name=name, unlisted=True
        )
        Seat.objects.filter(table__round__event_id__in=ids, player=player).update(
            player=forgotten
        )
        Entry.objects.filter(player=player, event_id__in=ids).update(player=forgotten)
        Entry.objects.filter(partner=player, event_id__in=ids).update(partner=forgotten)
        signals.player_replaced.send(
            sender=Event, old_id=player.pk, new_id=forgotten.pk, event_ids=sorted(ids)
        )
        entries = Entry.objects.filter(
            Q(player=forgotten) | Q(partner=forgotten), event_id__in=ids
        )
    else:
        forgotten = player
        forgotten.name, forgotten.club, forgotten.category = name, "", ""
        forgotten.unlisted, forgotten.public_profile = True, False
        forgotten.save(update_fields=["name", "club", "category", "unlisted", "public_profile"])
        PlayerLink.objects.filter(Q(first=forgotten) | Q(second=forgotten)).delete()
    entries.exclude(notes="").update(notes="")
    for event_id in sorted(played & ids):
        results_changed(event_id=event_id)
    return forgotten


def _move_links(old_id: int, new_id: int) -> None:
    """The links of player ``old_id`` become ``new_id``'s (a merge): none twice, none of the
    player with itself."""
    for link in PlayerLink.objects.filter(Q(first_id=old_id) | Q(second_id=old_id)):
        other = link.second_id if link.first_id == old_id else link.first_id
        link.delete()
        if other != new_id:
            first, second = sorted((other, new_id))
            PlayerLink.objects.get_or_create(first_id=first, second_id=second)


PLAYER_FIELDS = ("name", "club", "category", "is_member", "unlisted", "public_profile")
"""What the registry's page changes of a player."""


@transaction.atomic
def update_player(
    *, player: Player, user: Any, name: str, club: str = "", category: str = "",
    is_member: bool = False, unlisted: bool = False, public_profile: bool = False,
) -> list[list[Any]]:
    """Change a player of a club's registry (its page, ``tournament.views.registry``): only an
    organiser of the club (None: a command). A name is needed. Every event the player played
    in has its results stamp moved on when the name or a wish changed (its lists show them);
    the change is logged (of no event, concerning the player). Returns the changes."""
    player = Player.objects.select_for_update().select_related("registry_club").get(pk=player.pk)
    if user is not None and not organises_club(user, player.registry_club):
        raise PlayerError(gettext_noop("Only an organiser of the club can change its players."))
    values = {
        "name": name.strip(), "club": club.strip(), "category": category.strip(),
        "is_member": bool(is_member), "unlisted": bool(unlisted),
        "public_profile": bool(public_profile) and not unlisted,
    }
    if not values["name"]:
        raise PlayerError(gettext_noop("Please enter the player's name."), field="name")
    changes = save_and_log_changes(
        instance=player,
        values=values,
        save=lambda names: player.save(update_fields=names),
        log=lambda changes: log(
            action=TournamentAction.PLAYER_EDITED, user=user, subject=player,
            player=_ref(player), changes=changes,
        ),
    )
    if {field for field, _old, _new in changes} & {"name", "unlisted", "public_profile"}:
        for event_id in sorted(player_events([player.pk]).get(player.pk, set())):
            results_changed(event_id=event_id)
    return changes
