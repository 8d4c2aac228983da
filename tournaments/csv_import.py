"""Registering players from a CSV file: the columns recognised, a preview of every row (new
player, known player, error) and the import of the rows the arbiter confirmed, in one
transaction with the tournament row locked."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import transaction

from players import identity
from players.identity import Candidate, PlayerData
from players.models import Player
from tournaments import signals
from tournaments.errors import ArbiterError
from tournaments.federations import federation_error, fide_id_problem
from tournaments.lifecycle import next_pairing_number
from tournaments.limits import too_many_players
from tournaments.models import Entry, Tournament
from tournaments.registration import (
    TITLES,
    already,
    columns_paired,
    enter,
    enter_new,
    fide_rating,
    max_rating,
    new_entry,
    open_for_entries,
    reseed,
    typed_rating,
)

COLUMNS = {
    "name": ("name", "player", "player name", "full name"),
    "last_name": ("last name", "lastname", "surname", "family name"),
    "first_name": ("first name", "firstname", "given name"),
    "rating": ("rating", "rtg"),
    "title": ("title", "tit"),
    "federation": ("federation", "fed", "country", "nation"),
    "fide_id": ("fide id", "fide_id", "fideid", "id fide", "fide"),
    "uscf_id": ("uscf id", "uscf_id", "uscf", "us chess id", "uschess id"),
    "birth_date": ("birth date", "birth_date", "birthdate", "born", "date of birth", "dob"),
    "sex": ("sex", "gender"),
    "keep_apart": ("team", "club", "family", "keep apart", "keep_apart"),
    "assigned_rating": ("assigned rating", "assigned_rating"),
    "plays_up": ("plays up", "plays_up", "playsup", "play up"),
}
"""Recognised header names (case and spacing do not matter) per field."""
_HEADER = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}
RATING_COLUMNS: dict[str, tuple[str, ...]] = {
    Tournament.PairingRating.FIDE: ("elo", "fide rating"),
    Tournament.PairingRating.USCF_REGULAR: (
        "us chess rating",
        "uschess rating",
        "uscf rating",
        "us chess regular rating",
        "uscf regular rating",
        "regular rating",
    ),
    Tournament.PairingRating.USCF_QUICK: (
        "us chess quick rating",
        "uscf quick rating",
        "quick rating",
    ),
    Tournament.PairingRating.NATIONAL: ("national rating",),
}
"""Header names of the typed rating besides "rating", by the tournament's pairing rating: a
column of another rating (a FIDE rating in a section paired on US Chess ratings) is not read."""


def _column(tournament: Tournament, header: str) -> str:
    name = " ".join(header.replace("_", " ").split()).lower()
    if name in RATING_COLUMNS.get(tournament.pairing_rating, ()):
        return "rating"
    return _HEADER.get(name, "")


@dataclass
class CsvRow:
    """One line of an uploaded player list, checked."""

    line: int
    name: str = ""
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    uscf_id: str = ""
    birth_date: date | None = None
    sex: str = ""
    keep_apart: str = ""
    """US Chess 28N: the team, club or family kept apart (US Chess Swiss sections only)."""
    assigned_rating: int | None = None
    """The TD's rating for an unrated player's ranking (US Chess Swiss sections only)."""
    plays_up: bool = False
    """Below a section's lower rating limit by the player's choice (issue 23, item 7)."""
    errors: list[str] = field(default_factory=list)
    namesake: str = ""
    """The entry or earlier line with the same name (nothing tells them apart): the row is
    registered only when the arbiter says it is another player."""
    candidates: list[Candidate] = field(default_factory=list)
    """People on record with the same name and birth year: is one the same person?"""

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def data(self) -> PlayerData:
        return PlayerData(
            **{name: getattr(self, name) for name in PlayerData.FIELDS},
        )

    @property
    def us(self) -> dict[str, object]:
        return {"keep_apart": self.keep_apart, "assigned_rating": self.assigned_rating}


@dataclass
class CsvPreview:
    rows: list[CsvRow]
    columns: list[str]
    """The fields recognised in the header, in file order."""
    error: str = ""
    """A problem with the whole file (no header, no name column)."""

    @property
    def valid(self) -> list[CsvRow]:
        return [r for r in self.rows if r.ok]

    @property
    def invalid(self) -> list[CsvRow]:
        return [r for r in self.rows if not r.ok]

    @property
    def questions(self) -> list[CsvRow]:
        """Valid rows the arbiter decides about: a namesake, or maybe a known person."""
        return [r for r in self.valid if r.namesake or r.candidates]


def _parse_date(text: str) -> date | None:
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y", "%d/%m/%Y", "%Y.%m.%d"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError(text)


def _check_row(row: CsvRow, raw: dict[str, str], top: int) -> None:
    name = raw.get("name", "")
    if not name and (raw.get("last_name") or raw.get("first_name")):
        name = ", ".join(p for p in (raw.get("last_name", ""), raw.get("first_name", "")) if p)
    row.name = name
    if not name:
        row.errors.append("the name is missing")
    elif len(name) > 100:
        row.errors.append("the name is longer than 100 characters")
    rating = raw.get("rating", "")
    if rating:
        if not (rating.isascii() and rating.isdigit()) or int(rating) > top:
            row.errors.append(f"rating must be a whole number from 0 to {top}")
        else:
            row.rating = int(rating)
    title = raw.get("title", "").upper()
    if title and title not in TITLES:
        row.errors.append(f"unknown title {title!r} (use {', '.join(TITLES)} or leave it empty)")
    row.title = title if title in TITLES else ""
    fed = raw.get("federation", "").upper()
    if fed and federation_error(fed):
        row.errors.append("federation must be a three-letter code like USA (FIDE's: GER, ENG, …)")
    row.federation = fed
    fide_id = raw.get("fide_id", "")
    if fide_id and (problem := fide_id_problem(fide_id)):
        row.errors.append(f"FIDE ID {problem}")
    row.fide_id = fide_id
    uscf_id = raw.get("uscf_id", "")
    if uscf_id and not re.fullmatch(r"\d{1,10}", uscf_id):
        row.errors.append("US Chess ID must be up to 10 digits")
    row.uscf_id = uscf_id
    born = raw.get("birth_date", "")
    if born:
        try:
            row.birth_date = _parse_date(born)
        except ValueError:
            row.errors.append("birth date must look like 1990-12-31")
    sex = raw.get("sex", "").lower()[:1]
    sex = {"f": "w"}.get(sex, sex)
    if sex and sex not in ("m", "w"):
        row.errors.append("sex must be m or w (or empty)")
    row.sex = sex
    plays_up = raw.get("plays_up", "").lower()
    if plays_up not in PLAYS_UP:
        row.errors.append("plays up must be yes or no (or empty)")
    row.plays_up = PLAYS_UP.get(plays_up, False)
    _check_us_columns(row, raw, top)


def _check_us_columns(row: CsvRow, raw: dict[str, str], top: int) -> None:
    """US Chess pairing data: the keep-apart group (28N) and an assigned rating."""
    group = " ".join(raw.get("keep_apart", "").split())
    if len(group) > 40:
        row.errors.append("team / club / family is longer than 40 characters")
    row.keep_apart = group[:40]
    assigned = raw.get("assigned_rating", "")
    if assigned:
        if not (assigned.isascii() and assigned.isdigit()) or not 1 <= int(assigned) <= top:
            row.errors.append(f"assigned rating must be a whole number from 1 to {top}")
        elif row.rating:
            row.errors.append("an assigned rating is for an unrated player (rating empty or 0)")
        else:
            row.assigned_rating = int(assigned)


PLAYS_UP = {"": False, "no": False, "n": False, "0": False, "false": False}
PLAYS_UP |= {"yes": True, "y": True, "1": True, "true": True, "x": True}
"""The values of the "plays up" column."""


def _check_limits(tournament: Tournament, row: CsvRow) -> None:
    """A rating outside the section's limits (issue 23, item 7): refused as at registration,
    below the lower limit unless the row plays up. The rating is the one registration takes
    (the records of the identity the row's ID gives, else the typed one)."""
    data = row.data
    player = identity.by_id(data) or Player(fide_rating=fide_rating(tournament, row.rating))
    typed = typed_rating(tournament, row.rating)
    entry = Entry(tournament=tournament, player=player, typed_rating=typed, **data.fields())
    entry.typed_rating_kind = "" if typed is None else tournament.pairing_rating
    if problem := tournament.rating_limit_problem(tournament.rating_of_entry(entry), row.plays_up):
        row.errors.append(f"{row.name} is {problem}")


def preview_csv(tournament: Tournament, text: str) -> CsvPreview:
    """Read a player list (comma, semicolon or tab separated, with a header line) and check
    every row: its errors, a player registered already (refused by ID, a question by name), a
    person on record with the same name and birth year (a question). Nothing is saved."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        return CsvPreview([], [], "The file is empty.")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text.splitlines()[0], delimiters=",;\t"
        )
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        first = next(reader)
    except csv.Error as e:
        return CsvPreview([], [], f"Line 1 cannot be read: {e}.")
    header = [_column(tournament, h) for h in first]
    if not tournament.is_uscf:  # the US Chess pairing columns are read in US Chess sections
        header = ["" if h in ("keep_apart", "assigned_rating") else h for h in header]
    if "name" not in header and "last_name" not in header:
        return CsvPreview(
            [], [], "The first line must name the columns, with at least a 'name' column."
        )
    rows = []
    try:
        for values in reader:
            if not any(v.strip() for v in values):
                continue
            raw = {key: v.strip() for key, v in zip(header, values, strict=False) if key}
            row = CsvRow(reader.line_num)
            _check_row(row, raw, max_rating(tournament))
            rows.append(row)
    except csv.Error as e:  # e.g. a field over the csv module's 131,072 characters
        return CsvPreview([], [], f"Line {reader.line_num} cannot be read: {e}.")
    _check_duplicates(tournament, rows)
    return CsvPreview(rows, [h for h in header if h])


def _check_duplicates(tournament: Tournament, rows: list[CsvRow]) -> None:
    """The same ID twice in the file or already in the tournament is an error; the same name
    (nothing telling them apart) is a question, and so is a person on record with the same
    name and birth year."""
    entries: dict[str, list[Entry]] = {}  # by name (issue 27: no scan of every entry per row)
    for entry in tournament.entries.all():
        entries.setdefault(identity.normalized(entry.name), []).append(entry)
    seen: dict[tuple[str, str], int] = {}
    earlier: dict[str, list[tuple[CsvRow, Entry]]] = {}
    for r in rows:
        if not r.ok:
            continue
        for kind, label in (("fide_id", "FIDE ID"), ("uscf_id", "US Chess ID")):
            value = getattr(r, kind)
            if value and (kind, value) in seen:
                r.errors.append(f"{label} {value} is already on line {seen[(kind, value)]}")
            elif value:
                seen[(kind, value)] = r.line
        if not r.ok:
            continue
        data = r.data
        same = identity.same_player(tournament, data, identity.by_id(data))
        if same is not None:
            r.errors.append(f"{already(same)} (same ID)")
            continue
        if conflict := identity.id_conflict(data):
            r.errors.append(conflict)
            continue
        key = identity.normalized(r.name)
        twins = identity.namesakes(entries.get(key, []), data)
        if twins:
            r.namesake = already(twins[0])
        else:
            same_name = earlier.get(key, [])
            row_twins = identity.namesakes([e for _, e in same_name], data)
            if row_twins:
                line = next(row.line for row, e in same_name if e is row_twins[0])
                r.namesake = f"{r.name} is already on line {line}"
        _check_limits(tournament, r)
        if not r.ok:
            continue
        r.candidates = identity.candidates(data, tournament)
        earlier.setdefault(key, []).append((r, Entry(**data.fields())))


@dataclass(frozen=True)
class CsvDecisions:
    """The arbiter's answers to the preview's questions, by line."""

    namesakes: frozenset[int] = frozenset()
    """Lines registered although a namesake is registered (another player)."""
    same_as: dict[int, int] = field(default_factory=dict)
    """Line -> the person on record the arbiter says the row is."""


@dataclass(frozen=True)
class CsvImported:
    registered: int
    skipped: int
    """Rows with a namesake the arbiter did not confirm."""


def import_csv(tournament_id: int, text: str, decisions: CsvDecisions | None = None) -> CsvImported:
    """Register the valid rows of a player list (checked again) with the arbiter's answers;
    a row with a namesake is skipped unless confirmed. One transaction."""
    decisions = decisions or CsvDecisions()
    with transaction.atomic():
        tournament = open_for_entries(tournament_id)
        preview = preview_csv(tournament, text)
        if preview.error:
            raise ArbiterError(preview.error)
        if too_many := too_many_players(tournament.entries.count() + len(preview.valid)):
            raise ArbiterError(too_many)
        columns = columns_paired(tournament)
        registered = skipped = 0
        rows = []
        for row in preview.valid:
            if row.namesake and row.line not in decisions.namesakes:
                skipped += 1
            else:
                rows.append(row)
        fresh = {  # issue 27: the identities a registration without ID makes, in one query
            row.line: Player(**row.data.fields(), fide_rating=fide_rating(tournament, row.rating))
            for row in rows
            if not any(row.data.ids) and row.line not in decisions.same_as
        }
        Player.objects.bulk_create(list(fresh.values()), batch_size=500)
        number = next_pairing_number(tournament)
        new = []
        with signals.quiet():  # the lock renewed the revision: not once more per row
            for row in rows:
                data, typed, plays_up = row.data, typed_rating(tournament, row.rating), row.plays_up
                if row.line in fresh:  # a new identity: registered nowhere yet
                    player = fresh[row.line]
                    new.append(
                        new_entry(
                            tournament, player, data, typed, columns, plays_up, row.us, number
                        )
                    )
                else:
                    same_as = decisions.same_as.get(row.line)
                    fide = fide_rating(tournament, row.rating)
                    player = identity.resolve(data, fide, same_as, row.candidates)
                    enter(tournament, player, data, typed, columns, plays_up, row.us, number)
                number += 1
                registered += 1
            enter_new(tournament, new, columns)
        reseed(tournament)
        return CsvImported(registered, skipped)
