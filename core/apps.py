from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The infrastructure beneath every app: errors, limits, the web helpers, middleware, the
    log filters, QR codes and links, backups and restore, shared form fields."""

    name = "core"
    verbose_name = _("Core")
