"""The series (Cup) in the admin, read-only like every table (``tournament.admin``); the series
pages and their services change it."""

from django.contrib import admin

from series.models import Series, SeriesEvent
from tournament.admin import ReadOnlyAdmin, ReadOnlyInline


class SeriesEventInline(ReadOnlyInline):
    model = SeriesEvent
    fields = ["order", "event"]


@admin.register(Series)
class SeriesAdmin(ReadOnlyAdmin):
    list_display = ["name", "season", "owner", "counting", "best_of", "scoring", "public"]
    list_select_related = ["owner"]
    search_fields = ["name", "slug"]
    inlines = [SeriesEventInline]
