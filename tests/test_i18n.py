"""The German catalogue is complete and compiled; messages follow the user's language."""

import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from scoring.rules import InvalidHand, score_hand

CATALOGUE = Path(settings.BASE_DIR) / "tournament" / "locale" / "de" / "LC_MESSAGES"


def read_po(path: Path) -> tuple[dict[str, str | tuple[str, ...]], list[str]]:
    """Entries of a .po file (msgid → msgstr, or the plural forms; a msgid with a context as
    gettext keeps it, context and msgid joined by EOT) and the fuzzy msgids."""
    entries: dict[str, str | tuple[str, ...]] = {}
    fuzzy: list[str] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if line.startswith('"'):
                fields[key] += ast.literal_eval(line)
            else:
                key, _, value = line.partition(" ")
                fields[key] = ast.literal_eval(value)
        if not fields.get("msgid"):
            continue
        if "msgctxt" in fields:  # a msgid with a context is its own entry ("ctx\x04msgid")
            fields["msgid"] = f"{fields['msgctxt']}\x04{fields['msgid']}"
        if "#, fuzzy" in block or ", fuzzy" in block:
            fuzzy.append(fields["msgid"])
        if "msgid_plural" in fields:
            entries[fields["msgid"]] = tuple(v for k, v in sorted(fields.items()) if "[" in k)
        else:
            entries[fields["msgid"]] = fields["msgstr"]
    return entries, fuzzy


def test_german_catalogue_is_complete_and_not_fuzzy():
    entries, fuzzy = read_po(CATALOGUE / "django.po")
    assert len(entries) > 50
    assert fuzzy == []
    untranslated = [m for m, s in entries.items() if not s or (isinstance(s, tuple) and not all(s))]
    assert untranslated == []


def test_compiled_catalogue_matches_the_po_file():
    entries, _ = read_po(CATALOGUE / "django.po")
    with (CATALOGUE / "django.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for msgid, msgstr in entries.items():
        if isinstance(msgstr, tuple):
            continue
        assert compiled.gettext(msgid) == msgstr, f"run `make messages`: {msgid!r} is stale"


def _bad_bid() -> InvalidHand:
    with pytest.raises(InvalidHand) as error:
        score_hand(bid=155, declarer=0, melds=[0, 0, 0], tricks=[250, 0, 0])
    return error.value


def test_invalid_hand_speaks_german_without_django():
    message = str(_bad_bid())
    assert message.startswith("Der Reizwert")
    assert "150" in message


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "Der Reizwert muss ein Vielfaches von 10"), ("en", "The bid must be a multiple of 10")],
)
def test_invalid_hand_follows_the_active_language(language, expected):
    error = _bad_bid()
    with translation.override(language):
        assert error.translated(translation.gettext).startswith(expected)
