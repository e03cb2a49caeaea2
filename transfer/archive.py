"""An event as one file (*Abend als Datei*, docs/transfer.md): a zip holding ``manifest.json``
(what the file is, where and when it was made, the checksum of the data) and ``data.json`` (the
event's rows by model label, each with its key). ``build_archive`` writes it, ``read_archive``
reads and checks it, refusing anything that is not an intact archive this version reads."""

from __future__ import annotations

import hashlib
import io
import json
import uuid
import zipfile
import zlib
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from django.db import transaction
from django.utils import timezone

from core import limits
from core.errors import UserError, gettext_noop
from tournament.models import Event
from transfer.models import TransferBase
from transfer.rows import CLUB, Keys, Rows, club_values, encode_rows, event_rows, label

FORMAT = "binokel-event"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
DATA = "data.json"

NOT_A_ZIP = gettext_noop(
    "The file is not an event archive of Binokel-Turnier (not a zip file)."
)
DAMAGED = gettext_noop(
    "The archive is damaged or incomplete (perhaps cut short while copying); nothing was "
    "changed."
)
FOREIGN = gettext_noop(
    "The zip file is no event archive of Binokel-Turnier (it has no manifest of one)."
)
NEWER = gettext_noop(
    "The archive was written by a newer version of Binokel-Turnier (format %(found)s; this "
    "version reads up to %(known)s): bring this installation up to date first."
)
ALTERED = gettext_noop(
    "The archive's data does not match its checksum: it was changed after it was written. "
    "Nothing was changed."
)
TOO_LARGE = gettext_noop("The archive is larger than %(megabytes)s MB.")


def app_version() -> str:
    try:
        return metadata.version("binokel-turnier")
    except metadata.PackageNotFoundError:
        return "0"


@dataclass(frozen=True)
class Archive:
    """An archive read and checked: its manifest and its rows (``{label: {key: fields}}``)."""

    manifest: dict[str, Any]
    rows: Rows = field(repr=False)

    @property
    def source(self) -> str:
        return str(self.manifest["installation"])

    @property
    def id(self) -> str:
        return str(self.manifest["archive"])

    @property
    def event_key(self) -> str:
        return str(self.manifest["event"])

    @property
    def event_fields(self) -> dict[str, Any]:
        return self.rows.get(label(Event), {}).get(self.event_key, {})

    @property
    def club_slug(self) -> str:
        return str(self.event_fields.get("club") or "")

    @property
    def club_fields(self) -> dict[str, Any]:
        return self.rows.get(CLUB, {}).get(self.club_slug, {})


def _manifest(event_key: str, data: bytes, keys: Keys, event: Event) -> dict[str, Any]:
    received = list(TransferBase.objects.filter(event=event).exclude(peer=""))
    latest: dict[str, TransferBase] = {}
    for base in received:  # newest first
        latest.setdefault(base.peer, base)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": app_version(),
        "installation": keys.own,
        "archive": str(uuid.uuid4()),
        "event": event_key,
        "created_at": timezone.now().isoformat(),
        "sha256": hashlib.sha256(data).hexdigest(),
        # the archives of the event this installation received last, one per installation:
        # the receiver merges against what it sent (docs/transfer.md)
        "based_on": sorted(base.archive for base in latest.values()),
        # rows and accounts of those archives this installation could not hold
        "not_held": sorted({key for base in latest.values() for key in base.dropped}),
        "unknown_users": sorted({name for base in latest.values()
                                 for name in base.unknown_users}),
    }


def current_rows(event: Event, keys: Keys) -> Rows:
    """The event's rows as an archive carries them, the club's among them."""
    rows = encode_rows(event_rows(event), keys)
    rows[CLUB] = {event.club.slug: club_values(event.club)}
    return rows


def pack(manifest: dict[str, Any], data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, indent=2, ensure_ascii=False))
        archive.writestr(DATA, data)
    return buffer.getvalue()


def data_bytes(rows: Rows) -> bytes:
    listed = {
        model: [{"key": key, "fields": values} for key, values in sorted(by_key.items())]
        for model, by_key in sorted(rows.items())
    }
    return json.dumps(listed, ensure_ascii=False, sort_keys=True).encode("utf-8")


@transaction.atomic
def build_archive(*, event: Event) -> bytes:
    """The event as one file; what it carries is kept as the base of the next merge with
    whoever reads it (``TransferBase`` without peer)."""
    keys = Keys()
    rows = current_rows(event, keys)
    data = data_bytes(rows)
    manifest = _manifest(keys.key(label(Event), event.pk), data, keys, event)
    TransferBase.objects.create(event=event, peer="", archive=manifest["archive"], rows=rows)
    return pack(manifest, data)


def _read_member(archive: zipfile.ZipFile, name: str) -> bytes:
    info = archive.getinfo(name)
    if info.file_size > limits.MAX_ARCHIVE_UNPACKED_BYTES:
        raise UserError(TOO_LARGE, megabytes=limits.MAX_ARCHIVE_UNPACKED_BYTES // 2**20)
    return archive.read(name)


def read_archive(data: bytes) -> Archive:
    """The archive in ``data``, read whole and checked (UserError: not an archive, damaged,
    changed after it was written, of a newer format)."""
    if len(data) > limits.MAX_ARCHIVE_BYTES:
        raise UserError(TOO_LARGE, megabytes=limits.MAX_ARCHIVE_BYTES // 2**20)
    if not zipfile.is_zipfile(io.BytesIO(data)):
        # a zip's first part without its end (its directory): a file cut short
        raise UserError(DAMAGED if data.startswith(b"PK\x03\x04") else NOT_A_ZIP)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if MANIFEST not in names:
                raise UserError(FOREIGN)
            manifest = json.loads(_read_member(archive, MANIFEST))
            if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
                raise UserError(FOREIGN)
            version = manifest.get("format_version")
            if not isinstance(version, int) or version < 1:
                raise UserError(DAMAGED)
            if version > FORMAT_VERSION:
                raise UserError(NEWER, found=version, known=FORMAT_VERSION)
            if DATA not in names:
                raise UserError(DAMAGED)
            content = _read_member(archive, DATA)
    except (zipfile.BadZipFile, zlib.error, EOFError, KeyError, ValueError,
            UnicodeDecodeError, NotImplementedError) as error:
        raise UserError(DAMAGED) from error
    if hashlib.sha256(content).hexdigest() != manifest.get("sha256"):
        raise UserError(ALTERED)
    try:
        listed = json.loads(content)
        rows: Rows = {
            str(model): {str(row["key"]): dict(row["fields"]) for row in model_rows}
            for model, model_rows in listed.items()
        }
        for name in ("installation", "archive", "event"):
            if not isinstance(manifest.get(name), str) or not manifest[name]:
                raise ValueError(name)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise UserError(DAMAGED) from error
    found = Archive(manifest=manifest, rows=rows)
    if not found.event_fields or not found.club_fields:
        raise UserError(DAMAGED)
    return found
