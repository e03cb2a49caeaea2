"""Score sheets: the games a table plays in one round, each with one line per party, or for an
event kept in round totals each party's total of the round (``RoundTotal``). An event kept in
points per game stores each game as a ``Game`` of the kind ``written`` (``Game.Kind.WRITTEN``):
its declarer where the paper names it, no bid, and per party a line of the points as written
(meld 0, no trick points).

A game's points are computed by ``scoring.rules.score_hand`` when it is saved
(``scoring.services.sheets``); the terms are in ``docs/glossary.md``.
"""

import secrets

from django.conf import settings
from django.contrib.contenttypes.fields import GenericRelation
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _

from scoring.modes import WRITTEN
from scoring.rules import CONCEDED, DURCH, DURCH_OPEN, KINDS, LOWEST_MIN_BID, PLAYED, TRICK_TOTAL
from tournament.models import Entry, Player, Table


def new_token() -> str:
    """An unguessable token for a sheet's link (256 random bits)."""
    return secrets.token_urlsafe(32)


class ScoreSheetQuerySet(models.QuerySet):
    def handed_in(self) -> "ScoreSheetQuerySet":
        """The sheets handed in, confirmed or not (``ScoreSheet.HANDED_IN``)."""
        return self.filter(status__in=ScoreSheet.HANDED_IN)

    def open(self) -> "ScoreSheetQuerySet":
        """The sheets not handed in yet (``ScoreSheet.OPEN``)."""
        return self.filter(status__in=ScoreSheet.OPEN)


class ScoreSheet(models.Model):
    class Status(models.TextChoices):
        EMPTY = "empty", _("empty")
        IN_PROGRESS = "in_progress", _("in progress")
        SUBMITTED = "submitted", _("submitted")  # handed in, waiting for the confirmation
        CONFIRMED = "confirmed", _("confirmed")

    # The two groups a sheet's state falls in: the scorekeeper is still entering the games, or
    # has handed the sheet in (the organisers may have confirmed it since).
    OPEN = (Status.EMPTY, Status.IN_PROGRESS)
    HANDED_IN = (Status.SUBMITTED, Status.CONFIRMED)

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="sheet", verbose_name=_("table")
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.EMPTY
    )
    version = models.PositiveIntegerField(
        _("version"), default=0, help_text=_("Raised by every save; a stale save is refused.")
    )
    token = models.CharField(
        _("link token"), max_length=64, unique=True, default=new_token, editable=False
    )
    last_save = models.CharField(
        _("last save"),
        max_length=80,
        blank=True,
        default="",
        editable=False,
        help_text=_(
            "The device's id of the save that made the current version, with that version: "
            "a resend of that save is recognised."
        ),
    )
    updated_at = models.DateTimeField(_("last change"), auto_now=True)
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    # the sheet's trail (``scoring.audit``): every save through its link, every change after
    # it was handed in, every change of its status; deleted with the sheet
    changes = GenericRelation(
        "core.ChangeRecord", content_type_field="subject_type", object_id_field="subject_id"
    )

    objects = ScoreSheetQuerySet.as_manager()

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        ordering = ["table__round__event", "table__round__number", "table__number"]

    def __str__(self) -> str:
        return f"{self.table.round} / {self.table}"


class Game(models.Model):
    class Kind(models.TextChoices):
        PLAYED = PLAYED, _("played")
        CONCEDED = CONCEDED, _("conceded")
        DURCH = DURCH, _("Durch")
        DURCH_OPEN = DURCH_OPEN, _("Durch laid open")
        WRITTEN = WRITTEN, _("points as written")

    sheet = models.ForeignKey(
        ScoreSheet, on_delete=models.CASCADE, related_name="games", verbose_name=_("score sheet")
    )
    number = models.PositiveSmallIntegerField(_("game"))
    dealer = models.PositiveSmallIntegerField(
        _("dealer"), help_text=_("Seat position of the player who dealt.")
    )
    declarer = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("declarer"),
        help_text=_("Empty only for a game of points as written whose declarer is not known."),
    )
    bid = models.PositiveIntegerField(
        _("bid"), null=True, blank=True, help_text=_("Empty for a game of points as written.")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    revoked = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("misplayed"),
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="game_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
            models.CheckConstraint(
                condition=Q(dealer__gte=1, dealer__lte=4), name="game_dealer_position"
            ),
            models.CheckConstraint(condition=Q(bid__gte=LOWEST_MIN_BID), name="game_bid_minimum"),
            models.CheckConstraint(
                condition=Exact(Mod(F("bid"), 10), 0), name="game_bid_multiple_of_10"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=[*KINDS, WRITTEN]), name="game_kind_valid"
            ),
            # a game in full has its declarer and bid; a game of points as written (a sheet of
            # an event kept in points per game) has neither bid nor misplay
            models.CheckConstraint(
                condition=Q(kind=WRITTEN) | Q(declarer__isnull=False, bid__isnull=False),
                name="game_full_has_declarer_and_bid",
            ),
            models.CheckConstraint(
                condition=~Q(kind=WRITTEN) | Q(bid__isnull=True, revoked__isnull=True),
                name="game_written_has_no_bid",
            ),
        ]

    def __str__(self) -> str:
        return _("Game %(number)s") % {"number": self.number}


class PartyScore(models.Model):
    """One party's line of a game: meld, exact trick points and the points scored."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="scores", verbose_name=_("game")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="scores", verbose_name=_("entry")
    )
    meld = models.PositiveIntegerField(_("meld"), default=0)
    tricks = models.PositiveSmallIntegerField(
        _("trick points"), null=True, blank=True, help_text=_("Empty for a conceded game.")
    )
    points = models.IntegerField(_("points"))

    class Meta:
        verbose_name = _("party score")
        verbose_name_plural = _("party scores")
        ordering = ["game", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "entry"], name="partyscore_unique_entry"),
            models.CheckConstraint(
                condition=Exact(Mod(F("meld"), 10), 0), name="partyscore_meld_multiple_of_10"
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=TRICK_TOTAL),
                name="partyscore_tricks_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.entry} {self.points}"


class RoundTotal(models.Model):
    """One party's line of a sheet kept in round totals (``Event.scoring_mode`` ``totals``):
    its total of the round as written on the paper and the games it lost as declarer; the
    sheet has no games (``scoring.services.totals``). A sheet holds such lines for every party
    of its table or none."""

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="round_totals",
        verbose_name=_("score sheet"),
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="round_totals", verbose_name=_("entry")
    )
    total = models.IntegerField(_("total of the round"))
    lost = models.PositiveSmallIntegerField(_("games lost as declarer"), default=0)

    class Meta:
        verbose_name = _("round total")
        verbose_name_plural = _("round totals")
        ordering = ["sheet", "id"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "entry"], name="roundtotal_unique_entry"),
            models.CheckConstraint(
                condition=Exact(Mod(F("total"), 10), 0), name="roundtotal_total_multiple_of_10"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet}: {self.entry} {self.total}"


class SheetConfirmation(models.Model):
    """A seated player's confirmation of a handed-in sheet's games, tapped on the
    scorekeeper's phone or signed on the paper sheet and recorded by the desk (required by the
    house rule ``RulesProfile.players_sign``, optional otherwise;
    ``scoring.services.confirmations``).

    The person is the one on the seat at ``position`` of the sheet's table when they confirmed
    (a stand-in confirms for the seat they play); ``player`` and ``start_number`` keep who that
    was. ``version`` is the sheet's version they confirmed. A change of the sheet's games, a
    reopen or a change of the table's seats voids every live confirmation (``voided_at``): the
    player confirms again. At most one live confirmation per seat.
    """

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="confirmations",
        verbose_name=_("score sheet"),
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player"),
    )
    start_number = models.PositiveIntegerField(_("start number"))
    version = models.PositiveIntegerField(_("version"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True)
    voided_at = models.DateTimeField(
        _("voided at"),
        null=True,
        blank=True,
        help_text=_("The sheet changed after this confirmation; it no longer counts."),
    )

    class Meta:
        verbose_name = _("player confirmation")
        verbose_name_plural = _("player confirmations")
        ordering = ["sheet", "position", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "position"],
                condition=Q(voided_at__isnull=True),
                name="sheetconfirmation_one_live_per_seat",
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=4),
                name="sheetconfirmation_position_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet}: {self.start_number} ({self.position})"
