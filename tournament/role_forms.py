"""The form of an event's roles page: an account's user name and the role it gets.

It validates input only; ``tournament.services.grant_role`` finds (or creates) the account and
decides.
"""

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import CheckedTextField
from tournament.models import EventRole


class RoleForm(forms.Form):
    username = CheckedTextField(gettext_noop("User name"), max_length=150)
    new_account = forms.BooleanField(
        label=_("Create a new account with this user name"), required=False,
        help_text=_("You get a link to pass on, with which the helper sets a password once."),
    )
    role = forms.ChoiceField(
        label=_("Role"),
        choices=EventRole.Role.choices,
        initial=EventRole.Role.DESK,
        widget=forms.RadioSelect,
    )
