"""The TRF-2026 records of a team tournament that say more than the games do: 300 (line-ups
out of board order), 320 (the pairing-allocated byes), 330 (forfeited matches), 240 (teams'
requested byes) and 299 (abnormal assignment points), read from the state's kept records for
:func:`pairing.engine.tiebreaks.teams.team_tournament`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pairing.engine.core.errors import TeamError
from pairing.engine.core.state import PlayerId, TournamentState


@dataclass(frozen=True, slots=True)
class TeamRecords:
    """What records 300, 320 and 330 say about the matches. Rounds are 1-based."""

    pab_match_points: int | None = None
    """Record 320 columns 5-8: MP of a pairing-allocated bye (half-points)."""
    pab_game_points: int | None = None
    """Record 320 columns 10-13: GP of a pairing-allocated bye (half-points)."""
    pab: Mapping[int, int] = field(default_factory=dict)
    """Round -> the team given the pairing-allocated bye (record 320, 15-17, 19-21, ...)."""
    forfeits: Mapping[tuple[int, int], tuple[int, bool]] = field(default_factory=dict)
    """(round, team) -> (opponent, won) of a forfeited match (record 330)."""
    lineups: Mapping[tuple[int, int], tuple[int, tuple[PlayerId | None, ...]]] = field(
        default_factory=dict
    )
    """(round, team) -> (opponent, player on each board, ``None`` empty) (record 300)."""
    byes: Mapping[tuple[int, int], str] = field(default_factory=dict)
    """(round, team) -> ``F``, ``H`` or ``Z``: the team's requested bye (record 240)."""
    abnormal: tuple[AbnormalPoints, ...] = ()
    """Record 299, in file order."""


@dataclass(frozen=True, slots=True)
class AbnormalPoints:
    """A TRF-2026 299 record of a team tournament: ``kind`` (``W D L F H Z + -``, ``" "`` a
    penalty/bonus), match and game points in half-points (``None``: blank), ``round`` (0:
    every round) and the team numbers (empty: every team)."""

    kind: str
    match_points: int | None
    game_points: int | None
    round: int
    teams: tuple[int, ...]


def _column(line: str, first: int, last: int) -> str:
    return line[first - 1 : last]


def _count(line: str, first: int, last: int, what: str) -> int:
    text = _column(line, first, last).strip()
    if not text.isascii() or not text.isdigit():
        raise TeamError(f"record {line[:3]}: {what} at columns {first}-{last} is not a number")
    return int(text)


def _record_points(line: str, first: int, last: int, what: str) -> int:
    text = _column(line, first, last).strip()
    try:
        value = Fraction(text) * 2
    except (ValueError, ZeroDivisionError):
        value = Fraction(1, 3)
    if not text or value.denominator != 1 or value < 0:
        raise TeamError(
            f"record {line[:3]}: {what} at columns {first}-{last} is not a number of half-points"
        )
    return int(value)


def read_team_records(state: TournamentState) -> TeamRecords:
    """Records 320 (``320 MMMM GGGG TTT TTT ...``: PAB match points 5-8, game points 10-13, the
    PAB team of round 1 at 15-17, round 2 at 19-21, ..., ``000`` none), 330 (``330 TT RRR WWW
    BBB``: ``+-`` white won, ``-+`` black won, ``--`` double forfeit; round 8-10, white team
    12-14, black team 16-18) and 300 (``300 RRR TTT OOO PPPP PPPP ...``: round 5-7, team 9-11,
    opponent 13-15, the players on boards 1, 2, ... at 17-20, 22-25, ..., ``0000`` an empty
    board). The TRF reader has checked their columns (TrfError with line and column)."""
    pab_mp = pab_gp = None
    pab: dict[int, int] = {}
    forfeits: dict[tuple[int, int], tuple[int, bool]] = {}
    lineups: dict[tuple[int, int], tuple[int, tuple[PlayerId | None, ...]]] = {}
    byes: dict[tuple[int, int], str] = {}
    abnormal: list[AbnormalPoints] = []
    for code, rest in state.info.extra_records:
        line = code + rest
        if code == "320":
            if pab_mp is not None:
                raise TeamError("record 320 is given twice (one per tournament)")
            pab_mp = _record_points(line, 5, 8, "PAB match points")
            pab_gp = _record_points(line, 10, 13, "PAB game points")
            for rnd, start in enumerate(range(15, len(line) + 1, 4), start=1):
                if _column(line, start, start + 2).strip():
                    number = _count(line, start, start + 2, f"round {rnd} team")
                    if number:  # 000: no bye that round
                        pab[rnd] = number
        elif code == "330":
            kind = _column(line, 5, 6)
            if kind not in ("+-", "-+", "--"):
                raise TeamError(f"record 330: forfeit type {kind!r} is not +-, -+ or --")
            rnd = _count(line, 8, 10, "round")
            white = _count(line, 12, 14, "white team")
            black = _count(line, 16, 18, "black team")
            for team, other, won in ((white, black, kind == "+-"), (black, white, kind == "-+")):
                if (rnd, team) in forfeits:
                    raise TeamError(f"record 330: team {team} has two forfeits in round {rnd}")
                forfeits[(rnd, team)] = (other, won)
        elif code == "300":
            rnd = _count(line, 5, 7, "round")
            team = _count(line, 9, 11, "team")
            opponent = _count(line, 13, 15, "opponent team")
            players = tuple(
                _count(line, start, start + 3, f"board {i} player") or None
                for i, start in enumerate(range(17, len(line) + 1, 5), start=1)
            )
            if (rnd, team) in lineups:
                raise TeamError(f"record 300: team {team} has two line-ups in round {rnd}")
            lineups[(rnd, team)] = (opponent, players)
        elif code == "240":
            _read_team_byes(line, byes)
        elif code == "299":
            abnormal.append(_read_abnormal(line))
    return TeamRecords(pab_mp, pab_gp, pab, forfeits, lineups, byes, tuple(abnormal))


def _read_team_byes(line: str, byes: dict[tuple[int, int], str]) -> None:
    """Record 240 of a team tournament (TRF-2026 "Bye Section": type 5, round 7-9, then the
    team numbers at 11-14, 16-19, ...; "Player/Team ID")."""
    kind = _column(line, 5, 5).upper()
    rnd = _count(line, 7, 9, "round")
    for start in range(11, len(line.rstrip()) + 1, 5):
        team = _count(line, start, start + 3, "team")
        if (rnd, team) in byes:
            raise TeamError(f"record 240: team {team} has two byes in round {rnd}")
        byes[(rnd, team)] = kind


def _read_abnormal(line: str) -> AbnormalPoints:
    """Record 299 (TRF-2026 "Abnormal Assignment Points": type 5, match points 8-11, game
    points 14-17, round 20-22, team numbers at 24-27, 29-32, ...); the TRF reader has checked
    its columns."""
    values = []
    for first in (8, 14):
        text = _column(line, first, first + 3).strip()
        values.append(int(Fraction(text) * 2) if text else None)
    rnd = _count(line, 20, 22, "round") if _column(line, 20, 22).strip() else 0
    teams = tuple(
        _count(line, start, start + 3, "team") for start in range(24, len(line.rstrip()) + 1, 5)
    )
    return AbnormalPoints(_column(line, 5, 5).upper() or " ", values[0], values[1], rnd, teams)
