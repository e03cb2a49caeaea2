"""The money and prize tables in the admin, read-only like every table (``tournament.admin``)."""

from django.contrib import admin

from money.models import MoneySettings, Payment, Prize, PrizeHandout, PrizeLot, PrizeSettings
from tournament.admin import ReadOnlyAdmin


@admin.register(MoneySettings)
class MoneySettingsAdmin(ReadOnlyAdmin):
    list_display = ["event", "start_fee_single", "start_fee_pair", "lost_game_fee", "good_cause"]
    list_select_related = ["event"]


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = ["taken_at", "entry", "purpose", "amount", "method", "taken_by", "cancelled_at"]
    list_filter = ["entry__event", "purpose", "method"]
    list_select_related = ["entry__player", "entry__partner", "taken_by"]
    search_fields = ["entry__player__name", "entry__start_number"]
    date_hierarchy = "taken_at"


@admin.register(PrizeSettings)
class PrizeSettingsAdmin(ReadOnlyAdmin):
    list_display = ["event", "pot_percent", "share_money", "call_order"]
    list_select_related = ["event"]


@admin.register(Prize)
class PrizeAdmin(ReadOnlyAdmin):
    list_display = ["event", "pairs", "award", "place", "last_place", "to_end", "amount", "share",
                    "goods"]
    list_filter = ["event", "pairs", "award"]
    list_select_related = ["event"]


@admin.register(PrizeLot)
class PrizeLotAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "event", "pairs", "order", "user"]
    list_filter = ["event"]
    list_select_related = ["event", "user"]


@admin.register(PrizeHandout)
class PrizeHandoutAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "event", "entry", "line", "user"]
    list_filter = ["event"]
    list_select_related = ["event", "entry__player", "entry__partner", "user"]
