"""The migration that lets the registrations' personal data be deleted (signup 0003): migrated
back, registrations whose code and link were deleted get new ones, unique as the old columns
want them; forward again, nothing is lost."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from signup.models import Registration
from signup.services import forget_personal_data
from tests.factories import make_club
from tests.signup.retention_data import days_ago, played_event

BEFORE = ("signup", "0002_signup_log_to_core")


@pytest.mark.django_db(transaction=True)
def test_migrating_back_gives_forgotten_registrations_new_codes_and_links():
    event = played_event(make_club(retention_days=1), days_ago(5), "zurueck")
    forget_personal_data(event=event, today=timezone.localdate())
    kept = played_event(make_club(), days_ago(1), "behalten")
    kept_codes = dict(kept.registrations.values_list("pk", "code"))
    executor = MigrationExecutor(connection)
    try:
        old = executor.migrate([BEFORE]).apps
        rows = list(old.get_model("signup", "Registration").objects.filter(event_id=event.pk)
                    .values_list("code", "token", "email", "name"))
        assert len(rows) == 4
        assert all(code and token for code, token, _email, _name in rows)
        assert len({code for code, *_rest in rows}) == 4
        assert {email for _code, _token, email, _name in rows} == {""}
        assert dict(old.get_model("signup", "Registration").objects.filter(event_id=kept.pk)
                    .values_list("pk", "code")) == kept_codes
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert Registration.objects.filter(event=event).exclude(code="").count() == 4
