"""Seating plan services (``tournament.services.plan``): generate, lock, swap, replace an entry,
release a round."""

from collections import Counter, defaultdict

import pytest

from core.models import ChangeRecord
from scoring.models import ScoreSheet
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tests.tournament.plans import make_field, play_one_game, snapshot
from tournament.audit import TournamentAction
from tournament.models import Entry, Event, Round, Seat, Table
from tournament.seating import SeatingError, plan_seating
from tournament.services import (
    PlanError,
    PlanLocked,
    discard_plan,
    generate_plan,
    release_round,
    replace_entry,
    swap_entries,
)

pytestmark = pytest.mark.django_db


def seats_by_round(event: Event) -> dict[int, list[Seat]]:
    result: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(table__round__event=event).select_related(
        "table__round", "entry"
    ):
        result[seat.table.round.number].append(seat)
    return result


def table_of(round_: Round, entry: Entry) -> Table:
    return Table.objects.filter(round=round_, seats__entry=entry).distinct().get()


# --------------------------------------------------------------------------------------------
# generate_plan
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("singles", "pairs", "rounds", "kinds"),
    [
        (9, 0, 3, {"three": 3}),
        (7, 0, 3, {"three": 1, "four": 1}),
        (6, 4, 3, {"three": 2, "pairs": 2}),
        (0, 6, 2, {"pairs": 3}),
        (13, 2, 3, {"three": 3, "four": 1, "pairs": 1}),
    ],
)
def test_generate_seats_every_active_entry_once_per_round(singles, pairs, rounds, kinds):
    event = make_event(round_count=rounds)
    entries = make_field(event, singles, pairs)
    withdrawn = make_entry(event, 99, "Abgemeldet", is_withdrawn=True)
    generate_plan(event=event, seed=7)

    assert list(event.rounds.values_list("number", flat=True)) == list(range(1, rounds + 1))
    for number, seats in seats_by_round(event).items():
        per_entry = Counter(seat.entry_id for seat in seats)
        assert withdrawn.pk not in per_entry
        assert set(per_entry) == {entry.pk for entry in entries}
        for entry in entries:
            assert per_entry[entry.pk] == (2 if entry.is_pair else 1)
            own = [seat for seat in seats if seat.entry_id == entry.pk]
            # one table per entry and round
            assert len({seat.table_id for seat in own}) == 1
        tables = list(Table.objects.filter(round__event=event, round__number=number))
        assert Counter(table.kind for table in tables) == Counter(kinds)
        assert [table.number for table in tables] == list(range(1, len(tables) + 1))
        kinds_in_order = [table.kind == Table.Kind.TWO_PAIRS for table in tables]
        assert kinds_in_order == sorted(kinds_in_order), "singles tables come first"
        for table in tables:
            table_seats = sorted(
                (seat for seat in seats if seat.table_id == table.pk), key=lambda s: s.position
            )
            assert [seat.position for seat in table_seats] == list(
                range(1, table.seat_count + 1)
            )
            assert ScoreSheet.objects.filter(table=table, status="empty").count() == 1
            if table.kind == Table.Kind.TWO_PAIRS:
                a1, b1, a2, b2 = table_seats
                assert a1.entry_id == a2.entry_id != b1.entry_id == b2.entry_id
                assert a1.player_id == a1.entry.player_id and a2.player_id == a1.entry.partner_id
                assert b1.player_id == b1.entry.player_id and b2.player_id == b1.entry.partner_id
            else:
                assert all(not seat.entry.is_pair for seat in table_seats)
                assert all(seat.player_id == seat.entry.player_id for seat in table_seats)
    event.refresh_from_db()
    assert event.plan_seed == 7
    log = ChangeRecord.objects.get(event=event, action=TournamentAction.PLAN)
    assert "7" in log.description


def test_stored_plan_is_the_generators_plan_for_the_stored_seed():
    event = make_event()
    make_field(event, 10, 4)
    generate_plan(event=event)  # random seed
    event.refresh_from_db()
    expected = plan_seating(list(range(1, 11)), [11, 12, 13, 14], rounds=3, seed=event.plan_seed)
    for round_number, round_plan in enumerate(expected, start=1):
        stored = []
        for table in Table.objects.filter(round__event=event, round__number=round_number):
            numbers = [seat.entry.start_number for seat in table.seats.select_related("entry")]
            if table.kind == Table.Kind.TWO_PAIRS:
                numbers = numbers[:2]  # A1, B1 name the two pairs
            stored.append(tuple(numbers))
        assert stored == round_plan


def test_sheet_tokens_are_unique_and_long():
    event = make_event()
    make_field(event, 9, 2)
    generate_plan(event=event, seed=1)
    sheets = ScoreSheet.objects.filter(table__round__event=event)
    tokens = list(sheets.values_list("token", flat=True))
    assert len(tokens) == 3 * 4 and len(set(tokens)) == len(tokens)
    assert min(len(token) for token in tokens) >= 40


def test_regenerate_replaces_the_plan_and_resets_release():
    event = make_event()
    make_field(event, 9, 0)
    generate_plan(event=event, seed=1)
    release_round(round=event.rounds.get(number=1), released=True)
    old_tables = set(Table.objects.filter(round__event=event).values_list("pk", flat=True))
    generate_plan(event=event, seed=2)
    assert event.rounds.count() == 3
    assert not event.rounds.filter(released=True).exists()
    new_tables = set(Table.objects.filter(round__event=event).values_list("pk", flat=True))
    assert len(new_tables) == 9 and not new_tables & old_tables
    assert ScoreSheet.objects.filter(table__round__event=event).count() == 9
    assert ChangeRecord.objects.filter(
        event=event, action__in=[TournamentAction.PLAN, TournamentAction.PLAN_DISCARDED]
    ).count() == 2


def test_regenerate_is_locked_once_a_game_is_entered():
    event = make_event()
    make_field(event, 6, 0)
    generate_plan(event=event, seed=3)
    play_one_game(Table.objects.get(round__event=event, round__number=2, number=2))
    before = snapshot(event)
    with pytest.raises(PlanLocked) as error:
        generate_plan(event=event, seed=4)
    assert "gesperrt" in str(error.value)
    assert snapshot(event) == before
    event.refresh_from_db()
    assert event.plan_seed == 3


def test_odd_number_of_pairs_is_a_seating_error_and_changes_nothing():
    event = make_event()
    make_field(event, 6, 3)
    with pytest.raises(SeatingError) as error:
        generate_plan(event=event, seed=1)
    assert "Ersatzpaar" in str(error.value)
    assert not Round.objects.filter(event=event).exists()
    assert not ChangeRecord.objects.filter(event=event).exists()
    event.refresh_from_db()
    assert event.plan_seed is None


def test_failed_regeneration_keeps_the_old_plan():
    event = make_event()
    entries = make_field(event, 6, 2)
    generate_plan(event=event, seed=5)
    before = snapshot(event)
    Entry.objects.filter(pk=entries[-1].pk).update(is_withdrawn=True)  # one pair left
    with pytest.raises(SeatingError):
        generate_plan(event=event, seed=6)
    assert snapshot(event) == before


# --------------------------------------------------------------------------------------------
# swap_entries
# --------------------------------------------------------------------------------------------


def seating(event: Event, round_number: int) -> dict[int, list[tuple[int, str]]]:
    """table number → [(start number, player name) in seat order]"""
    result: dict[int, list[tuple[int, str]]] = {}
    for table in Table.objects.filter(round__event=event, round__number=round_number):
        result[table.number] = [
            (seat.entry.start_number, seat.player.name)
            for seat in table.seats.select_related("entry", "player")
        ]
    return result


def test_swap_two_singles_exchanges_their_seats(two_round_field):
    event, entries = two_round_field
    round_1 = event.rounds.get(number=1)
    warnings = swap_entries(round=round_1, first=entries[2], second=entries[6])
    # 2 now sits with 4 and 5, 6 with 1 and 3; 2 meets 4 and 6 meets 1 in round 2 as well
    assert [str(warning) for warning in warnings] == [
        "Die Startnummern 2 und 4 treffen erneut aufeinander (auch in Durchgang 2).",
        "Die Startnummern 6 und 1 treffen erneut aufeinander (auch in Durchgang 2).",
    ]
    after = seating(event, 1)
    assert after[1] == [(1, "Spieler 1"), (6, "Spieler 6"), (3, "Spieler 3")]
    assert after[2] == [(4, "Spieler 4"), (5, "Spieler 5"), (2, "Spieler 2")]
    assert seating(event, 2)[1] == [(1, "Spieler 1"), (5, "Spieler 5"), (6, "Spieler 6")]
    log = ChangeRecord.objects.get(event=event, action=TournamentAction.SWAPPED)
    assert "2" in log.description and "6" in log.description


def test_swap_without_repeated_meetings_has_no_warnings():
    event = make_event(round_count=1)
    entries = [make_entry(event, n) for n in range(1, 7)]
    round_1 = make_round(event, 1)
    make_sheet(make_table(round_1, entries[:3], 1))
    make_sheet(make_table(round_1, entries[3:], 2))
    assert swap_entries(round=round_1, first=entries[0], second=entries[5]) == []
    assert seating(event, 1)[2] == [(4, "Spieler 4"), (5, "Spieler 5"), (1, "Spieler 1")]


def test_swap_two_pairs_keeps_them_crosswise(two_round_field):
    event, entries = two_round_field
    round_1 = event.rounds.get(number=1)
    # pair 7 is A at table 3 (positions 1, 3), pair 10 is B at table 4 (positions 2, 4)
    swap_entries(round=round_1, first=entries[7], second=entries[10])
    after = seating(event, 1)
    assert after[3] == [(10, "P10a"), (8, "P8a"), (10, "P10b"), (8, "P8b")]
    assert after[4] == [(9, "P9a"), (7, "P7a"), (9, "P9b"), (7, "P7b")]


def test_swap_warns_about_repeated_meetings(two_round_field):
    event, entries = two_round_field
    # round 2: 1 goes to 2 and 3 (met in round 1); 4 goes to 5 and 6 (met in round 1)
    warnings = [
        str(warning)
        for warning in swap_entries(
            round=event.rounds.get(number=2), first=entries[1], second=entries[4]
        )
    ]
    assert len(warnings) == 4
    pairs_warned = sorted(
        tuple(int(word) for word in warning.split() if word.isdigit())[:2] for warning in warnings
    )
    assert pairs_warned == [(1, 2), (1, 3), (4, 5), (4, 6)]
    assert all("Durchgang 1" in warning for warning in warnings)


def test_swap_pairs_warns_about_a_repeated_pair_meeting(two_round_field):
    event, entries = two_round_field
    # round 2: pair 9 moves to table 4 and meets pair 10 (met in round 1) → one warning each way
    warnings = [
        str(warning)
        for warning in swap_entries(
            round=event.rounds.get(number=2), first=entries[9], second=entries[8]
        )
    ]
    assert len(warnings) == 2
    assert "9 und 10" in warnings[0] and "8 und 7" in warnings[1]


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (1, 7, "Einzelspieler kann nur mit einem Einzelspieler"),
        (1, 2, "am selben Tisch"),
        (7, 8, "am selben Tisch"),
        (1, 11, "keinen Platz in Durchgang 1"),
        (3, 4, "bereits Ergebnisse"),
    ],
)
def test_swap_is_refused_and_changes_nothing(two_round_field, first, second, message):
    event, entries = two_round_field
    entries[11] = make_entry(event, 11)  # registered after the plan: not seated
    round_1 = event.rounds.get(number=1)
    play_one_game(Table.objects.get(round=round_1, number=1))
    before = snapshot(event)
    with pytest.raises(PlanError) as error:
        swap_entries(round=round_1, first=entries[first], second=entries[second])
    assert message in str(error.value)
    assert snapshot(event) == before
    assert not ChangeRecord.objects.filter(action=TournamentAction.SWAPPED).exists()


# --------------------------------------------------------------------------------------------
# replace_entry
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("stand_in", [False, True])
def test_replace_takes_over_the_seats_of_unscored_rounds_only(stand_in):
    event = make_event()
    make_field(event, 9, 0)
    generate_plan(event=event, seed=11)
    absent = event.entries.get(start_number=4)
    played = table_of(event.rounds.get(number=1), absent)
    play_one_game(played)

    new = replace_entry(absent=absent, name=" Otto Nachzügler ", club="CVJM", stand_in=stand_in)

    assert new.start_number == 10 and new.player.name == "Otto Nachzügler"
    assert new.is_stand_in is stand_in and not new.is_pair
    absent.refresh_from_db()
    assert absent.is_withdrawn
    rounds = seats_by_round(event)
    assert [s.table_id for s in rounds[1] if s.entry_id == absent.pk] == [played.pk]
    for number in (2, 3):
        assert not [s for s in rounds[number] if s.entry_id == absent.pk]
        own = [s for s in rounds[number] if s.entry_id == new.pk]
        assert len(own) == 1 and own[0].player_id == new.player_id
    action = TournamentAction.STAND_IN if stand_in else TournamentAction.REPLACED
    log = ChangeRecord.objects.get(event=event, action=action)
    assert log.subject == new and "4" in log.description


def test_replace_a_pair_keeps_player_and_partner_seats():
    event = make_event()
    make_field(event, 3, 4)
    generate_plan(event=event, seed=2)
    absent = event.entries.get(start_number=5)
    positions = {
        seat.table.round.number: (seat.position, seat.player_id == absent.player_id)
        for seat in Seat.objects.filter(entry=absent).select_related("table__round")
    }
    new = replace_entry(absent=absent, name="Neu Eins", partner_name="Neu Zwei", start_number=40)
    assert new.start_number == 40 and new.is_pair
    for seat in Seat.objects.filter(entry=new).select_related("table__round"):
        expected = new.player_id if seat.position in (1, 2) else new.partner_id
        assert seat.player_id == expected
    assert Seat.objects.filter(entry=new).count() == 6
    assert len(positions) == 3


@pytest.mark.parametrize(
    ("absent_number", "kwargs", "message"),
    [
        (1, {"name": "Neu", "partner_name": "Partner"}, "Einzelspieler"),
        (7, {"name": "Neu"}, "Paar"),
        (1, {"name": "   "}, "Namen"),
        (1, {"name": "Neu", "start_number": 2}, "bereits vergeben"),
    ],
)
def test_replace_is_refused_and_changes_nothing(absent_number, kwargs, message):
    event = make_event()
    make_field(event, 6, 2)
    generate_plan(event=event, seed=1)
    before = (snapshot(event), event.entries.count())
    with pytest.raises(PlanError) as error:
        replace_entry(absent=event.entries.get(start_number=absent_number), **kwargs)
    assert message in str(error.value)
    assert (snapshot(event), event.entries.count()) == before
    assert not event.entries.filter(is_withdrawn=True).exists()


def test_replace_needs_a_plan_and_an_unscored_seat():
    event = make_event(round_count=1)
    make_field(event, 3, 0)
    absent = event.entries.get(start_number=1)
    with pytest.raises(PlanError, match="noch keinen Sitzplan"):
        replace_entry(absent=absent, name="Neu")
    generate_plan(event=event, seed=1)
    play_one_game(Table.objects.get(round__event=event))
    with pytest.raises(PlanError, match="keinen Platz"):
        replace_entry(absent=absent, name="Neu")
    assert event.entries.count() == 3


# --------------------------------------------------------------------------------------------
# release_round
# --------------------------------------------------------------------------------------------


def test_release_round_toggles_and_logs():
    event = make_event()
    make_field(event, 3, 0)
    generate_plan(event=event, seed=1)
    round_2 = event.rounds.get(number=2)
    release_round(round=round_2, released=True)
    assert list(event.rounds.filter(released=True).values_list("number", flat=True)) == [2]
    release_round(round=round_2, released=False)
    assert not event.rounds.filter(released=True).exists()
    changes = ChangeRecord.objects.filter(
        action__in=[TournamentAction.RELEASED, TournamentAction.HIDDEN]
    ).order_by("id")
    descriptions = [change.description for change in changes]
    assert len(descriptions) == 2 and all("Durchgang 2" in d for d in descriptions)
    assert [change.action for change in changes] == [
        TournamentAction.RELEASED, TournamentAction.HIDDEN]


def test_the_event_status_moves_with_the_plan_and_the_first_release():
    event = make_event()
    make_field(event, 6, 0)
    assert event.status == Event.Status.PREPARATION
    generate_plan(event=event, seed=1)
    release_round(round=event.rounds.get(number=1), released=True)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    release_round(round=event.rounds.get(number=1), released=False)  # hiding keeps it running
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    generate_plan(event=event, seed=2)  # a new plan: nothing released, in preparation again
    event.refresh_from_db()
    assert event.status == Event.Status.PREPARATION
    release_round(round=event.rounds.get(number=2), released=True)
    discard_plan(event=event)
    event.refresh_from_db()
    assert event.status == Event.Status.PREPARATION
