"""The Django admin shows every table of the tournament app and the change log (``core``'s),
read-only.

Every change goes through the pages and their services, which check it and log it; the admin
would bypass both (a game edited there is not rescored, a sheet's status set there skips its
audit trail, a log row could be deleted, games per round changed after the plan hide games
from the sheet page but not from the standings). So no model of the app can be added, changed
or deleted here, not even by a superuser; the roles on an event too are given on the event's
roles page, which logs them. User accounts stay editable in the admin.
"""

from django.contrib import admin

from core.models import ChangeRecord
from tournament.models import (
    Entry,
    Event,
    EventRole,
    FormSubmission,
    Player,
    Round,
    Seat,
    Table,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """A model admin that lists and shows, and never adds, changes or deletes."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "date", "venue", "round_count", "games_per_round", "status"]
    list_filter = ["status"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "unlisted", "public_profile"]
    list_filter = ["unlisted", "public_profile"]
    search_fields = ["name", "club"]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["start_number", "player", "partner", "event", "is_stand_in", "is_withdrawn"]
    list_display_links = ["start_number", "player"]
    list_filter = ["event", "is_stand_in", "is_withdrawn"]
    search_fields = ["player__name", "partner__name", "start_number"]
    list_select_related = ["event", "player", "partner"]


class TableInline(ReadOnlyInline):
    model = Table


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["event", "number", "released", "closed"]
    list_filter = ["event", "released", "closed"]
    inlines = [TableInline]


class SeatInline(ReadOnlyInline):
    model = Seat


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "kind"]
    list_filter = ["round__event", "round__number", "kind"]
    list_select_related = ["round", "round__event"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["table", "position", "entry", "player"]
    list_filter = ["table__round__event", "table__round__number"]
    list_select_related = ["table", "table__round", "entry", "player"]
    search_fields = ["player__name", "entry__start_number"]


@admin.register(ChangeRecord)
class ChangeRecordAdmin(ReadOnlyAdmin):
    """Every app's change-log records (``core``): read-only like the rest."""

    list_display = ["created_at", "event", "action", "subject_type", "subject_id", "user",
                    "description"]
    list_filter = ["event", "action", "subject_type"]
    list_select_related = ["event", "subject_type", "user"]
    date_hierarchy = "created_at"


@admin.register(EventRole)
class EventRoleAdmin(ReadOnlyAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["event", "role"]
    list_select_related = ["event", "user"]
    search_fields = ["user__username", "event__name"]


@admin.register(FormSubmission)
class FormSubmissionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "kind", "event", "entry"]
    list_filter = ["kind", "event"]
    list_select_related = ["event", "entry__player"]
