"""Data of a series (Cup, Masters): events of possibly different organisers ranked together
under the series' rule.

Imported into ``tournament.models`` (Django finds the models there). The series belongs to the
account that created it (``Series.owner``): the owner and superusers organise it. An event
joins a series only through someone who organises that event; each organiser keeps their own
event. The ranking is ``series.ranking`` (``series.standings`` reads the rule from
here), the rules ``docs/rules.md`` ("Series").
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core import limits
from tournament.models import Event


class Series(models.Model):
    class Counting(models.TextChoices):
        # the codes of ``series.ranking`` (a test checks they agree)
        ALL = "all", _("every evening")
        BEST = "best", _("the best evenings")
        EVERY = "every", _("only who played at every evening")

    class Scoring(models.TextChoices):
        TOTALS = "totals", _("the evening's total")
        PLACE_POINTS = "place_points", _("place points")

    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    slug = models.SlugField(_("short name"), max_length=limits.MAX_SLUG_LENGTH, unique=True)
    season = models.CharField(
        _("season"), max_length=limits.MAX_SEASON_LENGTH, blank=True,
        help_text=_("E.g. “2026” or “2026/27”."),
    )
    public = models.BooleanField(
        _("public standings"), default=False,
        help_text=_("Anyone can see the series standings page."),
    )
    counting = models.CharField(
        _("evenings that count"), max_length=10, choices=Counting.choices, default=Counting.ALL
    )
    best_of = models.PositiveSmallIntegerField(
        _("best how many evenings"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_SERIES_EVENTS)],
    )
    scoring = models.CharField(
        _("an evening is worth"), max_length=20, choices=Scoring.choices,
        default=Scoring.TOTALS,
    )
    place_points = models.JSONField(
        _("place points"), default=list, blank=True,
        help_text=_("Points for places 1, 2, 3, …; every further place gets 0."),
    )
    pot_percent = models.DecimalField(
        _("season pot: per cent of each evening's entry fee"),
        max_digits=5,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(limits.MAX_PERCENT)],
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="series",
        verbose_name=_("owner"),
    )
    events = models.ManyToManyField(
        Event, through="SeriesEvent", related_name="series", verbose_name=_("events")
    )
    # the series' log (``series.audit``): records of no event; deleted with the series
    changes = GenericRelation(
        "core.ChangeRecord", content_type_field="subject_type", object_id_field="subject_id"
    )

    class Meta:
        db_table = "tournament_series"  # made in the tournament app
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["-season", "name"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(counting="best") | Q(best_of__gte=1),
                name="series_best_of_given",
            ),
            models.CheckConstraint(
                condition=Q(pot_percent__gte=0, pot_percent__lte=limits.MAX_PERCENT),
                name="series_pot_percent_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}".strip()

    def get_absolute_url(self) -> str:
        return reverse("series-detail", kwargs={"series": self.slug})


class SeriesEvent(models.Model):
    """An event of a series, at its place in the series (by date)."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("series")
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="series_memberships",
        verbose_name=_("event"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        db_table = "tournament_seriesevent"  # made in the tournament app
        verbose_name = _("event of a series")
        verbose_name_plural = _("events of a series")
        ordering = ["series", "order", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "event"], name="series_event_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.series}: {self.event}"


def series_params(series: Series) -> dict[str, Any]:
    """How a log record names a series' settings (plain JSON values)."""
    return {
        "name": series.name,
        "season": series.season,
        "public": series.public,
        "counting": series.counting,
        "best_of": series.best_of,
        "scoring": series.scoring,
        "place_points": list(series.place_points or []),
        "pot_percent": str(series.pot_percent),
    }
