from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsiteConfig(AppConfig):
    """A club's public pages: its page with its evenings, their calendar, its logo and its
    privacy notice, and the club's marks on the pages of its events (the logo beside the
    event's name, the link to the privacy notice)."""

    name = "clubsite"
    verbose_name = _("Club pages")
