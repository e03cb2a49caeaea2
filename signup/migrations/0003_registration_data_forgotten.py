"""The registrations' personal data can be deleted after the club's retention
(``signup.retention``): the e-mail address and the code may be empty (the code unique among the
event's codes that are not), the own link's token None; ``SignupSettings.forgotten_at`` records
when it was done."""

from django.db import migrations, models

import signup.models


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
        migrations.AlterField(
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
    ]
