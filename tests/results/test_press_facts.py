"""The facts of the press report read from the database (``results.press_facts``): the games
that count are the standings' (confirmed sheets, or every sheet with ``count_unconfirmed``); the
highest game leaves a Durch out, a won Durch is listed, a lost one can be the biggest loss.
Expected figures are worked out by hand from docs/rules.md."""

import pytest

from results.press import report_text
from results.press_facts import entry_clubs, press_facts
from scoring.demo import record_game
from scoring.models import ScoreSheet
from scoring.standings import compute_standings
from tests.factories import make_entry, make_event
from tests.scoring.games import LOST, WON, sheet_for
from tournament.models import Event, Player

pytestmark = pytest.mark.django_db

DURCH_WON_BY_SECOND = {"bid": 150, "declarer": 1, "melds": [0, 0, 0], "tricks": [0, 250, 0],
                       "kind": "durch"}  # 0, +1000, 0
DURCH_LOST_BY_THIRD = {"bid": 150, "declarer": 2, "melds": [0, 0, 0], "tricks": [10, 0, 240],
                       "kind": "durch"}  # 10, 0, −1000


@pytest.fixture
def event():
    """Hans (CVJM), Jörg, Anna (not to be named). Round 1, confirmed: WON by Hans (210, 90, 90),
    a Durch won by Jörg (0, 1000, 0), LOST by Hans (−600, 50, 100). Round 2, in progress, seated
    Anna, Hans, Jörg: a Durch lost by Jörg, the third party (Anna 10, Hans 0, Jörg −1000)."""
    event = make_event(round_count=2)
    hans = make_entry(event, 1, "Hans Maier")
    Player.objects.filter(pk=hans.player_id).update(club="CVJM")
    entries = [hans, make_entry(event, 2, "Jörg Häfele"), make_entry(event, 3, "Anna Rapp")]
    Player.objects.filter(pk=entries[2].player_id).update(unlisted=True)
    first = sheet_for(event, 1, entries, 1)
    record_game(sheet=first, number=1, **WON)
    record_game(sheet=first, number=2, **DURCH_WON_BY_SECOND)
    record_game(sheet=first, number=3, **LOST)
    second = sheet_for(event, 2, [entries[2], entries[0], entries[1]], 1,
                       status=ScoreSheet.Status.IN_PROGRESS)
    record_game(sheet=second, number=1, **DURCH_LOST_BY_THIRD)
    return event, entries


def test_facts_of_the_confirmed_sheets(event):
    event, _entries = event
    facts = press_facts(event, compute_standings(event))
    assert (facts.entries, facts.people, facts.rounds, facts.games) == (3, 3, 1, 3)
    assert facts.total_points == (210 + 90 + 90) + 1000 + (-600 + 50 + 100)
    assert facts.entry_rounds == 3
    assert facts.provisional
    assert (facts.highest_game.entry.start_number, facts.highest_game.round,
            facts.highest_game.points) == (1, 1, 210)
    assert [(g.entry.start_number, g.round, g.points) for g in facts.durch_won] == [(2, 1, 1000)]
    assert (facts.biggest_loss.entry.start_number, facts.biggest_loss.points) == (1, -600)
    # singles ranked: Jörg 1000 + 90 + 50 = 1140, Anna 90 + 0 + 100 = 190, Hans 210 − 600 = −390
    assert [(p.place, p.entry.start_number, p.points) for p in facts.singles] == [
        (1, 2, 1140), (2, 3, 190), (3, 1, -390)
    ]
    assert facts.singles[2].entry.club == "CVJM" and facts.singles[1].entry.unlisted
    text = report_text(facts)
    assert "Anna Rapp" not in text and "Startnummer 3" in text


def test_unconfirmed_sheets_count_when_the_standings_count_them(event):
    event, _entries = event
    Event.objects.filter(pk=event.pk).update(count_unconfirmed=True)
    event.refresh_from_db()
    facts = press_facts(event, compute_standings(event))
    assert (facts.rounds, facts.games) == (2, 4)
    loss = facts.biggest_loss
    assert (loss.entry.start_number, loss.round, loss.points, loss.kind) == (2, 2, -1000, "durch")
    assert facts.total_points == 940 + (10 + 0 - 1000)


def test_clubs_by_entry(event):
    event, entries = event
    assert entry_clubs(event) == {entries[0].pk: "CVJM"}
