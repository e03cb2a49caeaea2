from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SignupConfig(AppConfig):
    """Online registration before the evening: the public form, the waiting list, the e-mails
    and the registrations the door checks in by their code."""

    name = "signup"
    verbose_name = _("Online registration")

    def ready(self) -> None:
        from signup import (
            audit,  # noqa: F401  (registers the change log's registration actions)
            receivers,
            selectors,
        )
        from tournament import signals
        from tournament.models import Event
        from tournament.public_links import register_public_links

        # the home page and the seat lookup link to an open registration
        register_public_links(selectors.open_signup_links)
        # an event created like an earlier one takes its registration settings
        signals.event_copied.connect(receivers.copy_signup_settings, sender=Event)
