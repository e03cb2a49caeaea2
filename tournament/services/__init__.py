"""Writes that span rows, one module per topic; each function is keyword-only and atomic.

- ``events``: create an event, create one like an earlier one, change its settings;
- ``entries``: register, edit, withdraw and import entries before the plan;
- ``plan``: generate, discard and re-plan the seating plan, swap and replace entries, fixed
  tables, release rounds;
- ``roles``: who organises an event and who helps at its desk;
- ``submissions``: one-time form tokens, so that a form creates its entry, list or event once.
- ``lifecycle``: the guard that refuses changes of the results while the event is finished;
- ``players``: each club's player registry, which its events share: finding a player seen
  before, merging two rows of one person, changing a player, deleting a person's data in the
  events of a club;

The services callers use are re-exported here.
"""

from tournament.services.entries import (
    REGISTRATION_CLOSED,
    Imported,
    ImportRejected,
    PossibleDuplicates,
    RegistrationClosed,
    RegistrationError,
    SameNameRegistered,
    check_import,
    import_entries,
    next_start_number,
    register_entry,
    reinstate_entry,
    update_entry,
    withdraw_entry,
)
from tournament.services.events import EventError, copy_event, create_event, update_event
from tournament.services.lifecycle import EventFinished, ensure_not_finished
from tournament.services.plan import (
    LateEntry,
    PlanChanged,
    PlanError,
    PlanLocked,
    discard_plan,
    generate_plan,
    plan_version,
    release_round,
    replace_entry,
    replan_rounds,
    set_fixed_table,
    set_round_length,
    swap_entries,
)
from tournament.services.players import (
    PlayerError,
    find_player,
    forget_player,
    merge_players,
)
from tournament.services.roles import RoleError, grant_role, remove_role
from tournament.services.submissions import AlreadySubmitted, new_form_token, used_form_token

__all__ = [
    "REGISTRATION_CLOSED",
    "EventError",
    "ImportRejected",
    "LateEntry",
    "PlanChanged",
    "PlanError",
    "PlanLocked",
    "RegistrationClosed",
    "RegistrationError",
    "copy_event",
    "create_event",
    "discard_plan",
    "generate_plan",
    "import_entries",
    "next_start_number",
    "plan_version",
    "register_entry",
    "reinstate_entry",
    "release_round",
    "replace_entry",
    "replan_rounds",
    "set_fixed_table",
    "set_round_length",
    "swap_entries",
    "update_entry",
    "update_event",
    "withdraw_entry",
]
__all__ += ["RoleError", "grant_role", "remove_role"]
__all__ += [
    "AlreadySubmitted",
    "Imported",
    "SameNameRegistered",
    "check_import",
    "new_form_token",
    "used_form_token",
]
__all__ += [
    "EventFinished",
    "ensure_not_finished",
]
__all__ += ["PlayerError", "PossibleDuplicates", "find_player", "forget_player",
            "merge_players"]
