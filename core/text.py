"""What a typed or imported text may hold, and when two player names are the same.

The entry form (``tournament.forms``) and the participant-list import (``tournament.imports``)
check names, clubs and notes with the one function here, ``text_problem``: a length from
``core.limits`` and no control characters (a NUL byte cannot even be stored by
PostgreSQL), no invisible or formatting characters (a zero-width space or joiner makes a name
look like another). Notes may have line breaks and tabs; a name or a club is one line.

``name_key`` is how names are compared when a registration or an import warns that a player is
registered already: letter case, Unicode composition and runs of spaces do not count.
``normalise`` folds a text for the player registry's matching (ä = ae, ß = ss), ``loose_key``
further for finding a name however its umlauts are typed (ö = o = oe), as the seat lookup does.

Pure Python: no Django.
"""

from __future__ import annotations

import re
import unicodedata

from core.errors import Message, gettext_noop

UNLISTED_NAME = gettext_noop("Start number %(number)d")
"""What public pages, lists and the press text show instead of the name of a player who asked
not to be in public lists (``Player.unlisted``)."""


def unlisted_name(start_number: int) -> Message:
    """The stand-in text for the name of an entry whose players are not in public lists."""
    return Message(UNLISTED_NAME, number=start_number)

# Refused in every name, club and note: Unicode's control characters (category Cc: U+0000–U+001F,
# U+007F–U+009F), lone surrogates (Cs), which no database text column takes, the line and
# paragraph separators (Zl, Zp), which break a line where none may be, and the format
# characters (Cf): invisible ones such as U+200B, U+200D, U+FEFF, U+00AD and the tag
# characters, which make a name look like another, and the bidirectional controls (U+061C,
# U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which can show a name reversed on every list.
# Multi-line text keeps tab and breaks. The one format character kept is the joiner between two
# pictographs of an emoji sequence (👨‍👩‍👧, ❤️‍🔥), where it shows nothing on its own.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Cf", "Zl", "Zp"})
_CONTROL_CATEGORIES = frozenset({"Cc", "Cs"})
_TAGS = ("\U000e0000", "\U000e007f")  # Cf or unassigned: all of them refused
_MULTILINE = frozenset("\t\n\r")
_JOINER = "\u200d"
_VARIATION_SELECTOR_EMOJI = "\ufe0f"
_NUMBER = re.compile("[0-9]+")


def _pictograph(character: str) -> bool:
    return unicodedata.category(character) in ("So", "Sk")


def _joins_an_emoji(text: str, at: int) -> bool:
    """Whether the joiner at ``at`` joins two pictographs of an emoji sequence (the one before
    may carry a skin tone or the emoji variation selector)."""
    before = text[at - 1] if at > 0 else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    return bool(before and after) and _pictograph(after) and (
        _pictograph(before) or before == _VARIATION_SELECTOR_EMOJI
    )


def forbidden_character(text: str, *, multiline: bool = False) -> str | None:
    """The first character of ``text`` that no name (or note) may hold, else None."""
    for at, character in enumerate(text):
        if character.isprintable() and character not in _MULTILINE:
            continue  # the common case: no Cc, Cf, Cs, Zl, Zp (nor other spaces than " ")
        if multiline and character in _MULTILINE:
            continue
        if _TAGS[0] <= character <= _TAGS[1]:
            return character
        if unicodedata.category(character) not in _REFUSED_CATEGORIES:
            continue
        if character == _JOINER and _joins_an_emoji(text, at):
            continue
        return character
    return None


def _is_control(character: str) -> bool:
    return unicodedata.category(character) in _CONTROL_CATEGORIES


def text_problem(
    text: str, *, field: Message, max_length: int, multiline: bool = False
) -> Message | None:
    """What is wrong with ``text`` as the value of ``field`` (its label), or None.

    Too long (more than ``max_length`` characters), or a control, invisible or formatting
    character (``forbidden_character``); line breaks and tabs only with ``multiline``.
    """
    if len(text) > max_length:
        return Message(
            gettext_noop("%(field)s: at most %(max)s characters, not %(length)s."),
            field=field,
            max=max_length,
            length=len(text),
        )
    character = forbidden_character(text, multiline=multiline)
    if character is None:
        return None
    if _is_control(character):
        message = gettext_noop(
            "%(field)s: a control character (%(code)s) cannot be saved; please remove it."
        )
    else:
        message = gettext_noop(
            "%(field)s: an invisible or formatting character (%(code)s) cannot be saved; "
            "please remove it."
        )
    return Message(message, field=field, code=f"U+{ord(character):04X}")


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
