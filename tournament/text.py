"""What a typed or imported text may hold, and when two player names are the same.

The entry form (``tournament.forms``) and the participant-list import (``tournament.imports``)
check names, clubs and notes with the one function here, ``text_problem``: a length from
``tournament.limits`` and no control characters (a NUL byte cannot even be stored by
PostgreSQL). Notes may have line breaks and tabs; a name or a club is one line.

``name_key`` is how names are compared when a registration or an import warns that a player is
registered already: letter case, Unicode composition and runs of spaces do not count.
``normalise`` folds a text for the player registry's matching (ä = ae, ß = ss), ``loose_key``
further for finding a name however its umlauts are typed (ö = o = oe), as the seat lookup does.

Pure Python: no Django.
"""

from __future__ import annotations

import re
import unicodedata

from tournament.errors import Message, gettext_noop

UNLISTED_NAME = gettext_noop("Start number %(number)d")
"""What public pages, lists and the press text show instead of the name of a player who asked
not to be in public lists (``Player.unlisted``)."""


def unlisted_name(start_number: int) -> Message:
    """The stand-in text for the name of an entry whose players are not in public lists."""
    return Message(UNLISTED_NAME, number=start_number)

# Unicode's control characters (category Cc: U+0000–U+001F, U+007F–U+009F), lone surrogates
# (Cs), which no database text column takes, the line and paragraph separators (U+2028,
# U+2029), which break a line where none may be, and the bidirectional controls (U+061C,
# U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can show a name reversed on every
# list; multi-line text keeps tab and breaks.
_INVISIBLE = "\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_FORBIDDEN = re.compile(f"[\x00-\x1f\x7f-\x9f{_INVISIBLE}]")
_FORBIDDEN_MULTILINE = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_INVISIBLE}]")
_NUMBER = re.compile("[0-9]+")


def forbidden_character(text: str, *, multiline: bool = False) -> str | None:
    """The first character of ``text`` that no name (or note) may hold, else None."""
    match = (_FORBIDDEN_MULTILINE if multiline else _FORBIDDEN).search(text)
    return match.group() if match else None


def text_problem(
    text: str, *, field: Message, max_length: int, multiline: bool = False
) -> Message | None:
    """What is wrong with ``text`` as the value of ``field`` (its label), or None.

    Too long (more than ``max_length`` characters), or a control character; line breaks and
    tabs only with ``multiline``.
    """
    if len(text) > max_length:
        return Message(
            gettext_noop("%(field)s: at most %(max)s characters, not %(length)s."),
            field=field,
            max=max_length,
            length=len(text),
        )
    character = forbidden_character(text, multiline=multiline)
    if character is not None:
        return Message(
            gettext_noop(
                "%(field)s: a control character (%(code)s) cannot be saved; please remove it."
            ),
            field=field,
            code=f"U+{ord(character):04X}",
        )
    return None


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0–9 (not "٣", "３" or "1e3",
    which ``int`` and ``str.isdigit`` take too)."""
    return _NUMBER.fullmatch(text) is not None


def name_key(name: str) -> str:
    """A player's name as names are compared: "hans  MAIER" and "Hans Maier" are the same."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def entry_name_keys(name: str, partner: str = "") -> set[str]:
    """The keys of an entry's players: one for a single, two for a pair (no empty one)."""
    return {key for key in (name_key(name), name_key(partner)) if key}


_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_NOT_WORD = re.compile(r"[^0-9a-z]+")
_UMLAUT_SPELLED_OUT = re.compile(r"([aou])e")


def normalise(text: str) -> str:
    """``text`` folded for comparing: lower case, ä → ae (ö, ü, ß likewise), other accents
    dropped (é → e), everything but letters and digits a single space."""
    folded = unicodedata.normalize("NFC", text).casefold().translate(_GERMAN)
    plain = "".join(
        char for char in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(char)
    )
    return " ".join(_NOT_WORD.sub(" ", plain).split())


def loose_key(text: str) -> str:
    """``text`` as a search that does not mind how umlauts are typed compares it: normalised
    (``normalise``), then ae, oe, ue read as a, o, u; so ä = a = ae, ö = o = oe, ü = u = ue and
    ß = ss ("Böhm", "Boehm", "bohm" are all "bohm"). A search text that begins on the e of such
    a pair ("el" for "Michael") is the one it does not find."""
    return _UMLAUT_SPELLED_OUT.sub(r"\1", normalise(text))
