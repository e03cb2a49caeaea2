"""Small checks shared by tests."""

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from scoring.rules import score_hand


def violates(callable_, *args, **kwargs) -> bool:
    """True when the call is refused by a database constraint (rolled back on its own)."""
    try:
        with transaction.atomic():
            callable_(*args, **kwargs)
    except IntegrityError:
        return True
    return False


def rules_points(values: Mapping[str, Any]) -> tuple[int, ...]:
    """The points ``score_hand`` gives a stored game's values (to compare with the stored)."""
    return score_hand(
        bid=values["bid"],
        declarer=values["declarer"],
        melds=values["melds"],
        tricks=values["tricks"],
        kind=values["kind"],
        revoked=values["revoked"],
    )
