"""Reading a participant list (Teilnehmerliste) from a spreadsheet (.xlsx) or a CSV file.

One row per entry, a header row naming the columns in German or English, any letter case
(``COLUMN_NAMES``): Startnummer/Nr, Name/Spieler (required), Partner (makes a pair),
Verein/Club, Notizen/Bemerkung, Ersatz/stand-in. Rows are numbered as the spreadsheet numbers
them, header included, so "row 7" is row 7 of the organiser's file. A problem in any row stops
the whole import (it is all or nothing). A row naming a player who is registered already, or who
appears in an earlier row, only warns: it is imported only if the organiser ticks it.

Reading is bounded whatever a file claims: at most the first ``MAX_IMPORT_ROWS`` + 1 rows and
``MAX_IMPORT_COLUMNS`` columns are read (an .xlsx's ``<dimension>`` is ignored; its size unpacked
and its number of XML elements are checked first), and a list that goes on beyond them is
refused rather than cut short.

Everything here is a plain function on plain values: nothing touches the database and nothing
imports Django. The caller passes the start numbers and the player names already in the event
and writes the rows itself. Problems and warnings are ``core.errors.Message`` values,
rendered when shown.
"""

import csv
import io
import re
import zipfile
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import IO, Any
from xml.parsers import expat

from core.errors import Message, UserError, gettext_noop
from core.limits import (
    MAX_CATEGORY_LENGTH,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_COLUMNS,
    MAX_IMPORT_ROWS,
    MAX_IMPORT_UNPACKED_BYTES,
    MAX_IMPORT_XLSX_ELEMENTS,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    MAX_START_NUMBER,
    MIN_START_NUMBER,
)
from core.text import entry_name_keys, is_number, name_key, text_problem
from tournament.members import Member, entry_members

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
    **dict.fromkeys(["kategorie", "category", "wertungsklasse"], "category"),
    **dict.fromkeys(
        ["kategorie partner", "partner kategorie", "partnerkategorie", "partner category",
         "kategorie partnerin"],
        "partner_category",
    ),
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
    """One data row of the list, as read; ``problems`` and ``warnings`` are filled by
    :func:`check_rows`."""

    row: int
    name: str = ""
    partner: str = ""
    club: str = ""
    notes: str = ""
    category: str = ""
    partner_category: str = ""
    start_number_text: str = ""
    stand_in_text: str = ""
    start_number: int | None = None
    is_stand_in: bool = False
    problems: list[Message] = field(default_factory=list)
    warnings: list[Message] = field(default_factory=list)

    def as_data(self) -> dict[str, Any]:
        """JSON-serialisable values without problems and warnings (they are checked again)."""
        data = asdict(self)
        del data["problems"], data["warnings"]
        return data

    def members(self) -> tuple[Member, ...]:
        """The row's player, and its partner for a pair (``tournament.members``), each with
        the category of its column."""
        return entry_members([
            Member(self.name, category=self.category),
            Member(self.partner, category=self.partner_category),
        ])

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "ImportRow":
        known = set(cls.__dataclass_fields__) - {"problems", "warnings"}
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


def too_many_rows() -> ImportFileError:
    return ImportFileError(
        gettext_noop(
            "The file has more than %(max)s rows below the header; at most %(max)s can be "
            "imported at once (only rows 1 to %(last)s are read). If the list is shorter, "
            "please delete the rows below it, also empty ones."
        ),
        max=MAX_IMPORT_ROWS,
        last=MAX_IMPORT_ROWS + 1,
    )


def too_many_columns() -> ImportFileError:
    return ImportFileError(
        gettext_noop(
            "The header row has more than %(max)s columns; at most %(max)s are read. Please "
            "delete the columns that are not needed."
        ),
        max=MAX_IMPORT_COLUMNS,
    )


def bounded_table(rows: Iterable[Sequence[str]]) -> list[list[str]]:
    """The first ``MAX_IMPORT_ROWS`` + 1 rows of ``rows``, each cut to ``MAX_IMPORT_COLUMNS``.

    Reading stops at the first row below them that holds a value (``too_many_rows``); empty
    rows below them are passed over. A header (the first row with a value) that names more
    columns is refused (``too_many_columns``); values without a header are never read anyway.
    """
    table: list[list[str]] = []
    header_seen = False
    for number, row in enumerate(rows, start=1):
        filled = any(cell.strip() for cell in row)
        if number > MAX_IMPORT_ROWS + 1:
            if filled:
                raise too_many_rows()
            continue
        if filled and not header_seen:
            header_seen = True
            if any(cell.strip() for cell in row[MAX_IMPORT_COLUMNS:]):
                raise too_many_columns()
        table.append(list(row[:MAX_IMPORT_COLUMNS]))
    return table


def read_csv(data: bytes) -> list[list[str]]:
    """Rows of a CSV file; the delimiter (``;``, ``,`` or tab) is taken from the first line."""
    text = decode_text(data)
    first_line = next((line for line in io.StringIO(text) if line.strip()), "")
    delimiter = max([";", ",", "\t"], key=first_line.count)
    try:
        return bounded_table(
            [cell.strip() for cell in row]
            for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        )
    except csv.Error as error:
        raise ImportFileError(
            gettext_noop("The CSV file cannot be read: %(error)s"), error=str(error)
        ) from error


def unreadable_xlsx() -> ImportFileError:
    return ImportFileError(
        gettext_noop("The Excel file cannot be read. Please save it again as .xlsx or .csv.")
    )


class _TooManyElements(Exception):
    """Stops counting a workbook's XML elements at the bound."""


def check_xlsx_size(data: bytes) -> None:
    """Refuse an .xlsx (a zip archive) whose reading could cost more than a list needs.

    Checked before openpyxl opens it: the archive unpacks to at most
    ``MAX_IMPORT_UNPACKED_BYTES`` (the sizes it declares are binding: ``zipfile`` never unpacks
    a member beyond its declared size), and its XML parts hold at most
    ``MAX_IMPORT_XLSX_ELEMENTS`` elements together, counted by a streaming parse that stops at
    the bound. openpyxl builds a whole row before it is cut to the columns read, so a 20 KB file
    with one row of five million empty cells would otherwise cost 20 s and 1.7 GB.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if sum(member.file_size for member in members) > MAX_IMPORT_UNPACKED_BYTES:
                raise ImportFileError(
                    gettext_noop(
                        "The Excel file is too large unpacked: at most %(size)s MB. Please "
                        "delete other sheets and pictures from it, or save the list as CSV."
                    ),
                    size=MAX_IMPORT_UNPACKED_BYTES // 2**20,
                )
            left = MAX_IMPORT_XLSX_ELEMENTS
            for member in members:
                if member.filename.endswith((".xml", ".rels")):
                    with archive.open(member) as part:
                        left -= _count_elements(part, left)
    except _TooManyElements:
        raise ImportFileError(
            gettext_noop(
                "The Excel file holds more cells and rows than a participant list needs. "
                "Please save the list alone (one sheet) as .xlsx, or as CSV."
            )
        ) from None
    except (
        zipfile.BadZipFile, OSError, ValueError, EOFError, RuntimeError, NotImplementedError,
        expat.ExpatError,
    ) as error:
        raise unreadable_xlsx() from error


def _count_elements(part: IO[bytes], left: int) -> int:
    """The elements of an XML part; raises ``_TooManyElements`` past ``left``."""
    count = 0

    def start(_name: str, _attributes: dict) -> None:
        nonlocal count
        count += 1
        if count > left:
            raise _TooManyElements

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.ParseFile(part)
    return count


# What a broken or hostile workbook makes openpyxl raise while it is read (XML syntax errors
# are SyntaxErrors).
_XLSX_ERRORS = (
    zipfile.BadZipFile, KeyError, OSError, ValueError, TypeError, AttributeError, IndexError,
    SyntaxError, EOFError,
)


def read_xlsx(data: bytes) -> list[list[str]]:
    """Rows of the first sheet of an Excel workbook, as text, bounded as ``bounded_table``.

    openpyxl streams the sheet (read-only mode). The sheet's ``<dimension>`` may claim any
    size (A1:XFD1048576 makes openpyxl pad every row to 16384 cells and fill each gap up to
    row 1048576), so it is dropped and rows and columns are bounded explicitly: the rows up to
    one past the limit, then one look at whether the sheet has a row further down at all.
    """
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    check_xlsx_size(data)
    last = MAX_IMPORT_ROWS + 1
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, *_XLSX_ERRORS) as error:
        raise unreadable_xlsx() from error
    try:
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()
        rows = bounded_table(
            [cell_text(value) for value in values]
            for values in sheet.iter_rows(
                max_row=last + 1, max_col=MAX_IMPORT_COLUMNS, values_only=True
            )
        )
        header = next((number for number, row in enumerate(rows, start=1) if any(row)), None)
        if header is not None:
            # the header row in its full width (one row): a column beyond the limit refuses
            full = next(sheet.iter_rows(min_row=header, max_row=header, values_only=True), ())
            if any(cell_text(value) for value in full[MAX_IMPORT_COLUMNS:]):
                raise too_many_columns()
        # Anything below: a row there (if only formatted) is the list going on, or a gap
        # openpyxl would fill row by row; refused either way, without reading it.
        if next(sheet.iter_rows(min_row=last + 2, max_col=1, values_only=True), None) is not None:
            raise too_many_rows()
        return rows
    except _XLSX_ERRORS as error:
        raise unreadable_xlsx() from error
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
    column and without any data row (``read_table`` has bounded the rows and columns).
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
            category=value(row, "category"),
            partner_category=value(row, "partner_category"),
            start_number_text=value(row, "start_number"),
            stand_in_text=value(row, "stand_in"),
        )
        for number, row in data_rows
    ]
    return ParsedList(rows=rows, ignored_columns=ignored)


# The texts of a row, each checked as the entry form checks its field: (attribute, label,
# maximum length, may span lines).
TEXT_FIELDS = (
    ("name", gettext_noop("Name"), MAX_NAME_LENGTH, False),
    ("partner", gettext_noop("Partner"), MAX_NAME_LENGTH, False),
    ("club", gettext_noop("Club"), MAX_NAME_LENGTH, False),
    ("notes", gettext_noop("Notes"), MAX_NOTES_LENGTH, True),
    ("category", gettext_noop("Category"), MAX_CATEGORY_LENGTH, False),
    ("partner_category", gettext_noop("Partner's category"), MAX_CATEGORY_LENGTH, False),
)


def check_rows(
    rows: list[ImportRow],
    taken: Collection[int],
    registered: Mapping[str, int] | None = None,
) -> list[ImportRow]:
    """Fill each row's start number, stand-in flag, problems and warnings.

    ``taken``: the start numbers in the event; ``registered``: the event's player names (as
    ``core.text.name_key``) and the start number of the entry each plays in. A row warns
    when one of its players is registered already or appears in an earlier row. Returns the
    same rows; each problem and warning is a ``Message``.
    """
    for row in rows:
        row.problems = []
        row.start_number = None
        if not row.name:
            row.problems.append(Message(gettext_noop("Name is missing.")))
        for attribute, label, max_length, multiline in TEXT_FIELDS:
            problem = text_problem(
                getattr(row, attribute),
                field=Message(label),
                max_length=max_length,
                multiline=multiline,
            )
            if problem is not None:
                row.problems.append(problem)
        if row.start_number_text:
            text = row.start_number_text.strip()
            if is_number(text) and MIN_START_NUMBER <= int(text) <= MAX_START_NUMBER:
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
    for row, number in zip(rows, assign_start_numbers(rows, taken), strict=True):
        if number is None:
            row.problems.append(no_free_start_number())
    warn_repeated_names(rows, registered or {})
    return rows


def warn_repeated_names(rows: list[ImportRow], registered: Mapping[str, int]) -> None:
    """Set each row's warnings: a player registered already, or named in an earlier row."""
    first_row: dict[str, int] = {}
    for row in rows:
        row.warnings = []
        for shown in (row.name, row.partner):
            key = name_key(shown)
            if not key:
                continue
            if key in registered:
                row.warnings.append(
                    Message(
                        gettext_noop(
                            "“%(name)s” is registered already (start number %(number)s)."
                        ),
                        name=shown,
                        number=registered[key],
                    )
                )
            elif key in first_row:
                row.warnings.append(
                    Message(
                        gettext_noop("“%(name)s” appears in row %(row)s already."),
                        name=shown,
                        row=first_row[key],
                    )
                )
        for key in entry_name_keys(row.name, row.partner):
            first_row.setdefault(key, row.row)


def chosen_rows(rows: list[ImportRow], include: Collection[int]) -> list[ImportRow]:
    """The rows to import: those without warnings, and those with warnings whose row number the
    organiser ticked in ``include`` (a player registered twice is more work than one ticked
    box, so a warned row is left out unless asked for)."""
    return [row for row in rows if not row.warnings or row.row in include]


def no_free_start_number() -> Message:
    """The one wording for an event whose every start number is taken."""
    return Message(
        gettext_noop("No start number is free: all from %(min)s to %(max)s are taken."),
        min=MIN_START_NUMBER,
        max=MAX_START_NUMBER,
    )


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


def free_start_numbers(taken: Collection[int]) -> Iterator[int]:
    """The free start numbers in the order they are given out: up from one above the highest
    taken to ``MAX_START_NUMBER``, then the lowest free ones from ``MIN_START_NUMBER`` up."""
    taken = set(taken)
    highest = max(taken, default=MIN_START_NUMBER - 1)
    yield from range(max(highest + 1, MIN_START_NUMBER), MAX_START_NUMBER + 1)
    yield from (
        number
        for number in range(MIN_START_NUMBER, min(highest, MAX_START_NUMBER + 1))
        if number not in taken
    )


def assign_start_numbers(rows: list[ImportRow], taken: Collection[int]) -> list[int | None]:
    """Start numbers for the rows in file order: a row's own, else the next free one
    (``free_start_numbers``), None when no number is left.

    A number that any row of the file names is not free, so a row without a number never takes
    one that a later row names.
    """
    named = {row.start_number for row in rows if row.start_number is not None}
    free = free_start_numbers({*taken, *named})
    return [
        row.start_number if row.start_number is not None else next(free, None) for row in rows
    ]


def example_csv() -> bytes:
    """A small example list, ``;``-separated UTF-8 with BOM as German Excel opens it directly."""
    lines = [
        "Startnummer;Name;Partner;Verein;Notizen;Ersatz;Kategorie",
        "1;Hans Maier;;CVJM Esslingen;;;",
        "2;Anna Rapp;Karl Rapp;Binokelfreunde Wendlingen;kommt etwas später;;Frau",
        ";Frieda Häfele;;;;;Frau",
        ";Otto Walz;Egon Walz;;;ja;",
    ]
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")
