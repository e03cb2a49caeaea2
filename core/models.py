"""The change log: one record per change of every app (``ChangeRecord``), written and described
through ``core.audit``."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ChangeRecordQuerySet(models.QuerySet):
    def about(self, subject: models.Model) -> ChangeRecordQuerySet:
        """The records of changes of ``subject`` (an entry, a score sheet, a registration, a
        series)."""
        return self.about_all(type(subject), [subject.pk])

    def about_all(self, model: type[models.Model], ids: Iterable[int]) -> ChangeRecordQuerySet:
        """The records of changes of the ``model`` rows ``ids``."""
        return self.filter(
            subject_type=ContentType.objects.get_for_model(model), subject_id__in=list(ids)
        )


class ChangeRecord(models.Model):
    """One change, as the change log keeps it: which event (none for a series), who made it
    (none for the scorekeeper's link, a registrant or a script) and when, the action as a code
    ``<namespace>.<action>`` (the namespaces and their actions are registered by the apps that
    own them, ``core.audit``), what it concerns (``subject``: an entry, a score sheet, a
    registration, a series; none for the event as a whole) and the parameters the action's
    sentence is made of, as JSON. The record holds no sentence: it is described in the reader's
    language when it is read.

    A subject that is deleted takes its records along where its model says so (a score sheet's
    and a series' ``changes``, ``GenericRelation``); an entry's or a registration's records
    keep its id and name it by their parameters.
    """

    event = models.ForeignKey(
        "tournament.Event",
        on_delete=models.CASCADE,
        db_index=False,  # the index of the event's log begins with it
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("event"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(_("time"), default=timezone.now)
    action = models.CharField(_("action"), max_length=60)
    subject_type = models.ForeignKey(
        ContentType,
        on_delete=models.CASCADE,
        db_index=False,  # the index of a subject's records begins with it
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("subject's kind"),
    )
    subject_id = models.PositiveBigIntegerField(_("subject's id"), null=True, blank=True)
    subject = GenericForeignKey("subject_type", "subject_id")
    params = models.JSONField(_("parameters"), default=dict, blank=True)

    objects = ChangeRecordQuerySet.as_manager()

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("change log")
        ordering = ["-created_at", "-id"]
        indexes = [
            # an event's log, newest first
            models.Index(fields=["event", "created_at"], name="change_event_time"),
            # a subject's records: a sheet's trail and the change notices
            models.Index(fields=["subject_type", "subject_id"], name="change_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%d.%m.%Y %H:%M} {self.action}: {self.description}"

    @property
    def description(self) -> str:
        """The change in one sentence, in the active language."""
        from core.audit import describe

        return describe(self.action, self.params)


class Installation(models.Model):
    """This installation (a server, a hall's laptop): its id, a UUID made on first use
    (``core.installation.installation_id``). An event's archive names the installation it
    comes from, and the keys of its rows begin with it (``transfer``)."""

    uuid = models.UUIDField(_("installation's id"), unique=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("installation")
        verbose_name_plural = _("installations")

    def __str__(self) -> str:
        return str(self.uuid)
