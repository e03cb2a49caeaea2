"""Ranking (``scoring.ranking``), pure Python: the organiser's tie-breaks are read as known codes
in order. How an event's figures are ranked is tested through ``scoring.standings`` in
tests/scoring/test_standings.py."""

from scoring.ranking import parse_tie_breaks


def test_parse_tie_breaks_keeps_known_codes_in_order():
    assert parse_tie_breaks(" fewer_losses,foo,best_round,fewer_losses") == [
        "fewer_losses", "best_round",
    ]
    assert parse_tie_breaks("") == []
