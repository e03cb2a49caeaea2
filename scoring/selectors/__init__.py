"""The scoring app's reads of a score sheet's pages: the sheet and who sits at its table
(``sheet_frame``); what the page shows of a sheet kept game by game (``sheet_page``), in round
totals (``totals_page``) or in points per game (``points_page``); what changed on a sheet
(``sheet_changes``); the section "Bestätigen" (``confirm_section``); a round's sheets
(``round_overview``)."""
