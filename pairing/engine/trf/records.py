"""The records of a TRF document other than the players (001): the header records (012-202,
132 round dates, 142 rounds, 152 initial colour, 162 scoring), the byes, acceleration and
forbidden pairs (240, 250, 260, 299), the team records and the engine's extensions (XXR, XXC,
XXS, XXA, XXP, XXZ, XXT, XXF, BB?), each read into the :class:`Reading` the reader assembles."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from pairing.engine.core.state import Colour, ForbiddenPairs, Player, PlayerId, RoundEntry
from pairing.engine.trf.layout import (
    BB_FIELDS,
    HEADER_FIELDS,
    IGNORED_COUNTS,
    KEPT_VERBATIM,
    RECORD_162_FIELDS,
    ROUND_START,
    XXS_FIELDS,
)
from pairing.engine.trf.lines import Line, read_half_points, read_int
from pairing.engine.trf.team_records import TEAM_RECORD_CHECKS, Abnormal, read_299


@dataclass
class Reading:
    """Everything collected while reading, before the state is assembled."""

    info: dict[str, object] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    round_dates: list[str] = field(default_factory=list)
    extra: list[tuple[str, str]] = field(default_factory=list)
    record_lines: list[tuple[str, int]] = field(default_factory=list)
    players: dict[PlayerId, tuple[Line, Player, list[RoundEntry]]] = field(default_factory=dict)
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    by_rank: bool = False
    points: dict[str, int] = field(default_factory=dict)
    byes: list[tuple[Line, int, str, list[PlayerId]]] = field(default_factory=list)
    absent_next: dict[PlayerId, tuple[Line, int]] = field(default_factory=dict)
    """``XXZ``: player -> (the line, the column naming him)."""
    forbidden: list[tuple[Line, tuple[int, ...], ForbiddenPairs]] = field(default_factory=list)
    """``260``/``XXP``: (the line, the column of each player, the forbidden pairs)."""
    acceleration: dict[PlayerId, list[int]] = field(default_factory=dict)
    acceleration_lines: dict[PlayerId, Line] = field(default_factory=dict)
    """The ``XXA`` line of each player, to name it when the player does not exist."""
    double: bool = False
    fixed_boards: dict[PlayerId, tuple[Line, int]] = field(default_factory=dict)
    """``XXF``: player -> (the line, the board number)."""
    abnormal: list[tuple[Line, Abnormal]] = field(default_factory=list)
    """TRF-2026 299 records, applied once the file is known to be individual or team."""


# -- small parsers -----------------------------------------------------------------------------


def _tokens(line: Line) -> list[tuple[int, str]]:
    """Whitespace-separated words after the record code, with their 1-based columns."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line.text) if m.start() >= 3]


# -- record handlers ------------------------------------------------------------------------------


def read_header(line: Line, rd: Reading) -> None:
    code = line.text[:3]
    text = line.text[4:].rstrip() if len(line.text) > 4 else ""
    if code in HEADER_FIELDS:
        rd.info[HEADER_FIELDS[code]] = text.strip()
    elif code == "112":
        rd.deputies.append(text.strip())
    elif code == "132":
        rd.round_dates = _read_132(line)
    elif code in ("142", "XXR"):
        words = _tokens(line)
        if len(words) != 1 or not words[0][1].isdigit() or not words[0][1].isascii():
            raise line.error("number of rounds must be one whole number", 5)
        rd.total_rounds = int(words[0][1])
        if rd.total_rounds == 0:
            raise line.error("number of rounds must be 1 or more", 5)
    elif code == "152":
        value = text.strip().upper()[:1]
        if value not in ("W", "B"):
            raise line.error("initial colour must be W or B", 5)
        rd.initial_colour = Colour(value.lower())
    elif code == "XXC":
        _read_xxc(line, rd)
    elif code == "XXS":
        _read_points(line, rd, XXS_FIELDS)
    elif code == "162":
        _read_162(line, rd)
    elif code in BB_FIELDS:
        words = _tokens(line)
        if len(words) != 1:
            raise line.error(f"{code} takes one value", 5)
        bb_value = read_half_points(line, words[0][1], words[0][0], code)
        for name in BB_FIELDS[code]:
            rd.points[name] = bb_value
    elif code == "240":
        _read_240(line, rd)
    elif code == "250":
        _read_250(line, rd)
    elif code == "299":
        rd.abnormal.append((line, read_299(line)))
    elif code in ("260", "XXP"):
        _read_forbidden(line, rd)
    elif code == "XXA":
        _read_xxa(line, rd)
    elif code == "XXF":
        _read_xxf(line, rd)
    elif code == "XXZ":
        for column, word in _tokens(line):
            if not word.isdigit() or not word.isascii():
                raise line.error(f"XXZ lists starting ranks, found {word!r}", column)
            rd.absent_next[int(word)] = (line, column)
    elif code == "XXT":
        mode = [w.lower() for _, w in _tokens(line)]
        if mode not in (["double"], ["single"]):
            raise line.error("XXT must be 'double' or 'single'", 5)
        rd.double = mode == ["double"]
    elif code in IGNORED_COUNTS:
        pass
    elif code in TEAM_RECORD_CHECKS or code in KEPT_VERBATIM:
        if code in TEAM_RECORD_CHECKS:
            TEAM_RECORD_CHECKS[code](line)
        rd.extra.append((code, line.text[3:].rstrip()))
        rd.record_lines.append((code, line.number))
    else:
        raise line.error(f"unknown record {code!r}", 1)


def _read_132(line: Line) -> list[str]:
    """Record 132: the date of round r at columns 92 + 10 (r - 1) .. +7, ``YY/MM/DD`` (blank:
    none). A date that does not exist (``26/13/45``) or another form is an error, not a date
    dropped."""
    dates = []
    start = ROUND_START
    while start <= len(line.text.rstrip()):
        raw = line.col(start, start + 7).strip()
        if raw:
            try:
                datetime.strptime(raw, "%y/%m/%d")
            except ValueError:
                rnd = (start - ROUND_START) // 10 + 1
                raise line.error(
                    f"round {rnd}: the date must be a date YY/MM/DD, found {raw!r}", start
                ) from None
        dates.append(raw)
        start += 10
    return dates


def _read_xxc(line: Line, rd: Reading) -> None:
    for column, word in _tokens(line):
        w = word.lower()
        if w in ("white1", "black1"):
            rd.initial_colour = Colour.WHITE if w == "white1" else Colour.BLACK
        elif w == "rank":
            rd.by_rank = True
        else:
            raise line.error(f"XXC takes white1, black1 or rank, found {word!r}", column)


def _read_points(line: Line, rd: Reading, names: Mapping[str, tuple[str, ...]]) -> None:
    for column, word in _tokens(line):
        key, sep, value = word.partition("=")
        if not sep or key.upper() not in names:
            raise line.error(
                f"expected CODE=VALUE with CODE in {', '.join(names)}, found {word!r}", column
            )
        pts = read_half_points(line, value, column + len(key) + 1, key)
        for name in names[key.upper()]:
            rd.points[name] = pts


def _read_162(line: Line, rd: Reading) -> None:
    """TRF26 scoring, read leniently: SYMBOL VALUE pairs from column 6 (value at 7-10)."""
    body = line.text[4:]
    pos = 0
    for m in re.finditer(r"\s*([A-Za-z])\s*(-?\d+(?:\.\d+)?)|\s*(\S)", body):
        if m.group(3):
            raise line.error(
                f"expected a scoring symbol and a value, found {m.group(3)!r}", 5 + m.start(3)
            )
        symbol = m.group(1).upper()
        if symbol not in RECORD_162_FIELDS:
            raise line.error(f"unknown scoring symbol {symbol!r}", 5 + m.start(1))
        pts = read_half_points(line, m.group(2), 5 + m.start(2), symbol)
        for name in RECORD_162_FIELDS[symbol]:
            rd.points[name] = pts
        pos = m.end()
    if body[pos:].strip():
        raise line.error("unreadable scoring record", 5 + pos)


def _read_240(line: Line, rd: Reading) -> None:
    kind = line.col(5, 5).upper()
    if kind not in ("F", "H", "Z"):
        raise line.error("bye type must be F, H or Z", 5)
    rnd = read_int(line, 7, 9, "round")
    ids = []
    start = 11
    while start <= len(line.text.rstrip()):
        ids.append(read_int(line, start, start + 3, "starting rank"))
        start += 5
    rd.byes.append((line, rnd, kind, ids))


def _read_250(line: Line, rd: Reading) -> None:
    raw = line.col(10, 13)
    pts = read_half_points(line, raw, 10, "fictitious points") if raw.strip() else 0
    first_round = read_int(line, 15, 17, "first round")
    last_round = read_int(line, 19, 21, "last round")
    first_id = read_int(line, 23, 26, "first player")
    last_id = read_int(line, 28, 31, "last player")
    if first_round > last_round or first_id > last_id or first_round == 0:
        raise line.error("acceleration ranges must be increasing", 15)
    for pid in range(first_id, last_id + 1):
        rounds = rd.acceleration.setdefault(pid, [])
        if len(rounds) < last_round:
            rounds.extend([0] * (last_round - len(rounds)))
        for r in range(first_round, last_round + 1):
            rounds[r - 1] += pts


def _read_forbidden(line: Line, rd: Reading) -> None:
    if line.text[:3] == "260":
        first, last = read_int(line, 5, 7, "first round"), read_int(line, 9, 11, "last round")
        words = [(c, w) for c, w in _tokens(line) if c >= 13]
    else:
        first = last = 0
        words = _tokens(line)
    ids = []
    for column, word in words:
        if not word.isdigit() or not word.isascii():
            raise line.error(f"expected a starting rank, found {word!r}", column)
        ids.append(int(word))
    if len(ids) < 2:
        raise line.error("a forbidden pairing needs at least two players", 5)
    columns = tuple(column for column, _ in words)
    rd.forbidden.append((line, columns, ForbiddenPairs(tuple(ids), first or None, last or None)))


def _read_xxa(line: Line, rd: Reading) -> None:
    pid = read_int(line, 5, 8, "starting rank")
    rounds = []
    start = 10
    while start <= len(line.text.rstrip()):
        raw = line.col(start, start + 3)
        rounds.append(
            read_half_points(line, raw, start, "accelerated points") if raw.strip() else 0
        )
        start += 5
    if pid in rd.acceleration_lines:
        raise line.error(
            f"player {pid} has a second XXA line (first on line "
            f"{rd.acceleration_lines[pid].number})",
            5,
        )
    rd.acceleration[pid] = rounds
    rd.acceleration_lines[pid] = line


def _read_xxf(line: Line, rd: Reading) -> None:
    """``XXF NNNN BBBB``: the player with starting rank NNNN plays on board BBBB."""
    words = _tokens(line)
    if len(words) != 2 or not all(w.isdigit() and w.isascii() for _, w in words):
        raise line.error("XXF takes a starting rank and a board number", 5)
    pid, board = int(words[0][1]), int(words[1][1])
    if board == 0:
        raise line.error("a board number must be 1 or more", words[1][0])
    if pid in rd.fixed_boards:
        first = rd.fixed_boards[pid][0].number
        raise line.error(f"player {pid} has a second XXF line (first on line {first})", 5)
    rd.fixed_boards[pid] = (line, board)
