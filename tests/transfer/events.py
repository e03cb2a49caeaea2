"""What the transfer tests share: a played event (the demo's, smaller), what is compared before
and after a trip (standings, series standings, every game), and the two installations a test
plays in one database: the server's rows are forgotten before the laptop imports, and the other
way round."""

from __future__ import annotations

import uuid

from django.apps import apps
from django.core.management import call_command

from core.models import Installation
from money.models import Payment
from results.exports import standings_csv
from scoring.models import Game
from series.models import Series
from series.standings import series_csv, series_standings
from tournament.models import Event
from transfer.rows import PROJECT_APPS, dependency_order, event_rows
from transfer.services import owned_models


def played_event(monkeypatch) -> Event:
    """The demo event, small: entries, plan, round 1 confirmed, round 2 half in, money, prizes,
    payments; in a series."""
    monkeypatch.setenv("DEMO_ACCOUNT", "1")
    call_command("demo", "--singles", "9", "--pairs", "4", stdout=_Quiet())
    event = Event.objects.get(slug="demo")
    Series.objects.create(name="Cup", slug="cup", public=True).events.add(event)
    return event


class _Quiet:
    def write(self, *_args, **_kwargs) -> None:
        pass

    def flush(self) -> None:
        pass


def games_of(event: Event) -> list[tuple]:
    """Every game, with its party lines, as start numbers and figures."""
    return [
        (
            game.sheet.table.round.number, game.sheet.table.number, game.number, game.kind,
            game.bid, game.declarer.start_number if game.declarer else None, game.dealer,
            sorted((s.entry.start_number, s.meld, s.tricks, s.points) for s in game.scores.all()),
        )
        for game in Game.objects.filter(sheet__table__round__event=event)
        .select_related("sheet__table__round", "declarer").prefetch_related("scores__entry")
        .order_by("sheet__table__round__number", "sheet__table__number", "number")
    ]


def without_state(csv: bytes) -> bytes:
    """Standings as CSV without their last row, "Stand": when they last changed, to the minute,
    which a receive moves on (and a test may cross a minute)."""
    return b"\r\n".join(line for line in csv.split(b"\r\n") if not line.startswith(b"Stand;"))


def results_of(event: Event) -> dict:
    event = Event.objects.get(pk=event.pk)
    return {
        "standings": without_state(standings_csv(event)),
        "games": games_of(event),
        "series": [series_csv(series_standings(s)) for s in Series.objects.order_by("slug")],
        "start_numbers": sorted(event.entries.values_list("start_number", "player__name")),
        "tokens": sorted(
            event.rounds.values_list("tables__sheet__token", flat=True).exclude(
                tables__sheet__token=None)
        ),
        "codes": sorted(event.registrations.values_list("code", "token", "email")),
        "payments": sorted(
            Payment.objects.filter(entry__event=event).values_list(
                "entry__start_number", "amount", "purpose")
        ),
    }


def forget_event(event: Event) -> None:
    """The event's rows gone from this database (its players stay, as on a server)."""
    held = event_rows(event)
    owned = owned_models(held.rows)
    for model in reversed(dependency_order(held.rows)):
        if model in owned:
            model._base_manager.filter(pk__in=held.pks(model)).delete()


def become_installation(installation: str | None = None) -> str:
    """This database is another installation from now on (a new one, or ``installation``)."""
    Installation.objects.all().delete()
    made = Installation.objects.create(uuid=installation or uuid.uuid4())
    return str(made.uuid)


def row_counts() -> dict[str, int]:
    """Rows of every model of the project and of the accounts."""
    return {
        model._meta.label: model._base_manager.count()
        for model in apps.get_models()
        if model._meta.app_label in PROJECT_APPS | {"transfer", "auth"}
    }


def server_and_laptop(event: Event, on_laptop) -> tuple[Event, bytes, dict]:
    """The server sends ``event`` to the laptop (another installation, a database without the
    event), ``on_laptop(laptop_event)`` happens there, and the laptop writes its archive; then
    this database is the server again, holding the event as it sent it (and what it kept of
    that archive). Returns the server's event, the laptop's archive, the laptop's results."""
    from transfer.archive import build_archive
    from transfer.models import TransferBase
    from transfer.services import receive_archive

    server = become_installation()
    to_laptop = build_archive(event=event)
    sent = TransferBase.objects.get(event=event, peer="")
    forget_event(event)
    become_installation()
    receive_archive(data=to_laptop)
    laptop_event = Event.objects.get(slug=event.slug)
    on_laptop(laptop_event)
    laptop_results = results_of(laptop_event)
    to_server = build_archive(event=laptop_event)
    forget_event(laptop_event)
    become_installation(server)
    receive_archive(data=to_laptop)
    server_event = Event.objects.get(slug=event.slug)
    TransferBase.objects.filter(event=server_event).delete()
    TransferBase.objects.create(event=server_event, peer="", archive=sent.archive,
                                rows=sent.rows)
    return server_event, to_server, laptop_results
