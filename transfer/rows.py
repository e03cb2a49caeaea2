"""The rows of one event, found and written generically from the models' ``_meta`` (no field is
listed by hand, so new fields and models go along), and the keys that name them in an archive.

Which rows: the event and every row that belongs to it through a foreign key, transitively
(its entries, rounds, tables, seats, sheets, games, scores, settings of every app, roles,
registrations, payments, prizes, lots, change log, form submissions, series memberships: the
*owned* rows); the rows they refer to that belong to no event (players, a series: *referenced*,
forward only); and rows of any other model whose every foreign key into these points at one of
them (e.g. a link of two players both held). Accounts, the club and content types are named,
never carried: an account by its username, the club by its slug, a content type by
``app_label.model``.

A row's key is ``<installation id>:<model label>:<pk>`` of the installation that made it; a
row that came from an archive keeps its key (``transfer.models.TransferKey``).
"""

from __future__ import annotations

import base64
import datetime
import decimal
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from graphlib import TopologicalSorter
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models

from clubs.models import Club
from core.installation import installation_id
from tournament.models import Event
from transfer.models import TransferKey

Rows = dict[str, dict[str, dict[str, Any]]]  # model label → key → encoded field values

# The project's apps whose models an archive may carry (this app's own bookkeeping is not).
PROJECT_APPS = {"core", "clubs", "tournament", "scoring", "signup", "money", "results",
                "series", "clubsite", "privacy"}
NOT_CARRIED = {"core.installation"}
CLUB = "clubs.club"
# Fields an installation keeps for itself: the results stamp keys its own caches.
LOCAL_FIELDS = {"tournament.event": {"results_version", "results_changed_at"}}


def label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def user_model() -> type[models.Model]:
    return apps.get_model(settings.AUTH_USER_MODEL)


def is_named(model: type[models.Model]) -> bool:
    """Accounts, the club and content types are named in an archive, not keyed."""
    return model in (user_model(), Club, ContentType)


def carried_models() -> list[type[models.Model]]:
    return [
        model for model in apps.get_models()
        if model._meta.app_label in PROJECT_APPS and label(model) not in NOT_CARRIED
        and not is_named(model) and not model._meta.proxy
    ]


def foreign_keys(model: type[models.Model]) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if (f.is_relation and f.many_to_one)
            or (f.is_relation and f.one_to_one)]


def keyed_foreign_keys(model: type[models.Model]) -> list[models.ForeignKey]:
    """The foreign keys to rows an archive keys (not to accounts, clubs, content types)."""
    return [f for f in foreign_keys(model) if not is_named(f.related_model)]


def carried_fields(model: type[models.Model]) -> list[models.Field]:
    """The fields an archive writes of a row: every concrete one but an automatic id and the
    installation's own."""
    local = LOCAL_FIELDS.get(label(model), set())
    return [
        f for f in model._meta.concrete_fields
        if f.name not in local and not (f.primary_key and not f.is_relation)
    ]


def generic_keys(model: type[models.Model]) -> dict[str, GenericForeignKey]:
    """The id field of each generic foreign key of ``model`` → that key."""
    return {
        f.fk_field: f for f in model._meta.private_fields if isinstance(f, GenericForeignKey)
    }


def dependency_order(models_: Iterable[type[models.Model]]) -> list[type[models.Model]]:
    """The models with every model before those that refer to it."""
    chosen = set(models_)
    graph = {
        model: {f.related_model for f in keyed_foreign_keys(model)
                if f.related_model in chosen and f.related_model is not model}
        for model in chosen
    }
    return list(TopologicalSorter(graph).static_order())


# --- which rows ------------------------------------------------------------------------------


@dataclass
class EventRows:
    """The rows of an event by model, owned ones and referenced ones."""

    rows: dict[type[models.Model], dict[int, models.Model]] = field(default_factory=dict)

    def add(self, model: type[models.Model], found: Iterable[models.Model]) -> bool:
        held = self.rows.setdefault(model, {})
        before = len(held)
        for row in found:
            held.setdefault(row.pk, row)
        return len(held) > before

    def pks(self, model: type[models.Model]) -> set[int]:
        return set(self.rows.get(model, {}))


def event_rows(event: Event) -> EventRows:
    carried = carried_models()
    held = EventRows()
    held.add(Event, Event._base_manager.filter(pk=event.pk))  # as stored, not as passed
    owned = {Event}
    grown = True
    while grown:  # owned: rows with a foreign key to an owned row, transitively
        grown = False
        for model in carried:
            targets = [f for f in keyed_foreign_keys(model) if f.related_model in owned]
            if not targets:
                continue
            query = models.Q(pk__in=[])
            for f in targets:
                query |= models.Q(**{f"{f.attname}__in": held.pks(f.related_model)})
            if held.add(model, model._base_manager.filter(query)):
                owned.add(model)
                grown = True
    grown = True
    while grown:  # referenced: the rows the held ones point at, forward only
        grown = False
        for model in list(held.rows):
            for f in keyed_foreign_keys(model):
                ids = {getattr(row, f.attname) for row in held.rows[model].values()} - {None}
                missing = ids - held.pks(f.related_model)
                if missing and held.add(
                    f.related_model, f.related_model._base_manager.filter(pk__in=missing)
                ):
                    grown = True
    for model in carried:  # links: rows whose every keyed foreign key points at held rows
        if model in held.rows or not keyed_foreign_keys(model):
            continue
        query = models.Q()
        for f in keyed_foreign_keys(model):
            inside = models.Q(**{f"{f.attname}__in": held.pks(f.related_model)})
            query &= inside | models.Q(**{f"{f.attname}__isnull": True}) if f.null else inside
        some = models.Q(pk__in=[])
        for f in keyed_foreign_keys(model):
            some |= models.Q(**{f"{f.attname}__isnull": False})
        found = list(model._base_manager.filter(query & some))
        if found:
            held.add(model, found)
    return held


# --- keys ------------------------------------------------------------------------------------


class Keys:
    """The keys of local rows and the local rows of keys, for one installation."""

    def __init__(self) -> None:
        self.own = installation_id()
        self._key: dict[tuple[str, int], str] = {}
        self._local: dict[tuple[str, str], int | None] = {}
        for mapped in TransferKey.objects.all():
            self._key[(mapped.model, mapped.local_id)] = mapped.key
            self._local[(mapped.model, mapped.key)] = mapped.local_id

    def key(self, model_label: str, pk: Any) -> str:
        return self._key.get((model_label, pk)) or f"{self.own}:{model_label}:{pk}"

    def local(self, model: type[models.Model], key: str) -> int | None:
        """The local row's pk of ``key`` (None: no such row here)."""
        model_label = label(model)
        if (model_label, key) not in self._local:
            pk = None
            prefix = f"{self.own}:{model_label}:"
            if key.startswith(prefix) and key[len(prefix):].isdigit():
                pk = int(key[len(prefix):])
            self._local[(model_label, key)] = pk
        pk = self._local[(model_label, key)]
        if pk is not None and not model._base_manager.filter(pk=pk).exists():
            return None
        return pk

    def made(self, model: type[models.Model], key: str, pk: int, *, event_id: int | None,
             owned: bool) -> TransferKey | None:
        """Remember that the row ``pk`` made here stands for ``key``; the mapping to store
        (None: the key is the row's own)."""
        model_label = label(model)
        self._local[(model_label, key)] = pk
        self._key[(model_label, pk)] = key
        if key == f"{self.own}:{model_label}:{pk}":
            return None
        return TransferKey(event_id=event_id if owned else None, model=model_label, key=key,
                           local_id=pk)


# --- values ----------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A field's value as JSON holds it."""
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def field_value(f: models.Field, value: Any) -> Any:
    """A plain value back as the field holds it."""
    if value is None:
        return None
    if isinstance(f, models.BinaryField):
        return base64.b64decode(value)
    if isinstance(f, models.JSONField):
        return value
    return f.to_python(value)


@dataclass(frozen=True)
class InnerIds:
    """A field that holds ids of rows in its value (not as a foreign key): how to key them."""

    to: str  # the model label of the rows
    write: Callable[[Any, Callable[[Any], Any]], Any]  # value, id → key (or back)


def _each(value: Any, change: Callable[[Any], Any]) -> Any:
    return [change(item) for item in value] if isinstance(value, list) else value


def _special(value: Any, change: Callable[[Any], Any]) -> Any:
    if isinstance(value, str) and value.startswith("special-"):
        inner = value.removeprefix("special-")
        changed = change(int(inner) if inner.isdigit() else inner)
        return f"special-{changed}" if changed is not None else value
    return value


# the lots drawn (entry ids in the order drawn) and a special prize's line of the prize table
INNER_IDS = {
    ("money.prizelot", "order"): InnerIds("tournament.entry", _each),
    ("money.prizehandout", "line"): InnerIds("money.prize", _special),
}


def encode_rows(held: EventRows, keys: Keys) -> Rows:
    """Every held row as its key and its plain field values (foreign keys as keys, accounts
    as usernames, the club by its slug)."""
    users = dict(user_model()._base_manager.values_list("pk", user_model().USERNAME_FIELD))
    clubs = dict(Club.objects.values_list("pk", "slug"))
    types = {ct.pk: f"{ct.app_label}.{ct.model}" for ct in ContentType.objects.all()}
    encoded: Rows = {}
    for model, rows in held.rows.items():
        model_label = label(model)
        generic = generic_keys(model)
        out = encoded.setdefault(model_label, {})
        for pk, row in rows.items():
            values: dict[str, Any] = {}
            for f in carried_fields(model):
                raw = getattr(row, f.attname)
                if f.is_relation:
                    target = f.related_model
                    if raw is None:
                        values[f.name] = None
                    elif target is Club:
                        values[f.name] = clubs.get(raw)
                    elif target is ContentType:
                        values[f.name] = types.get(raw)
                    elif is_named(target):
                        values[f.name] = users.get(raw)
                    else:
                        values[f.name] = keys.key(label(target), raw)
                elif f.name in generic and raw is not None:
                    kind = types.get(getattr(row, generic[f.name].ct_field + "_id"))
                    values[f.name] = keys.key(kind, raw) if kind else None
                elif (model_label, f.name) in INNER_IDS:
                    inner = INNER_IDS[(model_label, f.name)]
                    values[f.name] = inner.write(
                        raw, lambda pk, to=inner.to: keys.key(to, pk)
                    )
                else:
                    values[f.name] = plain(raw)
            out[keys.key(model_label, pk)] = values
    return encoded


def club_values(club: Club) -> dict[str, Any]:
    return {f.name: plain(getattr(club, f.attname)) for f in carried_fields(Club)}


def model_of(model_label: str) -> type[models.Model] | None:
    try:
        return apps.get_model(model_label)
    except (LookupError, ValueError):
        return None
