"""What the tournament app tells the apps above it, and the one thing it asks of them.

The tournament app (events, entries, the seating plan) is the bottom layer: it imports no app
above it. Where the plan needs the layers above, it sends a signal and they answer
(``scoring.receivers`` connects scoring's answers when the app is ready):

- ``tables_created``: new tables of a plan exist (scoring gives each an empty score sheet);
- ``seats_changed``: the seats of these tables changed (scoring moves their sheets' versions on,
  so a save from a page that shows the old seating is refused as stale);
- ``player_replaced``: in these events a player's row was replaced by another (a person's data
  deleted in one club's events while another club's keep the row): scoring moves what it keeps
  of the player there (the players' confirmations of sheets) to the new row;
- ``tables_in_play`` (asked through :func:`tables_in_play`): which of these tables hold results
  already (a game on a score sheet); such a table keeps its seats. With ``lock`` the answering
  app also locks what it keeps about them inside the caller's transaction, so that no result
  slips in while the plan changes;
- ``event_copied``: a new event was created like an earlier one ("Wie beim letzten Mal",
  ``tournament.services.events.copy_event``), inside its transaction: each app copies its own
  settings of ``source`` to ``event`` (money: the money and prize settings and the prizes,
  ``money.receivers``; signup: the registration settings, ``signup.receivers``), never what
  the evening brings (entries, payments, registrations).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.dispatch import Signal

from tournament.models import Event

# sender: the Event model; tables: list[Table], saved
tables_created = Signal()
# sender: the Event model; table_ids: set[int]
seats_changed = Signal()
# sender: the Event model; source: Event (the earlier event); event: Event (the new one, saved);
# user: the account that created it, or None
event_copied = Signal()
# sender: the Event model; old_id: int, new_id: int (player ids); event_ids: list[int]
player_replaced = Signal()
# sender: the Event model; event: Event | None; table_ids: list[int] | None; lock: bool;
# each receiver returns a set of table ids
tables_in_play_asked = Signal()


def tables_in_play(
    *, event: Event | None = None, table_ids: Iterable[int] | None = None, lock: bool = False
) -> set[int]:
    """The ids of the tables (of ``event``, or among ``table_ids``) that hold results, as the
    apps above say; with ``lock`` they lock what they keep about them first."""
    if (event is None) == (table_ids is None):
        raise TypeError("give either event or table_ids")
    ids = None if table_ids is None else list(table_ids)
    answers = tables_in_play_asked.send(sender=Event, event=event, table_ids=ids, lock=lock)
    return set().union(*(answer for _receiver, answer in answers))
