from django.contrib import admin

from tournament.models import ChangeLog, Entry, Event, Player, Round, Seat, Table


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "round_count", "games_per_round", "status"]
    list_filter = ["status"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "date"


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club"]
    search_fields = ["name", "club"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["start_number", "player", "partner", "event", "is_stand_in"]
    list_display_links = ["start_number", "player"]
    list_filter = ["event", "is_stand_in"]
    search_fields = ["player__name", "partner__name", "start_number"]
    list_select_related = ["event", "player", "partner"]
    autocomplete_fields = ["player", "partner"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "released", "closed"]
    list_filter = ["event", "released", "closed"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["entry", "player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "kind"]
    list_filter = ["round__event", "round__number", "kind"]
    list_select_related = ["round", "round__event"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "entry", "player"]
    list_filter = ["table__round__event", "table__round__number"]
    list_select_related = ["table", "table__round", "entry", "player"]
    search_fields = ["player__name", "entry__start_number"]
    autocomplete_fields = ["entry", "player"]


@admin.register(ChangeLog)
class ChangeLogAdmin(admin.ModelAdmin):
    """The record of changes is read-only: it is written by the services only."""

    list_display = ["created_at", "event", "action", "entry", "user", "description"]
    list_filter = ["event", "action"]
    list_select_related = ["event", "entry__player", "entry__partner", "user"]
    search_fields = ["description"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
