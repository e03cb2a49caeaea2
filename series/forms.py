"""Forms of the series (Cup) pages: its settings, and the event to add. They validate input
only; ``series.services`` decides and writes. The place points are typed as numbers
separated by commas and checked by ``series.ranking`` (through ``scoring.interface``)."""

from decimal import Decimal

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from core.forms import CheckedTextField, NumberField
from core.limits import MAX_SERIES_EVENTS, MAX_SLUG_LENGTH
from money.prizes.forms import percent_field
from series.models import Series
from series.ranking import SeriesRuleError, format_place_points, parse_place_points
from tournament.models import Event


class SeriesForm(forms.ModelForm):
    """Create or edit a series; an empty short name is made from the name."""

    name = CheckedTextField(gettext_noop("Name"))
    best_of = NumberField(
        label=_("Best how many evenings"),
        min_value=1,
        max_value=MAX_SERIES_EVENTS,
        required=False,
        help_text=_("Only for “the best evenings”, e.g. 3 for the best 3 of 4."),
    )
    place_points = forms.CharField(
        label=_("Place points"),
        required=False,
        help_text=_(
            "Only for place points: the points of places 1, 2, 3, … separated by commas, "
            "e.g. 25, 20, 16, 13, 11, 10; every further place gets 0."
        ),
    )

    pot_percent = percent_field(
        _("Season pot: per cent of each evening's entry fee"),
        help_text=_("Shown on the series page to its organisers. Empty or 0: no season pot."),
    )

    class Meta:
        model = Series
        fields = [
            "name", "slug", "season", "counting", "best_of", "scoring", "place_points",
            "pot_percent", "public",
        ]
        labels = {"slug": _("Short name"), "season": _("Season")}
        help_texts = {
            "slug": _("Part of the public web address. Leave empty to make it from the name."),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        if self.instance.pk is not None and not self.is_bound:
            self.initial["place_points"] = format_place_points(self.instance.place_points or [])

    def clean_place_points(self) -> list[int]:
        try:
            return list(parse_place_points(self.cleaned_data.get("place_points") or ""))
        except SeriesRuleError as error:
            raise forms.ValidationError(str(error), code="place_points") from None

    def clean_pot_percent(self) -> Decimal:
        return self.cleaned_data.get("pot_percent") or Decimal(0)

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or ""
        others = Series.objects.exclude(pk=self.instance.pk)
        if slug:
            if others.filter(slug=slug).exists():
                raise forms.ValidationError(
                    _("The short name “%(slug)s” is already used by another series."),
                    params={"slug": slug},
                )
            return slug
        slug = slugify(self.cleaned_data.get("name") or "")[: MAX_SLUG_LENGTH - 10].strip("-")
        if not slug:
            if self.cleaned_data.get("name"):
                raise forms.ValidationError(
                    _("Please enter a short name (letters, digits and hyphens).")
                )
            return ""
        base, number = slug, 2
        while others.filter(slug=slug).exists():
            slug = f"{base}-{number}"
            number += 1
        return slug

    def clean(self) -> dict:
        data = super().clean()
        if data.get("counting") == Series.Counting.BEST and not data.get("best_of"):
            self.add_error("best_of", _("Best of how many evenings? Give a number of 1 or more."))
        if data.get("scoring") == Series.Scoring.PLACE_POINTS and not data.get("place_points"):
            self.add_error("place_points", _("Give the points of place 1 at least."))
        return data

    def _post_clean(self) -> None:
        # the model's own checks would compare the typed list; the service checks the rule
        pass


class AddEventForm(forms.Form):
    """An event the user organises that is not in the series yet."""

    event = forms.ModelChoiceField(label=_("Tournament"), queryset=Event.objects.none())

    def __init__(self, *args, events=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if events is not None:
            self.fields["event"].queryset = events
