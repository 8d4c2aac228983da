"""WSGI entry point (``gunicorn -c config/gunicorn.py config.wsgi``).

A configuration error (no secret key, a ``DATABASE_URL`` that is not a database URL) stops the
server with one line saying what to set, not a traceback. A database that cannot be reached is
said once at start-up; the pages then answer 503 with a clear page until it can be reached."""

import os
import sys

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
try:
    django_application = get_wsgi_application()
except ImproperlyConfigured as e:
    print(f"swissmanager: configuration error: {e}", file=sys.stderr, flush=True)
    sys.exit(3)  # gunicorn's "worker failed to boot": the server stops

from config.health import report_at_start_up  # (needs the settings)
from public.wsgi import Polls

application = Polls(django_application)  # issue 27: polls answered before, before Django

report_at_start_up()
# A thread back from the cache or the database waits for the GIL while another renders: at
# most 1 ms instead of Python's 5 ms (issue 27: a poll makes one or two such round trips).
sys.setswitchinterval(0.001)
