"""Shared helpers of the seating-plan tests (services and pages): a field of entries, a game on a
table, the seats as a comparable snapshot, what registration says once a plan exists, and an
event in each of its phases."""

from scoring.demo import record_game
from scoring.models import Game
from tests.factories import make_entry, make_event
from tournament.models import Entry, Event, Round, Seat, Table
from tournament.services import generate_plan, release_round

# The ways an event gets into its phases (``tournament.selectors.phase``), for ``event_at``.
STAGES = ["preparation", "plan", "released", "closed", "scored", "finished"]


def event_at(stage: str) -> Event:
    """An event of six singles at ``stage``: without a plan; with a plan; round 1 released;
    round 1 closed (not released); a game on a sheet of round 2 (nothing released); finished
    after that game."""
    event = make_event()
    make_field(event, 6, 0)
    if stage == "preparation":
        return event
    generate_plan(event=event, seed=1)
    if stage == "released":
        release_round(round=event.rounds.get(number=1), released=True)
    elif stage == "closed":
        Round.objects.filter(event=event, number=1).update(closed=True)
    elif stage in ("scored", "finished"):
        play_one_game(event.rounds.get(number=2).tables.get(number=1))
        if stage == "finished":
            Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    return Event.objects.get(pk=event.pk)


def make_field(event: Event, singles: int, pairs: int) -> list[Entry]:
    entries = [make_entry(event, n, f"Einzel {n}") for n in range(1, singles + 1)]
    entries += [
        make_entry(event, n, f"Paar {n} Erste", partner=f"Paar {n} Zweite")
        for n in range(singles + 1, singles + pairs + 1)
    ]
    return entries


def play_one_game(table: Table) -> Game:
    """Enter game 1 on a table's sheet: the declarer (first party) wins with all tricks."""
    parties = len({seat.entry_id for seat in table.seats.all()})
    return record_game(
        sheet=table.sheet,
        number=1,
        bid=150,
        declarer=0,
        melds=[0] * parties,
        tricks=[250] + [0] * (parties - 1),
    )


def snapshot(event: Event) -> list[tuple]:
    return sorted(
        Seat.objects.filter(table__round__event=event).values_list(
            "table__round__number", "table__number", "position", "entry_id", "player_id"
        )
    )


# What the registration pages and services say once the event has a seating plan.
CLOSED = "Änderungen laufen jetzt über „Teilnehmer ersetzen“ oder einen Ersatz"
