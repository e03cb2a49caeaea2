"""An event's club, nullable until every event has one (0020) and without its foreign-key
constraint until then (0021): on PostgreSQL, Django adds a foreign key with its constraint in
one statement of two commands, which the app's prepared statements refuse."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('tournament', '0018_change_log_to_core'),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='club',
            field=models.ForeignKey(db_constraint=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='clubs.club', verbose_name='club'),
        ),
    ]
