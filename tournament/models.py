"""Data of a tournament: the event, its entries and the seating plan.

Domain terms:

- *Startnummer* (start number): every entry, a single player or a fixed pair, gets one; it is
  unique within the event and is how the seating plan names the entry.
- *Ersatz* (stand-in): an entry that fills a seat so the field can be seated, plays, but is not
  ranked.
- *Durchgang* (round): the event plays a number of rounds (3 by default) of a number of games
  (12 by default) each; every round has its own tables.
- *Dreiertisch / Vierertisch*: a table of three singles, of four singles (only when the singles do
  not divide by three), or of two pairs sitting crosswise (seating order A1, B1, A2, B2).
- *Sitzplatz* (seat): a position 1–4 in seating order; the first-named deals the first game, the
  third-named keeps the score sheet, and play goes counter-clockwise in that order.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Event(models.Model):
    class Status(models.TextChoices):
        PREPARATION = "preparation", _("In preparation")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    round_count = models.PositiveSmallIntegerField(_("rounds"), default=3)
    games_per_round = models.PositiveSmallIntegerField(_("games per round"), default=12)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PREPARATION
    )
    plan_seed = models.PositiveIntegerField(
        _("seating plan seed"), null=True, blank=True, editable=False
    )
    public_standings = models.BooleanField(
        _("public standings"), default=False, help_text=_("Anyone can see the standings page.")
    )
    count_unconfirmed = models.BooleanField(
        _("count unconfirmed sheets"),
        default=False,
        help_text=_("Standings include sheets not yet confirmed, marked as provisional."),
    )
    tie_breaks = models.CharField(
        _("tie-breaks"),
        max_length=100,
        blank=True,
        help_text=_("Comma-separated, in order; empty: equal totals share a place."),
    )

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(round_count__gte=1, round_count__lte=10),
                name="event_round_count_range",
            ),
            models.CheckConstraint(
                condition=Q(games_per_round__gte=1, games_per_round__lte=48),
                name="event_games_per_round_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self) -> str:
        return reverse("event-detail", kwargs={"slug": self.slug})


class Player(models.Model):
    name = models.CharField(_("name"), max_length=200)
    club = models.CharField(_("club"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class EntryQuerySet(models.QuerySet):
    def with_players(self) -> "EntryQuerySet":
        return self.select_related("player", "partner")

    def singles(self) -> "EntryQuerySet":
        return self.filter(partner__isnull=True)

    def pairs(self) -> "EntryQuerySet":
        return self.filter(partner__isnull=False)

    def active(self) -> "EntryQuerySet":
        return self.filter(is_withdrawn=False)

    def ranked(self) -> "EntryQuerySet":
        return self.filter(is_stand_in=False, is_withdrawn=False)


class Entry(models.Model):
    """A single player or a fixed pair, registered for one event under a start number."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entries", verbose_name=_("event")
    )
    start_number = models.PositiveIntegerField(_("start number"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    partner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("partner"),
        help_text=_("Only for a pair."),
    )
    is_stand_in = models.BooleanField(
        _("stand-in"), default=False, help_text=_("Plays, but is not ranked.")
    )
    notes = models.TextField(_("notes"), blank=True)
    is_withdrawn = models.BooleanField(
        _("withdrawn"), default=False, help_text=_("No longer plays; kept for the record.")
    )

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["event", "start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "start_number"], name="entry_unique_start_number"
            ),
            models.CheckConstraint(
                condition=Q(start_number__gte=1), name="entry_start_number_positive"
            ),
            models.CheckConstraint(
                condition=~Q(partner=models.F("player")), name="entry_partner_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.start_number}: {self.name}"

    @property
    def is_pair(self) -> bool:
        return self.partner_id is not None

    @property
    def name(self) -> str:
        if self.partner_id is None:
            return self.player.name
        return f"{self.player.name} / {self.partner.name}"


class Round(models.Model):
    """A Durchgang of an event."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    released = models.BooleanField(
        _("released"), default=False, help_text=_("Players can look up their seats.")
    )
    closed = models.BooleanField(
        _("closed"), default=False, help_text=_("Score sheet links no longer work.")
    )

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class Table(models.Model):
    class Kind(models.TextChoices):
        THREE_SINGLES = "three", _("three singles")
        FOUR_SINGLES = "four", _("four singles")
        TWO_PAIRS = "pairs", _("two pairs")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @property
    def seat_count(self) -> int:
        return 3 if self.kind == self.Kind.THREE_SINGLES else 4


class Seat(models.Model):
    """A place at a table, in seating order: position 1 deals first, position 3 keeps score.

    At a pairs table the two pairs sit crosswise: positions 1 and 3 are pair A's players,
    2 and 4 pair B's.
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(_("position"))
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="seats", verbose_name=_("entry")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_unique_player"),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=4), name="seat_position_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} / {self.position}: {self.player}"


class ChangeLog(models.Model):
    """A record of a change to the field or the plan: who, when, what."""

    class Action(models.TextChoices):
        REGISTERED = "registered", _("registered")
        EDITED = "edited", _("edited")
        WITHDRAWN = "withdrawn", _("withdrawn")
        IMPORTED = "imported", _("imported")
        REPLACED = "replaced", _("replaced")
        STAND_IN = "stand_in", _("stand-in added")
        PLAN = "plan", _("plan generated")
        SWAPPED = "swapped", _("seats swapped")
        RELEASED = "released", _("round released")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="changes", verbose_name=_("event")
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("entry"),
    )
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    description = models.TextField(_("description"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.created_at:%d.%m.%Y %H:%M} {self.get_action_display()}: {self.description}"


def parties_in_seating_order(seats: "list[Seat]") -> list[Entry]:
    """The parties (entries) of a table by their first seat: pair A before B at a pairs table."""
    parties: list[Entry] = []
    for seat in sorted(seats, key=lambda s: s.position):
        if all(seat.entry_id != party.pk for party in parties):
            parties.append(seat.entry)
    return parties
