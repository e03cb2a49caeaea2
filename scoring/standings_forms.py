"""The organiser's settings of the standings: tie-breaks in order, counting, public page."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.ranking import TIE_BREAKS, parse_tie_breaks
from tournament.models import Event

TIE_BREAK_SLOTS = 3


def _choices() -> list[tuple[str, object]]:
    return [("", _("— none —")), *((code, _(tb.label)) for code, tb in TIE_BREAKS.items())]


class StandingsSettingsForm(forms.Form):
    tie_break_1 = forms.ChoiceField(label=_("1st tie-break"), choices=_choices, required=False)
    tie_break_2 = forms.ChoiceField(label=_("2nd tie-break"), choices=_choices, required=False)
    tie_break_3 = forms.ChoiceField(label=_("3rd tie-break"), choices=_choices, required=False)
    count_unconfirmed = forms.BooleanField(
        label=_("Count sheets that are not confirmed yet (standings marked provisional)"),
        required=False,
    )
    public_standings = forms.BooleanField(label=_("Standings are public"), required=False)

    @classmethod
    def for_event(cls, event: Event) -> "StandingsSettingsForm":
        codes = parse_tie_breaks(event.tie_breaks)
        initial: dict[str, object] = {
            f"tie_break_{slot}": codes[slot - 1] if slot <= len(codes) else ""
            for slot in range(1, TIE_BREAK_SLOTS + 1)
        }
        initial["count_unconfirmed"] = event.count_unconfirmed
        initial["public_standings"] = event.public_standings
        return cls(initial=initial)

    def clean(self) -> dict:
        data = super().clean()
        chosen = [
            data.get(f"tie_break_{slot}")
            for slot in range(1, TIE_BREAK_SLOTS + 1)
            if data.get(f"tie_break_{slot}")
        ]
        if len(chosen) != len(set(chosen)):
            raise forms.ValidationError(_("Choose each tie-break only once."))
        data["tie_breaks"] = chosen
        return data
