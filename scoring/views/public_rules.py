"""The public page of an event's house rules (*Regeln*): what the players read on their phone
before and during the evening, the same sections as the printed rules sheet
(``scoring.merkblatt``). Public for every event, like the seat lookup: an event's existence
and its rules are no secret (the public home page lists every event)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring.views.printouts import event_merkblatt
from tournament.models import Event


def event_rules(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return render(request, "scoring/rules.html", {"event": event, **event_merkblatt(event)})
