"""Reading a participant list (``tournament.imports``): .xlsx and .csv files, the problems named
per file and per row, start numbers for the rows without one. Pure: no database."""

import pytest

from tests.tournament.lists import parse, problems_by_row, xlsx_bytes
from tournament import imports
from tournament.imports import (
    ImportFileError,
    ImportRow,
    assign_start_numbers,
    parse_rows,
    read_table,
)
from tournament.limits import MAX_IMPORT_ROWS

# --- reading files ---------------------------------------------------------------------------


def test_xlsx_with_german_headers_gives_rows_numbered_as_in_the_sheet():
    data = xlsx_bytes(
        [
            ["Nr.", "Spieler", "Partnerin", "Verein", "Bemerkung", "Ersatz"],
            [1, "Hans Maier", None, "CVJM", None, None],
            [None, None, None, None, None, None],  # an empty row is skipped, numbering kept
            [7.0, "Anna Rapp", "Karl Rapp", None, "kommt später", "x"],
            [None, "Otto Walz", None, None, None, "nein"],
        ]
    )
    rows = parse("liste.xlsx", data)
    assert [(r.row, r.start_number, r.name, r.partner, r.club, r.notes, r.is_stand_in)
            for r in rows] == [
        (2, 1, "Hans Maier", "", "CVJM", "", False),
        (4, 7, "Anna Rapp", "Karl Rapp", "", "kommt später", True),
        (5, None, "Otto Walz", "", "", "", False),
    ]
    assert problems_by_row(rows) == {}


@pytest.mark.parametrize(
    ("data", "label"),
    [
        ("\ufeffStartnummer;Name;Partner;Verein\r\n3;Gerda Häfele;;Binokelfreunde\r\n"
         .encode("utf-8"), "UTF-8 with BOM and ;"),
        ("Startnummer;Name;Partner;Verein\n3;Gerda Häfele;;Binokelfreunde\n".encode(),
         "UTF-8 without BOM"),
        ("Startnummer;Name;Partner;Verein\r\n3;Gerda Häfele;;Binokelfreunde\r\n"
         .encode("cp1252"), "Windows-1252"),
        ('START NUMBER,Player,Partner,Club\n3,"Gerda Häfele",,Binokelfreunde\n'.encode(),
         "English headers, comma"),
        ("nr\tname\tpartner\tverein\n3\tGerda Häfele\t\tBinokelfreunde\n".encode(), "tabs"),
    ],
)
def test_csv_variants_are_read_alike(data, label):
    rows = parse("teilnehmer.csv", data)
    assert [(r.row, r.start_number, r.name, r.partner, r.club) for r in rows] == [
        (2, 3, "Gerda Häfele", "", "Binokelfreunde")
    ], label


def test_unknown_columns_are_ignored_and_named():
    parsed = parse_rows(read_table("a.csv", b"Name;Telefon;Verein\nHans;0711;TSV\n"))
    assert parsed.ignored_columns == ["Telefon"]
    assert parsed.rows[0].club == "TSV"


@pytest.mark.parametrize(
    ("filename", "data", "expected"),
    [
        ("liste.xls", b"\xd0\xcf\x11\xe0", "Unbekannter Dateityp „liste.xls“"),
        ("liste", b"Name\nHans\n", "Unbekannter Dateityp"),
        ("liste.csv", b"", "Die Datei ist leer."),
        ("liste.csv", b"\xef\xbb\xbf\r\n;;\r\n", "Die Datei ist leer."),
        ("liste.xlsx", xlsx_bytes([]), "Die Datei ist leer."),
        ("liste.xlsx", b"PK\x03\x04 kaputt", "Die Excel-Datei kann nicht gelesen werden"),
        ("liste.csv", b"Vorname;Verein\nHans;TSV\n", "keine Spalte „Name“"),
        ("liste.csv", b"Name;Verein\n", "Kopfzeile, aber keine Teilnehmer"),
        ("liste.csv", b"Name\n" + b"Hans\n" * 2001, "höchstens 2000"),
        ("liste.csv", b"Name\n" + b"x" * (2 * 1024 * 1024), "zu groß: höchstens 2 MB"),
    ],
    ids=["xls", "no-suffix", "empty", "only-blank", "empty-xlsx", "broken-xlsx",
         "no-name-column", "header-only", "too-many-rows", "too-large"],
)
def test_file_problems_are_named_in_german(filename, data, expected):
    with pytest.raises(ImportFileError) as error:
        parse_rows(read_table(filename, data))
    assert expected in str(error.value)


def test_exactly_the_row_limit_is_accepted():
    rows = parse("liste.csv", b"Name\n" + b"Hans\n" * MAX_IMPORT_ROWS)
    assert len(rows) == MAX_IMPORT_ROWS and rows[-1].row == MAX_IMPORT_ROWS + 1


def test_too_many_rows_in_xlsx():
    data = xlsx_bytes([["Name"], *[[f"Spieler {n}"] for n in range(2001)]])
    with pytest.raises(ImportFileError, match="2001 Zeilen"):
        parse_rows(read_table("liste.xlsx", data))


# --- problems per row ------------------------------------------------------------------------


NOT_A_NUMBER = "Startnummer „%s“ ist keine ganze Zahl von 1 bis 99999."


@pytest.mark.parametrize(
    ("lines", "taken", "expected"),
    [
        (["Nr;Name", "1;"], set(), {2: ["Der Name fehlt."]}),
        (["Nr;Name", "0;Hans"], set(), {2: [NOT_A_NUMBER % "0"]}),
        (["Nr;Name", "abc;Hans"], set(), {2: [NOT_A_NUMBER % "abc"]}),
        (["Nr;Name", "2,5;Hans"], set(), {2: [NOT_A_NUMBER % "2,5"]}),
        (["Nr;Name", "-3;Hans"], set(), {2: [NOT_A_NUMBER % "-3"]}),
        (["Nr;Name", "5;Hans", "6;Otto", "5;Egon"], set(), {
            2: ["Startnummer 5 kommt in der Datei mehrfach vor (auch Zeile 4)."],
            4: ["Startnummer 5 kommt in der Datei mehrfach vor (auch Zeile 2)."],
        }),
        (["Nr;Name", "5;Hans", "6;Otto"], {6}, {
            3: ["Startnummer 6 ist in diesem Turnier bereits vergeben."],
        }),
        (["Name;Ersatz", "Hans;vielleicht"], set(), {
            2: ["Ersatz „vielleicht“ ist unverständlich: „ja“ eintragen oder leer lassen."],
        }),
        (["Name;Verein", "Hans;" + "V" * 201], set(), {2: ["Verein ist länger als 200 Zeichen."]}),
    ],
    ids=["missing-name", "zero", "letters", "fraction", "negative", "duplicate-in-file",
         "taken-in-event", "stand-in-unclear", "club-too-long"],
)
def test_row_problems_are_named_in_german(lines, taken, expected):
    rows = parse("liste.csv", "\n".join(lines).encode(), taken)
    assert problems_by_row(rows) == expected


@pytest.mark.parametrize("value", ["ja", "JA", "x", "X", "1", "true", "Wahr", "yes"])
def test_stand_in_yes_values(value):
    assert parse("l.csv", f"Name;Ersatz\nHans;{value}\n".encode())[0].is_stand_in is True


def test_rows_without_number_get_next_free_numbers_in_file_order():
    rows = parse("l.csv", b"Nr;Name\n;A\n12;B\n;C\n3;D\n")
    # above the highest in the event (10) and in the file (12)
    assert assign_start_numbers(rows, highest_taken=10) == [13, 12, 14, 3]
    assert assign_start_numbers(rows, highest_taken=20) == [21, 12, 22, 3]


def test_rows_survive_the_session_as_json():
    import json

    rows = parse("l.csv", b"Nr;Name;Partner;Ersatz\n4;Hans;Karl;ja\n")
    restored = [ImportRow.from_data(d) for d in json.loads(json.dumps([r.as_data() for r in rows]))]
    assert restored[0].name == "Hans" and restored[0].partner == "Karl"
    assert restored[0].start_number_text == "4" and restored[0].problems == []


def test_example_file_reads_back_without_problems():
    rows = parse("beispiel.csv", imports.example_csv())
    assert len(rows) == 4 and problems_by_row(rows) == {}
    assert sum(1 for row in rows if row.partner) == 2
    assert [row.is_stand_in for row in rows] == [False, False, False, True]
