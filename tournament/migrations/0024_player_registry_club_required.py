"""Every player is in a club's registry (0023): the column becomes NOT NULL, then gets its
foreign-key constraint, each in a statement of its own (``core.schema``)."""

import django.db.models.deletion
from django.db import migrations, models

from core.schema import AlterForeignKeyConstraint, AlterForeignKeyNull


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0023_players_into_registries"),
    ]

    operations = [
        AlterForeignKeyNull(
            model_name="player",
            name="registry_club",
            field=models.ForeignKey(
                db_constraint=False, on_delete=django.db.models.deletion.PROTECT,
                related_name="players", to="clubs.club", verbose_name="registry's club",
            ),
        ),
        AlterForeignKeyConstraint(
            model_name="player",
            name="registry_club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="players",
                to="clubs.club", verbose_name="registry's club",
            ),
        ),
    ]
