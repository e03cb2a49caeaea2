"""The player registry's matching (``tournament.registry``): normalising names, how alike two
players are, and the registry's questions. Pure: no database."""

import pytest

from tournament.registry import (
    EXACT,
    SAME_NAME,
    SIMILAR,
    SIMILAR_RATIO,
    Candidate,
    duplicate_pairs,
    exact_match,
    likely_duplicates,
    likeness,
    name_key,
    normalise,
    search,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hans Maier", "hans maier"),
        ("  HANS   maier ", "hans maier"),
        ("Jürgen Häfele", "juergen haefele"),
        ("Jürgen Häfele", "juergen haefele"),  # decomposed umlauts (NFD)
        ("Öztürk", "oeztuerk"),
        ("Strauß", "strauss"),
        ("José Müller-Lüdenscheidt", "jose mueller luedenscheidt"),
        ("Renée O'Neill", "renee o neill"),
        ("SV 1899 Musterhausen e.V.", "sv 1899 musterhausen e v"),
        ("", ""),
        ("  -  ", ""),
    ],
)
def test_normalise(text, expected):
    assert normalise(text) == expected


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("Hans Müller", "Müller, Hans", True),
        ("Hans Müller", "Mueller Hans", True),
        ("Hans Müller", "hans  MÜLLER", True),
        ("Hans-Peter Groß", "Gross, Hans Peter", True),
        ("Hans Müller", "Hans Muller", False),  # ü is ue, not u: only alike, not the same
        ("Hans Müller", "Hanna Müller", False),
        ("Spieler 1", "Spieler 2", False),
    ],
)
def test_name_key(first, second, same):
    assert (name_key(first) == name_key(second)) is same


@pytest.mark.parametrize(
    ("name", "club", "other", "other_club", "kind"),
    [
        ("Hans Maier", "SV Ulm", "Hans Maier", "SV Ulm", EXACT),
        ("Hans Maier", "", "maier, hans", "", EXACT),
        ("Hans Maier", "SV Ulm", "Hans Maier", "sv  ulm", EXACT),
        ("Hans Maier", "SV Ulm", "Hans Maier", "", SAME_NAME),
        ("Hans Maier", "SV Ulm", "Hans Maier", "TSV Blaustein", SAME_NAME),
        ("Hans Maier", "SV Ulm", "Hans Mayer", "SV Ulm", SIMILAR),
        ("Hans Maier", "", "Hans Meier", "TSV Blaustein", SIMILAR),
        ("Anna Berg", "", "Anne Berg", "", SIMILAR),
        ("Hans Müller", "", "Hans Muller", "", SIMILAR),
        ("Hans Maier", "", "Hans Huber", "", None),
        ("Hans Maier", "", "Grete Maier", "", None),
        ("Spieler 1", "", "Spieler 2", "", None),
        ("Hans Maier", "", "", "", None),
    ],
)
def test_likeness_kind(name, club, other, other_club, kind):
    found = likeness(name, club, other, other_club)
    assert (found.kind if found else None) == kind
    # symmetric
    back = likeness(other, other_club, name, club)
    assert (back.kind if back else None) == kind


def test_likeness_scores_order_exact_before_same_name_before_similar():
    exact = likeness("Hans Maier", "SV Ulm", "Hans Maier", "SV Ulm")
    same_name = likeness("Hans Maier", "SV Ulm", "Hans Maier", "")
    similar_same_club = likeness("Hans Maier", "SV Ulm", "Hans Mayer", "SV Ulm")
    similar_other_club = likeness("Hans Maier", "SV Ulm", "Hans Mayer", "TSV")
    assert exact.score > same_name.score > similar_same_club.score > similar_other_club.score
    assert similar_other_club.score > 0


def test_similar_ratio_is_a_real_threshold():
    assert 0.5 < SIMILAR_RATIO < 1


REGISTRY = [
    Candidate(1, "Hans Maier", "SV Ulm", frozenset({10})),
    Candidate(2, "Hans Maier", "", frozenset({11})),
    Candidate(3, "Hans Mayer", "SV Ulm", frozenset({12})),
    Candidate(4, "Grete Huber", "", frozenset({10})),
    Candidate(5, "Maier, Hans", "SV Ulm", frozenset({13})),
    Candidate(6, "Anna Berg", "", frozenset({10, 11})),
]


@pytest.mark.parametrize(
    ("name", "club", "expected"),
    [
        ("Hans Maier", "", 2),
        ("hans maier", "", 2),
        ("Grete Huber", "", 4),
        ("Grete Huber", "TSV", None),  # other club: no exact match
        ("Hans Maier", "SV Ulm", None),  # two of them (1 and 5): the organiser chooses
        ("Otto Huber", "", None),
    ],
)
def test_exact_match(name, club, expected):
    found = exact_match(name, club, REGISTRY)
    assert (found.id if found else None) == expected


@pytest.mark.parametrize(
    ("name", "club", "expected"),
    [
        ("Hans Maier", "SV Ulm", [1, 5, 2, 3]),
        ("Hans Mayer", "", [3, 2, 1, 5]),  # 2 has no club either: more alike
        ("Anne Berg", "", [6]),
        ("Otto Huber", "", []),
    ],
)
def test_likely_duplicates_best_first(name, club, expected):
    assert [match.candidate.id for match in likely_duplicates(name, club, REGISTRY)] == expected


def test_likely_duplicates_limit():
    assert len(likely_duplicates("Hans Maier", "SV Ulm", REGISTRY, limit=2)) == 2


def test_duplicate_pairs_skip_players_of_the_same_event_and_strangers():
    pairs = {
        (pair.first.id, pair.second.id): pair.likeness.kind for pair in duplicate_pairs(REGISTRY)
    }
    assert pairs[(1, 5)] == EXACT
    assert pairs[(1, 2)] == SAME_NAME
    assert pairs[(1, 3)] == SIMILAR
    assert pairs[(2, 5)] == SAME_NAME
    assert (4, 6) not in pairs and (1, 4) not in pairs  # different people
    # the same name twice in one event are two people
    same_event = [
        Candidate(7, "Otto Ott", "", frozenset({1})), Candidate(8, "Otto Ott", "", frozenset({1}))
    ]
    assert duplicate_pairs(same_event) == []
    other_events = [
        Candidate(8, "Otto Ott", "", frozenset({2})), Candidate(7, "Otto Ott", "", frozenset({1}))
    ]
    [pair] = duplicate_pairs(other_events)
    assert (pair.first.id, pair.second.id) == (7, 8)


def test_duplicate_pairs_best_first():
    scores = [pair.likeness.score for pair in duplicate_pairs(REGISTRY)]
    assert scores == sorted(scores, reverse=True) and scores[0] == 1.0


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ha", [1, 2, 5, 3]),
        ("hans ma", [1, 2, 5, 3]),
        ("mai", [1, 2, 5]),
        ("mü", []),
        ("hu", [4]),
        ("Huber, Gr", [4]),
        ("be an", [6]),
        ("x", []),
        ("", []),
        ("  ", []),
    ],
)
def test_search(query, expected):
    assert [candidate.id for candidate in search(query, REGISTRY, limit=10)] == expected


def test_search_umlauts_and_limit():
    registry = [Candidate(1, "Hans Müller"), Candidate(2, "Jürgen Mueller"), Candidate(3, "Otto")]
    assert [c.id for c in search("mü", registry, limit=10)] == [1, 2]
    assert [c.id for c in search("mue", registry, limit=10)] == [1, 2]
    assert [c.id for c in search("m", registry, limit=1)] == [1]
