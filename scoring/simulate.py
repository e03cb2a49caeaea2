"""Random but plausible Binokel games, for demos and benchmarks.

Pure Python (no Django): ``random_game`` returns the keyword arguments of
``scoring.rules.score_hand`` for one game at a table of 2 (pairs), 3 or 4 parties. Most games
are played out (gespielt), some are conceded (abgeschrieben), a Durch and a misplay (verworfen)
are rare. Bids start at 150 and follow the declarer's meld; melds and bids are multiples of 10;
the trick points of a played game add up to 250. ``random_round_totals`` sums a round of such
games up as a sheet kept in round totals holds it, ``random_points_rows`` writes them down as a
sheet kept in points per game holds them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from scoring.rules import CONCEDED, DURCH, MIN_BID, PLAYED, TRICK_TOTAL, score_hand

# Typical melds (Binokel 40, pair 20, pair in trump 40, four Unter 40, four Ober 60, four Kings
# 80, Familie 100/150, …) and how often a hand holds about that much.
MELDS: Final = (0, 20, 40, 60, 80, 100, 120, 150, 190, 240, 300)
MELD_WEIGHTS: Final = (14, 18, 20, 14, 10, 8, 6, 4, 3, 2, 1)

CONCEDE_SHARE: Final = 0.08
DURCH_SHARE: Final = 0.01
MISPLAY_SHARE: Final = 0.02


def _meld(rng: random.Random, *, strong: bool = False) -> int:
    meld = rng.choices(MELDS, MELD_WEIGHTS)[0]
    if strong:  # the declarer won the bidding: usually on a good hand
        meld = max(meld, rng.choices(MELDS, MELD_WEIGHTS)[0])
    return meld


def _split_tricks(rng: random.Random, parties: int, declarer: int) -> list[int]:
    """Exact trick points per party adding up to 250; the declarer tends to take the most."""
    weights = [rng.uniform(0.4, 1.0) for _ in range(parties)]
    weights[declarer] += rng.uniform(0.3, 1.4)
    if parties > 2 and rng.random() < 0.04:  # now and then a party takes no trick at all
        loser = rng.choice([p for p in range(parties) if p != declarer])
        weights[loser] = 0.0
    total = sum(weights)
    tricks = [int(TRICK_TOTAL * w / total) for w in weights]
    tricks[declarer] += TRICK_TOTAL - sum(tricks)
    return tricks


def random_game(parties: int, rng: random.Random) -> dict[str, Any]:
    """A valid game for ``score_hand(**game)`` at a table of ``parties`` parties (2, 3 or 4)."""
    if parties not in (2, 3, 4):
        raise ValueError(f"A game has 2, 3 or 4 parties, not {parties}.")
    declarer = rng.randrange(parties)
    roll = rng.random()

    if roll < DURCH_SHARE:
        won = rng.random() < 0.7
        if won:
            tricks = [TRICK_TOTAL if p == declarer else 0 for p in range(parties)]
        else:
            tricks = _split_tricks(rng, parties, declarer)
            if tricks[declarer] == TRICK_TOTAL:  # a lost Durch leaves a trick to the others
                tricks[declarer] -= 11
                tricks[(declarer + 1) % parties] += 11
        return {
            "bid": MIN_BID + 10 * rng.randrange(0, 6),
            "declarer": declarer,
            "melds": [0] * parties,
            "tricks": tricks,
            "kind": DURCH,
            "revoked": None,
        }

    melds = [_meld(rng, strong=p == declarer) for p in range(parties)]
    # The bid follows the declarer's meld plus the tricks it hopes for.
    hoped = melds[declarer] + rng.randrange(60, 160)
    bid = max(MIN_BID, hoped // 10 * 10)

    if roll < DURCH_SHARE + CONCEDE_SHARE:
        return {
            "bid": bid,
            "declarer": declarer,
            "melds": melds,
            "tricks": None,
            "kind": CONCEDED,
            "revoked": None,
        }

    revoked = rng.randrange(parties) if rng.random() < MISPLAY_SHARE else None
    return {
        "bid": bid,
        "declarer": declarer,
        "melds": melds,
        "tricks": _split_tricks(rng, parties, declarer),
        "kind": PLAYED,
        "revoked": revoked,
    }


def _scored_games(
    parties: int, games: int, rng: random.Random
) -> Iterator[tuple[int, list[int]]]:
    """``games`` random games without misplays (a misplay puts a party other than the declarer
    below zero), each as its declarer and every party's points by the default rules."""
    for _ in range(games):
        game = random_game(parties, rng)
        while game["revoked"] is not None:
            game = random_game(parties, rng)
        yield game["declarer"], score_hand(**game)


def random_round_totals(parties: int, games: int, rng: random.Random) -> list[tuple[int, int]]:
    """Per party (2, 3 or 4) its total of a round of ``games`` random games (``_scored_games``)
    and its games lost as declarer (those where the declarer scored below zero): the figures of
    a sheet kept in round totals."""
    totals = [0] * parties
    lost = [0] * parties
    for declarer, points in _scored_games(parties, games, rng):
        for party, value in enumerate(points):
            totals[party] += value
        if points[declarer] < 0:
            lost[declarer] += 1
    return list(zip(totals, lost, strict=True))


UNNAMED_DECLARER_SHARE: Final = 0.25
"""How often a paper sheet kept in points per game leaves the declarer out."""


def random_points_rows(parties: int, games: int, rng: random.Random) -> dict[int, dict]:
    """Games 1 to ``games`` of a sheet kept in points per game (``_scored_games``), as
    ``scoring.services.points.save_sheet_points`` takes them: each party's points and the
    declarer's index, left out (None) in about a quarter of the games as on paper."""
    return {
        number: {
            "points": points,
            "declarer": None if rng.random() < UNNAMED_DECLARER_SHARE else declarer,
        }
        for number, (declarer, points) in enumerate(_scored_games(parties, games, rng), start=1)
    }
