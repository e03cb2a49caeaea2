from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    """The money of an event (Kasse) and its prizes (Preistisch)."""

    name = "money"
    verbose_name = _("Money and prizes")

    def ready(self) -> None:
        from money import (
            audit,  # noqa: F401  (registers the change log's money actions)
            receivers,
        )
        from tournament import signals
        from tournament.models import Event

        # an event created like an earlier one takes its money and prize settings and prizes
        signals.event_copied.connect(receivers.copy_money_settings, sender=Event)
