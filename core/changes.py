"""Changing a record's settings: compare the new values with the stored ones, write the changed
ones and log the change as ``[field, old, new]``.

Every app's settings page changes its record this way (the event, its registration, money and
prize settings, a series); each keeps its own validation, its own way of saving and its own log,
passed in here. It lives at the bottom layer so every app may use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from django.db import models


def decimal_as_text(value: Any) -> Any:
    """A value as the log keeps it (JSON): amounts as texts (``Decimal("2.50")`` → ``"2.50"``)."""
    return str(value) if isinstance(value, Decimal) else value


def save_and_log_changes(
    *,
    instance: models.Model,
    values: Mapping[str, Any],
    log: Callable[[list[list[Any]]], object],
    shown: Callable[[Any], Any] = decimal_as_text,
    check: Callable[[list[list[Any]]], object] | None = None,
    save: Callable[[list[str]], object] | None = None,
) -> list[list[Any]]:
    """Set ``values`` on ``instance``, save it and log what changed; returns the changes.

    The changes are ``[field, old, new]`` for every field of ``values`` (in its order) whose new
    value differs from the stored one, old and new as ``shown`` (JSON) gives them. Then every
    value is set, and ``check(changes)`` may refuse them by raising. Nothing changed: nothing is
    saved or logged and the answer is ``[]``, unless the instance is not stored yet (defaults
    shown but never saved): then it is saved, still unlogged. Otherwise ``save(changed_names)``
    writes it (default: ``instance.save()``, every field) and ``log(changes)`` records it.
    The caller holds the transaction (and the lock) that makes this one change.
    """
    changes = [
        [name, shown(getattr(instance, name)), shown(value)]
        for name, value in values.items()
        if getattr(instance, name) != value
    ]
    for name, value in values.items():
        setattr(instance, name, value)
    if check is not None:
        check(changes)
    if not changes and not instance._state.adding:
        return []
    if save is None:
        instance.save()
    else:
        save([name for name, _old, _new in changes])
    if changes:
        log(changes)
    return changes
