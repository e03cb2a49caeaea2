"""Writes of the scoring app, one module per topic; each function is keyword-only and atomic.

- ``sheets``: save a sheet's rows, hand it in, confirm or reopen it, close a round;
- ``totals``: save the round totals of a sheet kept in round totals;
- ``points``: save the games of a sheet kept in points per game;
- ``confirmations``: a seated player confirms a handed-in sheet on the phone, or the desk records
  that the players signed the paper sheet;
- ``standings``: the settings of the standings.

Demo and benchmark writes are in ``scoring.demo``. The services callers use are re-exported
here.
"""

from scoring.services.confirmations import (
    StaleConfirmation,
    confirm_as_player,
    record_paper_signatures,
    record_round_paper_signatures,
)
from scoring.services.points import (
    points_field,
    points_sheet_problems,
    problems_by_field,
    save_sheet_points,
)
from scoring.services.sheets import (
    ConfirmedSheets,
    PlayersNotConfirmed,
    SaveResult,
    SheetError,
    SheetLocked,
    StaleSheet,
    check_link_access,
    close_round,
    confirm_handed_in,
    confirm_sheet,
    missing_games,
    record_late_save,
    renew_sheet_link,
    reopen_sheet,
    save_sheet_rows,
    sheet_concerns,
    sheet_for_table,
    sheet_games,
    sheet_parties,
    submit_sheet,
)
from scoring.services.standings import update_standings_settings
from scoring.services.totals import TotalsResult, save_sheet_totals, sheet_totals, totals_field

__all__ = [
    "ConfirmedSheets",
    "PlayersNotConfirmed",
    "SaveResult",
    "SheetError",
    "SheetLocked",
    "StaleConfirmation",
    "StaleSheet",
    "TotalsResult",
    "check_link_access",
    "close_round",
    "confirm_as_player",
    "confirm_handed_in",
    "confirm_sheet",
    "missing_games",
    "points_field",
    "points_sheet_problems",
    "problems_by_field",
    "record_late_save",
    "record_paper_signatures",
    "record_round_paper_signatures",
    "renew_sheet_link",
    "reopen_sheet",
    "save_sheet_points",
    "save_sheet_rows",
    "save_sheet_totals",
    "sheet_concerns",
    "sheet_for_table",
    "sheet_games",
    "sheet_parties",
    "sheet_totals",
    "submit_sheet",
    "totals_field",
    "update_standings_settings",
]
