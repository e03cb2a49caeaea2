"""The database settings (``config.settings``): PostgreSQL prepares every statement with one
plan per connection unless PG_PREPARED_STATEMENTS=0 (for a pooler that cannot keep them);
SQLite queues its writers. That the plan is kept is checked on a live connection in
tests/scoring/test_sheet_query.py."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings

SHOW_OPTIONS = (
    "import json; from django.conf import settings as s; "
    "print(json.dumps(s.DATABASES['default'].get('OPTIONS', {})))"
)


def database_options(**environment: str) -> dict:
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "PG_PREPARED_STATEMENTS", "CONN_MAX_AGE"}}
    env.update(environment, DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {SHOW_OPTIONS}"],
        cwd=settings.BASE_DIR, env=env, capture_output=True, text=True, check=True,
    )
    return json.loads(result.stdout)


POSTGRES = "postgres://binokel@db.example.org:5432/binokel"


def test_postgresql_prepares_every_statement_with_one_plan():
    options = database_options(DATABASE_URL=POSTGRES)
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] == 0
    assert options["options"] == "-c plan_cache_mode=force_generic_plan"


def test_server_options_of_the_address_are_kept():
    options = database_options(DATABASE_URL=POSTGRES + "?options=-c%20search_path%3Dclub")
    assert options["options"] == "-c search_path=club -c plan_cache_mode=force_generic_plan"


@pytest.mark.parametrize("value", ["0", "no", "false"])
def test_prepared_statements_can_be_switched_off_for_a_pooler(value):
    options = database_options(DATABASE_URL=POSTGRES, PG_PREPARED_STATEMENTS=value)
    assert not {"server_side_binding", "prepare_threshold", "options"} & set(options)


def test_connections_closed_after_every_request_prepare_nothing():
    options = database_options(DATABASE_URL=POSTGRES, CONN_MAX_AGE="0")
    assert not {"server_side_binding", "prepare_threshold", "options"} & set(options)
    assert database_options(DATABASE_URL=POSTGRES, CONN_MAX_AGE="60")["prepare_threshold"] == 0


def test_sqlite_gets_no_postgresql_options():
    options = database_options(DATABASE_URL="sqlite:////tmp/binokel-settings-test.sqlite3")
    assert "server_side_binding" not in options
    assert options["transaction_mode"] == "IMMEDIATE"


@pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="a PostgreSQL connection that the server ends",
)
@pytest.mark.django_db(transaction=True)
def test_a_connection_postgresql_ended_is_replaced_before_the_next_request(client):
    """A restart of PostgreSQL ends every kept connection; the next request of the thread
    reconnects (CONN_HEALTH_CHECKS) instead of answering 500."""
    import psycopg
    from django.db import close_old_connections, connection
    from django.urls import reverse

    from tests.factories import make_event

    event = make_event(public_standings=True)
    url = reverse("public-standings", args=[event.slug])
    assert client.get(url).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    params = {
        key: value for key, value in connection.get_connection_params().items()
        if key in {"host", "port", "user", "password", "dbname"}
    }
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    # what a server's request does first (the test client leaves it out to keep its connection)
    close_old_connections()
    assert client.get(url).status_code == 200
