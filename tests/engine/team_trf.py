"""Set-up shared by the team tie-break mutant tests (``test_tiebreaks_team*_mutants.py``): a
:class:`TeamTournament` built from match results, and a :class:`TournamentState` built from
the players' games and the TRF-2026 team records (310, 240, 299, 300, 320, 330, 362), with the
records' columns as the TRF-2026 text places them (docs/tiebreaks.md quotes each layout).

Units: half-points, like the engine (TW = 4, TD = 2, a game won = 2)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine.core.errors import TrfError
from pairing.engine.core.state import (
    Colour,
    Player,
    PlayerId,
    RoundEntry,
    TournamentInfo,
    TournamentState,
)
from pairing.engine.tiebreaks import Team, TeamRound, TeamTournament
from pairing.engine.trf import read_trf, write_trf

Match = tuple[int, int | None, int, bool]
"""(home, away, home's GP in half-points, played); ``away`` None: ``home`` is not paired."""


def tournament(matches: list[list[Match]], teams: int, boards: int) -> TeamTournament:
    """Rounds of matches; MP from the GP: more than half the boards' points wins TW 4, exactly
    half TD 2 (C.07 11.1 with TW 2 / TD 1 / TL 0). A team not paired scores nothing."""
    rounds: dict[int, list[TeamRound]] = {n: [] for n in range(1, teams + 1)}
    for games in matches:
        for home, away, gp, played in games:
            if away is None:
                rounds[home].append(TeamRound(None, 0, 0, False))
                continue
            other = 2 * boards - gp
            mp = 4 if gp > other else 2 if gp == other else 0
            rounds[home].append(TeamRound(away, gp, mp, played))
            rounds[away].append(TeamRound(home, other, 4 - mp, played))
    return TeamTournament(
        tuple(Team(n, f"T{n}", ()) for n in rounds),
        {n: tuple(rs) for n, rs in rounds.items()},
        boards,
        total_rounds=len(matches),
    )


# -- TRF-2026 team records -----------------------------------------------------------------


def record_310(number: int, name: str, players: tuple[int, ...]) -> str:
    """310: team number 5-7, name 9-40, the players at 74-77, 79-82, ... (board order)."""
    return f"310 {number:3d} {name:<32}".ljust(73) + " ".join(f"{p:4d}" for p in players)


def record_299(kind: str, mp: str = "", gp: str = "", rnd: str = "", *teams: int) -> str:
    """299 "Abnormal Assignment Points": type 5, match points 8-11, game points 14-17 (``11.5``
    right-aligned), round 20-22, the team numbers at 24-27, 29-32, ..."""
    line = f"299 {kind}  {mp:>4}  {gp:>4}  {rnd:>3}"
    return line + "".join(f" {t:4d}" for t in teams)


def record_240(kind: str, rnd: int, *teams: int) -> str:
    """240 "Bye Section": type 5 (F H Z), round 7-9, the team numbers at 11-14, 16-19, ..."""
    return f"240 {kind} {rnd:3d}" + "".join(f" {t:4d}" for t in teams)


def record_300(rnd: int, team: int, opponent: int, *players: int) -> str:
    """300: round 5-7, team 9-11, opponent 13-15, the player on each board at 17-20, 22-25,
    ... (0: an empty board)."""
    return f"300 {rnd:3d} {team:3d} {opponent:3d}" + "".join(f" {p:4d}" for p in players)


def record_013(name: str, players: tuple[int, ...]) -> str:
    """TRF16 013: team name 5-36, the players at 37-40, 42-45, ... (board order)."""
    return f"013 {name:<32}" + " ".join(f"{p:4d}" for p in players)


def record_320(mp: str, gp: str, *teams: int) -> str:
    """320: PAB match points 5-8, game points 10-13, the PAB team of each round at 15-17,
    19-21, ... (0: none that round)."""
    return f"320 {mp:>4} {gp:>4}" + "".join(f" {t:3d}" for t in teams)


def record_330(kind: str, rnd: int, white: int, black: int) -> str:
    """330: type 5-6 (``+-``, ``-+``, ``--``), round 8-10, white team 12-14, black 16-18."""
    return f"330 {kind} {rnd:3d} {white:3d} {black:3d}"


def split(line: str) -> tuple[str, str]:
    """A record as the state keeps it: (code, the rest of the line)."""
    return line[:3], line[3:]


_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "--": "-"}

Game = tuple[int, int, str]
"""(white, black, white's result code): ``1 = 0`` played, ``+ -`` forfeited, ``--`` both
forfeited."""


def team_state(
    rounds: list[list[Game]],
    teams: Sequence[tuple[int, ...]],
    records: tuple[str, ...] = (),
    unpaired: dict[tuple[int, PlayerId], str] | None = None,
) -> TournamentState:
    """Teams 1, 2, ... of the given players (record 310, board order as listed); players
    1..the last member; each round's games; a player without a game gets ``0000 - CODE``
    (``unpaired[(round, player)]``, 1-based round; ``Z`` by default; ``w+`` / ``b-``: TRF-2026's
    ``0000 w +``, a scheduled board forfeited). ``records``: more TRF lines (240, 299, 300,
    320, 330, 362)."""
    last = max(p for t in teams for p in t)
    results: dict[PlayerId, list[RoundEntry]] = {pid: [] for pid in range(1, last + 1)}
    for rnd, games in enumerate(rounds, start=1):
        seen = set()
        for white, black, code in games:
            results[white].append(RoundEntry(black, Colour.WHITE, code[0]))
            results[black].append(RoundEntry(white, Colour.BLACK, _OTHER[code]))
            seen |= {white, black}
        for pid in results:
            if pid not in seen:
                code = (unpaired or {}).get((rnd, pid), "Z")
                colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(code[0]) if code[1:] else None
                results[pid].append(RoundEntry(None, colour, code[-1]))
    players = tuple(
        Player(pid, name=f"Player {pid}", results=tuple(rs)) for pid, rs in results.items()
    )
    lines = [record_310(n, f"Team {n}", t) for n, t in enumerate(teams, start=1)]
    return TournamentState(
        players=players,
        rounds_done=len(rounds),
        total_rounds=len(rounds),
        info=TournamentInfo(
            name="Teams", extra_records=tuple(split(x) for x in (*lines, *records))
        ),
    )


ONE_ROUND: list[list[Game]] = [[(1, 3, "1"), (4, 2, "="), (5, 7, "1"), (8, 6, "=")]]
"""Teams 1 (players 1, 2), 2 (3, 4), 3 (5, 6), 4 (7, 8); round 1: 1-2 1.5 : 0.5 (1-3 1-0,
4-2 1/2), 3-4 1.5 : 0.5 (5-7 1-0, 8-6 1/2)."""
FOUR_TEAMS: list[tuple[int, ...]] = [(1, 2), (3, 4), (5, 6), (7, 8)]


def team_file(*records: str) -> tuple[str, int]:
    """The TRF-2026 text of :data:`ONE_ROUND` with ``records`` appended, and the line number
    of the first appended record."""
    text = write_trf(team_state(ONE_ROUND, FOUR_TEAMS), version=26)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n").split("\n")
    return "\n".join([*lines, *records]) + "\n", len(lines) + 1


def trf_error(*records: str) -> tuple[str, int, int]:
    """The reader's refusal of :func:`team_file` with ``records``: (message, line relative to
    the first record, 1-based; column)."""
    text, first = team_file(*records)
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    return caught.value.message, caught.value.line - first + 1, caught.value.column


def at(text: str, column: int, char: str) -> str:
    """``text`` with ``char`` at 1-based ``column``."""
    return text[: column - 1] + char + text[column:]
