from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from scoring import (
            audit,  # registers the change log's scoring actions and how it describes them
            house_rules,
            receivers,
        )
        from tournament import signals
        from tournament.models import Event
        from tournament.services.plan import changes_the_plan

        # closing and reopening a round changes which rounds have started
        changes_the_plan(audit.ScoringAction.ROUND_CLOSED, audit.ScoringAction.ROUND_REOPENED)
        # the house rules an event can be created with
        house_rules.register_presets()

        signals.tables_created.connect(receivers.create_sheets, sender=Event)
        signals.seats_changed.connect(receivers.seating_changed, sender=Event)
        signals.player_replaced.connect(receivers.player_replaced, sender=Event)
        signals.tables_in_play_asked.connect(receivers.scored_tables, sender=Event)
