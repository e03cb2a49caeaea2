"""django-tables2 tables of the tournament app."""

import django_tables2 as tables
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
