"""The forms of the clubs' pages. They validate input only; ``clubs.services`` decides."""

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, ClubMember
from core import limits
from core.forms import CheckedTextField, NumberField


class ClubForm(forms.ModelForm):
    """A club's name, short name, town, contact, privacy notice and how long it keeps personal
    data (``clubs.services.CLUB_FIELDS``)."""

    name = CheckedTextField(gettext_noop("Name"))
    place = CheckedTextField(gettext_noop("Town"), required=False)
    contact = CheckedTextField(gettext_noop("Contact"), required=False)
    privacy_notice = CheckedTextField(
        gettext_noop("Privacy notice"), required=False, multiline=True,
        max_length=limits.MAX_PRIVACY_NOTICE_LENGTH,
        help_text=_("Linked from the registration form and every public page of the club."),
    )
    retention_days = NumberField(
        label=_("Days personal data is kept"), min_value=0, max_value=limits.MAX_RETENTION_DAYS,
        initial=limits.DEFAULT_RETENTION_DAYS,
        help_text=_(
            "After an evening its registrants' e-mail addresses, codes and links are deleted "
            "after this many days."
        ),
    )
    inactive_years = NumberField(
        label=_("Years until a player is listed for deletion"), min_value=1,
        max_value=limits.MAX_INACTIVE_YEARS, initial=limits.DEFAULT_INACTIVE_YEARS,
    )

    class Meta:
        model = Club
        fields = ["name", "slug", "place", "contact", "privacy_notice", "retention_days",
                  "inactive_years"]
        labels = {"slug": _("Short name")}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["privacy_notice"].widget.attrs["rows"] = 8

    def validate_unique(self) -> None:
        """A short name taken is the service's refusal (``ClubError``, field ``slug``)."""


class NewClubForm(ClubForm):
    """A new club and the user name of its first admin (an existing account, or a new one)."""

    admin = CheckedTextField(gettext_noop("User name of the club's admin"), max_length=150)
    new_account = forms.BooleanField(
        label=_("Create a new account with this user name"), required=False,
        help_text=_("You get a link to pass on, with which the admin sets a password once."),
    )

    class Meta(ClubForm.Meta):
        fields = ["name", "slug", "place", "contact"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for name in ("privacy_notice", "retention_days", "inactive_years"):
            del self.fields[name]  # the admin sets them on the club's page


class LogoForm(forms.Form):
    logo = forms.FileField(label=_("Logo"))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["logo"].help_text = gettext(
            "A PNG or JPEG image of at most %(kilobytes)s KB."
        ) % {"kilobytes": limits.MAX_LOGO_BYTES // 1024}


class MemberForm(forms.Form):
    """An account's user name and the role it gets in the club."""

    username = CheckedTextField(gettext_noop("User name"), max_length=150)
    new_account = forms.BooleanField(
        label=_("Create a new account with this user name"), required=False,
        help_text=_("You get a link to pass on, with which the member sets a password once."),
    )
    role = forms.ChoiceField(
        label=_("Role"), choices=ClubMember.Role.choices, initial=ClubMember.Role.HELPER,
        widget=forms.RadioSelect,
    )


class SendingKeyForm(forms.Form):
    """For which computer a new sending key is."""

    label = CheckedTextField(
        gettext_noop("For which computer"),
        help_text=_("For example “Laptop Gemeindehalle”."),
    )
