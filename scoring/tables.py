"""django-tables2 tables of the scoring app: the standings (Rangliste) and an entry's games.

A standings table shows the rows of ``scoring.ranking.rank`` (plain Python objects, already
in ranking order): Platz, Startnummer, Name (linked to the entry's games), one column per
Durchgang (D1, D2, …) and Gesamt. Columns sort in Python; the default order is the ranking.
An entry's games table lists its games of one round with the round's total as footer.
"""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scoring.ranking import StandingRow, signed
from scoring.standings import EntryGame, EntryRound

NUM = {"td": {"class": "num"}, "th": {"class": "num"}, "tf": {"class": "num"}}


def round_label(number: int) -> str:
    """The short column header of a round: "D1" in German, "R1" in English."""
    return _("R%(number)s") % {"number": number}


class PointsColumn(tables.Column):
    """A column of points: right-aligned, real minus sign, a dash where nothing was played."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("attrs", NUM)
        kwargs.setdefault("empty_values", ())
        super().__init__(**kwargs)

    def render(self, value: int | None) -> str:
        return signed(value)


# Shown on wide screens only: on a phone the start number and the round points move to a
# second line under the name (scoring/standings.css), so place, name and total fit at 360 px.
WIDE_NUM = {"td": {"class": "num wide"}, "th": {"class": "num wide"}}


class StandingsTable(tables.Table):
    place = tables.Column(verbose_name=_("Place"), attrs=NUM, empty_values=())
    start_number = tables.Column(verbose_name=_("Start no."), attrs=WIDE_NUM)
    name = tables.Column(verbose_name=_("Name"), empty_values=())
    total = PointsColumn(verbose_name=_("Overall"))

    class Meta:
        attrs = {"class": "data standings"}
        empty_text = _("No entries yet.")
        # The body is one plain template loop over the (sorted) rows, with no per-cell
        # machinery: a field of 700 entries renders in a fraction of the standard template's
        # time. The header (sorting links) is django-tables2's own.
        template_name = "scoring/standings_table.html"

    def __init__(
        self,
        rows: Sequence[StandingRow],
        *,
        round_numbers: Sequence[int],
        entry_url: str | None = None,
        total_label: str | None = None,
        public: bool = False,
        **kwargs: object,
    ) -> None:
        """``entry_url``: the entry detail link with "0/" at the end standing for the number;
        ``total_label`` replaces the header "Overall" (e.g. for a single round's ranking);
        ``public`` shows the start number instead of the name of an entry whose players are
        not in public lists."""
        extra = [
            (
                f"r{number}",
                PointsColumn(
                    verbose_name=round_label(number),
                    accessor=f"round_points__{index}",
                    attrs=WIDE_NUM,
                ),
            )
            for index, number in enumerate(round_numbers)
        ]
        self.public = public
        labels = [round_label(number) for number in round_numbers]
        # the phone line's caption of the round points: "D1–D3"
        self.rounds_caption = "–".join(dict.fromkeys([labels[0], labels[-1]])) if labels else ""
        if total_label is not None:
            extra.append(("total", PointsColumn(verbose_name=total_label)))
        self.entry_url_base = entry_url[: -len("0/")] if entry_url else None
        self.show_rounds = bool(round_numbers)
        rounds = [name for name, _column in extra if name != "total"]
        sequence = ["place", "start_number", "name", *rounds, "total"]
        super().__init__(rows, extra_columns=extra, sequence=sequence, **kwargs)


class EntryGamesTable(tables.Table):
    number = tables.Column(verbose_name=_("Game"), attrs=NUM)
    declarer_name = tables.Column(verbose_name=_("Declarer"), footer=_("Round total"))
    bid = tables.Column(verbose_name=_("Bid"), attrs=NUM)
    kind_label = tables.Column(verbose_name=_("Kind"))
    meld = tables.Column(verbose_name=_("Meld"), attrs=NUM)
    tricks = tables.Column(verbose_name=_("Tricks"), attrs=NUM, default="–")
    misplayed = tables.BooleanColumn(verbose_name=_("Misplayed"), yesno=("✔", ""))
    points = PointsColumn(verbose_name=_("Points"), footer=lambda table: table.footer_total)

    class Meta:
        attrs = {"class": "data entry-games"}
        orderable = False
        empty_text = _("No games entered yet.")

    def __init__(self, entry_round: EntryRound, **kwargs: object) -> None:
        self.footer_total = signed(entry_round.total)
        super().__init__(entry_round.games, **kwargs)

    def render_declarer_name(self, value: str, record: EntryGame) -> SafeString:
        if record.own_declarer:
            return format_html("<strong>{}</strong>", value)
        return format_html("{}", value)
