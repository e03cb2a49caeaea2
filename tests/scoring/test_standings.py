"""Standings (``scoring.standings``): totals per round and overall, shared places, tie-breaks, who
is listed, provisional, a constant number of queries.

Expected figures are worked out by hand in the tests from the points of the games recorded here
(the worked examples of docs/rules.md, ``tests.scoring.games``), never taken from the code under
test.
"""

import pytest

from scoring.demo import record_game
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.ranking import PAIRS, SINGLES
from scoring.standings import compute_standings
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tests.scoring.games import (
    CONCEDED,
    CONCEDED_POINTS,
    LOST,
    LOST_POINTS,
    WON,
    WON_POINTS,
)

pytestmark = pytest.mark.django_db

CONFIRMED = ScoreSheet.Status.CONFIRMED
SUBMITTED = ScoreSheet.Status.SUBMITTED
IN_PROGRESS = ScoreSheet.Status.IN_PROGRESS
EMPTY = ScoreSheet.Status.EMPTY


def set_status(sheet: ScoreSheet, status: str) -> None:
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=status)


def table_with_sheet(event, round_number, entries, number, status=CONFIRMED):
    table = make_table(make_round(event, round_number), entries, number=number)
    sheet = make_sheet(table)
    set_status(sheet, status)
    return sheet


def by_number(rows):
    return {row.start_number: row for row in rows}


@pytest.fixture
def six_singles():
    """Six singles, two rounds of two three-tables, one game per sheet (all confirmed).

    Round 1: table 1 = (1, 2, 3) plays WON with 1 declaring; table 2 = (4, 5, 6) plays WON with
    5 declaring. Round 2: table 1 = (1, 5, 6) plays LOST with 1 declaring; table 2 = (2, 3, 4)
    plays CONCEDED with 2 declaring.
    """
    event = make_event()
    e = {n: make_entry(event, n, f"Spieler {n}") for n in range(1, 7)}
    sheets = {
        (1, 1): table_with_sheet(event, 1, [e[1], e[2], e[3]], 1),
        (1, 2): table_with_sheet(event, 1, [e[4], e[5], e[6]], 2),
        (2, 1): table_with_sheet(event, 2, [e[1], e[5], e[6]], 1),
        (2, 2): table_with_sheet(event, 2, [e[2], e[3], e[4]], 2),
    }
    record_game(sheet=sheets[1, 1], number=1, **WON)
    record_game(
        sheet=sheets[1, 2], number=1, bid=200, declarer=1, melds=[20, 80, 40],
        tricks=[70, 130, 50],
    )
    record_game(sheet=sheets[2, 1], number=1, **LOST)
    record_game(sheet=sheets[2, 2], number=1, **CONCEDED)
    points = {
        1: {1: WON_POINTS[0], 2: LOST_POINTS[0]},
        2: {1: WON_POINTS[1], 2: CONCEDED_POINTS[0]},
        3: {1: WON_POINTS[2], 2: CONCEDED_POINTS[1]},
        4: {1: WON_POINTS[1], 2: CONCEDED_POINTS[2]},  # rotated: 5 declared, 210
        5: {1: WON_POINTS[0], 2: LOST_POINTS[1]},
        6: {1: WON_POINTS[2], 2: LOST_POINTS[2]},
    }
    return event, e, sheets, points


def test_totals_per_round_and_overall(six_singles):
    event, _entries, _sheets, points = six_singles
    standings = compute_standings(event)
    rows = by_number(standings.ranking(SINGLES))
    assert set(rows) == {1, 2, 3, 4, 5, 6}
    for number, per_round in points.items():
        assert rows[number].round_points == [per_round[1], per_round[2], None]
        assert rows[number].total == per_round[1] + per_round[2]
    # by hand: 3: 90+190=280, 5: 210+50=260, 4: 90+150=240, 6: 90+100=190, 2: 90-250=-160,
    # 1: 210-600=-390
    ranking = standings.ranking(SINGLES)
    assert [(row.place, row.start_number, row.total) for row in ranking] == [
        (1, 3, 280), (2, 5, 260), (3, 4, 240), (4, 6, 190), (5, 2, -160), (6, 1, -390),
    ]
    assert standings.ranking(PAIRS) == []
    assert standings.round_numbers == [1, 2, 3]
    assert not standings.provisional


def test_equal_totals_share_a_place_1_1_3(six_singles):
    event, _entries, _sheets, _points = six_singles
    ranking = compute_standings(event).ranking(SINGLES, round_number=1)
    # round 1: 1 and 5 scored 210, the other four 90
    assert [(row.place, row.start_number) for row in ranking] == [
        (1, 1), (1, 5), (3, 2), (3, 3), (3, 4), (3, 6),
    ]
    assert [row.total for row in ranking] == [210, 210, 90, 90, 90, 90]
    assert [row.shared for row in ranking] == [True] * 6


def test_per_round_ranking_second_round(six_singles):
    event, _entries, _sheets, _points = six_singles
    ranking = compute_standings(event).ranking(SINGLES, round_number=2)
    # round 2: 3 190, 4 150, 6 100, 5 50, 2 -250, 1 -600
    assert [(row.place, row.start_number, row.total) for row in ranking] == [
        (1, 3, 190), (2, 4, 150), (3, 6, 100), (4, 5, 50), (5, 2, -250), (6, 1, -600),
    ]


def put_game(sheet, number, declarer, points, bid=150, kind="played"):
    """A game stored directly with the given points per entry (melds 0, tricks left empty)."""
    game = Game.objects.create(sheet=sheet, number=number, dealer=1, declarer=declarer, bid=bid,
                               kind=kind)
    PartyScore.objects.bulk_create(
        PartyScore(game=game, entry=entry, points=value) for entry, value in points.items()
    )


@pytest.fixture
def tie_event():
    """A, B, C end on 300 each, D on 0, over two rounds at a four-singles table.

    A: rounds 250 + 50, 1 game won and 1 lost as declarer. B: 150 + 150, 2 won, 0 lost.
    C: 200 + 100, 2 won, 1 lost. D never declares.
    """
    event = make_event()
    a, b, c, d = (make_entry(event, n, name) for n, name in enumerate("ABCD", start=1))
    first = table_with_sheet(event, 1, [a, b, c, d], 1)
    second = table_with_sheet(event, 2, [a, b, c, d], 1)
    put_game(first, 1, a, {a: 300, b: 0, c: 0, d: 0})
    put_game(first, 2, b, {a: 0, b: 150, c: 0, d: 0})
    put_game(first, 3, c, {a: 0, b: 0, c: 200, d: 0})
    put_game(first, 4, a, {a: -50, b: 0, c: 0, d: 0})
    put_game(second, 1, b, {a: 50, b: 150, c: 0, d: 0})
    put_game(second, 2, c, {a: 0, b: 0, c: 200, d: 0})
    put_game(second, 3, c, {a: 0, b: 0, c: -100, d: 0})
    return event


@pytest.mark.parametrize(
    ("tie_breaks", "expected"),
    [
        ("", [(1, "A"), (1, "B"), (1, "C"), (4, "D")]),
        ("best_round", [(1, "A"), (2, "C"), (3, "B"), (4, "D")]),
        ("declarer_wins", [(1, "B"), (1, "C"), (3, "A"), (4, "D")]),
        ("declarer_wins,fewer_losses", [(1, "B"), (2, "C"), (3, "A"), (4, "D")]),
        ("fewer_losses", [(1, "B"), (2, "A"), (2, "C"), (4, "D")]),
        ("fewer_losses,best_round", [(1, "B"), (2, "A"), (3, "C"), (4, "D")]),
        ("unknown, best_round ,best_round", [(1, "A"), (2, "C"), (3, "B"), (4, "D")]),
    ],
)
def test_tie_break_orders(tie_event, tie_breaks, expected):
    tie_event.tie_breaks = tie_breaks
    tie_event.save()
    ranking = compute_standings(tie_event).ranking(SINGLES)
    assert [(row.place, row.name) for row in ranking] == expected
    assert [row.total for row in ranking][:3] == [300, 300, 300]


@pytest.mark.parametrize(
    ("hand", "won", "lost"),
    [
        (WON, 1, 0),
        (LOST, 0, 1),
        (CONCEDED, 0, 1),
        ({"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [250, 0, 0], "kind": "durch"},
         1, 0),
        ({"bid": 150, "declarer": 0, "melds": [0, 0, 0], "tricks": [240, 10, 0], "kind": "durch"},
         0, 1),
        # the declarer misplays: lost although meld + tricks reach the bid
        ({**WON, "revoked": 0}, 0, 1),
        # an opponent misplays: the declarer still wins
        ({**WON, "revoked": 1}, 1, 0),
        # meld 80 + tricks 70 = 150 reaches the bid 150 exactly: won
        ({"bid": 150, "declarer": 0, "melds": [80, 0, 0], "tricks": [70, 100, 80]}, 1, 0),
    ],
)
def test_won_and_lost_as_declarer_follow_the_rules(hand, won, lost):
    event = make_event(tie_breaks="declarer_wins")
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    sheet = table_with_sheet(event, 1, entries, 1)
    record_game(sheet=sheet, number=1, **hand)
    rows = by_number(compute_standings(event).ranking(SINGLES))
    assert (rows[1].figures.wins, rows[1].figures.losses) == (won, lost)
    assert rows[2].figures.wins == rows[2].figures.losses == 0


def test_stand_ins_are_not_ranked_but_listed_apart(six_singles):
    event, entries, _sheets, _points = six_singles
    entries[3].is_stand_in = True
    entries[3].save()
    standings = compute_standings(event)
    ranking = standings.ranking(SINGLES)
    assert 3 not in by_number(ranking)
    # without 3 (280): 5 260, 4 240, 6 190, 2 -160, 1 -390
    assert [(row.place, row.start_number) for row in ranking] == [
        (1, 5), (2, 4), (3, 6), (4, 2), (5, 1),
    ]
    assert [entry.start_number for entry in standings.stand_ins] == [3]


def test_withdrawn_entries(six_singles):
    event, entries, _sheets, _points = six_singles
    entries[6].is_withdrawn = True
    entries[6].save()
    never_played = make_entry(event, 7, "Abgemeldet", is_withdrawn=True)
    waiting = make_entry(event, 8, "Noch ohne Spiel")
    ranking = compute_standings(event).ranking(SINGLES)
    rows = by_number(ranking)
    assert never_played.start_number not in rows
    # 6 played (90 + 100 = 190): kept, ranked and marked withdrawn
    assert rows[6].place == 4 and rows[6].total == 190 and rows[6].is_withdrawn
    # an entry without any counted game follows without a place
    assert ranking[-1].start_number == waiting.start_number
    assert ranking[-1].place is None and ranking[-1].total == 0


def test_pairs_are_ranked_apart_from_singles():
    event = make_event()
    singles = [make_entry(event, n) for n in (1, 2, 3)]
    pair_a = make_entry(event, 11, "Anna", partner="Karl")
    pair_b = make_entry(event, 12, "Berta", partner="Fritz")
    record_game(sheet=table_with_sheet(event, 1, singles, 1), number=1, **WON)
    pairs_sheet = table_with_sheet(event, 1, [pair_a, pair_b], 2)
    # pairs: B declares 200 with meld 60 + tricks 150 = 210: won, 60 + 150 = 210; A 0 + 100
    record_game(sheet=pairs_sheet, number=1, bid=200, declarer=1, melds=[0, 60],
                tricks=[100, 150])
    standings = compute_standings(event)
    pairs = standings.ranking(PAIRS)
    assert [(row.place, row.start_number, row.name, row.total) for row in pairs] == [
        (1, 12, "Berta / Fritz", 210), (2, 11, "Anna / Karl", 100),
    ]
    assert [row.start_number for row in standings.ranking(SINGLES)] == [1, 2, 3]


def test_only_confirmed_sheets_count_by_default_and_standings_are_provisional(six_singles):
    event, _entries, sheets, points = six_singles
    set_status(sheets[2, 2], SUBMITTED)
    standings = compute_standings(event)
    rows = by_number(standings.ranking(SINGLES))
    assert rows[3].round_points == [points[3][1], None, None]
    assert rows[3].total == points[3][1]
    assert rows[1].total == points[1][1] + points[1][2]
    assert standings.provisional
    second = standings.rounds[1]
    assert (second.number, second.missing, second.unconfirmed) == (2, [], [2])


@pytest.mark.parametrize("status", [SUBMITTED, IN_PROGRESS])
def test_count_unconfirmed_counts_every_entered_sheet_and_stays_provisional(
    six_singles, status
):
    event, _entries, sheets, points = six_singles
    set_status(sheets[2, 2], status)
    event.count_unconfirmed = True
    event.save()
    standings = compute_standings(event)
    rows = by_number(standings.ranking(SINGLES))
    assert rows[3].total == points[3][1] + points[3][2]
    assert standings.provisional


def test_count_unconfirmed_with_everything_confirmed_is_final(six_singles):
    event, _entries, _sheets, _points = six_singles
    event.count_unconfirmed = True
    event.save()
    assert not compute_standings(event).provisional


@pytest.mark.parametrize(
    ("statuses", "closed", "provisional", "missing"),
    [
        # round 2 has no game on any sheet yet: not started, round 1 complete -> final
        ((EMPTY, EMPTY), False, False, [1, 2]),
        # a closed round counts as started even without a game
        ((EMPTY, EMPTY), True, True, [1, 2]),
        # one sheet of round 2 in, the other still being written
        ((CONFIRMED, IN_PROGRESS), False, True, [2]),
        ((SUBMITTED, EMPTY), False, True, [2]),
        ((CONFIRMED, CONFIRMED), False, False, []),
    ],
)
def test_provisional_while_a_sheet_of_a_started_round_is_missing(
    six_singles, statuses, closed, provisional, missing
):
    event, _entries, sheets, _points = six_singles
    set_status(sheets[2, 1], statuses[0])
    set_status(sheets[2, 2], statuses[1])
    event.rounds.filter(number=2).update(closed=closed)
    standings = compute_standings(event)
    assert standings.provisional is provisional
    assert standings.rounds[1].missing == missing


def test_no_results_yet():
    event = make_event()
    entries = [make_entry(event, n) for n in (1, 2, 3)]
    table_with_sheet(event, 1, entries, 1, status=EMPTY)
    standings = compute_standings(event)
    assert not standings.has_results and not standings.provisional
    assert [(row.place, row.total) for row in standings.ranking(SINGLES)] == [(None, 0)] * 3
    assert standings.current_round.number == 1 and standings.current_round.missing == [1]


def build_field(event, tables: int) -> None:
    """``tables`` three-tables of singles in one round, each with one confirmed game."""
    for index in range(tables):
        entries = [make_entry(event, 3 * index + n) for n in (1, 2, 3)]
        sheet = table_with_sheet(event, 1, entries, index + 1)
        record_game(sheet=sheet, number=1, **WON)


@pytest.mark.parametrize("tables", [1, 12])
def test_constant_number_of_queries(django_assert_num_queries, tables):
    event = make_event(tie_breaks="best_round,declarer_wins")
    build_field(event, tables)
    with django_assert_num_queries(3):
        standings = compute_standings(event)
        ranking = standings.ranking(SINGLES)
    assert len(ranking) == 3 * tables
    assert ranking[0].total == WON_POINTS[0]
