"""Settings come from the environment: SQLite by default, PostgreSQL with DATABASE_URL, and
production settings that pass ``check --deploy``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=clean | {"DJANGO_SETTINGS_MODULE": "config.settings"} | env,
    )


SHOW = (
    "from django.conf import settings as s; db = s.DATABASES['default']; "
    "print(db['ENGINE'], db['NAME'], s.DEBUG, s.ALLOWED_HOSTS)"
)


def test_sqlite_and_debug_by_default() -> None:
    out = run(SHOW).stdout.split()
    assert out[0] == "django.db.backends.sqlite3"
    assert out[1].endswith("db.sqlite3")
    assert out[2] == "True"


def test_postgres_from_database_url() -> None:
    out = run(SHOW, DATABASE_URL="postgres://u@127.0.0.1:5432/chess").stdout.split()
    assert out[0] == "django.db.backends.postgresql"
    assert out[1] == "chess"


def test_allowed_hosts_from_the_environment() -> None:
    out = run(SHOW, DJANGO_ALLOWED_HOSTS="chess.example.org, www.chess.example.org").stdout
    assert "['chess.example.org', 'www.chess.example.org']" in out


def test_debug_off_needs_a_secret_key() -> None:
    done = run(SHOW, DJANGO_DEBUG="0")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in done.stderr


def test_production_settings_pass_check_deploy() -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
        | {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "k3J9#qLw2!vZr8Tx0@pYe5Nu7%cBm4Hd6^sGa1-fQo-Rt-Wy3-Zx8-Pq1",
            "DJANGO_ALLOWED_HOSTS": "chess.example.org",
        },
    )
    assert done.returncode == 0, done.stderr + done.stdout
