"""granian, a Rust HTTP server, running the same WSGI application as gunicorn:
``python -m config.granian`` (issue 27: the HTTP work of a poll in Rust, not in Python; a poll
costs about half the CPU it costs under gunicorn's gthread workers, README "Load").

The settings gunicorn reads (``config/gunicorn.py``) mean the same here: ``WEB_CONCURRENCY``
workers (default: one per core), each running the application in ``GUNICORN_THREADS`` threads
(default 8), listening on ``GUNICORN_BIND`` (``127.0.0.1:8000``). Workers are replaced when
they die and recycled every few hours (memory). A configuration error stops the server with
one line saying what to set, before any worker starts, as under gunicorn.
"""

from __future__ import annotations

import os
import sys


def options(environ: dict[str, str] | os._Environ[str] = os.environ) -> dict[str, object]:
    """granian's options from the environment (the names gunicorn's settings read)."""
    host, _, port = environ.get("GUNICORN_BIND", "127.0.0.1:8000").rpartition(":")
    return {
        "address": host.strip("[]") or "127.0.0.1",
        "port": int(port),
        "workers": int(environ.get("WEB_CONCURRENCY", os.cpu_count() or 1)),
        "blocking_threads": int(environ.get("GUNICORN_THREADS", "8")),
        "backlog": 2048,
        "respawn_failed_workers": True,
        "workers_lifetime": 6 * 3600,  # recycled now and then (memory), as gunicorn's max_requests
        "websockets": False,
    }


def main() -> None:
    from django.core.exceptions import ImproperlyConfigured
    from granian import Granian
    from granian.constants import Interfaces
    from granian.log import LogLevels

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:  # the settings checked once here: a worker that cannot start would be respawned forever
        import django

        django.setup()
    except ImproperlyConfigured as e:
        print(f"swissmanager: configuration error: {e}", file=sys.stderr, flush=True)
        sys.exit(3)
    level = LogLevels(os.environ.get("GUNICORN_LOG_LEVEL", "warning"))
    server = Granian(
        "config.wsgi:application",
        interface=Interfaces.WSGI,
        log_level=level,
        **options(),  # type: ignore[arg-type]
    )
    server.serve()


if __name__ == "__main__":
    main()
