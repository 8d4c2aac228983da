"""``python manage.py import_fide_list FILE [--month YYYY-MM]``: replace the FIDE rating list
in force by FILE (TXT, XML or a zip of either, as FIDE publishes them); progress to stderr."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from fide.importer import Progress, import_list, parse_month
from fide.listfile import FideListError

REPORT_EVERY = 100_000
"""Players between two progress lines."""


class Command(BaseCommand):
    help = "Import the FIDE rating list (TXT, XML or the zip as downloaded); replaces the list."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="players_list_foa.txt, players_list_xml_foa.xml or a zip")
        parser.add_argument(
            "--month", help="the list's month, YYYY-MM (default: from the file name, else now)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            period = parse_month(options["month"]) if options["month"] else None
        except ValueError as e:
            raise CommandError(str(e)) from None
        started = time.perf_counter()
        reported = [0]

        def progress(p: Progress) -> None:
            if p.players - reported[0] >= REPORT_EVERY:
                reported[0] = p.players
                share = f" ({p.fraction:.0%} of the file)" if p.fraction is not None else ""
                elapsed = time.perf_counter() - started
                self.stderr.write(f"{p.players:,} players read{share}, {elapsed:.0f} s")

        path = options["file"]
        try:
            with open(path, "rb") as stream:
                imported = import_list(stream, source=path, period=period, progress=progress)
        except OSError as e:
            raise CommandError(f"{path}: {e.strerror or e}") from None
        except FideListError as e:
            raise CommandError(f"{path}: {e}; the list in force is unchanged") from None
        self.stdout.write(
            f"FIDE list {imported.period:%Y-%m} imported from {path} ({imported.file_format}): "
            f"{imported.players:,} players ({imported.inactive:,} inactive; rated "
            f"{imported.standard_rated:,} standard, {imported.rapid_rated:,} rapid, "
            f"{imported.blitz_rated:,} blitz) in {imported.seconds:.1f} s"
        )
