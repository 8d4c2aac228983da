"""Imports started from the upload page, and their progress.

A file up to ``FIDE_IMPORT_INLINE_BYTES`` (default 2 MiB) is imported in the request; a larger
one in a background thread of the web process. Progress is written to the cache
(``fide-import:<job id>``, a dict: ``state`` running/done/failed, ``players`` read,
``fraction`` of the file read, ``message``, ``list_id``), read by the progress page (polled by
htmx, or reloaded without JavaScript). With several web processes the cache must be shared
(``REDIS_URL``) for every process to see the progress; the imported list itself is in the
database either way.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Callable
from datetime import date
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from fide.importer import Progress, import_list
from fide.listfile import FideListError

JOB_SECONDS = 24 * 3600
"""How long a job's progress is kept."""
INLINE_BYTES = 2 * 2**20


def inline_bytes() -> int:
    """Files up to this size are imported in the request."""
    return int(getattr(settings, "FIDE_IMPORT_INLINE_BYTES", INLINE_BYTES))


def _key(job_id: str) -> str:
    return f"fide-import:{job_id}"


def state(job_id: str) -> dict[str, Any] | None:
    """The job's progress (``None``: unknown, or expired)."""
    found = cache.get(_key(job_id))
    return found if isinstance(found, dict) else None


def _set(job_id: str, **values: Any) -> None:
    cache.set(_key(job_id), (state(job_id) or {}) | values, JOB_SECONDS)


def run(job_id: str, path: str, source: str, period: date | None, user_id: int | None) -> None:
    """Import the file at ``path`` (deleted afterwards), writing the job's progress."""

    def progress(p: Progress) -> None:
        _set(job_id, players=p.players, fraction=p.fraction)

    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    try:
        with open(path, "rb") as stream:
            imported = import_list(
                stream, source=source, period=period, user=user, progress=progress
            )
    except FideListError as e:
        _set(job_id, state="failed", message=f"{e}; the list in force is unchanged.")
    except Exception as e:  # the thread must say it failed, whatever happened
        _set(job_id, state="failed", message=f"The import failed ({type(e).__name__}).")
        raise
    else:
        _set(
            job_id,
            state="done",
            players=imported.players,
            fraction=1.0,
            list_id=imported.pk,
            message=f"{imported.players:,} players imported (the list of {imported.period:%B %Y}).",
        )
    finally:
        os.unlink(path)


def _in_thread(target: Callable[[], None]) -> None:
    def work() -> None:
        try:
            target()
        finally:
            connection.close()  # the thread's own database connection

    threading.Thread(target=work, name="fide-import", daemon=True).start()


start_background: Callable[[Callable[[], None]], None] = _in_thread
"""Runs a job's import in the background (tests replace it to run it at once)."""


def start(path: str, source: str, size: int, period: date | None, user_id: int | None) -> str:
    """Start importing the file at ``path`` (ours to delete); returns the job id."""
    job_id = uuid.uuid4().hex
    _set(job_id, state="running", players=0, fraction=0.0, source=source, message="", list_id=None)
    if size <= inline_bytes():
        run(job_id, path, source, period, user_id)
    else:
        start_background(lambda: run(job_id, path, source, period, user_id))
    return job_id
