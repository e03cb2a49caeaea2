"""Exports: the workbook's four sheets against the database, the CSV, the file name, the command.

Every sheet of the workbook is reopened with openpyxl and compared with what the database
holds, read here with plain queries (not through the code under test).
"""

import datetime
import io
import math
import zipfile
from collections import defaultdict
from xml.etree import ElementTree

import openpyxl
import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.utils import get_column_letter

from scoring import xlsx
from scoring.demo import fill_random_games, record_game
from scoring.exports import event_workbook, file_stem, standings_csv
from scoring.models import PartyScore, ScoreSheet
from scoring.xlsx import MAX_TEXT, SheetData, clean_text, write_workbook
from tests.factories import make_entry, make_event, make_round, make_sheet, make_table
from tests.test_standings import CONCEDED, LOST, WON
from tournament.models import Seat
from tournament.services import generate_plan

pytestmark = pytest.mark.django_db

STANDINGS_HEADER = ["Platz", "Startnummer", "Name", "D1", "D2", "D3", "Gesamt"]
SEATING_HEADER = ["Durchgang", "Tisch", "Position", "Startnummer", "Name"]
GAMES_HEADER = ["Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Reizwert", "Art",
                "Gemeldet", "Stiche", "Verworfen", "Punkte"]


def sheet_for(event, round_number, entries, number, status=ScoreSheet.Status.CONFIRMED):
    sheet = make_sheet(make_table(make_round(event, round_number), entries, number=number))
    ScoreSheet.objects.filter(pk=sheet.pk).update(status=status)
    return sheet


@pytest.fixture
def event():
    """Three singles (one with umlauts), two pairs, a stand-in single; two rounds.

    Round 1, table 1 (1, 2, 3): WON by 1 (210, 90, 90), CONCEDED by 1 (-250, 190, 150).
    Round 1, table 2 (pairs 4, 5): 5 declares 200, meld 60 + tricks 150: (100, 210);
    game 2: 4 declares a Durch and takes every trick: (1000, 0).
    Round 2, table 1 (1, 2, 6 stand-in): LOST by 1, 2 misplays: (-600, 0, 100).
    Round 2, table 2 (pairs): submitted only, so not counted: 5 declares 150 (0+130 -> 130).
    """
    event = make_event(name="Benefizbinokel Größingen", date=datetime.date(2026, 11, 21))
    one = make_entry(event, 1, "Hans Maier")
    two = make_entry(event, 2, "Jörg Häfele")
    three = make_entry(event, 3, "Anna Rapp")
    four = make_entry(event, 4, "Karl Weiß", partner="Rosi Weiß")
    five = make_entry(event, 5, "Otto Klotz", partner="Ute Klotz")
    six = make_entry(event, 6, "Ersatz Eins", is_stand_in=True)
    first = sheet_for(event, 1, [one, two, three], 1)
    record_game(sheet=first, number=1, **WON)
    record_game(sheet=first, number=2, **CONCEDED)
    pairs = sheet_for(event, 1, [four, five], 2)
    record_game(sheet=pairs, number=1, bid=200, declarer=1, melds=[0, 60], tricks=[100, 150])
    record_game(sheet=pairs, number=2, bid=150, declarer=0, melds=[0, 0], tricks=[250, 0],
                kind="durch")
    second = sheet_for(event, 2, [one, two, six], 1)
    record_game(sheet=second, number=1, revoked=1, **LOST)
    unconfirmed = sheet_for(event, 2, [four, five], 2, status=ScoreSheet.Status.SUBMITTED)
    record_game(sheet=unconfirmed, number=1, bid=150, declarer=1, melds=[0, 0],
                tricks=[120, 130])
    return event


def open_workbook(content: bytes):
    return openpyxl.load_workbook(io.BytesIO(content))


def values(sheet) -> list[list]:
    return [list(row) for row in sheet.iter_rows(values_only=True)]


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


def test_workbook_has_the_four_sheets_with_fixed_headers(event):
    book = open_workbook(event_workbook(event))
    assert book.sheetnames == ["Einzel", "Paare", "Sitzplan", "Spiele"]
    headers = {name: values(book[name])[0] for name in book.sheetnames}
    assert headers == {
        "Einzel": STANDINGS_HEADER,
        "Paare": STANDINGS_HEADER,
        "Sitzplan": SEATING_HEADER,
        "Spiele": GAMES_HEADER,
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
    content = standings_csv(event)
    assert content.startswith(b"\xef\xbb\xbf")
    text = content.decode("utf-8-sig")
    lines = text.split("\r\n")
    assert lines[0] == "Wertung;Platz;Startnummer;Name;D1;D2;D3;Gesamt"
    assert lines[1] == "Einzel;1;2;Jörg Häfele;280;0;;280"
    assert lines[3] == "Einzel;3;1;Hans Maier;-40;-600;;-640"
    assert lines[4] == "Paare;1;4;Karl Weiß / Rosi Weiß;1100;;;1100"
    assert lines[6] == "" and len(lines) == 7


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


@pytest.mark.parametrize("key", ["id", "slug"])
def test_command_writes_a_readable_workbook(event, tmp_path, key):
    target = tmp_path / "standings.xlsx"
    call_command("export_event", str(event.pk) if key == "id" else event.slug,
                 "--output", str(target))
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["Einzel", "Paare", "Sitzplan", "Spiele"]
    assert values(book["Einzel"])[1][:3] == [1, 2, "Jörg Häfele"]


def test_command_default_file_name_and_csv(event, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    call_command("export_event", event.slug)
    assert (tmp_path / "benefizbinokel-groessingen-2026-11-21.xlsx").exists()
    call_command("export_event", event.slug, "--csv")
    text = (tmp_path / "benefizbinokel-groessingen-2026-11-21.csv").read_bytes()
    assert text.startswith(b"\xef\xbb\xbf") and "Jörg Häfele".encode() in text


@pytest.mark.parametrize("key", ["no-such-event", "999999"])
def test_command_unknown_event(event, tmp_path, key):
    with pytest.raises(CommandError, match="No event with id or slug"):
        call_command("export_event", key, "--output", str(tmp_path / "x.xlsx"))
    assert not (tmp_path / "x.xlsx").exists()


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


# --- The row writer: data rows are streamed into the sheets openpyxl made ---------------------

SPREADSHEET = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def openpyxl_reference(rows) -> bytes:
    """The same rows written by openpyxl alone, cell by cell (every text forced to a text cell,
    as the export promises), to compare the fast row writer with."""
    book = openpyxl.Workbook()
    sheet = book.active
    for row_number, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            if value is None:
                continue
            cell = sheet.cell(row=row_number, column=column)
            if isinstance(value, str):
                cell.value = clean_text(value)
                cell.data_type = "s"
            else:
                cell.value = value
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def cells(content: bytes) -> dict[str, tuple]:
    """Every stored cell of the first sheet as coordinate -> (value, data type)."""
    sheet = open_workbook(content).worksheets[0]
    return {
        cell.coordinate: (cell.value, cell.data_type)
        for row in sheet.iter_rows() for cell in row if cell.value is not None
    }


def written(rows) -> bytes:
    return write_workbook([SheetData("T", [["Kopf", "Zeile"], *rows])])


TRICKY_ROWS = [
    [1, -250, 0, 10**15, "ja", "nein", None, 2.5, True, False],
    ["=HYPERLINK(\"http://x\")", "#N/A", "+49 Anna", "@Karl", "-1", "0815"],
    ["Jörg Häfele & Söhne <GmbH>", "  Leerzeichen  ", "Zeile 1\nZeile 2", "Zeile\r\nWindows"],
    ["Tab\there", "Steuer\x01zeichen\x0b weg", "\x02", "", "ß ẞ € 🂡 漢字", "]]>"],
    [None, None, 7],
    [],
    ["x" * 40_000],
]


def test_row_writer_matches_openpyxl_for_tricky_values():
    ours = cells(written(TRICKY_ROWS))
    reference = cells(openpyxl_reference([["Kopf", "Zeile"], *TRICKY_ROWS]))
    assert ours == reference
    # by hand: formulas and error codes stay text, control characters are dropped, long texts cut
    assert ours["A3"] == ("=HYPERLINK(\"http://x\")", "s") and ours["B3"] == ("#N/A", "s")
    assert ours["B5"] == ("Steuerzeichen weg", "s") and "C5" not in ours and "D5" not in ours
    assert ours["B4"] == ("  Leerzeichen  ", "s") and ours["D4"][0] == "Zeile\r\nWindows"
    assert ours["A8"] == ("x" * MAX_TEXT, "s")
    assert ours["A2"] == (1, "n") and ours["D2"] == (10**15, "n") and ours["I2"] == (True, "b")
    assert "A6" not in ours and ours["C6"] == (7, "n")


def test_row_writer_marks_surrounding_spaces_to_keep():
    """Excel drops a text's leading and trailing spaces unless its element says xml:space."""
    rows = [["  Leerzeichen  ", "Zeile 1\nZeile 2\n", "innen  zwei", "\tTab"]]
    with zipfile.ZipFile(io.BytesIO(written(rows))) as archive:
        root = ElementTree.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    space = "{http://www.w3.org/XML/1998/namespace}space"
    texts = {t.text: t.get(space) for t in root.iter(f"{{{SPREADSHEET}}}t")}
    assert texts == {
        "Kopf": None, "Zeile": None, "  Leerzeichen  ": "preserve",
        "Zeile 1\nZeile 2\n": "preserve", "innen  zwei": None, "\tTab": "preserve",
    }


cell_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(min_value=-1e15, max_value=1e15, width=64),
    st.text(max_size=30),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(cell_values, max_size=8), max_size=12))
def test_row_writer_matches_openpyxl_for_any_values(rows):
    ours = cells(written(rows))
    reference = cells(openpyxl_reference([["Kopf", "Zeile"], *rows]))
    assert ours.keys() == reference.keys()
    for coordinate, (value, data_type) in ours.items():
        expected, expected_type = reference[coordinate]
        assert data_type == expected_type
        if isinstance(value, float):  # openpyxl rounds to 16 digits; the row writer is exact
            assert math.isclose(value, expected, rel_tol=1e-15, abs_tol=1e-300)
        else:
            assert value == expected
    for row_number, row in enumerate(rows, start=2):
        for column, value in enumerate(row, start=1):
            if isinstance(value, float):
                assert ours[f"{get_column_letter(column)}{row_number}"][0] == value


def test_row_writer_numbers_rows_across_chunks(monkeypatch):
    monkeypatch.setattr(xlsx, "ROWS_PER_CHUNK", 3)
    rows = [[number, f"Name {number}"] for number in range(1, 11)]
    sheet = open_workbook(written(rows)).worksheets[0]
    assert values(sheet) == [["Kopf", "Zeile"], *rows]
    assert [cell.coordinate for cell in sheet[11]] == ["A11", "B11"]


def test_row_writer_keeps_every_sheet_and_part_of_the_workbook():
    content = write_workbook(
        [SheetData("Eins", [["A"], [1], [2]]), SheetData("Zwei", [["B"]]),
         SheetData("Drei", [["C", "D"], ["x", None]], landscape=True)],
        title="Turnier \x07Größingen",
    )
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        assert archive.testzip() is None
        names = set(archive.namelist())
    assert {"[Content_Types].xml", "xl/workbook.xml", "xl/styles.xml"} <= names
    book = open_workbook(content)
    assert book.sheetnames == ["Eins", "Zwei", "Drei"]
    assert [values(sheet) for sheet in book.worksheets] == [
        [["A"], [1], [2]], [["B"]], [["C", "D"], ["x", None]]
    ]
    assert book.properties.title == "Turnier Größingen"
    assert all(sheet["A1"].font.b and sheet.freeze_panes == "A2" for sheet in book.worksheets)


def test_row_writer_refuses_values_a_cell_cannot_hold():
    for value in (float("nan"), float("-inf"), datetime.date(2026, 11, 21), object()):
        with pytest.raises(TypeError, match="cannot write"):
            written([[value]])


def test_names_with_control_characters_are_exported_without_them():
    event = event_of_three("Hans\x0bMaier", "Jörg\x01 Häfele", "Anna Rapp")
    book = open_workbook(event_workbook(event))
    names = {row[1]: row[2] for row in values(book["Einzel"])[1:]}
    assert names == {1: "HansMaier", 2: "Jörg Häfele", 3: "Anna Rapp"}
    assert [row[4] for row in values(book["Sitzplan"])[1:]] == [
        "HansMaier", "Jörg Häfele", "Anna Rapp"
    ]
