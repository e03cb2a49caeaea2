"""What a score sheet's page reads from a request and answers, one module per kind of sheet:
``games`` (every game typed, ``sheet.html`` and its script) and ``figures`` (round totals or
points per game, ``figures_sheet.html``); ``sheet`` holds what they share. The views
(``scoring.views.sheets``) find the sheet, let its page read the post into plain values, call
the page's save service and hand what it did to the page, which builds the answer.
"""

from django.http import HttpRequest

from scoring.models import ScoreSheet
from scoring.pages.figures import FIGURES_MODES, FiguresPage, FiguresScript
from scoring.pages.games import GamesPage, GamesScript
from scoring.pages.sheet import Page, wants_json


def page_of(
    request: HttpRequest, sheet: ScoreSheet, *, via_link: bool, save_address: bool = False
) -> Page:
    """The page of ``sheet`` for its kind. ``save_address``: the request came to the sheet's
    save address (``…/speichern/``), where the page's script saves and gets JSON back; the plain
    form of a sheet kept in figures posts there too and gets a page back."""
    if sheet.table.round.event.scoring_mode in FIGURES_MODES:
        script = save_address and wants_json(request)
        return (FiguresScript if script else FiguresPage)(request, sheet, via_link=via_link)
    return (GamesScript if save_address else GamesPage)(request, sheet, via_link=via_link)
