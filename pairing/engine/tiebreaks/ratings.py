"""FIDE C.07 article 10: tie-breaks from ratings (type D, and DB/DC): ARO, TPR, PTP, APRO,
APPO, RTNG.

Art. 10 leaves unrated participants to the regulations: here an unrated opponent (rating 0) is
left out of averages and performances; a value is ``None`` when no rated game remains. Only
games played over the board count (forfeits are unplayed rounds, 15.3/16).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pairing.engine.core.fide_tables import expected_hundredths, rating_difference, round_half_up
from pairing.engine.core.state import Player, PlayerId, TournamentState
from pairing.engine.tiebreaks.core import ModifierError, game_result


def expected_score(difference: int) -> Fraction:
    """PD for a rating difference ``difference`` = own rating - opponent's rating (B.02 8.1.2),
    on the full scale (no 400-point cut, as C.07 10.3 asks)."""
    return Fraction(expected_hundredths(difference), 100)


def rated_games(state: TournamentState, player: Player) -> list[tuple[int, Fraction]]:
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
        raise ModifierError(f"negative cut {cut}")
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        ratings = sorted(r for r, _ in rated_games(state, p))[cut:]
        out[p.id] = round_half_up(Fraction(sum(ratings), len(ratings))) if ratings else None
    return out


def tpr(state: TournamentState) -> dict[PlayerId, int | None]:
    """TPR (C.07 10.2): ARO (rounded) + dp(p), p = points / games over the board (B.02 8.1.1),
    both over the games against rated opponents; ``None`` without such a game."""
    averages = aro(state)
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        games = rated_games(state, p)
        average = averages[p.id]
        if average is None or not games:
            out[p.id] = None
            continue
        score = sum((result for _, result in games), Fraction(0))
        out[p.id] = average + rating_difference(score / len(games))
    return out


def perfect_performance(games: list[tuple[int, Fraction]]) -> int | None:
    """The PTP of one participant (C.07 10.3): the lowest whole rating R whose expected score
    against the opponents, sum of PD(R - R_opp) (B.02 8.1.2, full scale), reaches the points
    scored. A zero score gives the lowest-rated opponent's rating - 800 (10.3); a full score
    (reading: symmetric) the highest-rated opponent's + 800."""
    if not games:
        return None
    ratings = [r for r, _ in games]
    score = sum((result for _, result in games), Fraction(0))
    if score == 0:
        return min(ratings) - 800
    if score == len(games):
        return max(ratings) + 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected score 0 .. n in between
    while low < high:  # the expected score never falls as R rises: bisect for the lowest R
        middle = (low + high) // 2
        if sum((expected_score(middle - r) for r in ratings), Fraction(0)) >= score:
            high = middle
        else:
            low = middle + 1
    return low


def ptp(state: TournamentState) -> dict[PlayerId, int | None]:
    """PTP (C.07 10.3) of every participant, over the games against rated opponents."""
    return {p.id: perfect_performance(rated_games(state, p)) for p in state.players}


def _average_over_opponents(
    state: TournamentState, values: Mapping[PlayerId, int | None]
) -> dict[PlayerId, int | None]:
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        known = [v for e in p.games if e.opponent is not None and (v := values[e.opponent])]
        out[p.id] = round_half_up(Fraction(sum(known), len(known))) if known else None
    return out


def apro(state: TournamentState) -> dict[PlayerId, int | None]:
    """APRO (C.07 10.4): the average TPR of the opponents played over the board, rounded like
    ARO (.5 up); opponents without a TPR are left out."""
    return _average_over_opponents(state, tpr(state))


def appo(state: TournamentState) -> dict[PlayerId, int | None]:
    """APPO (C.07 10.5): the average PTP of the opponents played over the board, rounded like
    ARO (.5 up); opponents without a PTP are left out."""
    return _average_over_opponents(state, ptp(state))


def own_ratings(state: TournamentState) -> dict[PlayerId, int | None]:
    """RTNG (C.07-2026 10.6): the participant's own rating; ``None`` for an unrated one."""
    return {p.id: p.rating or None for p in state.players}


RP_UNRATED = 1400
"""B.01 1.4.6 d: an unrated opponent counts as rated 1400 in Rp."""


def rating_performance(state: TournamentState) -> dict[PlayerId, int | None]:
    """Rp, FIDE's rating performance (B.01 1.4.8; not a C.07 tie-break, offered as one): over
    the games played over the board, unrated opponents as 1400 (1.4.6 d), Ra rounded to the
    nearest whole number, 0.5 up (1.4.7 b), p in whole per cent, 0.5 up (1.4.9), Rp = Ra +
    dp(p); no rating floor (that is a norm's, 1.4.6 b). ``None`` without a game."""
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        games = [
            (state.player(e.opponent).rating or RP_UNRATED, game_result(e))
            for e in p.games
            if e.opponent is not None
        ]
        if not games:
            out[p.id] = None
            continue
        average = round_half_up(Fraction(sum(r for r, _ in games), len(games)))
        score = sum((result for _, result in games), Fraction(0))
        percentage = round_half_up(100 * score / len(games))
        out[p.id] = average + rating_difference(Fraction(percentage, 100))
    return out
