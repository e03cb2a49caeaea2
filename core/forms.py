"""Form fields every app's forms share: whole numbers and amounts as people type them, names and
notes checked by ``core.text``, a form's one-time token and a date picker."""

import re

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext_lazy as _

from core.errors import Message
from core.limits import MAX_FORM_TOKEN_LENGTH, MAX_NAME_LENGTH
from core.text import is_number, text_problem

_AMOUNT = re.compile("-?[0-9]+(?:[.,][0-9]+)?")


class NumberField(forms.IntegerField):
    """A whole number as a person types it: the digits 0–9 only. Python's ``int`` (and so
    Django's field) also takes Arabic-Indic or full-width digits, which no organiser means."""

    def to_python(self, value):
        if isinstance(value, str) and value.strip():
            digits = value.strip().removeprefix("-")  # a minus is for the bounds to refuse
            if not is_number(digits):
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class AmountField(forms.DecimalField):
    """An amount or a share as a person types it: digits 0–9 with one decimal comma or point
    ("7,50", "7.5"). Python's ``Decimal`` also takes "1e3" (1000) and other digits."""

    def to_python(self, value):
        if isinstance(value, str) and value.strip() and not _AMOUNT.fullmatch(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class CheckedTextField(forms.CharField):
    """A name, club or note: ``core.text.text_problem`` is its one check (length and
    characters), the same the participant-list import applies to its rows.

    ``label`` is the msgid (marked with ``gettext_noop``); it labels the field and names it in
    the message.
    """

    def __init__(
        self, label: str, *, max_length: int = MAX_NAME_LENGTH, multiline: bool = False, **kwargs
    ) -> None:
        if multiline:
            kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 2}))
        super().__init__(label=_(label), **kwargs)
        self.label_msgid = label
        self.text_max_length = max_length
        self.multiline = multiline
        self.widget.attrs["maxlength"] = str(max_length)
        # Django's own NUL check would say the same as text_problem, only twice
        self.validators = [
            validator
            for validator in self.validators
            if not isinstance(validator, ProhibitNullCharactersValidator)
        ]

    def validate(self, value: str) -> None:
        super().validate(value)
        problem = text_problem(
            value,
            field=Message(self.label_msgid),
            max_length=self.text_max_length,
            multiline=self.multiline,
        )
        if problem is not None:
            raise forms.ValidationError(str(problem), code="text")


def form_token_field() -> forms.CharField:
    """The hidden one-time token of a form that creates something. A form sent without one (a
    page from before tokens) is still carried out, only without the guard against sending it
    twice."""
    return forms.CharField(
        widget=forms.HiddenInput, required=False, max_length=MAX_FORM_TOKEN_LENGTH
    )


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%d")
