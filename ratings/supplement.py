"""The US Chess rating supplement: read the file US Chess publishes for TDs (its dBase table or
its text export), keep its members, register players by US Chess ID.

* :func:`read_supplement` reads a ``.dbf`` (with ``dbfread``) or a text file with a header line
  (tab, comma, semicolon or ``|`` separated) and checks every row; nothing is saved. Columns are
  recognised by name (case, spaces and underscores do not matter): ID, name (or last and first
  name), state, expiry, Regular and Quick rating, their games when given separately, FIDE ID
  (see :data:`COLUMNS`). A rating may carry its games: ``1512P12`` / ``1512/12`` is a
  provisional 1512 on 12 games; a plain ``1850`` is established (N not given).
* :func:`import_supplement` stores the members (a later import replaces the rows it contains),
  brings the rating records of players already known by US Chess ID up to date (logged as
  corrections, "US Chess rating supplement …"), and refreshes the pairing ratings of the
  entries of tournaments not paired yet.
* :func:`register_members` registers players by US Chess ID: the player is created from the
  supplement when new, with Regular and Quick records.
"""

from __future__ import annotations

import csv
import io
import re
import struct
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from dbfread import DBF
from dbfread.exceptions import DBFNotFound, MissingMemoFile
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from players.identity import normalized
from players.models import Player
from ratings.errors import EventError
from ratings.events import refresh_ratings, refresh_ratings_of_players
from ratings.models import (
    Event,
    EventMember,
    MemberData,
    RatingCorrection,
    RatingRecord,
    System,
    UscfMember,
)
from ratings.services import is_rating_officer
from tournaments.errors import ArbiterError
from tournaments.lifecycle import locked_tournament
from tournaments.models import Entry, Tournament
from tournaments.registration import register_known

COLUMNS: dict[str, tuple[str, ...]] = {
    "uscf_id": ("id", "uscfid", "memid", "memberid", "uscfmemberid", "member"),
    "name": ("name", "memname", "fullname", "player", "playername"),
    "last_name": ("lastname", "memlname", "surname"),
    "first_name": ("firstname", "memfname", "givenname"),
    "state": ("state", "memstate", "st"),
    "expires": (
        "expires",
        "expiry",
        "exp",
        "expdate",
        "expdt",
        "memexpdt",
        "memexpdate",
        "expiration",
        "expirationdate",
        "expirationdt",
    ),
    "regular": (
        "regular",
        "regularrating",
        "regrating",
        "regrtg",
        "rating",
        "rrating",
        "rrtg",
        "memregrtg",
        "memrtg",
        "rtg",
    ),
    "regular_games": ("regulargames", "reggames", "rgames", "memreggms"),
    "quick": (
        "quick",
        "quickrating",
        "quikrating",
        "qckrtg",
        "qrating",
        "qrtg",
        "memqckrtg",
        "memqrtg",
    ),
    "quick_games": ("quickgames", "qckgames", "qgames", "memqckgms"),
    "fide_id": ("fideid", "fide"),
}
"""Recognised column names, normalised (lower case, letters and digits only), per field."""
_HEADER = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}
_RATING = re.compile(r"^(\d{1,4}(?:\.\d{1,2})?)\s*(?:(?:[pP/]\s*(\d{1,3}))|\*)?$")
"""``1850``, ``1850.37``, ``1512P12``, ``1512/12`` (provisional on 12 games), ``1850*``."""
UNRATED = frozenset({"", "0", "unr", "unr.", "unrated", "none", "-"})
LIFE = date(9999, 12, 31)
"""The expiry stored for a life member."""
DATE_FORMATS = ("%Y-%m-%d", "%Y%m%d", "%m/%d/%Y", "%m/%d/%y", "%Y/%m/%d")


class SupplementError(EventError):
    """The file cannot be read as a rating supplement; the message says why."""


@dataclass
class SupplementRow:
    """One member of the file, checked."""

    line: int
    uscf_id: str = ""
    name: str = ""
    state: str = ""
    expires: date | None = None
    regular: Decimal | None = None
    regular_games: int | None = None
    quick: Decimal | None = None
    quick_games: int | None = None
    fide_id: str = ""
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class Supplement:
    name: str
    rows: list[SupplementRow]

    @property
    def valid(self) -> list[SupplementRow]:
        return [r for r in self.rows if r.ok]

    @property
    def invalid(self) -> list[SupplementRow]:
        return [r for r in self.rows if not r.ok]


def _key(header: str) -> str:
    return _HEADER.get(re.sub(r"[^a-z0-9]", "", header.lower()), "")


def parse_rating(text: str) -> tuple[Decimal | None, int | None]:
    """A supplement's rating cell: (rating, games). ``None`` rating: unrated; ``None`` games:
    not given (an established rating). Raises ``ValueError`` for anything else."""
    text = text.strip()
    if text.lower() in UNRATED:
        return None, None
    match = _RATING.match(text)
    if match is None:
        raise ValueError(text)
    rating = Decimal(match.group(1))
    if not Decimal(100) <= rating <= Decimal(3500):
        raise ValueError(text)
    games = match.group(2)
    return rating, None if games is None else int(games)


def _parse_date(value: object) -> date | None:
    if isinstance(value, date):
        return value
    text = str(value or "").strip()
    if not text:
        return None
    if text.upper() == "LIFE":
        return LIFE
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(text)


def _check(row: SupplementRow, raw: dict[str, Any]) -> None:
    def text(key: str) -> str:
        value = raw.get(key)
        if value is None:
            return ""
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value).strip()

    uscf_id = text("uscf_id")
    if not re.fullmatch(r"\d{8}", uscf_id):
        row.errors.append(f"US Chess ID must be 8 digits, not {uscf_id!r}")
    row.uscf_id = uscf_id
    name = text("name")
    if not name and (text("last_name") or text("first_name")):
        name = ", ".join(p for p in (text("last_name"), text("first_name")) if p)
    if not name:
        row.errors.append("the name is missing")
    row.name = name[:100]
    state = text("state").upper()
    if state and not re.fullmatch(r"[A-Z]{2}", state):
        row.errors.append(f"state must be two letters, not {state!r}")
    row.state = state
    try:
        row.expires = _parse_date(raw.get("expires"))
    except ValueError:
        row.errors.append(f"expiry must be a date like 2026-03-31, not {text('expires')!r}")
    for system in ("regular", "quick"):
        try:
            rating, games = parse_rating(text(system))
        except ValueError:
            row.errors.append(
                f"{system} rating {text(system)!r} is not a rating like 1850 or 1512P12"
            )
            continue
        separate = text(f"{system}_games")
        if separate:
            if not separate.isdigit():
                row.errors.append(f"{system} games must be a whole number")
            else:
                games = int(separate)
        setattr(row, system, rating)
        setattr(row, f"{system}_games", games if rating is not None else None)
    fide_id = text("fide_id")
    row.fide_id = fide_id if re.fullmatch(r"\d{1,11}", fide_id) else ""


def _check_rows(name: str, records: Iterable[dict[str, Any]], header: Sequence[str]) -> Supplement:
    keys = {h: _key(h) for h in header}
    if "uscf_id" not in keys.values() or not {"name", "last_name"} & set(keys.values()):
        raise SupplementError(
            "The file must have a column with the US Chess ID and one with the name (or last "
            f"name); found {', '.join(header) or 'no columns'}."
        )
    rows = []
    seen: dict[str, int] = {}
    for line, record in enumerate(records, start=1):
        raw = {keys[h]: v for h, v in record.items() if keys.get(h)}
        if not any(str(v or "").strip() for v in raw.values()):
            continue
        row = SupplementRow(line)
        _check(row, raw)
        if row.uscf_id in seen:
            row.errors.append(f"US Chess ID {row.uscf_id} is already on row {seen[row.uscf_id]}")
        seen.setdefault(row.uscf_id, line)
        rows.append(row)
    if not rows:
        raise SupplementError("The file has no members.")
    return Supplement(name, rows)


def _read_dbf(name: str, data: bytes) -> Supplement:
    with tempfile.NamedTemporaryFile(suffix=".dbf") as tmp:
        tmp.write(data)
        tmp.flush()
        try:
            table = DBF(tmp.name, encoding="latin-1", char_decode_errors="replace")
            records = [dict(r) for r in table]
        except (ValueError, struct.error, DBFNotFound, MissingMemoFile) as e:
            raise SupplementError(f"{name} is not a dBase table US Chess publishes: {e}") from e
        return _check_rows(name, records, table.field_names)


def _read_text(name: str, data: bytes) -> Supplement:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    text = text.strip()
    if not text:
        raise SupplementError("The file is empty.")
    first = text.splitlines()[0]
    delimiter = max("\t,;|", key=first.count)
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [h for h in (reader.fieldnames or []) if h]
        return _check_rows(name, reader, header)
    except csv.Error as e:  # e.g. a field over the csv module's 131,072 characters (issue 23)
        line = reader.line_num + 1  # the lines read before the one that failed, and it
        raise SupplementError(f"Line {line} of {name} cannot be read: {e}.") from e


def read_supplement(name: str, data: bytes) -> Supplement:
    """Read the supplement file ``name`` (a dBase table or a text export); nothing is saved."""
    if name.lower().endswith(".dbf") or data[:1] in (b"\x03", b"\x83", b"\x30", b"\x8b"):
        return _read_dbf(name, data)
    return _read_text(name, data)


# ---------------------------------------------------------------------------------------------
# Storing


@dataclass(frozen=True)
class ImportSummary:
    members: int
    """Members read from the file and stored."""
    players: int
    """Players already known by US Chess ID whose records were brought up to date (always 0
    for an event's own supplement: it changes no record)."""
    entries: int
    """Entries (tournaments not paired yet) whose pairing rating changed."""


MEMBER_FIELDS = [
    "name",
    "state",
    "expires",
    "regular_rating",
    "regular_games",
    "quick_rating",
    "quick_games",
    "fide_id",
    "supplement",
    "imported_at",
    "imported_by",
]


def _member_fields(supplement: Supplement, row: SupplementRow, by: User) -> dict[str, Any]:
    return {
        "uscf_id": row.uscf_id,
        "name": row.name,
        "state": row.state,
        "expires": row.expires,
        "regular_rating": row.regular,
        "regular_games": row.regular_games,
        "quick_rating": row.quick,
        "quick_games": row.quick_games,
        "fide_id": row.fide_id,
        "supplement": supplement.name[:100],
        "imported_at": timezone.now(),
        "imported_by": by,
    }


def official_reason(member: MemberData) -> str:
    """The history label of a record set from the official supplement: who imported it."""
    who = member.imported_by.username if member.imported_by else "a rating officer"
    return f"US Chess rating supplement {member.supplement} (imported by rating officer {who})"


def sync_records(player: Player, member: UscfMember, by: User, reason: str) -> bool:
    """Bring the player's Regular and Quick records to the member's supplement ratings; a new
    or changed rating is logged as a correction with ``reason``. A system the supplement has no
    rating in is left alone. Returns whether anything changed. Only for the official
    supplement a rating officer imports (``by``: that officer)."""
    changed = False
    records = {r.system: r for r in RatingRecord.objects.select_for_update().filter(player=player)}
    for system in System:
        rating, games = member.rating_in(system)
        if rating is None:
            continue
        record = records.get(system)
        if record is None:
            record = RatingRecord(player=player, system=system, rating=rating, games=games)
            record.save()
            RatingCorrection.objects.create(
                record=record, old=None, new=rating, reason=reason, by=by, at=timezone.now()
            )
            changed = True
            continue
        # A supplement gives N only for provisional ratings: keep a known N of an
        # established record.
        games = games if games is not None or not record.established else record.games
        if record.rating == rating and record.games == games:
            continue
        if record.rating != rating:
            RatingCorrection.objects.create(
                record=record,
                old=record.rating,
                new=rating,
                reason=reason,
                by=by,
                at=timezone.now(),
            )
        record.rating, record.games = rating, games
        record.save(update_fields=["rating", "games", "updated_at"])
        changed = True
    return changed


def import_supplement(supplement: Supplement, by: User) -> ImportSummary:
    """A rating officer imports the official supplement: store the valid members in the shared
    member table, update the records of known players (logged with the officer's name) and
    the pairing ratings of entries before round 1. One transaction. Anybody else is refused
    (an arbiter's supplement is their event's: :func:`import_event_supplement`)."""
    if not is_rating_officer(by):
        raise SupplementError(
            "Only rating officers import the official US Chess supplement; an arbiter imports "
            "a supplement for their own event, from the event's US Chess page."
        )
    members = [UscfMember(**_member_fields(supplement, r, by)) for r in supplement.valid]
    with transaction.atomic():
        UscfMember.objects.bulk_create(
            members,
            update_conflicts=True,
            unique_fields=["uscf_id"],
            update_fields=MEMBER_FIELDS,
            batch_size=500,
        )
        by_id = {m.uscf_id: m for m in members}
        players = list(Player.objects.filter(uscf_id__in=list(by_id)).order_by("pk"))
        updated = []
        for p in players:
            if sync_records(p, by_id[p.uscf_id], by, official_reason(by_id[p.uscf_id])):
                updated.append(p.pk)
        entries = refresh_ratings_of_players(updated)
    return ImportSummary(len(members), len(updated), entries)


def import_event_supplement(event_id: int, supplement: Supplement, by: User) -> ImportSummary:
    """An arbiter's supplement: the event's snapshot (its rows replace those with the same ID),
    used to register and pair the event's players; then the pairing ratings of its sections
    not paired yet follow it. No shared record and no member of the shared table changes."""
    rows = [
        EventMember(event_id=event_id, **_member_fields(supplement, r, by))
        for r in supplement.valid
    ]
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event_id)
        EventMember.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["event", "uscf_id"],
            update_fields=MEMBER_FIELDS,
            batch_size=500,
        )
        sections = Tournament.objects.filter(event_id=event_id).order_by("pk")
        entries = sum(
            refresh_ratings(locked_tournament(pk)) for pk in sections.values_list("pk", flat=True)
        )
    return ImportSummary(len(rows), 0, entries)


def member_for(tournament: Tournament, uscf_id: str) -> MemberData | None:
    """The member with this ID: the event's own supplement first, else the official one."""
    if tournament.event_id is not None:
        own = EventMember.objects.filter(event_id=tournament.event_id, uscf_id=uscf_id).first()
        if own is not None:
            return own
    return UscfMember.objects.filter(uscf_id=uscf_id).first()


def player_from_member(member: MemberData, by: User) -> Player:
    """The player with the member's US Chess ID, created from the supplement when new. A
    registration never changes a rating record: only a player without any record gets the
    official supplement's ratings (logged as the importing officer's), never an event's
    supplement's. An identity whose name is not the supplement's is refused (names are
    public: the answer uses nothing the arbiter cannot see). Call inside a transaction."""
    player = Player.objects.filter(uscf_id=member.uscf_id).first()
    if player is not None and normalized(player.name) != normalized(member.name):
        raise EventError(
            f"US Chess ID {member.uscf_id} is {player.name} on record, but the supplement "
            f"{member.supplement} names {member.name}. Register the player with the full form, "
            f"or ask a rating officer."
        )
    if player is None:
        fide_taken = Player.objects.filter(fide_id=member.fide_id).exists()
        player = Player.objects.create(
            name=member.name,
            uscf_id=member.uscf_id,
            fide_id="" if fide_taken or not member.fide_id else member.fide_id,
        )
    official = UscfMember.objects.filter(uscf_id=member.uscf_id, imported_by__isnull=False)
    found = official.select_related("imported_by").first()
    if found is not None and not player.rating_records.exists():
        assert found.imported_by is not None
        reason = f"{official_reason(found)}, at registration by {by.username}"
        sync_records(player, found, found.imported_by, reason)
    return player


def parse_ids(text: str) -> list[str]:
    """US Chess IDs from a pasted list (one per line, or separated by commas or spaces)."""
    return [t for t in re.split(r"[\s,;]+", text) if t]


def register_members(
    tournament_id: int, uscf_ids: Sequence[str], by: User, *, plays_up: bool = False
) -> list[Entry]:
    """Register players by US Chess ID from the event's supplement or the official one, in one
    transaction. Unknown IDs, identities of another name, players already registered and
    ratings outside the section's limits (below the lower one: only ``plays_up``) raise
    :class:`EventError` (the registration's own refusals too, with their messages; nothing is
    saved)."""
    bad = [i for i in uscf_ids if not re.fullmatch(r"\d{8}", i)]
    if bad:
        raise EventError(f"A US Chess ID is 8 digits: {', '.join(bad)}.")
    with transaction.atomic():
        tournament = Tournament.objects.get(pk=tournament_id)
        members = {i: member_for(tournament, i) for i in uscf_ids}
        missing = [i for i, m in members.items() if m is None]
        if missing:
            raise EventError(
                f"Not in the event's or the official US Chess supplement: {', '.join(missing)}. "
                f"Import the current supplement first, or register these players with the full "
                f"form."
            )
        chosen = [m for m in members.values() if m is not None]
        try:
            return [
                register_known(tournament_id, player_from_member(m, by), plays_up=plays_up)
                for m in chosen
            ]
        except ArbiterError as e:  # the registration's refusal, as this app's own error
            raise EventError(str(e)) from e


def expired_members(tournament: Tournament, entries: Iterable[Entry]) -> dict[int, date]:
    """Entries (by pk) whose US Chess membership expired before the tournament started
    (issue 23, item 6): the event's supplement first, else the official one."""
    ids = {e.uscf_id for e in entries if e.uscf_id}
    expiry: dict[str, date | None] = dict(
        UscfMember.objects.filter(uscf_id__in=ids).values_list("uscf_id", "expires")
    )
    if tournament.event_id is not None:
        own = EventMember.objects.filter(event_id=tournament.event_id, uscf_id__in=ids)
        expiry.update(own.values_list("uscf_id", "expires"))
    out = {}
    for e in entries:
        day = expiry.get(e.uscf_id)
        if day is not None and day < tournament.start_date:
            out[e.pk] = day
    return out


def entry_notes(entries: Sequence[Entry]) -> dict[int, list[str]]:
    """Warnings per entry (by pk) for an event's entry list (issue 23, items 6 and 7): an
    expired membership, a player who plays up, a rating outside the section's limits (e.g.
    after a new supplement), a player entered in two sections of the event."""
    notes: dict[int, list[str]] = {e.pk: [] for e in entries}
    sections: dict[int, list[Entry]] = {}
    for e in entries:
        sections.setdefault(e.tournament_id, []).append(e)
    for group in sections.values():
        tournament = group[0].tournament
        for pk, day in expired_members(tournament, group).items():
            notes[pk].append(f"US Chess membership expired {day:%Y-%m-%d}")
        for e in group:
            if e.plays_up:
                notes[e.pk].append("plays up")
            elif problem := tournament.rating_limit_problem(e.rating, plays_up=False):
                notes[e.pk].append(problem.split(":")[0])
    by_player: dict[int, list[Entry]] = {}
    for e in entries:
        by_player.setdefault(e.player_id, []).append(e)
    for same in (group for group in by_player.values() if len(group) > 1):
        for e in same:
            others = [o.tournament.section_name for o in same if o.pk != e.pk]
            notes[e.pk].append(f"also entered in {', '.join(others)}")
    return notes
