"""Forms of the online registration: the public form (a single or a pair), the organisers'
settings and their moves. They validate only; the services decide (``signup.services``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import CheckedTextField
from core.limits import MAX_CATEGORY_LENGTH, MAX_EMAIL_LENGTH
from signup.models import Registration, SignupSettings
from tournament.members import PARTNER, PLAYER

KINDS = [
    (Registration.Kind.SINGLE, _("Single")),
    (Registration.Kind.PAIR, _("Pair")),
]


class SignupForm(forms.Form):
    """A single or a pair as the public registers it. ``website`` is the honeypot: hidden from
    people (CSS and ``aria-hidden``), filled only by programs that fill every field."""

    kind = forms.ChoiceField(
        label=_("I register"),
        choices=KINDS,
        widget=forms.RadioSelect,
        initial=Registration.Kind.SINGLE,
    )
    name = CheckedTextField(PLAYER.labels["name"])
    partner_name = CheckedTextField(
        PARTNER.labels["name"], required=False, help_text=_("Only for a pair.")
    )
    club = CheckedTextField(gettext_noop("Club"), required=False)
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=MAX_EMAIL_LENGTH,
        help_text=_("The confirmation with your registration code goes there."),
    )
    category = CheckedTextField(
        PLAYER.labels["category"],
        max_length=MAX_CATEGORY_LENGTH,
        required=False,
        help_text=_("Optional, for special prizes, e.g. “Frau” or “Jugend”."),
    )
    partner_category = CheckedTextField(
        PARTNER.labels["category"], max_length=MAX_CATEGORY_LENGTH, required=False
    )
    unlisted = forms.BooleanField(
        label=_(PLAYER.labels["unlisted"]),
        required=False,
        help_text=_("Public pages and lists show the start number instead of the name."),
    )
    public_profile = forms.BooleanField(
        label=_(PLAYER.labels["public_profile"]),
        required=False,
        help_text=_("Anyone may open the player's page with their results."),
    )
    partner_unlisted = forms.BooleanField(label=_(PARTNER.labels["unlisted"]), required=False)
    partner_public_profile = forms.BooleanField(
        label=_(PARTNER.labels["public_profile"]), required=False
    )
    consent = forms.BooleanField(
        label=_(
            "I accept the house rules of the tournament, and that my registration is "
            "stored for it until I delete it."
        ),
        required=True,
    )
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].widget.attrs["autocomplete"] = "email"
        self.fields["name"].widget.attrs["autocomplete"] = "name"
        # the browser says what is missing before the form is sent
        self.fields["consent"].error_messages["required"] = _(
            "Please accept the house rules to register."
        )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("kind") == Registration.Kind.PAIR:
            if not data.get("partner_name"):
                self.add_error("partner_name", _("Please enter the partner's name."))
        else:
            data["partner_name"] = ""
            data["partner_category"] = ""
            data["partner_unlisted"] = data["partner_public_profile"] = False
        return data

    def service_fields(self) -> dict:
        """The cleaned data as ``signup.services.register`` takes it."""
        data = dict(self.cleaned_data)
        data.pop("kind")
        data["honeypot"] = data.pop("website")
        return data


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M")


class SettingsForm(forms.ModelForm):
    class Meta:
        model = SignupSettings
        fields = ["is_open", "closes_at", "capacity", "waiting_list", "accept", "start_time"]
        widgets = {
            "closes_at": DateTimeInput(),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }


MOVES = [
    (Registration.Status.REGISTERED, _("registered")),
    (Registration.Status.WAITING, _("waiting list")),
    (Registration.Status.CANCELLED, _("cancelled")),
    ("accept", _("accept")),
]


class MoveForm(forms.Form):
    """An organiser's move of one registration: to registered, to the waiting list, cancelled,
    or accepted as an entry."""

    to = forms.ChoiceField(choices=MOVES)


class ManageForm(forms.Form):
    """The registrant's own page: cancel, or delete the registration's data."""

    action = forms.ChoiceField(choices=[("cancel", "cancel"), ("delete", "delete")])
