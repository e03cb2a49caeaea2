"""Forms of score entry: one ``GameRowForm`` per game row of a sheet, and the sheet's frame.

A row's fields are named with the game number as prefix (``g5-bid``, ``g5-meld0``, …; outside
checks and bookmarks rely on these names); parties are numbered 0, 1, … in seating order, as in
``scoring.rules.score_hand``. A row left completely empty is not a game (``is_blank``). The
form parses and checks a row with the rules (``scoring.sheet_rows``); the services decide what
is stored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import Game
from scoring.rules import CONCEDED, TRICK_TOTAL, InvalidHand
from scoring.sheet_rows import normalise_row
from tournament.limits import MAX_GAMES_PER_ROUND, MAX_POINTS

NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "size": "4"}
ROW_KEY = re.compile(r"^g(\d+)-")

# Where an InvalidHand's field is shown: its own input, or under the meld/trick column.
FIELD_OF_ERROR = {"bid": "bid", "declarer": "declarer", "kind": "kind", "revoked": "revoked",
                  "dealer": "dealer"}


class QuickTextInput(forms.TextInput):
    """A text input rendered in Python: a sheet page holds over a hundred inputs, and a
    template per input made it noticeably slow."""

    def render(
        self, name: str, value: Any, attrs: dict | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        final.update(type=self.input_type, name=name)
        shown = self.format_value(value)
        if shown is not None:
            final["value"] = shown
        return format_html("<input{}>", flatatt(final))


class QuickSelect(forms.Select):
    """A select rendered in Python (see QuickTextInput); flat choices only."""

    def render(
        self, name: str, value: Any, attrs: dict | None = None, renderer: Any = None
    ) -> SafeString:
        final = self.build_attrs(self.attrs, attrs)
        final["name"] = name
        selected = {str(v) for v in self.format_value(value)}
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (str(key), mark_safe(" selected") if str(key) in selected else "", label)
                for key, label in self.choices
            ),
        )
        return format_html("<select{}>{}</select>", flatatt(final), options)


def row_prefix(number: int) -> str:
    return f"g{number}"


class GameRowForm(forms.Form):
    """One game: dealer, declarer, bid, kind, misplay and per party meld and trick points."""

    def __init__(
        self,
        *args: Any,
        number: int,
        party_labels: Sequence[str],
        seat_labels: Sequence[str],
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("prefix", row_prefix(number))
        super().__init__(*args, **kwargs)
        self.number = number
        self.party_count = len(party_labels)
        self.seat_count = len(seat_labels)
        self.points: list[int] | None = None
        # Messages about the meld or trick columns as a whole (e.g. the trick points' sum).
        self.column_errors: dict[str, list[str]] = {"melds": [], "tricks": []}
        parties = [(index, label) for index, label in enumerate(party_labels)]
        self.fields["dealer"] = forms.TypedChoiceField(
            label=_("dealer"),
            choices=[(position, label) for position, label in enumerate(seat_labels, start=1)],
            coerce=int,
            widget=QuickSelect,
        )
        self.fields["declarer"] = forms.TypedChoiceField(
            label=_("declarer"),
            choices=[("", "–"), *parties],
            coerce=int,
            required=False,
            empty_value=None,
            widget=QuickSelect,
        )
        self.fields["bid"] = forms.IntegerField(
            label=_("bid"),
            required=False,
            min_value=0,
            max_value=MAX_POINTS,
            widget=QuickTextInput(attrs=NUMERIC),
        )
        self.fields["kind"] = forms.ChoiceField(
            label=_("kind"),
            choices=Game.Kind.choices,
            initial=Game.Kind.PLAYED,
            widget=QuickSelect,
        )
        self.fields["revoked"] = forms.TypedChoiceField(
            label=_("misplayed"),
            choices=[("", _("nobody")), *parties],
            coerce=int,
            required=False,
            empty_value=None,
            widget=QuickSelect,
        )
        for index, label in enumerate(party_labels):
            self.fields[f"meld{index}"] = forms.IntegerField(
                label=_("meld"),
                required=False,
                min_value=0,
                max_value=MAX_POINTS,
                widget=QuickTextInput(
                    attrs={**NUMERIC, "aria-label": f"{gettext('meld')}: {label}"}
                ),
            )
            self.fields[f"tricks{index}"] = forms.IntegerField(
                label=_("trick points"),
                required=False,
                min_value=0,
                max_value=TRICK_TOTAL,
                widget=QuickTextInput(
                    attrs={**NUMERIC, "aria-label": f"{gettext('trick points')}: {label}"}
                ),
            )

    # The fields that make a row a game; dealer and kind have defaults and do not count.
    def entry_fields(self) -> list[str]:
        return [
            "declarer",
            "bid",
            "revoked",
            *(f"meld{i}" for i in range(self.party_count)),
            *(f"tricks{i}" for i in range(self.party_count)),
        ]

    def is_blank(self) -> bool:
        """True when nothing of the row was filled in (judged on the raw input)."""
        if not self.is_bound:
            return False
        return all(
            not str(self.data.get(self.add_prefix(name), "")).strip()
            for name in self.entry_fields()
        )

    def add_invalid_hand(self, error: InvalidHand) -> None:
        """Show a rules error next to the field it is about."""
        message = str(error)
        name = FIELD_OF_ERROR.get(error.field)
        if name is not None:
            self.add_error(name, message)
        elif error.field in self.column_errors:
            self.column_errors[error.field].append(message)
            self.add_error(None, message)
        else:
            self.add_error(None, message)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors or self.is_blank():
            return data
        if data.get("declarer") is None:
            self.add_error("declarer", gettext("Choose the declarer."))
        if data.get("bid") is None:
            self.add_error("bid", gettext("Enter the bid."))
        if self.errors:
            return data
        try:
            values = normalise_row(
                self.row(),
                number=self.number,
                parties=self.party_count,
                seat_count=self.seat_count,
            )
        except InvalidHand as error:
            self.add_invalid_hand(error)
        else:
            self.points = values["points"]
        return data

    def row(self) -> dict[str, Any]:
        """The row as ``save_sheet_rows`` takes it; blank meld and trick fields count as 0.

        A conceded game without trick points has ``tricks`` None.
        """
        data = self.cleaned_data
        melds = [data.get(f"meld{i}") or 0 for i in range(self.party_count)]
        raw_tricks = [data.get(f"tricks{i}") for i in range(self.party_count)]
        tricks: list[int] | None = [t or 0 for t in raw_tricks]
        if data.get("kind") == CONCEDED and all(t is None for t in raw_tricks):
            tricks = None
        return {
            "dealer": data.get("dealer"),
            "declarer": data.get("declarer"),
            "bid": data.get("bid"),
            "kind": data.get("kind"),
            "revoked": data.get("revoked"),
            "melds": melds,
            "tricks": tricks,
        }


def initial_from_values(values: dict[str, Any] | None, *, dealer: int) -> dict[str, Any]:
    """A row form's initial data from stored game values (``game_values``), or just the dealer."""
    if values is None:
        return {"dealer": dealer, "kind": Game.Kind.PLAYED}
    initial: dict[str, Any] = {
        "dealer": values["dealer"],
        "declarer": values["declarer"],
        "bid": values["bid"],
        "kind": values["kind"],
        "revoked": values["revoked"],
    }
    for index, meld in enumerate(values["melds"]):
        initial[f"meld{index}"] = meld
    for index, trick in enumerate(values["tricks"] or []):
        initial[f"tricks{index}"] = trick
    return initial


class SheetFrameForm(forms.Form):
    """The hidden frame of a sheet form: which sheet and which version it was based on."""

    sheet = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31 - 1)


def forged_row_numbers(keys: Sequence[str], count: int) -> list[str]:
    """Row keys of a submitted form that name no game of the sheet (``g13-bid``, ``g01-bid``)."""
    bad: list[str] = []
    for key in keys:
        match = ROW_KEY.match(key)
        if match is None:
            continue
        digits = match.group(1)
        if (
            len(digits) > len(str(MAX_GAMES_PER_ROUND))
            or digits != str(int(digits))
            or not 1 <= int(digits) <= count
        ):
            bad.append(digits)
    return bad
