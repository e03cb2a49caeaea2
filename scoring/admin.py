"""The Django admin shows every table of the scoring app, read-only (see ``tournament.admin``)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, PartyScore, RoundTotal, ScoreSheet
from tournament.admin import ReadOnlyAdmin, ReadOnlyInline


class GameInline(ReadOnlyInline):
    model = Game
    fields = ["number", "dealer", "declarer", "bid", "kind", "revoked"]
    show_change_link = True


class RoundTotalInline(ReadOnlyInline):
    model = RoundTotal
    fields = ["entry", "total", "lost"]


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "event", "status", "version", "updated_at", "confirmed_by"]
    list_filter = ["status", "table__round__event", "table__round__number"]
    list_select_related = ["table", "table__round", "table__round__event"]
    inlines = [GameInline, RoundTotalInline]

    @admin.display(description=_("event"), ordering="table__round__event")
    def event(self, sheet: ScoreSheet) -> str:
        return str(sheet.table.round.event)


class PartyScoreInline(ReadOnlyInline):
    model = PartyScore


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["sheet", "number", "dealer", "declarer", "bid", "kind", "revoked"]
    list_filter = ["kind", "sheet__table__round__event"]
    list_select_related = ["sheet__table__round", "declarer__player", "revoked__player"]
    inlines = [PartyScoreInline]


@admin.register(PartyScore)
class PartyScoreAdmin(ReadOnlyAdmin):
    list_display = ["game", "entry", "meld", "tricks", "points"]
    list_select_related = ["game__sheet__table__round", "entry__player"]
    search_fields = ["entry__player__name", "entry__start_number"]


@admin.register(RoundTotal)
class RoundTotalAdmin(ReadOnlyAdmin):
    list_display = ["sheet", "entry", "total", "lost"]
    list_select_related = ["sheet__table__round", "entry__player"]
    search_fields = ["entry__player__name", "entry__start_number"]
