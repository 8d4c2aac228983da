"""Import a FIDE rating list into the database: streaming, in batches, all or nothing.

:func:`import_list` replaces the list in force in one transaction: every
:class:`~fide.models.FideListPlayer` is deleted and the file's players are inserted in
batches (one ``executemany`` each), then a :class:`~fide.models.FideList` records the month,
the file, who imported it and the counts. A malformed player (or a FIDE ID listed twice) rolls back
everything: the previous list stays in force. Players missing from the new list are no longer
listed: the list is the truth.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import date
from itertools import islice
from typing import IO, Any, cast

from django.db import IntegrityError, connection, transaction
from django.db.models import Field
from django.utils import timezone

from fide.listfile import FideListError, ListedPlayer, open_list
from fide.models import FideList, FideListPlayer
from fide.names import name_key

BATCH = 5000
"""Players inserted per ``executemany``."""
FIELDS = [f.name for f in fields(ListedPlayer)]
"""The fields of a listed player, in the order of FideListPlayer's columns after ``name_key``."""
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_NAMED_MONTH = re.compile(r"(?<![a-z])(" + "|".join(_MONTHS) + r")(\d{2})(?!\d)")
_ISO_MONTH = re.compile(r"(?<!\d)(20\d\d)-?(0[1-9]|1[0-2])(?!\d)")


@dataclass(frozen=True)
class Progress:
    """How far an import is."""

    players: int
    """Players read so far."""
    fraction: float | None
    """Share of the file read (``None``: unknown)."""


def parse_month(text: str) -> date:
    """``YYYY-MM`` -> the first day of that month; ``ValueError`` otherwise."""
    match = re.fullmatch(r"(\d{4})-(\d{2})", text.strip())
    if match is None:
        raise ValueError(f"the month must be written YYYY-MM, not {text!r}")
    if not 1 <= int(match.group(2)) <= 12:
        raise ValueError(f"{text.strip()!r} has no month {match.group(2)}: months are 01 to 12")
    return date(int(match.group(1)), int(match.group(2)), 1)


def month_from_name(name: str) -> date | None:
    """The month in a file name as FIDE names its downloads (``standard_jan26frl.zip``) or
    written ``2026-01`` / ``202601``; ``None`` when it has none."""
    lower = name.lower()
    if match := _ISO_MONTH.search(lower):
        return date(int(match.group(1)), int(match.group(2)), 1)
    if match := _NAMED_MONTH.search(lower):
        return date(2000 + int(match.group(2)), _MONTHS.index(match.group(1)) + 1, 1)
    return None


def _insert_sql(connection: Any) -> str:
    """``INSERT`` of one player (``name_key`` after ``name``): executed for a whole batch at
    once (``executemany``), a tenth of what building models for ``bulk_create`` costs."""
    meta = FideListPlayer._meta
    columns = ["fide_id", "name", "name_key", *FIELDS[2:]]
    quote = connection.ops.quote_name
    names = ", ".join(quote(cast(Field, meta.get_field(c)).column) for c in columns)
    values = ", ".join(["%s"] * len(columns))
    return f"INSERT INTO {quote(meta.db_table)} ({names}) VALUES ({values})"


def _rows(players: Iterable[ListedPlayer]) -> Iterator[tuple[Any, ...]]:
    for p in players:
        row = [getattr(p, f) for f in FIELDS]
        yield (row[0], row[1], name_key(row[1]), *row[2:])


def _batches(players: Iterator[ListedPlayer], size: int) -> Iterator[list[ListedPlayer]]:
    while batch := list(islice(players, size)):
        yield batch


def _duplicates(batch: list[ListedPlayer]) -> None:
    seen: set[int] = set()
    for p in batch:
        if p.fide_id in seen:
            raise FideListError(f"FIDE ID {p.fide_id} is listed twice")
        seen.add(p.fide_id)


def import_list(
    stream: IO[bytes],
    *,
    source: str = "",
    period: date | None = None,
    user: Any = None,
    progress: Callable[[Progress], None] | None = None,
    batch_size: int | None = None,
) -> FideList:
    """Replace the list in force by the one in ``stream`` (a seekable binary file: TXT, XML
    or a zip of either); ``period`` defaults to the month in ``source`` (the file name), else
    the current month. ``progress`` is called after every batch. Raises
    :class:`~fide.listfile.FideListError` (nothing changed) for a malformed file."""
    started = time.perf_counter()
    size = _size(stream)
    kind, players = open_list(stream)
    counts = {"players": 0, "inactive": 0, "standard": 0, "rapid": 0, "blitz": 0}
    with transaction.atomic(), connection.cursor() as cursor, _large_cache(cursor):
        # One statement, whatever signal receivers exist (the ORM's delete() would otherwise
        # load every row first).
        cursor.execute(f"DELETE FROM {connection.ops.quote_name(FideListPlayer._meta.db_table)}")
        insert = _insert_sql(connection)
        for batch in _batches(players, batch_size or BATCH):
            _duplicates(batch)
            try:
                with transaction.atomic():
                    cursor.executemany(insert, list(_rows(batch)))
            except IntegrityError:
                raise FideListError(
                    f"a FIDE ID of players {counts['players'] + 1}–"
                    f"{counts['players'] + len(batch)} is listed twice in the file"
                ) from None
            connection.queries_log.clear()  # with DEBUG on, it would keep every batch's rows
            counts["players"] += len(batch)
            counts["inactive"] += sum(1 for p in batch if p.inactive)
            counts["standard"] += sum(1 for p in batch if p.standard_rating)
            counts["rapid"] += sum(1 for p in batch if p.rapid_rating)
            counts["blitz"] += sum(1 for p in batch if p.blitz_rating)
            if progress is not None:
                progress(
                    Progress(counts["players"], min(stream.tell() / size, 1.0) if size else None)
                )
        if not counts["players"]:
            raise FideListError("the file lists no players")
        if connection.vendor == "postgresql":  # the planner's statistics of the new list
            cursor.execute(f"ANALYZE {connection.ops.quote_name(FideListPlayer._meta.db_table)}")
        return FideList.objects.create(
            period=period or month_from_name(source) or timezone.localdate().replace(day=1),
            source=source[:255],
            file_format=kind,
            imported_by=user if getattr(user, "is_authenticated", False) else None,
            players=counts["players"],
            inactive=counts["inactive"],
            standard_rated=counts["standard"],
            rapid_rated=counts["rapid"],
            blitz_rated=counts["blitz"],
            seconds=round(time.perf_counter() - started, 2),
        )


SQLITE_CACHE_KIB = 128 * 1024
"""SQLite's page cache while importing (its default, 2 MiB, makes every insert into the
indexes of a list of a million players read and write pages through the OS)."""


@contextmanager
def _large_cache(cursor: Any) -> Iterator[None]:
    """On SQLite, a page cache of :data:`SQLITE_CACHE_KIB` for the import, then the previous
    size again."""
    if connection.vendor != "sqlite":
        yield
        return
    cursor.execute("PRAGMA cache_size")
    previous = cursor.fetchone()[0]
    cursor.execute(f"PRAGMA cache_size = -{SQLITE_CACHE_KIB}")
    try:
        yield
    finally:
        cursor.execute(f"PRAGMA cache_size = {int(previous)}")


def _size(stream: IO[bytes]) -> int:
    try:
        end = stream.seek(0, 2)
        stream.seek(0)
    except (OSError, ValueError):
        return 0
    return int(end)


def current_list() -> FideList | None:
    """The list in force (the newest import), if any."""
    return FideList.objects.order_by("-imported_at", "-pk").first()
