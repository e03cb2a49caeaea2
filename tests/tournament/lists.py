"""Shared helpers of the participant-list tests (parsing, import service, import pages): a
spreadsheet as bytes, a file parsed and checked, its problems per row."""

import io

from openpyxl import Workbook

from tournament.imports import ImportRow, check_rows, parse_rows, read_table


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
