"""The sheet link's one read (scoring.sheet_query): the same objects as the ORM's
select_related, in one query, on either database."""

import datetime

import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.demo import record_game
from scoring.models import ScoreSheet
from scoring.sheet_query import sheet_with_seats
from tests.factories import make_event
from tests.tournament.plans import make_field
from tournament.models import Seat, Table
from tournament.services import generate_plan, release_round

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


@pytest.fixture
def event():
    event = make_event(round_count=2, venue="Gemeindehalle", count_unconfirmed=True)
    make_field(event, 6, 2)  # two three-tables and a pairs table
    generate_plan(event=event, seed=5)
    release_round(round=event.rounds.get(number=1), released=True)
    event.refresh_from_db()
    return event


def orm(sheet: ScoreSheet) -> list[Seat]:
    return list(
        Seat.objects.filter(table=sheet.table)
        .select_related("entry__player", "entry__partner", "player")
        .order_by("position")
    )


@pytest.mark.parametrize("kind", [Table.Kind.THREE_SINGLES, Table.Kind.TWO_PAIRS])
def test_the_read_gives_what_the_orm_gives(event, kind):
    table = Table.objects.filter(round__event=event, round__number=1, kind=kind).first()
    sheet = table.sheet
    ScoreSheet.objects.filter(pk=sheet.pk).update(
        submitted_at=timezone.now(), status=ScoreSheet.Status.SUBMITTED, version=4
    )
    expected = ScoreSheet.objects.select_related("table__round__event").get(pk=sheet.pk)
    with CaptureQueriesContext(connection) as queries:
        found = sheet_with_seats(token=sheet.token)
    assert len(queries) == 1
    got, seats = found.sheet, found.seats
    assert found.entered == set()
    assert fields(got) == fields(expected)
    assert isinstance(got.submitted_at, datetime.datetime) and got.version == 4
    assert fields(got.table) == fields(expected.table)
    assert fields(got.table.round) == fields(expected.table.round)
    assert fields(got.table.round.event) == fields(expected.table.round.event)
    assert isinstance(got.table.round.event.date, datetime.date)
    assert got.table.round.event.count_unconfirmed is True  # SQLite stores 1: converted
    assert got.table.round.closed is False
    assert got.table.sheet is got  # both ways, as select_related sets them
    wanted = orm(sheet)
    assert [fields(s) for s in seats] == [fields(s) for s in wanted]
    with CaptureQueriesContext(connection) as queries:  # everything a page names is read
        for seat, other in zip(seats, wanted, strict=True):
            assert seat.table is got.table
            assert model_to_dict(seat.entry) == model_to_dict(other.entry)
            assert seat.entry.player.name == other.entry.player.name
            assert (seat.entry.partner and seat.entry.partner.name) == (
                other.entry.partner and other.entry.partner.name
            )
            assert seat.player.name == other.player.name
            assert seat.entry.name == other.entry.name
    assert queries.captured_queries == []
    if kind == Table.Kind.TWO_PAIRS:  # a pair has two seats and is one party
        assert len(seats) == 4 and len({id(seat.entry) for seat in seats}) == 2
        assert all(seat.entry.partner is not None for seat in seats)
    else:
        assert all(seat.entry.partner is None for seat in seats)


def test_the_read_names_the_games_the_sheet_holds(event):
    table = Table.objects.filter(round__event=event, round__number=1).first()
    for number in (12, 1, 5):
        record_game(sheet=table.sheet, number=number, bid=150, declarer=0, melds=[0] * 3,
                    tricks=[250, 0, 0])
    other = Table.objects.filter(round__event=event, round__number=1)[1]
    record_game(sheet=other.sheet, number=7, bid=150, declarer=0, melds=[0] * 3,
                tricks=[250, 0, 0])
    assert sheet_with_seats(token=table.sheet.token).entered == {1, 5, 12}


def test_an_unknown_token_reads_nothing(event):
    assert sheet_with_seats(token="x" * 43) is None


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plan cache")
def test_the_read_is_planned_once_per_connection(event):
    """The read takes far longer to plan than to run: the connection prepares it the first
    time and PostgreSQL keeps one plan for every token (tournament.settings), instead of a
    plan per run for the first runs of each connection."""
    tokens = ScoreSheet.objects.filter(table__round__event=event).values_list("token", flat=True)
    for token in tokens:
        assert sheet_with_seats(token=token) is not None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            ["SELECT sh.%string_agg(%"],
        )
        plans = cursor.fetchall()
    assert len(plans) == 1
    generic, custom = plans[0]
    assert generic >= len(tokens) > 1 and custom == 0
