"""django-tables2 tables of the scoring app: the standings (Rangliste) and an entry's games.

A standings table shows the rows of ``scoring.ranking.rank`` (plain Python objects, already
in ranking order): Platz, Startnummer, Name (linked to the entry's games), one column per
Durchgang (D1, D2, …) and Gesamt. Columns sort in Python; the default order is the ranking.
An entry's games table lists its games of one round with the round's total as footer.
"""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.ranking import StandingRow, signed
from scoring.standings import EntryRound

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


class RowsTemplateTable(tables.Table):
    """A table whose body rows a Jinja2 template draws (``rows_template``, from
    ``rows_context``); the header, its sorting links and the footer are django-tables2's own
    (``scoring/table_body_html.html``).

    Jinja2 because a full field's standings (700 rows) draw in about 20 ms against 130 ms as a
    Django template loop (bench/README.md), after every change of the results."""

    rows_template: str

    class Meta:
        template_name = "scoring/table_body_html.html"

    def rows_context(self) -> dict[str, object]:
        raise NotImplementedError

    def body_html(self) -> SafeString:
        """The body rows, or the table's empty text in one row spanning every column."""
        context = {
            **self.rows_context(),
            "columns": len(self.columns),
            "empty_text": self.empty_text,
        }
        # Jinja2 escapes every value it draws (autoescape)
        return mark_safe(render_to_string(self.rows_template, context, using="jinja2"))


# Shown on wide screens only: on a phone the start number and the round points move to a
# second line under the name (scoring/standings.css), so place, name and total fit at 360 px.
WIDE_NUM = {"td": {"class": "num wide"}, "th": {"class": "num wide"}}


class StandingsTable(RowsTemplateTable):
    place = tables.Column(verbose_name=_("Place"), attrs=NUM, empty_values=())
    start_number = tables.Column(verbose_name=_("Start no."), attrs=WIDE_NUM)
    name = tables.Column(verbose_name=_("Name"), empty_values=())
    total = PointsColumn(verbose_name=_("Overall"))

    class Meta(RowsTemplateTable.Meta):
        attrs = {"class": "data standings"}
        empty_text = _("No entries yet.")

    rows_template = "scoring/standings_rows.html"

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

    def rows_context(self) -> dict[str, object]:
        """The rows in the table's (sorted) order and what every row repeats."""
        return {
            "rows": list(self.data),
            "public": self.public,
            "link": self.entry_url_base or "",
            "show_rounds": self.show_rounds,
            "caption": self.rounds_caption,
            "t": {"withdrawn": gettext("withdrawn"), "number": gettext("No.")},
        }


# An entry's games on a phone: game, declarer and points; the bid, kind, meld, tricks and a
# misplay go to a second line under the declarer (``fits-phone`` in tournament/app.css).
WIDE_GAME = {"td": {"class": "wide"}, "th": {"class": "wide"}, "tf": {"class": "wide"}}
WIDE_GAME_NUM = {
    "td": {"class": "num wide"}, "th": {"class": "num wide"}, "tf": {"class": "num wide"}
}


class EntryGamesTable(RowsTemplateTable):
    number = tables.Column(verbose_name=_("Game"), attrs=NUM)
    declarer_name = tables.Column(verbose_name=_("Declarer"), footer=_("Round total"))
    bid = tables.Column(verbose_name=_("Bid"), attrs=WIDE_GAME_NUM)
    kind_label = tables.Column(verbose_name=_("Kind"), attrs=WIDE_GAME)
    meld = tables.Column(verbose_name=_("Meld"), attrs=WIDE_GAME_NUM)
    tricks = tables.Column(verbose_name=_("Tricks"), attrs=WIDE_GAME_NUM, default="–")
    misplayed = tables.BooleanColumn(
        verbose_name=_("Misplayed"), yesno=("✔", ""), attrs=WIDE_GAME
    )
    points = PointsColumn(verbose_name=_("Points"), footer=lambda table: table.footer_total)

    class Meta(RowsTemplateTable.Meta):
        attrs = {"class": "data entry-games fits-phone"}
        orderable = False
        empty_text = _("No games entered yet.")

    rows_template = "scoring/entry_games_rows.html"

    def __init__(self, entry_round: EntryRound, **kwargs: object) -> None:
        self.footer_total = signed(entry_round.total)
        super().__init__(entry_round.games, **kwargs)

    def rows_context(self) -> dict[str, object]:
        """The games and the column headings the phone's line under the declarer repeats."""
        return {
            "games": list(self.data),
            "signed": signed,
            "t": {
                name: self.columns[name].verbose_name
                for name in ("bid", "meld", "tricks", "misplayed")
            },
        }
