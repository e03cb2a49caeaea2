"""Translatable errors for the Django-free modules (``scoring.rules``, ``tournament.seating``).

Their messages are English msgids, marked with ``gettext_noop`` so that Django's makemessages
extracts them into the project's catalogue (``tournament/locale``). ``str(error)`` is German, the
organisers' language, read from that catalogue with the standard library; the web interface calls
``error.translated(django.utils.translation.gettext)`` to show the user's language instead.
Nothing here imports Django.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable
from pathlib import Path
from typing import Final

GERMAN: Final = _gettext.translation(
    "django",
    localedir=Path(__file__).resolve().parent / "locale",
    languages=["de"],
    fallback=True,
)


def gettext_noop(message: str) -> str:
    """Mark a message for translation (makemessages extracts it); returns it unchanged."""
    return message


class TranslatableError(ValueError):
    """An error whose message is a msgid with ``%(name)s`` parameters; ``str()`` is German."""

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(self.translated(GERMAN.gettext))

    def translated(self, translate: Callable[[str], str]) -> str:
        """The message rendered through ``translate`` (a gettext function)."""
        return translate(self.message) % self.params
