"""What the exports of an event hold: the rows of every sheet of the workbook, and the CSV.

Built the pretix way: each sheet's rows are made first as plain values (``*_rows`` functions, a
header row followed by data rows); a writer then turns them into a file (``results.xlsx`` for
the workbook, ``write_csv`` here for the CSV).

The workbook (``event_workbook``) has seven sheets whose names and column headers are fixed
German strings, read by outside checks, and therefore not translated:

- ``Einzel`` and ``Paare``: the overall ranking of singles and pairs (Platz, Startnummer, Name,
  D1, D2, …, Gesamt), exactly as the standings page shows it; an entry without a counted game
  yet has an empty Platz, a round it did not play an empty cell.
- ``Sitzplan``: one row per seat of every round (Durchgang, Tisch, Position, Startnummer, Name);
  for a pair the name is that of the player sitting there.
- ``Spiele``: what was typed on every sheet that counts for the standings (so the sheet adds
  up to the standings' totals), as the event's scoring mode keeps it (``scoring.interface.
  tells``). Every game: one row per party per game: Durchgang, Tisch, Spiel, Startnummer,
  Alleinspieler (ja/nein), Reizwert, Art (gespielt/abgeschrieben/Durch), Gemeldet, Stiche
  (empty for a conceded game), Verworfen (ja/nein), Punkte. Points per game: one row per party
  per game without what the paper does not say: Durchgang, Tisch, Spiel, Startnummer,
  Alleinspieler (ja/nein, empty where the sheet names no declarer), Punkte. Round totals: one
  row per party per table and round: Durchgang, Tisch, Startnummer, Summe, Verlorene Spiele
  (its games lost as declarer).
- ``Kasse``: one row per entry (Startnummer, Name, Startgeld, Bezahlt, Verlorene Spiele,
  Verlustgeld, Offen), as the cash desk computes them (``money.cash.selectors``): Startgeld and
  Verlustgeld due, Bezahlt what the entry paid of both, Offen = Startgeld + Verlustgeld −
  Bezahlt (negative: paid too much). The treasurer's summary's figures are sums of these columns.
- ``Preise``: one row per line of the prize list (``money.prizes.selectors``), singles first,
  each ranking's place prizes by place, then its special prizes (Platz, Startnummer, Name,
  Preis, Betrag); Preis names the ranking and the goods ("Geldpreis" for money alone), a
  shared place or the special prize, Betrag is empty for goods alone.
- ``Ausgaben`` (after ``Stand``, added later still): one row per expense not cancelled (Datum,
  Zweck, Betrag, Bezahlt von, Beleg), "(Kasse)" after the name when paid from the cash box.
- ``Stand`` (added later so the sheets and columns before it stay as they were): how final
  the standings are, as rows Angabe/Wert: Vorläufig (ja/nein: a started round has a sheet
  missing or not confirmed), Letzte Änderung (the time of the last change of the results,
  "21.11.2026 23:41"), Gezählt (only confirmed sheets, or unconfirmed ones too) and one row
  "Offene Zettel" per round with sheets still missing or unconfirmed.

Money is written as numbers with two decimals (number format ``0.00``).

The CSV (``standings_csv``) holds the same standings as ``Einzel`` and ``Paare`` below one
header, with a first column ``Wertung`` (Einzel/Paare), and a last row with ``Wertung`` "Stand"
whose Name cell says how final they are ("vorläufig, Stand 21.11.2026 23:41", or "alle Zettel
bestätigt, …"). It is UTF-8 with a byte order mark and
``;`` as separator, which is what Excel in a German locale opens correctly by double-click.
Names are data, never formulas: in the CSV a text starting with =, +, -, @ gets a leading
apostrophe (spreadsheet formula injection); the workbook writes every text as a text cell.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence

from django.utils import timezone

from core.errors import GERMAN, Message
from money.cash.selectors import CashBook, cash_book
from money.models import Expense
from money.prizes.awards import BEST_ROUND, CATEGORY, LAST, Award
from money.prizes.selectors import PrizeTable, prize_table
from results.xlsx import MONEY_FORMAT, Cell, Rows, SheetData, write_workbook
from scoring.interface import tells
from scoring.models import Game, PartyScore, RoundTotal
from scoring.ranking import PAIRS, SINGLES, RoundState, Standings
from scoring.standings import cached_standings, counted_statuses
from tournament.models import Event, Seat

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"

SHEET_SINGLES = "Einzel"
SHEET_PAIRS = "Paare"
SHEET_SEATING = "Sitzplan"
SHEET_GAMES = "Spiele"
SHEET_CASH = "Kasse"
SHEET_PRIZES = "Preise"
SHEET_STATE = "Stand"
SHEET_EXPENSES = "Ausgaben"
EXPENSES_HEADER = ["Datum", "Zweck", "Betrag", "Bezahlt von", "Beleg"]
EXPENSES_MONEY_COLUMNS = (2,)
STATE_LABEL = "Stand"
STATE_HEADER = ["Angabe", "Wert"]
PROVISIONAL = "vorläufig"
ALL_CONFIRMED = "alle Zettel bestätigt"

SEATING_HEADER = ["Durchgang", "Tisch", "Position", "Startnummer", "Name"]
GAMES_HEADER = [
    "Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Reizwert", "Art",
    "Gemeldet", "Stiche", "Verworfen", "Punkte",
]
POINTS_GAMES_HEADER = ["Durchgang", "Tisch", "Spiel", "Startnummer", "Alleinspieler", "Punkte"]
TOTALS_GAMES_HEADER = ["Durchgang", "Tisch", "Startnummer", "Summe", "Verlorene Spiele"]
CASH_HEADER = [
    "Startnummer", "Name", "Startgeld", "Bezahlt", "Verlorene Spiele", "Verlustgeld", "Offen",
]
CASH_MONEY_COLUMNS = (2, 3, 5, 6)
PRIZES_HEADER = ["Platz", "Startnummer", "Name", "Preis", "Betrag"]
PRIZES_MONEY_COLUMNS = (4,)
RANKING_NAMES = {False: "Einzel", True: "Paare"}
SPECIAL_NAMES = {LAST: "Rote Laterne", BEST_ROUND: "Bester Durchgang", CATEGORY: "Beste Kategorie"}
MONEY_PRIZE = "Geldpreis"
KIND_NAMES = {
    Game.Kind.PLAYED: "gespielt",
    Game.Kind.CONCEDED: "abgeschrieben",
    Game.Kind.DURCH: "Durch",
    Game.Kind.DURCH_OPEN: "Durch aufgelegt",
}
YES, NO = "ja", "nein"

_GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss",
                                 "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def file_stem(event: Event) -> str:
    """An ASCII-safe file name without extension: ``benefizbinokel-2026-11-21``."""
    text = unicodedata.normalize("NFKD", event.name.translate(_GERMAN_LETTERS))
    text = text.encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "turnier"
    return f"{slug}-{event.date:%Y-%m-%d}"


def standings_header(standings: Standings) -> list[Cell]:
    return ["Platz", "Startnummer", "Name", *[f"D{n}" for n in standings.round_numbers],
            "Gesamt"]


def standings_rows(standings: Standings, kind: str, *, public: bool = False) -> Rows:
    """Header and one row per listed entry of the overall ranking of singles or pairs;
    ``public`` writes the start number instead of the name of an entry whose players are not
    in public lists."""
    rows: Rows = [standings_header(standings)]
    for row in standings.ranking(kind):
        shown = row.public_name if public else row.name
        name = shown.translated(GERMAN.gettext) if isinstance(shown, Message) else shown
        rows.append([row.place, row.start_number, name, *row.round_points, row.total])
    return rows


def changed_text(standings: Standings) -> str:
    """The time of the last change in the event's time zone ("21.11.2026 23:41"), or ""."""
    changed = standings.changed_at
    return timezone.localtime(changed).strftime("%d.%m.%Y %H:%M") if changed else ""


def state_text(standings: Standings) -> str:
    """One line on how final the standings are: "vorläufig, Stand 21.11.2026 23:41"."""
    state = PROVISIONAL if standings.provisional else ALL_CONFIRMED
    changed = changed_text(standings)
    return f"{state}, Stand {changed}" if changed else state


def open_sheets_text(state: RoundState) -> str:
    """A round's sheets still open: "D2: fehlt Tisch 3, 5; nicht bestätigt Tisch 4"."""
    parts = []
    if state.missing:
        parts.append(f"fehlt Tisch {', '.join(map(str, state.missing))}")
    if state.unconfirmed:
        parts.append(f"nicht bestätigt Tisch {', '.join(map(str, state.unconfirmed))}")
    return f"D{state.number}: " + "; ".join(parts)


def state_rows(standings: Standings) -> Rows:
    """The ``Stand`` sheet: provisional or not, the last change, the sheets still open."""
    return [
        list(STATE_HEADER),
        ["Vorläufig", YES if standings.provisional else NO],
        ["Letzte Änderung", changed_text(standings) or None],
        ["Gezählt", "auch unbestätigte Zettel" if standings.count_unconfirmed
         else "nur bestätigte Zettel"],
        *(
            ["Offene Zettel", open_sheets_text(state)]
            for state in standings.started_rounds
            if not state.complete
        ),
    ]


def seating_rows(event: Event) -> Rows:
    """Header and one row per seat of every round (one SQL query)."""
    rows: Rows = [list(SEATING_HEADER)]
    rows.extend(
        list(values)
        for values in Seat.objects.filter(table__round__event=event)
        .order_by("table__round__number", "table__number", "position")
        .values_list(
            "table__round__number", "table__number", "position", "entry__start_number",
            "player__name",
        )
    )
    return rows


def game_rows(event: Event) -> Rows:
    """The ``Spiele`` sheet: header and the rows of every counted sheet as the event's scoring
    mode keeps them (one SQL query)."""
    told = tells(event.scoring_mode)
    if told.game_detail:
        return _full_game_rows(event)
    if told.game_rows:
        return _points_game_rows(event)
    return _round_total_rows(event)


def _counted_scores(event: Event):
    """Every party's line of every game of the counted sheets, in the order of the sheets."""
    return PartyScore.objects.filter(
        game__sheet__table__round__event=event,
        game__sheet__status__in=counted_statuses(event),
    ).order_by("game__sheet__table__round__number", "game__sheet__table__number",
               "game__number", "id")


def _full_game_rows(event: Event) -> Rows:
    """Header and one row per party per game, every figure of the game."""
    rows: Rows = [list(GAMES_HEADER)]
    scores = _counted_scores(event).values_list(
        "game__sheet__table__round__number", "game__sheet__table__number", "game__number",
        "entry__start_number", "entry_id", "game__declarer_id", "game__bid", "game__kind",
        "meld", "tricks", "game__revoked_id", "points",
    )
    for (round_no, table, game, start_number, entry_id, declarer_id, bid, kind, meld, tricks,
         revoked_id, points) in scores.iterator(chunk_size=5000):
        rows.append([
            round_no, table, game, start_number, YES if declarer_id == entry_id else NO, bid,
            KIND_NAMES.get(kind, kind), meld, tricks, YES if revoked_id == entry_id else NO,
            points,
        ])
    return rows


def _points_game_rows(event: Event) -> Rows:
    """Header and one row per party per game, its points as written; whether it declared
    where the sheet names the declarer."""
    rows: Rows = [list(POINTS_GAMES_HEADER)]
    scores = _counted_scores(event).values_list(
        "game__sheet__table__round__number", "game__sheet__table__number", "game__number",
        "entry__start_number", "entry_id", "game__declarer_id", "points",
    )
    for (round_no, table, game, start_number, entry_id, declarer_id,
         points) in scores.iterator(chunk_size=5000):
        declared = None if declarer_id is None else YES if declarer_id == entry_id else NO
        rows.append([round_no, table, game, start_number, declared, points])
    return rows


def _round_total_rows(event: Event) -> Rows:
    """Header and one row per party per sheet kept in round totals: its total and its games
    lost as declarer."""
    rows: Rows = [list(TOTALS_GAMES_HEADER)]
    rows.extend(
        list(values)
        for values in RoundTotal.objects.filter(
            sheet__table__round__event=event, sheet__status__in=counted_statuses(event)
        )
        .order_by("sheet__table__round__number", "sheet__table__number", "id")
        .values_list(
            "sheet__table__round__number", "sheet__table__number", "entry__start_number",
            "total", "lost",
        )
    )
    return rows


def cash_rows(book: CashBook) -> Rows:
    """Header and one row per entry of the cash book."""
    rows: Rows = [list(CASH_HEADER)]
    rows.extend(
        [row.entry.start_number, row.entry.name, row.start_fee, row.paid, row.lost,
         row.lost_money, row.open]
        for row in book.rows
    )
    return rows


def _prize_text(pairs: bool, award: Award) -> str:
    """What a line of the prize list gives, in the sheet's fixed German."""
    text = " + ".join(award.goods) or MONEY_PRIZE
    if award.rule is not None:
        name = SPECIAL_NAMES[award.rule.award]
        if award.rule.award == CATEGORY:
            name = f"{name} „{award.rule.category}“"
        text = f"{name}: {text}"
    elif award.share is not None:
        text = f"{text} (geteilt, Plätze {award.share.first}–{award.share.last})"
    return f"{RANKING_NAMES[pairs]}: {text}"


def prize_rows(table: PrizeTable) -> Rows:
    """Header and one row per line of the prize list: singles, then pairs; each ranking's
    place prizes by place, then its special prizes."""
    rows: Rows = [list(PRIZES_HEADER)]
    for ranking in table.rankings:
        for award in ranking.prizes.lines:
            rows.append([
                award.place, award.candidate.start_number, award.candidate.name,
                _prize_text(ranking.pairs, award), award.money or None,
            ])
    return rows


def expense_rows(event: Event) -> Rows:
    """Header and one row per expense not cancelled, by date: Datum (dd.mm.yyyy), Zweck,
    Betrag, Bezahlt von (with "(Kasse)" when paid from the cash box), Beleg."""
    rows: Rows = [list(EXPENSES_HEADER)]
    for expense in Expense.objects.valid().filter(event=event).order_by("date", "id"):
        paid_by = expense.paid_by
        if expense.from_cash_box:
            paid_by = f"{paid_by} (Kasse)".strip()
        rows.append([
            f"{expense.date:%d.%m.%Y}", expense.purpose, expense.amount, paid_by or None,
            expense.receipt or None,
        ])
    return rows


def _money(columns: tuple[int, ...]) -> dict[int, str]:
    return dict.fromkeys(columns, MONEY_FORMAT)


def workbook_sheets(event: Event, standings: Standings | None = None) -> list[SheetData]:
    """The rows of every sheet of the event's workbook (a fixed number of SQL queries, one
    fewer when given ``standings``)."""
    standings = standings or cached_standings(event)
    wide = len(standings.round_numbers) > 6
    return [
        SheetData(SHEET_SINGLES, standings_rows(standings, SINGLES), landscape=wide),
        SheetData(SHEET_PAIRS, standings_rows(standings, PAIRS), landscape=wide),
        SheetData(SHEET_SEATING, seating_rows(event)),
        SheetData(SHEET_GAMES, game_rows(event), landscape=True),
        SheetData(SHEET_CASH, cash_rows(cash_book(event)),
                  number_formats=_money(CASH_MONEY_COLUMNS)),
        SheetData(SHEET_PRIZES, prize_rows(prize_table(event, standings)),
                  number_formats=_money(PRIZES_MONEY_COLUMNS)),
        SheetData(SHEET_STATE, state_rows(standings)),
        SheetData(SHEET_EXPENSES, expense_rows(event),
                  number_formats=_money(EXPENSES_MONEY_COLUMNS)),
    ]


def event_workbook(event: Event, standings: Standings | None = None) -> bytes:
    """The event's workbook (Einzel, Paare, Sitzplan, Spiele, Kasse, Preise, Stand, Ausgaben),
    .xlsx."""
    return write_workbook(workbook_sheets(event, standings), title=event.name)


def csv_rows(standings: Standings, *, public: bool = False) -> Rows:
    """The standings of singles and pairs below one header with a first column "Wertung",
    and a last row "Stand" saying how final they are (in the Name column)."""
    rows: Rows = [["Wertung", *standings_header(standings)]]
    for kind, label in ((SINGLES, SHEET_SINGLES), (PAIRS, SHEET_PAIRS)):
        rows.extend([label, *row] for row in standings_rows(standings, kind, public=public)[1:])
    rows.append([STATE_LABEL, None, None, state_text(standings)])
    return rows


def _csv_value(value: Cell) -> str | int:
    """A cell for the CSV: empty for None; a text that a spreadsheet would take for a formula
    (starting with =, +, -, @ or a control character) gets a leading apostrophe."""
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def write_csv(rows: Iterable[Sequence[Cell]]) -> bytes:
    """UTF-8 with byte order mark, ``;`` separated, CRLF line ends (what German Excel opens)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerows([_csv_value(value) for value in row] for row in rows)
    return buffer.getvalue().encode("utf-8-sig")


def standings_csv(
    event: Event, standings: Standings | None = None, *, public: bool = False
) -> bytes:
    """The event's standings (singles and pairs) as CSV bytes (``public``: as the public
    pages show them)."""
    return write_csv(csv_rows(standings or cached_standings(event), public=public))


# --- the event's archive ---------------------------------------------------------------------
# Written by an app above this one (``transfer``), which registers its writer when it starts:
# ``export_event --archive`` calls it without importing upwards.

ArchiveWriter = Callable[..., bytes]
_archive_writer: list[ArchiveWriter] = []


def register_archive_writer(writer: ArchiveWriter) -> None:
    """``writer(event=…)`` → the event's archive, for ``export_event --archive``."""
    _archive_writer[:] = [writer]


def archive_writer() -> ArchiveWriter | None:
    return _archive_writer[0] if _archive_writer else None
