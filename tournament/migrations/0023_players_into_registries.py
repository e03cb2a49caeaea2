"""Every player of old goes into the registry of the club of the events they played in (as
player or partner). A player with entries in the events of several clubs is split: the row
stays with the club of their earliest event, and for each other club a copy is made, to which
their entries, seats and sheet confirmations in that club's events move; the rows split from
one are linked (``PlayerLink``: proven the same person, a series across the clubs counts them
as one). A player without entries goes into the first club (the oldest), or, where there is
none, into a club made for them. Nothing is deleted. Back: the registry's clubs are forgotten
(the rows split stay split, their links go)."""

from django.db import migrations
from django.db.models import Q

NO_CLUB = ("Verein", "verein")  # the club of the players without entries where there is none


def into_registries(apps, schema_editor):
    alias = schema_editor.connection.alias
    Club = apps.get_model("clubs", "Club")
    Entry = apps.get_model("tournament", "Entry")
    Player = apps.get_model("tournament", "Player")
    PlayerLink = apps.get_model("tournament", "PlayerLink")
    Seat = apps.get_model("tournament", "Seat")
    SheetConfirmation = apps.get_model("scoring", "SheetConfirmation")
    clubs_of: dict[int, list[int]] = {}  # player id: club ids, earliest event first
    rows = Entry.objects.using(alias).order_by("event__date", "event_id").values_list(
        "player_id", "partner_id", "event__club_id"
    )
    for player_id, partner_id, club_id in rows:
        for pk in (player_id, partner_id):
            if pk is not None and club_id not in clubs_of.setdefault(pk, []):
                clubs_of[pk].append(club_id)
    fallback = None
    for player in Player.objects.using(alias).filter(registry_club__isnull=True).order_by("pk"):
        clubs = clubs_of.get(player.pk)
        if not clubs:
            if fallback is None:
                fallback = Club.objects.using(alias).order_by("pk").first()
                if fallback is None:
                    name, slug = NO_CLUB
                    fallback = Club.objects.using(alias).create(name=name, slug=slug)
            clubs = [fallback.pk]
        player.registry_club_id = clubs[0]
        player.save(update_fields=["registry_club"])
        for club_id in clubs[1:]:
            copy = Player.objects.using(alias).create(
                registry_club_id=club_id, name=player.name, club=player.club,
                category=player.category, unlisted=player.unlisted,
                public_profile=player.public_profile, is_member=player.is_member,
            )
            Entry.objects.using(alias).filter(player=player, event__club_id=club_id).update(
                player=copy
            )
            Entry.objects.using(alias).filter(partner=player, event__club_id=club_id).update(
                partner=copy
            )
            Seat.objects.using(alias).filter(
                player=player, table__round__event__club_id=club_id
            ).update(player=copy)
            SheetConfirmation.objects.using(alias).filter(
                player_id=player.pk, sheet__table__round__event__club_id=club_id
            ).update(player_id=copy.pk)
            first, second = sorted((player.pk, copy.pk))
            PlayerLink.objects.using(alias).create(first_id=first, second_id=second)


def out_of_registries(apps, schema_editor):
    alias = schema_editor.connection.alias
    apps.get_model("tournament", "PlayerLink").objects.using(alias).all().delete()
    apps.get_model("tournament", "Player").objects.using(alias).update(registry_club=None)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0002_club_rules"),
        ("scoring", "0011_sheet_trail_to_core"),
        ("tournament", "0022_player_registry_club"),
    ]

    operations = [migrations.RunPython(into_registries, out_of_registries)]
