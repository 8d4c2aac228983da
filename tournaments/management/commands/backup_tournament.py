"""``manage.py backup_tournament ID -o FILE``: a tournament's lossless backup (docs/backup.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import backup
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's backup (JSON): everything it owns, drafts included."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", type=int, help="The tournament's id (in its URLs).")
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(pk=options["tournament"])
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament with id {options['tournament']}.") from None
        text = backup.export_json(tournament)
        if not options["output"]:
            self.stdout.write(text, ending="")
            return
        Path(options["output"]).write_text(text, encoding="utf-8")
        self.stderr.write(f"Wrote the backup of '{tournament.name}' to {options['output']}.")
