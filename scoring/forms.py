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
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.errors import gettext_noop
from core.forms import NumberField
from core.limits import MAX_GAMES_PER_ROUND, MAX_POINTS, UNUSUAL_BID
from scoring.models import Game
from scoring.modes import InvalidFigure
from scoring.rules import CONCEDED, TRICK_TOTAL, InvalidHand, RulesProfile
from scoring.sheet_rows import normalise_row, row_problems

ROW_KEY = re.compile(r"^g([0-9]+)-")

# Where an InvalidHand's field is shown: its own input, or under the meld/trick column.
FIELD_OF_ERROR = {"bid": "bid", "declarer": "declarer", "kind": "kind", "revoked": "revoked",
                  "dealer": "dealer"}
# the party columns: an error about one party's figure sits at that party's input
PARTY_FIELD = {"melds": "meld", "tricks": "tricks"}

FIELD_LABELS = {
    "declarer": _("declarer"),
    "bid": _("bid"),
    "kind": _("kind"),
    "dealer": _("dealer"),
    "revoked": _("misplayed"),
}
"""The labels of a row's own fields (the meld and trick inputs are labelled by their party)."""


def row_prefix(number: int) -> str:
    return f"g{number}"


def row_fields(
    party_labels: Sequence[str], seat_labels: Sequence[str]
) -> dict[str, forms.Field]:
    """A row's fields for a table's labels (``GameRowForm``), new for every form."""
    fields: dict[str, forms.Field] = {}
    parties = [(index, label) for index, label in enumerate(party_labels)]
    fields["dealer"] = forms.TypedChoiceField(
        label=FIELD_LABELS["dealer"],
        choices=[(position, label) for position, label in enumerate(seat_labels, start=1)],
        coerce=int,
    )
    fields["declarer"] = forms.TypedChoiceField(
        label=FIELD_LABELS["declarer"],
        choices=[("", "–"), *parties],
        coerce=int,
        required=False,
        empty_value=None,
    )
    fields["bid"] = NumberField(
        label=FIELD_LABELS["bid"], required=False, min_value=0, max_value=MAX_POINTS
    )
    fields["bid_ok"] = forms.BooleanField(required=False)
    fields["kind"] = forms.ChoiceField(
        label=FIELD_LABELS["kind"], choices=Game.Kind.choices, initial=Game.Kind.PLAYED
    )
    fields["revoked"] = forms.TypedChoiceField(
        label=FIELD_LABELS["revoked"],
        choices=[("", _("nobody")), *parties],
        coerce=int,
        required=False,
        empty_value=None,
    )
    for index in range(len(party_labels)):
        fields[f"meld{index}"] = NumberField(
            label=_("meld"), required=False, min_value=0, max_value=MAX_POINTS
        )
        fields[f"tricks{index}"] = NumberField(
            label=_("trick points"), required=False, min_value=0, max_value=TRICK_TOTAL
        )
    return fields


class GameRowForm(forms.Form):
    """One game: dealer, declarer, bid, kind, misplay and per party meld and trick points.

    Parses and checks a row; the page draws it in ``templates/scoring/sheet.html``. Every
    problem of a row is reported at once, each at its field (a party's meld or trick figure at
    that party's input). A bid above ``UNUSUAL_BID`` needs the row's ``bid_ok`` box ticked.
    """

    def __init__(
        self,
        *args: Any,
        number: int,
        party_labels: Sequence[str],
        seat_labels: Sequence[str],
        rules: RulesProfile | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("prefix", row_prefix(number))
        super().__init__(*args, **kwargs)
        self.number = number
        self.rules = rules
        self.party_count = len(party_labels)
        self.seat_count = len(seat_labels)
        self.points: list[int] | None = None
        self.unusual_bid = False
        # Messages about the meld or trick columns as a whole (e.g. the trick points' sum).
        self.column_errors: dict[str, list[str]] = {"melds": [], "tricks": []}
        self.fields = row_fields(party_labels, seat_labels)

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

    def field_of(self, error: InvalidHand) -> str | None:
        """The input a rules error is shown at, or None for the row or a column as a whole."""
        party = getattr(error, "party", None)
        if error.field in PARTY_FIELD and party is not None and 0 <= party < self.party_count:
            return f"{PARTY_FIELD[error.field]}{party}"
        return FIELD_OF_ERROR.get(error.field)

    def add_invalid_hand(self, error: InvalidHand) -> None:
        """Show a rules error next to the field it is about."""
        message = str(error)
        name = self.field_of(error)
        if name is not None:
            self.add_error(name, message)
        else:
            if error.field in self.column_errors:
                self.column_errors[error.field].append(message)
            self.add_error(None, message)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.is_blank():
            return data
        if data.get("declarer") is None and "declarer" not in self.errors:
            self.add_error("declarer", gettext("Choose the declarer."))
        if data.get("bid") is None and "bid" not in self.errors:
            self.add_error("bid", gettext("Enter the bid."))
        bid = data.get("bid")
        if bid is not None and bid > UNUSUAL_BID and not data.get("bid_ok"):
            self.unusual_bid = True
            self.add_error(
                "bid",
                gettext(
                    "A bid of %(bid)s is far beyond any real game (more than %(limit)s). "
                    "Check it; if it is right, tick “The bid is right” and save again."
                )
                % {"bid": bid, "limit": UNUSUAL_BID},
            )
        row = self.row()
        problems = row_problems(
            row,
            number=self.number,
            parties=self.party_count,
            seat_count=self.seat_count,
            rules=self.rules,
        )
        for problem in problems:
            name = self.field_of(problem)
            if name is not None and name in self.errors:
                continue  # that input has its message already
            if name is None and self._column_has_errors(problem.field):
                continue  # e.g. the sum of trick points when one of them is not a number
            self.add_invalid_hand(problem)
        if not self.errors:
            self.points = normalise_row(
                row,
                number=self.number,
                parties=self.party_count,
                seat_count=self.seat_count,
                rules=self.rules,
            )["points"]
        return data

    @property
    def error_texts(self) -> dict[str, list[str]]:
        """The row's messages by field as text in the active language (``__all__``: about
        the row or a column as a whole)."""
        return {name: [str(text) for text in texts] for name, texts in self.errors.items()}

    @property
    def error_columns(self) -> list[str]:
        """The meld or trick columns the row's messages are about as a whole."""
        return [column for column, texts in self.column_errors.items() if texts]

    def _column_has_errors(self, column: str) -> bool:
        prefix = PARTY_FIELD.get(column)
        return prefix is not None and any(
            f"{prefix}{index}" in self.errors for index in range(self.party_count)
        )

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
    """A row form's initial data from stored game values (``sheet_games``), or just the dealer."""
    if values is None:
        return {"dealer": dealer, "kind": Game.Kind.PLAYED}
    initial: dict[str, Any] = {
        "dealer": values["dealer"],
        "declarer": values["declarer"],
        "bid": values["bid"],
        "kind": values["kind"],
        "revoked": values["revoked"],
    }
    if values["bid"] is not None and values["bid"] > UNUSUAL_BID:  # confirmed when it was saved
        initial["bid_ok"] = True
    for index, meld in enumerate(values["melds"]):
        initial[f"meld{index}"] = meld
    for index, trick in enumerate(values["tricks"] or []):
        initial[f"tricks{index}"] = trick
    return initial


class SheetFrameForm(forms.Form):
    """The frame of a sheet form: which sheet, which version it was based on, and the id the
    page's script gives each save (``scoring.services.sheets``; a plain form sends none)."""

    sheet = NumberField(min_value=1)
    version = NumberField(min_value=0, max_value=2**31 - 1)
    save_id = forms.RegexField(regex=r"^[A-Za-z0-9_-]{1,64}$", required=False)


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


FIGURE = re.compile(r"(?P<before>[-−–])?(?P<digits>[0-9]{1,7})|(?P<late>[0-9]{1,7})[-−–]")
"""A figure of a points or round totals form: a whole number of the digits 0–9, below zero
with a minus (a hyphen, a minus sign or a dash) before the digits or, as some sheets write it,
after them: ``-80``, ``−80``, ``80-``."""


def read_figure(text: str) -> int | None:
    """A typed figure (``FIGURE``, spaces around it ignored) as a whole number; None when the
    text is no such figure."""
    match = FIGURE.fullmatch(text.strip())
    if match is None:
        return None
    if match["late"] is not None:
        return -int(match["late"])
    return -int(match["digits"]) if match["before"] else int(match["digits"])


def totals_field_names(party_count: int) -> list[str]:
    """The fields of a round totals form in the order they are typed: ``p0-total``,
    ``p0-lost``, ``p1-total``, … (parties in seating order)."""
    return [f"p{index}-{kind}" for index in range(party_count) for kind in ("total", "lost")]


def posted_totals(
    data: Any, party_count: int
) -> tuple[list[tuple[int | None, int | None]], list[InvalidFigure]]:
    """Read a round totals form: one (total, games lost as declarer) per party, an empty field
    None; and a problem (``InvalidFigure``, named as ``scoring.modes.totals_problems`` names
    them) for every field that holds something other than a whole number, whose figure is then
    None as well."""
    figures: list[tuple[int | None, int | None]] = []
    problems: list[InvalidFigure] = []
    for index in range(party_count):
        pair: list[int | None] = []
        for kind in ("total", "lost"):
            text = str(data.get(f"p{index}-{kind}", "")).strip()
            figure = read_figure(text)
            pair.append(figure)
            if text and figure is None:
                problems.append(InvalidFigure(
                    f"{kind}{index}", gettext_noop("Enter a whole number, like 420 or -120."),
                    party=index,
                ))
        figures.append((pair[0], pair[1]))
    return figures, problems


def points_field_names(party_count: int) -> list[str]:
    """The fields of a game of a points form without the game's prefix, in the order they are
    typed: ``declarer``, ``points0``, ``points1``, … (parties in seating order)."""
    return ["declarer", *(f"points{index}" for index in range(party_count))]


def posted_points(
    data: Any, games: int, party_count: int
) -> tuple[dict[int, dict[str, Any]], dict[int, list[InvalidFigure]]]:
    """Read a points form: each game whose fields the form holds (``g<N>-declarer``,
    ``g<N>-points<i>``) as ``scoring.services.points`` takes it (``{"points": [...],
    "declarer": index}``, an empty field None; the declarer typed as its party's column, 1 to
    ``party_count``); and by game a problem (``InvalidFigure``, named as
    ``scoring.modes.points_problems`` names them) for every field that holds something else,
    whose figure is then None as well."""
    rows: dict[int, dict[str, Any]] = {}
    unread: dict[int, list[InvalidFigure]] = {}
    for number in range(1, games + 1):
        prefix = f"{row_prefix(number)}-"
        if not any(f"{prefix}{name}" in data for name in points_field_names(party_count)):
            continue
        problems: list[InvalidFigure] = []
        points: list[int | None] = []
        for index in range(party_count):
            text = str(data.get(f"{prefix}points{index}", "")).strip()
            points.append(read_figure(text))
            if text and points[-1] is None:
                problems.append(InvalidFigure(
                    f"points{index}", gettext_noop("Enter a whole number, like 120 or -300."),
                    party=index,
                ))
        text = str(data.get(f"{prefix}declarer", "")).strip()
        declarer = int(text) - 1 if text.isascii() and text.isdigit() and len(text) < 3 else None
        if declarer is not None and not 0 <= declarer < party_count:
            declarer = None
        if text and declarer is None:
            problems.append(InvalidFigure(
                "declarer",
                gettext_noop("Enter the declarer's column, 1 to %(count)s, or leave it empty."),
                count=party_count,
            ))
        rows[number] = {"points": points, "declarer": declarer}
        if problems:
            unread[number] = problems
    return rows, unread
