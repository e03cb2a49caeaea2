"""What a name, club or note may hold, and when two names are the same (``core.text``):
the one check the entry form and the list import share. Pure: no database."""

import pytest

from core.errors import Message
from core.text import (
    entry_name_keys,
    forbidden_character,
    is_number,
    loose_key,
    name_key,
    text_problem,
)

NAME = Message("Name")
NOTES = Message("Notes")


@pytest.mark.parametrize(
    ("text", "multiline", "expected"),
    [
        ("Hans Maier", False, None),
        ("Jürgen Häfele-Öztürk", False, None),
        ("x" * 200, False, None),
        ("x" * 201, False, "Name: höchstens 200 Zeichen, nicht 201."),
        ("Ha\x00ns", False, "Name: Ein Steuerzeichen (U+0000) lässt sich nicht speichern; "
                            "bitte entfernen Sie es."),
        ("Hans\tMaier", False, "U+0009"),
        ("Hans\nMaier", False, "U+000A"),
        ("Hans\x7f", False, "U+007F"),
        ("Hans\x85", False, "U+0085"),
        ("Hans\ud800", False, "U+D800"),
        ("kommt später\r\n\tvegetarisch", True, None),
        ("kommt\x00später", True, "U+0000"),
        ("kommt\x0bspäter", True, "U+000B"),
        # shown reversed or broken on every list: bidirectional controls and line separators
        ("Hans\u202eMaier", False, "U+202E"),
        ("\u2066Hans\u2069", False, "U+2066"),
        ("Hans\u200fMaier", False, "U+200F"),
        ("Hans\u2028Maier", False, "U+2028"),
        ("kommt\u2029später", True, "U+2029"),
        ("Zoë 👨‍👩‍👧", False, None),  # a joiner inside an emoji family stays allowed
        ("Jo ❤️‍🔥", False, None),  # after the emoji variation selector too
        ("Jo 👩🏽‍💻", False, None),  # after a skin tone
        # invisible and format characters (Unicode category Cf): a name that looks like another
        ("Ha\u200bns", False, "Name: Ein unsichtbares oder Formatierungszeichen (U+200B) lässt "
                              "sich nicht speichern; bitte entfernen Sie es."),
        ("Hans\u200dMaier", False, "U+200D"),  # a joiner between letters
        ("\u200dHans", False, "U+200D"),
        ("👨\u200d", False, "U+200D"),  # a joiner that joins nothing
        ("Hans\u200cMaier", False, "U+200C"),
        ("\ufeffHans", False, "U+FEFF"),
        ("Hans\u2060Maier", False, "U+2060"),
        ("Han\u00ads", False, "U+00AD"),
        ("Hans\u180eMaier", False, "U+180E"),
        ("Hans\U000e0041\U000e007f", False, "U+E0041"),  # tag characters
        ("Hans\U000e0000", False, "U+E0000"),
        ("Hans\U000e0001", False, "U+E0001"),
        ("kommt\u200bspäter", True, "U+200B"),
        ("Hans\u00a0Maier", False, None),  # a no-break space shows as a space
    ],
)
def test_text_problem(text, multiline, expected):
    problem = text_problem(
        text, field=NOTES if multiline else NAME, max_length=200, multiline=multiline
    )
    if expected is None:
        assert problem is None
    else:
        assert expected in str(problem)


def test_the_length_is_checked_before_the_characters():
    """A huge text is refused for its length without being scanned."""
    assert "höchstens 3 Zeichen, nicht 4" in str(
        text_problem("\x00\x00\x00\x00", field=NAME, max_length=3)
    )
    assert forbidden_character("ok\x01") == "\x01"
    assert forbidden_character("ok\n", multiline=True) is None


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("Hans Maier", "hans maier", True),
        ("  Hans   Maier ", "Hans Maier", True),
        ("HANS\tMAIER", "hans maier", True),
        ("Jürgen", "Ju\u0308rgen", True),  # composed and decomposed ü
        ("Strauß", "STRAUSS", True),  # casefold
        ("Hans Maier", "Hans Mayer", False),
        ("Hans Maier", "Hans-Maier", False),
    ],
)
def test_name_key(first, second, same):
    assert (name_key(first) == name_key(second)) is same


def test_entry_name_keys_of_a_single_and_a_pair():
    assert entry_name_keys("Hans Maier") == {"hans maier"}
    assert entry_name_keys("Anna Rapp", " Karl  RAPP") == {"anna rapp", "karl rapp"}
    assert entry_name_keys("", "  ") == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0", True), ("12", True), ("0012", True), ("", False), ("-1", False), ("1e3", False),
     ("1.5", False), ("\u0663", False), ("\uff11\uff12", False), ("\u0967", False),
     (" 12", False)],
)
def test_a_number_is_written_in_the_digits_0_to_9(text, expected):
    assert is_number(text) is expected


@pytest.mark.parametrize(
    ("typed", "name", "found"),
    [
        ("boh", "Böhm", True),
        ("Boeh", "Böhm", True),
        ("Böh", "Böhm", True),
        ("BÖHM", "Boehm", True),
        ("Böhm", "Bohm", True),
        ("Kueb", "Kübler", True),
        ("Kub", "Kübler", True),
        ("Küb", "Kuebler", True),
        ("hafele", "Jörg Häfele", True),
        ("Haef", "Jörg Häfele", True),
        ("Strasse", "Gerda Straße", True),
        ("Straße", "Gerda Strasse", True),
        ("strase", "Gerda Straße", False),  # ß is ss, not s
        ("Mueller-L", "Hans Müller-Lüdenscheidt", True),
        ("Bauer", "Jakob Bauer", True),
        ("Micha", "Michael Rapp", True),
        ("Michael", "Michael Rapp", True),
        ("José", "Jose Maier", True),
        ("Böhm", "Behm", False),
        ("Kub", "Krüger", False),
    ],
)
def test_loose_key_finds_a_name_however_umlauts_are_typed(typed, name, found):
    assert (loose_key(typed) in loose_key(name)) is found


def test_loose_key_reads_every_spelling_of_an_umlaut_as_one():
    assert {loose_key(text) for text in ("Böhm", "Boehm", "bohm", "BÖHM")} == {"bohm"}
    assert {loose_key(text) for text in ("Straße", "Strasse")} == {"strasse"}
