"""``python manage.py fide_lookup ID_OR_NAME``: the players of the FIDE list in force with this
FIDE ID (or IDs starting with these digits) or whose name starts so, one line each."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from fide.lookup import LIMIT, ListEntry, lookup


def line(p: ListEntry) -> str:
    """FIDE ID, name, federation, sex, titles, standard/rapid/blitz rating, birth year, flags
    (``-``: none)."""

    def shown(value: object) -> str:
        return "-" if value in (None, "") else str(value)

    return " | ".join(
        [
            str(p.fide_id),
            p.name,
            shown(p.federation),
            shown(p.sex),
            shown(p.titles),
            f"std {shown(p.standard)} rapid {shown(p.rapid)} blitz {shown(p.blitz)}",
            f"born {shown(p.birth_year)}",
            shown(p.flag),
        ]
    )


class Command(BaseCommand):
    help = "Find players in the FIDE list in force by FIDE ID or the start of their name."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("query", nargs="+", help="a FIDE ID (or its first digits) or a name")
        parser.add_argument("--limit", type=int, default=LIMIT, help=f"at most (default {LIMIT})")

    def handle(self, *args: Any, **options: Any) -> None:
        query = " ".join(options["query"])
        found = lookup(query, options["limit"])
        for player in found:
            self.stdout.write(line(player))
        if not found:
            self.stderr.write(f"No player of the FIDE list matches {query!r}.")
