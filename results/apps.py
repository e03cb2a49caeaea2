from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    """Published results: the exports, the results list, the press text and a player's record."""

    name = "results"
    verbose_name = _("Results")
