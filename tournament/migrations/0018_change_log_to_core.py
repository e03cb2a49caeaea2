"""The event's change log moves into the one change log (``core.ChangeRecord``, issue 36): each
record keeps its event, user, time, entry (now its subject) and parameters; its action becomes
the namespaced code of the app that writes it. Then ``ChangeLog`` goes."""

from django.db import migrations

from core.migrations._moves import content_type, move_in, move_out

# The old action codes of the event's change log and their codes in the one change log: the
# tournament app's, the scoring app's (rounds, standings, house rules, finishing the event) and
# the money app's.
TOURNAMENT = [
    "event_created", "event_edited", "registered", "edited", "withdrawn", "reinstated",
    "imported", "replaced", "stand_in", "plan", "plan_discarded", "replanned", "fixed_table",
    "swapped", "released", "hidden", "round_length", "role_granted", "role_changed",
    "role_removed", "players_merged",
]
SCORING = {
    "round_closed": "scoring.round_closed",
    "round_reopened": "scoring.round_reopened",
    "standings": "scoring.standings",
    "published": "scoring.published",
    "unpublished": "scoring.unpublished",
    "rules_changed": "scoring.rules_changed",
    "scoring_mode": "scoring.mode_changed",
    "event_finished": "scoring.event_finished",
    "event_reopened": "scoring.event_reopened",
}
MONEY = [
    "cash_settings", "checked_in", "check_in_undone", "paid", "payment_cancelled",
    "prize_settings", "prize_added", "prize_removed", "lot_drawn", "handed_out",
    "handout_undone", "expense_added", "expense_cancelled",
]
ACTIONS = {
    **{action: f"tournament.{action}" for action in TOURNAMENT},
    **SCORING,
    **{action: f"money.{action}" for action in MONEY},
}
OLD = {new: old for old, new in ACTIONS.items()}


def to_core(apps, schema_editor):
    entry = content_type(apps, schema_editor, "tournament", "entry")
    rows = apps.get_model("tournament", "ChangeLog").objects.using(
        schema_editor.connection.alias
    ).order_by("id")
    move_in(apps, schema_editor, rows.iterator(chunk_size=2000), lambda old: {
        "event_id": old.event_id,
        "user_id": old.user_id,
        "created_at": old.created_at,
        "action": ACTIONS.get(old.action, f"tournament.{old.action}"),
        "subject_type": entry if old.entry_id is not None else None,
        "subject_id": old.entry_id,
        "params": old.params,
    })


def from_core(apps, schema_editor):
    entry = content_type(apps, schema_editor, "tournament", "entry")
    records = apps.get_model("core", "ChangeRecord").objects.using(
        schema_editor.connection.alias
    ).filter(action__in=list(OLD))
    move_out(apps, schema_editor, records, apps.get_model("tournament", "ChangeLog"),
             lambda record: {
                 "event_id": record.event_id,
                 "user_id": record.user_id,
                 "action": OLD[record.action],
                 "entry_id": record.subject_id if record.subject_type_id == entry.pk else None,
                 "params": record.params,
             })


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0001_initial"),
        ("tournament", "0017_event_scoring_mode"),
    ]

    operations = [
        migrations.RunPython(to_core, from_core),
        migrations.DeleteModel(name="ChangeLog"),
    ]
