"""Series standings (``series.ranking``), pure Python and table-driven: the counting rules, place
points, best N with a missing evening, ties and their tie-breaks (docs/rules.md, "Series")."""

import pytest

from series.ranking import (
    ALL,
    BEST,
    EVERY,
    PLACE_POINTS,
    TOTALS,
    EveningRow,
    SeriesRule,
    SeriesRuleError,
    check_place_points,
    parse_place_points,
    rank_series,
)

POINTS = (25, 20, 16, 13, 11, 10)


def evening(*rows):
    """Rows of one evening as (name, place, total); the name is the participant's key, and
    each present participant played all three rounds."""
    return [EveningRow(key=name, name=name, place=place, total=total, rounds=3)
            for name, place, total in rows]


# Four evenings: D misses evening 2, E plays only evening 4.
FOUR = [
    evening(("A", 1, 900), ("B", 2, 700), ("C", 3, 500), ("D", 4, 300)),
    evening(("B", 1, 800), ("A", 2, 600), ("C", 3, 400)),
    evening(("C", 1, 1000), ("D", 2, 900), ("A", 3, 100), ("B", 4, 50)),
    evening(("D", 1, 1100), ("B", 2, 600), ("A", 3, 200), ("C", 4, 100), ("E", 5, 0)),
]


def table(ranking):
    return [(row.place, row.name, row.values, row.counted, row.total) for row in ranking.rows]


T, F = True, False


def test_all_evenings_by_totals():
    ranking = rank_series(FOUR, SeriesRule(counting=ALL, scoring=TOTALS))
    # by hand: A 900+600+100+200 = 1800, B 700+800+50+600 = 2150, C 500+400+1000+100 = 2000,
    # D 300+900+1100 = 2300 (missed evening 2), E 0
    assert table(ranking) == [
        (1, "D", [300, None, 900, 1100], [T, F, T, T], 2300),
        (2, "B", [700, 800, 50, 600], [T, T, T, T], 2150),
        (3, "C", [500, 400, 1000, 100], [T, T, T, T], 2000),
        (4, "A", [900, 600, 100, 200], [T, T, T, T], 1800),
        (5, "E", [None, None, None, 0], [F, F, F, T], 0),
    ]
    assert [row.evenings for row in ranking.rows] == [3, 4, 4, 4, 1]
    assert ranking.held == [T, T, T, T]


def test_best_three_of_four_with_a_player_missing_one_evening():
    ranking = rank_series(FOUR, SeriesRule(counting=BEST, best_of=3, scoring=TOTALS))
    # by hand, dropping the lowest of four: A drops 100 -> 1700; B drops 50 -> 2100;
    # C drops 100 -> 1900; D has only three, all count -> 2300; E has one.
    assert table(ranking) == [
        (1, "D", [300, None, 900, 1100], [T, F, T, T], 2300),
        (2, "B", [700, 800, 50, 600], [T, T, F, T], 2100),
        (3, "C", [500, 400, 1000, 100], [T, T, T, F], 1900),
        (4, "A", [900, 600, 100, 200], [T, T, F, T], 1700),
        (5, "E", [None, None, None, 0], [F, F, F, T], 0),
    ]


def test_best_three_of_four_by_place_points():
    rule = SeriesRule(counting=BEST, best_of=3, scoring=PLACE_POINTS, place_points=POINTS)
    ranking = rank_series(FOUR, rule)
    # places: A 1,2,3,3 -> 25,20,16,16: best 3 = 61; B 2,1,4,2 -> 20,25,13,20: 65;
    # C 3,3,1,4 -> 16,16,25,13: 57; D 4,-,2,1 -> 13,20,25: 58; E 5 -> 11
    assert table(ranking) == [
        (1, "B", [20, 25, 13, 20], [T, T, F, T], 65),
        (2, "A", [25, 20, 16, 16], [T, T, T, F], 61),
        (3, "D", [13, None, 20, 25], [T, F, T, T], 58),
        (4, "C", [16, 16, 25, 13], [T, T, T, F], 57),
        (5, "E", [None, None, None, 11], [F, F, F, T], 11),
    ]


def test_equal_values_in_best_n_take_the_earlier_evening():
    rows = [evening(("A", 1, 100)), evening(("A", 1, 100)), evening(("A", 1, 100))]
    ranking = rank_series(rows, SeriesRule(counting=BEST, best_of=2))
    assert ranking.rows[0].counted == [T, T, F]
    assert ranking.rows[0].total == 200


def test_only_players_present_at_every_evening():
    ranking = rank_series(FOUR, SeriesRule(counting=EVERY, scoring=TOTALS))
    assert [(row.place, row.name, row.total) for row in ranking.rows] == [
        (1, "B", 2150), (2, "C", 2000), (3, "A", 1800),
    ]


def test_every_evening_means_every_evening_held_so_far():
    """An evening of the series not played yet (nobody in it) does not exclude anybody."""
    rows = [*FOUR[:2], []]
    ranking = rank_series(rows, SeriesRule(counting=EVERY))
    assert ranking.held == [T, T, F]
    # D missed evening 2; A and B both 1500 over two evenings, A's best 900 beats B's 800
    assert [(row.place, row.name, row.total) for row in ranking.rows] == [
        (1, "A", 1500), (2, "B", 1500), (3, "C", 900),
    ]


def test_place_points_beyond_the_table_are_zero_and_shared_places_get_the_same():
    rule = SeriesRule(scoring=PLACE_POINTS, place_points=(10, 5))
    rows = [evening(("A", 1, 500), ("B", 1, 500), ("C", 3, 100), ("D", 4, 0))]
    ranking = rank_series(rows, rule)
    assert [(row.place, row.name, row.total, row.shared) for row in ranking.rows] == [
        (1, "A", 10, T), (1, "B", 10, T), (3, "C", 0, T), (3, "D", 0, T),
    ]


@pytest.mark.parametrize(
    ("evenings", "expected"),
    [
        pytest.param(
            # equal sums 300: B has two evenings counted, A one
            [evening(("A", 1, 300), ("B", 2, 200)), evening(("B", 1, 100))],
            [(1, "B", F), (2, "A", F)],
            id="more-evenings-counted-first",
        ),
        pytest.param(
            # equal sums 300 over two evenings each: A's best 250 beats B's 200
            [evening(("B", 1, 200), ("A", 2, 50)), evening(("A", 1, 250), ("B", 2, 100))],
            [(1, "A", F), (2, "B", F)],
            id="then-best-single-evening",
        ),
        pytest.param(
            # equal on sum, evenings and best: shared place, then 3 (competition ranking)
            [evening(("A", 1, 200), ("B", 2, 100), ("C", 3, 50)),
             evening(("B", 1, 200), ("A", 2, 100), ("C", 3, 0))],
            [(1, "A", T), (1, "B", T), (3, "C", F)],
            id="shared-place-1-1-3",
        ),
    ],
)
def test_ties(evenings, expected):
    ranking = rank_series(evenings, SeriesRule())
    assert [(row.place, row.name, row.shared) for row in ranking.rows] == expected


def test_absent_rows_and_unplaced_rows_do_not_count():
    rows = [[EveningRow("A", "A", 1, 100, 3), EveningRow("B", "B", None, 0, 0)]]
    ranking = rank_series(rows, SeriesRule())
    assert [row.name for row in ranking.rows] == ["A"]


def test_pairs_in_either_order_are_one_participant_by_key():
    key = frozenset({3, 8})
    rows = [
        [EveningRow(key, "X / Y", 1, 100, 3)],
        [EveningRow(frozenset({8, 3}), "Y / X", 1, 50, 3)],
    ]
    ranking = rank_series(rows, SeriesRule())
    assert len(ranking.rows) == 1
    assert (ranking.rows[0].total, ranking.rows[0].name) == (150, "Y / X")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("25, 20, 16", (25, 20, 16)), ("25;20 20  0", (25, 20, 20, 0)), ("", ())],
)
def test_parse_place_points(text, expected):
    assert parse_place_points(text) == expected


@pytest.mark.parametrize(
    "values",
    [(10, 20), (5, -1), (1.5,), (True,), tuple(range(300, 0, -1)), (20_000,)],
)
def test_place_points_must_be_whole_non_negative_and_non_increasing(values):
    with pytest.raises(SeriesRuleError) as error:
        check_place_points(values)
    assert error.value.field == "place_points"


def test_parse_place_points_refuses_text():
    with pytest.raises(SeriesRuleError) as error:
        parse_place_points("25, zwanzig")
    assert "zwanzig" in str(error.value)


def test_best_of_is_required_for_best_n():
    with pytest.raises(SeriesRuleError) as error:
        SeriesRule(counting=BEST)
    assert error.value.field == "best_of"
