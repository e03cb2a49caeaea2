from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournament")

    def ready(self) -> None:
        from django.utils.translation import gettext

        from tournament.errors import use_translator

        # Messages of the Django-free modules follow the reader's language from now on.
        use_translator(gettext)
