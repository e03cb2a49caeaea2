"""Reads of the tournament app that several apps share: where an event stands (its phase).

An event goes through four phases, in this order (``Phase``):

1. ``PREPARATION``: no seating plan yet. Entries are registered, changed and withdrawn, the
   online registration takes registrations, the short name, rounds and games per round change.
2. ``PLAN``: the seating plan exists (generating it creates the rounds), no round has started.
   Registration is closed: only names, clubs and notes of entries change; the plan can be
   generated anew or discarded.
3. ``RUNNING``: a round has started: it is released or closed, or a sheet of it holds a score
   (and every round before it counts as started too). Re-planning changes only the rounds not
   started.
4. ``FINISHED``: the organisers finished the event (``scoring.services.finish``); every write
   that could change its results is refused (``tournament.services.ensure_not_finished``) until
   they reopen it.

Across the phases, the plan is *locked* once a sheet holds a score (a game, or a round's
totals): it can no longer be generated anew or discarded, a table with a score keeps its
seats, and the event's scoring mode no longer changes.

``Event.status`` stores the phase for lists of events (the home page, the admin): the plan
services write "in preparation" when a plan is generated or discarded and "running" at a
round's first release, the finish service "finished" (and "running" when reopened). Only
"finished" decides anything, through ``EventPhase.finished``.
"""

from __future__ import annotations

import enum
from functools import cached_property

from tournament.models import Event, Table
from tournament.signals import tables_in_play


class Phase(enum.IntEnum):
    """An event's phase, ordered: a later phase compares greater."""

    PREPARATION = 1
    PLAN = 2
    RUNNING = 3
    FINISHED = 4


class EventPhase:
    """Where ``event`` stands, each part read when first asked: ``finished`` costs no query,
    ``plan_exists`` one, ``locked`` the scoring app's two (``tournament.signals``),
    ``started_rounds`` and ``phase`` one more.

    With ``lock`` the scoring app locks the event's sheets before it says which hold a score,
    so that no score slips in while the caller's transaction changes the plan.
    """

    def __init__(self, event: Event, *, lock: bool = False) -> None:
        self.event = event
        self.lock = lock

    @property
    def finished(self) -> bool:
        """The organisers finished the event: its results can no longer change."""
        return self.event.status == Event.Status.FINISHED

    @cached_property
    def plan_exists(self) -> bool:
        """The seating plan exists: registration is closed."""
        return self.event.rounds.exists()

    @cached_property
    def scored_tables(self) -> set[int]:
        """The ids of the event's tables whose sheet holds a score."""
        if not self.plan_exists:
            return set()
        return tables_in_play(event=self.event, lock=self.lock)

    @property
    def locked(self) -> bool:
        """A sheet holds a score: the plan can no longer be generated anew or discarded."""
        return bool(self.scored_tables)

    @cached_property
    def started_rounds(self) -> int:
        """How many rounds have started: the highest round that is released, closed or has a
        score on a sheet (every round before it counts as started too); 0 when none has."""
        if not self.plan_exists:
            return 0
        scored = set(
            Table.objects.filter(pk__in=self.scored_tables).values_list(
                "round__number", flat=True
            )
        ) if self.scored_tables else set()
        return max(
            (
                round_.number
                for round_ in self.event.rounds.all()
                if round_.released or round_.closed or round_.number in scored
            ),
            default=0,
        )

    @property
    def phase(self) -> Phase:
        if self.finished:
            return Phase.FINISHED
        if not self.plan_exists:
            return Phase.PREPARATION
        return Phase.RUNNING if self.started_rounds else Phase.PLAN


def event_phase(event: Event, *, lock: bool = False) -> EventPhase:
    """Where ``event`` stands: its ``phase``, whether it is ``finished``, its plan exists or is
    ``locked``, and how many rounds have started (``EventPhase``)."""
    return EventPhase(event, lock=lock)
