"""The one way to tell a user something: a message id with parameters, rendered when shown.

``Message`` is a msgid (English, ``%(name)s`` placeholders) with its parameters; it becomes text
only when it is shown (``str()``), in the reader's language. ``UserError`` is the one exception
for a user-fixable refusal: a ``Message``, optionally the form ``field`` it is about. Every page
shows it the same way (``tournament.access``); anything else that is raised is a bug.

Pure Python: the rules, the seating generator and the import parser raise these errors without
importing Django. The web application installs Django's ``gettext`` as the translator when it
starts (``tournament.apps``), so a message follows the active language; elsewhere it is German,
read from the project's catalogue with the standard library. Mark every msgid with
``gettext_noop`` so that ``make messages`` extracts it.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

Translate = Callable[[str], str]

GERMAN: Final = _gettext.translation(
    "django",
    localedir=Path(__file__).resolve().parent / "locale",
    languages=["de"],
    fallback=True,
)

_translator: Translate = GERMAN.gettext


def use_translator(translate: Translate) -> None:
    """Render every message through ``translate`` from now on (Django's ``gettext``)."""
    global _translator
    _translator = translate


def gettext_noop(message: str) -> str:
    """Mark a msgid for extraction by ``make messages``; returns it unchanged."""
    return message


class Message:
    """A msgid and its parameters; ``str()`` renders it in the active language.

    A parameter that is itself a ``Message`` is rendered too, so a sentence can name a thing
    that has its own translatable wording.
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    def translated(self, translate: Translate | None = None) -> str:
        """The text through ``translate`` (default: the installed translator)."""
        translate = translate or _translator
        params = {
            name: value.translated(translate) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }
        text = translate(self.msgid)
        return text % params if params else text

    def __str__(self) -> str:
        return self.translated()

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.params) == (other.msgid, other.params)

    def __hash__(self) -> int:
        return hash((self.msgid, tuple(sorted(self.params))))


class UserError(Exception):
    """A refusal the user can fix: a ``Message`` and optionally the form ``field`` it concerns.

    ``str(error)`` is the message in the active language. Subclasses only name the kind of
    refusal so that callers can tell them apart; they all render the same way.
    """

    def __init__(self, msgid: str, /, *, field: str | None = None, **params: Any) -> None:
        self.message = Message(msgid, **params)
        self.field = field
        super().__init__(msgid)

    @classmethod
    def of(cls, message: Message, *, field: str | None = None) -> UserError:
        """The error saying ``message`` (a wording used elsewhere too)."""
        return cls(message.msgid, field=field, **message.params)

    @property
    def params(self) -> Mapping[str, Any]:
        return self.message.params

    def translated(self, translate: Translate | None = None) -> str:
        return self.message.translated(translate)

    def __str__(self) -> str:
        return self.message.translated()
