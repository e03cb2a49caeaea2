from django.contrib import admin

from scoring.models import Game, PartyScore, ScoreSheet


class GameInline(admin.TabularInline):
    model = Game
    extra = 0
    fields = ["number", "dealer", "declarer", "bid", "kind", "revoked"]
    readonly_fields = fields
    show_change_link = True


@admin.register(ScoreSheet)
class ScoreSheetAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "status", "version"]
    list_filter = ["status", "table__round__event", "table__round__number"]
    list_select_related = ["table", "table__round", "table__round__event"]
    inlines = [GameInline]

    @admin.display(description="Event", ordering="table__round__event")
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
