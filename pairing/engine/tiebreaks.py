"""FIDE C.07 tie-breaks and standings, as pure functions of a :class:`TournamentState`.

Edition: the **2023 text** of C.07 (approved 01/08/2023; in force from 1 Sep 2023 for EVE/GSC
events and from 1 Apr 2024 for all rated events), with its rules for unplayed rounds (articles
15-16): unplayed rounds are classified into categories 16.2.1-16.2.5; opponents see a category .5
round as a draw (16.3); a participant's own unplayed round counts as a game against a *dummy*
opponent whose score is the participant's own final score (16.4); Cut and Median modifiers cut a
voluntary unplayed round first (16.5). :attr:`Edition.C07_2026` adds the 2026 caps on the
dummy's score (16.4.1, 16.4.2), the only 2026 change that alters Swiss numbers here.

The tournament is taken to be a Swiss (C.07 15.3); the round-robin rule 15.2 is not modelled.
Everything is computed over the completed round columns, as if the tournament ended there; a
TCEC double round is two columns, i.e. two games.

Units, all exact:

* scores, Buchholz, progressive scores: the state's point units (half-points with the standard
  :class:`PointValues`: win = 2, draw = 1), as ``int``;
* Sonneborn-Berger: score x points, so **quarter-points** with standard scoring, as ``int``;
* direct-encounter points: half-points as :class:`~fractions.Fraction` (repeated meetings are
  averaged, 6.1.2); the DE *tie-break value* is a place (1 = first);
* counts (WIN, WON, BPG, BWG, REP, byes): ``int``;
* ARO, TPR: rating points, ``int`` (``None`` when there is no rated game to average).

:data:`TIE_BREAKS` maps codes to :class:`TieBreak` entries; :func:`tie_break` also reads the
modifier forms (``BH-C2``, ``SB/M1``, ...). :func:`standings` ranks by score and a list of codes
as C.07 4.2 says; :func:`tcec_final_order` is the TCEC final order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

from pairing.engine.core.fide_tables import DP_TABLE as DP_TABLE  # re-exported
from pairing.engine.core.fide_tables import rating_difference
from pairing.engine.core.fide_tables import round_half_up as _round_half_up
from pairing.engine.core.state import Colour, Player, PlayerId, RoundEntry, TournamentState

TieBreakValue = int | Fraction | None
"""A tie-break value; ``None`` = not defined for this player (ranks below every value)."""


class Edition(StrEnum):
    """Which text of C.07 governs unplayed rounds."""

    C07_2023 = "2023"
    """2023 text (in force 2023/2024): dummy score = own final score."""
    C07_2026 = "2026"
    """2026 text: the dummy's score is capped (16.4.1 forfeits, 16.4.2 other unplayed rounds)."""


# -- results -------------------------------------------------------------------------------

WIN_CODES = frozenset("1W")
"""Codes of a game won over the board (``W``: won in less than one move, still a game)."""
_GAME_RESULT = {"1": Fraction(1), "W": Fraction(1), "0": Fraction(0), "L": Fraction(0)}
"""Chess result of an over-the-board game; every other played code (``= D`` blank) is a draw."""


def game_result(entry: RoundEntry) -> Fraction:
    """The chess result (1, 1/2, 0) of a played game, whatever the tournament's point values."""
    return _GAME_RESULT.get(entry.code, Fraction(1, 2))


def is_requested_bye(entry: RoundEntry) -> bool:
    """A half-point or zero-point bye; an absence (blank) counts as a zero-point bye, and so
    does every round after a withdrawal (C.07 16.1)."""
    return entry.opponent is None and entry.code in "HZ "


def is_vur(entry: RoundEntry) -> bool:
    """A voluntary unplayed round: a requested bye or a forfeit loss (C.07 16.1)."""
    return is_requested_bye(entry) or (entry.opponent is not None and entry.code == "-")


def unplayed_category(player: Player, column: int) -> int | None:
    """The C.07 16.2 category (1-5) of the player's round column ``column`` (0-based), or
    ``None`` for a game played over the board.

    1 PAB or full-point bye; 2 forfeit win; 3 requested bye followed by at least one round that
    is not a VUR; 4 forfeit loss; 5 requested bye followed only by VURs, or in the last round.
    """
    entry = player.results[column]
    if entry.played:
        return None
    if entry.opponent is not None:
        return 2 if entry.code == "+" else 4
    if not is_requested_bye(entry):
        return 1  # U, F
    later = player.results[column + 1 :]
    return 5 if all(is_vur(e) for e in later) else 3


def adjusted_scores(state: TournamentState) -> dict[PlayerId, int]:
    """Each participant's score as seen by the opponents (C.07 16.3): category .5 rounds count
    as draws, every other round with the points awarded."""
    pts = state.points
    return {
        p.id: sum(
            pts.draw if unplayed_category(p, i) == 5 else pts.of(e) for i, e in enumerate(p.results)
        )
        for p in state.players
    }


# -- contributions: one per round, for the sums that art. 16 governs -------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round's term in a participant's Buchholz / Sonneborn-Berger."""

    column: int
    """Round column, 1-based."""
    opponent: PlayerId | None
    """The over-the-board opponent; ``None`` for an unplayed round (the dummy, 16.4)."""
    opponent_score: int
    """The opponent's adjusted score (16.3), or the dummy's score (16.4)."""
    points: int
    """Points the participant scored in the round."""
    vur: bool
    """The round is a voluntary unplayed round (16.1), cut first by 16.5."""

    @property
    def product(self) -> int:
        """The Sonneborn-Berger term (9.1): opponent's score x points scored against them."""
        return self.opponent_score * self.points


def _dummy_score(
    state: TournamentState,
    player: Player,
    column: int,
    adjusted: Mapping[PlayerId, int],
    edition: Edition,
) -> int:
    own = state.scores[player.id]  # C.07 16.4: the participant's own final score
    if edition is Edition.C07_2023:
        return own
    entry = player.results[column]
    if entry.opponent is not None:  # C.07-2026 16.4.1: forfeits, capped at the opponent's
        return min(own, adjusted[entry.opponent])
    return min(own, state.points.draw * state.rounds_done)  # C.07-2026 16.4.2


def contributions(
    state: TournamentState, edition: Edition = Edition.C07_2023
) -> dict[PlayerId, tuple[Contribution, ...]]:
    """Every participant's per-round contributions to BH and SB under C.07 16.3-16.4."""
    adjusted = adjusted_scores(state)
    out: dict[PlayerId, tuple[Contribution, ...]] = {}
    for p in state.players:
        terms = []
        for i, e in enumerate(p.results):
            points = state.points.of(e)
            if e.played and e.opponent is not None:
                terms.append(Contribution(i + 1, e.opponent, adjusted[e.opponent], points, False))
            else:
                dummy = _dummy_score(state, p, i, adjusted, edition)
                terms.append(Contribution(i + 1, None, dummy, points, is_vur(e)))
        out[p.id] = tuple(terms)
    return out


def _cut(
    terms: Sequence[Contribution],
    low: int,
    high: int,
    significance: Callable[[Contribution], tuple[int, ...]],
    value: Callable[[Contribution], int],
) -> list[Contribution]:
    """Drop the ``low`` least and then the ``high`` most significant terms (C.07 14.1-14.4).

    Each low cut takes the lowest VUR term instead of the least significant one as long as the
    VUR term's value is not lower (C.07 16.5.1; for SB that cuts the higher of the two); it is
    repeated for every further cut (16.5.2)."""
    rest = list(terms)
    for _ in range(low):
        if not rest:
            break
        victim = min(rest, key=significance)
        vurs = [t for t in rest if t.vur]
        if vurs:
            lowest_vur = min(vurs, key=value)
            if value(lowest_vur) >= value(victim):
                victim = lowest_vur
        rest.remove(victim)
    for _ in range(high):
        if not rest:
            break
        rest.remove(max(rest, key=significance))
    return rest


def _check_modifiers(cut: int, median: int) -> None:
    if cut < 0 or median < 0 or (cut and median):
        raise ValueError(f"use either a Cut or a Median modifier, not negative: {cut=} {median=}")


# -- type C: Buchholz, Sonneborn-Berger ------------------------------------------------------


def buchholz(
    state: TournamentState, cut: int = 0, median: int = 0, edition: Edition = Edition.C07_2023
) -> dict[PlayerId, int]:
    """Buchholz (C.07 8.1), with Cut-``cut`` (14.1-14.2) or Median-``median`` (14.3-14.4):
    the sum of the opponents' scores, in point units (half-points)."""
    _check_modifiers(cut, median)

    def score(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score,)

    return {
        pid: sum(
            t.opponent_score
            for t in _cut(terms, cut + median, median, score, lambda t: t.opponent_score)
        )
        for pid, terms in contributions(state, edition).items()
    }


def sonneborn_berger(
    state: TournamentState, cut: int = 0, median: int = 0, edition: Edition = Edition.C07_2023
) -> dict[PlayerId, int]:
    """Sonneborn-Berger (C.07 9.1), with Cut / Median: the sum over rounds of the opponent's
    score x the points scored against them, in point units squared (**quarter-points**).

    The least significant term is the one of the lowest-scoring opponent, among several the
    lowest product (14.1.1; the 2023 wording "the worst result" gives the same term)."""
    _check_modifiers(cut, median)

    def significance(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score, t.product)

    return {
        pid: sum(
            t.product for t in _cut(terms, cut + median, median, significance, lambda t: t.product)
        )
        for pid, terms in contributions(state, edition).items()
    }


# -- type A: direct encounter ----------------------------------------------------------------


def _counts_for_de(entry: RoundEntry, include_forfeits: bool) -> bool:
    return entry.played or (include_forfeits and entry.forfeit)


def direct_encounter_points(
    state: TournamentState, group: Collection[PlayerId], include_forfeits: bool = False
) -> dict[PlayerId, Fraction]:
    """Each member's points (half-points) in the games among ``group`` (C.07 6.1): forfeits
    left out unless ``include_forfeits`` (6.1.1); several games against the same opponent count
    as their average (6.1.2)."""
    members = set(group)
    out: dict[PlayerId, Fraction] = {}
    for pid in members:
        per_opponent: dict[PlayerId, list[int]] = {}
        for e in state.player(pid).results:
            if e.opponent in members and _counts_for_de(e, include_forfeits):
                per_opponent.setdefault(e.opponent, []).append(state.points.of(e))
        out[pid] = sum((Fraction(sum(v), len(v)) for v in per_opponent.values()), Fraction(0))
    return out


def _met_for_de(state: TournamentState, a: PlayerId, b: PlayerId, include_forfeits: bool) -> bool:
    return any(
        e.opponent == b and _counts_for_de(e, include_forfeits) for e in state.player(a).results
    )


def _de_blocks(
    state: TournamentState, group: list[PlayerId], include_forfeits: bool
) -> list[list[PlayerId]]:
    """The group split into ordered blocks of players that art. 6 cannot separate."""
    if len(group) < 2:
        return [group]
    points = direct_encounter_points(state, group, include_forfeits)
    missing = dict.fromkeys(group, 0)
    for a, b in combinations(group, 2):
        if not _met_for_de(state, a, b, include_forfeits):
            missing[a] += 1
            missing[b] += 1
    blocks: list[list[PlayerId]]
    if not any(missing.values()):  # C.07 6.2: all met: rank by the separate standings
        levels = sorted(set(points.values()), reverse=True)
        blocks = [[p for p in group if points[p] == level] for level in levels]
        if len(blocks) == 1:
            return blocks
        # 6.2: re-apply to every sub-tie
        return [sub for b in blocks for sub in _de_blocks(state, b, include_forfeits)]
    # C.07 6.3: place the one alone on top "whatever the outcome of the missing games",
    # then second place, and so on; then apply art. 6 again to those left.
    win = max(state.points.win, state.points.black_win or 0)
    best = {p: points[p] + win * missing[p] for p in group}
    blocks = []
    remaining = list(group)
    while len(remaining) > 1:
        top = [x for x in remaining if all(points[x] > best[y] for y in remaining if y != x)]
        if not top:
            break
        blocks.append(top)
        remaining.remove(top[0])
    if not blocks:
        return [group]
    return blocks + _de_blocks(state, remaining, include_forfeits)


def direct_encounter(
    state: TournamentState, group: Collection[PlayerId], include_forfeits: bool = False
) -> dict[PlayerId, int]:
    """Direct encounter (C.07 6) among the tied participants ``group``: each member's place
    (1 = first; members it cannot separate share the place, numbered like ranks 1, 2, 2, 4)."""
    ordered = sorted(group, key=lambda pid: state.player(pid).tpn)
    out: dict[PlayerId, int] = {}
    place = 1
    for block in _de_blocks(state, ordered, include_forfeits):
        for pid in block:
            out[pid] = place
        place += len(block)
    return out


# -- type B: own results ---------------------------------------------------------------------


def wins(state: TournamentState) -> dict[PlayerId, int]:
    """WIN (C.07 7.1): rounds in which the participant obtained, with or without playing, the
    points of a win (games won, forfeit wins, a PAB or full-point bye worth a win)."""
    pts = state.points

    def won(e: RoundEntry) -> bool:
        if e.opponent is not None:
            return e.code in WIN_CODES or e.code == "+"
        return e.code in "UF" and pts.of(e) >= pts.win

    return {p.id: sum(1 for e in p.results if won(e)) for p in state.players}


def games_won(state: TournamentState) -> dict[PlayerId, int]:
    """WON (C.07 7.2): games won over the board."""
    return {p.id: sum(1 for e in p.games if e.code in WIN_CODES) for p in state.players}


def games_with_black(state: TournamentState) -> dict[PlayerId, int]:
    """BPG (C.07 7.3): games played over the board with Black (forfeits have no colour)."""
    return {p.id: sum(1 for e in p.games if e.colour is Colour.BLACK) for p in state.players}


def games_won_with_black(state: TournamentState) -> dict[PlayerId, int]:
    """BWG (C.07 7.4): games won over the board with Black."""
    return {
        p.id: sum(1 for e in p.games if e.colour is Colour.BLACK and e.code in WIN_CODES)
        for p in state.players
    }


def progressive_score(state: TournamentState, cut: int = 0) -> dict[PlayerId, int]:
    """PS (C.07 7.5): the sum of the cumulative scores after each round (point units); Cut-n
    drops the first ``n`` of them (14.1.1: "PS-C1 drops the score after round 1")."""
    if cut < 0:
        raise ValueError(f"negative cut {cut}")
    out: dict[PlayerId, int] = {}
    for p in state.players:
        running, after = 0, []
        for e in p.results:
            running += state.points.of(e)
            after.append(running)
        out[p.id] = sum(after[cut:])
    return out


def rounds_elected_to_play(state: TournamentState) -> dict[PlayerId, int]:
    """REP (C.07 7.6; "GE" in the 2023 text): rounds minus half-point byes, zero-point byes
    (absences included, 16.1) and forfeit losses, i.e. minus the VURs."""
    return {p.id: sum(1 for e in p.results if not is_vur(e)) for p in state.players}


def byes_received(state: TournamentState) -> dict[PlayerId, int]:
    """Pairing-allocated byes (code ``U``) received, counted per pairing round (a TCEC double
    round's bye fills two columns but is one bye)."""
    per_round = state.columns_per_round
    return {
        p.id: sum(
            1
            for r in range(0, len(p.results), per_round)
            if any(e.is_pab for e in p.results[r : r + per_round])
        )
        for p in state.players
    }


# -- type D: ratings -------------------------------------------------------------------------

# DP_TABLE, rating_difference: B.02 8.1.1, in core.fide_tables (shared with the FIDE rater).


def _rated_games(state: TournamentState, player: Player) -> list[tuple[int, Fraction]]:
    """(opponent's rating, result) of the games played over the board against rated opponents."""
    out = []
    for e in player.games:
        if e.opponent is not None and state.player(e.opponent).rating > 0:
            out.append((state.player(e.opponent).rating, game_result(e)))
    return out


def aro(state: TournamentState, cut: int = 0) -> dict[PlayerId, int | None]:
    """ARO (C.07 10.1): average rating of the opponents played over the board, rounded to the
    nearest whole number with .5 up; Cut-n drops the ``n`` lowest ratings (14.1.1). Unrated
    opponents are left out; ``None`` when no rated game remains."""
    if cut < 0:
        raise ValueError(f"negative cut {cut}")
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        ratings = sorted(r for r, _ in _rated_games(state, p))[cut:]
        out[p.id] = _round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
    return out


def tpr(state: TournamentState) -> dict[PlayerId, int | None]:
    """TPR (C.07 10.2): ARO (rounded) + dp(p), p = points / games over the board (B.02 8.1.1),
    both over the games against rated opponents; ``None`` without such a game."""
    averages = aro(state)
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        games = _rated_games(state, p)
        average = averages[p.id]
        if average is None or not games:
            out[p.id] = None
            continue
        score = sum((result for _, result in games), Fraction(0))
        out[p.id] = average + rating_difference(score / len(games))
    return out


# -- the registry ----------------------------------------------------------------------------

FieldFunction = Callable[[TournamentState, Edition], Mapping[PlayerId, TieBreakValue]]
GroupFunction = Callable[[TournamentState, Sequence[PlayerId]], Mapping[PlayerId, TieBreakValue]]


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A tie-break as a standings column."""

    code: str
    """Canonical code, Handbook hyphen form (``BH-C1``)."""
    name: str
    """Display name."""
    article: str
    """Where C.07 defines it (or ``TCEC``)."""
    unit: int
    """Divide a value by this for points: 2 for half-points, 4 for quarter-points, 1 for counts,
    ratings and places."""
    compute: FieldFunction | None = None
    """Values for every player (types B, C, D)."""
    among: GroupFunction | None = None
    """Values for a group of tied players only (type A, e.g. DE)."""
    ascending: bool = False
    """Lower values rank higher (DE places, TCEC byes)."""

    def values(
        self,
        state: TournamentState,
        group: Sequence[PlayerId] | None = None,
        edition: Edition = Edition.C07_2023,
    ) -> Mapping[PlayerId, TieBreakValue]:
        """Values for every player, or (type A) for the players of ``group``."""
        if self.among is not None:
            return self.among(state, [p.id for p in state.players] if group is None else group)
        assert self.compute is not None
        return self.compute(state, edition)

    def format(self, value: TieBreakValue) -> str:
        """The value for display: ``"15.5"`` for 31 half-points, ``"7.75"`` for 31
        quarter-points, ``""`` for ``None``."""
        if value is None:
            return ""
        digits = {1: 0, 2: 1, 4: 2}.get(self.unit, 2)
        scaled = Fraction(value) / self.unit * 10**digits
        units = _round_half_up(scaled) if scaled >= 0 else -_round_half_up(-scaled)
        sign = "-" if units < 0 else ""
        whole, frac = divmod(abs(units), 10**digits)
        return f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"


def _modified(base: str, cut: int, median: int) -> str:
    return base + (f"-C{cut}" if cut else "") + (f"-M{median}" if median else "")


def _buchholz_entry(cut: int = 0, median: int = 0) -> TieBreak:
    kind = f" Cut-{cut}" if cut else f" Median-{median}" if median else ""
    return TieBreak(
        _modified("BH", cut, median),
        "Buchholz" + kind,
        "C.07 8.1" + (" 14" if cut or median else ""),
        2,
        compute=lambda s, ed: buchholz(s, cut, median, ed),
    )


def _sb_entry(cut: int = 0, median: int = 0) -> TieBreak:
    kind = f" Cut-{cut}" if cut else f" Median-{median}" if median else ""
    return TieBreak(
        _modified("SB", cut, median),
        "Sonneborn-Berger" + kind,
        "C.07 9.1" + (" 14" if cut or median else ""),
        4,
        compute=lambda s, ed: sonneborn_berger(s, cut, median, ed),
    )


def _ps_entry(cut: int = 0) -> TieBreak:
    return TieBreak(
        _modified("PS", cut, 0),
        "Progressive score" + (f" Cut-{cut}" if cut else ""),
        "C.07 7.5" + (" 14.1" if cut else ""),
        2,
        compute=lambda s, _: progressive_score(s, cut),
    )


def _aro_entry(cut: int = 0) -> TieBreak:
    return TieBreak(
        _modified("ARO", cut, 0),
        "Average rating of opponents" + (f" Cut-{cut}" if cut else ""),
        "C.07 10.1" + (" 14.1" if cut else ""),
        1,
        compute=lambda s, _: aro(s, cut),
    )


def _group_de(state: TournamentState, group: Sequence[PlayerId]) -> Mapping[PlayerId, int]:
    return direct_encounter(state, group)


def _simple(code: str, name: str, article: str, unit: int, f: Callable) -> TieBreak:
    return TieBreak(code, name, article, unit, compute=lambda s, _: f(s))


TIE_BREAKS: Mapping[str, TieBreak] = {
    t.code: t
    for t in (
        _buchholz_entry(),
        _buchholz_entry(cut=1),
        _buchholz_entry(cut=2),
        _buchholz_entry(median=1),
        _buchholz_entry(median=2),
        _sb_entry(),
        _sb_entry(cut=1),
        TieBreak("DE", "Direct encounter", "C.07 6", 1, among=_group_de, ascending=True),
        _simple("WIN", "Number of wins", "C.07 7.1", 1, wins),
        _simple("WON", "Number of games won", "C.07 7.2", 1, games_won),
        _simple("BPG", "Games played with Black", "C.07 7.3", 1, games_with_black),
        _simple("BWG", "Games won with Black", "C.07 7.4", 1, games_won_with_black),
        _ps_entry(),
        _ps_entry(cut=1),
        _simple("REP", "Rounds one elected to play", "C.07 7.6", 1, rounds_elected_to_play),
        _aro_entry(),
        _aro_entry(cut=1),
        _simple("TPR", "Tournament performance rating", "C.07 10.2", 1, tpr),
        TieBreak(
            "BYE",
            "Byes received",
            "TCEC",
            1,
            compute=lambda s, _: byes_received(s),
            ascending=True,
        ),
    )
}
"""The tie-breaks by canonical code. ``GE`` (the 2023 name of REP) and the slash forms of the
TRF (``BH/C1``) are read by :func:`tie_break`."""

_ALIASES = {"GE": "REP"}
_MODIFIED = re.compile(r"^(BH|SB|PS|ARO)-([CM])([1-9])$")


def tie_break(code: str) -> TieBreak:
    """The tie-break for a code: a key of :data:`TIE_BREAKS`, case-insensitive, ``GE`` for REP,
    or a Cut-n / Median-n form of BH, SB, PS (Cut only) or ARO (Cut only), written ``BH-C3``
    or ``BH/C3``."""
    key = code.strip().upper().replace("/", "-")
    key = _ALIASES.get(key, key)
    if key in TIE_BREAKS:
        return TIE_BREAKS[key]
    m = _MODIFIED.match(key)
    if m:
        base, kind, n = m.group(1), m.group(2), int(m.group(3))
        if base == "BH":
            return _buchholz_entry(cut=n) if kind == "C" else _buchholz_entry(median=n)
        if base == "SB":
            return _sb_entry(cut=n) if kind == "C" else _sb_entry(median=n)
        if kind == "C":
            return _ps_entry(n) if base == "PS" else _aro_entry(n)
    raise ValueError(f"unknown tie-break code {code!r}")


# -- standings -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    """1-based; players share a rank only when score and every tie-break value are equal."""
    player: PlayerId
    score: int
    """Points in the state's units (half-points)."""
    values: tuple[TieBreakValue, ...]
    """The tie-break values, in the order of the codes asked for. A type A value (DE) is only
    set for players still tied when it was applied; ``None`` otherwise."""


def _sort_key(value: TieBreakValue, ascending: bool) -> tuple[int, Fraction]:
    if value is None:
        return (1, Fraction(0))
    return (0, Fraction(value) if ascending else -Fraction(value))


def standings(
    state: TournamentState, codes: Sequence[str], edition: Edition = Edition.C07_2023
) -> list[StandingRow]:
    """The standings: score descending, then each tie-break in turn on every subgroup still
    tied (C.07 4.2; a type A tie-break such as DE is computed on that subgroup), finally by
    pairing number (no lots: such players share the rank)."""
    breaks = [tie_break(c) for c in codes]
    per_field = {
        i: tb.values(state, edition=edition) for i, tb in enumerate(breaks) if tb.among is None
    }
    values: dict[PlayerId, list[TieBreakValue]] = {
        p.id: [None] * len(breaks) for p in state.players
    }
    for i, vals in per_field.items():
        for pid in values:
            values[pid][i] = vals[pid]

    final: list[list[PlayerId]] = []

    def refine(group: list[PlayerId], i: int) -> None:
        if len(group) == 1 or i == len(breaks):
            final.append(group)
            return
        tb = breaks[i]
        if tb.among is not None:
            group_values = tb.values(state, group, edition)
            for pid in group:
                values[pid][i] = group_values[pid]
        ordered = sorted(group, key=lambda pid: _sort_key(values[pid][i], tb.ascending))
        run: list[PlayerId] = []
        for pid in ordered:
            if run and values[run[0]][i] != values[pid][i]:
                refine(run, i + 1)
                run = []
            run.append(pid)
        refine(run, i + 1)

    scores = state.scores
    by_tpn = sorted(state.players, key=lambda p: (-scores[p.id], p.tpn))
    score_groups: list[list[PlayerId]] = []
    for p in by_tpn:
        if score_groups and scores[score_groups[-1][0]] == scores[p.id]:
            score_groups[-1].append(p.id)
        else:
            score_groups.append([p.id])
    for g in score_groups:
        refine(g, 0)

    rows: list[StandingRow] = []
    for group in final:
        rank = len(rows) + 1
        for pid in sorted(group, key=lambda pid: state.player(pid).tpn):
            rows.append(StandingRow(rank, pid, scores[pid], tuple(values[pid])))
    return rows


TCEC_TIEBREAKS = ("BPG", "SB")
"""Tie-breaks commonly used after score and byes in TCEC Swiss events."""


def tcec_final_order(
    state: TournamentState,
    codes: Sequence[str] = TCEC_TIEBREAKS,
    edition: Edition = Edition.C07_2023,
) -> list[StandingRow]:
    """TCEC's final ranking: score descending, byes received ascending, then ``codes``. The
    rows' ``values`` are in the order ``("BYE", *codes)``."""
    return standings(state, ("BYE", *codes), edition)
