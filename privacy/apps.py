from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    """A person's data on request (Datenschutz, DSGVO): a club's admins find a player of the
    club's events, export everything of theirs as one file, delete it, and list the players
    not seen for the club's years. It spans the apps below it (the players and entries, the
    scores, the registrations, the money, the change log), so it sits above them."""

    name = "privacy"
    verbose_name = _("Privacy")

    def ready(self) -> None:
        from privacy import audit  # noqa: F401  (registers the change log's privacy actions)
