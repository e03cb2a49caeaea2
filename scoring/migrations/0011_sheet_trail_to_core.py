"""A sheet's trail moves into the one change log (``core.ChangeRecord``, issue 36): each record
keeps its time and user, its sheet (now its subject, and the sheet's event), and its game
number, game or totals before and after, version and device as parameters; its action becomes
``scoring.sheet.<action>``. Then ``SheetChange`` goes."""

from django.db import migrations

from core.migrations._moves import content_type, move_in, move_out

PREFIX = "scoring.sheet."
TOTALS = "totals_saved"


def params(game, before, after, version, device, action):
    """A record's columns as the one change log's parameters (``scoring.audit.sheet_record``):
    a game's or the totals' record keeps the game or totals before (None: none) and after."""
    kept = {}
    if game is not None:
        kept["game"] = game
    if game is not None or action == TOTALS or before is not None:
        kept["before"] = before
    if game is not None or action == TOTALS or after is not None:
        kept["after"] = after
    if version is not None:
        kept["version"] = version
    if version is not None or device:
        kept["device"] = device
    return kept


def to_core(apps, schema_editor):
    sheet = content_type(apps, schema_editor, "scoring", "scoresheet")
    rows = apps.get_model("scoring", "SheetChange").objects.using(
        schema_editor.connection.alias
    ).order_by("id").values_list(
        "sheet_id", "sheet__table__round__event_id", "user_id", "created_at", "action",
        "game_number", "before", "after", "version", "device",
    )
    move_in(apps, schema_editor, rows.iterator(chunk_size=2000), lambda row: {
        "subject_type": sheet,
        "subject_id": row[0],
        "event_id": row[1],
        "user_id": row[2],
        "created_at": row[3],
        "action": PREFIX + row[4],
        "params": params(*row[5:], row[4]),
    })


def from_core(apps, schema_editor):
    sheet = content_type(apps, schema_editor, "scoring", "scoresheet")
    records = apps.get_model("core", "ChangeRecord").objects.using(
        schema_editor.connection.alias
    ).filter(subject_type=sheet, action__startswith=PREFIX)
    move_out(apps, schema_editor, records, apps.get_model("scoring", "SheetChange"),
             lambda record: {
                 "sheet_id": record.subject_id,
                 "user_id": record.user_id,
                 "action": record.action.removeprefix(PREFIX),
                 "game_number": record.params.get("game"),
                 "before": record.params.get("before"),
                 "after": record.params.get("after"),
                 "version": record.params.get("version"),
                 "device": record.params.get("device", ""),
             })


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0001_initial"),
        ("scoring", "0010_points_games"),
    ]

    operations = [
        migrations.RunPython(to_core, from_core),
        migrations.DeleteModel(name="SheetChange"),
    ]
