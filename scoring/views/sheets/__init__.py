"""The score sheets' pages: the scorekeeper's link (``link``), the desk's page of a sheet
(``desk``), a sheet's save shared by both (``saves``), what the pages' script asks beside its
sheet (``script``) and a round's sheets (``rounds``). What a sheet's page reads and answers is
in ``scoring.pages``. The routes (``scoring.urls_public``, ``scoring.urls_organiser``) take the
views from here."""

from scoring.views.sheets.desk import (
    sheet_changes,
    sheet_edit,
    sheet_edit_check,
    sheet_edit_save,
    sheet_edit_state,
    sheet_new_link,
    sheet_status,
)
from scoring.views.sheets.link import (
    sheet_link,
    sheet_link_check,
    sheet_link_confirm,
    sheet_link_save,
    sheet_link_state,
)
from scoring.views.sheets.rounds import (
    round_close,
    round_confirm_all,
    round_paper_signed,
    round_qr,
    round_sheets,
)
from scoring.views.sheets.script import sheet_preview, sheet_worker

__all__ = [
    "round_close", "round_confirm_all", "round_paper_signed", "round_qr", "round_sheets",
    "sheet_changes", "sheet_edit", "sheet_edit_check", "sheet_edit_save", "sheet_edit_state",
    "sheet_link", "sheet_link_check", "sheet_link_confirm", "sheet_link_save",
    "sheet_link_state", "sheet_new_link", "sheet_preview", "sheet_status", "sheet_worker",
]
