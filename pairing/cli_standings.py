"""``python -m pairing standings``: re-rank a tournament from its TRF file by a list of
tie-breaks (FIDE C.07, US Chess 34E, TCEC) and print every value as a table.

The tie-breaks come from ``--tiebreaks`` or, without it, from the file's TRF-2026 record 202;
with neither, a ``--system tcec`` file gets TCEC's final order and any other file is ranked by
score alone (said on stderr). Imports nothing from Django.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from pairing.engine import (
    SYSTEM_NAMES,
    TCEC_TIEBREAKS,
    US_DEFAULT_ORDER,
    Edition,
    StandingRow,
    TeamError,
    TeamStandingRow,
    TeamTieBreak,
    TeamTournament,
    TieBreak,
    TournamentState,
    TrfError,
    UnknownTieBreak,
    load_trf,
    parse_team_tie_break_list,
    parse_tie_break_list,
    standings,
    team_standings,
    team_tournament,
    tie_break,
)

EXIT_OK = 0
EXIT_INVALID_INPUT = 3

STANDINGS_HELP = """\
Rank the players of a TRF file by score, then by each tie-break in turn on the players still
tied (C.07 4.2), and print rank, starting rank, name, rating, points and every tie-break value.

LIST is comma-separated: FIDE C.07 codes (BH, BH/C1, BH/M1, FB, AOB, SB, SB/C1, KS, KS/L+1, DE,
WIN, WON, BPG, BWG, PS, REP/GE, TPN, ARO, TPR, PTP, APRO, APPO, RTNG), US Chess 34E codes
(US-MM, US-MED, US-SOLK, US-CUM, US-OPCUM, US-RBT, US-MB, US-KASH, US-SB, US-OPERF; also MM,
SOLKOFF, CUMULATIVE, KASHDAN, ...) and BYE (TCEC). "us-default" stands for US Chess's default
order (Modified Median, Solkoff, Cumulative, Cumulative of opposition).
Without --tiebreaks the file's record 202 is used. Exit 0, or 3 for an unreadable file or an
unknown code.

--teams ranks the teams of a team tournament instead (records 310, or 013; match points from
record 362, default 2/1/0; PAB points from 320, forfeited matches from 330, board order from
300), each match derived from the players' games, by match points (or --primary GP) and the
team tie-breaks (C.07 11-13, MTB26 codes): MP, GP, MPVGP, BH:MP, BH:GP, FB, AOB, EMMSB, EMGSB,
EGMSB, EGGSB (SB:MP, SB:GP), DE, EDE, EDET, EDEB, EDEBT, EDEBB, BC, TBR, BBE, SSSC, TPN, WIN,
WON, PS, KS, with /C1 /C2 /M1 /M2 /P /F /Kx /L+n /R where they apply.
"""


def _tie_breaks(args: argparse.Namespace, state: TournamentState) -> list[TieBreak]:
    text = args.tiebreaks if args.tiebreaks is not None else state.info.tie_breaks
    if text.strip().lower() == "us-default":
        return [tie_break(c) for c in US_DEFAULT_ORDER]
    if not text.strip():
        if args.system == "tcec":
            return [tie_break(c) for c in ("BYE", *TCEC_TIEBREAKS)]
        print(_score_only(args, state), file=sys.stderr)
        return []
    return parse_tie_break_list(text)


def _score_only(args: argparse.Namespace, state: TournamentState) -> str:
    """Why the players are ranked by score alone: no list anywhere, or an empty
    ``--tiebreaks`` that overrides the file's record 202."""
    if args.tiebreaks is None:
        return "no tie-breaks given (--tiebreaks) nor in record 202: by score only"
    record = state.info.tie_breaks.strip()
    unused = f" (record 202's {record} not used)" if record else ""
    return f"--tiebreaks is empty: by score only{unused}"


def standings_table(state: TournamentState, breaks: list[TieBreak], rows: list[StandingRow]) -> str:
    """The standings as a plain-text table, one line a player, every column aligned."""
    header = ["Rk", "SNo", "Name", "Rtg", "Pts", *(tb.code for tb in breaks)]
    lines = [header]
    for row in rows:
        player = state.player(row.player)
        lines.append(
            [
                str(row.rank),
                str(player.id),
                player.name,
                str(player.rating or ""),
                _points(row.score),
                *(tb.format(v) for tb, v in zip(breaks, row.values, strict=True)),
            ]
        )
    return _aligned(lines)


def _points(half_points: int) -> str:
    whole, half = divmod(half_points, 2)
    return f"{whole}.5" if half else f"{whole}"


def team_standings_table(
    tt: TeamTournament, breaks: list[TeamTieBreak], rows: list[TeamStandingRow]
) -> str:
    """The team standings as a plain-text table, one line a team."""
    names = {t.number: t.name for t in tt.teams}
    lines = [["Rk", "TNo", "Team", "MP", "GP", *(tb.code for tb in breaks)]]
    for row in rows:
        lines.append(
            [
                str(row.rank),
                str(row.team),
                names[row.team],
                _points(row.match_points),
                _points(row.game_points),
                *(tb.format(v) for tb, v in zip(breaks, row.values, strict=True)),
            ]
        )
    return _aligned(lines)


def _aligned(lines: list[list[str]]) -> str:
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    out = []
    for line in lines:
        cells = [
            cell.ljust(w) if i == 2 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    out.insert(1, "-" * len(out[0]))
    return "\n".join(out) + "\n"


def _cmd_team_standings(args: argparse.Namespace, state: TournamentState) -> int:
    text = args.tiebreaks if args.tiebreaks is not None else state.info.tie_breaks
    try:
        breaks = parse_team_tie_break_list(text)
        tt = team_tournament(state)
    except UnknownTieBreak as e:
        print(f"invalid --tiebreaks: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except TeamError as e:
        print(f"invalid teams: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    rows = team_standings(tt, breaks, args.primary, Edition(args.edition))
    sys.stdout.write(team_standings_table(tt, breaks, rows))
    return EXIT_OK


def cmd_standings(args: argparse.Namespace) -> int:
    try:
        state = load_trf(args.file)
    except OSError as e:
        raise TrfError(f"cannot read {args.file}: {e.strerror or e}") from e
    if args.teams:
        return _cmd_team_standings(args, state)
    if args.double:
        state = replace(state, double_rounds=True)
    try:
        breaks = _tie_breaks(args, state)
    except UnknownTieBreak as e:
        print(f"invalid --tiebreaks: {e}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    rows = standings(state, breaks, Edition(args.edition))
    sys.stdout.write(standings_table(state, breaks, rows))
    return EXIT_OK


def add_standings_parser(sub: argparse._SubParsersAction) -> None:
    """The ``standings`` subcommand, added to ``python -m pairing``'s parser."""
    p = sub.add_parser(
        "standings",
        help="rank a TRF file's players by score and tie-breaks, every value shown",
        description=STANDINGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE.trf")
    p.add_argument("--tiebreaks", metavar="LIST", help="e.g. 'BH/C1,BH,SB,DE' or 'us-default'")
    p.add_argument(
        "--system",
        choices=SYSTEM_NAMES,
        help="the pairing system; tcec without tie-breaks gives TCEC's final order",
    )
    p.add_argument("--double", action="store_true", help="TCEC double rounds")
    p.add_argument(
        "--edition",
        choices=[e.value for e in Edition],
        default=Edition.C07_2023.value,
        help="C.07 text for unplayed rounds: 2023 (default) or 2026 (capped dummy scores)",
    )
    p.add_argument("--teams", action="store_true", help="rank the teams (C.07 11-13)")
    p.add_argument(
        "--primary",
        choices=["MP", "GP"],
        default="MP",
        help="with --teams: rank by match points (default) or game points",
    )
    p.set_defaults(run=cmd_standings)
