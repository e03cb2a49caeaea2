"""The body rows of the standings and an entry's games (``scoring.tables``): the cells each row
holds, every text escaped, the phone's second line, and the empty table's one row.

Rendered without a database: the tables take plain rows.
"""

import re

import pytest
from django.test import RequestFactory
from django.utils import translation

from scoring.ranking import EntryFigures, Figures, StandingRow
from scoring.standings import EntryGame, EntryRound
from scoring.tables import EntryGamesTable, StandingsTable


def standing(place, number, name, rounds, *, withdrawn=False, unlisted=False):
    entry = EntryFigures(
        entry_id=number, start_number=number, name=name, is_pair=False, is_stand_in=False,
        is_withdrawn=withdrawn, unlisted=unlisted,
    )
    total = sum(points for points in rounds if points is not None)
    return StandingRow(
        place=place, shared=False, entry=entry, total=total, figures=Figures(),
        round_points=list(rounds),
    )


ROWS = [
    standing(1, 7, 'Anna <b>"Rapp"</b>', [320, -40]),
    standing(None, 3, "Jörg & Söhne", [None, 100], withdrawn=True, unlisted=True),
]


def html_of(table) -> str:
    return table.as_html(RequestFactory().get("/rangliste/x/"))


def body(html: str) -> list[str]:
    """The body's rows, the space between the cells taken out (the space in a cell stays)."""
    tbody = re.search(r"<tbody>(.*)</tbody>", html, re.S).group(1)
    rows = re.findall(r"<tr>.*?</tr>", tbody, re.S)
    return [re.sub(r"\s*(</?t[rd]\b[^>]*>)\s*", r"\1", row) for row in rows]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            {"round_numbers": [1, 2], "entry_url": "/rangliste/x/0/"},
            [
                '<tr><td class="num">1.</td><td class="num wide">7</td><td class="name">'
                '<a href="/rangliste/x/7/">Anna &lt;b&gt;&#34;Rapp&#34;&lt;/b&gt;</a>'
                '<span class="phone-line">Nr. 7 · D1–D2: 320 / −40</span></td>'
                '<td class="num wide">320</td><td class="num wide">−40</td>'
                '<td class="num total">280</td></tr>',
                '<tr><td class="num"></td><td class="num wide">3</td><td class="name">'
                '<a href="/rangliste/x/3/">Jörg &amp; Söhne</a> <span class="tag">abgemeldet</span>'
                '<span class="phone-line">Nr. 3 · D1–D2: – / 100</span></td>'
                '<td class="num wide">–</td><td class="num wide">100</td>'
                '<td class="num total">100</td></tr>',
            ],
        ),
        (
            {"round_numbers": [], "public": True, "total_label": "Punkte"},
            [
                '<tr><td class="num">1.</td><td class="num wide">7</td><td class="name">'
                'Anna &lt;b&gt;&#34;Rapp&#34;&lt;/b&gt;<span class="phone-line">Nr. 7</span></td>'
                '<td class="num total">280</td></tr>',
                '<tr><td class="num"></td><td class="num wide">3</td><td class="name">'
                'Startnummer 3 <span class="tag">abgemeldet</span>'
                '<span class="phone-line">Nr. 3</span></td><td class="num total">100</td></tr>',
            ],
        ),
    ],
    ids=["organiser-overall", "public-one-round"],
)
def test_a_standings_row_holds_the_cells_of_the_header(options, expected):
    with translation.override("de"):
        table = StandingsTable(ROWS, **options)
        html = html_of(table)
    assert body(html) == expected
    header = re.findall(r"<th\b", html)
    assert all(row.count("<td") == len(header) for row in expected)


def test_a_table_without_rows_says_so_across_its_columns():
    with translation.override("de"):
        html = html_of(StandingsTable([], round_numbers=[1, 2, 3]))
    assert body(html) == ['<tr><td colspan="7">Noch keine Teilnehmer.</td></tr>']


def test_an_entrys_games_repeat_the_wide_cells_on_the_phone_line():
    games = [
        EntryGame(number=1, declarer_name="Hans <i>Maier</i>", own_declarer=True, bid=210,
                  kind="played", kind_label="gespielt", misplayed=False, meld=100, tricks=35,
                  points=140),
        EntryGame(number=2, declarer_name="Rosi", own_declarer=False, bid=300,
                  kind="conceded", kind_label="abgegangen", misplayed=True, meld=0,
                  tricks=None, points=-300),
    ]
    entry_round = EntryRound(number=1, table=4, status="confirmed", status_label="bestätigt",
                             counted=True, games=games)
    with translation.override("de"):
        html = html_of(EntryGamesTable(entry_round))
    assert body(html) == [
        '<tr><td class="num">1</td><td class="name"><strong>Hans &lt;i&gt;Maier&lt;/i&gt;'
        '</strong><span class="phone-line">Reizwert 210 · gespielt · Gemeldet 100 · Stiche 35'
        '</span></td><td class="num wide">210</td><td class="wide">gespielt</td>'
        '<td class="num wide">100</td><td class="num wide">35</td><td class="wide"></td>'
        '<td class="num">140</td></tr>',
        '<tr><td class="num">2</td><td class="name">Rosi<span class="phone-line">Reizwert 300'
        ' · abgegangen · Gemeldet 0 · Stiche – · Verworfen</span></td>'
        '<td class="num wide">300</td><td class="wide">abgegangen</td>'
        '<td class="num wide">0</td><td class="num wide">–</td><td class="wide">✔</td>'
        '<td class="num">−300</td></tr>',
    ]
    assert "<tfoot" in html and "−160" in html  # the round's total below
