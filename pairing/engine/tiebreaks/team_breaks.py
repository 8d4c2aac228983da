"""FIDE C.07 team tie-breaks (articles 11-13, with the individual ones of 8 and 9 applied to
teams as article 13 allows) and the team standings.

Codes follow MTB26 (``NAME[:MP|:GP][/Cn|/Mn][/P][/F][/Kx]``, case-insensitive): ``MP``, ``GP``,
``MPVGP`` (13.1), ``BH:MP`` / ``BH:GP`` with Cut / Median (8.1, 14), ``FB`` (8.3), ``EMMSB``,
``EMGSB``, ``EGMSB``, ``EGGSB`` (13.2; ``SB:MP`` = EMMSB, ``SB:GP`` = EGGSB, ``SB`` the
primary score both ways) with Cut / Median, ``DE`` (6 on the primary score, or ``DE:GP``),
``EDE`` (13.3; ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB`` expand to EDE followed by BC / TBR /
BBE), ``BC`` (12.1), ``TBR`` (12.2), ``BBE`` (12.3), ``SSSC`` (13.4, ``/Kx`` its factor,
``/F`` Fore Buchholz), ``TPN`` (7.8, ``/R`` reversed), and MTB26's codes "for both
individuals and teams": ``WIN[:MP]`` (7.1), ``WON[:MP]`` (7.2), ``PS`` (7.5, ``/Cn``), ``KS``
(9.2, ``/L±n``), ``AOB`` (8.2, ``/F``). ``/P`` counts forfeited matches as played against the
scheduled opponent (MTB26). The rating tie-breaks (art. 10, "for individuals") are refused.

Reference score: ``:MP`` or ``:GP``; without it the primary score (13). Units: half-points for
scores, sums of scores, PS, KS, AOB and SSSC; scores x scores (quarter-points) for ESB; counts
for WIN and WON; DE, EDE, TBR and BBE are places among the tied teams (1 best); BC is a
board-weighted sum (lower is better).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pairing.engine.tiebreaks.core import (
    Contribution,
    Edition,
    TieBreakValue,
    check_modifiers,
    cut_terms,
)
from pairing.engine.tiebreaks.encounter import alone_on_top
from pairing.engine.tiebreaks.registry import UnknownTieBreak, format_value
from pairing.engine.tiebreaks.team_more import (
    team_koya,
    team_matches_won,
    team_progressive_score,
    team_wins,
)
from pairing.engine.tiebreaks.teams import (
    TeamTournament,
    adjusted_scores,
    dummy_score,
    is_vur,
    points_of,
)

TeamValues = Mapping[int, TieBreakValue]
TeamField = Callable[[TeamTournament, str, Edition], TeamValues]
"""Values for every team, given the primary score ``"MP"`` / ``"GP"`` and the C.07 text."""
TeamGroup = Callable[[TeamTournament, str, Sequence[int]], TeamValues]
"""Values for a group of tied teams (type A)."""


@dataclass(frozen=True, slots=True)
class TeamTieBreak:
    """A team tie-break as a standings column."""

    code: str
    """The code as asked for, upper case (``BH:MP/C1``)."""
    name: str
    article: str
    unit: int
    """As :attr:`TieBreak.unit`: 2 half-points, 4 quarter-points, 1 counts and places."""
    compute: TeamField | None = None
    among: TeamGroup | None = None
    ascending: bool = False

    def format(self, value: TieBreakValue) -> str:
        return format_value(value, self.unit)


def _other(kind: str) -> str:
    return "GP" if kind == "MP" else "MP"


# -- contributions: one per round ---------------------------------------------------------


def team_contributions(
    tt: TeamTournament,
    opponent_kind: str,
    own_kind: str,
    edition: Edition,
    forfeits_played: bool = False,
) -> dict[int, tuple[Contribution, ...]]:
    """Per team, one term per round: the opponent's adjusted ``opponent_kind`` score (16.3) or
    the dummy's (16.4), and the ``own_kind`` points scored in the round. With
    ``forfeits_played`` (MTB26 ``/P``) a forfeited match counts against its scheduled
    opponent."""
    adjusted = adjusted_scores(tt, opponent_kind)
    out = {}
    for n, rounds in tt.rounds.items():
        terms = []
        for i, r in enumerate(rounds):
            points = points_of(r, own_kind)
            if r.opponent is not None and (r.played or forfeits_played):
                terms.append(Contribution(i + 1, r.opponent, adjusted[r.opponent], points, False))
            else:
                dummy = dummy_score(tt, n, i, opponent_kind, adjusted, edition)
                terms.append(Contribution(i + 1, None, dummy, points, is_vur(tt, n, i)))
        out[n] = tuple(terms)
    return out


def buchholz(
    tt: TeamTournament,
    kind: str,
    edition: Edition,
    cut: int = 0,
    median: int = 0,
    forfeits_played: bool = False,
) -> dict[int, int]:
    """Team Buchholz (C.07 8.1 via 13): the sum of the opponents' ``kind`` scores, with
    Cut / Median (14.1-14.4, 16.5)."""
    check_modifiers(cut, median)

    def score(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score,)

    terms = team_contributions(tt, kind, kind, edition, forfeits_played)
    return {
        n: sum(
            t.opponent_score
            for t in cut_terms(ts, cut + median, median, score, lambda t: t.opponent_score)
        )
        for n, ts in terms.items()
    }


def average_of_opponents_buchholz(
    tt: TeamTournament, kind: str, edition: Edition, fore: bool = False
) -> dict[int, Fraction | None]:
    """AOB (C.07 8.2 via 13): the average of the team Buchholz (``kind``, same edition) of the
    opponents met in a played match, each encounter counted (4.4); ``fore``: their Fore
    Buchholz (C.07-2026 8.2, MTB26 ``/F``). Forfeited matches and rounds without an opposing
    team are not in the average (the dummy has no Buchholz); ``None`` without a played match.
    Exact, not rounded."""
    bh = buchholz(final_round_drawn(tt) if fore else tt, kind, edition)
    out: dict[int, Fraction | None] = {}
    for n, rs in tt.rounds.items():
        values = [bh[r.opponent] for r in rs if r.opponent is not None and r.played]
        out[n] = Fraction(sum(values), len(values)) if values else None
    return out


def final_round_drawn(tt: TeamTournament) -> TeamTournament:
    """The tournament as if every match of the final round had been drawn on every board
    (C.07 8.3); rounds without an opposing team are kept."""
    if not tt.boards or not any(tt.rounds.values()):
        return tt
    draw = tt.match_points_values.draw

    def drawn(rs: tuple) -> tuple:
        last = rs[-1]
        if last.opponent is None:
            return rs
        gp = tt.game_draw * tt.boards
        return (*rs[:-1], replace(last, game_points=gp, match_points=draw, played=True))

    return replace(tt, rounds={n: drawn(rs) for n, rs in tt.rounds.items()})


def extended_sonneborn_berger(
    tt: TeamTournament,
    opponent_kind: str,
    own_kind: str,
    edition: Edition,
    cut: int = 0,
    median: int = 0,
    forfeits_played: bool = False,
) -> dict[int, int]:
    """ESB (C.07 13.2): the sum over rounds of the opponent's final ``opponent_kind`` score x
    the ``own_kind`` points scored against them (EMMSB: MP x MP, EMGSB: MP x GP, EGMSB: GP x
    MP, EGGSB: GP x GP). Cut-1 drops the term of the opponent with the lowest score, among
    several the lowest product (14.1.2)."""
    check_modifiers(cut, median)

    def significance(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score, t.product)

    terms = team_contributions(tt, opponent_kind, own_kind, edition, forfeits_played)
    return {
        n: sum(
            t.product
            for t in cut_terms(ts, cut + median, median, significance, lambda t: t.product)
        )
        for n, ts in terms.items()
    }


def normalising_factor(tt: TeamTournament, primary: str) -> int:
    """C.07 13.4: the highest primary score achievable in the tournament divided by the highest
    secondary score achievable in one match, rounded towards zero."""
    if primary == "MP":
        most = tt.match_points_values.win * tt.total_rounds
        per_match = tt.game_win * tt.boards
    else:
        most = tt.game_win * tt.boards * tt.total_rounds
        per_match = tt.match_points_values.win
    return max(1, most // per_match) if per_match else 1


def sssc(
    tt: TeamTournament,
    primary: str,
    edition: Edition,
    factor: int | None = None,
    fore: bool = False,
    forfeits_played: bool = False,
) -> dict[int, Fraction]:
    """SSSC (C.07 13.4): the secondary score plus the schedule strength, the Buchholz on the
    primary score (Fore Buchholz with ``fore``) divided by the normalising factor
    (:func:`normalising_factor` unless ``factor`` is given, MTB26 ``/Kx``)."""
    k = factor if factor is not None else normalising_factor(tt, primary)
    source = final_round_drawn(tt) if fore else tt
    bh = buchholz(source, primary, edition, forfeits_played=forfeits_played)
    secondary = tt.score(_other(primary))
    return {n: secondary[n] + Fraction(bh[n], k) for n in tt.numbers}


# -- knock-out tie-breaks (C.07 12) ------------------------------------------------------


def board_totals(tt: TeamTournament) -> dict[int, tuple[int, ...]]:
    """Per team, the game points on each board over all rounds, as art. 12 counts them."""
    return {
        n: tuple(sum(r.boards[b] for r in rs) for b in range(tt.boards))
        for n, rs in tt.rounds.items()
    }


def board_count(tt: TeamTournament) -> dict[int, int]:
    """BC (C.07 12.1): the sum over all matches of board number x game points on that board;
    a lower value ranks higher. Value in game half-points x board number."""
    return {n: sum((b + 1) * gp for b, gp in enumerate(g)) for n, g in board_totals(tt).items()}


def _places(keys: Mapping[int, tuple[Fraction | int, ...]]) -> dict[int, int]:
    """Places (1 best) by descending key; equal keys share a place."""
    ordered = sorted(keys.values(), reverse=True)
    return {n: 1 + sum(1 for k in ordered if k > key) for n, key in keys.items()}


def top_board_results(tt: TeamTournament, group: Sequence[int]) -> dict[int, int]:
    """TBR (C.07 12.2): game points on board 1, then on board 2 if still tied, and so on."""
    totals = board_totals(tt)
    return _places({n: totals[n] for n in group})


def bottom_board_elimination(tt: TeamTournament, group: Sequence[int]) -> dict[int, int]:
    """BBE (C.07 12.3): game points on every board but the last, then leaving out the next
    board up while still tied, and so on."""
    totals = board_totals(tt)
    keys = {n: tuple(sum(totals[n][:k]) for k in range(tt.boards - 1, 0, -1)) for n in group}
    return _places(keys)


# -- direct encounter (C.07 6, 13.3) ---------------------------------------------------------


def _among(
    tt: TeamTournament, group: Sequence[int], kind: str, forfeits_played: bool
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Each team's ``kind`` points in the matches among ``group`` (a pair met more than once
    counts the average, 6.1.2; forfeited matches excluded, 6.1.1, unless ``forfeits_played``)
    and the number of teams of the group each one did not meet."""
    members = set(group)
    met: dict[tuple[int, int], list[int]] = {}
    for n in group:
        for r in tt.rounds[n]:
            if r.opponent in members and (r.played or forfeits_played):
                met.setdefault((n, r.opponent), []).append(points_of(r, kind))
    total: dict[int, Fraction] = {n: Fraction(0) for n in group}
    missing: dict[int, int] = dict.fromkeys(group, 0)
    for a in group:
        for b in group:
            if a == b:
                continue
            if (a, b) not in met:
                missing[a] += 1
                continue
            scores = met[(a, b)]
            total[a] += Fraction(sum(scores), len(scores))
    return total, missing


def _match_win(tt: TeamTournament, kind: str) -> int:
    """The most a team can score in one match: TW, or a won game on every board."""
    return tt.match_points_values.win if kind == "MP" else tt.game_win * tt.boards


def _de_split(
    tt: TeamTournament, teams: list[int], kind: str, forfeits_played: bool
) -> list[list[int]] | None:
    """The ordered blocks art. 6 makes of ``teams`` on ``kind``, ``None`` when it separates
    nobody. All met (6.2): the separate standings. Otherwise (6.3, Swiss): a team is placed
    first when it is alone on top "whatever the outcome of the missing games": its points
    exceed every other team's points plus a won match for each match that team missed (its own
    missing matches lost); then second place the same way; the rest stay together."""
    points, missing = _among(tt, teams, kind, forfeits_played)
    if not any(missing.values()):
        levels = sorted(set(points.values()), reverse=True)
        if len(levels) == 1:
            return None
        return [[n for n in teams if points[n] == level] for level in levels]
    best = {n: points[n] + _match_win(tt, kind) * missing[n] for n in teams}
    blocks, remaining = alone_on_top(teams, points, best)
    return [*blocks, remaining] if blocks else None


def direct_encounter(
    tt: TeamTournament, group: Sequence[int], kinds: Sequence[str], forfeits_played: bool = False
) -> dict[int, int]:
    """Places (1 best) by direct encounter (C.07 6) on ``kinds`` in turn: DE on the first
    score; when it breaks no tie, on the next (EDE 13.3.1); every tied subgroup formed is
    ranked again from the first score (6.2, 6.3 "art. 6 is then applied again", 13.3.3). Teams
    it cannot separate share the place."""
    places: dict[int, int] = {}

    def rank(teams: list[int], first_place: int) -> None:
        if len(teams) == 1:
            places[teams[0]] = first_place
            return
        for kind in kinds:
            blocks = _de_split(tt, teams, kind, forfeits_played)
            if blocks is None:
                continue
            place = first_place
            for sub in blocks:
                rank(sub, place)
                place += len(sub)
            return
        for n in teams:
            places[n] = first_place

    rank(sorted(group), 1)
    return places


# -- registry --------------------------------------------------------------------------------

_EDE_SEQUENCES = {
    "EDEBT": ("EDE", "BC", "TBR"),
    "EDEBB": ("EDE", "BC", "BBE"),
    "EDET": ("EDE", "TBR"),
    "EDEB": ("EDE", "BBE"),
}
"""C.07-2026 13.3.2: the named sequences after EDE."""
_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}
_CODE = re.compile(r"^([A-Z]+)(?::(MP|GP))?((?:/[A-Z][+-]?[0-9]*)*)$")
_FLAG = re.compile(r"^(C|M|K)([0-9]+)$|^(P|F|R)$|^L([+-]?[0-9]+)$")
_RATING_CODES = ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG")
"""C.07 10 ("Rating-based tie-breaks for individuals"); MTB26 lists them for individuals only."""


@dataclass(frozen=True, slots=True)
class _Flags:
    cut: int = 0
    median: int = 0
    factor: int | None = None
    played: bool = False
    fore: bool = False
    reverse: bool = False
    limit: int | None = None


def _flags(code: str, text: str) -> _Flags:
    f = _Flags()
    for part in text.split("/")[1:]:
        m = _FLAG.match(part)
        if not m:
            raise UnknownTieBreak(f"unknown modifier /{part} in {code!r}")
        if m.group(4) is not None:
            f = replace(f, limit=int(m.group(4)))
        elif m.group(1) == "C":
            f = replace(f, cut=int(m.group(2)))
        elif m.group(1) == "M":
            f = replace(f, median=int(m.group(2)))
        elif m.group(1) == "K":
            if int(m.group(2)) < 1:
                raise UnknownTieBreak(f"the SSSC factor must be at least 1 in {code!r}")
            f = replace(f, factor=int(m.group(2)))
        else:
            flag = m.group(3)
            f = replace(f, played=f.played or flag == "P", fore=f.fore or flag == "F")
            f = replace(f, reverse=f.reverse or flag == "R")
    return f


def _allowed(code: str, name: str, flags: _Flags, allowed: str) -> None:
    given = {
        "C": flags.cut,
        "M": flags.median,
        "K": flags.factor is not None,
        "P": flags.played,
        "F": flags.fore,
        "R": flags.reverse,
        "L": flags.limit is not None,
    }
    for letter, present in given.items():
        if present and letter not in allowed:
            raise UnknownTieBreak(f"{name} does not take /{letter} ({code!r})")


def team_tie_break(code: str) -> TeamTieBreak:
    """The team tie-break for an MTB26 code (see the module text)."""
    text = code.strip().upper()
    m = _CODE.match(text)
    if not m:
        raise UnknownTieBreak(f"unknown team tie-break code {code!r}")
    name, score, flags = m.group(1), m.group(2), _flags(code, m.group(3))
    if name in _RATING_CODES:
        raise UnknownTieBreak(
            f"{name} is not a team tie-break: C.07 10 defines the rating tie-breaks for "
            f"individuals and MTB26 lists them for individuals only ({code!r})"
        )
    if name == "SB" and score:
        name, score = ("EMMSB" if score == "MP" else "EGGSB"), None
    check_modifiers(flags.cut, flags.median)
    if name in ("MP", "GP"):
        _allowed(code, name, flags, "")
        kind = name
        label = "Match points" if kind == "MP" else "Game points"
        return TeamTieBreak(text, label, "C.07 11.1", 2, compute=lambda tt, _p, _e: tt.score(kind))
    if name == "SB":  # without :MP / :GP: the primary score both ways (13)
        _allowed(code, name, flags, "CMP")

        def sb(tt: TeamTournament, p: str, e: Edition) -> TeamValues:
            return extended_sonneborn_berger(tt, p, p, e, flags.cut, flags.median, flags.played)

        return TeamTieBreak(text, "Sonneborn-Berger", "C.07 9.1 via 13", 4, compute=sb)
    if name in ("WIN", "WON"):  # MTB26: WIN[:MP], WON[:MP] only
        _allowed(code, name, flags, "")
        if score == "GP":
            raise UnknownTieBreak(f"{name} is counted on match points only (MTB26): {code!r}")
        count = team_wins if name == "WIN" else team_matches_won
        label, article = ("Wins", "C.07 7.1") if name == "WIN" else ("Matches won", "C.07 7.2")
        return TeamTieBreak(
            text, label, f"{article} via 13", 1, compute=lambda tt, _p, _e: count(tt)
        )
    if name == "PS":
        _allowed(code, name, flags, "C")

        def ps(tt: TeamTournament, p: str, _e: Edition) -> TeamValues:
            return team_progressive_score(tt, score or p, flags.cut)

        return TeamTieBreak(text, "Progressive scores", "C.07 7.5 via 13", 2, compute=ps)
    if name == "KS":
        _allowed(code, name, flags, "L")

        def ks(tt: TeamTournament, p: str, _e: Edition) -> TeamValues:
            return team_koya(tt, score or p, flags.limit or 0)

        return TeamTieBreak(text, "Koya", "C.07 9.2 via 13", 2, compute=ks)
    if name == "AOB":
        _allowed(code, name, flags, "F")

        def aob(tt: TeamTournament, p: str, e: Edition) -> TeamValues:
            return average_of_opponents_buchholz(tt, score or p, e, flags.fore)

        return TeamTieBreak(
            text, "Average of opponents' Buchholz", "C.07 8.2 via 13", 2, compute=aob
        )
    if name == "MPVGP":
        _allowed(code, name, flags, "")
        return TeamTieBreak(
            text,
            "Match points or game points",
            "C.07 13.1",
            2,
            compute=lambda tt, p, _e: tt.score(_other(p)),
        )
    if name in ("BH", "FB"):
        _allowed(code, name, flags, "CMPF")
        fore = name == "FB" or flags.fore

        def bh(tt: TeamTournament, p: str, e: Edition) -> TeamValues:
            source = final_round_drawn(tt) if fore else tt
            return buchholz(source, score or p, e, flags.cut, flags.median, flags.played)

        label = "Fore Buchholz" if fore else "Buchholz"
        return TeamTieBreak(text, label, "C.07 8.3" if fore else "C.07 8.1", 2, compute=bh)
    if name in _ESB:
        _allowed(code, name, flags, "CMP")
        opp, own = _ESB[name]

        def esb(tt: TeamTournament, _p: str, e: Edition) -> TeamValues:
            return extended_sonneborn_berger(tt, opp, own, e, flags.cut, flags.median, flags.played)

        return TeamTieBreak(text, "Extended Sonneborn-Berger", "C.07 13.2", 4, compute=esb)
    if name in ("DE", "EDE"):
        _allowed(code, name, flags, "P")

        def de(tt: TeamTournament, p: str, group: Sequence[int]) -> TeamValues:
            first = score or p
            kinds = [first, _other(first)] if name == "EDE" else [first]
            return direct_encounter(tt, group, kinds, flags.played)

        article = "C.07 13.3" if name == "EDE" else "C.07 6"
        return TeamTieBreak(text, "Direct encounter", article, 1, among=de, ascending=True)
    if name == "BC":
        _allowed(code, name, flags, "")
        return TeamTieBreak(
            text,
            "Board count",
            "C.07 12.1",
            2,
            compute=lambda tt, _p, _e: board_count(tt),
            ascending=True,
        )
    if name in ("TBR", "BBE"):
        _allowed(code, name, flags, "")
        among = top_board_results if name == "TBR" else bottom_board_elimination
        label = "Top board result" if name == "TBR" else "Bottom board elimination"
        return TeamTieBreak(
            text,
            label,
            f"C.07 12.{2 if name == 'TBR' else 3}",
            1,
            among=lambda tt, _p, g: among(tt, g),
            ascending=True,
        )
    if name == "SSSC":
        _allowed(code, name, flags, "KFP")
        return TeamTieBreak(
            text,
            "Scores and schedule strength",
            "C.07 13.4",
            2,
            compute=lambda tt, p, e: sssc(tt, p, e, flags.factor, flags.fore, flags.played),
        )
    if name == "TPN":
        _allowed(code, name, flags, "R")
        return TeamTieBreak(
            text,
            "Team pairing number",
            "C.07 7.8",
            1,
            compute=lambda tt, _p, _e: {n: n for n in tt.numbers},
            ascending=not flags.reverse,
        )
    raise UnknownTieBreak(f"unknown team tie-break code {code!r}")


def parse_team_tie_break_list(text: str) -> list[TeamTieBreak]:
    """The team tie-breaks of a comma- or blank-separated list (record 202); a leading ``PTS``
    is skipped and EDET / EDEB / EDEBT / EDEBB expand to their sequences (13.3.2)."""
    codes = [c for c in re.split(r"[,\s]+", text.strip()) if c]
    if codes and codes[0].upper() == "PTS":
        codes = codes[1:]
    out = []
    for c in codes:
        base, _, flags = c.upper().partition("/")
        if base in _EDE_SEQUENCES:
            suffix = f"/{flags}" if flags else ""
            out += [
                team_tie_break(part + (suffix if part == "EDE" else ""))
                for part in _EDE_SEQUENCES[base]
            ]
        else:
            out.append(team_tie_break(c))
    return out
