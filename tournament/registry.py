"""The player registry: telling whether a typed name (and club) is a player seen before.

The events of a club share its registry of players (``tournament.models.Player``): a regular is
found again when registered, offered while the name is typed, and two rows of the same person
can be merged (``tournament.services.players``). This module decides what "the same" and
"likely the same" mean; it knows nothing of the database.

- ``normalise`` (``core.text``): letter case, runs of spaces, punctuation, accents and
  the German spellings ä/ae, ö/oe, ü/ue, ß/ss do not count ("MÜLLER-Lüdenscheidt" and "Mueller
  Luedenscheidt" are the same words).
- ``name_key``: a person's name as names are compared: normalised, "Müller, Hans" read as
  "Hans Müller", and the order of the words does not count.
- ``likeness``: how alike two players are (``EXACT``: same name and club; ``SAME_NAME``: same
  name, another or an empty club; ``SIMILAR``: names a few letters apart, by the standard
  library's ``difflib``), with a score for ordering.
- ``exact_match``, ``likely_duplicates``, ``duplicate_pairs``, ``search``: the registry's
  questions, each over plain ``Candidate`` rows.

Pure Python: no Django.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from core.text import normalise

EXACT: Final = "exact"
SAME_NAME: Final = "same_name"
SIMILAR: Final = "similar"
KINDS: Final = (EXACT, SAME_NAME, SIMILAR)

SIMILAR_RATIO: Final = 0.85
"""Two name keys at least this alike (``difflib.SequenceMatcher.ratio``) are likely the same
person: "hans maier" and "hans mayer" (0.9), "anna berg" and "anne berg" (0.89); "hans maier"
and "hans huber" (0.6) are not."""


def name_words(name: str) -> list[str]:
    """The normalised words of a person's name in reading order: "Müller, Hans" gives
    ["hans", "mueller"] (surname first with a comma is read as "Hans Müller")."""
    if name.count(",") == 1:
        surname, given = name.split(",")
        name = f"{given} {surname}"
    return normalise(name).split()


def name_key(name: str) -> str:
    """A person's name as the registry compares names: normalised words in sorted order, so
    "Hans Müller", "Müller, Hans", "mueller hans" are one key."""
    return " ".join(sorted(name_words(name)))


def club_key(club: str) -> str:
    return normalise(club)


@dataclass(frozen=True)
class Candidate:
    """A player of the registry as this module sees it: ``events`` are the ids of the events the
    player played in (two players of one event are two people)."""

    id: int
    name: str
    club: str = ""
    events: frozenset[int] = field(default_factory=frozenset)

    @property
    def key(self) -> str:
        return name_key(self.name)

    @property
    def club_key(self) -> str:
        return club_key(self.club)


@dataclass(frozen=True)
class Likeness:
    """How alike two players are: ``kind`` (``EXACT``, ``SAME_NAME``, ``SIMILAR``) and a score
    from 0 to 1, higher is more alike (an exact match 1)."""

    kind: str
    score: float


def _numbered(key: str) -> list[str]:
    """The words of a name key that hold a digit."""
    return [word for word in key.split() if any(char.isdigit() for char in word)]


def _ratio(first: str, second: str) -> float:
    matcher = difflib.SequenceMatcher(None, first, second, autojunk=False)
    if matcher.real_quick_ratio() < SIMILAR_RATIO or matcher.quick_ratio() < SIMILAR_RATIO:
        return 0.0
    return matcher.ratio()


def likeness(name: str, club: str, other_name: str, other_club: str) -> Likeness | None:
    """How alike the player ``name`` of ``club`` and the player ``other_name`` of
    ``other_club`` are, or None when they are likely two people.

    Same name key and same club (both empty counts as same): ``EXACT``; same name key, the
    clubs differ or one is empty: ``SAME_NAME``; name keys at least ``SIMILAR_RATIO`` alike,
    in sorted or in reading order: ``SIMILAR``. A different club lowers the score but does not
    rule it out (people move clubs, and clubs are typed in many ways); words with digits that
    differ do ("Spieler 1" and "Spieler 2" are two).
    """
    key, other_key = name_key(name), name_key(other_name)
    if not key or not other_key:
        return None
    same_club = club_key(club) == club_key(other_club)
    if key == other_key:
        return Likeness(EXACT, 1.0) if same_club else Likeness(SAME_NAME, 0.95)
    if _numbered(key) != _numbered(other_key):  # "Tisch 1" and "Tisch 2" are two
        return None
    ratio = max(
        _ratio(key, other_key),
        _ratio(" ".join(name_words(name)), " ".join(name_words(other_name))),
    )
    if ratio < SIMILAR_RATIO:
        return None
    return Likeness(SIMILAR, round(ratio * (0.9 if same_club else 0.8), 4))


@dataclass(frozen=True)
class Match:
    """A registry player likely the same as the one asked about."""

    candidate: Candidate
    likeness: Likeness


def likely_duplicates(
    name: str, club: str, candidates: Iterable[Candidate], *, limit: int | None = None
) -> list[Match]:
    """The candidates likely the same person as ``name`` of ``club``, most alike first (then
    by name and id)."""
    found = [
        Match(candidate, found)
        for candidate in candidates
        if (found := likeness(name, club, candidate.name, candidate.club)) is not None
    ]
    found.sort(key=lambda match: (-match.likeness.score, match.candidate.key, match.candidate.id))
    return found if limit is None else found[:limit]


def exact_match(name: str, club: str, candidates: Iterable[Candidate]) -> Candidate | None:
    """The one candidate of the same name and club, or None when none or several are."""
    exact = [
        candidate
        for candidate in candidates
        if candidate.key == name_key(name) and candidate.club_key == club_key(club)
    ]
    return exact[0] if len(exact) == 1 else None


@dataclass(frozen=True)
class DuplicatePair:
    """Two registry players likely the same person (``first.id < second.id``)."""

    first: Candidate
    second: Candidate
    likeness: Likeness


def duplicate_pairs(candidates: Sequence[Candidate]) -> list[DuplicatePair]:
    """Every pair of candidates likely the same person, most alike first.

    Two players of one event are two people and never a pair. Only names that share a word
    are compared by spelling (a typo in one word of two): the whole registry is not compared
    pair by pair.
    """
    by_word: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        for word in set(candidate.key.split()):
            by_word[word].append(candidate)
    seen: set[tuple[int, int]] = set()
    pairs: list[DuplicatePair] = []
    for group in by_word.values():
        for index, first in enumerate(group):
            for second in group[index + 1:]:
                low, high = sorted((first, second), key=lambda candidate: candidate.id)
                ids = (low.id, high.id)
                if low.id == high.id or ids in seen:
                    continue
                seen.add(ids)
                if low.events & high.events:
                    continue
                found = likeness(low.name, low.club, high.name, high.club)
                if found is not None:
                    pairs.append(DuplicatePair(low, high, found))
    pairs.sort(
        key=lambda pair: (-pair.likeness.score, pair.first.key, pair.first.id, pair.second.id)
    )
    return pairs


def search(query: str, candidates: Iterable[Candidate], *, limit: int) -> list[Candidate]:
    """The candidates whose name fits what is typed so far, best first, at most ``limit``.

    Every typed word must begin a word of the name ("hu" finds "Hans Huber", "mü ha" finds
    "Hans Müller"); the last word may be unfinished. Names that begin with the first typed word
    come first, then alphabetically.
    """
    words = normalise(query.replace(",", " ")).split()
    if not words:
        return []
    found: list[tuple[tuple[int, str, int], Candidate]] = []
    for candidate in candidates:
        own = name_words(candidate.name)
        if all(any(word.startswith(typed) for word in own) for typed in words):
            first = 0 if own and own[0].startswith(words[0]) else 1
            found.append(((first, " ".join(own), candidate.id), candidate))
    found.sort(key=lambda item: item[0])
    return [candidate for _key, candidate in found[:limit]]
