"""Every event has its club (0020): the column becomes NOT NULL, then gets its foreign-key
constraint, each in a statement of its own (``core.schema``)."""

import django.db.models.deletion
from django.db import migrations, models

from core.schema import AlterForeignKeyConstraint, AlterForeignKeyNull


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0020_events_into_clubs"),
    ]

    operations = [
        AlterForeignKeyNull(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                db_constraint=False, on_delete=django.db.models.deletion.PROTECT,
                related_name="events", to="clubs.club", verbose_name="club",
            ),
        ),
        AlterForeignKeyConstraint(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="events",
                to="clubs.club", verbose_name="club",
            ),
        ),
    ]
