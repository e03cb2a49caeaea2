"""Receiving an event's archive (docs/transfer.md): an event not here is created as it was (start
numbers, registration codes, sheet tokens, links); an event here is brought up to date by the
three-way merge of ``transfer.merge`` against what both installations last held in common
(``TransferBase``). Conflicts not decided leave everything as it was and are answered. One
transaction: a refused or failed receive changes nothing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, models, transaction
from django.db.models import ProtectedError

from clubs.models import ORGANISING, Club, ClubMember
from core import audit
from core.errors import Message, UserError, gettext_noop
from tournament.models import Event
from tournament.results import results_changed
from transfer.archive import Archive, current_rows, read_archive
from transfer.audit import TransferAction
from transfer.merge import CREATE, DELETE, DELETED, UPDATE, Change, Conflict, Plan, merge
from transfer.models import TransferBase, TransferKey, WaitingArchive
from transfer.rows import (
    CLUB,
    INNER_IDS,
    Keys,
    Rows,
    carried_fields,
    carried_models,
    dependency_order,
    field_value,
    generic_keys,
    keyed_foreign_keys,
    label,
    model_of,
    user_model,
)

CREATED, UPDATED, UNCHANGED, CONFLICTS = "created", "updated", "unchanged", "conflicts"
KEYS_PER_STATEMENT = 500
"""How many keys one statement reads or writes: a whole evening's thousands of rows in one
statement exceed SQLite's limits (bench/archive.py)."""

SLUG_TAKEN = gettext_noop(
    "Another event has the short name “%(slug)s” here; the archive's event is not that one. "
    "Change the short name of the event here, then import the archive again."
)
NOT_ORGANISER = gettext_noop(
    "You do not organise the club “%(club)s” or this event: only its organisers may import "
    "its archive."
)
NO_CLUB = gettext_noop(
    "The club “%(club)s” of the archive does not exist here; only an administrator may "
    "create it by importing."
)
OTHER_CLUB = gettext_noop("The archive's event does not belong to the club “%(club)s”.")
CANNOT_APPLY = gettext_noop(
    "The archive cannot be applied here (%(error)s); nothing was changed."
)
DELETED_TEXT = gettext_noop("(deleted)")
CHANGED_TEXT = gettext_noop("(changed)")


@dataclass(frozen=True)
class ConflictLine:
    """A conflict as the page and the command show it."""

    id: str
    model: str  # the model's name
    row: str  # which row
    field: str  # the field's name ("" for a deleted row)
    here: str
    there: str


@dataclass
class ReceiveResult:
    status: str  # CREATED, UPDATED, UNCHANGED, CONFLICTS (then nothing was written)
    event: Event | None
    archive: str = ""  # the archive's id (its manifest's)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # label → kind → rows
    conflicts: list[ConflictLine] = field(default_factory=list)
    dropped_users: list[str] = field(default_factory=list)  # usernames unknown here
    skipped: int = 0  # rows not held here (an unknown account, a row they refer to missing)

    @property
    def written(self) -> bool:
        return self.status in (CREATED, UPDATED)

    def total(self, kind: str) -> int:
        return sum(by_kind.get(kind, 0) for by_kind in self.counts.values())


# --- who may ---------------------------------------------------------------------------------


def _local_club(archive: Archive, user: Any, club: Club | None, event: Event | None) -> Club | None:
    """The club the event is (or will be) of here; UserError if the receiver may not."""
    slug = archive.club_slug
    here = event.club if event is not None else Club.objects.filter(slug=slug).first()
    if club is not None:  # a club's token
        if here is None or here.pk != club.pk:
            raise UserError(OTHER_CLUB, club=club.name)
        return here
    if user is None or user.is_superuser:  # the command, an administrator
        return here
    if here is None:
        raise UserError(NO_CLUB, club=archive.club_fields.get("name") or slug)
    organises = ClubMember.objects.filter(club=here, user=user, role__in=ORGANISING).exists()
    if not organises and not (
        event is not None and Event.objects.organised_by(user).filter(pk=event.pk).exists()
    ):
        raise UserError(NOT_ORGANISER, club=here.name)
    return here


def _create_club(archive: Archive) -> Club:
    values = archive.club_fields
    attrs = {f.attname: field_value(f, values[f.name])
             for f in carried_fields(Club) if f.name in values}
    club = Club.objects.create(**attrs)
    if "created_at" in attrs:
        Club.objects.filter(pk=club.pk).update(created_at=attrs["created_at"])
    return club


# --- the base --------------------------------------------------------------------------------


def _base(event: Event, archive: Archive) -> TransferBase | None:
    """What both sides last held in common: the newest of the archive this installation wrote
    that the other one last received (``based_on``), and the one it last received from it."""
    based_on = [str(name) for name in archive.manifest.get("based_on") or []]
    candidates = TransferBase.objects.filter(event=event).filter(
        models.Q(peer="", archive__in=based_on) | models.Q(peer=archive.source)
    )
    return candidates.first()  # newest first


def _as_they_hold_it(theirs: Rows, base: Rows | None, manifest: Mapping[str, Any]) -> Rows:
    """Their rows, where they could not hold what they received, as they received it: a row
    they did not hold is no deletion, an account unknown there no change."""
    if not base:
        return theirs
    not_held = set(manifest.get("not_held") or [])
    unknown = set(manifest.get("unknown_users") or [])
    users = user_model()
    for model_label, base_rows in base.items():
        model = model_of(model_label)
        user_fields = [f.name for f in carried_fields(model) if f.is_relation
                       and f.related_model is users] if model else []
        rows = theirs.setdefault(model_label, {})
        for key, was in base_rows.items():
            if key in not_held and key not in rows:
                rows[key] = dict(was)
            row = rows.get(key)
            for name in user_fields if row is not None else ():
                if row.get(name) is None and was.get(name) in unknown:
                    row[name] = was[name]
    return theirs


def _known(rows: Rows) -> Rows:
    """The rows of models and fields this version knows (a newer one may carry more)."""
    known = {label(model): {f.name for f in carried_fields(model)} for model in carried_models()}
    return {
        model_label: {key: {name: value for name, value in values.items()
                            if name in known[model_label]}
                      for key, values in by_key.items()}
        for model_label, by_key in rows.items() if model_label in known
    }


# --- applying --------------------------------------------------------------------------------


def owned_models(chosen: Iterable[type[models.Model]]) -> set[type[models.Model]]:
    """The models whose rows belong to the event (the event, and those with a foreign key to
    one of them, transitively); the others' rows are shared (players, a series)."""
    chosen = set(chosen)
    owned = {Event}
    grown = True
    while grown:
        grown = False
        for model in chosen - owned:
            if any(f.related_model in owned for f in keyed_foreign_keys(model)):
                owned.add(model)
                grown = True
    return owned


class Applier:
    """Writes a plan's changes, foreign keys resolved to the rows here."""

    def __init__(self, keys: Keys, result: ReceiveResult) -> None:
        self.keys = keys
        self.result = result
        self.users = {name: pk for pk, name in user_model()._base_manager.values_list(
            "pk", user_model().USERNAME_FIELD)}
        self.clubs = dict(Club.objects.values_list("slug", "pk"))
        self.types = {f"{ct.app_label}.{ct.model}": ct.pk for ct in ContentType.objects.all()}
        self.dropped: list[str] = []
        self.unknown: set[str] = set()
        self.mappings: list[TransferKey] = []
        self.event_id: int | None = None

    def count(self, model_label: str, kind: str) -> None:
        by_kind = self.result.counts.setdefault(model_label, {})
        by_kind[kind] = by_kind.get(kind, 0) + 1

    def _target(self, f: models.Field, value: Any) -> tuple[bool, Any]:
        """(resolved, the local id) of a foreign key's plain value."""
        target = f.related_model
        if value is None:
            return True, None
        if target is Club:
            pk = self.clubs.get(value)
        elif target is ContentType:
            pk = self.types.get(value)
        elif target is user_model():
            pk = self.users.get(value)
            if pk is None:
                self.unknown.add(str(value))
        else:
            pk = self.keys.local(target, value)
        return pk is not None, pk

    def attributes(self, model: type[models.Model], values: Mapping[str, Any]) -> dict | None:
        """The row's attributes from its plain values; None if a required row or account is
        not here."""
        model_label = label(model)
        generic = generic_keys(model)
        attrs: dict[str, Any] = {}
        for f in carried_fields(model):
            if f.name not in values:
                continue
            value = values[f.name]
            if f.is_relation:
                resolved, pk = self._target(f, value)
                if not resolved and not f.null:
                    return None
                attrs[f.attname] = pk
            elif f.name in generic:
                kind = model_of(str(values.get(generic[f.name].ct_field) or ""))
                attrs[f.attname] = (self.keys.local(kind, value)
                                    if kind is not None and value is not None else None)
            elif (model_label, f.name) in INNER_IDS:
                inner = INNER_IDS[(model_label, f.name)]
                to = model_of(inner.to)
                attrs[f.attname] = inner.write(
                    value, lambda key, to=to: self.keys.local(to, str(key))
                )
            else:
                attrs[f.attname] = field_value(f, value)
        return attrs

    def same_row(self, model: type[models.Model], attrs: Mapping[str, Any]) -> int | None:
        """The pk of the row here with the same value in a unique field, if any."""
        for f in carried_fields(model):
            if f.unique and not f.primary_key and attrs.get(f.attname) not in (None, ""):
                found = model._base_manager.filter(**{f.attname: attrs[f.attname]}).first()
                if found is not None:
                    return found.pk
        return None

    def create(self, model: type[models.Model], changes: list[Change], owned: bool) -> None:
        made, keys_of = [], []
        for change in changes:
            if self.keys.local(model, change.key) is not None:
                continue  # a shared row received before (a player): kept as it is here
            attrs = self.attributes(model, change.fields)
            if attrs is None:
                self.dropped.append(change.key)
                self.result.skipped += 1
                continue
            same = None if owned else self.same_row(model, attrs)
            if same is not None:  # a shared row here by a unique field (a series' slug)
                mapping = self.keys.made(model, change.key, same, event_id=None, owned=False)
                self.mappings.extend([mapping] if mapping else [])
                continue
            made.append(model(**attrs))
            keys_of.append((change.key, attrs))
        if not made:
            return
        model._base_manager.bulk_create(made)
        automatic = [f.attname for f in model._meta.concrete_fields
                     if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]
        for row, (key, attrs) in zip(made, keys_of, strict=True):
            if model is Event:
                self.event_id = row.pk
            kept = {name: attrs[name] for name in automatic if attrs.get(name) is not None}
            if kept:
                model._base_manager.filter(pk=row.pk).update(**kept)
            mapping = self.keys.made(model, key, row.pk, event_id=self.event_id, owned=owned)
            if mapping is not None:
                self.mappings.append(mapping)
            self.count(label(model), CREATE)

    def update(self, model: type[models.Model], change: Change) -> None:
        pk = self.keys.local(model, change.key)
        attrs = self.attributes(model, change.fields)
        if pk is None or attrs is None:
            self.result.skipped += 1
            return
        model._base_manager.filter(pk=pk).update(**attrs)
        self.count(label(model), UPDATE)

    def delete(self, model: type[models.Model], change: Change) -> None:
        pk = self.keys.local(model, change.key)
        if pk is not None and model._base_manager.filter(pk=pk).delete()[0]:
            self.count(label(model), DELETE)

    def apply(self, plan: Plan) -> None:
        by_model: dict[str, list[Change]] = {}
        for change in plan.changes:
            by_model.setdefault(change.model, []).append(change)
        order = dependency_order(m for m in map(model_of, by_model) if m is not None)
        owned = owned_models(order)
        for model in order:
            creates = [c for c in by_model[label(model)] if c.kind == CREATE]
            self.create(model, creates, model in owned)
        for model in order:
            for change in by_model[label(model)]:
                if change.kind == UPDATE:
                    self.update(model, change)
        for model in reversed(order):
            for change in by_model[label(model)]:
                if change.kind == DELETE:
                    self.delete(model, change)
        stale: dict[str, list[str]] = {}  # keys of rows deleted here since, now made anew
        for mapping in self.mappings:
            stale.setdefault(mapping.model, []).append(mapping.key)
        for model_label, keys in stale.items():
            for start in range(0, len(keys), KEYS_PER_STATEMENT):
                TransferKey.objects.filter(
                    model=model_label, key__in=keys[start:start + KEYS_PER_STATEMENT]
                ).delete()
        TransferKey.objects.bulk_create(self.mappings, batch_size=KEYS_PER_STATEMENT)


# --- showing a conflict ----------------------------------------------------------------------


def _shown(value: Any) -> str:
    if value is DELETED:
        return str(Message(DELETED_TEXT))
    if value in ("", None):
        return "–"
    return str(value)


def _side(conflict: Conflict, value: Any) -> str:
    """A side of a conflict: its value, or for a whole row deleted or changed."""
    if conflict.field or value is DELETED:
        return _shown(value)
    return str(Message(CHANGED_TEXT))


def conflict_lines(conflicts: list[Conflict], theirs: Rows, keys: Keys) -> list[ConflictLine]:
    lines = []
    for conflict in conflicts:
        model = model_of(conflict.model)
        meta = model._meta if model else None
        pk = keys.local(model, conflict.key) if model else None
        row = model._base_manager.filter(pk=pk).first() if pk is not None else None
        name = str(row) if row is not None else conflict.key
        field_name = ""
        if conflict.field and meta is not None:
            field_name = str(meta.get_field(conflict.field).verbose_name)
        lines.append(ConflictLine(
            id=conflict.id,
            model=str(meta.verbose_name) if meta else conflict.model,
            row=name,
            field=field_name,
            here=_side(conflict, conflict.here),
            there=_side(conflict, conflict.there),
        ))
    return lines


# --- receiving -------------------------------------------------------------------------------


@transaction.atomic
def receive_archive(*, data: bytes, user: Any = None, club: Club | None = None,
                    decisions: dict[str, str] | None = None) -> ReceiveResult:
    """Import or merge the event of the archive ``data`` (see the module). ``user``: the account
    receiving (it organises the event's club or is an administrator); ``club``: instead, the
    club whose token authenticated (the event must be its); neither: the command.
    ``decisions``: conflict id (or ``"*"``) → ``"theirs"`` / ``"ours"``."""
    archive = read_archive(data)
    keys = Keys()
    event_pk = keys.local(Event, archive.event_key)
    event = Event.objects.select_related("club").filter(pk=event_pk).first() if event_pk else None
    here_club = _local_club(archive, user, club, event)
    theirs = _known({name: rows for name, rows in archive.rows.items() if name != CLUB})
    if event is None:
        slug = archive.event_fields.get("slug")
        if Event.objects.filter(slug=slug).exists():
            raise UserError(SLUG_TAKEN, slug=slug)
        base_rows, ours = None, {}
    else:
        base = _base(event, archive)
        base_rows = base.rows if base is not None else None
        ours = current_rows(event, keys)
        ours.pop(CLUB, None)
        theirs = _as_they_hold_it(theirs, base_rows, archive.manifest)
        if base_rows is not None:
            base_rows = {name: rows for name, rows in base_rows.items() if name != CLUB}
    plan = merge(base_rows, ours, theirs, decisions)
    result = ReceiveResult(status=CONFLICTS, event=event, archive=archive.id)
    if plan.conflicts:
        result.conflicts = conflict_lines(plan.conflicts, theirs, keys)
        return result
    if here_club is None:
        here_club = _create_club(archive)
    applier = Applier(keys, result)
    applier.event_id = event.pk if event is not None else None
    try:
        with transaction.atomic():
            applier.apply(plan)
    except (IntegrityError, ProtectedError, ValueError) as error:
        raise UserError(CANNOT_APPLY, error=str(error)) from error
    event = Event.objects.select_related("club").get(pk=keys.local(Event, archive.event_key))
    result.event = event
    result.dropped_users = sorted(applier.unknown)
    created = event_pk is None or event_pk != event.pk
    changed = bool(result.counts)
    result.status = CREATED if created else UPDATED if changed else UNCHANGED
    if not TransferBase.objects.filter(event=event, peer=archive.source,
                                       archive=archive.id).exists():
        TransferBase.objects.create(
            event=event, peer=archive.source, archive=archive.id, rows=theirs,
            dropped=applier.dropped, unknown_users=result.dropped_users,
        )
    WaitingArchive.objects.filter(event=event, archive=archive.id).delete()
    if changed:
        results_changed(event_id=event.pk)
        audit.log(
            action=TransferAction.RECEIVED if not created else TransferAction.IMPORTED,
            event=event, user=user,
            created=result.total(CREATE), updated=result.total(UPDATE),
            deleted=result.total(DELETE), conflicts=len(plan.decided),
            unknown_users=len(result.dropped_users),
        )
    return result


@transaction.atomic
def hold_for_decision(*, result: ReceiveResult, data: bytes, sent_by: str) -> WaitingArchive:
    """Keep the archive ``data``, whose receive (``result``) met conflicts, sent by ``sent_by``
    (a sending key's label), until the event's organisers decide them here (the same archive
    sent again is kept once)."""
    waiting, _created = WaitingArchive.objects.update_or_create(
        event=result.event, archive=result.archive,
        defaults={"data": data, "sent_by": sent_by},
    )
    return waiting
