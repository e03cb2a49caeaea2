"""A sheet's save, the same through its link and at the desk and for every kind of sheet: its
page reads the post into plain values, the page's save service stores them, and the page
answers with what the service did or why it refused."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse

from scoring.pages.sheet import Page
from scoring.services import SheetError, SheetLocked, StaleSheet, record_late_save


def save_posted(page: Page, *, user: Any) -> HttpResponse:
    """Save what was posted to ``page`` (``user``: the account at the desk, None through the
    link). A post the page cannot read as one of its forms (or whose figures are no whole
    numbers) is refused with nothing saved. A save the link can no longer make keeps the rows
    it would have changed in the sheet's trail for the desk."""
    try:
        posted = page.read()
    except SheetError as error:
        return page.refused(error)
    try:
        result = page.service(sheet=page.sheet, user=user, **posted.arguments)
    except StaleSheet as stale:
        return page.stale(stale, posted)
    except SheetLocked as locked:
        late = page.late_rows(posted)
        if late:
            record_late_save(sheet=page.sheet, rows=late, reason=locked)
        return page.locked(locked, posted, late)
    except SheetError as error:
        return page.refused(error)
    return page.saved(result, posted)
