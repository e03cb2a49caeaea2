"""Database constraints and small queries of the tournament models: events, entries, seats (run
on SQLite and PostgreSQL)."""

import pytest

from tests.checks import violates
from tests.factories import make_entry, make_event, make_player, make_round, make_sheet, make_table
from tournament.models import Entry, Seat, parties_in_seating_order

pytestmark = pytest.mark.django_db


def test_start_number_unique_within_event_not_across_events():
    event, other = make_event(), make_event()
    make_entry(event, 7)
    assert violates(make_entry, event, 7)
    make_entry(other, 7)
    assert Entry.objects.filter(start_number=7).count() == 2


def test_start_number_must_be_positive():
    assert violates(make_entry, make_event(), 0)


def test_partner_cannot_be_the_player_himself():
    event = make_event()
    player = make_player(event.club, "Hans")
    assert violates(
        Entry.objects.create, event=event, start_number=1, player=player, partner=player
    )


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        ({"round_count": 0}, True),
        ({"round_count": 11}, True),
        ({"games_per_round": 0}, True),
        ({"round_count": 3, "games_per_round": 12}, False),
    ],
)
def test_event_round_and_game_counts_are_bounded(fields, bad):
    assert violates(make_event, **fields) is bad


def _sheet_with_game():
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    table = make_table(make_round(event), entries)
    return make_sheet(table), entries


def test_seat_positions_unique_and_in_range():
    sheet, entries = _sheet_with_game()
    table = sheet.table
    assert violates(
        Seat.objects.create, table=table, position=1, entry=entries[0], player=entries[0].player
    )
    fourth = make_entry(table.round.event, 4)
    assert violates(
        Seat.objects.create, table=table, position=5, entry=fourth, player=fourth.player
    )


def test_pairs_table_parties_in_seating_order():
    event = make_event()
    a = make_entry(event, 10, "Anna", partner="Albert")
    b = make_entry(event, 11, "Berta", partner="Bernd")
    table = make_table(make_round(event), [b, a])
    seats = list(table.seats.select_related("entry", "player"))
    assert [seat.player.name for seat in seats] == ["Berta", "Anna", "Bernd", "Albert"]
    assert parties_in_seating_order(seats) == [b, a]


def test_entry_names_and_kinds():
    event = make_event()
    single = make_entry(event, 1, "Hans Maier")
    pair = make_entry(event, 2, "Anna Rapp", partner="Karl Rapp")
    assert (single.is_pair, single.name) == (False, "Hans Maier")
    assert (pair.is_pair, pair.name) == (True, "Anna Rapp / Karl Rapp")
    assert list(Entry.objects.singles()) == [single]
    assert list(Entry.objects.pairs()) == [pair]
