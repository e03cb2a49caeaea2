"""The score sheet's row form (``scoring.forms.GameRowForm``): every problem of a row at once,
each at its field; a bid far beyond any real game needs a tick."""

import pytest
from django.http import QueryDict

from core.limits import UNUSUAL_BID
from scoring.forms import GameRowForm

PARTIES = ["3 Hans Maier", "1 Anna Rapp", "2 Otto Walz"]
SEATS = ["1 · Hans Maier", "2 · Anna Rapp", "3 · Otto Walz"]
GOOD = {"declarer": "0", "bid": "200", "kind": "played", "dealer": "1", "revoked": "",
        "meld0": "80", "meld1": "20", "meld2": "40",
        "tricks0": "130", "tricks1": "70", "tricks2": "50"}


def row(**change: str) -> GameRowForm:
    data = QueryDict(mutable=True)
    for name, value in {**GOOD, **change}.items():
        data[f"g4-{name}"] = value
    return GameRowForm(data, number=4, party_labels=PARTIES, seat_labels=SEATS)


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        ({}, set()),
        ({"bid": "abc", "kind": "durch", "meld0": "0", "tricks0": "250", "tricks1": "0",
          "tricks2": "0"}, {"bid", "meld1", "meld2"}),
        ({"bid": "155", "meld1": "25"}, {"bid", "meld1"}),
        ({"declarer": "", "bid": "", "tricks2": "x"}, {"declarer", "bid", "tricks2"}),
        ({"tricks2": "40"}, {"__all__"}),  # the sum: the trick column as a whole
        ({"kind": "conceded", "revoked": "1"}, {"revoked", "__all__"}),
        ({"bid": "2000"}, {"bid"}),
        ({"bid": "2000", "bid_ok": "1"}, set()),  # ticked: a (lost) game like any other
        # digits a phone's keyboard may give that are no 0–9: refused, not read as numbers
        ({"bid": "\uff12\uff10\uff10", "meld1": "\u0662\u0660"}, {"bid", "meld1"}),
        ({"tricks0": "1e2"}, {"tricks0"}),
    ],
)
def test_every_problem_of_a_row_is_reported_at_its_field(change, fields):
    form = row(**change)
    if not fields:
        assert form.is_valid() and form.points is not None
        return
    assert not form.is_valid()
    assert set(form.errors) == fields


def test_a_good_row_gets_its_points():
    form = row()
    assert form.is_valid() and form.points == [210, 90, 90]


def test_an_unusual_bid_asks_for_a_tick_and_says_why():
    form = row(bid=str(UNUSUAL_BID + 10))
    assert not form.is_valid() and form.unusual_bid
    assert "1010" in form.errors["bid"][0] and str(UNUSUAL_BID) in form.errors["bid"][0]
    assert row(bid=str(UNUSUAL_BID), meld0="800", tricks0="200", tricks1="30",
               tricks2="20").is_valid()


def test_a_meld_error_sits_at_that_partys_input():
    form = row(meld2="15")
    assert not form.is_valid()
    assert list(form.errors) == ["meld2"]
    assert form.field_of(type("E", (), {"field": "melds", "party": 2})()) == "meld2"


def test_every_row_form_has_fields_of_its_own():
    """GameRowForm builds its fields for each form (scoring.forms.row_fields): nothing of one
    request's form reaches another's, whoever changes a field."""
    labels = {"party_labels": ["1 Anna", "2 Bert", "3 Carl"],
              "seat_labels": ["A1 · Anna", "B1 · Bert", "C1 · Carl"]}
    good = {"g1-dealer": "1", "g1-declarer": "0", "g1-bid": "150", "g1-kind": "played",
            "g1-meld0": "0", "g1-meld1": "0", "g1-meld2": "0",
            "g1-tricks0": "250", "g1-tricks1": "0", "g1-tricks2": "0"}
    bad = {key.replace("g1-", "g2-"): value for key, value in good.items()} | {"g2-bid": "x"}
    first = GameRowForm(good, number=1, **labels)
    second = GameRowForm(bad, number=2, **labels)
    assert first.fields["bid"] is not second.fields["bid"]
    first.fields["bid"].required = True  # a change to one form's field
    first.fields["bid"].label = "changed"
    assert second.fields["bid"].required is False
    assert second.fields["bid"].label != "changed"
    assert second.is_valid() is False and "bid" in second.errors
    assert first.is_valid() and not first.errors
    assert GameRowForm(good, number=1, **labels).fields["bid"].label != "changed"
    other = GameRowForm(good, number=1, party_labels=["1 Anna", "2 Bert"],
                        seat_labels=["A1 · Anna", "B1 · Bert"])
    assert "meld2" not in other.fields


def test_posted_totals_reads_whole_numbers_and_names_the_others():
    from scoring.forms import posted_totals

    figures, problems = posted_totals(
        {"p0-total": " 420 ", "p0-lost": "", "p1-total": "−120", "p1-lost": "1",
         "p2-total": "1e3", "p2-lost": "２"},
        3,
    )
    assert figures == [(420, None), (-120, 1), (None, None)]
    assert [(problem.field, problem.party) for problem in problems] == [
        ("total2", 2), ("lost2", 2)]


@pytest.mark.parametrize(
    ("text", "figure"),
    [("120", 120), (" -80 ", -80), ("−80", -80), ("–80", -80), ("80-", -80), ("0", 0),
     ("", None), ("-", None), ("-80-", None), ("8O", None), ("+80", None), ("1e3", None),
     ("12345678", None)],
)
def test_read_figure_takes_a_minus_before_or_after_the_digits(text, figure):
    from scoring.forms import read_figure

    assert read_figure(text) == figure


def test_posted_points_reads_each_game_sent_and_names_what_is_no_figure():
    from scoring.forms import posted_points

    rows, unread = posted_points(
        {"g1-declarer": "2", "g1-points0": "120", "g1-points1": "300-", "g1-points2": "80",
         "g2-declarer": "", "g2-points0": "", "g2-points1": "", "g2-points2": "",
         "g3-declarer": "4", "g3-points0": "x", "g3-points1": "0", "g3-points2": "10"},
        12, 3,
    )
    assert rows == {
        1: {"points": [120, -300, 80], "declarer": 1},
        2: {"points": [None, None, None], "declarer": None},
        3: {"points": [None, 0, 10], "declarer": None},
    }
    assert [(number, [p.field for p in problems]) for number, problems in unread.items()] == [
        (3, ["points0", "declarer"])
    ]
