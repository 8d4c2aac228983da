"""FIDE C.07 tie-breaks of types B and C (own results; opponents' final results): BH, FB, AOB,
SB, KS, WIN, WON, BPG, BWG, PS, REP, TPN, and the TCEC byes count.

Units: the state's point units (half-points with the standard :class:`PointValues`) for scores,
Buchholz and progressive scores; score x points (**quarter-points**) for Sonneborn-Berger; AOB is
an average of Buchholz values (a :class:`~fractions.Fraction` of half-points); counts are ``int``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pairing.engine.core.state import Colour, PlayerId, RoundEntry, TournamentState
from pairing.engine.tiebreaks.core import (
    WIN_CODES,
    Contribution,
    Edition,
    ModifierError,
    check_modifiers,
    contributions,
    cut_terms,
    is_vur,
)

# -- type C: Buchholz, Fore Buchholz, AOB, Sonneborn-Berger, Koya -----------------------------


def buchholz(
    state: TournamentState,
    cut: int = 0,
    median: int = 0,
    edition: Edition = Edition.C07_2023,
    forfeits_played: bool = False,
) -> dict[PlayerId, int]:
    """Buchholz (C.07 8.1), with Cut-``cut`` (14.1-14.2) or Median-``median`` (14.3-14.4):
    the sum of the opponents' scores, in point units (half-points). ``forfeits_played``: MTB26
    ``/P``, a forfeit counts against the scheduled opponent."""
    check_modifiers(cut, median)

    def score(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score,)

    return {
        pid: sum(
            t.opponent_score
            for t in cut_terms(terms, cut + median, median, score, lambda t: t.opponent_score)
        )
        for pid, terms in contributions(state, edition, forfeits_played).items()
    }


def final_round_drawn(state: TournamentState) -> TournamentState:
    """The state as if every paired game of the final round had ended in a draw (C.07 8.3);
    forfeits of that round included (they were paired). A TCEC double round's two columns are
    the final round."""
    if not state.rounds_done:
        return state
    first = state.rounds_done - state.columns_per_round

    def drawn(e: RoundEntry) -> RoundEntry:
        return replace(e, code="=") if e.opponent is not None else e

    players = tuple(
        replace(p, results=p.results[:first] + tuple(drawn(e) for e in p.results[first:]))
        for p in state.players
    )
    return replace(state, players=players)


def fore_buchholz(
    state: TournamentState,
    cut: int = 0,
    median: int = 0,
    edition: Edition = Edition.C07_2023,
    forfeits_played: bool = False,
) -> dict[PlayerId, int]:
    """FB (C.07 8.3): the Buchholz (with its modifiers and art. 16) computed as if all paired
    games of the final round had ended in draws."""
    return buchholz(final_round_drawn(state), cut, median, edition, forfeits_played)


def average_of_opponents_buchholz(
    state: TournamentState,
    edition: Edition = Edition.C07_2023,
    fore: bool = False,
    forfeits_played: bool = False,
) -> dict[PlayerId, Fraction | None]:
    """AOB (C.07 8.2): the average of the Buchholz values of the opponents met over the board
    (each encounter counted, 4.4), exact; ``None`` without such a game. Unplayed rounds do not
    enter the average (the dummy has no Buchholz). ``fore``: the opponents' Fore Buchholz
    (C.07-2026 8.2, MTB26 ``/F``); ``forfeits_played``: forfeit opponents count too, and their
    Buchholz counts forfeits as games (``/P``)."""
    source = fore_buchholz if fore else buchholz
    bh = source(state, edition=edition, forfeits_played=forfeits_played)
    out: dict[PlayerId, Fraction | None] = {}
    for p in state.players:
        met = p.results if forfeits_played else p.games
        values = [bh[e.opponent] for e in met if e.opponent is not None]
        out[p.id] = Fraction(sum(values), len(values)) if values else None
    return out


def sonneborn_berger(
    state: TournamentState,
    cut: int = 0,
    median: int = 0,
    edition: Edition = Edition.C07_2023,
    forfeits_played: bool = False,
) -> dict[PlayerId, int]:
    """Sonneborn-Berger (C.07 9.1), with Cut / Median: the sum over rounds of the opponent's
    score x the points scored against them, in point units squared (**quarter-points**).

    The least significant term is the one of the lowest-scoring opponent, among several the
    lowest product (14.1.1; the 2023 wording "the worst result" gives the same term)."""
    check_modifiers(cut, median)

    def significance(t: Contribution) -> tuple[int, ...]:
        return (t.opponent_score, t.product)

    return {
        pid: sum(
            t.product
            for t in cut_terms(terms, cut + median, median, significance, lambda t: t.product)
        )
        for pid, terms in contributions(state, edition, forfeits_played).items()
    }


def koya(state: TournamentState, limit: int = 0) -> dict[PlayerId, int]:
    """KS (C.07 9.2): the points scored against the participants whose score is at least 50%
    of the maximum possible score (win points x rounds); the Limit modifier (14.5) moves that
    threshold by ``limit`` point units (half-points: ``KS/L+1`` = 50% + ½ point).

    A round-robin tie-break: forfeits count as regular games (15.2), so forfeit wins and losses
    against such participants count; byes have no opponent and never count."""
    threshold = Fraction(state.points.win * state.rounds_done, 2) + limit
    scores = state.scores
    return {
        p.id: sum(
            state.points.of(e)
            for e in p.results
            if e.opponent is not None and scores[e.opponent] >= threshold
        )
        for p in state.players
    }


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
        raise ModifierError(f"negative cut {cut}")
    out: dict[PlayerId, int] = {}
    for p in state.players:
        running, after = 0, []
        for e in p.results:
            running += state.points.of(e)
            after.append(running)
        out[p.id] = sum(after[cut:])
    return out


def standard_points(state: TournamentState) -> dict[PlayerId, int]:
    """STD (C.07-2026 7.7), in half-points: 1 for each round in which the participant scored
    more than the scheduled opponent, or obtained without an opponent more than a draw's
    points; 1/2 for each round with the same points as the scheduled opponent, or exactly a
    draw's points without one. The scheduled opponent's points are those of their own entry
    for the round (forfeits included)."""
    pts = state.points
    out: dict[PlayerId, int] = {}
    for p in state.players:
        total = 0
        for column, e in enumerate(p.results):
            own = pts.of(e)
            other = (
                pts.draw if e.opponent is None else pts.of(state.player(e.opponent).results[column])
            )
            total += 2 if own > other else 1 if own == other else 0
        out[p.id] = total
    return out


def rounds_elected_to_play(state: TournamentState) -> dict[PlayerId, int]:
    """REP (C.07 7.6; "GE" in the 2023 text): rounds minus half-point byes, zero-point byes
    (absences included, 16.1) and forfeit losses, i.e. minus the VURs."""
    return {p.id: sum(1 for e in p.results if not is_vur(e)) for p in state.players}


def pairing_numbers(state: TournamentState) -> dict[PlayerId, int]:
    """TPN (C.07-2026 7.8): the participant's pairing number, ranked ascending."""
    return {p.id: p.tpn for p in state.players}


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
