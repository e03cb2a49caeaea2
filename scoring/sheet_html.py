"""The HTML of a score sheet's game rows, written in Python.

The sheet page is the hall's hot path: a phone opens it after every save or reload, and twelve
rows of about fifteen inputs rendered through form widgets and template includes cost some 40 ms
of server time. Here the choices every row shares are escaped once per page and each row is
joined from strings (``html.escape``), a few milliseconds in all. The markup is the form's:
field names ``g<N>-<field>`` and ids ``id_g<N>-<field>`` as ``scoring.forms.GameRowForm``
parses them, so the page works without JavaScript exactly as before.

Each row carries what the page's scripts need: ``data-stored`` (the stored game's field values,
``{}`` for an empty row) tells a value typed on this device from one the server holds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext

from scoring.forms import FIELD_LABELS, row_prefix
from scoring.models import Game


@dataclass
class Choices:
    """The options of a select as (value, escaped label), shared by every row of the page."""

    options: list[tuple[str, str]]
    _html: dict[str, str] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def of(cls, pairs: Sequence[tuple[object, object]]) -> Choices:
        return cls([(escape(str(value)), escape(str(label))) for value, label in pairs])

    def html(self, selected: str) -> str:
        """The options with ``selected`` marked; kept per value, as the rows of a page share
        a handful of them."""
        found = self._html.get(selected)
        if found is None:
            found = self._html[selected] = "".join(
                f'<option value="{value}"{" selected" if value == selected else ""}>'
                f"{label}</option>"
                for value, label in self.options
            )
        return found


class RowRenderer:
    """Renders the game rows of one sheet page; build once per page, call ``row`` per game."""

    def __init__(
        self, *, party_labels: Sequence[str], seat_labels: Sequence[str], pairs: bool
    ) -> None:
        parties = list(enumerate(party_labels))
        self.party_count = len(party_labels)
        self.party_labels = [escape(label) for label in party_labels]
        self.choices = {
            "declarer": Choices.of([("", "–"), *parties]),
            "revoked": Choices.of([("", gettext("nobody")), *parties]),
            "dealer": Choices.of(list(enumerate(seat_labels, start=1))),
            "kind": Choices.of(Game.Kind.choices),
        }
        self.labels = {name: escape(capfirst(label)) for name, label in FIELD_LABELS.items()}
        meld, tricks = gettext("meld"), gettext("trick points")
        party = gettext("Pair") if pairs else gettext("Player")
        points, running = gettext("points"), gettext("Running total")
        self.head = (
            '<table class="parties"><colgroup><col class="c-party"><col class="c-in">'
            '<col class="c-in"><col class="c-pts"><col class="c-sum"></colgroup><thead><tr>'
            f'<th scope="col">{escape(party)}</th>'
            f'<th scope="col">{escape(capfirst(meld))}</th>'
            f'<th scope="col">{escape(capfirst(tricks))}</th>'
            f'<th scope="col" class="num">{escape(capfirst(points))}</th>'
            f'<th scope="col" class="num"><abbr title="{escape(running)}">'
            "Σ</abbr></th></tr></thead><tbody>"
        )
        self.aria = {
            (name, index): escape(f"{label}: {party}")
            for name, label in (("meld", meld), ("tricks", tricks))
            for index, party in enumerate(party_labels)
        }
        self.game = gettext("Game %(number)s")
        self.other_device = escape(gettext("Saved on the other device:"))
        self.unusual_bid = escape(gettext("The bid is right"))
        self.party_heads: dict[tuple[str, str], str] = {}

    # --- pieces ---------------------------------------------------------------------------

    @staticmethod
    def _errors(messages: Sequence[str], *, css: str = "errorlist", ident: str = "") -> str:
        if not messages:
            return ""
        items = "".join(f"<li>{escape(str(message))}</li>" for message in messages)
        ident_attr = f' id="{ident}"' if ident else ""
        return f'<ul class="{css}"{ident_attr}>{items}</ul>'

    @staticmethod
    def _ident(row: RowData, name: str) -> str:
        """The input's id, as Django's forms name it (its messages: id + "_error")."""
        return f"id_{row.prefix}-{name}"

    def _attrs(self, row: RowData, name: str) -> tuple[str, str, str]:
        """The field's full name, id and the attributes that mark an error."""
        full = f"{row.prefix}-{name}"
        ident = self._ident(row, name)
        extra = ""
        if row.errors.get(name):
            extra = f' aria-invalid="true" aria-describedby="{ident}_error"'
            if row.focus == name:
                extra += " autofocus"
        return full, ident, extra

    def _select(self, row: RowData, name: str) -> str:
        full, ident, extra = self._attrs(row, name)
        options = self.choices[name].html(row.values.get(name, ""))
        return f'<select name="{full}" id="{ident}"{extra}>{options}</select>'

    def _number(self, row: RowData, name: str, aria: str = "") -> str:
        full, ident, extra = self._attrs(row, name)
        value = row.values.get(name, "")
        value = escape(value) if value else value
        label = f' aria-label="{aria}"' if aria else ""
        return (
            f'<input type="text" name="{full}" id="{ident}" value="{value}"'
            f' inputmode="numeric" pattern="[0-9]*" autocomplete="off" enterkeyhint="next"'
            f' size="4"{label}{extra}>'
        )

    def _field(self, row: RowData, name: str, control: str, after: str = "") -> str:
        errors = row.errors.get(name, ())
        ident = self._ident(row, name)
        return (
            f'<div class="field field-{name}{" invalid" if errors else ""}">'
            f'<label for="{ident}">{self.labels[name]}</label>{control}'
            f"{self._errors(errors, ident=f'{ident}_error')}{after}</div>"
        )

    def _bid_check(self, row: RowData) -> str:
        full = f"{row.prefix}-bid_ok"
        checked = " checked" if row.values.get("bid_ok") else ""
        hidden = "" if row.unusual_bid else " hidden"
        return (
            f'<label class="bid-ok"{hidden}><input type="checkbox" name="{full}" value="1"'
            f"{checked}> {self.unusual_bid}</label>"
        )

    def _cell(self, row: RowData, name: str, aria: str, column: str) -> str:
        """A meld or trick input in its table cell, with its messages."""
        errors = row.errors.get(name, ())
        bad = errors or row.column_errors.get(column)
        messages = self._errors(errors, ident=self._ident(row, name) + "_error") if errors else ""
        return (
            f'<td class="{"invalid" if bad else ""}">{self._number(row, name, aria)}{messages}</td>'
        )

    def _party_head(self, short: str, name: str) -> str:
        """A party's heading cell, the same in every row: escaped once per page."""
        found = self.party_heads.get((short, name))
        if found is None:
            found = self.party_heads[short, name] = (
                f'<th scope="row" class="party"><span class="no">{escape(short)}</span> '
                f'<span class="name">{escape(name)}</span></th>'
            )
        return found

    def _party(self, row: RowData, index: int, cell: PartyCell) -> str:
        points = "" if cell.points is None else str(cell.points)
        total = "" if cell.total is None else str(cell.total)
        return (
            f"<tr>{self._party_head(cell.short, cell.name)}"
            f'{self._cell(row, f"meld{index}", self.aria["meld", index], "melds")}'
            f'{self._cell(row, f"tricks{index}", self.aria["tricks", index], "tricks")}'
            f'<td class="num points" data-points="{index}">{points}</td>'
            f'<td class="num total" data-total="{index}">{total}</td></tr>'
        )

    # --- a row ----------------------------------------------------------------------------

    def row(self, row: RowData) -> str:
        classes = ["game"]
        if row.has_errors:
            classes.append("has-errors")
        if row.stored:
            classes.append("stored")
        if row.other_device:
            classes.append("conflict")
        stored = escape(json.dumps(row.stored_fields, separators=(",", ":")))
        conflict = (
            f'<p class="other-device" role="alert"><strong>{self.other_device}</strong> '
            f"{escape(row.other_device)}</p>"
            if row.other_device
            else ""
        )
        parties = "".join(self._party(row, index, cell) for index, cell in enumerate(row.cells))
        return (
            f'<fieldset class="{" ".join(classes)}" id="g{row.number}" data-number="{row.number}"'
            f' data-stored="{stored}"{" data-bound" if row.bound else ""}>'
            f"<legend>{escape(self.game % {'number': row.number})}</legend>{conflict}"
            '<div class="game-head">'
            f'{self._field(row, "declarer", self._select(row, "declarer"))}'
            f'{self._field(row, "bid", self._number(row, "bid"), self._bid_check(row))}'
            f'{self._field(row, "kind", self._select(row, "kind"))}'
            f"</div>{self.head}{parties}</tbody></table>"
            '<p class="trick-sum" data-trick-sum aria-live="polite"></p>'
            f'{self._errors(row.non_field_errors, css="errorlist nonfield")}'
            '<ul class="errorlist live-errors" aria-live="polite" hidden></ul>'
            '<div class="game-foot">'
            f'{self._field(row, "dealer", self._select(row, "dealer"))}'
            f'{self._field(row, "revoked", self._select(row, "revoked"))}'
            "</div></fieldset>"
        )

    def rows(self, rows: Sequence[RowData]) -> SafeString:
        return mark_safe("".join(self.row(row) for row in rows))


@dataclass
class PartyCell:
    """One party's line in a game row: who, and the stored game's points and running total."""

    short: str
    name: str
    points: int | None
    total: int | None


@dataclass
class RowData:
    """What one game row shows: field values as typed or stored, and their messages."""

    number: int
    values: dict[str, str]
    cells: list[PartyCell]
    stored_fields: dict[str, str]
    stored: bool = False
    bound: bool = False
    errors: dict[str, list[str]] | None = None
    non_field_errors: list[str] | None = None
    column_errors: dict[str, list[str]] | None = None
    other_device: str | None = None
    focus: str | None = None
    unusual_bid: bool = False

    def __post_init__(self) -> None:
        self.prefix = row_prefix(self.number)  # of the row's field names
        self.errors = self.errors or {}
        self.non_field_errors = self.non_field_errors or []
        self.column_errors = self.column_errors or {}

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.non_field_errors)
