"""Team tournaments read from a TRF: the teams (TRF-2026 record 310, TRF16 record 013), the
match-point scoring (record 362) and every team's matches, derived from the individual games.

A match is read from the players' round columns: the team's players paired against players of
one other team played that team; their points are the team's game points (GP, C.07 11.1) and
the comparison of both teams' GP gives the match points (MP, 11.1; TW 2 / TD 1 / TL 0 unless
record 362 says otherwise). A team without an opposing team in a round was not paired: its GP
are its players' bye points and its MP those of a win, draw or loss as that GP is above, equal
to or below a draw on every board (this program's reading), unless TRF-2026 record 320 names it
as the round's pairing-allocated bye: then it scores the PAB match and game points of that
record. Record 330 marks a forfeited match: both teams met (unplayed, 15.1) and their match
points are a win and a loss (``+-`` / ``-+``) or two losses (``--``). Board order is the order
of record 310: the players that played a round, in that order, sat on boards 1, 2, ...; record
300 gives a round's line-up out of that order (``0000``: an empty board). A player's ``0000 w
+`` (TRF-2026: a scheduled board, forfeited, nobody to name) is a board of the match. Record 240
gives a team a full-, half- or zero-point bye (MP of a win, draw, loss); record 299 sets the MP
and GP of a result type, or adds a penalty/bonus to a team's standings points.

Units: half-points, like the individual scores (TW = 4, a game win = 2 with standard points).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pairing.engine.core.errors import TeamError
from pairing.engine.core.state import PlayerId, RoundEntry, TournamentState
from pairing.engine.tiebreaks.core import Edition, game_result
from pairing.engine.tiebreaks.team_records import TeamRecords, read_team_records


@dataclass(frozen=True, slots=True)
class Team:
    """A team, as record 310 (or 013) declares it."""

    number: int
    """Team pairing number (310 columns 5-7; 013: the order of the records)."""
    name: str
    players: tuple[PlayerId, ...]
    """Starting ranks of the members, in board order."""


@dataclass(frozen=True, slots=True)
class MatchPointValues:
    """Match points for a team win, draw and loss (record 362), in half-points."""

    win: int = 4
    draw: int = 2
    loss: int = 0


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's round: a match, or a round without an opposing team."""

    opponent: int | None
    """The opposing team's number; ``None``: not paired (bye or absence)."""
    game_points: int
    """GP scored by the team's players in the round (their individual points)."""
    match_points: int
    """MP of the round (C.07 11.1)."""
    played: bool
    """At least one game of the match was played over the board (C.07 15.1)."""
    pairing_allocated: bool = False
    """Not paired and a player has a pairing-allocated or full-point bye (16.2.1)."""
    boards: tuple[int, ...] = ()
    """Per board, the result as C.07 12 counts it: a forfeit as a standard win or loss, a
    pairing-allocated bye as a win; in game half-points (win 2, draw 1, loss 0)."""


@dataclass(frozen=True, slots=True)
class TeamTournament:
    """A team tournament: the teams and each team's rounds."""

    teams: tuple[Team, ...]
    rounds: Mapping[int, tuple[TeamRound, ...]]
    """Per team number, one :class:`TeamRound` per completed round."""
    boards: int
    """Boards of a match: the most players a team fielded in one match."""
    match_points_values: MatchPointValues = field(default_factory=MatchPointValues)
    game_win: int = 2
    """Game points of a win (the individual scoring, record 162)."""
    game_draw: int = 1
    total_rounds: int = 0
    """Rounds of the tournament (``XXR`` / 142), else the completed ones."""
    adjustments: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    """Team -> penalty/bonus (MP, GP) of TRF-2026 299 records with a blank type, in the
    standings points and so in the scores the opponents see."""

    @property
    def numbers(self) -> list[int]:
        return [t.number for t in self.teams]

    @property
    def match_points(self) -> dict[int, int]:
        return {
            n: sum(r.match_points for r in rs) + self.adjustments.get(n, (0, 0))[0]
            for n, rs in self.rounds.items()
        }

    @property
    def game_points(self) -> dict[int, int]:
        return {
            n: sum(r.game_points for r in rs) + self.adjustments.get(n, (0, 0))[1]
            for n, rs in self.rounds.items()
        }

    def adjustment(self, number: int, kind: str) -> int:
        """The team's 299 penalty/bonus in ``"MP"`` or ``"GP"``."""
        return self.adjustments.get(number, (0, 0))[0 if kind == "MP" else 1]

    def score(self, kind: str) -> dict[int, int]:
        """Final ``"MP"`` or ``"GP"`` of every team."""
        return self.match_points if kind == "MP" else self.game_points

    def draw_points(self, kind: str) -> int:
        """A drawn round in ``"MP"`` or ``"GP"``: TD, or a draw on every board."""
        return self.match_points_values.draw if kind == "MP" else self.game_draw * self.boards


# -- records -------------------------------------------------------------------------------


def _number(text: str, what: str, line: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TeamError(f"{what} {text.strip()!r} is not a number in {line.strip()!r}") from None


def _half_points(text: str, line: str) -> int:
    try:
        value = Fraction(text.strip()) * 2
    except (ValueError, ZeroDivisionError):
        raise TeamError(f"match points {text.strip()!r} are not a number in {line!r}") from None
    if value.denominator != 1:
        raise TeamError(f"match points {text.strip()!r} are not in half-points in {line!r}")
    return int(value)


def _members(text: str, first: int, line: str) -> tuple[PlayerId, ...]:
    """Starting ranks in 4-column fields every 5 columns from 1-based column ``first``."""
    players = []
    for start in range(first - 1, len(text), 5):
        cell = text[start : start + 4]
        if cell.strip():
            players.append(_number(cell, "player", line))
    return tuple(players)


def read_teams(state: TournamentState) -> tuple[Team, ...]:
    """The teams of the state's records 310 (TRF-2026: number 5-7, name 9-40, players at
    74-77, 79-82, ...), or else 013 (TRF16: name 5-36, players at 37-40, 42-45, ...)."""
    lines = {"310": [], "013": []}  # type: dict[str, list[str]]
    for code, rest in state.info.extra_records:
        if code in lines:
            lines[code].append(code + rest)
    teams: list[tuple[Team, str]] = []
    if lines["310"]:
        for line in lines["310"]:
            number = _number(line[4:7], "team number", line)
            teams.append((Team(number, line[8:40].strip(), _members(line, 74, line)), line))
    else:
        for i, line in enumerate(lines["013"], start=1):
            teams.append((Team(i, line[4:36].strip(), _members(line, 37, line)), line))
    if not teams:
        raise TeamError("no team records (310 or 013) in the file")
    _check_teams(state, teams)
    return tuple(t for t, _ in teams)


def _check_teams(state: TournamentState, teams: list[tuple[Team, str]]) -> None:
    """Each error quotes the team record at fault (the file's line to correct): an 013 team's
    number is only its place among the 013 records."""
    known = {p.id for p in state.players}
    seen: dict[PlayerId, int] = {}
    numbers: set[int] = set()
    for t, line in teams:
        where = f"in {line.rstrip()!r}"
        if t.number in numbers:
            raise TeamError(f"team number {t.number} is used twice {where}")
        numbers.add(t.number)
        for pid in t.players:
            if pid not in known:
                raise TeamError(f"team {t.number} names unknown player {pid} {where}")
            if pid in seen:
                raise TeamError(f"player {pid} is in teams {seen[pid]} and {t.number} {where}")
            seen[pid] = t.number


def read_match_point_values(state: TournamentState) -> MatchPointValues:
    """Record 362 (``362 TW 2.0 TD 1.0 TL 0.0``, any order), else 2 / 1 / 0."""
    values = {"TW": 4, "TD": 2, "TL": 0}
    for code, rest in state.info.extra_records:
        if code != "362":
            continue
        tokens = rest.split()
        if len(tokens) % 2:
            raise TeamError(f"record 362 needs symbol and points pairs: {rest.strip()!r}")
        for symbol, points in zip(tokens[::2], tokens[1::2], strict=True):
            if symbol.upper() not in values:
                raise TeamError(f"record 362: unknown symbol {symbol!r}")
            values[symbol.upper()] = _half_points(points, rest)
    return MatchPointValues(values["TW"], values["TD"], values["TL"])


# -- matches -------------------------------------------------------------------------------


def _board_result(entry: RoundEntry) -> int:
    """The board's result for C.07 12 in game half-points: forfeits as standard results, a
    pairing-allocated or full-point bye as a win, a half-point bye as a draw."""
    if entry.played and entry.opponent is not None:
        return int(game_result(entry) * 2)
    return {"+": 2, "U": 2, "F": 2, "H": 1}.get(entry.code, 0)


def _check_records(records: TeamRecords, teams: tuple[Team, ...], rounds: int) -> None:
    members = {t.number: set(t.players) for t in teams}
    named = [(r, t, "320") for r, t in records.pab.items()]
    named += [(r, t, "330") for r, t in records.forfeits]
    named += [(r, t, "300") for r, t in records.lineups]
    named += [(r, o, "300") for (r, _), (o, _) in records.lineups.items()]
    for rnd, team, code in named:
        if team not in members:
            raise TeamError(f"record {code}: team {team} is not in the team records")
        if not 1 <= rnd <= rounds:
            raise TeamError(f"record {code}: round {rnd} is not a completed round (1-{rounds})")
    for rnd, team in records.byes:  # 240 may ask for the byes of rounds still to be paired
        if team not in members:
            raise TeamError(f"record 240: team {team} is not in the team records")
        if rnd == 0:
            raise TeamError("record 240: round must be 1 or more")
        if records.pab.get(rnd) == team:
            raise TeamError(f"records 240 and 320 both give team {team} a bye in round {rnd}")
    for a in records.abnormal:
        for team in a.teams:
            if team not in members:
                raise TeamError(f"record 299: team {team} is not in the team records")
        if a.round > rounds:
            raise TeamError(f"record 299: round {a.round} is not a completed round (1-{rounds})")
        if a.kind == " " and not a.teams:
            raise TeamError("record 299: penalty/bonus points (blank type) name no team")
    for (_, team), (_, players) in records.lineups.items():
        for pid in players:
            if pid is not None and pid not in members[team]:
                raise TeamError(f"record 300: player {pid} is not in team {team}")


def _board_entries(
    state: TournamentState, team: Team, column: int, records: TeamRecords
) -> tuple[int | None, list[RoundEntry], list[RoundEntry]]:
    """The round's entries of the team's players, the board line-up and the opponent the
    line-up record (300) names."""
    entries = [state.player(pid).results[column] for pid in team.players]
    lineup = records.lineups.get((column + 1, team.number))
    if lineup is None:
        # the boards: players with an opponent, and (TRF-2026 "0000 w +") a scheduled board
        # forfeited because the other team left it empty
        return None, entries, [e for e in entries if e.opponent is not None or e.colour]
    opponent, players = lineup
    return (
        opponent,
        entries,
        [EMPTY_BOARD if p is None else state.player(p).results[column] for p in players],
    )


EMPTY_BOARD = RoundEntry(None, None, "Z")
"""A board left empty in a record 300 line-up: nobody scored on it."""


def team_tournament(
    state: TournamentState, teams: tuple[Team, ...] | None = None
) -> TeamTournament:
    """Every team's matches, derived from the individual games of ``state`` and records 300,
    320 and 330 (:func:`read_team_records`)."""
    teams = read_teams(state) if teams is None else teams
    records = read_team_records(state)
    _check_records(records, teams, state.rounds_done)
    team_of = {pid: t.number for t in teams for pid in t.players}
    mp_values = read_match_point_values(state)
    pts = state.points
    raw: dict[int, list[tuple[int | None, int, bool, bool, tuple[int, ...]]]] = {}
    boards = 0
    for t in teams:
        rows = []
        for column in range(state.rounds_done):
            named, entries, lineup = _board_entries(state, t, column, records)
            opponents = {team_of.get(e.opponent) for e in entries if e.opponent is not None}
            if None in opponents:
                raise TeamError(f"team {t.number}, round {column + 1}: an opponent is in no team")
            if len(opponents) > 1:
                raise TeamError(
                    f"team {t.number}, round {column + 1}: players met teams "
                    f"{sorted(o for o in opponents if o is not None)}"
                )
            opponent = next(iter(opponents), None)
            forfeit = records.forfeits.get((column + 1, t.number))
            for record, other in (("300", named), ("330", forfeit and forfeit[0])):
                if other and opponent is not None and other != opponent:
                    raise TeamError(
                        f"record {record}: team {t.number} met team {opponent} in round "
                        f"{column + 1}, not team {other}"
                    )
                opponent = other or opponent
            if forfeit is not None:  # C.07 15.1: no game played; the boards as the players'
                lineup = [e for e in entries if e.opponent is not None or e.code != "Z"]
                played, bye = False, False
            elif opponent is not None:
                played = any(e.played for e in lineup)
                bye = False
            elif any(e.colour for e in entries):
                raise TeamError(
                    f"team {t.number}, round {column + 1}: its players forfeited scheduled "
                    f"boards (0000 w/b +/-) but no record 330 names the opposing team"
                )
            else:
                lineup = [e for e in entries if e.code in "UFH"]
                played = False
                bye = any(e.code in "UF" for e in entries)
            boards = max(boards, len(lineup))
            gp = sum(pts.scored(e) for e in lineup)
            rows.append((opponent, gp, played, bye, tuple(_board_result(e) for e in lineup)))
        raw[t.number] = rows
    rounds: dict[int, tuple[TeamRound, ...]] = {}
    for number, rows in raw.items():
        out = []
        for column, (opponent, gp, played, bye, results) in enumerate(rows):
            padded = results + (0,) * (boards - len(results))
            forfeit = records.forfeits.get((column + 1, number))
            if records.pab.get(column + 1) == number:  # TRF-2026 320: the PAB's MP and GP
                if opponent is not None:
                    raise TeamError(
                        f"record 320: team {number} has the bye of round {column + 1} but met "
                        f"team {opponent}"
                    )
                gp = records.pab_game_points or 0
                mp = records.pab_match_points or 0
                # C.07 12: a PAB counts as a standard win on every board
                out.append(TeamRound(None, gp, mp, False, True, (2,) * boards))
                continue
            requested = records.byes.get((column + 1, number))
            if requested is not None:  # TRF-2026 240: the team's FPB, HPB or ZPB
                if opponent is not None:
                    raise TeamError(
                        f"record 240: team {number} has a bye in round {column + 1} but met "
                        f"team {opponent}"
                    )
                mp = {"F": mp_values.win, "H": mp_values.draw}.get(requested, mp_values.loss)
                # 16.2.1: a full-point bye is category 1; H and Z are requested byes (VUR)
                out.append(TeamRound(None, gp, mp, False, requested == "F", padded))
                continue
            if forfeit is not None:  # TRF-2026 330: a forfeited match, won or lost
                mp = mp_values.win if forfeit[1] else mp_values.loss
                out.append(TeamRound(opponent, gp, mp, False, False, padded))
                continue
            # not paired: the GP measured against a draw on every board
            other = state.points.draw * boards if opponent is None else raw[opponent][column][1]
            mp = mp_values.win if gp > other else mp_values.draw if gp == other else mp_values.loss
            out.append(TeamRound(opponent, gp, mp, played, bye, padded))
        rounds[number] = tuple(out)
    return TeamTournament(
        teams=teams,
        rounds=_abnormal_rounds(rounds, records, mp_values),
        boards=boards,
        match_points_values=mp_values,
        game_win=pts.win,
        game_draw=pts.draw,
        total_rounds=state.total_rounds or state.rounds_done,
        adjustments=_adjustments(records),
    )


def result_kind(
    records: TeamRecords, number: int, column: int, r: TeamRound, mp: MatchPointValues
) -> str | None:
    """The team's round as a 299 type: ``+``/``-`` a forfeited match (330) won/lost, ``F H
    Z`` a bye of record 240, ``W D L`` a match won, drawn or lost (by its MP); ``None`` for
    the PAB of record 320 (299 has no type for it) and a round without a record or a match."""
    forfeit = records.forfeits.get((column + 1, number))
    if forfeit is not None:
        return "+" if forfeit[1] else "-"
    if (column + 1, number) in records.byes:
        return records.byes[(column + 1, number)]
    if r.opponent is None:
        return None
    return "W" if r.match_points == mp.win else "D" if r.match_points == mp.draw else "L"


def _abnormal_rounds(
    rounds: dict[int, tuple[TeamRound, ...]], records: TeamRecords, mp: MatchPointValues
) -> dict[int, tuple[TeamRound, ...]]:
    """TRF-2026 299 with a result type: that result, in the round given (``000``: every round)
    and for the teams given (none: every team), is worth the record's match points and game
    points (each only when given) instead of those counted. Records apply in file order."""
    typed = [a for a in records.abnormal if a.kind != " "]
    if not typed:
        return rounds
    out = {}
    for number, rs in rounds.items():
        changed = []
        for column, r in enumerate(rs):
            kind = result_kind(records, number, column, r, mp)
            for a in typed:
                if (
                    a.kind == kind
                    and a.round in (0, column + 1)
                    and (not a.teams or number in a.teams)
                ):
                    r = replace(
                        r,
                        match_points=r.match_points if a.match_points is None else a.match_points,
                        game_points=r.game_points if a.game_points is None else a.game_points,
                    )
            changed.append(r)
        out[number] = tuple(changed)
    return out


def _adjustments(records: TeamRecords) -> dict[int, tuple[int, int]]:
    """TRF-2026 299 with a blank type: penalty/bonus match and game points added to the named
    teams' standings points, once (the round, if given, does not multiply it)."""
    out: dict[int, tuple[int, int]] = {}
    for a in records.abnormal:
        if a.kind != " ":
            continue
        for team in a.teams:
            mp, gp = out.get(team, (0, 0))
            out[team] = (mp + (a.match_points or 0), gp + (a.game_points or 0))
    return out


# -- unplayed rounds (C.07 15-16 for teams) -------------------------------------------------


def _requested_bye(r: TeamRound) -> bool:
    return r.opponent is None and not r.pairing_allocated


def _vur(tt: TeamTournament, number: int, r: TeamRound) -> bool:
    """A requested bye or a forfeited match the team lost (C.07 16.1)."""
    if _requested_bye(r):
        return True
    return r.opponent is not None and not r.played and r.match_points < _draw_mp(tt)


def _draw_mp(tt: TeamTournament) -> int:
    return tt.match_points_values.draw


def unplayed_category(tt: TeamTournament, number: int, column: int) -> int | None:
    """The C.07 16.2 category (1-5) of a team's round ``column`` (0-based), ``None`` for a
    match played over the board: 1 pairing-allocated bye; 2 forfeited match won; 3 requested
    bye followed by a round that is not a VUR; 4 forfeited match lost (or drawn); 5 requested
    bye followed only by VURs, or in the last round."""
    rounds = tt.rounds[number]
    r = rounds[column]
    if r.played:
        return None
    if r.opponent is not None:
        return 2 if r.match_points > _draw_mp(tt) else 4
    if r.pairing_allocated:
        return 1
    later = rounds[column + 1 :]
    return 5 if all(_vur(tt, number, x) for x in later) else 3


def points_of(r: TeamRound, kind: str) -> int:
    return r.match_points if kind == "MP" else r.game_points


def adjusted_scores(tt: TeamTournament, kind: str) -> dict[int, int]:
    """Each team's ``"MP"`` / ``"GP"`` as its opponents see it (C.07 16.3): a category .5 round
    counts as a draw."""
    return {
        n: sum(
            tt.draw_points(kind) if unplayed_category(tt, n, i) == 5 else points_of(r, kind)
            for i, r in enumerate(rs)
        )
        + tt.adjustment(n, kind)
        for n, rs in tt.rounds.items()
    }


def dummy_score(
    tt: TeamTournament,
    number: int,
    column: int,
    kind: str,
    adjusted: Mapping[int, int],
    edition: Edition,
) -> int:
    """The dummy opponent's score for the team's own unplayed round (C.07 16.4): the team's own
    final score; 2026 text capped at the scheduled opponent's adjusted score for a forfeit
    (16.4.1) or at a draw in every round (16.4.2)."""
    own = tt.score(kind)[number]
    if edition is Edition.C07_2023:
        return own
    r = tt.rounds[number][column]
    if r.opponent is not None:
        return min(own, adjusted[r.opponent])
    return min(own, tt.draw_points(kind) * len(tt.rounds[number]))


def is_vur(tt: TeamTournament, number: int, column: int) -> bool:
    """The team's round ``column`` is a voluntary unplayed round (C.07 16.1)."""
    return _vur(tt, number, tt.rounds[number][column])
