"""Importing a participant list: parsing (.xlsx, .csv), the problems named per row, the preview
page and the all-or-nothing confirm step that checks the list against the database again."""

import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from tests.factories import make_entry, make_event, make_round, make_user
from tournament import imports, services
from tournament.imports import (
    ImportFileError,
    ImportRow,
    assign_start_numbers,
    check_rows,
    parse_rows,
    read_table,
)
from tournament.limits import MAX_IMPORT_ROWS
from tournament.models import ChangeLog, Entry, Player
from tournament.services import registration


def xlsx_bytes(rows: list[list]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def parse(filename: str, data: bytes, taken: set[int] = frozenset()) -> list[ImportRow]:
    return check_rows(parse_rows(read_table(filename, data)).rows, set(taken))


def problems_by_row(rows: list[ImportRow]) -> dict[int, list[str]]:
    """Each row's problems as read in the active language (German in the tests)."""
    return {row.row: [str(problem) for problem in row.problems] for row in rows if row.problems}


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


# --- pages -----------------------------------------------------------------------------------


@pytest.fixture
def organiser(client, db):
    user = make_user("orga")
    client.force_login(user)
    return user


def upload(client, event, filename: str, data: bytes):
    file = io.BytesIO(data)
    file.name = filename
    return client.post(reverse("import", args=[event.slug]), {"file": file})


def preview_url(response) -> str:
    assert response.status_code == 302, response.content.decode()[:500]
    return response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["import", "import-example", "import-preview"],
)
def test_import_pages_require_login(client, name):
    event = make_event()
    args = [event.slug, "abc"] if name == "import-preview" else [event.slug]
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_upload_page_in_german_with_example_link(client, organiser):
    event = make_event()
    html = client.get(reverse("import", args=[event.slug])).content.decode()
    assert "Teilnehmerliste importieren" in html
    assert reverse("import-example", args=[event.slug]) in html
    assert "Beispieldatei herunterladen (CSV)" in html


def test_example_download_is_a_german_excel_csv(client, organiser):
    event = make_event()
    response = client.get(reverse("import-example", args=[event.slug]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert response.content.startswith("\ufeffStartnummer;Name;Partner;Verein".encode())


def test_upload_shows_preview_then_confirm_imports_everything(client, organiser):
    event = make_event()
    make_entry(event, 10, "Schon Da")
    data = xlsx_bytes(
        [
            ["Startnummer", "Name", "Partner", "Verein", "Notizen", "Ersatz"],
            [None, "Hans Maier", None, "CVJM", None, None],
            [3, "Anna Rapp", "Karl Rapp", None, "vegetarisch", None],
            [None, "Otto Walz", "Egon Walz", None, None, "ja"],
        ]
    )
    url = preview_url(upload(client, event, "liste.xlsx", data))
    assert Entry.objects.filter(event=event).count() == 1  # nothing saved yet
    html = client.get(url).content.decode()
    assert "Hans Maier" in html and "Karl Rapp" in html
    assert "Die Liste ist in Ordnung: 3 Teilnehmer werden angemeldet." in html
    assert "Alle Zeilen importieren" in html

    key = url.rstrip("/").rsplit("/", 1)[-1]
    response = client.post(url, {"key": key})
    assert response.status_code == 302 and response["Location"] == event.get_absolute_url()
    imported = {e.start_number: e for e in event.entries.with_players()}
    assert sorted(imported) == [3, 10, 11, 12]
    assert imported[11].name == "Hans Maier" and imported[11].player.club == "CVJM"
    assert imported[3].is_pair and imported[3].notes == "vegetarisch"
    assert imported[12].is_stand_in and imported[12].partner.name == "Egon Walz"
    logs = ChangeLog.objects.filter(event=event, action=ChangeLog.Action.IMPORTED)
    assert logs.count() == 3 and {log.user for log in logs} == {organiser}
    assert logs.get(entry=imported[11]).description == (
        "Nr. 11 Hans Maier aus „liste.xlsx“ importiert, Zeile 2."
    )
    # the parsed list is gone from the session; confirming again imports nothing twice
    assert not any(k.startswith("import:") for k, _v in client.session.items())
    response = client.post(url, {"key": key}, follow=True)
    assert "nicht mehr verfügbar" in response.content.decode()
    assert event.entries.count() == 4
    follow = client.get(event.get_absolute_url()).content.decode()
    assert "3 Einzelspieler" not in follow  # counts: 2 singles (Schon Da, Hans), 2 pairs
    assert "2 Einzelspieler, 2 Paare" in follow


def test_csv_with_bom_and_semicolon_imports(client, organiser):
    event = make_event()
    data = "\ufeffNr;Name;Verein\r\n1;Jakob Gaiser;TSV Plochingen\r\n2;Lore Zeller;\r\n".encode()
    url = preview_url(upload(client, event, "Liste.CSV", data))
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 302
    assert list(event.entries.values_list("start_number", "player__name", "player__club")) == [
        (1, "Jakob Gaiser", "TSV Plochingen"),
        (2, "Lore Zeller", ""),
    ]


def test_preview_names_every_problem_and_offers_no_import(client, organiser):
    event = make_event()
    make_entry(event, 4)
    data = b"Nr;Name\n1;Hans\n1;Otto\n5;\n4;Egon\nx;Paul\n"
    url = preview_url(upload(client, event, "liste.csv", data))
    response = client.get(url)
    html = response.content.decode()
    assert "5 Zeilen haben Probleme" in html
    assert "Startnummer 1 kommt in der Datei mehrfach vor (auch Zeile 3)." in html
    assert "Der Name fehlt." in html
    assert "Startnummer 4 ist in diesem Turnier bereits vergeben." in html
    assert "Startnummer „x“ ist keine ganze Zahl" in html
    assert "Alle Zeilen importieren" not in html
    # posting the confirm anyway changes nothing
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 400
    assert "Die Liste hat Probleme; es wurde nichts importiert." in response.content.decode()
    assert event.entries.count() == 1 and not ChangeLog.objects.filter(event=event).exists()


@pytest.mark.parametrize(
    ("filename", "data", "expected"),
    [
        ("liste.ods", b"whatever", "Unbekannter Dateityp"),
        ("liste.csv", b"", "Datei ist leer."),
        ("liste.csv", b"\r\n;;\r\n", "Die Datei ist leer."),
        ("liste.csv", b"Vorname\nHans\n", "keine Spalte „Name“"),
        ("liste.csv", b"Name\n" + b"Hans\n" * 2001, "höchstens 2000"),
        ("liste.csv", b"Name\n" + b"x" * (2 * 1024 * 1024 + 10), "zu groß"),
    ],
    ids=["type", "empty", "blank", "no-name-column", "too-many-rows", "too-large"],
)
def test_upload_file_problems_are_form_errors(client, organiser, filename, data, expected):
    event = make_event()
    response = upload(client, event, filename, data)
    assert response.status_code == 200
    assert expected in response.content.decode()
    assert not any(k.startswith("import:") for k, _v in client.session.items())


def test_confirm_checks_again_against_the_database(client, organiser):
    event = make_event()
    url = preview_url(upload(client, event, "liste.csv", b"Nr;Name\n1;Hans\n2;Otto\n;Egon\n"))
    assert "Alle Zeilen importieren" in client.get(url).content.decode()
    make_entry(event, 2, "Schneller Meldender")  # someone registered number 2 meanwhile
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Startnummer 2 ist in diesem Turnier bereits vergeben." in html
    assert list(event.entries.values_list("start_number", flat=True)) == [2]
    assert not ChangeLog.objects.filter(event=event).exists()


def test_import_is_all_or_nothing_when_the_database_refuses_a_row(monkeypatch, organiser):
    """A registration slipping in between the check and the insert: nothing is kept."""
    event = make_event()
    make_entry(event, 2, "Schneller Meldender")
    players_before = Player.objects.count()
    calls = []
    real_check = registration.check_rows

    def check_that_misses_the_first_time(rows, taken):
        calls.append(1)
        return real_check(rows, set() if len(calls) == 1 else taken)

    monkeypatch.setattr(registration, "check_rows", check_that_misses_the_first_time)
    rows = parse("l.csv", b"Nr;Name;Partner\n1;Hans;Karl\n2;Otto;\n;Egon;\n")
    with pytest.raises(services.ImportRejected) as error:
        services.import_entries(event=event, user=organiser, rows=rows, filename="l.csv")
    assert problems_by_row(error.value.rows) == {
        3: ["Startnummer 2 ist in diesem Turnier bereits vergeben."]
    }
    assert list(event.entries.values_list("start_number", flat=True)) == [2]
    assert Player.objects.count() == players_before
    assert not ChangeLog.objects.filter(event=event).exists()


def test_import_refused_once_a_plan_exists(client, organiser):
    event = make_event()
    url = preview_url(upload(client, event, "liste.csv", b"Name\nHans\n"))
    make_round(event)
    html = client.get(url).content.decode()
    assert "Teilnehmer ersetzen" in html and "Alle Zeilen importieren" not in html
    response = client.post(url, {"key": url.rstrip("/").rsplit("/", 1)[-1]}, follow=True)
    assert "Teilnehmer ersetzen" in response.content.decode()
    assert not event.entries.exists()
    page = client.get(reverse("import", args=[event.slug])).content.decode()
    assert "Teilnehmer ersetzen" in page and 'type="file"' not in page
    response = upload(client, event, "liste.csv", b"Name\nHans\n")
    assert response.status_code == 302 and not event.entries.exists()


def test_preview_of_another_event_or_unknown_key_sends_back(client, organiser):
    event, other = make_event(), make_event()
    url = preview_url(upload(client, event, "liste.csv", b"Name\nHans\n"))
    key = url.rstrip("/").rsplit("/", 1)[-1]
    response = client.get(reverse("import-preview", args=[other.slug, key]), follow=True)
    assert "nicht mehr verfügbar" in response.content.decode()
    response = client.post(reverse("import-preview", args=[event.slug, "falsch"]), {"key": "x"})
    assert response.status_code == 302
    assert not Entry.objects.exists()
