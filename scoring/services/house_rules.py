"""Change an event's house rules: freely until its first game is stored; after that every
stored game is rescored by the new rules in the same step (``change_rules``), after the
organiser saw what changes (``rescoring``). Change how the event keeps score
(``change_scoring_mode``): only until its first game is stored. Keep an event's rules as the
house rules of its club under a name (``save_as_club_rules``), for the club's new events."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F, Prefetch

from clubs.models import ClubRules
from clubs.services import save_club_rules
from core.audit import log
from core.errors import Message, UserError, gettext_noop
from scoring.audit import ScoringAction
from scoring.confirmations import void_confirmations
from scoring.house_rules import rules_of, tie_breaks_for
from scoring.models import Game, PartyScore, ScoreSheet
from scoring.modes import WRITTEN
from scoring.rules import CONCEDED, InvalidHand, RulesProfile, score_hand
from scoring.services.sheets import lock_event_and_sheets
from tournament.house_rules import SCORING_MODES
from tournament.models import Event
from tournament.results import results_changed
from tournament.selectors.phase import event_phase
from tournament.services.entries import lock_event
from tournament.services.lifecycle import ensure_not_finished

SHOWN_REFUSALS = 5
"""How many of the games the new rules refuse the rules page names (the rest are counted)."""


class RulesError(UserError):
    """A refused change of an event's house rules."""


@dataclass
class Rescoring:
    """What rescoring the stored games by other rules changes: the games and party lines
    whose points change, the entries whose totals change (start number → old and new total),
    and the games the rules cannot score at all (each as a message)."""

    games: int = 0
    changed_games: int = 0
    lines: list[tuple[PartyScore, int]] = field(default_factory=list)  # (line, new points)
    sheets: set[int] = field(default_factory=set)
    totals: dict[int, tuple[int, int]] = field(default_factory=dict)
    refused: list[Message] = field(default_factory=list)

    @property
    def changed_totals(self) -> int:
        return len(self.totals)


def _games(event: Event):
    """The games of ``event`` the rules score: not those of points as written (``WRITTEN``),
    whose points are the paper's."""
    return (
        Game.objects.filter(sheet__table__round__event=event)
        .exclude(kind=WRITTEN)
        .select_related("sheet__table__round")
        .prefetch_related(
            Prefetch(
                "scores",
                queryset=PartyScore.objects.select_related("entry").order_by("id"),
            )
        )
        .order_by("sheet__table__round__number", "sheet__table__number", "number")
    )


def rescoring(event: Event, rules: RulesProfile) -> Rescoring:
    """What scoring every stored game of ``event`` by ``rules`` would change (nothing is
    stored). A game's parties are its party lines in the order they were written, which is the
    seating order (``scoring.services.sheets.write_games``)."""
    result = Rescoring()
    old_totals: dict[int, int] = defaultdict(int)
    new_totals: dict[int, int] = defaultdict(int)
    numbers: dict[int, int] = {}
    for game in _games(event):
        result.games += 1
        scores = list(game.scores.all())
        index = {score.entry_id: at for at, score in enumerate(scores)}
        try:
            points = score_hand(
                bid=game.bid,
                declarer=index[game.declarer_id],
                melds=[score.meld for score in scores],
                tricks=None if game.kind == CONCEDED else [score.tricks or 0 for score in scores],
                kind=game.kind,
                revoked=None if game.revoked_id is None else index[game.revoked_id],
                rules=rules,
            )
        except InvalidHand as error:
            table = game.sheet.table
            result.refused.append(Message(
                gettext_noop("Round %(round)s, table %(table)s, game %(game)s: %(reason)s"),
                round=table.round.number, table=table.number, game=game.number, reason=error,
            ))
            continue
        changed = False
        for score, new in zip(scores, points, strict=True):
            numbers[score.entry_id] = score.entry.start_number
            old_totals[score.entry_id] += score.points
            new_totals[score.entry_id] += new
            if new != score.points:
                result.lines.append((score, new))
                changed = True
        if changed:
            result.changed_games += 1
            result.sheets.add(game.sheet_id)
    result.totals = {
        numbers[entry]: (old_totals[entry], new_totals[entry])
        for entry in old_totals
        if old_totals[entry] != new_totals[entry]
    }
    return result


@transaction.atomic
def change_rules(
    *, event: Event, rules: RulesProfile, user: Any = None, seen_version: int | None = None
) -> Rescoring:
    """Save ``rules`` as the house rules of ``event`` and rescore its stored games by them, in
    one step; returns what changed.

    Once a game is stored the change needs ``seen_version``: the event's results version the
    organiser saw the rescoring at (``rescoring``), so a game saved meanwhile is never rescored
    unseen. Refused (``RulesError``): unusable switches, a finished event, stored games the
    rules cannot score, a changed results version.
    """
    problems = rules.problems()
    if problems:
        raise problems[0]
    # every save of a sheet locks its sheet: wait for those under way, hold off new ones
    locked = lock_event_and_sheets(event)
    ensure_not_finished(locked, RulesError)
    before = rules_of(locked)
    result = rescoring(locked, rules)
    if result.refused:
        raise RulesError(
            gettext_noop(
                "These rules cannot score %(count)s of the stored games, e.g. %(first)s"
            ),
            count=len(result.refused),
            first=result.refused[0],
        )
    if result.games and seen_version != locked.results_version:
        raise RulesError(
            gettext_noop(
                "Games were saved since you looked at the rescoring: look at it again before "
                "changing the rules."
            )
        )
    for score, new in result.lines:
        score.points = new
    PartyScore.objects.bulk_update(
        [score for score, _new in result.lines], ["points"], batch_size=500
    )
    if result.sheets:
        # an open page's next save is refused as stale and shows the new points; the players
        # confirm the new points again
        ScoreSheet.objects.filter(pk__in=result.sheets).update(version=F("version") + 1)
        void_confirmations(list(result.sheets))
    tie_breaks = tie_breaks_for(rules, locked.tie_breaks)
    Event.objects.filter(pk=locked.pk).update(rules=rules.as_dict(), tie_breaks=tie_breaks)
    event.rules, event.tie_breaks = rules.as_dict(), tie_breaks
    log(
        event=locked,
        action=ScoringAction.RULES_CHANGED,
        user=user,
        preset=rules.name,
        before=before.name,
        switches=rules.differences(before),
        games=result.changed_games,
        totals=result.changed_totals,
    )
    if result.lines or tie_breaks != locked.tie_breaks:
        results_changed(event_id=locked.pk)
    return result


@transaction.atomic
def change_scoring_mode(*, event: Event, mode: str, user: Any = None) -> bool:
    """Keep score of ``event`` in ``mode`` (``Event.ScoringMode``) from now on; returns whether
    it changed (the same mode again changes and logs nothing).

    Refused (``RulesError``, field ``scoring_mode``): an unknown mode, a finished event, and any
    change once a game or a round total is stored (``EventPhase.locked``): the stored figures were
    entered in the event's mode, and a sheet is never kept half one way and half another.
    """
    if mode not in SCORING_MODES:
        raise RulesError(
            gettext_noop("Choose one of the scoring modes offered."), field="scoring_mode"
        )
    # every save of a sheet locks its sheet: a first game saved meanwhile is seen here
    locked = lock_event_and_sheets(event)
    ensure_not_finished(locked, RulesError)
    before = locked.scoring_mode
    if mode == before:
        return False
    if event_phase(locked).locked:
        raise RulesError(
            gettext_noop(
                "You can change the scoring mode only while no score is stored: the stored "
                "scores were entered as “%(mode)s”, and a tournament's sheets are never kept "
                "half one way and half another. Nothing was changed."
            ),
            field="scoring_mode",
            mode=Message(SCORING_MODES[before]),
        )
    Event.objects.filter(pk=locked.pk).update(scoring_mode=mode)
    event.scoring_mode = mode
    log(
        event=locked,
        action=ScoringAction.SCORING_MODE_CHANGED,
        user=user,
        before=before,
        after=mode,
    )
    return True


@transaction.atomic
def save_as_club_rules(*, event: Event, name: str, user: Any = None) -> tuple[ClubRules, bool]:
    """Keep the house rules ``event`` is scored by now (its switches, games per round,
    tie-breaks and scoring mode) as its club's house rules named ``name``, replacing those of
    that name; returns them and whether they replaced earlier ones. Refused as
    ``clubs.services.save_club_rules`` refuses (``ClubError``)."""
    locked = lock_event(event)
    return save_club_rules(
        club=locked.club,
        name=name,
        rules=rules_of(locked).as_dict(),
        games_per_round=locked.games_per_round,
        tie_breaks=locked.tie_breaks,
        scoring_mode=locked.scoring_mode,
        event_name=locked.name,
        user=user,
    )
