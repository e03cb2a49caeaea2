"""Every player goes into one club's registry (issue 38): the registry's club, nullable until
every player has one (0023) and without its foreign-key constraint until then (0024, see
``core.schema``); whether the player is a member of that club or a regular guest; and the links
between rows of the same person in two clubs' registries."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0002_club_rules"),
        ("tournament", "0021_event_club_required"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="registry_club",
            field=models.ForeignKey(
                db_constraint=False, null=True, on_delete=django.db.models.deletion.PROTECT,
                related_name="players", to="clubs.club", verbose_name="registry's club",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="is_member",
            field=models.BooleanField(
                default=False, help_text="A member of the club; else a regular guest.",
                verbose_name="member",
            ),
        ),
        migrations.CreateModel(
            name="PlayerLink",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="linked")),
                ("first", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tournament.player", verbose_name="player")),
                ("second", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tournament.player", verbose_name="linked player")),
            ],
            options={
                "verbose_name": "linked players",
                "verbose_name_plural": "linked players",
                "constraints": [
                    models.UniqueConstraint(fields=("first", "second"), name="player_link_unique"),
                    models.CheckConstraint(condition=models.Q(("first__lt", models.F("second"))), name="player_link_ordered"),
                ],
            },
        ),
    ]
