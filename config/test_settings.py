"""Settings for the test suite: the production settings with a fast password hasher.

Hashing with PBKDF2 at Django's default work factor costs ~0.3 s per login or user; the suite
creates thousands. MD5 is unsafe for real passwords and is never used outside tests.
"""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AXES_ENABLED = False
"""Login throttling is off for the suite (tests log in thousands of times, some with wrong
passwords on purpose); tests/test_login_throttling.py turns it on."""
