"""A series over evenings kept in different scoring modes (``series.standings``): every mode
tells each evening's totals and places, so an evening of every game, one of round totals and
one of points per game rank together, by totals and by place points; the series' pages name
each evening's scoring mode.

The points evening's games are stored in the shape the model allows today
(``tests.results.mode_events``).
"""

import datetime

import pytest
from django.urls import reverse

from scoring.demo import record_game
from series.services import add_event, create_series
from series.standings import series_rows, series_standings
from tests.factories import make_event
from tests.results.mode_events import totals_sheet, written_game
from tests.scoring.games import WON, sheet_for
from tests.series.series_data import entries, players
from tournament.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_modes(organiser):
    """A, B and C on three evenings, each kept in another mode, organised by the ``organiser``
    in their series:

    1. every game: A B C, WON by A: A 210, B 90, C 90;
    2. round totals: B C A: B 500, C 300 (1 lost), A −100 (2 lost);
    3. points per game: C A B: C 260 (declared), A 140, B 90.
    Summed: B 680, C 650, A 250.
    """
    people = players("A", "B", "C")
    games = make_event(organiser=organiser, name="Jedes Spiel", date=datetime.date(2026, 1, 10))
    seated = entries(games, people["A"], people["B"], people["C"])
    record_game(sheet=sheet_for(games, 1, seated, 1), number=1, **WON)

    totals = make_event(organiser=organiser, name="Summen", date=datetime.date(2026, 2, 10),
                        scoring_mode=Event.ScoringMode.TOTALS)
    b, c, a = entries(totals, people["B"], people["C"], people["A"])
    totals_sheet(totals, 1, 1, [(b, 500, 0), (c, 300, 1), (a, -100, 2)])

    points = make_event(organiser=organiser, name="Punkte", date=datetime.date(2026, 3, 10),
                        scoring_mode=Event.ScoringMode.POINTS)
    seated = entries(points, people["C"], people["A"], people["B"])
    written_game(sheet_for(points, 1, seated, 1), 1, seated, [260, 140, 90], declarer=0)

    series = create_series(user=organiser, name="Binokel-Cup", slug="cup", season="2026")
    for event in (games, totals, points):
        add_event(series=series, event=event, user=organiser)
    return series


def ranked(series) -> list[list]:
    return series_rows(series_standings(series), "singles")[1:]


def test_evenings_of_every_mode_rank_together_by_their_totals(three_modes):
    assert ranked(three_modes) == [
        [1, "B", "SV B", 90, 500, 90, 3, 680],
        [2, "C", "SV C", 90, 300, 260, 3, 650],
        [3, "A", "SV A", 210, -100, 140, 3, 250],
    ]


def test_evenings_of_every_mode_rank_together_by_place_points(three_modes):
    """Places 10, 6, 3: evening 1 A 10, B and C share 2nd (6 each); evening 2 B 10, C 6, A 3;
    evening 3 C 10, A 6, B 3. C 22; A and B 19 with three evenings and a best of 10 each."""
    three_modes.scoring = "place_points"
    three_modes.place_points = [10, 6, 3]
    three_modes.save()
    assert ranked(three_modes) == [
        [1, "C", "SV C", 6, 6, 10, 3, 22],
        [2, "A", "SV A", 10, 3, 6, 3, 19],
        [2, "B", "SV B", 6, 10, 3, 3, 19],
    ]


def test_the_pages_name_each_evenings_scoring_mode(client, three_modes):
    html = client.get(reverse("series-detail", args=[three_modes.slug])).content.decode()
    modes = [cell.split("</td>")[0] for cell in html.split('<td class="evening-mode">')[1:]]
    assert modes == ["Jedes Spiel", "Summen je Durchgang", "Punkte je Spiel"]
    three_modes.public = True
    three_modes.save()
    client.logout()
    public = client.get(reverse("public-series", args=[three_modes.slug])).content.decode()
    assert "Erfassung: Summen je Durchgang" in public
    assert "<strong>680</strong>" in public
