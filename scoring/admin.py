from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, PartyScore, ScoreSheet, SheetChange


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ["number", "dealer", "declarer", "bid", "kind", "revoked"]
    readonly_fields = fields
    show_change_link = True


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "status", "version", "updated_at", "confirmed_by"]
    readonly_fields = ["token", "version", "updated_at"]
    list_filter = ["status", "table__round__event", "table__round__number"]
    list_select_related = ["table", "table__round", "table__round__event"]
    inlines = [GameInline]

    @admin.display(description=_("event"), ordering="table__round__event")
    def event(self, sheet: ScoreSheet) -> str:
        return str(sheet.table.round.event)


class PartyScoreInline(admin.TabularInline):
    model = PartyScore
    extra = 0
    readonly_fields = ["points"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["sheet", "number", "dealer", "declarer", "bid", "kind", "revoked"]
    list_filter = ["kind", "sheet__table__round__event"]
    list_select_related = ["sheet__table__round", "declarer__player", "revoked__player"]
    inlines = [PartyScoreInline]


@admin.register(PartyScore)
class PartyScoreAdmin(admin.ModelAdmin):
    list_display = ["game", "entry", "meld", "tricks", "points"]
    list_select_related = ["game__sheet__table__round", "entry__player"]
    search_fields = ["entry__player__name", "entry__start_number"]


@admin.register(SheetChange)
class SheetChangeAdmin(admin.ModelAdmin):
    """The audit trail is read-only: it is written by the score-entry services only."""

    list_display = ["created_at", "sheet", "action", "game_number", "user"]
    list_filter = ["action", "sheet__table__round__event"]
    list_select_related = ["sheet__table__round", "user"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
