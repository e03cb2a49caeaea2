"""Database constraints and small model queries (run on SQLite and PostgreSQL)."""

import pytest
from django.db import IntegrityError, transaction

from scoring.models import Game, PartyScore
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tournament.models import Entry, Player, Seat, parties_in_seating_order

pytestmark = pytest.mark.django_db


def violates(callable_, *args, **kwargs) -> bool:
    try:
        with transaction.atomic():
            callable_(*args, **kwargs)
    except IntegrityError:
        return True
    return False


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
    player = Player.objects.create(name="Hans")
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


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        ({"bid": 140}, True),
        ({"bid": 155}, True),
        ({"dealer": 0}, True),
        ({"dealer": 5}, True),
        ({"number": 0}, True),
        ({"kind": "gespielt"}, True),
        ({"bid": 150, "dealer": 1, "number": 1, "kind": "played"}, False),
        ({"bid": 1000, "kind": "durch"}, False),
    ],
)
def test_game_constraints(fields, bad):
    sheet, entries = _sheet_with_game()
    values = {"sheet": sheet, "number": 1, "dealer": 1, "declarer": entries[0], "bid": 200}
    assert violates(Game.objects.create, **{**values, **fields}) is bad


def test_game_numbers_unique_per_sheet():
    sheet, entries = _sheet_with_game()
    Game.objects.create(sheet=sheet, number=1, dealer=1, declarer=entries[0], bid=200)
    assert violates(
        Game.objects.create, sheet=sheet, number=1, dealer=2, declarer=entries[1], bid=200
    )


@pytest.mark.parametrize(
    ("fields", "bad"),
    [
        ({"meld": 25}, True),
        ({"tricks": 251}, True),
        ({"tricks": None}, False),
        ({"meld": 1500, "tricks": 250}, False),
    ],
)
def test_party_score_constraints(fields, bad):
    sheet, entries = _sheet_with_game()
    game = Game.objects.create(sheet=sheet, number=1, dealer=1, declarer=entries[0], bid=200)
    values = {"game": game, "entry": entries[0], "meld": 0, "tricks": 100, "points": 100}
    assert violates(PartyScore.objects.create, **{**values, **fields}) is bad


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
