from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from scoring import (
            audit,  # registers how the change log describes scoring
            house_rules,
            receivers,
        )
        from tournament import signals
        from tournament.audit import register_source
        from tournament.models import Event

        # the event's change log shows the sheets' records too
        register_source(audit.KIND_SHEETS, audit.SHEETS_LABEL, audit.sheet_lines)
        # the house rules an event can be created with
        house_rules.register_presets()

        signals.tables_created.connect(receivers.create_sheets, sender=Event)
        signals.seats_changed.connect(receivers.seating_changed, sender=Event)
        signals.tables_in_play_asked.connect(receivers.scored_tables, sender=Event)
