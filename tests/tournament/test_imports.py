"""Reading a participant list (``tournament.imports``): .xlsx and .csv files, the problems named
per file and per row, bounded reading whatever a file claims, the warnings for players registered
already, start numbers for the rows without one. Pure: no database."""

import io
import time
import zipfile

import pytest

from core.limits import (
    MAX_IMPORT_COLUMNS,
    MAX_IMPORT_ROWS,
    MAX_IMPORT_UNPACKED_BYTES,
    MAX_START_NUMBER,
)
from tests.tournament.hostile import crafted_xlsx
from tests.tournament.lists import parse, problems_by_row, xlsx_bytes
from tournament import imports
from tournament.imports import (
    ImportFileError,
    ImportRow,
    assign_start_numbers,
    check_rows,
    chosen_rows,
    free_start_numbers,
    parse_rows,
    read_table,
)

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
    with pytest.raises(ImportFileError, match="mehr als 2000 Zeilen unter der Kopfzeile"):
        parse_rows(read_table("liste.xlsx", data))


# --- hostile files: reading is bounded whatever the file claims -------------------------------

TOO_MANY_ROWS = "mehr als 2000 Zeilen unter der Kopfzeile"
TOO_MANY_COLUMNS = "Die Kopfzeile hat mehr als 50 Spalten"


def refused_quickly(filename: str, data: bytes) -> str:
    start = time.monotonic()
    with pytest.raises(ImportFileError) as error:
        parse_rows(read_table(filename, data))
    assert time.monotonic() - start < 2
    return str(error.value)


def test_xlsx_claiming_the_whole_sheet_with_a_row_far_down_is_refused_quickly():
    """The probe's file: 1.5 KB, its dimension claims A1:XFD1048576, a header in row 1 and one
    more row numbered 1048576. It tied a worker up for ~30 s and ~2.7 GB before."""
    data = crafted_xlsx({1: ["Name"], 1048576: ["Hans"]})
    assert len(data) < 2000
    assert TOO_MANY_ROWS in refused_quickly("liste.xlsx", data)


def test_xlsx_with_a_bogus_dimension_but_a_short_list_is_read():
    data = crafted_xlsx({1: ["Name", "Verein"], 2: ["Hans", "TSV"], 4: ["Otto", ""]})
    start = time.monotonic()
    rows = parse("liste.xlsx", data)
    assert time.monotonic() - start < 2
    assert [(row.row, row.name, row.club) for row in rows] == [(2, "Hans", "TSV"), (4, "Otto", "")]


def test_xlsx_row_just_below_the_limit_is_refused_and_the_last_allowed_row_read():
    last = MAX_IMPORT_ROWS + 1
    rows = parse("liste.xlsx", crafted_xlsx({1: ["Name"], last: ["Hans"]}))
    assert [(row.row, row.name) for row in rows] == [(last, "Hans")]
    for number in (last + 1, last + 2, last + 500):
        data = crafted_xlsx({1: ["Name"], 2: ["Otto"], number: ["Hans"]})
        assert TOO_MANY_ROWS in refused_quickly("liste.xlsx", data), number


def test_xlsx_header_with_too_many_columns_is_refused_values_without_a_header_are_not_read():
    header = ["Name", *[""] * (MAX_IMPORT_COLUMNS - 2), "Telefon"]  # column 50: allowed
    rows = parse("liste.xlsx", crafted_xlsx({1: header, 2: ["Hans", *[""] * 200, "x"]}))
    assert [row.name for row in rows] == ["Hans"]
    for column in (MAX_IMPORT_COLUMNS + 1, 16384):
        header = ["Name", *[""] * (column - 2), "Telefon"]
        message = refused_quickly("liste.xlsx", crafted_xlsx({1: header, 2: ["Hans"]}))
        assert TOO_MANY_COLUMNS in message, column


def test_xlsx_that_unpacks_too_large_is_refused_before_it_is_read():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", " " * (MAX_IMPORT_UNPACKED_BYTES + 1))
    data = buffer.getvalue()
    assert len(data) < 100_000
    assert "entpackt zu groß: höchstens 20 MB" in refused_quickly("liste.xlsx", data)


def test_xlsx_with_a_row_of_millions_of_cells_is_refused_before_openpyxl_builds_it():
    """openpyxl builds a whole row before it is cut to the columns read: 22 KB holding one row
    of five million empty cells took 20 s and 1.7 GB."""
    data = crafted_xlsx({1: ["Name"], 2: ["Hans"]})
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b'<row r="2">', b'<row r="2">' + b"<c/>" * 5_000_000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts.items():
            archive.writestr(name, content)
    assert len(buffer.getvalue()) < 30_000
    message = refused_quickly("liste.xlsx", buffer.getvalue())
    assert "mehr Zellen und Zeilen, als eine Teilnehmerliste braucht" in message


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["Name", *["Hans"] * MAX_IMPORT_ROWS, "Otto"], TOO_MANY_ROWS),
        (["Name", "Hans", *[""] * MAX_IMPORT_ROWS, "Otto"], TOO_MANY_ROWS),
        (["Name;" + ";" * MAX_IMPORT_COLUMNS + "Telefon", "Hans"], TOO_MANY_COLUMNS),
    ],
    ids=["rows", "row-after-blank-lines", "columns"],
)
def test_csv_with_too_many_rows_or_columns_is_refused(lines, expected):
    assert expected in refused_quickly("liste.csv", "\n".join(lines).encode())


def test_csv_empty_lines_below_the_limit_and_values_without_header_are_passed_over():
    lines = ["Name;Verein", *["Hans;TSV"] * MAX_IMPORT_ROWS, *[";;"] * 5000]
    assert len(parse("liste.csv", "\n".join(lines).encode())) == MAX_IMPORT_ROWS
    rows = parse("liste.csv", ("Name\nHans" + ";" * 5000 + "x\n").encode())
    assert [row.name for row in rows] == ["Hans"]


# --- problems per row ------------------------------------------------------------------------


NOT_A_NUMBER = "Startnummer „%s“ ist keine ganze Zahl von 1 bis 99999."
CONTROL = "%s: Ein Steuerzeichen (%s) lässt sich nicht speichern; bitte entfernen Sie es."
INVISIBLE = ("%s: Ein unsichtbares oder Formatierungszeichen (%s) lässt sich nicht speichern; "
             "bitte entfernen Sie es.")


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
        (["Name;Verein", "Hans;" + "V" * 201], set(), {
            2: ["Verein: höchstens 200 Zeichen, nicht 201."],
        }),
        # the entry form's checks (core.text): a NUL byte is stored raw by SQLite and
        # refused by PostgreSQL; names are one line; notes have a length limit
        (["Name;Partner", "Ha\x00ns;"], set(), {2: [CONTROL % ("Name", "U+0000")]}),
        (["Name;Partner", "Hans;Ka\x07rl"], set(), {2: [CONTROL % ("Partner", "U+0007")]}),
        (["Name;Verein", "Hans;TSV\tPlochingen"], set(), {2: [CONTROL % ("Verein", "U+0009")]}),
        (["Name;Verein", 'Hans;"TSV\nPlochingen"'], set(), {2: [CONTROL % ("Verein", "U+000A")]}),
        (["Name;Notizen", "Hans;spät\x1b[31m"], set(), {2: [CONTROL % ("Notizen", "U+001B")]}),
        (["Name;Notizen", "Hans;" + "n" * 1001], set(), {
            2: ["Notizen: höchstens 1000 Zeichen, nicht 1001."],
        }),
        (["Name;Notizen", 'Hans;"kommt später\r\n\tvegetarisch"', "Otto;" + "n" * 1000], set(), {}),
        (["Name;Verein", "Ha\u200bns;TSV\ufeff"], set(), {2: [
            INVISIBLE % ("Name", "U+200B"), INVISIBLE % ("Verein", "U+FEFF")]}),
    ],
    ids=["missing-name", "zero", "letters", "fraction", "negative", "duplicate-in-file",
         "taken-in-event", "stand-in-unclear", "club-too-long", "nul-in-name",
         "bell-in-partner", "tab-in-club", "line-break-in-club", "escape-in-notes",
         "notes-too-long", "notes-lines-and-limit", "invisible-in-name-and-club"],
)
def test_row_problems_are_named_in_german(lines, taken, expected):
    rows = parse("liste.csv", "\n".join(lines).encode(), taken)
    assert problems_by_row(rows) == expected


def test_a_20_megabyte_note_is_a_row_problem_not_an_entry():
    """The probe imported a 20 MB note; the limit is checked on the row (without reading the
    text character by character)."""
    row = ImportRow(row=2, name="Hans", notes="n" * (20 * 2**20))
    check_rows([row], set())
    assert [str(problem) for problem in row.problems] == [
        "Notizen: höchstens 1000 Zeichen, nicht 20971520."
    ]


# --- players registered already, or twice in the file: warnings -------------------------------


def warnings_by_row(rows: list[ImportRow]) -> dict[int, list[str]]:
    return {row.row: [str(warning) for warning in row.warnings] for row in rows if row.warnings}


def test_rows_naming_registered_players_or_earlier_rows_warn():
    registered = {"hans maier": 4, "karl rapp": 9}
    data = (
        b"Name;Partner\n"
        b"  HANS   Maier ;\n"      # 2: registered (letter case and spaces do not count)
        b"Anna Rapp;karl rapp\n"   # 3: the partner is registered (in another pair)
        b"Otto Walz;\n"            # 4: new
        b"Egon Walz;otto  walz\n"  # 5: Otto appears in row 4 already
        b"Otto Walz;\n"            # 6: again
        b"Frieda;Frieda\n"         # 7: twice in its own row: not a repeat of another row
    )
    rows = check_rows(parse("l.csv", data), set(), registered)
    assert problems_by_row(rows) == {}
    assert warnings_by_row(rows) == {
        2: ["„HANS   Maier“ ist bereits angemeldet (Startnummer 4)."],
        3: ["„karl rapp“ ist bereits angemeldet (Startnummer 9)."],
        5: ["„otto  walz“ steht bereits in Zeile 4."],
        6: ["„Otto Walz“ steht bereits in Zeile 4."],
    }
    # warned rows are left out unless ticked
    assert [row.row for row in chosen_rows(rows, include=set())] == [4, 7]
    assert [row.row for row in chosen_rows(rows, include={3, 6})] == [3, 4, 6, 7]


@pytest.mark.parametrize("value", ["ja", "JA", "x", "X", "1", "true", "Wahr", "yes"])
def test_stand_in_yes_values(value):
    assert parse("l.csv", f"Name;Ersatz\nHans;{value}\n".encode())[0].is_stand_in is True


def test_rows_without_number_get_next_free_numbers_in_file_order():
    rows = parse("l.csv", b"Nr;Name\n;A\n12;B\n;C\n3;D\n")
    # above the highest in the event (10) and in the file (12)
    assert assign_start_numbers(rows, taken={10}) == [13, 12, 14, 3]
    assert assign_start_numbers(rows, taken={5, 20}) == [21, 12, 22, 3]


def test_start_numbers_never_pass_the_maximum():
    """After the highest allowed number the lowest free ones are given, never 100000."""
    top = MAX_START_NUMBER
    rows = parse("l.csv", b"Nr;Name\n;A\n;B\n;C\n2;D\n")
    assert assign_start_numbers(rows, taken={top - 1}) == [top, 1, 3, 2]
    assert assign_start_numbers(rows, taken={1, top}) == [3, 4, 5, 2]
    assert list(free_start_numbers({top - 2, 2})) [:4] == [top - 1, top, 1, 3]
    assert next(free_start_numbers(set()), None) == 1


def test_no_free_start_number_is_a_row_problem(monkeypatch):
    monkeypatch.setattr(imports, "MAX_START_NUMBER", 3)
    rows = parse("l.csv", b"Nr;Name\n;A\n;B\n;C\n", taken={2})
    assert assign_start_numbers(rows, taken={2}) == [3, 1, None]
    assert problems_by_row(rows) == {
        4: ["Keine Startnummer ist mehr frei: alle von 1 bis 3 sind vergeben."]
    }
    assert list(free_start_numbers({1, 2, 3})) == []


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
