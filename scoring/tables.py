"""django-tables2 tables of the scoring app: the standings (Rangliste) and an entry's games.

A standings table shows the rows of ``scoring.ranking.rank`` (plain Python objects, already
in ranking order): Platz, Startnummer, Name (linked to the entry's games), one column per
Durchgang (D1, D2, …) and Gesamt. Columns sort in Python; the default order is the ranking.
An entry's games table lists its games of one round with the round's total as footer.
"""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.utils.html import escape
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


def _body(table: tables.Table, lines: list[str]) -> SafeString:
    """The rows of a ``body_html``, or the table's empty text in one row (every value the
    rows hold is escaped by their writer)."""
    if not lines:
        lines = [f'<tr><td colspan="{len(table.columns)}">{escape(table.empty_text)}</td></tr>']
    return mark_safe("\n".join(lines))


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
        template_name = "scoring/table_body_html.html"

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


    def body_html(self) -> SafeString:
        """The rows of the table body, in the table's (sorted) order, written here rather than
        through a template loop, which is several times slower for a 700-entry field
        (``bench/public_standings.py``), and the standings page is what every phone opens at
        once.
        Every text is escaped; the cells are the same as the header's columns (the start
        number and the round points carry ``wide``: on a phone they move to the second line
        under the name, ``phone-line``)."""
        withdrawn = escape(gettext("withdrawn"))
        number_label = escape(gettext("No."))
        caption = escape(self.rounds_caption)
        link = escape(self.entry_url_base) if self.entry_url_base else ""
        lines = []
        for row in self.data:
            number = row.start_number
            name = escape(str(row.public_name if self.public else row.name))
            if link:
                name = f'<a href="{link}{number}/">{name}</a>'
            if row.is_withdrawn:
                name += f' <span class="tag">{withdrawn}</span>'
            rounds = phone_rounds = ""
            if self.show_rounds:
                cells = [escape(cell) for cell in row.round_cells]
                rounds = "".join(f'<td class="num wide">{cell}</td>' for cell in cells)
                phone_rounds = f" · {caption}: " + " / ".join(cells)
            place = f"{row.place}." if row.place else ""
            lines.append(
                f'<tr><td class="num">{place}</td><td class="num wide">{number}</td>'
                f'<td class="name">{name}<span class="phone-line">{number_label} {number}'
                f"{phone_rounds}</span></td>{rounds}"
                f'<td class="num total">{escape(row.total_cell)}</td></tr>'
            )
        return _body(self, lines)


# An entry's games on a phone: game, declarer and points; the bid, kind, meld, tricks and a
# misplay go to a second line under the declarer (``fits-phone`` in tournament/app.css).
WIDE_GAME = {"td": {"class": "wide"}, "th": {"class": "wide"}, "tf": {"class": "wide"}}
WIDE_GAME_NUM = {
    "td": {"class": "num wide"}, "th": {"class": "num wide"}, "tf": {"class": "num wide"}
}


class EntryGamesTable(tables.Table):
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

    class Meta:
        attrs = {"class": "data entry-games fits-phone"}
        orderable = False
        empty_text = _("No games entered yet.")
        # the body written in Python (``body_html``), as for the standings: a player's page is
        # opened by many phones at once at the end of the evening
        template_name = "scoring/table_body_html.html"

    def __init__(self, entry_round: EntryRound, **kwargs: object) -> None:
        self.footer_total = signed(entry_round.total)
        super().__init__(entry_round.games, **kwargs)

    def body_html(self) -> SafeString:
        """The games, one row each, the cells as the columns say (every text escaped); the
        cells marked ``wide`` are said again on the phone's second line under the declarer."""
        labels = {
            name: escape(str(self.columns[name].verbose_name))
            for name in ("bid", "meld", "tricks", "misplayed")
        }
        lines = []
        for game in self.data:
            declarer = escape(game.declarer_name)
            if game.own_declarer:
                declarer = f"<strong>{declarer}</strong>"
            tricks = "–" if game.tricks is None else game.tricks
            bid = "–" if game.bid is None else game.bid
            kind = escape(game.kind_label)
            phone = [
                f"{labels['bid']} {bid}", kind,
                f"{labels['meld']} {game.meld}", f"{labels['tricks']} {tricks}",
            ]
            if game.misplayed:
                phone.append(labels["misplayed"])
            lines.append(
                f'<tr><td class="num">{game.number}</td>'
                f'<td class="name">{declarer}'
                f'<span class="phone-line">{" · ".join(phone)}</span></td>'
                f'<td class="num wide">{bid}</td><td class="wide">{kind}</td>'
                f'<td class="num wide">{game.meld}</td><td class="num wide">{tricks}</td>'
                f'<td class="wide">{"✔" if game.misplayed else ""}</td>'
                f'<td class="num">{escape(signed(game.points))}</td></tr>'
            )
        return _body(self, lines)
