"""The one change log (issue 36): every app's records in one table."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournament', '0017_event_scoring_mode'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ChangeRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='time')),
                ('action', models.CharField(max_length=60, verbose_name='action')),
                ('subject_id', models.PositiveBigIntegerField(blank=True, null=True, verbose_name="subject's id")),
                ('params', models.JSONField(blank=True, default=dict, verbose_name='parameters')),
                ('event', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='tournament.event', verbose_name='event')),
                ('subject_type', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='contenttypes.contenttype', verbose_name="subject's kind")),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
            ],
            options={
                'verbose_name': 'change',
                'verbose_name_plural': 'change log',
                'ordering': ['-created_at', '-id'],
                'indexes': [models.Index(fields=['event', 'created_at'], name='change_event_time'), models.Index(fields=['subject_type', 'subject_id'], name='change_subject')],
            },
        ),
    ]
