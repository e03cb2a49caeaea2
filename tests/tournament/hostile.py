"""Workbooks written by hand for the tests of bounded reading: what no spreadsheet program
writes, but an upload can hold."""

import io
import zipfile

from openpyxl.utils import get_column_letter


def crafted_xlsx(rows: dict[int, list[str]], dimension: str = "A1:XFD1048576") -> bytes:
    """A minimal workbook written by hand: a sheet whose ``<dimension>`` claims ``dimension``
    and whose rows carry the numbers given (keys), with inline strings."""

    def cells(number: int, texts: list[str]) -> str:
        return "".join(
            f'<c r="{get_column_letter(column)}{number}" t="inlineStr"><is><t>{text}</t></is></c>'
            for column, text in enumerate(texts, start=1)
            if text
        )

    sheet_rows = "".join(
        f'<row r="{number}">{cells(number, texts)}</row>' for number, texts in rows.items()
    )
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rels = "http://schemas.openxmlformats.org/package/2006/relationships"
    office = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{rels}"><Relationship Id="rId1" '
            f'Type="{office}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{main}" xmlns:r="{office}"><sheets>'
            '<sheet name="Liste" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{rels}"><Relationship Id="rId1" '
            f'Type="{office}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": (
            f'<worksheet xmlns="{main}"><dimension ref="{dimension}"/>'
            f"<sheetData>{sheet_rows}</sheetData></worksheet>"
        ),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()
