"""What an installation keeps of the archives it exchanged (docs/transfer.md): the keys of
rows that came from another installation (``TransferKey``), and per event and peer the rows
both sides last held (``TransferBase``), the base of the next three-way merge."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.models import Event


class TransferKey(models.Model):
    """The archive key of a local row that came from another installation (or was made anew
    here for a row of an archive): exported again, the row keeps that key."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="+",
        verbose_name=_("event"),
    )
    model = models.CharField(_("model"), max_length=100)
    key = models.CharField(_("key"), max_length=200)
    local_id = models.PositiveBigIntegerField(_("local id"))

    class Meta:
        verbose_name = _("archive key")
        verbose_name_plural = _("archive keys")
        constraints = [
            models.UniqueConstraint(fields=["model", "key"], name="transfer_key_unique"),
        ]
        indexes = [models.Index(fields=["model", "local_id"], name="transfer_key_local")]

    def __str__(self) -> str:
        return f"{self.key} = {self.model} {self.local_id}"


class TransferBase(models.Model):
    """The rows of an event as an archive carried them: one this installation wrote
    (``peer`` empty: whoever reads it) or one it received from the installation ``peer``."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="+", verbose_name=_("event")
    )
    peer = models.CharField(_("peer installation"), max_length=36, blank=True)
    archive = models.CharField(_("archive's id"), max_length=36)
    rows = models.JSONField(_("rows"), default=dict)
    # of a received archive: keys of its rows and usernames this installation could not hold
    dropped = models.JSONField(_("rows not held"), default=list)
    unknown_users = models.JSONField(_("unknown accounts"), default=list)
    created_at = models.DateTimeField(_("time"), default=timezone.now)

    class Meta:
        verbose_name = _("archive exchanged")
        verbose_name_plural = _("archives exchanged")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "peer"], name="transfer_base_peer")]

    def __str__(self) -> str:
        return f"{self.event_id} {self.peer or '→'} {self.archive}"


class WaitingArchive(models.Model):
    """An archive an installation sent with a sending key (``manage.py push_event``) whose
    conflicts wait for the event's organisers to decide them here; done once an archive of the
    same id is received."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="+", verbose_name=_("event")
    )
    archive = models.CharField(_("archive's id"), max_length=36)
    data = models.BinaryField(_("archive"))
    sent_by = models.CharField(_("sent by"), max_length=200)
    received_at = models.DateTimeField(_("received"), default=timezone.now)

    class Meta:
        verbose_name = _("archive waiting for a decision")
        verbose_name_plural = _("archives waiting for a decision")
        ordering = ["-received_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event_id} {self.sent_by} {self.archive}"
