"""Schema operations the apps' migrations share."""

from django.db import migrations


class AlterForeignKeyNull(migrations.AlterField):
    """``AlterField`` of a foreign key whose only change is whether it may be null. On
    PostgreSQL it drops or sets the column's NOT NULL in one statement: the app's connections
    prepare every statement on the server (``config.settings``), a prepared statement holds one
    command, and Django's alteration of a foreign key drops its constraint with two in one.
    Elsewhere (SQLite rebuilds the table) it is ``AlterField``."""

    def _set_null(self, app_label, schema_editor, state):
        model = state.apps.get_model(app_label, self.model_name)
        field = model._meta.get_field(self.name)
        quote = schema_editor.quote_name
        schema_editor.execute(
            f"ALTER TABLE {quote(model._meta.db_table)} ALTER COLUMN "
            f"{quote(field.column)} {'DROP' if field.null else 'SET'} NOT NULL"
        )

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "postgresql":
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        return self._set_null(app_label, schema_editor, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "postgresql":
            return super().database_backwards(app_label, schema_editor, from_state, to_state)
        return self._set_null(app_label, schema_editor, to_state)


class AlterFieldNull(AlterForeignKeyNull):
    """``AlterField`` of any field whose only change is whether it may be null, in one
    statement on PostgreSQL as ``AlterForeignKeyNull`` does: Django makes a column NOT NULL
    again with an UPDATE of its nulls to the field's default and a SET CONSTRAINTS in one
    command. The migration fills the nulls itself before (a ``RunPython`` step)."""


class AlterForeignKeyConstraint(migrations.AlterField):
    """``AlterField`` of a foreign key whose only change is whether the database keeps its
    constraint (``db_constraint``). On PostgreSQL it adds or drops the constraint in one
    statement each (Django drops it with two commands in one, see ``AlterForeignKeyNull``).
    Elsewhere it is ``AlterField``."""

    def _set_constraint(self, app_label, schema_editor, from_state, to_state):
        model = to_state.apps.get_model(app_label, self.model_name)
        field = model._meta.get_field(self.name)
        if field.db_constraint:
            schema_editor.execute(
                schema_editor._create_fk_sql(model, field, "_fk_%(to_table)s_%(to_column)s")
            )
            return
        quote = schema_editor.quote_name
        for name in schema_editor._constraint_names(model, [field.column], foreign_key=True):
            schema_editor.execute(
                f"ALTER TABLE {quote(model._meta.db_table)} DROP CONSTRAINT {quote(name)}"
            )

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "postgresql":
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        return self._set_constraint(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor != "postgresql":
            return super().database_backwards(app_label, schema_editor, from_state, to_state)
        return self._set_constraint(app_label, schema_editor, from_state, to_state)
