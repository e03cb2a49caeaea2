"""Writing an .xlsx workbook fast: openpyxl makes the file, the data rows are streamed in.

``write_workbook`` takes sheets of rows (``SheetData``: a header row, then data rows of plain
numbers and texts) and returns the file. openpyxl writes the whole workbook (every sheet with
its bold header row, column widths, frozen first row, print setup; styles, workbook and
document properties), holding only the header rows. The data rows are then streamed into each
sheet's ``<sheetData>`` by ``_rows_xml`` while the file is copied once. Written cell by cell,
openpyxl builds a cell object and three XML elements per cell: several times slower for the
25,000 rows × 11 columns of a 700-entry event's games sheet (bench/README.md). Tests compare
the result cell by cell with what openpyxl alone writes.

Every text is written as an inline-text cell (openpyxl on its own would store "=…" as a formula
and "#N/A" as an error); control characters, which XML cannot hold, are left out. Amounts of
money are ``Decimal`` values, written as numbers; a sheet's ``number_formats`` give columns a
number format (e.g. "0.00"), registered with openpyxl's own styles so the file declares it.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

Cell = str | int | float | Decimal | None
Rows = list[list[Cell]]
MONEY_FORMAT = "0.00"


@dataclass
class SheetData:
    """One worksheet to write: its title and rows (header first), whether it is wide, and the
    number format of some columns (index from 0, e.g. ``{2: MONEY_FORMAT}``)."""

    title: str
    rows: Rows
    landscape: bool = False
    number_formats: dict[int, str] = field(default_factory=dict)


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
    if isinstance(value, Decimal) and value.is_finite():
        return f"><v>{value:f}</v></c>"
    raise TypeError(f"cannot write {value!r} to a spreadsheet cell")


def _rows_xml(
    rows: Sequence[Sequence[Cell]], first_row: int, styles: Mapping[int, int] | None = None
) -> str:
    """SpreadsheetML ``<row>`` elements for ``rows``, the first numbered ``first_row``.

    Numbers become number cells and texts inline-text cells (the cell types openpyxl writes for
    them); a None or an empty text leaves the cell out. Values repeat a lot (names, "ja"/"nein",
    small numbers), so each distinct value is turned into XML once per call. ``styles`` gives
    the cells of some columns (index from 0) a style of the workbook (its ``s`` attribute).
    """
    width = max((len(row) for row in rows), default=0)
    styles = styles or {}
    columns = [
        (get_column_letter(index), f' s="{styles[index - 1]}"' if index - 1 in styles else "")
        for index in range(1, width + 1)
    ]
    inner: dict[tuple[type, Cell], str] = {}
    parts = []
    for row_number, row in enumerate(rows, start=first_row):
        parts.append(f'<row r="{row_number}">')
        for (letter, style), value in zip(columns, row, strict=False):
            if value is None:
                continue
            key = (type(value), value)  # 1 and True are equal but written differently
            cell = inner.get(key)
            if cell is None:
                cell = inner[key] = _value_cell(value)
            if cell:
                parts.append(f'<c r="{letter}{row_number}"{style}{cell}')
        parts.append("</row>")
    return "".join(parts)


def _insert_rows(
    skeleton: bytes,
    bodies: dict[str, Sequence[Sequence[Cell]]],
    styles: Mapping[str, Mapping[int, int]] | None = None,
) -> bytes:
    """Copy the .xlsx ``skeleton``, appending ``bodies[path]`` (data rows, numbered from 2) to
    the ``<sheetData>`` of the worksheet stored at ``path`` (its columns styled by
    ``styles[path]``); every other part is copied as it is.
    """
    styles = styles or {}
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
                    xml = _rows_xml(chunk, start + 2, styles.get(info.filename))
                    stream.write(xml.encode("utf-8", "replace"))
                stream.write(end + tail)
    return output.getvalue()


def write_workbook(sheets: Iterable[SheetData], *, title: str = "") -> bytes:
    """An .xlsx file of ``sheets``: bold, frozen, repeated header row; fitted to page width.

    openpyxl writes the workbook with the header rows; ``_insert_rows`` adds the data rows.
    """
    workbook = Workbook(write_only=True)
    workbook.properties.title = clean_text(title)
    bold = Font(bold=True)
    bodies: list[tuple[object, Rows, dict[int, int]]] = []
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
        bodies.append((sheet, body, _column_styles(sheet, data.number_formats)))
    skeleton = io.BytesIO()
    workbook.save(skeleton)
    # a sheet's path inside the file is known once openpyxl has saved it
    return _insert_rows(
        skeleton.getvalue(),
        {sheet.path[1:]: body for sheet, body, _styles in bodies},
        {sheet.path[1:]: styles for sheet, _body, styles in bodies},
    )


def _column_styles(sheet: Worksheet, number_formats: Mapping[int, str]) -> dict[int, int]:
    """The workbook's style id (``s``) of each formatted column: a cell with the number format
    registers it with openpyxl's styles, which are written with the workbook."""
    styles = {}
    for column, number_format in number_formats.items():
        cell = WriteOnlyCell(sheet)
        cell.number_format = number_format
        styles[column] = cell.style_id
    return styles
