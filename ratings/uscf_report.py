"""The US Chess rating report: the dBase file set US Chess's upload takes for a rated event.

Three dBase III tables in the "2C" layout, written with the ``dbf`` package and zipped together:

* ``THEXPORT.DBF`` — one record for the event: ``H_FORMAT`` ("2C"), ``H_PROGRAM``,
  ``H_EVENT_ID`` (blank: US Chess assigns it), ``H_NAME``, ``H_TOT_SECT``, ``H_BEG_DATE``,
  ``H_END_DATE``, ``H_AFF_ID``, ``H_CITY``, ``H_STATE``, ``H_ZIPCODE``, ``H_COUNTRY``,
  ``H_SENDCROS``, ``H_CTD_ID``, ``H_ATD_ID``, ``H_OTHER_TD``;
* ``TSEXPORT.DBF`` — one record per section: ``S_EVENT_ID``, ``S_SEC_NUM``, ``S_SEC_NAME``,
  ``S_R_SYSTEM`` (R Regular, Q Quick, D dual), ``S_TIMECTL``, ``S_CTD_ID``, ``S_ATD_ID``,
  ``S_TRN_TYPE`` (S: Swiss), ``S_TOT_RNDS``, ``S_LST_PAIR`` (highest pairing number),
  ``S_BEG_DATE``, ``S_END_DATE``, ``S_SCH_LVL``, ``S_GR_PRIX``, ``S_GP_PTS``, ``S_FIDE``;
* ``TDEXPORT.DBF`` — one record per player per section: ``D_EVENT_ID``, ``D_SEC_NUM``,
  ``D_PAIR_NUM``, ``D_MEM_ID`` (US Chess ID), ``D_NAME``, ``D_STATE``, ``D_RATING`` (the
  pre-event rating), then ``D_RND01`` … one 7-character cell per round: the result code, the
  opponent's pairing number and the player's colour, left-justified (``W12B``: a win against
  no. 12 with Black). Codes: ``W``/``L``/``D`` played games; ``X``/``F`` forfeit win/loss,
  ``B`` full-point bye, ``H`` half-point bye, ``U`` zero-point bye or no game — these with
  opponent 0 and no colour (``X0``). Columns past a shorter section's last round are ``U0``.

Character fields are left-justified ASCII (accents dropped), numbers written as characters,
dates as dBase dates (YYYYMMDD). The layout follows the US Chess TD/affiliate file-format
description of the 2C format as pairing programs write it; ``docs/ratings.md`` says how to
upload the files.
"""

from __future__ import annotations

import io
import tempfile
import unicodedata
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import dbf

from ratings.models import (
    Event,
    EventMember,
    RatedEvent,
    RatingRecord,
    System,
    UscfMember,
    shown,
)
from tournaments.models import Bye, Entry, Game, Tournament

PROGRAM = "SWISSMGR"
FORMAT = "2C"
FILES = ("THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF")

HEADER_FIELDS = (
    "H_FORMAT C(5); H_PROGRAM C(10); H_EVENT_ID C(12); H_NAME C(35); H_TOT_SECT C(2); "
    "H_BEG_DATE D; H_END_DATE D; H_AFF_ID C(8); H_CITY C(21); H_STATE C(2); H_ZIPCODE C(10); "
    "H_COUNTRY C(21); H_SENDCROS C(1); H_CTD_ID C(8); H_ATD_ID C(8); H_OTHER_TD C(255)"
)
SECTION_FIELDS = (
    "S_EVENT_ID C(12); S_SEC_NUM C(2); S_SEC_NAME C(30); S_R_SYSTEM C(1); S_TIMECTL C(40); "
    "S_CTD_ID C(8); S_ATD_ID C(8); S_TRN_TYPE C(1); S_TOT_RNDS C(2); S_LST_PAIR C(4); "
    "S_BEG_DATE D; S_END_DATE D; S_SCH_LVL C(1); S_GR_PRIX C(1); S_GP_PTS C(3); S_FIDE C(1)"
)
DETAIL_FIELDS = (
    "D_EVENT_ID C(12); D_SEC_NUM C(2); D_PAIR_NUM C(4); D_MEM_ID C(8); D_NAME C(30); "
    "D_STATE C(2); D_RATING C(4)"
)
RATING_SYSTEM_CODES = {
    Tournament.RatingSystem.REGULAR: "R",
    Tournament.RatingSystem.QUICK: "Q",
    Tournament.RatingSystem.DUAL: "D",
}
UNPLAYED = "U0"


class ReportError(ValueError):
    """The report cannot be written; the message says what to fill in or finish first."""


def ascii_text(text: str, width: int) -> str:
    """Single-byte text for a dBase field: accents dropped, anything else non-ASCII removed."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " ".join(folded.split())[:width]


# ---------------------------------------------------------------------------------------------
# Round cells


@dataclass(frozen=True)
class Cell:
    code: str
    opponent: int = 0
    colour: str = ""

    def __str__(self) -> str:
        return f"{self.code}{self.opponent}{self.colour}"


GAME_CODES: dict[str, tuple[str, str]] = {
    Game.Result.WHITE_WINS: ("W", "L"),
    Game.Result.DRAW: ("D", "D"),
    Game.Result.BLACK_WINS: ("L", "W"),
}
"""Played (rated) results: (White's code, Black's code), with the opponent and colour."""
UNPLAYED_CODES: dict[str, tuple[str, str]] = {
    Game.Result.WHITE_WINS_FORFEIT: ("X", "F"),
    Game.Result.BLACK_WINS_FORFEIT: ("F", "X"),
    Game.Result.DOUBLE_FORFEIT: ("F", "F"),
    Game.Result.WHITE_WINS_UNPLAYED: ("X", "F"),
    Game.Result.BLACK_WINS_UNPLAYED: ("F", "X"),
    Game.Result.DRAW_UNPLAYED: ("H", "H"),
}
"""Results without a rated game: forfeits (and games of less than one move), opponent 0."""


def bye_cell(kind: str, tournament: Tournament) -> Cell:
    """A round without a game: full-point bye B, half-point bye H, zero-point bye U."""
    if kind == Bye.Kind.PAIRING_ALLOCATED:
        points = tournament.bye_points
    else:
        points = {Bye.Kind.FULL_POINT: 2, Bye.Kind.HALF_POINT: 1}.get(Bye.Kind(kind), 0)
    return Cell({2: "B", 1: "H"}.get(points, "U"))


def round_cells(tournament: Tournament) -> dict[int, list[Cell]]:
    """Per entry pk: one cell per round row (TRF round column) of the tournament (two
    queries)."""
    entries = {e.pk: e.pairing_number for e in tournament.entries.all()}
    columns = tournament.rounds * tournament.legs
    cells = {pk: [Cell("U")] * columns for pk in entries}
    games = Game.objects.filter(round__tournament=tournament).values_list(
        "round__number", "white_id", "black_id", "result"
    )
    for number, white, black, result in games:
        if number > columns:
            continue
        if result in GAME_CODES:
            w, b = GAME_CODES[result]
            cells[white][number - 1] = Cell(w, entries[black], "W")
            cells[black][number - 1] = Cell(b, entries[white], "B")
        elif result in UNPLAYED_CODES:
            w, b = UNPLAYED_CODES[result]
            cells[white][number - 1] = Cell(w)
            cells[black][number - 1] = Cell(b)
    byes = Bye.objects.filter(entry__tournament=tournament).values_list(
        "entry_id", "round_number", "kind"
    )
    for entry_id, number, kind in byes:
        if number <= columns and cells[entry_id][number - 1] == Cell("U"):
            cells[entry_id][number - 1] = bye_cell(kind, tournament)
    return cells


# ---------------------------------------------------------------------------------------------
# Records


def _primary_system(tournament: Tournament) -> str:
    quick = tournament.rating_system == Tournament.RatingSystem.QUICK
    return System.QUICK if quick else System.REGULAR


def pre_ratings(tournament: Tournament, entries: Sequence[Entry]) -> dict[int, int]:
    """Per player pk: the pre-event US Chess rating (shown) in the section's system — from
    the rated event's changes once rated, else the current records; for a player without
    one, the event's own supplement (the file its arbiters imported), else the rating the
    arbiter typed and paired on (if the section pairs on that system)."""
    system = _primary_system(tournament)
    players = [e.player_id for e in entries]
    ratings = {
        r.player_id: r.rating
        for r in RatingRecord.objects.filter(player_id__in=players, system=system)
    }
    event = RatedEvent.objects.filter(tournament=tournament).first()
    if event is not None:
        for change in event.changes.filter(system=system):
            if change.pre is None:
                ratings.pop(change.player_id, None)
            else:
                ratings[change.player_id] = change.pre
    out = {pid: shown(value) or 0 for pid, value in ratings.items()}
    supplement = _event_supplement_ratings(tournament, entries, system)
    for entry in entries:
        typed = tournament.typed_rating_of(entry)
        if entry.player_id in out:
            continue
        if entry.uscf_id in supplement:
            out[entry.player_id] = supplement[entry.uscf_id]
        elif typed and _pairs_on(tournament, system):
            out[entry.player_id] = typed
    return out


def _event_supplement_ratings(
    tournament: Tournament, entries: Sequence[Entry], system: str
) -> dict[str, int]:
    """US Chess ID -> the rating (shown) in ``system`` of the supplement the event's
    arbiters imported (the one they register and pair by)."""
    if tournament.event_id is None:
        return {}
    column = "quick_rating" if system == System.QUICK else "regular_rating"
    ids = [e.uscf_id for e in entries if e.uscf_id]
    rows = EventMember.objects.filter(event_id=tournament.event_id, uscf_id__in=ids)
    found = rows.exclude(**{f"{column}__isnull": True}).values_list("uscf_id", column)
    return {uscf_id: shown(value) or 0 for uscf_id, value in found}


def _pairs_on(tournament: Tournament, system: str) -> bool:
    kind = Tournament.PairingRating
    uscf = {System.REGULAR: kind.USCF_REGULAR, System.QUICK: kind.USCF_QUICK}
    return tournament.pairing_rating == uscf[System(system)]


def _check(event: Event, sections: Sequence[Tournament]) -> None:
    missing = [
        label
        for label, value in (
            ("affiliate ID", event.affiliate_id),
            ("chief TD's US Chess ID", event.chief_td_id),
            ("city", event.place),
            ("state", event.state),
            ("ZIP code", event.zip_code),  # required by US Chess (WinTD's report dialog too)
        )
        if not value
    ]
    if missing:
        raise ReportError(f"Fill in the event's {', '.join(missing)} first.")
    if not sections:
        raise ReportError(f"{event} has no US Chess-rated section.")
    unfinished = [t.section_name or t.name for t in sections if t.status != t.Status.FINISHED]
    if unfinished:
        raise ReportError(f"Finish every round of {', '.join(unfinished)} first.")


def rated_sections(event: Event) -> list[Tournament]:
    """The event's US Chess-rated sections, in order."""
    return [t for t in event.sections.order_by("pk") if t.rating_system]


@dataclass(frozen=True)
class ReportRows:
    header: dict[str, object]
    sections: list[dict[str, object]]
    details: list[dict[str, object]]
    columns: int
    """D_RNDnn columns: the largest section's round rows."""


def report_rows(event: Event) -> ReportRows:
    """The records of the three tables (raises :class:`ReportError` when something is missing)."""
    sections = rated_sections(event)
    _check(event, sections)
    columns = max(t.rounds * t.legs for t in sections)
    header: dict[str, object] = {
        "H_FORMAT": FORMAT,
        "H_PROGRAM": PROGRAM,
        "H_EVENT_ID": "",
        "H_NAME": ascii_text(event.name, 35),
        "H_TOT_SECT": str(len(sections)),
        "H_BEG_DATE": event.start_date,
        "H_END_DATE": event.end_date,
        "H_AFF_ID": event.affiliate_id.upper(),
        "H_CITY": ascii_text(event.place, 21),
        "H_STATE": event.state.upper(),
        "H_ZIPCODE": event.zip_code,
        "H_COUNTRY": ascii_text(event.country, 21),
        "H_SENDCROS": event.send_crosstable,
        "H_CTD_ID": event.chief_td_id,
        "H_ATD_ID": event.assistant_td_id,
        "H_OTHER_TD": "",
    }
    section_rows: list[dict[str, object]] = []
    details: list[dict[str, object]] = []
    for number, t in enumerate(sections, start=1):
        entries = list(t.entries.select_related("player").order_by("pairing_number"))
        section_rows.append(
            {
                "S_EVENT_ID": "",
                "S_SEC_NUM": str(number),
                "S_SEC_NAME": ascii_text(t.section_name or t.name, 30),
                "S_R_SYSTEM": RATING_SYSTEM_CODES[Tournament.RatingSystem(t.rating_system)],
                "S_TIMECTL": ascii_text(event.time_control, 40),
                "S_CTD_ID": event.chief_td_id,
                "S_ATD_ID": event.assistant_td_id,
                "S_TRN_TYPE": "S",
                "S_TOT_RNDS": str(t.rounds * t.legs),
                "S_LST_PAIR": str(max((e.pairing_number for e in entries), default=0)),
                "S_BEG_DATE": t.start_date,
                "S_END_DATE": t.end_date,
                "S_SCH_LVL": "N",
                "S_GR_PRIX": "N",
                "S_GP_PTS": "0",  # 2C: Grand Prix points, 0 when not a Grand Prix event
                "S_FIDE": "N",
            }
        )
        cells = round_cells(t)
        ratings = pre_ratings(t, entries)
        ids = [e.uscf_id for e in entries if e.uscf_id]
        states = dict(UscfMember.objects.filter(uscf_id__in=ids).values_list("uscf_id", "state"))
        snapshot = EventMember.objects.filter(event=event, uscf_id__in=ids).exclude(state="")
        states |= dict(snapshot.values_list("uscf_id", "state"))  # the event's own first
        for e in entries:
            row: dict[str, object] = {
                "D_EVENT_ID": "",
                "D_SEC_NUM": str(number),
                "D_PAIR_NUM": str(e.pairing_number),
                "D_MEM_ID": e.uscf_id,
                "D_NAME": ascii_text(e.name, 30).upper(),
                "D_STATE": states.get(e.uscf_id, ""),
                "D_RATING": str(ratings.get(e.player_id, 0)),
            }
            own = [str(c) for c in cells[e.pk]]
            for c in range(columns):
                row[f"D_RND{c + 1:02d}"] = own[c] if c < len(own) else UNPLAYED
            details.append(row)
    return ReportRows(header, section_rows, details, columns)


def _write(path: Path, fields: str, rows: Sequence[dict[str, object]]) -> None:
    table = dbf.Table(str(path), fields, dbf_type="db3", codepage="cp437")
    table.open(dbf.READ_WRITE)
    try:
        for row in rows:
            table.append({k.lower(): v for k, v in row.items()})
    finally:
        table.close()


def write_report(rows: ReportRows, folder: Path) -> list[Path]:
    """Write the three tables into ``folder``; their paths."""
    detail_fields = DETAIL_FIELDS + "".join(f"; D_RND{c + 1:02d} C(7)" for c in range(rows.columns))
    paths = [folder / name for name in FILES]
    _write(paths[0], HEADER_FIELDS, [rows.header])
    _write(paths[1], SECTION_FIELDS, rows.sections)
    _write(paths[2], detail_fields, rows.details)
    return paths


def report_zip(event: Event) -> bytes:
    """The three tables in one zip file, ready to upload."""
    rows = report_rows(event)
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_report(rows, Path(tmp))
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in paths:
                archive.write(path, path.name)
    return buffer.getvalue()


def report_filename(event: Event) -> str:
    start: date = event.start_date
    return f"uschess-report-{start:%Y%m%d}-{event.pk}.zip"
