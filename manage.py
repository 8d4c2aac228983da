#!/usr/bin/env python
"""Django's command-line utility for administrative tasks. A configuration error or a database
that cannot be reached is said in one line, not a traceback."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line
    from django.db import OperationalError

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as e:
        sys.exit(f"swissmanager: configuration error: {e}")
    except OperationalError:
        from config.health import database_problem

        problem = database_problem()
        if problem is None:
            raise
        sys.exit(f"swissmanager: {problem}")


if __name__ == "__main__":
    main()
