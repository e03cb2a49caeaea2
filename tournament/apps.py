from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournament")

    def ready(self) -> None:
        from tournament import audit  # noqa: F401  (registers the change log's tournament actions)
