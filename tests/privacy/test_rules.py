"""The pure rules of a person's data (``privacy.rules``): who is inactive, and a person's names
found and replaced in the change log's parameters."""

import datetime

import pytest

from privacy.rules import inactive_since, is_inactive, mentions, name_pattern, replaced

D = datetime.date


@pytest.mark.parametrize(
    ("today", "years", "since"),
    [
        (D(2026, 12, 1), 3, D(2023, 12, 1)),
        (D(2026, 12, 1), 1, D(2025, 12, 1)),
        (D(2028, 2, 29), 1, D(2027, 2, 28)),  # a leap day, to a year without one
        (D(2028, 2, 29), 4, D(2024, 2, 29)),
        (D(2026, 12, 1), 0, D(2026, 12, 1)),
    ],
)
def test_inactive_since_is_the_day_that_many_years_back(today, years, since):
    assert inactive_since(today, years) == since


@pytest.mark.parametrize(
    ("last_seen", "years", "inactive"),
    [
        (D(2023, 12, 1), 3, True),  # exactly three years: not seen for three years
        (D(2023, 12, 2), 3, False),
        (D(2019, 5, 4), 3, True),
        (D(2026, 11, 21), 3, False),
        (D(2025, 12, 1), 1, True),
        (D(2025, 12, 2), 1, False),
    ],
)
def test_a_player_last_seen_that_many_years_ago_or_earlier_is_inactive(last_seen, years, inactive):
    assert is_inactive(last_seen, today=D(2026, 12, 1), years=years) is inactive


def test_negative_years_are_a_bug():
    with pytest.raises(ValueError):
        inactive_since(D(2026, 12, 1), -1)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Hans Maier", True),
        ("Nr. 12 hans maier / Eva Berg", True),  # letter case aside, inside a pair's name
        ("Eva Berg / Hans  Maier", True),  # runs of spaces
        ("Hans Maierhofer", False),  # a longer name
        ("Hans Maier-Schulz", False),  # a double name
        ("Hanna Maier", False),
        ("Hans Mayer", True),  # an earlier name of the person
        ("", False),
    ],
)
def test_a_name_is_found_as_a_whole(text, named):
    pattern = name_pattern(["Hans Maier", "Hans Mayer"])
    assert mentions(text, pattern) is named
    assert mentions({"ref": {"name": text}, "changes": [["name", "", text]]}, pattern) is named


def test_no_name_to_look_for_finds_nothing_and_replaces_nothing():
    assert name_pattern(["", " ", "H"]) is None
    assert not mentions("Hans Maier", None)
    assert replaced({"name": "Hans Maier"}, None, "gelöscht") == {"name": "Hans Maier"}


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"entry_ref": {"number": 12, "name": "Hans Maier"}},
         {"entry_ref": {"number": 12, "name": "gelöscht"}}),
        ({"ref": {"code": "ABC", "name": "Anna Huber / hans maier"}},
         {"ref": {"code": "ABC", "name": "Anna Huber / gelöscht"}}),
        ({"changes": [["name", "Hans Mayer", "Hans Maier"], ["category", "", "Senior"]]},
         {"changes": [["name", "gelöscht", "gelöscht"], ["category", "", "Senior"]]}),
        ({"Hans Maier": 1, "rounds": [1, 2], "stand_in": True, "minutes": None},
         {"Hans Maier": 1, "rounds": [1, 2], "stand_in": True, "minutes": None}),  # keys stay
        ({"name": "Hans Maierhofer"}, {"name": "Hans Maierhofer"}),
    ],
)
def test_the_names_are_replaced_in_every_text_and_nothing_else(params, expected):
    pattern = name_pattern(["Hans Maier", "Hans Mayer"])
    before = repr(params)
    assert replaced(params, pattern, "gelöscht") == expected
    assert repr(params) == before  # a new value
