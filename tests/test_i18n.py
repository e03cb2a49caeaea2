"""The German catalogue is complete and compiled; messages follow the user's language."""

import ast
import gettext
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from scoring.rules import InvalidHand, score_hand

BASE = Path(settings.BASE_DIR)
CATALOGUE = BASE / "core" / "locale" / "de" / "LC_MESSAGES"


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


def _translated(msgstr: str | tuple[str, ...]) -> bool:
    return all(msgstr) if isinstance(msgstr, tuple) else bool(msgstr)


def test_german_catalogue_is_complete_and_not_fuzzy():
    entries, fuzzy = read_po(CATALOGUE / "django.po")
    assert len(entries) > 50
    assert fuzzy == []
    untranslated = [m for m, s in entries.items() if not _translated(s)]
    assert untranslated == []


def test_catalogue_has_no_location_comments_nor_creation_date():
    """`make messages` leaves out what changes with every edit, so that catalogues merge."""
    text = (CATALOGUE / "django.po").read_text(encoding="utf-8")
    assert "\n#: " not in text, "run `make messages` (not makemessages by hand)"
    assert "POT-Creation-Date" not in text, "run `make messages` (not makemessages by hand)"


def _not_read_by_makemessages(folder: str, names: list[str]) -> set[str]:
    """What the copy can leave out: dot names (makemessages skips them too) and files other than
    its default extensions (html, txt, py), e.g. a db.sqlite3 or test artifacts."""
    return {
        name
        for name in names
        if name.startswith(".")
        or name == "__pycache__"
        or (Path(folder, name).is_file() and Path(name).suffix not in {".html", ".txt", ".py"})
    }


def _messages_of_the_code(tmp_path: Path) -> set[str]:
    """The msgids the code uses, as `make messages` finds them: the Makefile's makemessages line,
    run in a copy of the project (makemessages writes next to the templates and into the
    catalogue's folder), keeping the .pot it extracts."""
    recipe = next(
        line
        for line in (BASE / "Makefile").read_text(encoding="utf-8").splitlines()
        if "manage.py makemessages" in line
    )
    words = shlex.split(recipe)
    options = words[words.index("makemessages") + 1 :]
    copy = tmp_path / "project"
    shutil.copytree(BASE, copy, ignore=_not_read_by_makemessages)
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", *options, "--keep-pot", "--verbosity", "0"],
        cwd=copy,
        env={**os.environ, "SECRET_KEY": "catalogue-check"},  # no .secret_key file in the copy
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    used, _ = read_po(copy / "core" / "locale" / "django.pot")
    return set(used)


def test_every_message_of_the_code_is_translated_and_every_entry_is_used(tmp_path):
    used = _messages_of_the_code(tmp_path)
    entries, fuzzy = read_po(CATALOGUE / "django.po")
    assert len(used) > 50
    problems = [f"not in the catalogue: {m!r}" for m in sorted(used - entries.keys())]
    problems += [
        f"untranslated: {m!r}" for m in sorted(used & entries.keys()) if not _translated(entries[m])
    ]
    problems += [f"fuzzy: {m!r}" for m in sorted(used.intersection(fuzzy))]
    # the catalogue is the code's (makemessages --no-obsolete drops what the code no longer uses)
    problems += [f"no longer used by the code: {m!r}" for m in sorted(entries.keys() - used)]
    assert not problems, (
        "run `make messages`, then translate the new entries in "
        "core/locale/de/LC_MESSAGES/django.po (none fuzzy) and run `make messages` again:\n"
        + "\n".join(problems)
    )


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
