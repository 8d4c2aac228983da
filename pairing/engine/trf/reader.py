"""Reading a TRF16/TRF26 document into a :class:`TournamentState`: it either succeeds
completely or raises :class:`TrfError` naming the line and column; nothing is half-loaded."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from pairing.engine.core.acceleration import trim_virtual_points
from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import (
    BLANK,
    Colour,
    ForbiddenPairs,
    Player,
    PlayerId,
    PointValues,
    RoundEntry,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.trf.layout import (
    BB_FIELDS,
    BYE_CODES,
    COMPLEMENT,
    GAME_CODES,
    HEADER_FIELDS,
    IGNORED_COUNTS,
    KEPT_VERBATIM,
    OLD_BYE_CODES,
    RECORD_162_FIELDS,
    ROUND_START,
    XXS_FIELDS,
)
from pairing.engine.trf.lines import Line, read_birth_date, read_half_points, read_int
from pairing.engine.trf.team_records import (
    ABNORMAL_POINTS,
    TEAM_RECORD_CHECKS,
    Abnormal,
    read_299,
)


@dataclass
class _Reading:
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
    absent_next: dict[PlayerId, str] = field(default_factory=dict)
    forbidden: list[ForbiddenPairs] = field(default_factory=list)
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


def _read_player(line: Line, rd: _Reading) -> None:
    pid = read_int(line, 5, 8, "starting rank")
    if pid == 0:
        raise line.error("starting rank must be 1 or more", 5)
    if pid in rd.players:
        raise line.error(
            f"player {pid} appears twice (first on line {rd.players[pid][0].number})", 5
        )
    rating = read_int(line, 49, 52, "rating", blank=0)
    points_raw = line.col(81, 84)
    declared = read_half_points(line, points_raw, 81, "points") if points_raw.strip() else None
    rank = read_int(line, 86, 89, "rank", blank=0) or None
    entries = []
    start = ROUND_START
    while start <= len(line.text.rstrip()):
        entries.append(_read_entry(line, start, pid))
        start += 10
    while entries and entries[-1].blank:
        entries.pop()
    player = Player(
        id=pid,
        name=line.col(15, 47).strip(),
        rating=rating,
        title=line.col(11, 13).strip(),
        sex=line.col(10, 10).strip(),
        federation=line.col(54, 56).strip(),
        fide_id=line.col(58, 68).strip(),
        birth_date=read_birth_date(line),
        declared_points=declared,
        declared_rank=rank,
    )
    rd.players[pid] = (line, player, entries)


_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}


def _read_entry(line: Line, start: int, pid: PlayerId) -> RoundEntry:
    """One round block: opponent at ``start``..+3, colour at +5, result at +7."""
    rnd = (start - ROUND_START) // 10 + 1
    text = line.text
    for sep in (start - 2, start - 1, start + 4, start + 6):
        if sep <= len(text) and text[sep - 1] != " ":  # past the end reads as a blank
            raise line.error(
                f"round {rnd}: unexpected {line.col(sep, sep)!r} (the round "
                f"block is 'OOOO C R' at columns {start}-{start + 7})",
                sep,
            )
    opp_raw = line.col(start, start + 3).strip()
    colour_raw = line.col(start + 5, start + 5).lower()
    code = line.col(start + 7, start + 7).upper()
    if opp_raw and (not opp_raw.isdigit() or not opp_raw.isascii()):
        raise line.error(
            f"round {rnd}: opponent must be a starting rank or 0000, found {opp_raw!r}", start
        )
    opponent = int(opp_raw) if opp_raw else None
    if colour_raw not in ("w", "b", "-", " "):
        raise line.error(f"round {rnd}: colour must be w, b or -, found {colour_raw!r}", start + 5)
    if code not in GAME_CODES | BYE_CODES:
        raise line.error(f"round {rnd}: unknown result code {code!r}", start + 7)
    if opponent:
        if opponent == pid:
            raise line.error(f"round {rnd}: player {pid} is paired against himself", start)
        if colour_raw not in ("w", "b"):
            raise line.error(f"round {rnd}: a game needs colour w or b", start + 5)
        if code not in GAME_CODES:
            raise line.error(f"round {rnd}: result {code!r} needs opponent 0000", start + 7)
        return RoundEntry(opponent, _COLOURS[colour_raw], code)
    if colour_raw in ("w", "b"):
        if code in ("+", "-"):  # TRF-2026: a scheduled board forfeited without an opponent
            return RoundEntry(None, Colour(colour_raw), code)
        raise line.error(
            f"round {rnd}: with opponent 0000 a colour goes only with a forfeit (+ or -); "
            f"a bye has no colour (write '-')",
            start + 5,
        )
    if opponent is None and code == " ":
        return BLANK
    code = OLD_BYE_CODES.get(code, code)
    return RoundEntry(None, None, "Z" if code == " " else code)


def _read_header(line: Line, rd: _Reading) -> None:
    code = line.text[:3]
    text = line.text[4:].rstrip() if len(line.text) > 4 else ""
    if code in HEADER_FIELDS:
        rd.info[HEADER_FIELDS[code]] = text.strip()
    elif code == "112":
        rd.deputies.append(text.strip())
    elif code == "132":
        dates = []
        start = ROUND_START
        while start <= len(line.text.rstrip()):
            dates.append(line.col(start, start + 7).strip())
            start += 10
        rd.round_dates = dates
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
            rd.absent_next[int(word)] = "Z"
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


def _read_xxc(line: Line, rd: _Reading) -> None:
    for column, word in _tokens(line):
        w = word.lower()
        if w in ("white1", "black1"):
            rd.initial_colour = Colour.WHITE if w == "white1" else Colour.BLACK
        elif w == "rank":
            rd.by_rank = True
        else:
            raise line.error(f"XXC takes white1, black1 or rank, found {word!r}", column)


def _read_points(line: Line, rd: _Reading, names: Mapping[str, tuple[str, ...]]) -> None:
    for column, word in _tokens(line):
        key, sep, value = word.partition("=")
        if not sep or key.upper() not in names:
            raise line.error(
                f"expected CODE=VALUE with CODE in {', '.join(names)}, found {word!r}", column
            )
        pts = read_half_points(line, value, column + len(key) + 1, key)
        for name in names[key.upper()]:
            rd.points[name] = pts


def _read_162(line: Line, rd: _Reading) -> None:
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


def _read_240(line: Line, rd: _Reading) -> None:
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


def _team_file(rd: _Reading) -> bool:
    """Team records (TRF-2026 310, TRF16 013): a team tournament."""
    return any(code in ("310", "013") for code, _ in rd.extra)


def _team_records(rd: _Reading) -> None:
    """In a team tournament 240 lists team numbers ("Player/Team ID", TRF-2026 "Bye Section")
    and 299 applies to teams' match and game points: both are kept verbatim for the team
    standings (``tiebreaks/teams.py``), not read as players' byes or points."""
    rd.extra.extend(("240", line.text[3:].rstrip()) for line, _, _, _ in rd.byes)
    rd.extra.extend(("299", line.text[3:].rstrip()) for line, _ in rd.abnormal)
    rd.byes.clear()


def _individual_abnormal(rd: _Reading) -> None:
    """299 in an individual tournament: a result type worth other points in every round for
    every player (round 000 or blank, no pairing number) sets that value, after 162 / XXS /
    BB?. A value for one round or named players, a penalty/bonus (blank type) or match points
    have nothing in an individual state to go to: refused, naming the column."""
    for line, a in rd.abnormal:
        if a.match_points:
            raise line.error("match points (columns 8-11) are for team tournaments only", 8)
        if a.points is None:
            raise line.error("an individual 299 needs points (columns 14-17)", 14)
        if a.kind == " ":
            if a.points:
                raise line.error(
                    "penalty/bonus points (299 with a blank type) for players are not "
                    "supported: this program's scores come from the results only",
                    5,
                )
            continue
        if a.round or a.ids:
            raise line.error(
                "299 points for one round or for named players are not supported; only a "
                "value for every round and every player (round 000, no pairing number)",
                20 if a.round else 24,
            )
        if a.points < 0:
            raise line.error("negative points for a result are not supported", 14)
        rd.points[ABNORMAL_POINTS[a.kind]] = a.points


def _read_250(line: Line, rd: _Reading) -> None:
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


def _read_forbidden(line: Line, rd: _Reading) -> None:
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
    rd.forbidden.append(ForbiddenPairs(tuple(ids), first or None, last or None))


def _read_xxa(line: Line, rd: _Reading) -> None:
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


def _read_xxf(line: Line, rd: _Reading) -> None:
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


# -- assembling and checking ----------------------------------------------------------------------


def _check_pairings(rd: _Reading) -> None:
    for pid, (line, _, entries) in rd.players.items():
        for r, e in enumerate(entries, start=1):
            start = ROUND_START + 10 * (r - 1)
            if e.opponent is None:
                continue
            if e.opponent not in rd.players:
                raise line.error(f"round {r}: opponent {e.opponent} is not a player", start)
            other_entries = rd.players[e.opponent][2]
            other = other_entries[r - 1] if r <= len(other_entries) else BLANK
            if other.opponent != pid:
                raise line.error(
                    f"round {r}: opponent {e.opponent} does not point back "
                    f"(his round {r} says {other.opponent or '0000'})",
                    start,
                )
            if other.colour == e.colour:
                raise line.error(
                    f"round {r}: inconsistent colours, both {pid} and "
                    f"{e.opponent} have {e.colour.value if e.colour else '-'}",
                    start + 5,
                )
            if other.code not in COMPLEMENT[e.code]:
                raise line.error(
                    f"round {r}: result {e.code!r} does not match opponent "
                    f"{e.opponent}'s {other.code!r}",
                    start + 7,
                )


def _rounds_done(rd: _Reading, width: int) -> int:
    """Round columns already paired: up to the last one holding an entry the pairing made (a
    board or the pairing-allocated bye ``U``; a round can hold only byes) or in which nobody
    was to be paired (every player has a bye or absence: nothing left to pair). Later columns
    hold the next rounds' requested byes and absences."""
    done = 0
    for r in range(1, width + 1):
        column = [ents[r - 1] if r <= len(ents) else BLANK for _, _, ents in rd.players.values()]
        if any(_made_by_pairing(e) for e in column) or not any(e.blank for e in column):
            done = r
    return done


def _made_by_pairing(entry: RoundEntry) -> bool:
    """A board or the pairing-allocated bye; also a scheduled board forfeited without an
    opponent (TRF-2026 ``0000 w +``: the colour says the board was paired)."""
    return entry.made_by_pairing or entry.colour is not None


def _later_columns(
    rd: _Reading, done: int, width: int
) -> tuple[dict[PlayerId, str], dict[int, dict[PlayerId, str]]]:
    """Entries after the completed rounds: the next round's absences and later requested byes."""
    absent = dict(rd.absent_next)
    future: dict[int, dict[PlayerId, str]] = {}
    for pid, (line, _, entries) in rd.players.items():
        for r in range(done + 1, len(entries) + 1):
            e = entries[r - 1]
            if e.blank:
                continue
            if r == done + 1:
                absent[pid] = e.code
            elif e.code in ("H", "F", "Z"):
                future.setdefault(r, {})[pid] = e.code
            else:
                raise line.error(
                    f"round {r}: only byes (H, F, Z) may be entered for a round after the next one",
                    ROUND_START + 10 * (r - 1) + 7,
                )
    for line, rnd, kind, ids in rd.byes:
        for pid in ids:
            if pid not in rd.players:
                raise line.error(f"player {pid} does not exist", 11)
            if rnd <= done:
                recorded = rd.players[pid][2][rnd - 1] if rnd <= len(rd.players[pid][2]) else BLANK
                if recorded.code != kind or recorded.opponent is not None:
                    raise line.error(
                        f"round {rnd} is paired and player {pid} has no {kind} bye in it", 5
                    )
            elif rnd == done + 1:
                absent[pid] = kind
            else:
                future.setdefault(rnd, {})[pid] = kind
    return absent, future


def _assemble(rd: _Reading) -> TournamentState:
    if _team_file(rd):
        _team_records(rd)
    else:
        _individual_abnormal(rd)
    width = max((len(e) for _, _, e in rd.players.values()), default=0)
    _check_pairings(rd)
    done = _rounds_done(rd, width)
    absent, future = _later_columns(rd, done, width)
    points = PointValues(**rd.points)
    tpns = {}
    if rd.by_rank:
        for pid, (line, p, _) in rd.players.items():
            if p.declared_rank is None:
                raise line.error("XXC rank: every player needs a rank (columns 86-89)", 86)
            if p.declared_rank in tpns:
                raise line.error(f"XXC rank: rank {p.declared_rank} is used twice", 86)
            tpns[p.declared_rank] = pid
    players = []
    for pid in sorted(rd.players):
        line, p, entries = rd.players[pid]
        results = tuple(entries[:done]) + (BLANK,) * (done - min(len(entries), done))
        player = replace(p, results=results, tpn=(p.declared_rank or pid) if rd.by_rank else pid)
        if p.declared_points is not None:
            total = sum(points.scored(e) for e in player.results)  # a pending game adds nothing
            if pid in absent:
                total += points.scored(RoundEntry(None, None, absent[pid]))
            if total != p.declared_points:
                raise line.error(
                    f"points {p.declared_points / 2:.1f} do not match the results "
                    f"({total / 2:.1f})",
                    81,
                )
        players.append(player)
    for pid in absent:
        if pid not in rd.players:
            raise TrfError(f"absent player {pid} does not exist")
    for f in rd.forbidden:
        for pid in f.players:
            if pid not in rd.players:
                raise TrfError(f"forbidden pairing names unknown player {pid}")
    for pid, xxa in rd.acceleration_lines.items():
        if pid not in rd.players:
            raise xxa.error(f"XXA names unknown player {pid}", 5)
    for pid, (xxf, _) in rd.fixed_boards.items():
        if pid not in rd.players:
            raise xxf.error(f"XXF names unknown player {pid}", 5)
    info = TournamentInfo(
        deputy_arbiters=tuple(rd.deputies),
        round_dates=tuple(rd.round_dates),
        extra_records=tuple(rd.extra),
        record_lines=tuple(rd.record_lines),
        **{k: str(v) for k, v in rd.info.items()},
    )
    return TournamentState(
        players=tuple(players),
        rounds_done=done,
        total_rounds=rd.total_rounds,
        initial_colour=rd.initial_colour,
        points=points,
        absent=absent,
        future_byes=future,
        forbidden=tuple(rd.forbidden),
        acceleration=trim_virtual_points(
            {pid: v for pid, v in rd.acceleration.items() if pid in rd.players}
        ),
        double_rounds=rd.double,
        fixed_boards={pid: board for pid, (_, board) in sorted(rd.fixed_boards.items())},
        info=info,
    )


_CONTROL = re.compile(r"[\x00-\x1f]")
"""A control character (code below 32): not in a TRF line."""


# -- public API ---------------------------------------------------------------------------------


def read_trf(text: str) -> TournamentState:
    """Parse a TRF16/TRF26 document (any of LF, CRLF, CR line endings)."""
    text = text.removeprefix("\ufeff")
    rd = _Reading()
    handlers: dict[str, Callable[[Line, _Reading], None]] = {"001": _read_player}
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if not raw.strip() or raw.startswith("###"):
            continue
        line = Line(number, raw.replace("\t", " "))
        if len(raw) > 3 and raw[3] != " ":
            raise line.error("expected a blank after the record code", 4)
        if control := _CONTROL.search(line.text):
            raise line.error("control character in line", control.start() + 1)
        handlers.get(raw[:3], _read_header)(line, rd)
    if not rd.players:
        raise TrfError("no player records (001) found")
    return _assemble(rd)


def load_trf(path: str | Path) -> TournamentState:
    """Read a TRF file from disk, UTF-8 (Latin-1 is accepted as a fallback)."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_trf(text)
