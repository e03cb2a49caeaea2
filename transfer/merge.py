"""The three-way merge of an event's rows (pure: no Django; docs/transfer.md).

Rows are ``{model label: {key: {field: plain value}}}``. The base is what both installations
last held in common (None: nothing known); ours what this installation holds; theirs the
archive's. Per row and field: changed only there is applied, changed only here is kept,
changed on both sides to the same value is nothing, to different values a conflict. A row new
there is created, new here kept; a row deleted there is deleted here unless it changed here,
a row deleted here stays deleted unless it changed there — those two are conflicts too. Without
a base every field that differs is a conflict. A conflict is decided by ``decisions``
(``Conflict.id`` or ``"*"`` for all → ``THEIRS`` or ``OURS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Rows = dict[str, dict[str, dict[str, Any]]]

THEIRS = "theirs"
OURS = "ours"
CREATE, UPDATE, DELETE = "create", "update", "delete"
DELETED = None  # a side of a conflict where the row is deleted


@dataclass(frozen=True)
class Change:
    kind: str  # CREATE, UPDATE, DELETE
    model: str
    key: str
    fields: dict[str, Any] = field(default_factory=dict)  # CREATE: all; UPDATE: the changed


@dataclass(frozen=True)
class Conflict:
    """A row changed on both sides differently (``field``), or changed on one side and
    deleted on the other (``field`` empty; that side's values ``DELETED``)."""

    model: str
    key: str
    field: str
    here: Any
    there: Any

    @property
    def id(self) -> str:
        return f"{self.model} {self.key} {self.field}".strip()


@dataclass
class Plan:
    changes: list[Change] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)  # undecided
    decided: list[Conflict] = field(default_factory=list)


def _choice(conflict: Conflict, decisions: Mapping[str, str]) -> str | None:
    return decisions.get(conflict.id) or decisions.get("*")


def merge(base: Rows | None, ours: Rows, theirs: Rows,
          decisions: Mapping[str, str] | None = None) -> Plan:
    decisions = decisions or {}
    plan = Plan()

    def conflict(found: Conflict, apply: Change | None) -> None:
        choice = _choice(found, decisions)
        if choice is None:
            plan.conflicts.append(found)
            return
        plan.decided.append(found)
        if choice == THEIRS and apply is not None:
            plan.changes.append(apply)

    for model in sorted(set(ours) | set(theirs) | set(base or {})):
        base_rows = (base or {}).get(model, {})
        our_rows, their_rows = ours.get(model, {}), theirs.get(model, {})
        for key in sorted(set(our_rows) | set(their_rows) | set(base_rows)):
            was, here, there = base_rows.get(key), our_rows.get(key), their_rows.get(key)
            if there is None:
                if here is None or was is None:
                    continue  # deleted on both sides, or new here
                if _same(here, was):
                    plan.changes.append(Change(DELETE, model, key))
                else:
                    conflict(Conflict(model, key, "", here, DELETED), Change(DELETE, model, key))
                continue
            if here is None:
                if was is None:
                    plan.changes.append(Change(CREATE, model, key, dict(there)))
                elif not _same(there, was):
                    conflict(Conflict(model, key, "", DELETED, there),
                             Change(CREATE, model, key, dict(there)))
                continue
            changed: dict[str, Any] = {}
            for name, value in there.items():
                mine = here.get(name)
                if name not in here or mine == value:
                    continue
                old = was.get(name) if was is not None else None
                if was is not None and name in was and old == value:
                    continue  # changed here only
                if was is not None and name in was and old == mine:
                    changed[name] = value  # changed there only
                    continue
                chosen = _choice(Conflict(model, key, name, mine, value), decisions)
                if chosen == THEIRS:
                    changed[name] = value
                conflict(Conflict(model, key, name, mine, value), None)
            if changed:
                plan.changes.append(Change(UPDATE, model, key, changed))
    return plan


def _same(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Equal in the fields both have (a field one side does not know is no change)."""
    return all(one[name] == other[name] for name in one.keys() & other.keys())
