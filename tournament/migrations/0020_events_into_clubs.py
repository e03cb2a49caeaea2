"""Every event of old goes into a club (issue 38): one club per organiser, the events whose
first organiser (the earliest role given) is the same account in one club, that account its
admin; the events without an organiser in one club of their own. Every other role on an event
stays as it is, a role of that event alone. Back: the events leave their clubs and the clubs
made here go."""

from django.db import migrations
from django.utils.text import slugify

NO_ORGANISER = ("Verein", "verein")  # the club of the events that had no organiser


def _free_slug(taken: set, wanted: str) -> str:
    base = (slugify(wanted) or "verein")[:70]
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    taken.add(slug)
    return slug


def into_clubs(apps, schema_editor):
    alias = schema_editor.connection.alias
    Event = apps.get_model("tournament", "Event")
    EventRole = apps.get_model("tournament", "EventRole")
    Club = apps.get_model("clubs", "Club")
    ClubMember = apps.get_model("clubs", "ClubMember")
    first_organiser = {}
    for role in (EventRole.objects.using(alias).filter(role="organiser")
                 .select_related("user").order_by("pk")):
        first_organiser.setdefault(role.event_id, role.user)
    taken = set(Club.objects.using(alias).values_list("slug", flat=True))
    clubs = {}
    for event in Event.objects.using(alias).filter(club__isnull=True).order_by("date", "pk"):
        user = first_organiser.get(event.pk)
        key = user.pk if user is not None else None
        if key not in clubs:
            name, wanted = (user.username, user.username) if user is not None else NO_ORGANISER
            club = Club.objects.using(alias).create(name=name, slug=_free_slug(taken, wanted))
            if user is not None:
                ClubMember.objects.using(alias).create(club=club, user=user, role="admin")
            clubs[key] = club
        event.club = clubs[key]
        event.save(update_fields=["club"])


def out_of_clubs(apps, schema_editor):
    alias = schema_editor.connection.alias
    apps.get_model("tournament", "Event").objects.using(alias).update(club=None)
    apps.get_model("clubs", "ClubMember").objects.using(alias).all().delete()
    apps.get_model("clubs", "Club").objects.using(alias).all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("tournament", "0019_event_club"),
    ]

    operations = [migrations.RunPython(into_clubs, out_of_clubs)]
