"""Data of a tournament: the event, its entries, the seating plan, and the
money: the event's money settings, the payments taken at the desk, the prizes defined, the lots
drawn for them and the prizes collected.

The terms are in ``docs/glossary.md``; what a seat position means is in ``tournament.seats``.
"""

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import ORGANISING, ClubMember
from core import limits
from core.errors import Message
from core.text import unlisted_name
from tournament import house_rules, seats


class EventQuerySet(models.QuerySet):
    def organised_by(self, user: Any) -> "EventQuerySet":
        """The events ``user`` organises, by a role on the event or in its club (desk helpers
        do not count; a superuser: every event)."""
        if user.is_superuser:
            return self.all()
        roles = EventRole.objects.filter(user=user, role=EventRole.Role.ORGANISER)
        clubs = ClubMember.objects.filter(user=user, role__in=ORGANISING)
        return self.filter(
            Q(pk__in=roles.values("event_id")) | Q(club_id__in=clubs.values("club_id"))
        )

    def with_role_of(self, user: Any) -> "EventQuerySet":
        """The events ``user`` has a role on, organiser or desk helper, on the event itself or
        in its club (a superuser: every event)."""
        if user.is_superuser:
            return self.all()
        roles = EventRole.objects.filter(user=user)
        clubs = ClubMember.objects.filter(user=user)
        return self.filter(
            Q(pk__in=roles.values("event_id")) | Q(club_id__in=clubs.values("club_id"))
        )


class Event(models.Model):
    class Status(models.TextChoices):
        PREPARATION = "preparation", _("In preparation")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class ScoringMode(models.TextChoices):
        """How the event keeps score (``tournament.house_rules``; docs/rules.md, "How an event
        keeps score")."""

        GAMES = house_rules.GAMES, _(house_rules.SCORING_MODES[house_rules.GAMES])
        POINTS = house_rules.POINTS, _(house_rules.SCORING_MODES[house_rules.POINTS])
        TOTALS = house_rules.TOTALS, _(house_rules.SCORING_MODES[house_rules.TOTALS])

    # The club whose event it is: its admins and organisers organise it, its helpers help at
    # its desk (``tournament.access``).
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, related_name="events", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    slug = models.SlugField(_("short name"), max_length=limits.MAX_SLUG_LENGTH, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=limits.MAX_NAME_LENGTH, blank=True)
    round_count = models.PositiveSmallIntegerField(
        _("rounds"),
        default=limits.DEFAULT_ROUNDS,
        validators=[
            MinValueValidator(limits.MIN_ROUNDS),
            MaxValueValidator(limits.MAX_ROUNDS),
        ],
    )
    games_per_round = models.PositiveSmallIntegerField(
        _("games per round"),
        default=limits.DEFAULT_GAMES_PER_ROUND,
        validators=[
            MinValueValidator(limits.MIN_GAMES_PER_ROUND),
            MaxValueValidator(limits.MAX_GAMES_PER_ROUND),
        ],
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PREPARATION
    )
    # The house rules' switches as saved (``tournament.house_rules``); read and changed by the
    # scoring app (``scoring.house_rules``). Empty: the ejl rules.
    rules = models.JSONField(_("house rules"), default=dict, blank=True, editable=False)
    # Chosen when the event is created; changed on the house-rules page until a game is stored
    # (``scoring.services.house_rules.change_scoring_mode``).
    scoring_mode = models.CharField(
        _("scoring mode"),
        max_length=10,
        choices=ScoringMode.choices,
        default=ScoringMode.GAMES,
        editable=False,
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
        max_length=limits.MAX_TIE_BREAKS_LENGTH,
        blank=True,
        help_text=_("Comma-separated, in order; empty: equal totals share a place."),
    )
    # Moves on with every change that can alter the standings (``tournament.results``): the
    # cached standings are keyed by it, and the pages show the time as "last change".
    results_version = models.PositiveIntegerField(
        _("version of the results"), default=0, editable=False
    )
    results_changed_at = models.DateTimeField(
        _("last change of the results"), null=True, blank=True, editable=False
    )
    # Set when the organisers close the event (``tournament.services.lifecycle``), cleared
    # when they reopen it.
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True, editable=False)

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(round_count__gte=limits.MIN_ROUNDS, round_count__lte=limits.MAX_ROUNDS),
                name="event_round_count_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    games_per_round__gte=limits.MIN_GAMES_PER_ROUND,
                    games_per_round__lte=limits.MAX_GAMES_PER_ROUND,
                ),
                name="event_games_per_round_range",
            ),
            models.CheckConstraint(
                condition=Q(scoring_mode__in=list(house_rules.SCORING_MODES)),
                name="event_scoring_mode_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self) -> str:
        return reverse("event-detail", kwargs={"slug": self.slug})


class Player(models.Model):
    """A person in one club's registry (Spielerverzeichnis): a member of the club or a regular
    guest. ``club`` is the club membership as typed (shown in lists and exports);
    ``registry_club`` the club whose registry the row belongs to. The same person in two
    clubs' registries is two rows, the same participant of a series only when linked
    (``PlayerLink``)."""

    registry_club = models.ForeignKey(
        "clubs.Club", on_delete=models.PROTECT, related_name="players",
        verbose_name=_("registry's club"),
    )
    name = models.CharField(_("name"), max_length=limits.MAX_NAME_LENGTH)
    club = models.CharField(_("club"), max_length=limits.MAX_NAME_LENGTH, blank=True)
    category = models.CharField(
        _("category"),
        max_length=limits.MAX_CATEGORY_LENGTH,
        blank=True,
        help_text=_("Optional, for special prizes, e.g. “Frau” or “Jugend”."),
    )
    unlisted = models.BooleanField(
        _("not in public lists"),
        default=False,
        help_text=_(
            "Public pages, lists and the press report show the start number instead of the name."
        ),
    )
    public_profile = models.BooleanField(
        _("public player page"),
        default=False,
        help_text=_("Anyone may open the player's page with their results (never when unlisted)."),
    )
    is_member = models.BooleanField(
        _("member"), default=False,
        help_text=_("A member of the club; else a regular guest."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class PlayerLink(models.Model):
    """Two rows of the same person in the registries of two clubs (``first_id < second_id``):
    a series across clubs counts them as one participant, and so every row linked to them
    (the links make groups). Made by a series' organiser, never by a name alone, or by the
    registry's migration for the rows split from one."""

    first = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    second = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("linked player")
    )
    created_at = models.DateTimeField(_("linked"), auto_now_add=True)

    class Meta:
        verbose_name = _("linked players")
        verbose_name_plural = _("linked players")
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="player_link_unique"),
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")), name="player_link_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_id} = {self.second_id}"


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
    start_number = models.PositiveIntegerField(
        _("start number"),
        validators=[
            MinValueValidator(limits.MIN_START_NUMBER),
            MaxValueValidator(limits.MAX_START_NUMBER),
        ],
    )
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
    checked_in_at = models.DateTimeField(
        _("checked in at"), null=True, blank=True, help_text=_("Present at the door.")
    )
    fixed_table = models.BooleanField(
        _("fixed table"),
        default=False,
        help_text=_(
            "Cannot move between tables (walking aid, wheelchair): keeps one table in every "
            "round the plan seats."
        ),
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
                condition=Q(start_number__gte=limits.MIN_START_NUMBER),
                name="entry_start_number_positive",
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

    @property
    def unlisted(self) -> bool:
        """A player of the entry asked not to be in public lists."""
        return self.player.unlisted or (self.partner_id is not None and self.partner.unlisted)

    @property
    def public_name(self) -> str | Message:
        """The name as public pages show it: the start number for an unlisted entry."""
        return unlisted_name(self.start_number) if self.unlisted else self.name

    @property
    def is_checked_in(self) -> bool:
        return self.checked_in_at is not None


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
    replanned_at = models.DateTimeField(
        _("re-planned at"),
        null=True,
        blank=True,
        help_text=_("Seated anew after the plan was made; its printouts say so."),
    )
    planned_minutes = models.PositiveSmallIntegerField(
        _("planned length (minutes)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_ROUND_MINUTES)],
        help_text=_("The event page and the projector count the time left down from it."),
    )
    started_at = models.DateTimeField(
        _("started at"),
        null=True,
        blank=True,
        help_text=_("When the round was first released: its clock starts then."),
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
        THREE_SINGLES = seats.THREE_SINGLES, _("three singles")
        FOUR_SINGLES = seats.FOUR_SINGLES, _("four singles")
        TWO_PAIRS = seats.TWO_PAIRS, _("two pairs")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    replanned_at = models.DateTimeField(
        _("re-planned at"),
        null=True,
        blank=True,
        help_text=_(
            "A re-plan gave the table other entries, seats or number: its card and sheet are "
            "printed again."
        ),
    )

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
        return seats.seat_count(self.kind)

    @property
    def is_pairs(self) -> bool:
        return self.kind == self.Kind.TWO_PAIRS


class Seat(models.Model):
    """A place at a table, in seating order (``tournament.seats``)."""

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


class AuditRecord(models.Model):
    """A row that keeps who made it and when (a lot drawn, a prize collected)."""

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
        abstract = True


class EventSettings(models.Model):
    """Settings an event keeps in a row of their own (money, prizes), written when the organiser
    first saves them; until then ``for_event`` gives the unsaved defaults. A subclass has a
    one-to-one ``event`` field."""

    class Meta:
        abstract = True

    @classmethod
    def for_event(cls, event: Event) -> Any:
        """The event's settings, or their unsaved defaults when it has none yet."""
        try:
            return cls.objects.get(event=event)
        except cls.DoesNotExist:
            return cls(event=event)


class EventRole(models.Model):
    """What an account may do on one event: organise it, or help at the organisers' desk.

    The members of the event's club have their role through the club (``clubs.models``); a role
    here is for a guest, or for more than the club gives. An account with neither sees none of
    the event's organiser pages; a superuser sees every event's. Which page needs which role is
    declared with ``tournament.access``.
    """

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        DESK = "desk", _("desk helper")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="roles", verbose_name=_("event")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="event_roles",
        verbose_name=_("user"),
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        ordering = ["event", "-role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="event_role_unique_user"),
            models.CheckConstraint(
                condition=Q(role__in=["organiser", "desk"]), name="event_role_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.user} ({self.get_role_display()})"


class FormSubmission(models.Model):
    """A form that created something, by the one-time token the form carried.

    The row is written in the same transaction as what the form creates
    (``tournament.services.submissions``), and its token is unique: a second submit of the
    same form (a double click, a reload, two tabs at once) finds it, creates nothing and is
    answered with what the first created.
    """

    class Kind(models.TextChoices):
        ENTRY = "entry", _("entry registered")
        IMPORT = "import", _("list imported")
        EVENT = "event", _("tournament created")
        PAYMENT = "payment", _("payment taken")
        EXPENSE = "expense", _("expense recorded")

    token = models.CharField(_("token"), max_length=limits.MAX_FORM_TOKEN_LENGTH, unique=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("event"),
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entry"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.created_at:%d.%m.%Y %H:%M} {self.get_kind_display()}"


def own_values(row: models.Model) -> dict[str, Any]:
    """The values of ``row``'s own fields, to make a row like it for another event (its
    settings, a prize): every concrete field except its id and the event it belongs to, foreign
    keys by their ids."""
    return {
        field.attname: getattr(row, field.attname)
        for field in row._meta.concrete_fields
        if not field.primary_key and field.name != "event"
    }


def seat_rows(table: Table, entries: "list[Entry]") -> list[Seat]:
    """Unsaved seats of ``table`` for its entries (singles in order, or two pairs crosswise),
    seated by ``tournament.seats``."""
    pairs = entries[0].is_pair
    return [
        Seat(
            table=table,
            position=position,
            entry=entry,
            player=entry.player if member == 0 else entry.partner,
        )
        for position, (entry, member) in enumerate(seats.seating(entries, pairs=pairs), start=1)
    ]


def parties_in_seating_order(table_seats: "list[Seat]") -> list[Entry]:
    """The parties (entries) of a table by their first seat: pair A before B at a pairs table."""
    return seats.parties_in_order([(seat.position, seat.entry) for seat in table_seats])

