"""The registrations' personal data can be deleted after the club's retention
(``signup.retention``): the e-mail address and the code may be empty (the code unique among the
event's codes that are not), the own link's token None; ``SignupSettings.forgotten_at`` records
when it was done. Migrating back gives every registration without a code or token new ones (the
old columns want them, unique), then makes the token NOT NULL in a statement of its own
(``core.schema``)."""

from django.db import migrations, models

import signup.models
from core.schema import AlterFieldNull


def new_codes_and_tokens(apps, schema_editor):
    """Back: a fresh code (unique in its event) and token for every registration without."""
    registration = apps.get_model("signup", "Registration")
    taken: dict[int, set[str]] = {}
    for event_id, code in registration.objects.exclude(code="").values_list("event_id", "code"):
        taken.setdefault(event_id, set()).add(code)
    for row in registration.objects.filter(models.Q(code="") | models.Q(token__isnull=True)):
        codes = taken.setdefault(row.event_id, set())
        if not row.code:
            code = signup.models.new_code()
            while code in codes:
                code = signup.models.new_code()
            codes.add(code)
            row.code = code
        if row.token is None:
            row.token = signup.models.new_token()
        row.save(update_fields=["code", "token"])


class Migration(migrations.Migration):
    dependencies = [
        ("signup", "0002_signup_log_to_core"),
        ("tournament", "0021_event_club_required"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="registration",
            name="registration_unique_code",
        ),
        migrations.AddField(
            model_name="signupsettings",
            name="forgotten_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="personal data deleted at"
            ),
        ),
        migrations.AlterField(
            model_name="registration",
            name="code",
            field=models.CharField(blank=True, max_length=6, verbose_name="registration code"),
        ),
        migrations.AlterField(
            model_name="registration",
            name="email",
            field=models.EmailField(blank=True, max_length=254, verbose_name="e-mail address"),
        ),
        AlterFieldNull(
            model_name="registration",
            name="token",
            field=models.CharField(
                default=signup.models.new_token, editable=False, max_length=64, null=True,
                unique=True, verbose_name="link token",
            ),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(
                condition=models.Q(("code", ""), _negated=True),
                fields=("event", "code"),
                name="registration_unique_code",
            ),
        ),
        migrations.RunPython(migrations.RunPython.noop, new_codes_and_tokens),
    ]
