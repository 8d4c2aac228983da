"""Restoring a tournament's backup (:mod:`tournaments.backup` writes it): the document is read
and checked whole (every reference, round, game and bye) before anything is written, then
restored as a new tournament in one transaction (docs/backup.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, models, transaction

from pairing.engine import EngineError, ManualChange, parse_pairing, read_trf, system_for
from players import identity
from players.identity import PlayerData
from players.models import Player
from tournaments import limits
from tournaments.backup import (
    BYES,
    ENTRIES,
    ENTRY,
    FORBIDDEN_PAIRS,
    FORMAT,
    GAMES,
    IDENTITY_FIELDS,
    LISTS,
    MAX_BYTES,
    OPTIONAL_LISTS,
    RECEIPTS,
    ROUND,
    ROUNDS,
    TOURNAMENT,
    UPGRADES,
    VERSION,
    VIRTUAL_POINTS,
    BackupError,
    Part,
    decode,
    json_type,
)
from tournaments.models import Bye, Entry, Game, Round, Tournament

# -- reading the document ----------------------------------------------------------------------

TOP_KEYS = ("format", "version", "tournament", "event", *(p.key for p in LISTS))


@dataclass
class Row:
    """A row of the document, checked: field values and the keys its references name."""

    path: str
    values: dict[str, Any]
    references: dict[str, int]
    extra: dict[str, Any] = field(default_factory=dict)


def _object(raw: Any, path: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise BackupError(path, f"must be an object, not {json_type(raw)}")
    return raw


def _list(raw: Any, path: str) -> list[Any]:
    if not isinstance(raw, list):
        raise BackupError(path, f"must be a list, not {json_type(raw)}")
    return raw


def _reference(raw: Any, path: str) -> int:
    """A pairing number or a round number."""
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise BackupError(path, f"must be a number, not {json_type(raw)}")
    if raw < 1:
        raise BackupError(path, f"must be 1 or more, not {raw}")
    return raw


OLDER_DEFAULTS: dict[tuple[type[models.Model], str], Any] = {
    (Tournament, "dubov_edition"): Tournament.DubovEdition.E2018,
}
"""A field missing from a document that predates it, whose value for the tournaments of that
time is not the model's default: a backup written before the Dubov edition was a setting is
of a tournament paired by the 2018 edition (migration 0015)."""


def _optional(f: models.Field) -> bool:
    """A key a document may leave out: the field then takes its default (or empty) value."""
    return f.has_default() or f.blank


def _read_row(part: Part, raw: Any, path: str, extra: Sequence[str] = ()) -> Row:
    data = _object(raw, path)
    fields = part.carried()
    known = {f.name for f in fields} | set(extra)
    for key in data:
        if key not in known:
            raise BackupError(f"{path}.{key}", "unknown key")
    values: dict[str, Any] = {}
    references: dict[str, int] = {}
    for f in fields:
        here = f"{path}.{f.name}"
        if f.name not in data:
            if f.name in part.references or not _optional(f):
                raise BackupError(here, "missing")
            if (part.model, f.name) in OLDER_DEFAULTS:
                values[f.name] = OLDER_DEFAULTS[part.model, f.name]
            continue
        if f.name in part.references:
            references[f.name] = _reference(data[f.name], here)
        else:
            values[f.name] = decode(f, data[f.name], here)
    row = Row(path, values, references, {k: data[k] for k in extra if k in data})
    _clean(part, row)
    return row


def _clean(part: Part, row: Row) -> None:
    """The model's own field checks: length, choices, blank, validators."""
    obj = part.model(**row.values)
    skip = [f.name for f in part.model._meta.fields if f.name not in row.values]
    try:
        obj.clean_fields(exclude=skip)
    except ValidationError as e:
        name, messages = next(iter(e.message_dict.items()))
        raise BackupError(f"{row.path}.{name}", " ".join(messages)) from None


def _identity(entry: Row) -> dict[str, str]:
    path = f"{entry.path}.identity"
    if "identity" not in entry.extra:
        raise BackupError(path, "missing")
    raw = _object(entry.extra["identity"], path)
    for key in raw:
        if key not in IDENTITY_FIELDS:
            raise BackupError(f"{path}.{key}", "unknown key")
    ids = {}
    for name in IDENTITY_FIELDS:
        f = Player._meta.get_field(name)
        assert isinstance(f, models.CharField)
        ids[name] = decode(f, raw.get(name, ""), f"{path}.{name}")
        if len(ids[name]) > (f.max_length or 0):
            raise BackupError(f"{path}.{name}", f"longer than {f.max_length} characters")
    return ids


@dataclass
class Document:
    """A backup read and checked: the tournament's values and every list's rows."""

    tournament: Row
    rows: dict[str, list[Row]]
    identities: list[dict[str, str]]


def read(raw: Any) -> Document:
    """Check a parsed document: version, keys, types, values and references. Raises
    :class:`BackupError` at the first problem, with its JSON path."""
    document = _object(raw, "$")
    if document.get("format") != FORMAT:
        raise BackupError("$.format", f"not a tournament backup (expected {FORMAT!r})")
    document = _upgraded(document)
    for key in document:
        if key not in TOP_KEYS:
            raise BackupError(f"$.{key}", "unknown key")
    for key in TOP_KEYS:
        if key not in document and key != "event" and key not in OPTIONAL_LISTS:
            raise BackupError(f"$.{key}", "missing")
    if document.get("event") is not None:
        _object(document["event"], "$.event")  # for reference only: not restored
    tournament = _read_row(TOURNAMENT, document["tournament"], "$.tournament")
    rows = {}
    for part in LISTS:
        items = _list(document.get(part.key, []), f"$.{part.key}")
        extra = ("identity",) if part is ENTRIES else ()
        rows[part.key] = [
            _read_row(part, item, f"$.{part.key}[{i}]", extra) for i, item in enumerate(items)
        ]
    _check_limits(tournament, rows[ENTRIES.key])
    identities = [_identity(row) for row in rows[ENTRIES.key]]
    checked = Document(tournament, rows, identities)
    _check_references(checked)
    return checked


def _upgraded(document: dict[str, Any]) -> dict[str, Any]:
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError("$.version", "missing or not a version number (1, 2, …)")
    if version > VERSION:
        raise BackupError(
            "$.version",
            f"version {version} was written by a newer release of this app; this one reads "
            f"version {VERSION} and older",
        )
    while version < VERSION:
        document = UPGRADES[version](document)
        version += 1
    return document


def _first_seen(rows: Iterable[Row], key: Callable[[Row], Any], what: str) -> None:
    """Each key once: the second row with a key names the first."""
    seen: dict[Any, str] = {}
    for row in rows:
        k = key(row)
        if k in seen:
            raise BackupError(row.path, f"{what} twice (also {seen[k]})")
        seen[k] = row.path


POINT_FIELDS = ("win_points", "draw_points", "loss_points", "bye_points", "half_bye_points")
"""The tournament's points, in half-points (the form's ``POINT_FIELDS``)."""


def _check_limits(tournament: Row, entries: list[Row]) -> None:
    """The limits the tournament forms apply (tournaments.limits): a backup is no way around
    them (issue 23, item 11: 15,000 players, 32,767 rounds and 32,767-point wins restored)."""
    rounds = tournament.values.get("rounds", 0)
    if rounds > limits.MAX_ROUNDS:
        raise BackupError("$.tournament.rounds", f"{rounds} rounds; at most {limits.MAX_ROUNDS}")
    for name in POINT_FIELDS:
        value = tournament.values.get(name, 0)
        if value > limits.MAX_HALF_POINTS:
            raise BackupError(
                f"$.tournament.{name}",
                f"{value} half-points; at most {limits.MAX_HALF_POINTS} (50 points)",
            )
    if too_many := limits.too_many_players(len(entries)):
        raise BackupError("$.entries", too_many)


def _check_references(doc: Document) -> None:
    """Keys unique, references to rows that exist, rounds in order, results that fit."""
    entries, rounds = doc.rows[ENTRIES.key], doc.rows[ROUNDS.key]
    _first_seen(entries, lambda r: r.values["pairing_number"], "this pairing number")
    for name in IDENTITY_FIELDS:
        ids = [(r, i[name]) for r, i in zip(entries, doc.identities, strict=True) if i[name]]
        seen: dict[str, str] = {}
        for row, value in ids:
            if value in seen:
                raise BackupError(
                    f"{row.path}.identity.{name}",
                    f"the same person as {seen[value]}: a player is registered once",
                )
            seen[value] = row.path
    numbers = {r.values["pairing_number"] for r in entries}
    status = _check_rounds(doc.tournament, rounds)
    for part in (GAMES, BYES, VIRTUAL_POINTS, FORBIDDEN_PAIRS, RECEIPTS):
        for row in doc.rows[part.key]:
            for name, target in part.references.items():
                known = numbers if target == ENTRY else status
                if row.references[name] not in known:
                    what = "no entry with pairing number" if target == ENTRY else "no round"
                    raise BackupError(f"{row.path}.{name}", f"{what} {row.references[name]}")
    _check_games(doc.rows[GAMES.key], status)
    _check_byes(doc, status)
    _first_seen(doc.rows[RECEIPTS.key], lambda r: r.references["round"], "a receipt of this round")
    for row in doc.rows[RECEIPTS.key]:
        _check_receipt(row)


def _check_receipt(row: Row) -> None:
    """A receipt row read as the receipt reader (``python -m pairing verify``) reads a receipt
    file: its system, pairings, changes and TRF; a crafted one (``"pairing": "garbage"``,
    ``"changes": "nope"``) would break the tournament's public pages for good (issue 23,
    item 12). Raises :class:`BackupError` naming the JSON path."""
    values, path = row.values, row.path
    checks: list[tuple[str, Callable[[], object]]] = [
        ("system", lambda: system_for(str(values.get("system", "")))),
        ("trf", lambda: read_trf(str(values.get("trf", "")))),
    ]
    for name in ("pairing", "engine_pairing"):
        if text := values.get(name):  # empty: a draft, or no engine pairing
            checks.append((name, partial(parse_pairing, str(text), f"{path}.{name}")))
    checks.append(("changes", lambda: _changes(values.get("changes", []), f"{path}.changes")))
    for name, check in checks:
        try:
            check()
        except (EngineError, ValueError) as e:
            raise _at(f"{path}.{name}", str(e)) from None


def _changes(raw: Any, path: str) -> None:
    for i, change in enumerate(_list(raw, path)):
        ManualChange.from_json(change, f"{path}[{i}]")


def _at(default: str, text: str) -> BackupError:
    """A reader's error ("$.receipts[0].pairing, line 2: expected …") as a BackupError whose
    path is the JSON path the reader named (``default`` when it named none)."""
    head, colon, message = text.partition(": ")
    if not colon or not head.startswith(default):
        return BackupError(default, text)
    where, _, line = head.partition(", ")
    return BackupError(where, f"{line}: {message}" if line else message)


def _check_rounds(tournament: Row, rounds: list[Row]) -> dict[int, str]:
    """Round rows numbered 1, 2, … with finished ones first, then published, then drafts."""
    legs = Tournament(**tournament.values).legs
    total = tournament.values.get("rounds", Tournament._meta.get_field("rounds").get_default())
    order = [Round.Status.FINISHED, Round.Status.PUBLISHED, Round.Status.DRAFT]
    previous = 0
    for i, row in enumerate(rounds, start=1):
        number = row.values["number"]
        if number != i:
            raise BackupError(f"{row.path}.number", f"expected round {i} (rounds are 1, 2, …)")
        if i > total * legs:
            raise BackupError(row.path, f"the tournament has {total} rounds")
        rank = order.index(row.values.get("status", Round.Status.DRAFT))
        if rank < previous:
            raise BackupError(
                f"{row.path}.status",
                f"a {order[rank]} round after a {order[previous]} one: rounds are finished, "
                f"then published, then drafts",
            )
        previous = rank
    return {row.values["number"]: row.values.get("status", Round.Status.DRAFT) for row in rounds}


def _check_games(games: list[Row], status: dict[int, str]) -> None:
    _first_seen(games, lambda r: (r.references["round"], r.values["board"]), "this round and board")
    playing: dict[tuple[int, int], str] = {}
    for row in games:
        number = row.references["round"]
        white, black = row.references["white"], row.references["black"]
        if white == black:
            raise BackupError(f"{row.path}.black", "plays against themselves")
        for side, entry in (("white", white), ("black", black)):
            if (number, entry) in playing:
                raise BackupError(
                    f"{row.path}.{side}",
                    f"already plays in round {number} ({playing[number, entry]})",
                )
            playing[number, entry] = row.path
        result = row.values.get("result", Game.Result.PENDING)
        unfinished = result in (Game.Result.PENDING, Game.Result.ADJOURNED)
        if status[number] == Round.Status.DRAFT and result != Game.Result.PENDING:
            raise BackupError(f"{row.path}.result", f"round {number} is a draft: no results yet")
        if status[number] == Round.Status.FINISHED and unfinished:
            raise BackupError(
                f"{row.path}.result", f"round {number} is finished: a result is needed"
            )


def _check_byes(doc: Document, status: dict[int, str]) -> None:
    games = doc.rows[GAMES.key]
    playing = {(g.references["round"], g.references[s]) for g in games for s in ("white", "black")}
    byes = doc.rows[BYES.key]
    _first_seen(byes, lambda r: (r.references["entry"], r.values["round_number"]), "a bye")
    for row in byes:
        key = (row.values["round_number"], row.references["entry"])
        if key in playing:
            raise BackupError(row.path, f"the player has a game in round {key[0]}")
        if row.values["kind"] == Bye.Kind.PAIRING_ALLOCATED and key[0] not in status:
            raise BackupError(row.path, f"a pairing-allocated bye in round {key[0]}, not paired")
    virtual = doc.rows[VIRTUAL_POINTS.key]
    _first_seen(
        virtual, lambda r: (r.references["entry"], r.values["round_number"]), "virtual points"
    )
    for row in doc.rows[FORBIDDEN_PAIRS.key]:
        if row.references["first"] == row.references["second"]:
            raise BackupError(f"{row.path}.second", "the same player as first")


# -- restoring ---------------------------------------------------------------------------------


def max_bytes() -> int:
    """The largest backup file restored."""
    return int(getattr(settings, "TOURNAMENTS_BACKUP_MAX_BYTES", MAX_BYTES))


def size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n} bytes"


def parse(text: str | bytes) -> Any:
    """The file's JSON, or :class:`BackupError` saying why it is not."""
    if len(text) > max_bytes():
        raise BackupError("$", f"the file is larger than {size(max_bytes())}")
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        return json.loads(text)
    except UnicodeDecodeError:
        raise BackupError("$", "the file is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise BackupError("$", f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise BackupError("$", "not JSON this app reads: nested too deeply") from None


RESTORED = " (restored)"


def restore(text: str | bytes, arbiter_id: int, mark: bool = False) -> Tournament:
    """A new tournament from a backup file, run by the user ``arbiter_id``, in one
    transaction: a file with a problem raises :class:`BackupError` and saves nothing. With
    ``mark``, its name says "(restored)", so that it is not mistaken for its original."""
    return restore_document(parse(text), arbiter_id, mark)


def restore_document(raw: Any, arbiter_id: int, mark: bool = False) -> Tournament:
    doc = read(raw)
    with transaction.atomic():
        tournament = _write(doc, arbiter_id)
        if mark and not tournament.name.endswith(RESTORED):
            limit = Tournament._meta.get_field("name").max_length or 200
            tournament.name = tournament.name[: limit - len(RESTORED)] + RESTORED
            Tournament.objects.filter(pk=tournament.pk).update(name=tournament.name)
        return tournament


def _write(doc: Document, arbiter_id: int) -> Tournament:
    tournament = Tournament(**doc.tournament.values)
    _insert(TOURNAMENT, [doc.tournament], [tournament])
    tournament.arbiters.add(arbiter_id)
    keys: dict[str, dict[int, int]] = {}
    entries = doc.rows[ENTRIES.key]
    players = _players(doc, tournament)
    objs = [
        Entry(tournament=tournament, player=player, **row.values)
        for row, player in zip(entries, players, strict=True)
    ]
    _insert(ENTRIES, entries, objs)
    keys[ENTRY] = {e.pairing_number: e.pk for e in objs}
    rounds = doc.rows[ROUNDS.key]
    objs_rounds = [Round(tournament=tournament, **row.values) for row in rounds]
    _insert(ROUNDS, rounds, objs_rounds)
    keys[ROUND] = {r.number: r.pk for r in objs_rounds}
    for part in (GAMES, BYES, VIRTUAL_POINTS, FORBIDDEN_PAIRS, RECEIPTS):
        rows = doc.rows[part.key]
        _insert(part, rows, [_build(part, row, tournament, keys) for row in rows])
    return tournament


def _build(
    part: Part, row: Row, tournament: Tournament, keys: Mapping[str, Mapping[int, int]]
) -> models.Model:
    values = dict(row.values)
    for name, target in part.references.items():
        values[f"{name}_id"] = keys[target][row.references[name]]
    if "tournament" in part.excluded:  # the rows' tournament: the one restored
        values["tournament"] = tournament
    return part.model(**values)


def _insert(part: Part, rows: Sequence[Row], objs: Sequence[models.Model]) -> None:
    """Insert the rows at once; when the database refuses, one by one to name the row it
    refuses. Fields the database fills itself (``auto_now_add``) take the document's value."""
    try:
        with transaction.atomic():
            part.model._default_manager.bulk_create(objs)
    except DatabaseError:
        for row, obj in zip(rows, objs, strict=True):
            try:
                with transaction.atomic():
                    part.model._default_manager.bulk_create([obj])
            except DatabaseError as e:
                raise _refused(part, row.path, e) from None
    stamped = [
        f
        for f in part.carried()
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    for f in stamped:
        for row, obj in zip(rows, objs, strict=True):
            if f.name in row.values:
                manager = part.model._default_manager
                manager.filter(pk=obj.pk).update(**{f.name: row.values[f.name]})
                setattr(obj, f.name, row.values[f.name])


def _refused(part: Part, path: str, error: DatabaseError) -> BackupError:
    """The database's refusal as a message: the model constraint it names, if any."""
    text = str(error)
    for constraint in part.model._meta.constraints:
        if constraint.name in text:
            return BackupError(path, str(constraint.get_violation_error_message()))
    first = text.strip().splitlines()[0] if text.strip() else type(error).__name__
    return BackupError(path, f"the database refused the row ({first})")


def _players(doc: Document, tournament: Tournament) -> list[Player]:
    """The entries' identities (players/identity.py): the player with the identity's FIDE
    ID, else its US Chess ID, else a new identity made from the entry's data. An existing
    player is linked, never changed. The IDs are checked as registration checks them (issue
    23): an ID that the FIDE rating list or the US Chess supplement gives another person
    refuses the file; one whose identity on record is another person (name, birth date) is
    held for a rating officer (an identity of its own, without IDs; the entry keeps them)."""
    known: dict[str, dict[str, Player]] = {}
    for name in IDENTITY_FIELDS:
        wanted = {ids[name] for ids in doc.identities if ids[name]}
        found = Player.objects.filter(**{f"{name}__in": wanted})
        known[name] = {getattr(p, name): p for p in found}
    fide = tournament.pairing_rating == Tournament.PairingRating.FIDE
    rows = doc.rows[ENTRIES.key]
    entries = [Entry(**row.values) for row in rows]
    datas = [
        replace(PlayerData.of(entry), fide_id=ids["fide_id"], uscf_id=ids["uscf_id"])
        for entry, ids in zip(entries, doc.identities, strict=True)
    ]
    conflicts = identity.id_conflicts(datas)  # as registration (issue 23), in two queries
    players: list[Player] = []
    fresh: list[tuple[int, PlayerData, int]] = []  # saved below in bulk (issue 27)
    used: dict[object, str] = {}
    for i, (row, ids, data) in enumerate(zip(rows, doc.identities, datas, strict=True)):
        if conflicts[i]:
            raise BackupError(f"{row.path}.identity", conflicts[i])
        rating = entries[i].rating if fide else 0
        player = next((known[n][ids[n]] for n in IDENTITY_FIELDS if ids[n] in known[n]), None)
        if player is not None and identity.held(data, player):  # for a rating officer
            player = None
            data = replace(data, fide_id="", uscf_id="")
        if player is None:
            player = Player(**data.fields(), fide_rating=rating)
            fresh.append((i, data, rating))
        key = player.pk if player.pk is not None else ("new", id(player))
        if key in used:
            raise BackupError(
                f"{row.path}.identity",
                f"the same person as {used[key]}: a player is registered once",
            )
        used[key] = row.path
        players.append(player)
    _save_new(players, fresh, rows)
    return players


def _save_new(
    players: list[Player], fresh: list[tuple[int, PlayerData, int]], rows: list[Row]
) -> None:
    """The new identities of a restore in a few INSERTs; when one of their IDs was registered
    meanwhile (another tournament), one by one, finding that identity as registration does."""
    try:
        with transaction.atomic():
            Player.objects.bulk_create([players[i] for i, _, _ in fresh], batch_size=500)
    except IntegrityError:
        new = {i for i, _, _ in fresh}
        taken = {p.pk: rows[i].path for i, p in enumerate(players) if i not in new}
        for i, data, rating in fresh:
            players[i] = identity.new_identity(data, rating)
            if players[i].pk in taken:
                raise BackupError(
                    f"{rows[i].path}.identity",
                    f"the same person as {taken[players[i].pk]}: a player is registered once",
                ) from None
            taken[players[i].pk] = rows[i].path
