"""Settings for the test suite: the development settings with a fast password hasher.

Hashing with PBKDF2 at Django's default work factor costs ~0.3 s per login or user; the suite
creates thousands. MD5 is unsafe for real passwords and is never used outside tests.
"""

import os
import tempfile

# The suite runs with the development settings (tests that need production settings start a
# process of their own); the settings refuse to start without either.
os.environ.setdefault("DJANGO_DEBUG", "1")

# The suite gives the same answer whatever the developer's environment: a ``REDIS_URL``
# exported for a deployment (README) does not make the suite's cache Redis. The settings are
# the ones without it: each test process has its own memory cache, which a test may empty
# (``cache.clear()``) without touching another xdist worker's. The tests of Redis opt in
# (tests/redis.py: the exported server, a key prefix of their own, never a whole database
# emptied). The environment itself is left as it was, for the processes tests start.
_EXPORTED_REDIS_URL = os.environ.pop("REDIS_URL", None)
try:
    from config.settings import *  # noqa: F403
finally:
    if _EXPORTED_REDIS_URL is not None:
        os.environ["REDIS_URL"] = _EXPORTED_REDIS_URL

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

TOURNAMENTS_REVISION_CACHE_SECONDS = 0
"""The suite's tests run in a transaction that is rolled back, so no change ever commits and
renews a cached revision: the revision is read from the row, except in the tests of that
cache (tests/test_revision_cache.py), which turn it on and run the commit callbacks."""

TOURNAMENTS_REVISION_MEMO_SECONDS = 0.0
"""Every poll asks the cache for the revision (tests change a tournament and poll at once in
one process); tests/public/test_revision_memo.py turns the memo on."""

TOURNAMENTS_RENDER_SECONDS = 0.0
"""A poll right after a change gets the new section (tests change a tournament and poll at
once); tests/public/test_freshness_bound.py turns the bound on."""

AXES_ENABLED = False
"""Login throttling is off for the suite (tests log in thousands of times, some with wrong
passwords on purpose); tests/test_login_throttling.py turns it on."""

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not the shared in-memory database: two threads of a concurrency test then queue
    # on SQLite's write lock (busy timeout, immediate transactions) as two workers of the
    # server do; shared-cache memory databases fail at once with "database table is locked".
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"swissmanager-test-{os.getpid()}.sqlite3")
    }
