"""django-tables2 tables of the tournament app."""

import django_tables2 as tables
from django.db.models import Case, Value, When
from django.utils.translation import gettext_lazy as _

from tournament.models import Entry


class EntryTable(tables.Table):
    start_number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}})
    name = tables.Column(
        verbose_name=_("Name"), accessor="player__name", order_by=("player__name",)
    )
    partner = tables.Column(
        verbose_name=_("Partner"), accessor="partner__name", default="", orderable=True
    )
    club = tables.Column(verbose_name=_("Club"), accessor="player__club", default="")
    kind = tables.Column(verbose_name=_("Kind"), empty_values=(), orderable=False)
    is_stand_in = tables.BooleanColumn(verbose_name=_("Stand-in"), yesno=("✔", ""))

    class Meta:
        model = Entry
        fields = ["start_number", "name", "partner", "club", "kind", "is_stand_in"]
        order_by = "start_number"
        attrs = {"class": "data"}

    def render_kind(self, record: Entry) -> str:
        return _("pair") if record.is_pair else _("single")


def _entry_link() -> tuple[str, dict[str, tables.A]]:
    return ("entry-edit", {"slug": tables.A("event__slug"), "pk": tables.A("pk")})


class OrganiserEntryTable(EntryTable):
    """The organisers' list of entries: every row links to the entry's page; withdrawn entries
    are struck through. Needs the queryset with ``select_related("event")``."""

    start_number = tables.Column(
        verbose_name=_("No."), attrs={"td": {"class": "num"}}, linkify=_entry_link()
    )
    name = tables.Column(
        verbose_name=_("Name"),
        accessor="player__name",
        order_by=("player__name",),
        linkify=_entry_link(),
    )
    kind = tables.Column(verbose_name=_("Kind"), empty_values=(), orderable=True)
    is_withdrawn = tables.BooleanColumn(verbose_name=_("Withdrawn"), yesno=("✔", ""))

    class Meta(EntryTable.Meta):
        fields = ["start_number", "name", "partner", "club", "kind", "is_stand_in", "is_withdrawn"]
        row_attrs = {"class": lambda record: "withdrawn" if record.is_withdrawn else ""}
        empty_text = _("No entries.")

    def order_kind(self, queryset, is_descending: bool):
        queryset = queryset.annotate(
            pair_first=Case(When(partner__isnull=True, then=Value(0)), default=Value(1))
        ).order_by(("-" if is_descending else "") + "pair_first", "start_number")
        return queryset, True
