from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    """The money of an event (Kasse) and its prizes (Preistisch)."""

    name = "money"
    verbose_name = _("Money and prizes")

    def ready(self) -> None:
        from money import audit  # noqa: F401  (registers the change log's money actions)
