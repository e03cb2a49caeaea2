"""``manage.py demo`` (``demo.management.commands.demo``): a demo event in full swing with its
organiser account, idempotent; ``--empty``, ``--plan``, ``--fill`` and ``--scoring-mode``; its
pages show real content."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Sum
from django.urls import reverse

from core.models import ChangeRecord
from scoring.audit import SheetAction
from scoring.models import Game, PartyScore, RoundTotal, ScoreSheet
from scoring.services import sheet_games
from tests.checks import rules_points
from tests.factories import sheet_records
from tournament.audit import TournamentAction
from tournament.models import Entry, Event, Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _demo_account_allowed(monkeypatch):
    """The demo as ``make run`` runs it (DEBUG=1): with its account. When the account is refused
    is tested in ``test_demo_account.py``."""
    monkeypatch.setenv("DEMO_ACCOUNT", "1")


def test_demo_command_is_idempotent_and_prints_login(capsys):
    call_command("demo", singles=10, pairs=4)
    call_command("demo", singles=10, pairs=4)
    event = Event.objects.get(slug="demo")
    assert event.entries.singles().count() == 10
    assert event.entries.pairs().count() == 4
    assert sorted(event.entries.values_list("start_number", flat=True)) == list(range(1, 15))
    user = get_user_model().objects.get(username="turnierleitung")
    assert user.check_password("binokel-demo")
    out = capsys.readouterr().out
    assert "turnierleitung" in out and "exists already" in out


def sheets(event: Event, round_number: int) -> list[ScoreSheet]:
    return list(
        ScoreSheet.objects.filter(table__round__event=event, table__round__number=round_number)
        .select_related("table__round__event")
        .order_by("table__number")
    )


def assert_games_consistent(sheet: ScoreSheet, count: int) -> None:
    """Games 1..count, one party row per party, points as the rules compute them."""
    games = sheet_games(sheet)
    assert sorted(games) == list(range(1, count + 1))
    parties = 2 if sheet.table.kind == Table.Kind.TWO_PAIRS else sheet.table.seat_count
    for values in games.values():
        assert len(values["melds"]) == parties
        assert tuple(values["points"]) == rules_points(values)


def test_plain_demo_shows_an_event_in_full_swing():
    call_command("demo", singles=10, pairs=4)
    event = Event.objects.get(slug="demo")
    organiser = get_user_model().objects.get(username="turnierleitung")
    rounds = {r.number: r for r in event.rounds.all()}
    assert sorted(rounds) == [1, 2, 3]
    assert (rounds[1].released, rounds[2].released, rounds[3].released) == (True, True, False)
    assert not any(r.closed for r in rounds.values())
    assert event.public_standings

    # round 1: every sheet complete, handed in and confirmed by the organiser
    first = sheets(event, 1)
    assert len(first) == 3 + 2  # 10 singles: 3+3+4; 4 pairs: two tables
    for sheet in first:
        assert sheet.status == ScoreSheet.Status.CONFIRMED
        assert sheet.confirmed_by == organiser and sheet.submitted_at is not None
        assert_games_consistent(sheet, event.games_per_round)
        actions = list(
            sheet.changes.exclude(action=SheetAction.LINK_SAVED)
            .order_by("created_at", "id").values_list("action", flat=True)
        )
        assert actions == [SheetAction.SUBMITTED, SheetAction.CONFIRMED]
        assert sheet.changes.filter(action=SheetAction.LINK_SAVED).exists()

    # round 2: about half handed in, one or two in progress, the rest empty
    second = sheets(event, 2)
    by_status: dict[str, list[ScoreSheet]] = {}
    for sheet in second:
        by_status.setdefault(sheet.status, []).append(sheet)
    handed_in = by_status.get(ScoreSheet.Status.SUBMITTED, [])
    in_progress = by_status.get(ScoreSheet.Status.IN_PROGRESS, [])
    empty = by_status.get(ScoreSheet.Status.EMPTY, [])
    assert ScoreSheet.Status.CONFIRMED not in by_status
    assert abs(len(handed_in) - len(second) / 2) <= 1
    assert {s.table.kind == Table.Kind.TWO_PAIRS for s in handed_in} == {True, False}
    assert 1 <= len(in_progress) <= 2
    assert len(handed_in) + len(in_progress) + len(empty) == len(second)
    for sheet in handed_in:
        assert_games_consistent(sheet, event.games_per_round)
    for sheet in in_progress:
        entered = sheet.games.count()
        assert 1 <= entered < event.games_per_round
        assert_games_consistent(sheet, entered)
    assert all(sheet.games.count() == 0 for sheet in empty)

    # round 3 untouched
    assert not Game.objects.filter(sheet__table__round=rounds[3]).exists()
    assert {s.status for s in sheets(event, 3)} == {ScoreSheet.Status.EMPTY}

    # the change log tells the story: registrations, plan, releases
    actions = list(event.changes.values_list("action", flat=True))
    assert actions.count(TournamentAction.REGISTERED) == 14
    assert actions.count(TournamentAction.PLAN) == 1
    assert actions.count(TournamentAction.RELEASED) == 2


def snapshot() -> dict[str, list]:
    return {
        "sheets": list(ScoreSheet.objects.order_by("pk").values_list("pk", "status", "version")),
        "games": list(Game.objects.order_by("pk").values_list("pk", "number", "bid", "kind")),
        "scores": list(PartyScore.objects.order_by("pk").values_list("pk", "points")),
        "changes": list(ChangeRecord.objects.order_by("pk").values_list("pk", "action")),
        "sheet_changes": sheet_records().count(),
    }


def test_plain_demo_twice_changes_nothing(capsys):
    call_command("demo", singles=9, pairs=2)
    before = snapshot()
    assert before["games"]
    call_command("demo", singles=9, pairs=2)
    assert snapshot() == before
    out = capsys.readouterr().out
    assert "exists already" in out and "left as they are" in out


def test_demo_completes_an_older_demo_event_that_has_entries_only():
    call_command("demo", singles=9, pairs=2, empty=True)
    event = Event.objects.get(slug="demo")
    assert not event.rounds.exists() and not Game.objects.exists()
    call_command("demo", singles=9, pairs=2)
    assert event.rounds.count() == 3
    assert {s.status for s in sheets(event, 1)} == {ScoreSheet.Status.CONFIRMED}


@pytest.mark.parametrize(
    "options", [{"empty": True, "plan": True}, {"empty": True, "fill": True}]
)
def test_empty_cannot_be_combined_with_plan_or_fill(options):
    with pytest.raises(CommandError, match="--empty"):
        call_command("demo", singles=9, pairs=2, **options)
    assert not Event.objects.exists()


def test_demo_command_generates_the_plan_once(capsys):
    call_command("demo", singles=10, pairs=4, empty=True)
    event = Event.objects.get(slug="demo")
    assert not event.rounds.exists()
    call_command("demo", singles=10, pairs=4, plan=True)
    event.refresh_from_db()
    tables = set(Table.objects.filter(round__event=event).values_list("pk", flat=True))
    assert event.rounds.count() == 3 and len(tables) == 3 * (3 + 2)
    assert Seat.objects.filter(table__round__event=event).count() == 3 * (10 + 8)
    call_command("demo", singles=10, pairs=4, plan=True)
    assert set(Table.objects.filter(round__event=event).values_list("pk", flat=True)) == tables
    assert "seating plan exists already" in capsys.readouterr().out


@pytest.mark.django_db
def test_demo_command_fills_the_plan(capsys):
    call_command("demo", singles=9, pairs=2, plan=True, fill=True)
    event = Event.objects.get(slug="demo")
    sheets = ScoreSheet.objects.filter(table__round__event=event)
    assert sheets.count() == 3 * 4  # 3 three-tables + 1 pairs table, three rounds
    assert Game.objects.filter(sheet__in=sheets).count() == 12 * 12
    assert "144 random games" in capsys.readouterr().out
    before = list(PartyScore.objects.order_by("pk").values_list("pk", "points"))
    call_command("demo", singles=9, pairs=2, plan=True, fill=True)  # idempotent
    assert "left as they are" in capsys.readouterr().out
    assert list(PartyScore.objects.order_by("pk").values_list("pk", "points")) == before


@pytest.mark.django_db
def test_demo_fill_needs_a_plan():
    with pytest.raises(CommandError, match="--plan"):
        call_command("demo", singles=9, pairs=2, fill=True)


def test_demo_pages_show_real_content(client):
    call_command("demo", singles=9, pairs=2)
    event = Event.objects.get(slug="demo")
    client.login(username="turnierleitung", password="binokel-demo")
    sheet = sheets(event, 1)[0]
    name = sheet.table.seats.get(position=1).player.name
    pages = [
        (reverse("event-detail", args=["demo"]), name),
        (reverse("plan", args=["demo"]), name),
        (reverse("round-sheets", args=["demo", 2]), "abgegeben"),
        (reverse("sheet-edit", args=["demo", 1, sheet.table.number]), "bestätigt"),
        (reverse("standings", args=["demo"]), name),
        (reverse("public-standings", args=["demo"]), name),
    ]
    for url, text in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert text in response.content.decode(), url


def test_plain_demo_sets_up_the_money_of_a_preisbinokel(client):
    from money.models import MoneySettings, Payment
    from money.prizes.selectors import prize_table
    from tournament.models import Player

    call_command("demo", singles=10, pairs=4)
    event = Event.objects.get(slug="demo")
    settings = MoneySettings.objects.get(event=event)
    assert settings.start_fee_single > 0 and settings.lost_game_fee > 0 and settings.good_cause
    assert event.prizes.filter(pairs=False).exists() and event.prizes.filter(pairs=True).exists()
    payments = Payment.objects.filter(entry__event=event)
    assert 0 < payments.count() < event.entries.count()  # some paid, some still owe
    assert event.entries.filter(checked_in_at__isnull=False).exists()
    women = Player.objects.filter(category="Frau", name__regex=r"^(Anna|Berta|Christa|Doris|"
                                  r"Elke|Frieda|Gerda|Hilde|Inge|Jutta|Karin|Lore|Marga|Nele|"
                                  r"Olga|Paula|Rosi|Sabine|Trude|Ute) ")
    assert women.count() == Player.objects.filter(category="Frau").count() > 0
    table = prize_table(event)
    assert table.lines and table.money > 0  # round 1 is confirmed: there is a prize list
    call_command("demo", singles=10, pairs=4)  # again: nothing changes
    assert Payment.objects.filter(entry__event=event).count() == payments.count()
    assert event.prizes.count() == 12  # 9 for the singles, 3 for the pairs
    client.force_login(get_user_model().objects.get(username="turnierleitung"))
    for name in ("cash-desk", "cash-summary", "prize-table", "prizes"):
        assert client.get(reverse(name, args=[event.slug])).status_code == 200


def test_demo_builds_an_event_kept_in_round_totals(client, capsys):
    call_command("demo", singles=9, pairs=2, scoring_mode="totals")
    event = Event.objects.get(slug="demo")
    assert event.scoring_mode == Event.ScoringMode.TOTALS
    assert not Game.objects.exists()
    first = sheets(event, 1)
    assert {sheet.status for sheet in first} == {ScoreSheet.Status.CONFIRMED}
    for sheet in first:
        assert sheet.changes.filter(action=SheetAction.TOTALS_SAVED).exists()
        parties = 2 if sheet.table.kind == Table.Kind.TWO_PAIRS else sheet.table.seat_count
        assert RoundTotal.objects.filter(sheet=sheet).count() == parties
    second = {sheet.status for sheet in sheets(event, 2)}
    assert ScoreSheet.Status.SUBMITTED in second and ScoreSheet.Status.IN_PROGRESS in second
    out = capsys.readouterr().out
    assert "Round totals (totals)" in out and "round totals of all 4 score sheets entered" in out
    # the standings count the totals: the best of round 1 leads with its total
    best = RoundTotal.objects.filter(sheet__in=first).order_by("-total").first()
    client.login(username="turnierleitung", password="binokel-demo")
    html = client.get(reverse("public-standings", args=["demo"])).content.decode()
    assert best.entry.player.name in html and f"{best.total}" in html
    call_command("demo", singles=9, pairs=2)  # again, without the option: nothing changes
    assert "left as they are" in capsys.readouterr().out
    with pytest.raises(CommandError, match="--scoring-mode"):
        call_command("demo", singles=9, pairs=2, scoring_mode="games")


def test_demo_fills_the_plan_with_round_totals(capsys):
    call_command("demo", singles=9, pairs=2, plan=True, fill=True, scoring_mode="totals")
    sheets = ScoreSheet.objects.filter(table__round__event__slug="demo")
    assert {sheet.status for sheet in sheets} == {ScoreSheet.Status.SUBMITTED}
    assert RoundTotal.objects.count() == 3 * (3 * 3 + 2) and not Game.objects.exists()
    assert "random round totals (12 sheets)" in capsys.readouterr().out


def test_demo_builds_an_event_kept_in_points_per_game(client, capsys):
    call_command("demo", singles=9, pairs=2, scoring_mode="points")
    event = Event.objects.get(slug="demo")
    assert event.scoring_mode == Event.ScoringMode.POINTS
    assert not RoundTotal.objects.exists()
    assert set(Game.objects.values_list("kind", flat=True)) == {Game.Kind.WRITTEN}
    assert Game.objects.filter(declarer__isnull=True).exists()  # as on paper, now and then
    assert Game.objects.filter(declarer__isnull=False).exists()
    first = sheets(event, 1)
    assert {sheet.status for sheet in first} == {ScoreSheet.Status.CONFIRMED}
    for sheet in first:
        assert sorted(sheet_games(sheet)) == list(range(1, event.games_per_round + 1))
    second = {sheet.status for sheet in sheets(event, 2)}
    assert ScoreSheet.Status.SUBMITTED in second and ScoreSheet.Status.IN_PROGRESS in second
    assert "Points per game (points)" in capsys.readouterr().out
    # the standings count the points as written: round 1's best total leads
    best = (
        PartyScore.objects.filter(game__sheet__in=first).values("entry")
        .annotate(total=Sum("points")).order_by("-total").first()
    )
    leader = Entry.objects.get(pk=best["entry"])
    client.login(username="turnierleitung", password="binokel-demo")
    html = client.get(reverse("public-standings", args=["demo"])).content.decode()
    assert leader.name in html and f"{best['total']}" in html
    call_command("demo", singles=9, pairs=2)  # again, without the option: nothing changes
    assert "left as they are" in capsys.readouterr().out


def test_demo_fills_the_plan_with_points_per_game(capsys):
    call_command("demo", singles=9, pairs=2, plan=True, fill=True, scoring_mode="points")
    event = Event.objects.get(slug="demo")
    sheets_ = ScoreSheet.objects.filter(table__round__event=event)
    assert {sheet.status for sheet in sheets_} == {ScoreSheet.Status.SUBMITTED}
    assert Game.objects.count() == 12 * event.games_per_round
    assert "random points per game (12 sheets)" in capsys.readouterr().out
