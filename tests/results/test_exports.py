"""Exports (``results.exports``): the workbook's sheets against the database, the CSV, the
file name; names are data, never formulas.

Every sheet of the workbook is reopened with openpyxl and compared with what the database
holds, read here with plain queries (not through the code under test). The writer itself,
``results.xlsx``, is tested in tests/results/test_xlsx.py.
"""

import datetime
from collections import defaultdict

import pytest
from django.utils import timezone

from results.exports import event_workbook, file_stem, standings_csv
from scoring.demo import fill_random_games, record_game
from scoring.models import PartyScore, ScoreSheet
from tests.factories import make_entry, make_event
from tests.results.workbooks import exported_event, open_workbook, values
from tests.scoring.games import WON, sheet_for
from tournament.models import Entry, Event, Player, Seat
from tournament.results import results_changed
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

STANDINGS_HEADER = ["Platz", "Startnummer", "Name", "D1", "D2", "D3", "Gesamt"]
SEATING_HEADER = ["Durchgang", "Tisch", "Position", "Startnummer", "Name"]
GAMES_HEADER = ["Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Reizwert", "Art",
                "Gemeldet", "Stiche", "Verworfen", "Punkte"]


@pytest.fixture
def event():
    """The exported event: see ``tests.results.workbooks.exported_event``."""
    return exported_event()


def counted_scores(event):
    return PartyScore.objects.filter(
        game__sheet__table__round__event=event, game__sheet__status=ScoreSheet.Status.CONFIRMED
    ).select_related("game__sheet__table__round", "entry")


def totals_from_database(event) -> dict[int, dict[int, int]]:
    """Points per start number and round over the confirmed sheets, summed here."""
    totals: dict[int, dict[int, int]] = defaultdict(dict)
    for score in counted_scores(event):
        number = score.game.sheet.table.round.number
        per_round = totals[score.entry.start_number]
        per_round[number] = per_round.get(number, 0) + score.points
    return totals


def test_workbook_has_the_six_sheets_with_fixed_headers(event):
    book = open_workbook(event_workbook(event))
    assert book.sheetnames == [
        "Einzel", "Paare", "Sitzplan", "Spiele", "Kasse", "Preise", "Stand", "Ausgaben"
    ]
    headers = {name: values(book[name])[0] for name in book.sheetnames}
    assert headers == {
        "Einzel": STANDINGS_HEADER,
        "Paare": STANDINGS_HEADER,
        "Sitzplan": SEATING_HEADER,
        "Spiele": GAMES_HEADER,
        # the interface others rely on: written out here, not taken from the code
        "Kasse": ["Startnummer", "Name", "Startgeld", "Bezahlt", "Verlorene Spiele",
                  "Verlustgeld", "Offen"],
        "Preise": ["Platz", "Startnummer", "Name", "Preis", "Betrag"],
        "Stand": ["Angabe", "Wert"],
        "Ausgaben": ["Datum", "Zweck", "Betrag", "Bezahlt von", "Beleg"],
    }


def test_standings_sheets_match_the_database(event):
    book = open_workbook(event_workbook(event))
    totals = totals_from_database(event)
    # by hand: singles 1: 210 - 250 = -40, then -600 -> -640; 2: 90 + 190 = 280, then 0 (it
    # misplayed: its 45 trick points do not count, no meld) -> 280;
    # 3: 90 + 150 = 240. Pairs (round 2 not confirmed): 4: 100 + 1000 = 1100; 5: 210 + 0 = 210.
    assert values(book["Einzel"])[1:] == [
        [1, 2, "Jörg Häfele", 280, 0, None, 280],
        [2, 3, "Anna Rapp", 240, None, None, 240],
        [3, 1, "Hans Maier", -40, -600, None, -640],
    ]
    assert values(book["Paare"])[1:] == [
        [1, 4, "Karl Weiß / Rosi Weiß", 1100, None, None, 1100],
        [2, 5, "Otto Klotz / Ute Klotz", 210, None, None, 210],
    ]
    for name in ("Einzel", "Paare"):
        for place, start_number, _name, *rounds, total in values(book[name])[1:]:
            assert isinstance(place, int) and isinstance(total, int)
            assert [r for r in rounds if r is not None] == [
                totals[start_number][n] for n in sorted(totals[start_number])
            ]
            assert total == sum(totals[start_number].values())
    # the stand-in (6) played but is not ranked
    assert 6 not in [row[1] for row in values(book["Einzel"])[1:]]


def test_seating_sheet_has_one_row_per_seat(event):
    rows = values(open_workbook(event_workbook(event))["Sitzplan"])[1:]
    seats = Seat.objects.filter(table__round__event=event).select_related(
        "table__round", "entry", "player"
    ).order_by("table__round__number", "table__number", "position")
    assert rows == [
        [s.table.round.number, s.table.number, s.position, s.entry.start_number, s.player.name]
        for s in seats
    ]
    assert len(rows) == 3 + 4 + 3 + 4
    # a pair's seats name the player sitting there: A1, B1, A2, B2
    assert [row[4] for row in rows[3:7]] == ["Karl Weiß", "Otto Klotz", "Rosi Weiß", "Ute Klotz"]


def test_games_sheet_has_one_row_per_party_per_counted_game(event):
    rows = values(open_workbook(event_workbook(event))["Spiele"])[1:]
    scores = counted_scores(event).order_by(
        "game__sheet__table__round__number", "game__sheet__table__number", "game__number", "id"
    )
    kinds = {"played": "gespielt", "conceded": "abgeschrieben", "durch": "Durch"}
    expected = [
        [
            s.game.sheet.table.round.number, s.game.sheet.table.number, s.game.number,
            s.entry.start_number, "ja" if s.game.declarer_id == s.entry_id else "nein",
            s.game.bid, kinds[s.game.kind], s.meld, s.tricks,
            "ja" if s.game.revoked_id == s.entry_id else "nein", s.points,
        ]
        for s in scores
    ]
    assert rows == expected
    # 2 + 2 games of round 1 (3 and 2 parties) + 1 game of round 2; the submitted sheet is out
    assert len(rows) == 2 * 3 + 2 * 2 + 3
    # spot checks by hand
    assert rows[0] == [1, 1, 1, 1, "ja", 200, "gespielt", 80, 130, "nein", 210]
    assert rows[3] == [1, 1, 2, 1, "ja", 250, "abgeschrieben", 80, None, "nein", -250]
    assert rows[8] == [1, 2, 2, 4, "ja", 150, "Durch", 0, 250, "nein", 1000]
    assert rows[11] == [2, 1, 1, 2, "nein", 300, "gespielt", 0, 45, "ja", 0]
    for row in rows:
        assert all(isinstance(row[i], int) for i in (0, 1, 2, 3, 5, 7, 10))


def test_workbook_is_formatted_for_screen_and_print(event):
    book = open_workbook(event_workbook(event))
    for sheet in book.worksheets:
        assert all(cell.font.b for cell in sheet[1])
        assert sheet.freeze_panes == "A2"
        assert sheet.print_title_rows == "$1:$1"
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
        for column in sheet.iter_cols():
            letter = column[0].column_letter
            longest = max(len(str(c.value)) for c in column if c.value is not None)
            assert sheet.column_dimensions[letter].width >= longest
    assert book["Spiele"].page_setup.orientation == "landscape"
    assert book["Einzel"].page_setup.orientation == "portrait"


def test_csv_standings(event):
    event = Event.objects.get(pk=event.pk)  # as a page loads it: with its results stamp
    content = standings_csv(event)
    assert content.startswith(b"\xef\xbb\xbf")
    text = content.decode("utf-8-sig")
    lines = text.split("\r\n")
    assert lines[0] == "Wertung;Platz;Startnummer;Name;D1;D2;D3;Gesamt"
    assert lines[1] == "Einzel;1;2;Jörg Häfele;280;0;;280"
    assert lines[3] == "Einzel;3;1;Hans Maier;-40;-600;;-640"
    assert lines[4] == "Paare;1;4;Karl Weiß / Rosi Weiß;1100;;;1100"
    # the last row says how final the standings are: round 2 of the pairs is not confirmed
    changed = timezone.localtime(Event.objects.get(pk=event.pk).results_changed_at)
    assert lines[6] == f"Stand;;;vorläufig, Stand {changed:%d.%m.%Y %H:%M}"
    assert lines[7] == "" and len(lines) == 8


def test_state_sheet_says_how_final_the_standings_are(event):
    event = Event.objects.get(pk=event.pk)
    rows = values(open_workbook(event_workbook(event))["Stand"])
    changed = timezone.localtime(Event.objects.get(pk=event.pk).results_changed_at)
    assert rows[0] == ["Angabe", "Wert"]
    facts = {row[0]: row[1:] for row in rows[1:]}
    assert facts["Vorläufig"] == ["ja"]
    assert facts["Letzte Änderung"] == [f"{changed:%d.%m.%Y %H:%M}"]
    assert facts["Gezählt"] == ["nur bestätigte Zettel"]
    open_rows = [row[1] for row in rows if row[0] == "Offene Zettel"]
    unconfirmed = sorted(
        ScoreSheet.objects.filter(table__round__event=event)
        .exclude(status=ScoreSheet.Status.CONFIRMED)
        .values_list("table__round__number", "table__number")
    )
    assert unconfirmed  # the fixture leaves a sheet unconfirmed
    for number, table in unconfirmed:
        assert any(text.startswith(f"D{number}: ") and str(table) in text for text in open_rows)


def test_public_csv_shows_the_start_number_for_unlisted_players(event):
    entry = Entry.objects.select_related("player").get(event=event, start_number=2)
    Player.objects.filter(pk=entry.player_id).update(unlisted=True)
    results_changed(event_id=event.pk)
    event = Event.objects.get(pk=event.pk)
    public = standings_csv(event, public=True).decode("utf-8-sig")
    organiser = standings_csv(event).decode("utf-8-sig")
    assert entry.player.name not in public
    assert "Einzel;1;2;Startnummer 2;280;0;;280" in public.split("\r\n")
    assert "Einzel;1;2;Jörg Häfele;280;0;;280" in organiser.split("\r\n")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Benefizbinokel Größingen", "benefizbinokel-groessingen-2026-11-21"),
        ("Benefizbinokel", "benefizbinokel-2026-11-21"),
        ("  Ühlen & Öde: Binokel!  ", "uehlen-oede-binokel-2026-11-21"),
        ("Café Crème", "cafe-creme-2026-11-21"),
        ("???", "turnier-2026-11-21"),
    ],
)
def test_file_name_is_ascii_safe(name, expected):
    event = make_event(name=name, date=datetime.date(2026, 11, 21))
    assert file_stem(event) == expected


def test_export_of_a_generated_and_filled_event_adds_up():
    """Plan and random games from the demo filler: the sheets agree with each other."""
    event = make_event(games_per_round=3)
    for number in range(1, 10):
        make_entry(event, number)
    for number in range(10, 14):
        make_entry(event, number, f"A{number}", partner=f"B{number}")
    generate_plan(event=event, seed=1)
    fill_random_games(event=event, seed=2, confirm=True)
    book = open_workbook(event_workbook(event))
    games = values(book["Spiele"])[1:]
    assert len(games) == PartyScore.objects.filter(game__sheet__table__round__event=event).count()
    points: dict[int, int] = defaultdict(int)
    for row in games:
        points[row[3]] += row[10]
    totals = totals_from_database(event)
    for name, count in (("Einzel", 9), ("Paare", 4)):
        rows = values(book[name])[1:]
        assert len(rows) == count
        for _place, number, _name, *_rounds, total in rows:
            assert total == points[number] == sum(totals[number].values())
        assert [row[-1] for row in rows] == sorted((row[-1] for row in rows), reverse=True)
    assert len(values(book["Sitzplan"])) - 1 == Seat.objects.filter(
        table__round__event=event
    ).count()


def event_of_three(*names):
    """An event whose singles 1, 2, 3 (named ``names``) played one game at one confirmed table."""
    event = make_event()
    entries = [make_entry(event, number, name) for number, name in enumerate(names, start=1)]
    record_game(sheet=sheet_for(event, 1, entries, 1), number=1, **WON)
    return event


def test_names_are_never_formulas():
    event = event_of_three("=HYPERLINK(\"http://x\")", "+49 Anna", "@Karl")
    book = open_workbook(event_workbook(event))
    by_number = {row[1].value: row[2] for row in book["Einzel"].iter_rows(min_row=2)}
    assert by_number[1].value == "=HYPERLINK(\"http://x\")" and by_number[1].data_type == "s"
    assert book["Sitzplan"]["E2"].value == "=HYPERLINK(\"http://x\")"
    assert book["Sitzplan"]["E2"].data_type == "s"
    text = standings_csv(event).decode("utf-8-sig")
    assert ';"\'=HYPERLINK(""http://x"")";' in text
    assert ";'+49 Anna;" in text and ";'@Karl;" in text


def test_names_with_control_characters_are_exported_without_them():
    event = event_of_three("Hans\x0bMaier", "Jörg\x01 Häfele", "Anna Rapp")
    book = open_workbook(event_workbook(event))
    names = {row[1]: row[2] for row in values(book["Einzel"])[1:]}
    assert names == {1: "HansMaier", 2: "Jörg Häfele", 3: "Anna Rapp"}
    assert [row[4] for row in values(book["Sitzplan"])[1:]] == [
        "HansMaier", "Jörg Häfele", "Anna Rapp"
    ]


def test_the_ausgaben_sheet_lists_the_expenses_not_cancelled(event):
    from datetime import date
    from decimal import Decimal

    from money.cash.services import add_expense, cancel_expense

    add_expense(event=event, purpose="Hallenmiete", amount=Decimal("120"), paid_by="Verein",
                receipt="Beleg 1", date=date(2026, 11, 21))
    wrong = add_expense(event=event, purpose="vertippt", amount=Decimal("1"))
    cancel_expense(expense=wrong)
    add_expense(event=event, purpose="Sachpreise", amount=Decimal("85.50"), paid_by="Anna",
                from_cash_box=True, date=date(2026, 11, 20))
    rows = values(open_workbook(event_workbook(event))["Ausgaben"])
    assert rows[1:] == [
        ["20.11.2026", "Sachpreise", 85.5, "Anna (Kasse)", None],
        ["21.11.2026", "Hallenmiete", 120, "Verein", "Beleg 1"],
    ]
