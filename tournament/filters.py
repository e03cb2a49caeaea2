"""django-filter filter sets of the organiser pages."""

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from tournament.models import Entry


class EntryFilter(django_filters.FilterSet):
    """Entries by kind (singles or pairs); withdrawn entries only when asked for.

    Bind it to ``request.GET`` always (even when empty) so withdrawn entries are hidden by
    default.
    """

    kind = django_filters.ChoiceFilter(
        label=_("Show"),
        choices=[("single", _("Singles")), ("pair", _("Pairs"))],
        empty_label=_("Singles and pairs"),
        method="filter_kind",
    )
    withdrawn = django_filters.BooleanFilter(
        label=_("Show withdrawn entries too"),
        widget=forms.CheckboxInput,
        method="filter_withdrawn",
    )

    class Meta:
        model = Entry
        fields: list[str] = []

    def filter_kind(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        if value == "single":
            return queryset.singles()
        if value == "pair":
            return queryset.pairs()
        return queryset

    def filter_withdrawn(self, queryset: QuerySet, name: str, value: bool) -> QuerySet:
        return queryset if value else queryset.filter(is_withdrawn=False)
