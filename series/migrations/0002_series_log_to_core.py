"""A series' log moves into the one change log (``core.ChangeRecord``, issue 36): each record
keeps its user, time and parameters, its series becomes its subject (no event), and
``series_<action>`` becomes ``series.<action>``. Then ``SeriesLog`` goes."""

from django.db import migrations

from core.migrations._moves import content_type, move_in, move_out

OLD_PREFIX = "series_"
PREFIX = "series."


def to_core(apps, schema_editor):
    series = content_type(apps, schema_editor, "series", "series")
    rows = apps.get_model("series", "SeriesLog").objects.using(
        schema_editor.connection.alias
    ).order_by("id")
    move_in(apps, schema_editor, rows.iterator(chunk_size=2000), lambda old: {
        "user_id": old.user_id,
        "created_at": old.created_at,
        "action": PREFIX + old.action.removeprefix(OLD_PREFIX),
        "subject_type": series,
        "subject_id": old.series_id,
        "params": old.params,
    })


def from_core(apps, schema_editor):
    series = content_type(apps, schema_editor, "series", "series")
    records = apps.get_model("core", "ChangeRecord").objects.using(
        schema_editor.connection.alias
    ).filter(subject_type=series, action__startswith=PREFIX)
    move_out(apps, schema_editor, records, apps.get_model("series", "SeriesLog"),
             lambda record: {
                 "series_id": record.subject_id,
                 "user_id": record.user_id,
                 "action": OLD_PREFIX + record.action.removeprefix(PREFIX),
                 "params": record.params,
             })


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0001_initial"),
        ("series", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(to_core, from_core),
        migrations.DeleteModel(name="SeriesLog"),
    ]
