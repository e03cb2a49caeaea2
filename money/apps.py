from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    """The money of an event (Kasse) and its prizes (Preistisch)."""

    name = "money"
    verbose_name = _("Money and prizes")

    def ready(self) -> None:
        from money import audit  # registers how the change log describes its actions
        from tournament.audit import change_log_source, register_source

        # the event's change log shows the money and prize records under a filter of their own
        register_source(
            audit.KIND_MONEY, audit.MONEY_LABEL, change_log_source(audit.MONEY_ACTIONS)
        )
