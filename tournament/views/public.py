"""Public pages: the list of events and the seat lookup ("Where do I sit?")."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournament.forms import LookupForm
from tournament.models import Event
from tournament.plan import load_plan, schedules


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournament/home.html", {"events": Event.objects.all()})


def seat_lookup(request: HttpRequest, slug: str) -> HttpResponse:
    """A player types a start number and sees their seats in the released rounds."""
    event = get_object_or_404(Event, slug=slug)
    form = LookupForm(request.GET or None)
    context: dict = {"event": event, "form": form}
    if form.is_valid():
        number = form.cleaned_data["nr"]
        entry = event.entries.with_players().filter(start_number=number).first()
        context["number"] = number
        context["entry"] = entry
        if entry is not None:
            rounds = list(event.rounds.order_by("number"))
            released = [round_.number for round_ in rounds if round_.released]
            plan = load_plan(event, released)
            schedule = schedules(plan).get(entry.pk)
            placements = {
                placement.round.number: placement
                for placement in (schedule.placements if schedule else [])
                if placement is not None
            }
            numbers = [round_.number for round_ in rounds] or range(1, event.round_count + 1)
            context["rounds"] = [
                {"number": n, "released": n in released, "placement": placements.get(n)}
                for n in numbers
            ]
    return render(request, "tournament/lookup.html", context)
