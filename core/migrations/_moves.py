"""What the migrations that move the four change logs of old into the one change log
(``core.ChangeRecord``, issue 36) share: each app's migration moves its own records with
these, forward and back. Not a migration itself (its name begins with "_")."""

from collections.abc import Callable, Iterable
from typing import Any

BATCH = 2000


def content_type(apps: Any, schema_editor: Any, app_label: str, model: str) -> Any:
    """The content type of ``app_label.model`` (made if the database has none yet)."""
    model_class = apps.get_model("contenttypes", "ContentType")
    return model_class.objects.db_manager(schema_editor.connection.alias).get_or_create(
        app_label=app_label, model=model
    )[0]


def move_in(
    apps: Any, schema_editor: Any, rows: Iterable[Any], fields: Callable[[Any], dict]
) -> None:
    """A change record of ``fields(row)`` for each of ``rows``, in batches."""
    model = apps.get_model("core", "ChangeRecord")
    manager = model.objects.using(schema_editor.connection.alias)
    batch = []
    for row in rows:
        batch.append(model(**fields(row)))
        if len(batch) == BATCH:
            manager.bulk_create(batch)
            batch = []
    manager.bulk_create(batch)


def move_out(
    apps: Any, schema_editor: Any, records: Any, model: Any, fields: Callable[[Any], dict]
) -> None:
    """Each of the change ``records`` back into ``model`` as ``fields(record)``, at its time;
    then the records go."""
    manager = model.objects.using(schema_editor.connection.alias)
    for record in records.order_by("id").iterator(chunk_size=BATCH):
        old = manager.create(**fields(record))
        # the time as recorded (the field stamps the row when it is made)
        manager.filter(pk=old.pk).update(created_at=record.created_at)
    records.delete()
