"""gunicorn's settings: ``gunicorn -c config/gunicorn.py config.wsgi`` (flags on the command line
win). Workers are stateless: run as many as there are cores, on as many machines as needed,
sharing PostgreSQL (``DATABASE_URL``) and Redis (``REDIS_URL``); see README "Several machines".

``WEB_CONCURRENCY`` workers (default: one per core), each with ``GUNICORN_THREADS`` threads
(default 8): the threads wait on the database and on each other's cache computation, the
workers use the cores. Polling phones keep their connection open (keep-alive).
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 1))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
keepalive = 30  # a phone polls every 2 s: keep its connection
timeout = 60  # a worker whose main loop is stuck this long is replaced
graceful_timeout = 30
max_requests = 200000  # workers are recycled now and then (memory): at 1,000 polls a second
max_requests_jitter = 20000  # on 2 workers, every few minutes
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
