"""How the change log describes the transfer actions (``core.audit``): an event imported from
its archive, an archive received into the event; counts, never the rows. Shown with the
event's own records (``?art=turnier``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, describes, register_namespace
from tournament.audit import EVENT_RECORDS


class TransferAction(Actions):
    IMPORTED = "transfer.imported", _("imported from an archive")
    RECEIVED = "transfer.received", _("archive received")


register_namespace("transfer", TransferAction, shown_under=EVENT_RECORDS)


def _counts(params: Mapping[str, Any]) -> str:
    return gettext(
        "%(created)s rows added, %(updated)s changed, %(deleted)s deleted; %(conflicts)s "
        "conflicts decided, %(unknown)s unknown accounts left out."
    ) % {**params, "unknown": params.get("unknown_users", 0)}


@describes(TransferAction.IMPORTED)
def _imported(params: Mapping[str, Any]) -> str:
    return gettext("Tournament imported from its archive: %(counts)s") % {
        "counts": _counts(params)
    }


@describes(TransferAction.RECEIVED)
def _received(params: Mapping[str, Any]) -> str:
    return gettext("Archive received: %(counts)s") % {"counts": _counts(params)}
