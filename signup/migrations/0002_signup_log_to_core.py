"""The online registration's records move into the one change log (``core.ChangeRecord``,
issue 36): each keeps its event, user, time, registration (now its subject) and parameters;
``signup_<action>`` becomes ``signup.<action>``. Then ``SignupLog`` goes."""

from django.db import migrations

from core.migrations._moves import content_type, move_in, move_out

OLD_PREFIX = "signup_"
PREFIX = "signup."


def to_core(apps, schema_editor):
    registration = content_type(apps, schema_editor, "signup", "registration")
    rows = apps.get_model("signup", "SignupLog").objects.using(
        schema_editor.connection.alias
    ).order_by("id")
    move_in(apps, schema_editor, rows.iterator(chunk_size=2000), lambda old: {
        "event_id": old.event_id,
        "user_id": old.user_id,
        "created_at": old.created_at,
        "action": PREFIX + old.action.removeprefix(OLD_PREFIX),
        "subject_type": registration if old.registration_id is not None else None,
        "subject_id": old.registration_id,
        "params": old.params,
    })


def from_core(apps, schema_editor):
    alias = schema_editor.connection.alias
    registration = content_type(apps, schema_editor, "signup", "registration")
    # a registration deleted since leaves its records without it
    kept = set(apps.get_model("signup", "Registration").objects.using(alias).values_list(
        "pk", flat=True))
    records = apps.get_model("core", "ChangeRecord").objects.using(alias).filter(
        action__startswith=PREFIX
    )
    move_out(apps, schema_editor, records, apps.get_model("signup", "SignupLog"),
             lambda record: {
                 "event_id": record.event_id,
                 "user_id": record.user_id,
                 "action": OLD_PREFIX + record.action.removeprefix(PREFIX),
                 "registration_id": (
                     record.subject_id if record.subject_type_id == registration.pk
                     and record.subject_id in kept else None
                 ),
                 "params": record.params,
             })


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0001_initial"),
        ("signup", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(to_core, from_core),
        migrations.DeleteModel(name="SignupLog"),
    ]
