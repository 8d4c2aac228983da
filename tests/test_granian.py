"""``python -m config.granian`` reads the settings gunicorn's configuration reads (README
"Configuration"): the same deployment runs under either server."""

from __future__ import annotations

from config.granian import options


def test_it_reads_gunicorns_settings() -> None:
    found = options(
        {"GUNICORN_BIND": "0.0.0.0:8001", "WEB_CONCURRENCY": "3", "GUNICORN_THREADS": "4"}
    )
    assert (found["address"], found["port"]) == ("0.0.0.0", 8001)
    assert (found["workers"], found["blocking_threads"]) == (3, 4)
    assert found["respawn_failed_workers"] is True


def test_it_defaults_to_the_loopback_and_eight_threads() -> None:
    found = options({})
    assert (found["address"], found["port"], found["blocking_threads"]) == ("127.0.0.1", 8000, 8)
    assert int(str(found["workers"])) >= 1
