"""The press report (Pressebericht): a short text about the evening for the local paper, written
from the results; pure Python, no database, no Django.

The text is German whatever the interface's language: it is written for a German newspaper,
not for the reader of the page, so its sentences are German strings here and not msgids (the
organiser edits the text on the page before copying it anyway). ``results.press_facts`` reads the
facts of an event from the database; ``report`` turns them into paragraphs.

A player who asked not to be named in public lists (``Player.unlisted``) is never named: the
report says "Startnummer N" instead, and leaves their club out; their points still count in
every figure.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

TOP_SINGLES = 10
TOP_PAIRS = 3

WEEKDAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
MONTHS = (
    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
    "Oktober", "November", "Dezember",
)
# small counts as words, as a newspaper writes them
COUNT_WORDS = (
    "kein", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
    "elf", "zwölf",
)


@dataclass(frozen=True, slots=True)
class PressEntry:
    """An entry as the report names it."""

    start_number: int
    name: str
    club: str = ""
    unlisted: bool = False
    is_pair: bool = False

    @property
    def named(self) -> str:
        """The name, or "Startnummer N" for an entry not to be named."""
        if self.unlisted:
            return f"Startnummer {self.start_number}"
        return self.name

    @property
    def named_with_club(self) -> str:
        if self.unlisted or not self.club:
            return self.named
        return f"{self.name} ({self.club})"


@dataclass(frozen=True, slots=True)
class Placed:
    """A line of a ranking: place, entry, total points."""

    place: int
    entry: PressEntry
    points: int


@dataclass(frozen=True, slots=True)
class GameFact:
    """One party's points in one game: who, in which round, how many; the kind of game."""

    entry: PressEntry
    round: int
    points: int
    kind: str = "played"


@dataclass(frozen=True, slots=True)
class PressFacts:
    """What the report tells, read from the results of one event."""

    name: str
    date: datetime.date
    venue: str = ""
    singles: Sequence[Placed] = ()  # ranked, best first (only ranked entries)
    pairs: Sequence[Placed] = ()
    entries: int = 0  # entries that played (stand-ins too)
    people: int = 0  # players in them: a pair is two
    rounds: int = 0  # rounds with counted games
    games: int = 0  # games played, each counted once (not per party)
    total_points: int = 0  # every party's points in every counted game
    entry_rounds: int = 0  # (entry, round) pairs with counted games: for the average
    highest_game: GameFact | None = None  # most points of a declarer in one game (no Durch)
    durch_won: Sequence[GameFact] = ()
    biggest_loss: GameFact | None = None  # most negative points of a party in one game
    provisional: bool = False


def number(value: int) -> str:
    """A whole number as a German newspaper prints it: 12.345, −600."""
    text = f"{abs(value):,}".replace(",", ".")
    return f"−{text}" if value < 0 else text


def count_word(value: int) -> str:
    return COUNT_WORDS[value] if 0 <= value < len(COUNT_WORDS) else number(value)


def long_date(date: datetime.date) -> str:
    """"Samstag, 21. November 2026"."""
    return f"{WEEKDAYS[date.weekday()]}, {date.day}. {MONTHS[date.month - 1]} {date.year}"


def points(value: int) -> str:
    return f"{number(value)} Punkt" if abs(value) == 1 else f"{number(value)} Punkte"


def points_dative(value: int) -> str:
    return f"{number(value)} Punkt" if abs(value) == 1 else f"{number(value)} Punkten"


def names_list(names: Sequence[str]) -> str:
    """"A", "A und B", "A, B und C"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} und {names[-1]}"


def _opening(facts: PressFacts) -> str:
    where = f" (Austragungsort: {facts.venue})" if facts.venue else ""
    text = f"Beim {facts.name} am {long_date(facts.date)}{where}"
    if not facts.games:
        return text + " wurde noch kein Spiel gewertet."
    players = (
        "eine Person" if facts.people == 1
        else f"{count_word(facts.people)} Spielerinnen und Spieler"
    )
    rounds = "einem Durchgang" if facts.rounds == 1 else f"{count_word(facts.rounds)} Durchgängen"
    games = "ein Spiel" if facts.games == 1 else f"{count_word(facts.games)} Spiele"
    verb = "spielte" if facts.people == 1 else "spielten"
    text += f" {verb} {players} in {rounds} {games}."
    singles, pairs = len(facts.singles), len(facts.pairs)
    if singles and pairs:
        text += (
            f" Gewertet wurden {count_word(singles)} Einzelspieler und {count_word(pairs)} "
            f"{'Paar' if pairs == 1 else 'Paare'}."
        )
    return text


def _winners(ranking: Sequence[Placed], *, pairs: bool) -> str:
    first = [row for row in ranking if row.place == 1]
    if not first:
        return ""
    where = "Bei den Paaren" if pairs else "In der Einzelwertung"
    if len(first) > 1:
        names = names_list([row.entry.named_with_club for row in first])
        return (
            f"{where} lagen {names} punktgleich mit je {points_dative(first[0].points)} "
            "an der Spitze."
        )
    winner = first[0]
    verb = "gewannen" if pairs else "gewann"
    text = f"{where} {verb} {winner.entry.named_with_club} mit {points_dative(winner.points)}"
    followers = [row for row in ranking if row.place in (2, 3)]
    if followers:
        behind = names_list(
            [f"{row.entry.named} ({number(row.points)})" for row in followers]
        )
        text += f" vor {behind}"
    return text + "."


def _top(ranking: Sequence[Placed], count: int, title: str) -> str:
    rows = [row for row in ranking if row.place <= count]
    if not rows:
        return ""
    lines = [title]
    lines += [f"{row.place}. {row.entry.named_with_club} – {points(row.points)}" for row in rows]
    return "\n".join(lines)


def _figures(facts: PressFacts) -> str:
    if not facts.games:
        return ""
    text = f"Insgesamt wurden {points(facts.total_points)} erzielt"
    if facts.entry_rounds:
        average = round(facts.total_points / facts.entry_rounds)
        who = "Teilnehmer" if not facts.pairs else "Einzelspieler oder Paar"
        text += f", im Schnitt {points(average)} je Durchgang und {who}"
    return text + "."


def _game_where(game: GameFact) -> str:
    return f"im {game.round}. Durchgang"


def _notable(facts: PressFacts) -> str:
    sentences = []
    if facts.highest_game is not None and facts.highest_game.points > 0:
        game = facts.highest_game
        sentences.append(
            f"Das höchste Spiel machte {game.entry.named} {_game_where(game)} mit "
            f"{points_dative(game.points)}."
        )
    durch = list(facts.durch_won)
    if len(durch) == 1:
        sentences.append(
            f"Einen Durch – alle Stiche – gewann {durch[0].entry.named} {_game_where(durch[0])}."
        )
    elif durch:
        who = names_list([f"{game.entry.named} ({game.round}. Durchgang)" for game in durch])
        times = (
            f"{COUNT_WORDS[len(durch)].capitalize()}mal"
            if len(durch) < len(COUNT_WORDS)
            else f"{len(durch)}-mal"
        )
        sentences.append(f"{times} wurde ein Durch gewonnen: von {who}.")
    if facts.biggest_loss is not None and facts.biggest_loss.points < 0:
        game = facts.biggest_loss
        what = " mit einem verlorenen Durch" if game.kind in ("durch", "durch-open") else ""
        sentences.append(
            f"Den größten Verlust in einem Spiel musste {game.entry.named} {_game_where(game)}"
            f"{what} hinnehmen: {points(game.points)}."
        )
    return " ".join(sentences)


def headline(facts: PressFacts) -> str:
    winners = [row for row in facts.singles if row.place == 1]
    if len(winners) == 1:
        return f"{facts.name}: {winners[0].entry.named} gewinnt"
    return facts.name


def report(facts: PressFacts) -> list[str]:
    """The report's paragraphs, in order (the first is the headline); empty parts left out."""
    paragraphs = []
    if facts.provisional:
        paragraphs.append(
            "[Vorläufig: Noch sind nicht alle Spielzettel bestätigt; die Zahlen können sich "
            "ändern.]"
        )
    paragraphs += [
        headline(facts),
        _opening(facts),
        " ".join(
            part
            for part in (_winners(facts.singles, pairs=False), _winners(facts.pairs, pairs=True))
            if part
        ),
        _top(facts.singles, TOP_SINGLES, "Die besten Zehn der Einzelwertung:"),
        _top(facts.pairs, TOP_PAIRS, "Die besten Drei der Paarwertung:"),
        _figures(facts),
        _notable(facts),
    ]
    return [paragraph for paragraph in paragraphs if paragraph]


def report_text(facts: PressFacts) -> str:
    """The report as one text, paragraphs separated by a blank line."""
    return "\n\n".join(report(facts))
