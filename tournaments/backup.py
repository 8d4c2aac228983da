"""A lossless backup of one tournament: a versioned JSON document with everything the tournament
owns, restored as a new tournament exactly as it was (docs/backup.md).

The document is written *generically* from the models' concrete fields (``_meta``): a field a
model gains is in the next backup without a change here. What a backup leaves out is listed
explicitly (:data:`PARTS`' ``excluded``, :data:`NOT_IN_BACKUP`), and
tests/tournaments/test_backup.py fails for a field or a related model that is neither carried
nor listed.

Rows refer to one another by what identifies them inside the tournament, never by database
ids: an entry by its pairing number, a round row by its number. A document of one database
restores in another, and export -> restore -> export gives the same document. This module
defines the document and writes it; :mod:`tournaments.backup_restore` reads and restores it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

from ratings.models import Event
from tournaments.models import (
    Bye,
    Entry,
    ForbiddenPair,
    Game,
    PairingReceipt,
    Round,
    Tournament,
    VirtualPoints,
)

FORMAT = "swissmanager.tournament-backup"
"""The document's ``format``: what the file is."""
VERSION = 1
"""The version this code writes; it reads this one and older ones (:data:`UPGRADES`)."""
MAX_BYTES = 32 * 1024 * 1024
"""The largest backup restored unless ``settings.TOURNAMENTS_BACKUP_MAX_BYTES`` says otherwise
(a 10,000-player, 9-round tournament is about 22 MiB with its receipts: config/settings.py)."""

UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""Version n -> a function turning a version-n document into version n+1. Bump
:data:`VERSION` and add one when a new field's value for existing tournaments is not the
model's default (a field missing from a document takes its default, see :func:`_optional`)."""

ENTRY = "entry"
ROUND = "round"
"""What a reference names: an entry by its pairing number, a round row by its number."""


class BackupError(ValueError):
    """A backup that cannot be restored; ``path`` says where in the document
    (``$.games[3].white``)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass(frozen=True)
class Part:
    """The rows of one model in the document: every concrete field but the excluded ones,
    references (foreign keys inside the tournament) by the key of the row they name."""

    key: str
    model: type[models.Model]
    excluded: Mapping[str, str]
    """Field name -> why the backup does not carry it."""
    references: Mapping[str, str] = field(default_factory=dict)
    """Foreign key name -> :data:`ENTRY` or :data:`ROUND`."""

    def carried(self) -> list[models.Field]:
        """The fields written to (and read from) the document, in the model's order."""
        out = []
        for f in self.model._meta.concrete_fields:
            if f.name in self.excluded:
                continue
            if f.is_relation and f.name not in self.references:
                raise ImproperlyConfigured(
                    f"{self.model.__name__}.{f.name}: a relation the backup neither refers to "
                    f"nor excludes (tournaments/backup.py PARTS)."
                )
            if not f.is_relation:
                _kind(f)  # a type the backup can carry, else ImproperlyConfigured
            out.append(f)
        return out

    def uncarried(self) -> list[str]:
        """Fields (with many-to-many ones) neither carried nor excluded: none, or a test fails."""
        names = [f.name for f in self.model._meta.concrete_fields]
        names += [f.name for f in self.model._meta.many_to_many]
        missing = []
        for name in names:
            if name in self.excluded or name in self.references:
                continue
            try:
                _kind(self.model._meta.get_field(name))  # type: ignore[arg-type]
            except ImproperlyConfigured:
                missing.append(name)
        return missing


ROW_ID = "the database's row id: rows refer to each other by pairing and round numbers"
TOURNAMENT = Part(
    "tournament",
    Tournament,
    excluded={
        "id": ROW_ID,
        "revision": "the public pages' cache key: a restored tournament gets a new one",
        "created_at": "when the row was made: the restore's time",
        "arbiters": "accounts of this server: whoever restores becomes the arbiter",
        "event": "the event is written as `event` for reference, not restored",
    },
)
EVENT = Part(
    "event",
    Event,
    excluded={
        "id": ROW_ID,
        "created_at": "when the row was made",
        "arbiters": "accounts of this server",
    },
)
ENTRIES = Part(
    "entries",
    Entry,
    excluded={
        "id": ROW_ID,
        "tournament": "the tournament restored",
        "player": "the shared identity: written as `identity` (FIDE ID, US Chess ID)",
    },
)
ROUNDS = Part("rounds", Round, excluded={"id": ROW_ID, "tournament": "the tournament restored"})
GAMES = Part(
    "games",
    Game,
    excluded={"id": ROW_ID},
    references={"round": ROUND, "white": ENTRY, "black": ENTRY},
)
BYES = Part("byes", Bye, excluded={"id": ROW_ID}, references={"entry": ENTRY})
VIRTUAL_POINTS = Part(
    "virtual_points", VirtualPoints, excluded={"id": ROW_ID}, references={"entry": ENTRY}
)
FORBIDDEN_PAIRS = Part(
    "forbidden_pairs",
    ForbiddenPair,
    excluded={"id": ROW_ID, "tournament": "the tournament restored"},
    references={"first": ENTRY, "second": ENTRY},
)
RECEIPTS = Part("receipts", PairingReceipt, excluded={"id": ROW_ID}, references={"round": ROUND})
PARTS = (
    TOURNAMENT,
    EVENT,
    ENTRIES,
    ROUNDS,
    GAMES,
    BYES,
    VIRTUAL_POINTS,
    FORBIDDEN_PAIRS,
    RECEIPTS,
)
LISTS = (ENTRIES, ROUNDS, GAMES, BYES, VIRTUAL_POINTS, FORBIDDEN_PAIRS, RECEIPTS)
"""The document's lists of rows, in the order they are restored."""
OPTIONAL_LISTS = (RECEIPTS.key,)
"""Lists a document written before they existed leaves out (read as empty)."""

NOT_IN_BACKUP: dict[str, str] = {
    "ratings.RatedEvent": "the tournament's rating belongs to the ratings app: rate the "
    "restored tournament again if it must be rated here",
    "ratings.RatingRequest": "a submission for rating belongs to the ratings app: submit the "
    "restored tournament again",
    "tournaments.Event": "the event (a section's membership) is written for reference, not "
    "restored",
    "ratings.PrizeFund": "a US Chess section's prize fund belongs to the ratings app (like the "
    "event): copy its text to the restored section's prize fund page",
}
"""Models referring to a tournament or its rows that the backup leaves out, and why."""

IDENTITY_FIELDS = ("fide_id", "uscf_id")
"""The entry's ``identity``: the IDs the tournament typed for it, which find the shared player
again (never IDs another tournament typed)."""


# -- values ------------------------------------------------------------------------------------

_INTEGER_RANGES = BaseDatabaseOperations.integer_field_ranges
_TEXT = {"CharField", "TextField", "SlugField", "EmailField", "URLField"}


def _kind(f: models.Field) -> str:
    """How a field's value is written: int, str, bool, date, datetime, decimal, float, json."""
    internal = f.get_internal_type()
    if internal in _INTEGER_RANGES:
        return "int"
    if internal in _TEXT:
        return "str"
    kinds = {
        "BooleanField": "bool",
        "DateField": "date",
        "DateTimeField": "datetime",
        "DecimalField": "decimal",
        "FloatField": "float",
        "JSONField": "json",
    }
    if internal not in kinds:
        raise ImproperlyConfigured(
            f"{f.model.__name__}.{f.name}: a {internal}, which the backup cannot carry yet "
            f"(tournaments/backup.py _kind), nor excludes."
        )
    return kinds[internal]


def _encode(f: models.Field, value: Any) -> Any:
    if value is None:
        return None
    kind = _kind(f)
    if kind in ("date", "datetime"):
        return value.isoformat()
    if kind == "decimal":
        return str(value)
    return value


def decode(f: models.Field, raw: Any, path: str) -> Any:
    """The field's value from the document, or :class:`BackupError` naming ``path``."""
    if raw is None:
        if f.null:
            return None
        raise BackupError(path, "must not be null")
    kind = _kind(f)
    if kind == "int":
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise BackupError(path, f"must be a whole number, not {json_type(raw)}")
        low, high = _INTEGER_RANGES[f.get_internal_type()]
        if not low <= raw <= high:
            raise BackupError(path, f"{raw} is out of range ({low} to {high})")
        return raw
    if kind == "str":
        if not isinstance(raw, str):
            raise BackupError(path, f"must be a string, not {json_type(raw)}")
        if "\x00" in raw:
            raise BackupError(path, "must not contain the NUL character")
        return raw
    if kind == "bool":
        if not isinstance(raw, bool):
            raise BackupError(path, f"must be true or false, not {json_type(raw)}")
        return raw
    if kind in ("date", "datetime"):
        return _decode_time(kind, raw, path)
    if kind == "decimal":
        if not isinstance(raw, str | int) or isinstance(raw, bool):
            raise BackupError(path, f"must be a decimal number in a string, not {json_type(raw)}")
        try:
            return Decimal(str(raw))
        except InvalidOperation:
            raise BackupError(path, f"{raw!r} is not a decimal number") from None
    if kind == "float":
        if not isinstance(raw, int | float) or isinstance(raw, bool):
            raise BackupError(path, f"must be a number, not {json_type(raw)}")
        return raw
    return raw  # json


def _decode_time(kind: str, raw: Any, path: str) -> date | datetime:
    if not isinstance(raw, str):
        raise BackupError(path, f"must be a string, not {json_type(raw)}")
    try:
        if kind == "date":
            return date.fromisoformat(raw)
        value = datetime.fromisoformat(raw)
    except ValueError:
        shape = "YYYY-MM-DD" if kind == "date" else "YYYY-MM-DDTHH:MM:SS+00:00"
        raise BackupError(path, f"{raw!r} is not a {kind} ({shape})") from None
    return value if timezone.is_aware(value) else timezone.make_aware(value, UTC)


def json_type(raw: Any) -> str:
    names = {bool: "true/false", int: "a number", float: "a number", str: "a string"}
    names |= {list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(raw), type(raw).__name__)


# -- export ------------------------------------------------------------------------------------


def _row(part: Part, obj: models.Model, keys: Mapping[str, Mapping[int, int]]) -> dict[str, Any]:
    """The object as the document writes it (``keys``: ENTRY/ROUND -> pk -> number)."""
    out: dict[str, Any] = {}
    for f in part.carried():
        if f.name in part.references:
            pk = getattr(obj, f.attname)
            out[f.name] = None if pk is None else keys[part.references[f.name]][pk]
        else:
            out[f.name] = _encode(f, f.value_from_object(obj))
    return out


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """The backup document of the tournament (eight queries whatever its size)."""
    tournament = Tournament.objects.select_related("event").get(pk=tournament.pk)
    entries = list(tournament.entries.select_related("player").order_by("pairing_number"))
    rounds = list(tournament.round_set.order_by("number"))
    keys = {
        ENTRY: {e.pk: e.pairing_number for e in entries},
        ROUND: {r.pk: r.number for r in rounds},
    }
    entry_rows = []
    for e in entries:
        row = _row(ENTRIES, e, keys)
        # Only the IDs this tournament typed (issue 23, item 5): never the shared identity's.
        row["identity"] = {name: getattr(e, name) for name in IDENTITY_FIELDS}
        entry_rows.append(row)
    of_entries = {"entry__tournament": tournament}
    games = Game.objects.filter(round__tournament=tournament).order_by("round__number", "board")
    byes = sorted(
        Bye.objects.filter(**of_entries),
        key=lambda b: (b.round_number, keys[ENTRY][b.entry_id]),
    )
    virtual = sorted(
        VirtualPoints.objects.filter(**of_entries),
        key=lambda v: (keys[ENTRY][v.entry_id], v.round_number),
    )
    forbidden = tournament.forbidden_pairs.order_by("pk")
    receipts = PairingReceipt.objects.filter(round__tournament=tournament).order_by("round__number")
    event = tournament.event
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _row(TOURNAMENT, tournament, keys),
        "event": None if event is None else _row(EVENT, event, keys),
        "entries": entry_rows,
        "rounds": [_row(ROUNDS, r, keys) for r in rounds],
        "games": [_row(GAMES, g, keys) for g in games],
        "byes": [_row(BYES, b, keys) for b in byes],
        "virtual_points": [_row(VIRTUAL_POINTS, v, keys) for v in virtual],
        "forbidden_pairs": [_row(FORBIDDEN_PAIRS, f, keys) for f in forbidden],
        "receipts": [_row(RECEIPTS, r, keys) for r in receipts],
    }


def dumps(document: Mapping[str, Any]) -> str:
    """The document as the file's text (UTF-8 JSON, one key a line)."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def export_json(tournament: Tournament) -> str:
    return dumps(export_tournament(tournament))
