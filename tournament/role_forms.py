"""The form of an event's roles page: an account's user name and the role it gets.

It validates input only; ``tournament.services.grant_role`` finds the account and decides.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import EventRole


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"),
        choices=EventRole.Role.choices,
        initial=EventRole.Role.DESK,
        widget=forms.RadioSelect,
    )
