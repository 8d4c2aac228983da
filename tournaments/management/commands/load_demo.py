"""``manage.py load_demo``: the demo arbiter and tournament (see :mod:`tournaments.demo`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import DEMO_NAME, load_demo


class Command(BaseCommand):
    help = (
        "Create the demo arbiter and rating officer accounts and a 24-player tournament with "
        "two rounds played."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        login = load_demo()
        if login.created_tournament:
            self.stdout.write(f"Created '{DEMO_NAME}': 24 players, two rounds played.")
        else:
            self.stdout.write(f"'{DEMO_NAME}' already exists; left as it is.")
        self.stdout.write(
            self.style.SUCCESS(
                f"Arbiter login: username '{login.username}', password '{login.password}' "
                f"(http://127.0.0.1:8000/accounts/login/)"
            )
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Rating officer login: username '{login.officer}', password "
                f"'{login.officer_password}' (http://127.0.0.1:8000/admin/: ratings and players)"
            )
        )
        self.stdout.write(
            "Admin login (add accounts to the Arbiters or Rating officers group): create one "
            "with `DJANGO_DEBUG=1 .venv/bin/python manage.py createsuperuser` (the development "
            "settings, as `make run` uses)."
        )
