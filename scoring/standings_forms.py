"""The organiser's settings of the standings: tie-breaks in order, counting, public page.

Only the tie-breaks the event's scoring mode keeps the figures of are offered
(``scoring.modes.known_tie_breaks``); the form names the others and why (``left_out_note``).
"""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.modes import known_tie_breaks
from scoring.ranking import TIE_BREAKS, parse_tie_breaks
from tournament.models import Event

TIE_BREAK_SLOTS = 3


class StandingsSettingsForm(forms.Form):
    tie_break_1 = forms.ChoiceField(label=_("1st tie-break"), required=False)
    tie_break_2 = forms.ChoiceField(label=_("2nd tie-break"), required=False)
    tie_break_3 = forms.ChoiceField(label=_("3rd tie-break"), required=False)
    count_unconfirmed = forms.BooleanField(
        label=_("Count sheets that are not confirmed yet (standings marked provisional)"),
        required=False,
    )
    public_standings = forms.BooleanField(label=_("Standings are public"), required=False)

    def __init__(self, *args, scoring_mode: str, **kwargs) -> None:
        """``scoring_mode``: the event's (``Event.scoring_mode``), which says the tie-breaks
        offered."""
        super().__init__(*args, **kwargs)
        offered = known_tie_breaks(list(TIE_BREAKS), scoring_mode)
        choices = [("", _("— none —")), *((code, _(TIE_BREAKS[code].label)) for code in offered)]
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"].choices = choices
        self.scoring_mode = scoring_mode
        self.left_out = [TIE_BREAKS[code] for code in TIE_BREAKS if code not in offered]

    @property
    def left_out_note(self) -> str:
        """Why some tie-breaks are not offered ("" when every one is)."""
        if not self.left_out:
            return ""
        return format_lazy(
            _(
                "Not offered: {tie_breaks}. This tournament keeps score as “{mode}”, which "
                "keeps no figures for them, so they cannot separate equal totals."
            ),
            tie_breaks=", ".join(str(_(tie_break.label)) for tie_break in self.left_out),
            mode=Event.ScoringMode(self.scoring_mode).label,
        )

    @classmethod
    def for_event(cls, event: Event) -> "StandingsSettingsForm":
        codes = known_tie_breaks(parse_tie_breaks(event.tie_breaks), event.scoring_mode)
        initial: dict[str, object] = {
            f"tie_break_{slot}": codes[slot - 1] if slot <= len(codes) else ""
            for slot in range(1, TIE_BREAK_SLOTS + 1)
        }
        initial["count_unconfirmed"] = event.count_unconfirmed
        initial["public_standings"] = event.public_standings
        return cls(initial=initial, scoring_mode=event.scoring_mode)

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
