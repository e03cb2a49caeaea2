"""Public pages: the list of events and the seat lookup ("Where do I sit?")."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.models import ClubMember
from core.text import loose_key
from tournament.access import combined_role, events_of
from tournament.forms import LookupForm
from tournament.models import Event, EventRole
from tournament.public_links import public_links
from tournament.selectors.plan import load_plan, schedules


def home(request: HttpRequest) -> HttpResponse:
    """Every event for the public, each leading to its public pages (its standings while they
    are public, its seat lookup); a logged-in account sees the events it has a role on (a
    superuser: every event), each with its role, and below them the events whose standings are
    public."""
    user = request.user
    public = Event.objects.filter(public_standings=True).order_by("-date", "name")
    if not user.is_authenticated:
        events = list(Event.objects.order_by("-date", "name"))
        _with_links(events)
        return render(request, "tournament/home.html", {"events": events})
    roles = dict(EventRole.objects.filter(user=user).values_list("event_id", "role"))
    in_clubs = dict(ClubMember.objects.filter(user=user).values_list("club_id", "role"))
    events = list(events_of(user).order_by("-date", "name"))
    for event in events:
        role = combined_role(roles.get(event.pk), in_clubs.get(event.club_id))
        event.my_role = EventRole.Role(role).label if role else ""
    _with_links(events)
    return render(
        request,
        "tournament/home.html",
        {"events": events, "mine": True, "public_events": list(public)},
    )


def _with_links(events: list[Event]) -> None:
    """Each event with the public links the apps above offer (``public_links``)."""
    links = public_links(events)
    for event in events:
        event.public_links = links.get(event.pk, [])


def entries_named(event: Event, text: str) -> list:
    """The event's entries with a listed player whose name holds ``text``, however its letter
    case, accents and umlauts are typed (``loose_key``: "boh", "Boeh" and "Böh" find "Böhm"), by
    start number; a player who asked not to be listed is found by start number only. An event
    has at most a few hundred entries: they are compared here, alike on every database."""
    key = loose_key(text)
    return [
        entry
        for entry in event.entries.with_players().order_by("start_number")
        if any(
            player is not None and not player.unlisted and key in loose_key(player.name)
            for player in (entry.player, entry.partner)
        )
    ]


def seat_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """A player types a start number, or three letters of their name, and sees their seats in
    the released rounds (a name that fits several entries lists them to choose from).

    Only released rounds answer: before the first release the page names no entry (it does not
    even say whether the start number exists), and afterwards it names an entry only if it has
    a seat in a released round; the seats of the other rounds stay hidden.
    """
    event = get_object_or_404(Event, slug=slug)
    form = LookupForm(request.GET or None)
    context: dict = {
        "event": event, "form": form, "links": public_links([event]).get(event.pk, []),
    }
    if form.is_valid():
        rounds = list(event.rounds.order_by("number"))
        number = form.cleaned_data["number"]
        if number is None:
            # a name: every listed player's entry whose name holds it, once a round is out
            context["name"] = form.cleaned_data["name"]
            if not any(round_.released for round_ in rounds):
                context["nothing_released"] = True
                return render(request, "tournament/lookup.html", context)
            matches = entries_named(event, form.cleaned_data["name"])
            if len(matches) != 1:
                context["matches"] = matches
                return render(request, "tournament/lookup.html", context)
            number = matches[0].start_number
        released = [round_.number for round_ in rounds if round_.released]
        numbers = [round_.number for round_ in rounds] or range(1, event.round_count + 1)
        context["number"] = number
        context["rounds"] = [{"number": n, "released": n in released} for n in numbers]
        if not released:
            context["nothing_released"] = True
            return render(request, "tournament/lookup.html", context)
        entry = event.entries.with_players().filter(start_number=number).first()
        context["entry"] = entry
        if entry is not None:
            schedule = schedules(load_plan(event, released)).get(entry.pk)
            placements = {
                placement.round.number: placement
                for placement in (schedule.placements if schedule else [])
                if placement is not None
            }
            context["seated"] = bool(placements)
            for item in context["rounds"]:
                item["placement"] = placements.get(item["number"])
    return render(request, "tournament/lookup.html", context)
