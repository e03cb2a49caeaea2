"""Ranking (``scoring.ranking``), pure Python: the organiser's tie-breaks are read as known codes
in order. How an event's figures are ranked is tested through ``scoring.standings`` in
tests/scoring/test_standings.py."""

import pytest

from scoring.ranking import parse_tie_breaks


def test_parse_tie_breaks_keeps_known_codes_in_order():
    assert parse_tie_breaks(" fewer_losses,foo,best_round,fewer_losses") == [
        "fewer_losses", "best_round",
    ]
    assert parse_tie_breaks("") == []


def test_public_name_is_the_start_number_for_an_unlisted_entry():
    from core.errors import GERMAN
    from scoring.ranking import SINGLES, EntryFigures, Standings

    listed = EntryFigures(1, 7, "Anna Maier", False, False, False)
    unlisted = EntryFigures(2, 12, "Bernd Kurz", False, False, False, unlisted=True)
    rows = Standings([1], [], False, [], [listed, unlisted]).ranking(SINGLES)
    names = {row.start_number: row.public_name for row in rows}
    assert names[7] == "Anna Maier"
    assert "Bernd" not in names[12].translated(GERMAN.gettext)
    assert "12" in names[12].translated(GERMAN.gettext)
    assert rows[1].name == "Bernd Kurz"  # organisers still see the name


def _rows(places):
    from scoring.ranking import EntryFigures, Figures, StandingRow

    return [
        StandingRow(place, False, EntryFigures(n, n, f"P{n}", False, False, False), 0,
                    Figures(), [])
        for n, place in enumerate(places, start=1)
    ]


@pytest.mark.parametrize(
    ("places", "count", "shown"),
    [
        ([1, 2, 3, 4, 5, 6, 6, 6, 9], 6, [1, 2, 3, 4, 5, 6, 6, 6]),  # the tie at the cut
        ([1, 2, 3, 4, 5, 6, 7], 6, [1, 2, 3, 4, 5, 6]),
        ([1, 1, 1, 1], 2, [1, 1, 1, 1]),
        ([1, 2, None, None], 3, [1, 2]),  # unranked rows never
        ([1, 2, 3], 5, [1, 2, 3]),
        ([], 3, []),
        ([1, 2], 0, []),
    ],
)
def test_best_places_never_cut_a_tie(places, count, shown):
    from scoring.ranking import best_places

    assert [row.place for row in best_places(_rows(places), count)] == shown
