"""Reading a participant list (Teilnehmerliste) from a spreadsheet (.xlsx) or a CSV file.

One row per entry, a header row naming the columns in German or English, any letter case
(``COLUMN_NAMES``): Startnummer/Nr, Name/Spieler (required), Partner (makes a pair),
Verein/Club, Notizen/Bemerkung, Ersatz/stand-in. Rows are numbered as the spreadsheet numbers
them, header included, so "row 7" is row 7 of the organiser's file. A problem in any row stops
the whole import (it is all or nothing).

Everything here is a plain function on plain values: nothing touches the database and nothing
imports Django. The caller passes the start numbers already taken in the event and writes the
rows itself. Problems are ``tournament.errors.Message`` values, rendered when shown.
"""

import csv
import io
import re
import zipfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from tournament.errors import Message, UserError, gettext_noop
from tournament.limits import (
    MAX_IMPORT_BYTES,
    MAX_IMPORT_ROWS,
    MAX_NAME_LENGTH,
    MAX_START_NUMBER,
    MIN_START_NUMBER,
)

# Normalised header text → the field it fills.
COLUMN_NAMES: dict[str, str] = {
    **dict.fromkeys(
        ["startnummer", "start nr", "startnr", "nr", "nummer", "no", "number", "start number",
         "start no", "startno", "startnumber"],
        "start_number",
    ),
    **dict.fromkeys(["name", "spieler", "spielerin", "player", "teilnehmer"], "name"),
    **dict.fromkeys(["partner", "partnerin", "partner name", "partnername"], "partner"),
    **dict.fromkeys(["verein", "club"], "club"),
    **dict.fromkeys(
        ["notizen", "notiz", "bemerkung", "bemerkungen", "notes", "note", "anmerkung"], "notes"
    ),
    **dict.fromkeys(["ersatz", "stand-in", "stand in", "standin", "stand-ins"], "stand_in"),
}
YES = {"ja", "j", "x", "1", "true", "wahr", "yes", "y"}
NO = {"", "nein", "n", "0", "false", "falsch", "no", "-"}


class ImportFileError(UserError):
    """The file as a whole cannot be read (type, size, encoding, structure)."""


@dataclass
class ImportRow:
    """One data row of the list, as read; ``problems`` are filled by :func:`check_rows`."""

    row: int
    name: str = ""
    partner: str = ""
    club: str = ""
    notes: str = ""
    start_number_text: str = ""
    stand_in_text: str = ""
    start_number: int | None = None
    is_stand_in: bool = False
    problems: list[Message] = field(default_factory=list)

    def as_data(self) -> dict[str, Any]:
        """JSON-serialisable values without the problems (they are checked again later)."""
        data = asdict(self)
        del data["problems"]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "ImportRow":
        known = {name for name in cls.__dataclass_fields__ if name != "problems"}
        return cls(**{key: value for key, value in data.items() if key in known})


@dataclass
class ParsedList:
    """The rows of a file and the names of the header cells that were not recognised."""

    rows: list[ImportRow]
    ignored_columns: list[str] = field(default_factory=list)


def normalise_header(text: str) -> str:
    text = text.strip().lower().replace("_", " ")
    text = re.sub(r"[.:#]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def cell_text(value: Any) -> str:
    """A spreadsheet cell as text: whole floats without ".0", booleans as 1/0."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252 as old German Excel writes it."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_csv(data: bytes) -> list[list[str]]:
    """Rows of a CSV file; the delimiter (``;``, ``,`` or tab) is taken from the first line."""
    text = decode_text(data)
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max([";", ",", "\t"], key=first_line.count)
    try:
        return [
            [cell.strip() for cell in row]
            for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        ]
    except csv.Error as error:
        raise ImportFileError(
            gettext_noop("The CSV file cannot be read: %(error)s"), error=str(error)
        ) from error


def read_xlsx(data: bytes) -> list[list[str]]:
    """Rows of the first sheet of an Excel workbook, as text; stops after MAX_IMPORT_ROWS + 2
    rows."""
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        raise ImportFileError(
            gettext_noop("The Excel file cannot be read. Please save it again as .xlsx or .csv.")
        ) from error
    try:
        sheet = workbook.worksheets[0]
        rows: list[list[str]] = []
        filled = 0
        for values in sheet.iter_rows(values_only=True):
            row = [cell_text(value) for value in values]
            rows.append(row)
            filled += any(row)
            if filled > MAX_IMPORT_ROWS + 1:  # header + too many rows: enough to tell, stop reading
                break
        return rows
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        raise ImportFileError(
            gettext_noop("The Excel file cannot be read. Please save it again as .xlsx or .csv.")
        ) from error
    finally:
        workbook.close()


def read_table(filename: str, data: bytes) -> list[list[str]]:
    """The cells of an uploaded file by its type; raises :class:`ImportFileError`."""
    if len(data) > MAX_IMPORT_BYTES:
        raise file_too_large()
    suffix = filename.lower().rsplit(".", 1)[-1] if "." in filename else ""
    if suffix in {"csv", "txt"}:
        rows = read_csv(data)
    elif suffix in {"xlsx", "xlsm"}:
        rows = read_xlsx(data)
    else:
        raise ImportFileError(
            gettext_noop(
                "Unknown file type “%(name)s”: please upload an Excel file (.xlsx) or a CSV file."
            ),
            name=filename,
        )
    if not any(any(cell.strip() for cell in row) for row in rows):
        raise ImportFileError(gettext_noop("The file is empty."))
    return rows


def parse_rows(cells: list[list[str]]) -> ParsedList:
    """The header and data rows of a table; rows are numbered as in the spreadsheet.

    The header is the first row that is not empty. Empty rows are skipped; unknown columns are
    ignored and reported in ``ignored_columns``. Raises :class:`ImportFileError` without a Name
    column, without any data row and with more than ``MAX_IMPORT_ROWS`` rows.
    """
    numbered = [
        (number, row) for number, row in enumerate(cells, start=1) if any(c.strip() for c in row)
    ]
    if not numbered:
        raise ImportFileError(gettext_noop("The file is empty."))
    _header_number, header = numbered[0]
    columns: dict[str, int] = {}
    ignored: list[str] = []
    for index, text in enumerate(header):
        key = COLUMN_NAMES.get(normalise_header(text))
        if key is None:
            if text.strip():
                ignored.append(text.strip())
        elif key not in columns:
            columns[key] = index
    if "name" not in columns:
        raise ImportFileError(
            gettext_noop(
                "The header row has no Name column (also recognised: Spieler, Player). "
                "Found: %(columns)s"
            ),
            columns=", ".join(c.strip() for c in header if c.strip()) or "–",
        )
    data_rows = numbered[1:]
    if not data_rows:
        raise ImportFileError(gettext_noop("The file has a header row but no participants."))
    if len(data_rows) > MAX_IMPORT_ROWS:
        raise ImportFileError(
            gettext_noop("The file has %(count)s rows; at most %(max)s can be imported at once."),
            count=len(data_rows),
            max=MAX_IMPORT_ROWS,
        )

    def value(row: list[str], key: str) -> str:
        index = columns.get(key)
        return row[index].strip() if index is not None and index < len(row) else ""

    rows = [
        ImportRow(
            row=number,
            name=value(row, "name"),
            partner=value(row, "partner"),
            club=value(row, "club"),
            notes=value(row, "notes"),
            start_number_text=value(row, "start_number"),
            stand_in_text=value(row, "stand_in"),
        )
        for number, row in data_rows
    ]
    return ParsedList(rows=rows, ignored_columns=ignored)


def check_rows(rows: list[ImportRow], taken: set[int]) -> list[ImportRow]:
    """Fill each row's start number, stand-in flag and problems; ``taken``: numbers in the event.

    Returns the same rows; each problem is a ``Message``.
    """
    for row in rows:
        row.problems = []
        row.start_number = None
        if not row.name:
            row.problems.append(Message(gettext_noop("Name is missing.")))
        for label, text in (
            (Message(gettext_noop("Name")), row.name),
            (Message(gettext_noop("Partner")), row.partner),
            (Message(gettext_noop("Club")), row.club),
        ):
            if len(text) > MAX_NAME_LENGTH:
                row.problems.append(
                    Message(
                        gettext_noop("%(field)s is longer than %(max)s characters."),
                        field=label,
                        max=MAX_NAME_LENGTH,
                    )
                )
        if row.start_number_text:
            text = row.start_number_text.strip()
            if text.isdigit() and MIN_START_NUMBER <= int(text) <= MAX_START_NUMBER:
                row.start_number = int(text)
            else:
                row.problems.append(
                    Message(
                        gettext_noop(
                            "Start number “%(value)s” is not a whole number from 1 to %(max)s."
                        ),
                        value=row.start_number_text,
                        max=MAX_START_NUMBER,
                    )
                )
        stand_in = row.stand_in_text.strip().casefold()
        if stand_in in YES:
            row.is_stand_in = True
        elif stand_in in NO:
            row.is_stand_in = False
        else:
            row.is_stand_in = False
            row.problems.append(
                Message(
                    gettext_noop(
                        "Stand-in “%(value)s” is not understood: use “ja” or leave it empty."
                    ),
                    value=row.stand_in_text,
                )
            )
    counts = Counter(row.start_number for row in rows if row.start_number is not None)
    for row in rows:
        if row.start_number is None:
            continue
        if counts[row.start_number] > 1:
            others = [
                str(other.row)
                for other in rows
                if other.start_number == row.start_number and other is not row
            ]
            row.problems.append(
                Message(
                    gettext_noop(
                        "Start number %(number)s appears more than once in the file "
                        "(also row %(rows)s)."
                    ),
                    number=row.start_number,
                    rows=", ".join(others),
                )
            )
        if row.start_number in taken:
            row.problems.append(start_number_taken(row.start_number))
    return rows


def start_number_taken(number: int) -> Message:
    """The one wording for a start number that another entry of the event has."""
    return Message(
        gettext_noop("Start number %(number)s is already taken in this tournament."),
        number=number,
    )


def file_too_large() -> ImportFileError:
    return ImportFileError(
        gettext_noop("The file is too large: at most %(size)s MB."),
        size=MAX_IMPORT_BYTES // 2**20,
    )


def assign_start_numbers(rows: list[ImportRow], highest_taken: int) -> list[int]:
    """Start numbers for the rows in file order: a row's own, else the next free one.

    "Next free" continues above the highest number in the event and in the file, so a row
    without a number never takes one that a later row names.
    """
    highest = max([highest_taken, *(row.start_number or 0 for row in rows)])
    numbers: list[int] = []
    for row in rows:
        if row.start_number is not None:
            numbers.append(row.start_number)
        else:
            highest += 1
            numbers.append(highest)
    return numbers


def example_csv() -> bytes:
    """A small example list, ``;``-separated UTF-8 with BOM as German Excel opens it directly."""
    lines = [
        "Startnummer;Name;Partner;Verein;Notizen;Ersatz",
        "1;Hans Maier;;CVJM Esslingen;;",
        "2;Anna Rapp;Karl Rapp;Binokelfreunde Wendlingen;kommt etwas später;",
        ";Frieda Häfele;;;;",
        ";Otto Walz;Egon Walz;;;ja",
    ]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")
