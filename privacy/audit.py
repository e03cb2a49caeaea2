"""How the change log describes the privacy app's records (``core.audit``): a person's data
deleted on request, one record in each event the person played or registered in (shown with
the event's entries, ``?art=turnier``) and one of the club (its subject). A record says that
it happened, by whom and when, and holds none of the deleted data: no name, no address."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.audit import Actions, describes, register_namespace
from tournament.audit import EVENT_RECORDS


class PrivacyAction(Actions):
    PERSON_DELETED = "privacy.person_deleted", _("a person's data deleted")


register_namespace("privacy", PrivacyAction, shown_under=EVENT_RECORDS)


@describes(PrivacyAction.PERSON_DELETED)
def _person_deleted(params: Mapping[str, Any]) -> str:
    return gettext(
        "A person's personal data deleted on request by the club's admins; their results stay "
        "under the name “deleted”."
    )
