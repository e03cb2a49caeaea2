"""The rules of a person's data (Datenschutz, DSGVO) that need no database: which player is
inactive, and how the names of a person are found and replaced in the change log's parameters.

- ``inactive_since`` and ``is_inactive``: a player not seen at an evening of the club for the
  club's ``inactive_years`` years is listed for deletion; the last evening exactly that many
  years ago counts as not seen for that long.
- ``name_pattern``, ``mentions`` and ``replaced``: a person's names as whole words, letter
  case aside (“Hans Maier” names “Nr. 12 hans maier / Eva Berg”, not “Hans Maierhofer”), found
  in and replaced throughout plain JSON values (texts in dictionaries and lists, keys left as
  they are).

Pure Python: no Django.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from typing import Any

MIN_NAME_LENGTH = 2
"""A name shorter than this is no name to look for (a letter would match everywhere)."""


def inactive_since(today: datetime.date, years: int) -> datetime.date:
    """The day ``years`` years before ``today`` (the 29 February of a leap year: the 28th);
    a player last seen on it or before is inactive."""
    if years < 0:
        raise ValueError(f"{years} years")
    try:
        return today.replace(year=today.year - years)
    except ValueError:  # 29 February, to a year that has none
        return today.replace(year=today.year - years, day=28)


def is_inactive(last_seen: datetime.date, *, today: datetime.date, years: int) -> bool:
    """Whether a player last seen at an evening on ``last_seen`` has not been seen for
    ``years`` years on ``today``."""
    return last_seen <= inactive_since(today, years)


def name_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern that finds any of ``names`` as a whole (not inside a longer word or a
    hyphenated name), letter case aside, the longest first; None for no name to look for."""
    wanted = sorted(
        {" ".join(name.split()) for name in names if len(name.strip()) >= MIN_NAME_LENGTH},
        key=lambda name: (-len(name), name),
    )
    if not wanted:
        return None
    alternatives = "|".join(r"\s+".join(map(re.escape, name.split())) for name in wanted)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def mentions(value: Any, pattern: re.Pattern[str] | None) -> bool:
    """Whether a text anywhere in the JSON ``value`` contains a name of ``pattern``."""
    if pattern is None:
        return False
    if isinstance(value, str):
        return pattern.search(value) is not None
    if isinstance(value, dict):
        return any(mentions(item, pattern) for item in value.values())
    if isinstance(value, list | tuple):
        return any(mentions(item, pattern) for item in value)
    return False


def replaced(value: Any, pattern: re.Pattern[str] | None, replacement: str) -> Any:
    """The JSON ``value`` with every name of ``pattern`` in its texts replaced by
    ``replacement`` (a new value; ``value`` is left as it is)."""
    if pattern is None:
        return value
    if isinstance(value, str):
        return pattern.sub(lambda _found: replacement, value)
    if isinstance(value, dict):
        return {key: replaced(item, pattern, replacement) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [replaced(item, pattern, replacement) for item in value]
    return value
