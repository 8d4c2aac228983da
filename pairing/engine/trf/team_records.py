"""TRF-2026 team records read by the TRF reader: 300, 320 and 330 checked column by column
(kept verbatim for the team standings, ``tiebreaks/teams.py``) and 299, "abnormal assignment
points"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pairing.engine.trf.lines import Line, read_half_points, read_int


def _check_320(line: Line) -> None:
    """TRF-2026 320, the teams' pairing-allocated byes: PAB match points 5-8 and game points
    10-13 (``11.5``), then the PAB team of each round at 15-17, 19-21, ... (``000``: none)."""
    for first, what in ((5, "PAB match points"), (10, "PAB game points")):
        if read_half_points(line, line.col(first, first + 3), first, what) < 0:
            raise line.error(f"{what} must not be negative", first)
    start = 15
    while start <= len(line.text.rstrip()):
        read_int(line, start, start + 2, f"round {(start - 15) // 4 + 1} PAB team", blank=0)
        start += 4


def _check_330(line: Line) -> None:
    """TRF-2026 330, a forfeited match: type 5-6 (``+-``, ``-+``, ``--``), round 8-10, white
    team 12-14, black team 16-18."""
    if line.col(5, 6) not in ("+-", "-+", "--"):
        raise line.error(f"forfeit type must be +-, -+ or --, found {line.col(5, 6)!r}", 5)
    if read_int(line, 8, 10, "round") == 0:
        raise line.error("round must be 1 or more", 8)
    if read_int(line, 12, 14, "white team") == read_int(line, 16, 18, "black team"):
        raise line.error("a team cannot forfeit against itself", 16)


def _check_300(line: Line) -> None:
    """TRF-2026 300, a line-up out of the default board order: round 5-7, team 9-11, opponent
    13-15, then the player on each board at 17-20, 22-25, ... (``0000``: an empty board)."""
    if read_int(line, 5, 7, "round") == 0:
        raise line.error("round must be 1 or more", 5)
    read_int(line, 9, 11, "team")
    read_int(line, 13, 15, "opponent team")
    start = 17
    if start > len(line.text.rstrip()):
        raise line.error("the line-up names no board", 17)
    while start <= len(line.text.rstrip()):
        read_int(line, start, start + 3, f"board {(start - 17) // 5 + 1} player")
        start += 5


TEAM_RECORD_CHECKS: Mapping[str, Callable[[Line], None]] = {
    "300": _check_300,
    "320": _check_320,
    "330": _check_330,
}
"""The team records whose columns are checked when read; kept verbatim for the team
standings (``tiebreaks/teams.py``)."""


@dataclass(frozen=True, slots=True)
class Abnormal:
    """A TRF-2026 299 record, "abnormal assignment points": type (column 5: ``W D L F H Z + -``
    a result, blank a penalty/bonus), match points 8-11 (teams only) and game points (teams)
    or points (individuals) 14-17, both ``[-]11.5`` in half-points here, ``None`` when
    blank; round 20-22 (``000`` or blank: every round, ``0`` here); the (team) pairing
    numbers at 24-27, 29-32, ... (none: every participant)."""

    kind: str
    match_points: int | None
    points: int | None
    round: int
    ids: tuple[int, ...]


ABNORMAL_TYPES = "WDLFHZ+- "
"""TRF-2026 299 column 5: win, draw, loss, full-, half-, zero-point bye, forfeit win, forfeit
loss; blank: penalty/bonus points."""


def read_299(line: Line) -> Abnormal:
    """The columns of a 299 record (TRF-2026, "Abnormal Assignment Points"), checked: a
    malformed one is a :class:`TrfError` naming the line and the column."""
    kind = line.col(5, 5).upper()
    if kind not in ABNORMAL_TYPES:
        raise line.error(
            f"abnormal assignment type must be one of W D L F H Z + - or blank, found {kind!r}",
            5,
        )
    for column in (6, 7, 12, 13, 18, 19, 23):
        if line.col(column, column) != " ":
            raise line.error(
                f"unexpected {line.col(column, column)!r} (record 299 is 'T  MMMM  GGGG  RRR "
                f"NNNN NNNN ...')",
                column,
            )
    values = []
    for first, what in ((8, "match points"), (14, "points")):
        raw = line.col(first, first + 3)
        values.append(read_half_points(line, raw, first, what) if raw.strip() else None)
    if values == [None, None]:
        raise line.error("record 299 gives no points (columns 8-11 and 14-17 are blank)", 8)
    rnd = read_int(line, 20, 22, "round", blank=0)
    ids = []
    start = 24
    while start <= len(line.text.rstrip()):
        if line.col(start - 1, start - 1) != " ":
            raise line.error(f"unexpected {line.col(start - 1, start - 1)!r}", start - 1)
        ids.append(read_int(line, start, start + 3, "pairing number"))
        start += 5
    return Abnormal(kind, values[0], values[1], rnd, tuple(ids))


ABNORMAL_POINTS = {
    "W": "win",
    "D": "draw",
    "L": "loss",
    "F": "full_bye",
    "H": "half_bye",
    "Z": "zero_bye",
    "+": "forfeit_win",
    "-": "forfeit_loss",
}
"""A 299 type -> the :class:`PointValues` field it sets in an individual tournament."""
