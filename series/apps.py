from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    """A series (Cup) of events and its standings."""

    name = "series"
    verbose_name = _("Series")

    def ready(self) -> None:
        from series import audit  # noqa: F401  (registers how the change log describes its actions)
