"""The import page's form: the archive uploaded, or sent back with the decisions of its
conflicts."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ArchiveForm(forms.Form):
    file = forms.FileField(
        label=_("Archive of the event (.zip)"), required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".zip,application/zip"}),
    )
    # the archive uploaded before, sent back with the decisions (base64)
    archive = forms.CharField(required=False, widget=forms.HiddenInput)
