from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DemoConfig(AppConfig):
    """The demo event of ``make run``."""

    name = "demo"
    verbose_name = _("Demo")
