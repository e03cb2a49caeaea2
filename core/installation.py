"""This installation's id (``core.models.Installation``): made on first use, then kept."""

from __future__ import annotations

import uuid

from django.db import transaction

from core.models import Installation


def installation_id() -> str:
    """The id of this installation (a UUID as text), made on first use."""
    first = Installation.objects.order_by("pk").first()
    if first is None:
        with transaction.atomic():
            first = Installation.objects.create(uuid=uuid.uuid4())
    return str(first.uuid)
