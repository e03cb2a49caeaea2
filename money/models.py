"""The money of an event (Kasse) and its prizes (Preistisch): settings, payments, prizes, the
lots drawn and the prizes handed out. The arithmetic is pure (``money.arithmetic``,
``money.prizes.awards``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core import limits
from money import arithmetic as money
from money.prizes import awards as prizes
from scoring.interface import rules_of
from tournament.models import AuditRecord, Entry, Event, EventSettings


def money_field(
    verbose_name: str, *, minimum: Decimal = Decimal(0), **options: Any
) -> models.DecimalField:
    """An amount of euros with cents (``money.arithmetic``), from ``minimum`` (0; a payment or an
    expense at least a cent) to ``limits.MAX_AMOUNT``."""
    return models.DecimalField(
        verbose_name,
        max_digits=limits.MONEY_DIGITS,
        decimal_places=2,
        validators=[MinValueValidator(minimum), MaxValueValidator(limits.MAX_AMOUNT)],
        **options,
    )


class MoneySettings(EventSettings):
    """The money of an event: Startgeld, lost-game money and the good cause.

    One row per event, written when the organiser first saves the settings; until then the
    event takes no money (``for_event`` gives the unsaved defaults). The arithmetic is
    ``money.arithmetic``.
    """

    class Donation(models.TextChoices):
        NONE = "", _("no donation")
        LOST_GAMES = "lost_games", _("the lost-game money")
        REMAINDER = "remainder", _("everything that remains")

    event = models.OneToOneField(
        Event,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="money",
        verbose_name=_("event"),
    )
    start_fee_single = money_field(_("entry fee per single"), default=Decimal(0))
    start_fee_pair = money_field(_("entry fee per pair"), default=Decimal(0))
    pair_fee_per_person = models.BooleanField(
        _("pair's fee per person"),
        default=False,
        help_text=_("A pair pays the amount once for each of its two players."),
    )
    lost_game_fee = money_field(_("per lost game"), default=Decimal(0))
    lost_game_fee_higher = money_field(_("higher amount per lost game"), null=True, blank=True)
    lost_game_fee_higher_from = models.PositiveSmallIntegerField(
        _("higher amount from lost game no."),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_GAMES_PER_ENTRY)],
    )
    lost_durch_counts = models.BooleanField(_("a lost Durch counts"), default=True)
    lost_conceded_counts = models.BooleanField(_("a conceded game counts"), default=True)
    good_cause = models.CharField(
        _("good cause"), max_length=limits.MAX_PRIZE_TEXT, blank=True
    )
    donation = models.CharField(
        _("donated"), max_length=20, choices=Donation.choices, blank=True, default=Donation.NONE
    )

    class Meta:
        db_table = "tournament_moneysettings"  # made in the tournament app
        verbose_name = _("money settings")
        verbose_name_plural = _("money settings")

    def __str__(self) -> str:
        return str(self.event)

    @classmethod
    def for_event(cls, event: Event) -> MoneySettings:
        """The event's settings, or their unsaved defaults: no Startgeld, and the lost-game
        money of the event's house rules (``RulesProfile.lost_game_fee``…)."""
        found = super().for_event(event)
        if found._state.adding:
            rules = rules_of(event)
            found.lost_game_fee = Decimal(rules.lost_game_fee or 0)
            if rules.lost_game_fee_higher and rules.lost_game_fee_higher_from:
                found.lost_game_fee_higher = Decimal(rules.lost_game_fee_higher)
                found.lost_game_fee_higher_from = rules.lost_game_fee_higher_from
        return found

    @property
    def start_fees(self) -> money.StartFees:
        return money.StartFees(
            single=self.start_fee_single,
            pair=self.start_fee_pair,
            pair_per_person=self.pair_fee_per_person,
        )

    @property
    def lost_game_rule(self) -> money.LostGameRule:
        return money.LostGameRule(
            amount=self.lost_game_fee,
            higher_amount=self.lost_game_fee_higher,
            higher_from=self.lost_game_fee_higher_from,
            durch=self.lost_durch_counts,
            conceded=self.lost_conceded_counts,
        )


class PaymentQuerySet(models.QuerySet):
    def valid(self) -> PaymentQuerySet:
        """Payments not cancelled."""
        return self.filter(cancelled_at__isnull=True)


class Payment(models.Model):
    """Money an entry paid at the desk: Startgeld or lost-game money.

    A payment is never changed or deleted: a mistake is corrected by cancelling it (who and
    when is kept) and taking the right amount anew; both are logged.
    """

    class Purpose(models.TextChoices):
        START_FEE = "start_fee", _("entry fee")
        LOST_GAMES = "lost_games", _("lost-game money")

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        OTHER = "other", _("other (transfer, card)")

    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="payments", verbose_name=_("entry")
    )
    purpose = models.CharField(_("for"), max_length=20, choices=Purpose.choices)
    amount = money_field(_("amount"), minimum=Decimal("0.01"))
    method = models.CharField(
        _("paid"), max_length=10, choices=Method.choices, default=Method.CASH
    )
    note = models.CharField(_("note"), max_length=limits.MAX_PRIZE_TEXT, blank=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("taken by"),
    )
    taken_at = models.DateTimeField(_("taken at"), default=timezone.now)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("cancelled by"),
    )

    objects = PaymentQuerySet.as_manager()

    class Meta:
        db_table = "tournament_payment"  # made in the tournament app
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["entry", "taken_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive"),
            models.CheckConstraint(
                condition=Q(purpose__in=["start_fee", "lost_games"]), name="payment_purpose_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.amount} ({self.get_purpose_display()})"

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None


class ExpenseQuerySet(models.QuerySet):
    def valid(self) -> ExpenseQuerySet:
        return self.filter(cancelled_at__isnull=True)


class Expense(models.Model):
    """Money the evening cost: the hall, the goods prizes, the food. Like a payment it is never
    changed or deleted, only cancelled (who and when is kept); both are logged."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="expenses", verbose_name=_("event")
    )
    date = models.DateField(_("date"), default=timezone.localdate)
    purpose = models.CharField(_("what for"), max_length=limits.MAX_PRIZE_TEXT)
    amount = money_field(_("amount"), minimum=Decimal("0.01"))
    paid_by = models.CharField(_("paid by"), max_length=limits.MAX_PRIZE_TEXT, blank=True)
    from_cash_box = models.BooleanField(_("paid from the cash box"), default=False)
    receipt = models.CharField(_("receipt"), max_length=limits.MAX_PRIZE_TEXT, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)

    objects = ExpenseQuerySet.as_manager()

    class Meta:
        verbose_name = _("expense")
        verbose_name_plural = _("expenses")
        ordering = ["event", "date", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="expense_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.date:%d.%m.%Y} {self.purpose}: {self.amount}"

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None


class PrizeSettings(EventSettings):
    """How the prizes of an event are given: the pot for prizes that are a share of the
    takings, what equal totals do, and the order the prize table is called in. One row per
    event, written on first save (``for_event`` gives the unsaved defaults)."""

    class CallOrder(models.TextChoices):
        TOP_FIRST = "top_first", _("highest place first")
        TOP_LAST = "top_last", _("highest place last")

    event = models.OneToOneField(
        Event,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="prize_settings",
        verbose_name=_("event"),
    )
    pot_percent = models.DecimalField(
        _("pot: per cent of the entry fee collected"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(limits.MAX_PERCENT)],
        help_text=_("Prizes defined as a share are shares of this pot, singles and pairs apart."),
    )
    share_money = models.BooleanField(
        _("equal totals share the money"),
        default=True,
        help_text=_(
            "Tied entries share the money of the places they occupy equally (rounded down to "
            "0.50 €); goods go by the tie-breaks, then by lot. Off: every prize goes by that "
            "order."
        ),
    )
    call_order = models.CharField(
        _("call order"), max_length=10, choices=CallOrder.choices, default=CallOrder.TOP_FIRST
    )

    class Meta:
        db_table = "tournament_prizesettings"  # made in the tournament app
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")

    def __str__(self) -> str:
        return str(self.event)

    @property
    def top_first(self) -> bool:
        return self.call_order == self.CallOrder.TOP_FIRST


class Prize(models.Model):
    """A prize the organiser defined: for a place or places of the singles' or the pairs'
    ranking, or a special prize; money (an amount and/or a share of the pot) and/or goods.
    Who receives it is computed (``money.prizes.awards``)."""

    class Award(models.TextChoices):
        PLACE = prizes.PLACE, _("place")
        LAST = prizes.LAST, _("last place (red lantern)")
        BEST_ROUND = prizes.BEST_ROUND, _("best single round")
        CATEGORY = prizes.CATEGORY, _("best of a category")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("event")
    )
    pairs = models.BooleanField(_("for pairs"), default=False)
    award = models.CharField(
        _("for"), max_length=20, choices=Award.choices, default=Award.PLACE
    )
    place = models.PositiveSmallIntegerField(
        _("place"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_PRIZE_PLACE)],
    )
    last_place = models.PositiveSmallIntegerField(
        _("to place"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_PRIZE_PLACE)],
    )
    to_end = models.BooleanField(_("and every further place"), default=False)
    category = models.CharField(
        _("category"), max_length=limits.MAX_CATEGORY_LENGTH, blank=True
    )
    amount = money_field(_("amount"), null=True, blank=True)
    share = models.DecimalField(
        _("share of the pot (%)"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(limits.MAX_PERCENT)],
    )
    goods = models.CharField(_("goods"), max_length=limits.MAX_PRIZE_TEXT, blank=True)

    class Meta:
        db_table = "tournament_prize"  # made in the tournament app
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["event", "pairs", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(award=prizes.PLACE) | Q(place__gte=1), name="prize_place_given"
            ),
            models.CheckConstraint(
                condition=Q(last_place__isnull=True) | Q(last_place__gte=models.F("place")),
                name="prize_place_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_award_display()} {self.place or ''}".strip()

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Place prizes by place, then the special prizes in the order of ``Award``."""
        return (prizes.AWARDS.index(self.award), self.place or 0, self.pk or 0)

    @property
    def rule(self) -> prizes.PrizeRule:
        return prizes.PrizeRule(
            key=self.pk,
            award=self.award,
            place=self.place,
            last_place=self.last_place,
            to_end=self.to_end,
            category=self.category,
            amount=self.amount,
            share=self.share,
            goods=self.goods,
        )


class PrizeLot(AuditRecord):
    """A lot drawn for entries equal on every tie-break: their order, best first."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="prize_lots", verbose_name=_("event")
    )
    pairs = models.BooleanField(_("for pairs"), default=False)
    order = models.JSONField(_("order"), help_text=_("Entry ids in the order drawn."))

    class Meta:
        db_table = "tournament_prizelot"  # made in the tournament app
        verbose_name = _("lot")
        verbose_name_plural = _("lots")
        ordering = ["event", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.event}: {self.order}"


class PrizeHandout(AuditRecord):
    """A line of the prize list ticked off at the prize table: the entry collected it."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="prize_handouts", verbose_name=_("event")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="prize_handouts", verbose_name=_("entry")
    )
    line = models.CharField(
        _("line"), max_length=30, help_text=_("“place” or “special-<prize>”.")
    )

    class Meta:
        db_table = "tournament_prizehandout"  # made in the tournament app
        verbose_name = _("prize collected")
        verbose_name_plural = _("prizes collected")
        ordering = ["event", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "line"], name="handout_unique_line"),
        ]

    def __str__(self) -> str:
        return f"{self.entry}: {self.line}"
