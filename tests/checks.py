"""Small checks shared by tests."""

import time
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, connection, transaction

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


def another_waits_for_my_locks(seconds: float = 20) -> bool:
    """PostgreSQL: wait until another connection waits for a lock that this connection's
    transaction holds (``pg_locks``, read afresh at every question), at most ``seconds``;
    whether one did. What a test of a lock holds it for, instead of a fixed time."""
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while True:
            cursor.execute(
                "SELECT EXISTS (SELECT 1 FROM pg_locks"
                " WHERE NOT granted AND pg_backend_pid() = ANY(pg_blocking_pids(pid)))"
            )
            if cursor.fetchone()[0]:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)  # the interval between the questions
