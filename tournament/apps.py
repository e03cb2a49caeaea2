from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournament")

    def ready(self) -> None:
        from django.conf import settings
        from django.core.signals import request_started
        from django.utils.translation import gettext

        from tournament import audit  # noqa: F401  (registers the change log's tournament actions)
        from tournament.backups import start_backups
        from tournament.errors import use_translator

        # Messages of the Django-free modules follow the reader's language from now on.
        use_translator(gettext)
        # A process that serves requests backs the database up while it runs (BACKUP_DIR);
        # management commands serve none, and the tests set no folder (tests/conftest.py).
        if settings.BACKUP_DIR:
            request_started.connect(start_backups, dispatch_uid="tournament-backups")
