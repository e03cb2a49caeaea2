"""Forms of the tournament pages: the event (new, like an earlier one, edited), an entry, a list
upload, the plan, the seat lookup.

They validate input and nothing more; the services in ``tournament.services`` decide whether a
change is allowed (start number free, no seating plan yet) and write it. Bounds come from
``core.limits``; names, clubs and notes are checked by ``core.text``, as the
participant-list import checks them. A form that creates something carries a one-time token
(``form_token``, filled by the page) so that sending it twice creates it once.
"""

import datetime
import json
import re
from collections.abc import Sequence
from itertools import groupby

from django import forms
from django.utils.text import format_lazy, slugify
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from clubs.models import ORGANISING, Club, ClubRules
from clubs.selectors import club_rules_offered
from core.forms import CheckedTextField, DateInput, NumberField, form_token_field
from core.limits import (
    DEFAULT_GAMES_PER_ROUND,
    DEFAULT_ROUNDS,
    MAX_CATEGORY_LENGTH,
    MAX_FORM_TOKEN_LENGTH,
    MAX_GAMES_PER_ROUND,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_ROWS,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    MAX_SLUG_LENGTH,
    MAX_START_NUMBER,
    MIN_GAMES_PER_ROUND,
    MIN_LOOKUP_LETTERS,
    MIN_ROUNDS,
    MIN_START_NUMBER,
)
from core.text import forbidden_character, is_number
from tournament import house_rules
from tournament.imports import file_too_large
from tournament.members import (
    PLAYER,
    ROLES,
    TEXTS,
    WISHES,
    Member,
    Role,
    by_role,
    held,
)
from tournament.models import Entry, Event

SCORING_MODE_HELP = _(
    "Every game: the bid, melds and tricks of each game; the points are computed. Points per "
    "game: each game's points per party as written on the paper. Round totals: each party's "
    "total of the round and its games lost as declarer."
)
"""What each scoring mode asks the scorekeeper for (``Event.ScoringMode``)."""


SLUG_HELP = _(
    "Part of the web address, e.g. benefizbinokel-2026. Leave empty to make it from the name."
)


def club_preset(saved: ClubRules) -> house_rules.Preset:
    """A club's own house rules as the new-event form offers them (``club-<id>``); a scoring
    mode the forms no longer offer becomes every game."""
    mode = saved.scoring_mode if saved.scoring_mode in house_rules.OFFERED_MODES else (
        house_rules.GAMES
    )
    return house_rules.Preset(
        name=f"club-{saved.pk}",
        label=saved.name,
        games_per_round=saved.games_per_round,
        values=dict(saved.rules),
        tie_breaks=saved.tie_breaks,
        scoring_mode=mode,
        club_id=saved.club_id,
    )


def scoring_mode_field(**kwargs) -> forms.ChoiceField:
    """The choice of an event's scoring mode, saying what each mode asks for."""
    kwargs.setdefault("help_text", SCORING_MODE_HELP)
    return forms.ChoiceField(
        label=_("Scoring mode"),
        choices=[(code, label) for code, label in Event.ScoringMode.choices
                 if code in house_rules.OFFERED_MODES],
        initial=Event.ScoringMode.GAMES,
        **kwargs,
    )


class EventForm(forms.ModelForm):
    """Create or edit an event; an empty short name is made from the name.

    A new event starts with the house rules chosen (``rules``): a preset of the server, or the
    club's own house rules (``clubs.models.ClubRules``), offered after the presets to the
    organisers of the club, one group per club; the club's own are refused for another club's
    event. The rules' games per round and scoring mode apply unless the organiser chose
    others: ``games_per_round_preset`` and ``scoring_mode_preset`` name the rules whose number
    and mode the fields hold (the page's script, ``event_form.js``, fills the fields when other
    rules are picked and empties the hidden field when the organiser types a number or picks a
    mode by hand); without the script the fields hold the default preset's, and an unchanged
    one becomes the chosen rules'. The rules' tie-breaks always apply.

    The scoring mode is chosen here when the event is created (default: every game); later it
    changes on the rules page, which refuses it once a game is stored.

    A new event belongs to a club: given the creating ``user``, the form offers the clubs whose
    events they organise (``club``; the only one is taken when the form sends none) and, to a
    superuser, a new club's name (``new_club``, made with them as its admin).

    With ``plan_exists`` the short name, the rounds and the games per round are shown but
    cannot change: the plan, its printouts and the public links depend on them.
    """

    round_count = NumberField(
        label=_("Rounds"), min_value=MIN_ROUNDS, max_value=MAX_ROUNDS, initial=DEFAULT_ROUNDS
    )
    name = CheckedTextField(gettext_noop("Name"))
    venue = CheckedTextField(gettext_noop("Venue"), required=False)
    games_per_round = NumberField(
        label=_("Games per round"),
        min_value=MIN_GAMES_PER_ROUND,
        max_value=MAX_GAMES_PER_ROUND,
        initial=DEFAULT_GAMES_PER_ROUND,
    )

    class Meta:
        model = Event
        fields = ["name", "slug", "date", "venue", "round_count", "games_per_round"]
        labels = {
            "name": _("Name"),
            "slug": _("Short name"),
            "date": _("Date"),
            "venue": _("Venue"),
        }
        help_texts = {"slug": SLUG_HELP}
        widgets = {"date": DateInput()}

    form_token = form_token_field()
    games_per_round_preset = forms.CharField(widget=forms.HiddenInput, required=False)
    scoring_mode_preset = forms.CharField(widget=forms.HiddenInput, required=False)
    rules = forms.ChoiceField(
        label=_("House rules"),
        required=False,
        help_text=_(
            "What the sheets score by. Its switches can be changed on the tournament's rules "
            "page, where the club can also keep them as its own house rules."
        ),
    )
    scoring_mode = scoring_mode_field(
        required=False,
        help_text=format_lazy(
            "{} {}",
            SCORING_MODE_HELP,
            _("It can be changed on the tournament's rules page until the first game is stored."),
        ),
    )

    def __init__(self, *args, plan_exists: bool = False, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._presets = house_rules.presets()
        self._own: list[tuple[str, house_rules.Preset]] = []  # (club's name, its rules)
        if user is not None and self.instance.pk is None:
            self._club_fields(user)
        self._rules_choices()
        offered = self._offered()
        if offered:
            self.fields["games_per_round"].initial = offered[0].games_per_round
            self.fields["games_per_round_preset"].initial = offered[0].name
            self.fields["scoring_mode"].initial = offered[0].scoring_mode
            self.fields["scoring_mode_preset"].initial = offered[0].name
        if self.instance.pk is not None:
            del self.fields["form_token"]  # editing: saving the same values twice is harmless
            del self.fields["rules"]  # changed on the rules page, which rescores the games
            del self.fields["scoring_mode"]  # changed on the rules page until a game is stored
            del self.fields["games_per_round_preset"]
            del self.fields["scoring_mode_preset"]
        elif len(house_rules.OFFERED_MODES) < 2:
            del self.fields["scoring_mode"]  # nothing to choose: every event keeps every game
            del self.fields["scoring_mode_preset"]
        self.fields["slug"].required = False
        if plan_exists:
            for name in ("slug", "round_count", "games_per_round"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _(
                    "Cannot change any more: the seating plan exists."
                )

    def _club_fields(self, user) -> None:
        clubs = Club.objects.of(user, roles=ORGANISING)
        self.fields["club"] = forms.ModelChoiceField(
            label=_("Club"), queryset=clubs, required=False, empty_label=None,
            error_messages={"invalid_choice": _("Please choose one of your clubs.")},
        )
        self.order_fields(["club", *self.fields])
        if user.is_superuser:
            self.fields["new_club"] = CheckedTextField(
                gettext_noop("or a new club"), required=False,
                help_text=_("Instead of the club chosen: it is made with you as its admin."),
            )
            self.order_fields(["club", "new_club", *self.fields])
        self._own = [(saved.club.name, club_preset(saved)) for saved in club_rules_offered(user)]

    def _offered(self) -> list[house_rules.Preset]:
        """The rules offered: the server's presets (the default first), then the clubs' own."""
        return [*self._presets, *(preset for _club, preset in self._own)]

    def _rules_choices(self) -> None:
        """The presets, then a group of each club's own house rules; what the page's script
        needs to know of each (its games per round and scoring mode)."""
        choices: list = [(preset.name, _(preset.label)) for preset in self._presets]
        for club, group in groupby(self._own, key=lambda own: own[0]):
            choices.append((
                gettext("House rules of the club %(club)s") % {"club": club},
                [(preset.name, preset.label) for _club, preset in group],
            ))
        self.fields["rules"].choices = choices
        offered = self._offered()
        self.fields["rules"].widget.attrs["data-games-per-round"] = json.dumps(
            {preset.name: preset.games_per_round for preset in offered}
        )
        self.fields["rules"].widget.attrs["data-scoring-mode"] = json.dumps(
            {preset.name: preset.scoring_mode for preset in offered}
        )

    def _named(self, name: str) -> house_rules.Preset | None:
        return next((preset for preset in self._offered() if preset.name == name), None)

    def clean_new_club(self) -> str:
        return (self.cleaned_data.get("new_club") or "").strip()

    def _chosen_rules(self) -> house_rules.Preset | None:
        """The rules chosen; none chosen: the first preset (the default)."""
        offered = self._offered()
        name = self.data.get(self.add_prefix("rules"), "")
        return self._named(name) or (offered[0] if offered else None)

    def clean_scoring_mode(self) -> str:
        """The mode chosen; none sent (a form from before the choice): every game."""
        return self.cleaned_data.get("scoring_mode") or Event.ScoringMode.GAMES

    def clean_rules(self) -> dict:
        """The chosen rules' switches, as the event saves them."""
        chosen = self._chosen_rules()
        return dict(chosen.values) if chosen else {}

    def _filled_from(self, field: str) -> house_rules.Preset | None:
        """The rules whose value the field the hidden ``field`` follows holds, as the page says;
        a form sent without saying (not from the page) holds the default preset's; None: chosen
        by hand."""
        key = self.add_prefix(field)
        if key not in self.data:
            offered = self._offered()
            return offered[0] if offered else None
        return self._named(self.data.get(key, ""))

    def clean(self) -> dict:
        cleaned = super().clean()
        if "club" in self.fields and not cleaned.get("club") and not cleaned.get("new_club"):
            clubs = list(self.fields["club"].queryset[:2])
            if len(clubs) == 1 and self.add_prefix("club") not in self.data:
                cleaned["club"] = clubs[0]  # the user's one club, also for a form without it
            elif "club" not in self.errors:
                self.add_error("club", _("Please choose the club of the tournament."))
        chosen = self._chosen_rules()
        if chosen and "rules" in self.fields:
            club = cleaned.get("club")
            if chosen.club_id is not None and (club is None or club.pk != chosen.club_id):
                self.add_error("rules", _(
                    "These are another club's house rules: please choose a preset or house "
                    "rules of the tournament's club."
                ))
            cleaned["tie_breaks"] = chosen.tie_breaks
            # the rules' games per round and scoring mode, unless the organiser chose others
            filled_from = self._filled_from("games_per_round_preset")
            if filled_from and cleaned.get("games_per_round") == filled_from.games_per_round:
                cleaned["games_per_round"] = chosen.games_per_round
            mode_from = (
                self._filled_from("scoring_mode_preset") if "scoring_mode" in self.fields
                else chosen  # no choice on the form: the rules' mode
            )
            if mode_from and cleaned.get("scoring_mode", mode_from.scoring_mode) == (
                mode_from.scoring_mode
            ):
                cleaned["scoring_mode"] = chosen.scoring_mode
        cleaned.pop("games_per_round_preset", None)
        cleaned.pop("scoring_mode_preset", None)
        return cleaned

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or ""
        if self.fields["slug"].disabled:
            return slug
        return free_event_slug(slug, self.cleaned_data.get("name") or "", event=self.instance)


def free_event_slug(slug: str, name: str, *, event: Event | None = None) -> str:
    """The short name typed, refused when another event has it; none typed: made from ``name``,
    with a number added until it is free (``event``: the event being edited, whose own short
    name is free for it)."""
    typed = bool(slug)
    if not slug:
        # room for a "-2", "-3", … when the name's short name is taken
        slug = slugify(name)[: MAX_SLUG_LENGTH - 10].strip("-")
        if not slug:
            if name:
                raise forms.ValidationError(
                    _("Please enter a short name (letters, digits and hyphens).")
                )
            return ""
    others = Event.objects.exclude(pk=event.pk) if event is not None else Event.objects.all()
    if typed:
        if others.filter(slug=slug).exists():
            raise forms.ValidationError(
                _("The short name “%(slug)s” is already used by another tournament."),
                params={"slug": slug},
            )
        return slug
    # Made from the name: add a number until it is free.
    base, number = slug, 2
    while others.filter(slug=slug).exists():
        slug = f"{base}-{number}"
        number += 1
    return slug


def a_year_later(day: datetime.date) -> datetime.date:
    """The same day a year later (the 29th of February: the 28th)."""
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day.replace(year=day.year + 1, day=28)


def with_year(text: str, old: int, new: int) -> str:
    """``text`` with the year ``old`` (four digits standing alone, also in “sommer-2026”) made
    ``new``; a season that starts with it (“2026/27”, “2026-2027”) moves on as a whole."""
    shift = new - old

    def moved(match: re.Match) -> str:
        separator, then = match.group(1, 2)
        if then is None:
            return str(new)
        later = (int(then) + shift) % 100 if len(then) == 2 else int(then) + shift
        return f"{new}{separator}{later:0{len(then)}d}"

    return re.sub(rf"(?<![0-9]){old}(?:([/-])([0-9]{{4}}|[0-9]{{2}}))?(?![0-9])", moved, text)


class EventCopyForm(forms.Form):
    """A new event like an earlier one ("Wie beim letzten Mal"): its name, short name and date;
    everything else comes from the earlier event (``tournament.services.events.copy_event``).
    ``initial_of`` fills the form; an empty short name is made from the name."""

    name = CheckedTextField(gettext_noop("Name"))
    slug = forms.SlugField(
        label=_("Short name"), max_length=MAX_SLUG_LENGTH, required=False, help_text=SLUG_HELP
    )
    date = forms.DateField(label=_("Date"), widget=DateInput())
    form_token = form_token_field()

    @staticmethod
    def initial_of(source: Event, *, today: datetime.date) -> dict:
        """The form's values for an event like ``source``: a year after its date, or today when
        that has passed; its name and short name with the year of its date made the new date's
        where they hold it (a short name that would stay the same or is taken is left empty, to
        be made from the name)."""
        date = max(a_year_later(source.date), today)
        slug = with_year(source.slug, source.date.year, date.year)
        if slug == source.slug or Event.objects.filter(slug=slug).exists():
            slug = ""
        return {
            "name": with_year(source.name, source.date.year, date.year),
            "slug": slug,
            "date": date,
        }

    def clean_slug(self) -> str:
        return free_event_slug(
            self.cleaned_data.get("slug") or "", self.cleaned_data.get("name") or ""
        )


# Help texts of the entry form's member fields (``member_fields``), by form field.
MEMBER_HELP_TEXTS = {
    "partner_name": _("Only for a pair: the second player's name."),
    "category": _("Optional, for special prizes, e.g. “Frau” or “Jugend”."),
    "partner_category": _("Only for a pair; a pair counts in a category when both players do."),
    "unlisted": _("Public pages and lists show the start number instead of the name."),
    "public_profile": _("Anyone may open the player's page with their results."),
}
CHOICE_PATTERN = r"^(new|[0-9]{1,18})$"


def member_fields(role: Role) -> dict[str, forms.Field]:
    """The entry form's fields of one member (``tournament.members``), named and labelled by
    their ``role``: name, category and wishes; for registering also the registry's player
    chosen (the suggestion tapped, filled by the page's script) and the choice among likely
    players the page asks for without it. Only the player's name is required."""

    def help_text(attribute: str) -> str:
        return MEMBER_HELP_TEXTS.get(role.field(attribute), "")

    def wish(attribute: str) -> forms.BooleanField:
        return forms.BooleanField(
            label=_(role.labels[attribute]), required=False, help_text=help_text(attribute)
        )

    return {
        role.field("name"): CheckedTextField(
            role.labels["name"], required=role is PLAYER, help_text=help_text("name")
        ),
        role.field("category"): CheckedTextField(
            role.labels["category"],
            max_length=MAX_CATEGORY_LENGTH,
            required=False,
            help_text=help_text("category"),
        ),
        **{role.field(attribute): wish(attribute) for attribute in WISHES},
        role.id_field: NumberField(widget=forms.HiddenInput, required=False, min_value=1),
        role.choice_field: forms.RegexField(regex=CHOICE_PATTERN, required=False),
    }


class EntryForm(forms.Form):
    """Register or edit a single or (with a partner name) a pair.

    The fields of the player and the partner are made by ``member_fields``, the same for each
    (the partner's named ``partner_…``). ``cleaned_data`` is what the services take: the
    ``members`` (``tournament.members.Member``, the partner only with a name) and the entry's
    own fields.

    Registering carries a one-time token and the "register anyway" box, which the page shows
    when a player of the same name is in the event already.
    """

    club = CheckedTextField(gettext_noop("Club"), required=False)
    notes = CheckedTextField(
        gettext_noop("Notes"), max_length=MAX_NOTES_LENGTH, multiline=True, required=False
    )
    start_number = NumberField(
        label=_("Start number"),
        min_value=MIN_START_NUMBER,
        max_value=MAX_START_NUMBER,
        required=False,
        help_text=_("Empty: the next free number."),
    )
    is_stand_in = forms.BooleanField(
        label=_("Stand-in"),
        required=False,
        help_text=_(
            "Plays, but is not ranked – e.g. to make an odd number of pairs even."
        ),
    )
    allow_same_name = forms.BooleanField(
        label=_("Register anyway"),
        required=False,
        help_text=_("Another player of the same name: register them as well."),
    )
    form_token = form_token_field()

    # The fields in the order of the page: the names, the entry's fields, the categories, each
    # member's wishes; then the registry's fields.
    FIELD_ORDER = [
        *(role.field(attribute) for role, attribute in by_role("name")),
        "club",
        "notes",
        "start_number",
        "is_stand_in",
        *(role.field(attribute) for role, attribute in by_role("category")),
        *(role.field(attribute) for role, attribute in by_role(*WISHES)),
        "allow_same_name",
        *(role.id_field for role in ROLES),
        *(role.choice_field for role in ROLES),
        "form_token",
    ]
    REGISTRY_FIELDS = [name for role in ROLES for name in (role.id_field, role.choice_field)]

    def __init__(self, *args, editing: bool = False, plan_exists: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        for role in ROLES:
            self.fields.update(member_fields(role))
        self.order_fields(self.FIELD_ORDER)
        if editing:
            del self.fields["allow_same_name"], self.fields["form_token"]
            for name in self.REGISTRY_FIELDS:
                del self.fields[name]
            self.fields["start_number"].required = True
            self.fields["start_number"].help_text = ""
        if plan_exists:
            for name in ("start_number", "is_stand_in"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _(
                    "Cannot change any more: the seating plan exists."
                )

    # What a registration asks first, the common case of a single: the rest (a partner, start
    # number, category, notes, wishes) sits in a section that opens when needed.
    COMMON_FIELDS = ("name", "club")
    FIRST_FIELD = "name"  # where the typing of a registration starts

    def common_fields(self) -> list[forms.BoundField]:
        return [field for field in self.listed_fields() if field.name in self.COMMON_FIELDS]

    def more_fields(self) -> list[forms.BoundField]:
        return [field for field in self.listed_fields() if field.name not in self.COMMON_FIELDS]

    def more_open(self) -> bool:
        """Whether the section of the other fields opens: one of them was filled in or has a
        message."""
        return any(
            field.errors or (self.is_bound and field.value() not in (None, "", False))
            for field in self.more_fields()
        )

    def listed_fields(self) -> list[forms.BoundField]:
        """The visible fields the page lists one below the other: all but "register anyway"
        and the registry choices, which the page shows in their notices when it asks."""
        apart = {"allow_same_name", *(role.choice_field for role in ROLES)}
        return [field for field in self.visible_fields() if field.name not in apart]

    @staticmethod
    def initial_of(entry: Entry) -> dict:
        """The edit form's values of an entry."""
        initial = {
            "club": entry.player.club,
            "notes": entry.notes,
            "start_number": entry.start_number,
            "is_stand_in": entry.is_stand_in,
        }
        for role, player in zip(ROLES, (entry.player, entry.partner), strict=True):
            for attribute in (*TEXTS, *WISHES):
                initial[role.field(attribute)] = held(player, attribute)
        return initial

    def clean(self) -> dict:
        """The members and the entry's fields as the services take them. A member's registry
        choice: a likely player chosen (their id) or "New player" (``new_player``)."""
        data = super().clean()
        members = []
        for role in ROLES:
            choice = data.pop(role.choice_field, "") or ""
            chosen = data.pop(role.id_field, None)
            member = Member(
                name=data.pop(role.field("name"), "") or "",
                category=data.pop(role.field("category"), "") or "",
                unlisted=data.pop(role.field("unlisted"), False),
                public_profile=data.pop(role.field("public_profile"), False),
                player_id=int(choice) if is_number(choice) else chosen,
                new_player=choice == "new",
            )
            if role is PLAYER or member.name:
                members.append(member)
        data["members"] = members
        return data


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Participant list"),
        help_text=format_lazy(
            _("Excel (.xlsx) or CSV, at most {megabytes} MB and {rows} rows."),
            megabytes=MAX_IMPORT_BYTES // 2**20,
            rows=MAX_IMPORT_ROWS,
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the page's script (upload.js) refuses a larger file before it is sent
        self.fields["file"].widget.attrs.update(
            {"data-max-bytes": MAX_IMPORT_BYTES, "data-too-large": str(file_too_large())}
        )


class ImportConfirmForm(forms.Form):
    """Confirm an import: the preview's key (also the one-time token of the confirmation) and
    the numbers of the rows that warn but are to be imported anyway (any of ``row_numbers``)."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=MAX_FORM_TOKEN_LENGTH)
    include = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, row_numbers: Sequence[int] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["include"].choices = [(number, number) for number in row_numbers]


# Seating plan pages: generate, swap, replace an entry, and the public seat lookup.

NUMBER_ERRORS = {
    "required": _("Please enter a start number."),
    "invalid": _("A start number is a whole number, like 12."),
    "min_value": _("A start number is a whole number, like 12."),
    "max_value": _("There is no such start number."),
}


def start_number_field(label: str, *, required: bool = True) -> NumberField:
    return NumberField(
        label=label,
        required=required,
        min_value=MIN_START_NUMBER,
        max_value=MAX_START_NUMBER,
        error_messages=NUMBER_ERRORS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "number"}),
    )


class EventScopedForm(forms.Form):
    """A form that resolves start numbers within one event."""

    def __init__(self, *args, event: Event, **kwargs) -> None:
        self.event = event
        super().__init__(*args, **kwargs)

    def entry(self, field: str) -> Entry | None:
        number = self.cleaned_data.get(field)
        if number is None:
            return None
        entry = self.event.entries.with_players().filter(start_number=number).first()
        if entry is None:
            self.add_error(
                field,
                _("Start number %(number)s does not exist in this tournament.")
                % {"number": number},
            )
        return entry


class GenerateForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Replace the existing seating plan"),
        required=False,
    )

    def __init__(self, *args, plan_exists: bool, **kwargs) -> None:
        self.plan_exists = plan_exists
        super().__init__(*args, **kwargs)
        if not plan_exists:
            del self.fields["confirm"]

    def clean(self) -> dict:
        data = super().clean()
        if self.plan_exists and not data.get("confirm"):
            raise forms.ValidationError(
                _("A seating plan exists already. Tick the box to replace it.")
            )
        return data


class SwapForm(EventScopedForm):
    round = forms.TypedChoiceField(label=_("Round"), coerce=int)
    first = start_number_field(_("Start number"))
    second = start_number_field(_("swaps with start number"))

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, event=event, **kwargs)
        self.fields["round"].choices = [
            (number, _("Round %(number)s") % {"number": number})
            for number in event.rounds.values_list("number", flat=True)
        ]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Please enter two different start numbers."))
            return data
        data["first_entry"] = self.entry("first")
        data["second_entry"] = self.entry("second")
        if "round" in data:
            data["round_obj"] = self.event.rounds.get(number=data["round"])
        return data


class ReplaceForm(EventScopedForm):
    absent = start_number_field(_("Absent start number"))
    name = CheckedTextField(gettext_noop("Name"))
    partner_name = CheckedTextField(
        gettext_noop("Partner"), required=False, help_text=_("Only for a pair.")
    )
    club = CheckedTextField(gettext_noop("Club"), required=False)
    stand_in = forms.BooleanField(
        label=_("Stand-in (plays, but is not ranked)"), required=False
    )
    start_number = start_number_field(_("New start number"), required=False)

    def __init__(self, *args, event: Event, **kwargs) -> None:
        super().__init__(*args, event=event, **kwargs)
        self.fields["start_number"].help_text = _("Empty: the next free number.")

    def clean(self) -> dict:
        data = super().clean()
        data["absent_entry"] = self.entry("absent")
        return data


class LookupForm(forms.Form):
    """A start number, or at least ``MIN_LOOKUP_LETTERS`` letters of a name (``cleaned_data``:
    ``number`` or ``name``, the other None). The parameter keeps its name ``nr``: printed
    slips and bookmarks carry ``?nr=12``."""

    nr = forms.CharField(
        label=_("Your start number or name"),
        max_length=MAX_NAME_LENGTH,
        error_messages={"required": _("Please enter your start number or your name.")},
        widget=forms.TextInput(attrs={"autocomplete": "off", "class": "lookup"}),
    )

    def clean(self):
        data = super().clean()
        text = " ".join(data.get("nr", "").split())
        data["number"] = data["name"] = None
        if not text:
            return data
        if is_number(text):
            number = int(text)
            if not MIN_START_NUMBER <= number <= MAX_START_NUMBER:
                self.add_error(
                    "nr", NUMBER_ERRORS["max_value" if number > MAX_START_NUMBER else "min_value"]
                )
            data["number"] = number
        elif len(text) < MIN_LOOKUP_LETTERS or forbidden_character(text) is not None:
            self.add_error("nr", _("Please type your start number, or at least %(count)s letters "
                                   "of your name.") % {"count": MIN_LOOKUP_LETTERS})
        else:
            data["name"] = text
        return data


class ReplanForm(EventScopedForm):
    """Re-plan the rounds not yet started: who left, one latecomer or stand-in, a confirmation,
    and the plan's version the page showed (a change made meanwhile refuses the re-plan)."""

    version = NumberField(widget=forms.HiddenInput, min_value=0)
    left = forms.CharField(
        label=_("Start numbers who left"),
        required=False,
        max_length=200,
        help_text=_("Separated by commas; they keep their points and are shown as withdrawn."),
    )
    name = CheckedTextField(
        gettext_noop("New entry"), required=False, help_text=_("A latecomer or a stand-in.")
    )
    partner_name = CheckedTextField(
        gettext_noop("Partner"), required=False, help_text=_("Only for a pair.")
    )
    club = CheckedTextField(gettext_noop("Club"), required=False)
    stand_in = forms.BooleanField(
        label=_("Stand-in (plays, but is not ranked)"), required=False
    )
    confirm = forms.BooleanField(
        label=_("Seat the rounds not yet started anew; played and started rounds stay."),
        required=True,
    )

    def clean_left(self) -> list[int]:
        text = self.cleaned_data.get("left", "")
        numbers: list[int] = []
        for part in text.replace(";", ",").replace(" ", ",").split(","):
            if not part:
                continue
            if not is_number(part):
                raise forms.ValidationError(
                    _("“%(value)s” is not a start number.") % {"value": part}
                )
            numbers.append(int(part))
        return numbers

    def clean(self) -> dict:
        data = super().clean()
        entries = []
        for number in data.get("left") or []:
            entry = self.event.entries.with_players().filter(start_number=number).first()
            if entry is None:
                self.add_error(
                    "left",
                    _("Start number %(number)s does not exist in this tournament.")
                    % {"number": number},
                )
            else:
                entries.append(entry)
        data["left_entries"] = entries
        if data.get("partner_name") and not data.get("name"):
            self.add_error("name", _("Please enter the name of the new entry."))
        return data


class FixedTableForm(EventScopedForm):
    """Mark an entry that cannot move between tables (or take the mark away)."""

    number = start_number_field(_("Start number"))
    fixed = forms.BooleanField(
        label=_("Keeps one table in every round (walking aid, wheelchair)"),
        required=False,
        initial=True,
    )

    def clean(self) -> dict:
        data = super().clean()
        data["entry"] = self.entry("number")
        return data


class RoundLengthForm(forms.Form):
    """How long a round is planned to take (empty: no clock)."""

    minutes = forms.IntegerField(
        label=_("Planned length (minutes)"),
        required=False,
        min_value=1,
        max_value=MAX_ROUND_MINUTES,
        widget=forms.NumberInput(attrs={"size": 4, "inputmode": "numeric"}),
    )


class PlayerForm(forms.Form):
    """A player of a club's registry as its page changes them
    (``tournament.services.players.update_player``)."""

    name = CheckedTextField(gettext_noop("Name"))
    club = CheckedTextField(gettext_noop("Club"), required=False)
    category = CheckedTextField(
        gettext_noop("Category"), max_length=MAX_CATEGORY_LENGTH, required=False,
        help_text=_("Optional, for special prizes, e.g. “Frau” or “Jugend”."),
    )
    is_member = forms.BooleanField(
        label=_("Member of the club"), required=False,
        help_text=_("Else a regular guest."),
    )
    unlisted = forms.BooleanField(
        label=_("not in public lists"), required=False,
        help_text=_(
            "Public pages, lists and the press report show the start number instead of the name."
        ),
    )
    public_profile = forms.BooleanField(
        label=_("public player page"), required=False,
        help_text=_("Anyone may open the player's page with their results (never when unlisted)."),
    )
