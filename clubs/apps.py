from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    """The clubs (Vereine) the server hosts: who belongs to which club and in which role, the
    club's name, place, contact, logo, privacy notice and how long it keeps personal data."""

    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from clubs import audit  # noqa: F401  (registers the change log's club actions)
