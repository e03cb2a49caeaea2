from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from tournament.models import Event
from tournament.tables import EntryTable


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "tournament/home.html", {"events": Event.objects.all()})


@login_required
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    entries = event.entries.with_players()
    table = EntryTable(entries)
    RequestConfig(request, paginate=False).configure(table)
    counts = {
        "singles": entries.singles().count(),
        "pairs": entries.pairs().count(),
    }
    return render(
        request,
        "tournament/event_detail.html",
        {"event": event, "table": table, "counts": counts},
    )
