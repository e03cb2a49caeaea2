"""Shared helpers of the seating-plan tests (services and pages): a field of entries, a game on a
table, the seats as a comparable snapshot, and what registration says once a plan exists."""

from scoring.demo import record_game
from scoring.models import Game
from tests.factories import make_entry
from tournament.models import Entry, Event, Seat, Table


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
