"""Reading a TRF16/TRF26 document into a :class:`TournamentState`: it either succeeds
completely or raises :class:`TrfError` naming the line and column; nothing is half-loaded."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from pairing.engine.core.acceleration import trim_virtual_points
from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import (
    BLANK,
    Colour,
    Player,
    PlayerId,
    PointValues,
    RoundEntry,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.trf.layout import (
    BYE_CODES,
    COMPLEMENT,
    GAME_CODES,
    OLD_BYE_CODES,
    ROUND_START,
)
from pairing.engine.trf.lines import Line, read_birth_date, read_half_points, read_int
from pairing.engine.trf.records import Reading, read_header
from pairing.engine.trf.team_records import ABNORMAL_POINTS

# -- the player records (001) ------------------------------------------------------------------


def _read_player(line: Line, rd: Reading) -> None:
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


def _team_file(rd: Reading) -> bool:
    """Team records (TRF-2026 310, TRF16 013): a team tournament."""
    return any(code in ("310", "013") for code, _ in rd.extra)


def _team_records(rd: Reading) -> None:
    """In a team tournament 240 lists team numbers ("Player/Team ID", TRF-2026 "Bye Section")
    and 299 applies to teams' match and game points: both are kept verbatim for the team
    standings (``tiebreaks/teams.py``), not read as players' byes or points."""
    rd.extra.extend(("240", line.text[3:].rstrip()) for line, _, _, _ in rd.byes)
    rd.extra.extend(("299", line.text[3:].rstrip()) for line, _ in rd.abnormal)
    rd.byes.clear()


def _individual_abnormal(rd: Reading) -> None:
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


# -- assembling and checking ----------------------------------------------------------------------


def _check_pairings(rd: Reading) -> None:
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


def _rounds_done(rd: Reading, width: int) -> int:
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
    rd: Reading, done: int, width: int
) -> tuple[dict[PlayerId, str], dict[int, dict[PlayerId, str]]]:
    """Entries after the completed rounds: the next round's absences and later requested byes."""
    absent = dict.fromkeys(rd.absent_next, "Z")
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
        for i, pid in enumerate(ids):
            if pid not in rd.players:
                raise line.error(f"player {pid} does not exist", 11 + 5 * i)
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


def _assemble(rd: Reading) -> TournamentState:
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
    for pid, (xxz, column) in rd.absent_next.items():
        if pid not in rd.players:
            raise xxz.error(f"XXZ names unknown player {pid}", column)
    for line, columns, f in rd.forbidden:
        for column, pid in zip(columns, f.players, strict=True):
            if pid not in rd.players:
                raise line.error(f"forbidden pairing names unknown player {pid}", column)
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
        forbidden=tuple(f for _, _, f in rd.forbidden),
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
    rd = Reading()
    handlers: dict[str, Callable[[Line, Reading], None]] = {"001": _read_player}
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        if not raw.strip() or raw.startswith("###"):
            continue
        line = Line(number, raw.replace("\t", " "))
        if len(raw) > 3 and raw[3] != " ":
            raise line.error("expected a blank after the record code", 4)
        if control := _CONTROL.search(line.text):
            raise line.error("control character in line", control.start() + 1)
        handlers.get(raw[:3], read_header)(line, rd)
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
