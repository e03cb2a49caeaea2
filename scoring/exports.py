"""Spreadsheet and CSV exports of an event: standings, seating plan and every counted game.

Built the pretix way: each sheet's rows are first made as plain Python values (``*_rows``
functions, a header row followed by data rows), then a writer turns them into a file.

The workbook (``event_workbook``) has four sheets whose names and column headers are fixed
German strings, read by external checks, and therefore not translated:

- ``Einzel`` and ``Paare``: the overall ranking of singles and pairs (Platz, Startnummer, Name,
  D1, D2, …, Gesamt), exactly as the standings page shows it (``scoring.standings``); an entry
  without a counted game yet has an empty Platz, a round it did not play an empty cell.
- ``Sitzplan``: one row per seat of every round (Durchgang, Tisch, Position, Startnummer, Name);
  for a pair the name is that of the player sitting there.
- ``Spiele``: one row per party per game of every sheet that counts for the standings (so the
  sheet adds up to the standings' totals): Durchgang, Tisch, Spiel, Startnummer, Alleinspieler
  (ja/nein), Reizwert, Art (gespielt/abgeschrieben/Durch), Gemeldet, Stiche (empty for a
  conceded game), Verworfen (ja/nein), Punkte.

The CSV (``standings_csv``) holds the same standings as ``Einzel`` and ``Paare`` below one
header, with a first column ``Wertung`` (Einzel/Paare). It is UTF-8 with a byte order mark and
``;`` as separator, which is what Excel in a German locale opens correctly by double-click.

Names are data, never formulas: every text is written as a text cell (openpyxl on its own would
store "=…" as a formula and "#N/A" as an error), and in the CSV a text starting with =, +, -, @
gets a leading apostrophe (spreadsheet formula injection). Control characters, which XML cannot
hold, are left out of the workbook's texts.

How the workbook is written: openpyxl makes the whole file (every sheet with its bold header row,
column widths, frozen first row, print setup; styles, workbook and document properties), holding
only the header rows. The data rows, which are plain numbers and texts, are then streamed into
each sheet's ``<sheetData>`` by ``_rows_xml`` while the file is copied once. Written cell by cell,
openpyxl builds a cell object and three XML elements per cell; for the 25,000 rows × 11 columns
of ``Spiele`` of a 700-entry event that was over four times slower (README, "Performance").
Tests compare the result cell by cell with what openpyxl alone writes.
"""

from __future__ import annotations

import csv
import io
import math
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from scoring.models import Game, PartyScore
from scoring.standings import PAIRS, SINGLES, Standings, compute_standings, counted_statuses
from tournament.models import Event, Seat

Cell = str | int | float | None
Rows = list[list[Cell]]

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"

SHEET_SINGLES = "Einzel"
SHEET_PAIRS = "Paare"
SHEET_SEATING = "Sitzplan"
SHEET_GAMES = "Spiele"

SEATING_HEADER = ["Durchgang", "Tisch", "Position", "Startnummer", "Name"]
GAMES_HEADER = [
    "Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Reizwert", "Art",
    "Gemeldet", "Stiche", "Verworfen", "Punkte",
]
KIND_NAMES = {
    Game.Kind.PLAYED: "gespielt",
    Game.Kind.CONCEDED: "abgeschrieben",
    Game.Kind.DURCH: "Durch",
}
YES, NO = "ja", "nein"

_GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss",
                                 "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def file_stem(event: Event) -> str:
    """An ASCII-safe file name without extension: ``benefizbinokel-2026-11-21``."""
    text = unicodedata.normalize("NFKD", event.name.translate(_GERMAN_LETTERS))
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "turnier"
    return f"{slug}-{event.date:%Y-%m-%d}"


def standings_header(standings: Standings) -> list[Cell]:
    return ["Platz", "Startnummer", "Name", *[f"D{n}" for n in standings.round_numbers],
            "Gesamt"]


def standings_rows(standings: Standings, kind: str) -> Rows:
    """Header and one row per listed entry of the overall ranking of singles or pairs."""
    rows: Rows = [standings_header(standings)]
    for row in standings.ranking(kind):
        rows.append([row.place, row.start_number, row.name, *row.round_points, row.total])
    return rows


def seating_rows(event: Event) -> Rows:
    """Header and one row per seat of every round (one SQL query)."""
    rows: Rows = [list(SEATING_HEADER)]
    rows.extend(
        list(values)
        for values in Seat.objects.filter(table__round__event=event)
        .order_by("table__round__number", "table__number", "position")
        .values_list(
            "table__round__number", "table__number", "position", "entry__start_number",
            "player__name",
        )
    )
    return rows


def game_rows(event: Event) -> Rows:
    """Header and one row per party per game of every counted sheet (one SQL query)."""
    rows: Rows = [list(GAMES_HEADER)]
    scores = (
        PartyScore.objects.filter(
            game__sheet__table__round__event=event,
            game__sheet__status__in=counted_statuses(event),
        )
        .order_by("game__sheet__table__round__number", "game__sheet__table__number",
                  "game__number", "id")
        .values_list(
            "game__sheet__table__round__number", "game__sheet__table__number", "game__number",
            "entry__start_number", "entry_id", "game__declarer_id", "game__bid", "game__kind",
            "meld", "tricks", "game__revoked_id", "points",
        )
    )
    for (round_no, table, game, start_number, entry_id, declarer_id, bid, kind, meld, tricks,
         revoked_id, points) in scores.iterator(chunk_size=5000):
        rows.append([
            round_no, table, game, start_number, YES if declarer_id == entry_id else NO, bid,
            KIND_NAMES.get(kind, kind), meld, tricks, YES if revoked_id == entry_id else NO,
            points,
        ])
    return rows


@dataclass
class SheetData:
    """One worksheet to write: its title and rows (header first), and whether it is wide."""

    title: str
    rows: Rows
    landscape: bool = False


def workbook_sheets(event: Event, standings: Standings | None = None) -> list[SheetData]:
    """The rows of every sheet of the event's workbook (four SQL queries when not given
    ``standings``, one query fewer when given)."""
    standings = standings or compute_standings(event)
    wide = len(standings.round_numbers) > 6
    return [
        SheetData(SHEET_SINGLES, standings_rows(standings, SINGLES), landscape=wide),
        SheetData(SHEET_PAIRS, standings_rows(standings, PAIRS), landscape=wide),
        SheetData(SHEET_SEATING, seating_rows(event)),
        SheetData(SHEET_GAMES, game_rows(event), landscape=True),
    ]


def _column_widths(rows: Sequence[Sequence[Cell]]) -> list[float]:
    """Widths fitting the longest value of each column (checked on at most 2,000 rows)."""
    widths: list[int] = []
    for row in rows[:2000]:
        for index, value in enumerate(row):
            length = len(str(value)) if value is not None else 0
            if index >= len(widths):
                widths.append(length)
            elif length > widths[index]:
                widths[index] = length
    return [min(max(width + 3, 8), 60) for width in widths]


# Characters that XML 1.0 cannot hold (openpyxl refuses them too); dropped from exported texts.
_NOT_IN_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# escaped so that it survives reading (XML turns a raw \r\n into \n)
_CARRIAGE_RETURN = {"\r": "&#13;"}
MAX_TEXT = 32767  # characters a spreadsheet cell holds
ROWS_PER_CHUNK = 2000  # rows serialised and compressed at a time (bounds the memory used)


def clean_text(value: str) -> str:
    """A text as a cell can hold it: without control characters, at most 32,767 characters."""
    return _NOT_IN_XML.sub("", value)[:MAX_TEXT]


def _text_cell(text: str) -> str:
    """The inner part of an inline-text cell: ``t="inlineStr"><is><t>…</t></is>``; empty for
    an empty text (no cell, as openpyxl does)."""
    text = clean_text(text)
    if not text:
        return ""
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f' t="inlineStr"><is><t{space}>{escape(text, _CARRIAGE_RETURN)}</t></is></c>'


def _value_cell(value: object) -> str:
    """The inner part of a cell after its reference, for a number or a text (empty: no cell)."""
    if isinstance(value, str):
        return _text_cell(value)
    if isinstance(value, bool):
        return f' t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return f"><v>{value!r}</v></c>"
    raise TypeError(f"cannot write {value!r} to a spreadsheet cell")


def _rows_xml(rows: Sequence[Sequence[Cell]], first_row: int) -> str:
    """SpreadsheetML ``<row>`` elements for ``rows``, the first numbered ``first_row``.

    Numbers become number cells and texts inline-text cells (the cell types openpyxl writes for
    them); a None or an empty text leaves the cell out. Values repeat a lot (names, "ja"/"nein",
    small numbers), so each distinct value is turned into XML once per call.
    """
    width = max((len(row) for row in rows), default=0)
    letters = [get_column_letter(index) for index in range(1, width + 1)]
    inner: dict[tuple[type, Cell], str] = {}
    parts = []
    for row_number, row in enumerate(rows, start=first_row):
        parts.append(f'<row r="{row_number}">')
        for letter, value in zip(letters, row, strict=False):
            if value is None:
                continue
            key = (type(value), value)  # 1 and True are equal but written differently
            cell = inner.get(key)
            if cell is None:
                cell = inner[key] = _value_cell(value)
            if cell:
                parts.append(f'<c r="{letter}{row_number}"{cell}')
        parts.append("</row>")
    return "".join(parts)


def _insert_rows(skeleton: bytes, bodies: dict[str, Sequence[Sequence[Cell]]]) -> bytes:
    """Copy the .xlsx ``skeleton``, appending ``bodies[path]`` (data rows, numbered from 2) to
    the ``<sheetData>`` of the worksheet stored at ``path``; every other part is copied as it is.
    """
    output = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(skeleton)) as source,
        zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for info in source.infolist():
            content = source.read(info)
            rows = bodies.get(info.filename)
            if rows is None:
                target.writestr(info, content)
                continue
            head, end, tail = content.rpartition(b"</sheetData>")
            if not end:
                raise ValueError(f"{info.filename} has no <sheetData> to add rows to")
            with target.open(info, "w") as stream:
                stream.write(head)
                for start in range(0, len(rows), ROWS_PER_CHUNK):
                    chunk = rows[start:start + ROWS_PER_CHUNK]
                    stream.write(_rows_xml(chunk, start + 2).encode("utf-8", "replace"))
                stream.write(end + tail)
    return output.getvalue()


def write_workbook(sheets: Iterable[SheetData], *, title: str = "") -> bytes:
    """An .xlsx file of ``sheets``: bold, frozen, repeated header row; fitted to page width.

    openpyxl writes the workbook with the header rows; ``_insert_rows`` adds the data rows.
    """
    workbook = Workbook(write_only=True)
    workbook.properties.title = clean_text(title)
    bold = Font(bold=True)
    bodies: list[tuple[object, Rows]] = []
    for data in sheets:
        sheet = workbook.create_sheet(data.title)
        for index, width in enumerate(_column_widths(data.rows), start=1):
            sheet.column_dimensions[get_column_letter(index)].width = width
        sheet.freeze_panes = "A2"
        sheet.print_title_rows = "1:1"
        sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.page_setup.paperSize = Worksheet.PAPERSIZE_A4
        sheet.page_setup.orientation = (
            Worksheet.ORIENTATION_LANDSCAPE if data.landscape else Worksheet.ORIENTATION_PORTRAIT
        )
        header, *body = data.rows
        cells = []
        for value in header:
            cell = WriteOnlyCell(sheet, value=value)
            cell.font = bold
            cells.append(cell)
        sheet.append(cells)
        bodies.append((sheet, body))
    skeleton = io.BytesIO()
    workbook.save(skeleton)
    # a sheet's path inside the file is known once openpyxl has saved it
    return _insert_rows(skeleton.getvalue(), {sheet.path[1:]: body for sheet, body in bodies})


def event_workbook(event: Event, standings: Standings | None = None) -> bytes:
    """The event's workbook (Einzel, Paare, Sitzplan, Spiele) as .xlsx bytes."""
    return write_workbook(workbook_sheets(event, standings), title=event.name)


def csv_rows(standings: Standings) -> Rows:
    """The standings of singles and pairs below one header with a first column "Wertung"."""
    rows: Rows = [["Wertung", *standings_header(standings)]]
    for kind, label in ((SINGLES, SHEET_SINGLES), (PAIRS, SHEET_PAIRS)):
        rows.extend([label, *row] for row in standings_rows(standings, kind)[1:])
    return rows


def _csv_value(value: Cell) -> str | int:
    """A cell for the CSV: empty for None; a text that a spreadsheet would take for a formula
    (starting with =, +, -, @ or a control character) gets a leading apostrophe."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def write_csv(rows: Iterable[Sequence[Cell]]) -> bytes:
    """UTF-8 with byte order mark, ``;`` separated, CRLF line ends (what German Excel opens)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerows([_csv_value(value) for value in row] for row in rows)
    return buffer.getvalue().encode("utf-8-sig")


def standings_csv(event: Event, standings: Standings | None = None) -> bytes:
    """The event's standings (singles and pairs) as CSV bytes."""
    return write_csv(csv_rows(standings or compute_standings(event)))
