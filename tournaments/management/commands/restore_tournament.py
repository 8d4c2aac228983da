"""``manage.py restore_tournament FILE --arbiter USER``: a new tournament from a backup
(docs/backup.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import backup, backup_restore
from tournaments.roles import ARBITERS, may_create_tournaments


class Command(BaseCommand):
    help = (
        "Restore a tournament from a backup file as a new tournament run by the arbiter USER "
        "(who may create tournaments). Nothing is saved if the file has a problem."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The backup file ('-': standard input).")
        parser.add_argument(
            "--arbiter", required=True, help="Username of the new tournament's arbiter."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["arbiter"]).first()
        if user is None:
            raise CommandError(f"No user named {options['arbiter']!r}.")
        if not may_create_tournaments(user):
            raise CommandError(
                f"{user.get_username()} may not create tournaments: add the account to the "
                f"{ARBITERS} group."
            )
        name = options["file"]
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as e:
            raise CommandError(f"{name}: {e.strerror}.") from None
        try:
            tournament = backup_restore.restore(data, user.pk)
        except backup.BackupError as e:
            raise CommandError(f"{name}: {e}") from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored '{tournament.name}' as tournament {tournament.pk}, run by "
                f"{user.get_username()}."
            )
        )
