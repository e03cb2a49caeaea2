"""The change log: writing a record beside the change, and describing it when it is read.

A record (``core.models.ChangeRecord``) holds an action code and JSON parameters, never a
sentence. ``describe`` turns it into one sentence in the reader's language, so a German and an
English reader both read the log right. Records written before actions had parameters hold
their old sentence as ``{"text": "…"}`` and are shown as written.

An action code is ``<namespace>.<action>``, the action one word: the namespace is the label of
the app that writes and describes the action (``money.paid``), or that label and a part of the
app's records the event's change log shows under a filter of its own (``scoring.sheet.saved``,
a sheet's trail). Each app registers its namespaces in its ``audit.py`` when it is imported
(``register_namespace``: the actions with their labels, the filter of the change log page that
shows them, how their lines are made) and describes its actions (``describes``). This module
knows no app's actions, and no app describes or writes another app's.

Records are written inside the change's transaction: ``log`` one, ``record`` and ``log_all``
many in one statement.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext

from core.models import ChangeRecord

Describer = Callable[[Mapping[str, Any]], str]


class Actions(models.TextChoices):
    """The actions of one namespace, each a code ``<namespace>.<action>`` and its label as the
    change log page's "Action" column shows it; each app subclasses it in its ``audit.py``."""


@dataclass(frozen=True)
class Filter:
    """A filter of an event's change log page: its value (``?art=…``, kept as bookmarked) and
    its label (a msgid)."""

    kind: str
    label: str


@dataclass(eq=False)
class Line:
    """One record as a change log shows it: when, what (the action's label), where (“Round 1,
    table 3”, or empty for the whole event), the sentence and who.

    The sentence (``text``) is described from ``action`` and ``params`` only when it is read, so
    a page describes only the lines it shows.
    """

    at: datetime
    id: int  # the record's id: orders records of the same time
    action: str
    label: str
    params: Mapping[str, Any] = field(repr=False)
    where: str = ""
    who: str = ""

    @cached_property
    def text(self) -> str:
        return describe(self.action, self.params)

    @property
    def sentence(self) -> str:
        """The text after where it happened: “Round 1, table 3: Game 4 saved: …”."""
        if not self.where:
            return self.text
        return gettext("%(where)s: %(text)s") % {"where": self.where, "text": self.text}


LineMaker = Callable[[Sequence[ChangeRecord]], list[Line]]
"""The lines of records of one namespace (read with their user), in their order."""


@dataclass(frozen=True)
class Namespace:
    name: str
    actions: type[Actions]
    shown_under: Filter | None  # None: not in an event's change log (a series' records)
    lines: LineMaker | None  # None: ``line``


_NAMESPACES: dict[str, Namespace] = {}
_FILTERS: dict[str, Filter] = {}
_LABELS: dict[str, Any] = {}
_DESCRIBERS: dict[str, Describer] = {}


def namespace_of(action: str) -> str:
    """``scoring.sheet.saved`` → ``scoring.sheet``."""
    return action.rpartition(".")[0]


def app_of(action: str) -> str:
    """The app an action belongs to: ``scoring.sheet.saved`` → ``scoring``."""
    return action.partition(".")[0]


def register_namespace(
    name: str,
    actions: type[Actions],
    *,
    shown_under: Filter | None = None,
    lines: LineMaker | None = None,
) -> None:
    """Register the actions of namespace ``name``: an event's change log shows their records
    under ``shown_under`` (the first namespace of a filter names its place among the filters),
    as ``lines`` makes them (default: ``line``)."""
    wrong = [code for code in actions.values if namespace_of(code) != name]
    if wrong or not name:
        raise ValueError(f"actions {wrong} are not of the form {name!r}.<action>")
    registered = _NAMESPACES.get(name)
    if registered is not None and registered.actions is not actions:
        raise ValueError(f"change-log namespace {name!r} registered twice")
    if shown_under is not None and (
        _FILTERS.setdefault(shown_under.kind, shown_under) != shown_under
    ):
        raise ValueError(f"change-log filter {shown_under.kind!r} registered twice")
    _NAMESPACES[name] = Namespace(name, actions, shown_under, lines)
    _LABELS.update(actions.choices)


def describes(*actions: str) -> Callable[[Describer], Describer]:
    """Register the decorated function as the describer of ``actions``, actions of the app
    whose module it is."""

    def register(function: Describer) -> Describer:
        app = function.__module__.partition(".")[0]
        for action in actions:
            if app_of(action) != app:
                raise ValueError(f"{function.__module__} describes {action!r}, another app's")
            _DESCRIBERS[action] = function
        return function

    return register


def describe(action: str, params: Mapping[str, Any]) -> str:
    """One sentence for a record, in the active language."""
    if "text" in params:  # written before records had parameters
        return str(params["text"])
    describer = _DESCRIBERS.get(action)
    if describer is None:
        return f"{action} {dict(params)}"
    return describer(params)


def label(action: str) -> str:
    """The action as the reader calls it (the code of an action no app registers)."""
    return str(_LABELS.get(action, action))


def known(action: str) -> bool:
    """Whether ``action`` has a describer (every recorded action must have one)."""
    return action in _DESCRIBERS


def namespaces() -> dict[str, Namespace]:
    """The registered namespaces by name."""
    return dict(_NAMESPACES)


def filters() -> list[Filter]:
    """The filters of an event's change log page, in the order they were registered (the
    apps' order)."""
    return list(_FILTERS.values())


# --- writing ---------------------------------------------------------------------------------


def recorded_user(user: Any) -> Any:
    """The user a record names: None for an anonymous visitor (the scorekeeper's link) or a
    script."""
    return user if getattr(user, "is_authenticated", False) else None


def record(
    *,
    action: str,
    event: Any = None,
    user: Any = None,
    subject: models.Model | None = None,
    **params: Any,
) -> ChangeRecord:
    """An unsaved record of ``action`` of ``event`` (an event or its id; None: of no event)
    concerning ``subject``, for ``log_all``; ``params`` (plain JSON values) are the action's,
    under names other than these four."""
    if action not in _DESCRIBERS:
        raise ValueError(f"no describer for change-log action {action!r}")
    change = ChangeRecord(
        event_id=getattr(event, "pk", event),
        action=action,
        params=params,
        user=recorded_user(user),
    )
    if subject is not None:
        change.subject = subject
    return change


def log(
    *,
    action: str,
    event: Any = None,
    user: Any = None,
    subject: models.Model | None = None,
    **params: Any,
) -> ChangeRecord:
    """Record a change (call it inside the change's transaction); see ``record``."""
    change = record(action=action, event=event, user=user, subject=subject, **params)
    change.save()
    return change


def log_all(records: Iterable[ChangeRecord]) -> list[ChangeRecord]:
    """Store the records ``record`` made, in one statement (inside the change's
    transaction)."""
    return ChangeRecord.objects.bulk_create(list(records))


# --- describing helpers ----------------------------------------------------------------------


def yes_no(value: bool) -> str:
    return gettext("yes") if value else gettext("no")


def changes_text(changes: Sequence[Sequence[Any]], labels: Mapping[str, str]) -> str:
    """``[[field, old, new], …]`` as “Name “Hans” → “Hans Maier”; …”; booleans as yes/no."""

    def shown(value: Any) -> str:
        if isinstance(value, bool):
            return yes_no(value)
        return str(value) if value not in (None, "") else "–"

    return "; ".join(
        gettext("%(field)s “%(old)s” → “%(new)s”")
        % {"field": gettext(labels.get(field, field)), "old": shown(old), "new": shown(new)}
        for field, old, new in changes
    )


def user_name(user: Any) -> str:
    """How a line names the account that made a change (empty: none)."""
    return user.get_username() if user is not None else ""


# --- an event's change log -------------------------------------------------------------------


def line(change: ChangeRecord, **parts: Any) -> Line:
    """A record as a line (read with its user); ``parts`` replace what it says by default:
    ``params``, ``where``, ``who``."""
    return Line(**{
        "at": change.created_at,
        "id": change.pk,
        "action": change.action,
        "label": label(change.action),
        "params": change.params,
        "who": user_name(change.user),
        **parts,
    })


def lines(records: Sequence[ChangeRecord]) -> list[Line]:
    """The records as lines, in their order, each made by its namespace's ``lines``."""
    groups: dict[str, list[ChangeRecord]] = {}
    for change in records:
        groups.setdefault(namespace_of(change.action), []).append(change)
    made: dict[int, Line] = {}
    for name, group in groups.items():
        namespace = _NAMESPACES.get(name)
        if namespace is not None and namespace.lines is not None:
            group_lines = namespace.lines(group)
        else:
            group_lines = [line(change) for change in group]
        made.update(zip((change.pk for change in group), group_lines, strict=True))
    return [made[change.pk] for change in records]


def shown_under(kinds: Collection[str]) -> Q:
    """The records an event's change log shows under the filters ``kinds``: those of the
    namespaces registered under them, less those of a deeper namespace registered under
    another."""
    chosen = {name for name, space in _NAMESPACES.items()
              if space.shown_under is not None and space.shown_under.kind in kinds}
    query = Q(pk__in=[])
    for name in sorted(chosen):
        part = Q(action__startswith=f"{name}.")
        for other in sorted(_NAMESPACES):
            if other not in chosen and other.startswith(f"{name}."):
                part &= ~Q(action__startswith=f"{other}.")
        query |= part
    return query


@dataclass
class LogPage:
    """One page of an event's change log: its lines, newest first, and where it stands."""

    lines: list[Line]
    number: int
    per_page: int
    count: int  # the chosen records in all

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // self.per_page))

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def first(self) -> int:
        """The position of the page's first line in the whole log (1: the newest)."""
        return (self.number - 1) * self.per_page + 1 if self.lines else 0

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1 if self.lines else 0


def event_log(
    event: Any, *, kinds: Collection[str] | None = None, page: int = 1, per_page: int = 100
) -> LogPage:
    """Page ``page`` of the event's change log, records under the filters ``kinds`` (None:
    every record of the event), newest first; a page after the last is the last. Two queries
    (the count, the page's records with their users), and those of the page's namespaces'
    ``lines``; only the page's lines are described."""
    records = ChangeRecord.objects.filter(event=event)
    if kinds is not None:
        records = records.filter(shown_under(kinds))
    count = records.count()
    number = min(max(1, page), max(1, -(-count // per_page)))
    start = (number - 1) * per_page
    newest = records.select_related("user").order_by("-created_at", "-id")[
        start:start + per_page
    ]
    return LogPage(lines=lines(list(newest)), number=number, per_page=per_page, count=count)
