"""Django settings, read from the environment.

``DJANGO_SECRET_KEY``  secret key (required unless ``DJANGO_DEBUG`` is on)
``DJANGO_DEBUG``       ``1``/``true`` for development only (default: off; ``make run`` sets it)
``DJANGO_ALLOWED_HOSTS`` comma-separated host names (default ``127.0.0.1,localhost``)
``DATABASE_URL``       e.g. ``postgres://user@127.0.0.1:5432/db``; SQLite ``db.sqlite3`` by default
``REDIS_URL``          e.g. ``redis://127.0.0.1:6379/0``: the cache (and sessions) shared by every
                       worker and machine; a per-process memory cache without it
``REDIS_KEY_PREFIX``   the prefix of this site's keys in Redis (default ``swissmanager``)
``TRUSTED_PROXIES``    addresses/networks of reverse proxies whose X-Forwarded-For is believed

Fail closed: without ``DJANGO_DEBUG=1`` the settings are the production ones, and they refuse
to start without a secret key of their own.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.client_ip import trusted_proxies

BASE_DIR = Path(__file__).resolve().parent.parent

_DEV_SECRET = "dev-only-insecure-secret-key-do-not-use-in-production"


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = _flag("DJANGO_DEBUG", default=False)
if not DEBUG and SECRET_KEY in ("", _DEV_SECRET):
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set to a secret of your own (or DJANGO_DEBUG=1 for "
        "development on your own machine)"
    )
SECRET_KEY = SECRET_KEY or _DEV_SECRET

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "template_partials",
    "players",
    "tournaments",
    "ratings",
    "fide",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Polls and anonymous readers' pages straight from the cache, before any session, CSRF or
    # user work (the security headers above and the CSP below are still added).
    "public.middleware.PublicFastPathMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# Outermost: a content security policy on every answer (scripts and styles from our own
# static files only, never inline), and oversized requests refused before they are read.
MIDDLEWARE = [
    "config.middleware.ConstantCSPMiddleware",  # django-csp's, the policy built once
    "config.middleware.RequestSizeLimitMiddleware",
    *MIDDLEWARE,
]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Size limits, each refused with a message that names it (see docs/web.md, "Limits").
IMPORT_MAX_BYTES = int(os.environ.get("TOURNAMENTS_IMPORT_MAX_BYTES", str(3 * 2**20)))
"""A TRF or CSV file (or pasted text) to import: 3 MiB. Measured (issue 27): a 9,998-player
TRF16 weighs 0.86 MiB plus 0.095 MiB a round (2.10 MiB at 13 rounds), so 3 MiB holds the
fullest TRF16 field up to 22 rounds."""
TOURNAMENTS_BACKUP_MAX_BYTES = int(os.environ.get("TOURNAMENTS_BACKUP_MAX_BYTES", str(32 * 2**20)))
"""A backup to restore: 32 MiB. Measured (issue 27): a 10,000-player, 9-round backup is
10.5 MiB, 22.4 MiB with the receipts of rounds paired from the web (each keeps the TRF the
engine was given)."""
REQUEST_MAX_BYTES = max(5 * 2**20, IMPORT_MAX_BYTES + 2**20)
"""Any request body; larger ones are refused unread (413). It holds an import's file and the
form around it."""
FIDE_LIST_MAX_BYTES = 1024 * 2**20
"""The FIDE rating list upload (administrators and rating officers; ``/fide/upload/``): 1 GiB,
the XML list unzipped (the zip as downloaded is about 40 MB)."""
REQUEST_MAX_BYTES_BY_PATH = {
    "/fide/upload/": FIDE_LIST_MAX_BYTES,
    "/manage/tournaments/restore/": TOURNAMENTS_BACKUP_MAX_BYTES + 2**20,  # issue 27
}
"""Paths allowed a larger body than ``REQUEST_MAX_BYTES``."""
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
TOURNAMENTS_MAX_PLAYERS = int(os.environ.get("TOURNAMENTS_MAX_PLAYERS", "9999"))
"""Players in one tournament (see tournaments/limits.py)."""

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_ENGINES = ("django.db.backends.postgresql", "django.db.backends.sqlite3")


def _database(url: str) -> dict[str, Any]:
    """The database of ``DATABASE_URL``. SQLite, the embedded default, runs in WAL mode (readers
    never block the writer) with a busy timeout and immediate transactions: a writer takes the
    write lock when its transaction starts, so concurrent writers queue for up to ``timeout``
    seconds instead of failing with "database is locked"."""
    try:
        db: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=60))
    except ValueError as e:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {e}") from e
    if db["ENGINE"] not in _ENGINES:
        raise ImproperlyConfigured(
            "DATABASE_URL must name a PostgreSQL (postgres://user@host:5432/name) or SQLite "
            "(sqlite:////path/to/file.sqlite3) database"
        )
    if db["ENGINE"] == "django.db.backends.postgresql":
        db["OPTIONS"] = {"connect_timeout": 5}  # a wrong host fails fast, with a message
    else:
        db["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    return db


DATABASES = {
    "default": _database(os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # One cache for every worker and machine: a public page is rendered once per revision.
    # Redis down or slow is a cache miss (config/cache.py): pages are computed, sessions kept
    # in the database (cached_db), logins work; /health/ answers 503 meanwhile.
    CACHES = {
        "default": {
            "BACKEND": "config.cache.FailSafeRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("REDIS_KEY_PREFIX", "swissmanager"),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    # Each process's own memory cache. Django's default keeps 300 entries: one revision of a
    # 500-player tournament has over 1,000 sections (every player's page and its "latest"
    # key), which would be evicted and computed again within the revision (issue 27).
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }

TOURNAMENTS_POLL_SECONDS = int(os.environ.get("TOURNAMENTS_POLL_SECONDS", "2"))
"""How often a live public section asks for itself again (public/views.py)."""
TOURNAMENTS_REVISION_CACHE_SECONDS = 60 if REDIS_URL else 1
"""How long the cache trusts a tournament's revision (an unchanged poll then reads no row).
With Redis every change renews it at once, for every worker and machine (the 60 s only bound
a rare race of two commits); each process's own memory cache only sees its own changes, so
without Redis another worker's change shows after at most 1 s."""
TOURNAMENTS_REVISION_MEMO_SECONDS = float(
    os.environ.get("TOURNAMENTS_REVISION_MEMO_SECONDS", "0.5")
)
"""With Redis, how long a worker trusts the revision it last read from it before asking again
(``public.live.revisions``; issue 27: one Redis round trip per poll was most of a poll's time
at 1,000 polls a second): a change reaches every worker's polls at most this much later."""

TOURNAMENTS_RENDER_SECONDS = float(os.environ.get("TOURNAMENTS_RENDER_SECONDS", "1"))
"""The freshness bound of the live public pages: each page's section is computed at most once
in this many seconds (``public.live.last_computed``); a burst of results is one computation,
and a change reaches the phones at most this much later (plus the computation itself and
``TOURNAMENTS_REVISION_MEMO_SECONDS``). 0: computed at each new revision."""

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# The USCF rater's rule set for new ratings: "current" (US Chess practice) or "2011".
USCF_RULES = os.environ.get("USCF_RULES", "current")

if not DEBUG:
    SECURE_SSL_REDIRECT = _flag("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "database_down": {"()": "config.health.DatabaseDownFilter"},
        "forbidden": {"()": "config.health.ForbiddenFilter"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["database_down", "forbidden"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that username is locked from that address for AXES_COOLOFF_TIME (a
# colleague on the same venue Wi-Fi, or the same user elsewhere, is not locked out). The
# lockout page is templates/registration/lockout.html (HTTP 429); `manage.py axes_reset`
# (or deleting the access attempts in the admin) unlocks at once.
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# The address is the client's, read from X-Forwarded-For only when the connection comes from
# one of the TRUSTED_PROXIES (config/client_ip.py): behind the proxy each client is throttled
# on its own address, and nobody can forge one.
TRUSTED_PROXIES = trusted_proxies(os.environ.get("TRUSTED_PROXIES", ""))
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/lockout.html"
