"""Migration tests: move the test database to a state of the migration graph, and back to the
latest one afterwards (a transactional test flushes rows, not the schema: a database left at
an old state breaks every later test of that worker)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: Sequence[tuple[str, str | None]]) -> Any:
    """Migrate to ``targets`` (``None``: the app unapplied); the models there (``Apps``)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(list(targets))
    reached = [(app, name) for app, name in targets if name is not None]
    return executor.loader.project_state(reached).apps


def migrate_to_latest() -> Iterator[None]:
    """After the test, the database at the latest migrations (the ``latest_schema_after``
    fixture of tests/conftest.py)."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
