"""The fast xlsx writer (``results.xlsx``): data rows streamed into the sheets openpyxl made.

The result is compared cell by cell with what openpyxl alone writes: tricky and random values,
texts kept as texts, control characters dropped, surrounding spaces marked to keep (xml:space),
rows numbered across chunks, every sheet and part of the workbook kept, values a cell cannot
hold refused. No database.
"""

import datetime
import io
import math
import zipfile
from xml.etree import ElementTree

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.utils import get_column_letter

from results import xlsx
from results.xlsx import MAX_TEXT, SheetData, clean_text, write_workbook
from tests.results.workbooks import open_workbook, values

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


def test_money_columns_are_numbers_with_two_decimals():
    from decimal import Decimal

    from results.xlsx import MONEY_FORMAT

    content = write_workbook([SheetData(
        "Kasse", [["Name", "Betrag", "Anzahl"], ["Anna", Decimal("7.50"), 3],
                  ["Otto", Decimal("-0.50"), None], ["Eva", Decimal("1234.00"), 1]],
        number_formats={1: MONEY_FORMAT},
    )])
    sheet = open_workbook(content).worksheets[0]
    money = [(cell.value, cell.number_format, cell.data_type) for (cell,) in
             sheet.iter_rows(min_row=2, min_col=2, max_col=2)]
    assert money == [(7.5, "0.00", "n"), (-0.5, "0.00", "n"), (1234, "0.00", "n")]
    # other columns keep the general format, and the header its bold font
    assert sheet["C2"].number_format == "General" and sheet["B1"].font.b
    assert sheet["B1"].number_format != "0.00"
