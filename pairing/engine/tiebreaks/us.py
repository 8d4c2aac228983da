"""US Chess tie-breaks: Official Rules of Chess (7th edition), chapter 2, rule 34E.

Unplayed games (34E1): for an *opponent's* score every unplayed round - bye of any value,
forfeit win or loss, round missed after a withdrawal - counts as a draw ("adjusted score"); a
tied player's *own* unplayed rounds count as opponents with an adjusted score of zero. The
adjusted scores serve only the tie-breaks; nobody's real score changes.

Units: adjusted scores, Median, Solkoff, Cumulative and Cumulative of opposition in the state's
point units (half-points); Sonneborn-Berger in adjusted score x points (quarter-points);
Kashdan in its own points (4 a win); counts and ratings as ``int``.
"""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.core.fide_tables import round_half_up
from pairing.engine.core.state import Colour, PlayerId, TournamentState
from pairing.engine.tiebreaks.core import LOSS_CODES, WIN_CODES, game_result

US_DEFAULT_ORDER: tuple[str, ...] = ("US-MM", "US-SOLK", "US-CUM", "US-OPCUM")
"""34E: the order players expect unless another was posted before round 1: Modified Median,
Solkoff, Cumulative, Cumulative of opposition (34E1, 34E2, 34E3, 34E9; the numbers as the rule
book's headings list them, 34E4 being the unmodified Median and 34E10 the opposition's
performance: docs/tiebreaks.md says where from)."""

US_SECTION_DEFAULTS: dict[str, tuple[str, ...]] = {
    "swiss": US_DEFAULT_ORDER,
    "round-robin": ("US-SB", "US-RBT", "US-MB"),
}
"""A section's default order by its format. Swiss: 34E. Round robins, where every player meets
the same field and Median/Solkoff cannot separate anyone: Sonneborn-Berger (34E8), result
between the tied players (34E5), most blacks (34E6) - a reading, to be checked against 34E."""


def us_adjusted_scores(state: TournamentState) -> dict[PlayerId, int]:
    """Each player's score for the opponents' tie-breaks (34E1): games played over the board
    with their points, every unplayed round as a draw."""
    pts = state.points
    return {
        p.id: sum(pts.of(e) if e.played else pts.draw for e in p.results) for p in state.players
    }


def _opponent_scores(state: TournamentState) -> dict[PlayerId, list[int]]:
    """Per player, one adjusted score per round: the opponent's over the board, 0 for an
    unplayed round of the player's own (34E1)."""
    adjusted = us_adjusted_scores(state)
    return {
        p.id: [
            adjusted[e.opponent] if e.played and e.opponent is not None else 0 for e in p.results
        ]
        for p in state.players
    }


def modified_median(state: TournamentState) -> dict[PlayerId, int]:
    """Modified Median (34E1): the opponents' adjusted scores without the least significant
    ones: a plus score (over 50% of the possible) drops the lowest, a minus score the highest,
    an even score both; from 9 rounds on, two of each."""
    n = 2 if state.rounds_done >= 9 else 1
    possible = state.points.win * state.rounds_done
    out: dict[PlayerId, int] = {}
    for pid, scores in _opponent_scores(state).items():
        ordered = sorted(scores)
        twice = 2 * state.scores[pid]
        low = n if twice >= possible else 0
        high = n if twice <= possible else 0
        out[pid] = sum(ordered[low : len(ordered) - high])
    return out


def median(state: TournamentState) -> dict[PlayerId, int]:
    """Median / Harkness (34E4, the system 34E1 modifies): the highest and lowest adjusted
    scores dropped for every player (two of each from 9 rounds on)."""
    n = 2 if state.rounds_done >= 9 else 1
    return {
        pid: sum(sorted(scores)[n : len(scores) - n])
        for pid, scores in _opponent_scores(state).items()
    }


def solkoff(state: TournamentState) -> dict[PlayerId, int]:
    """Solkoff (34E2): the sum of all opponents' adjusted scores (own unplayed rounds 0)."""
    return {pid: sum(scores) for pid, scores in _opponent_scores(state).items()}


def cumulative(state: TournamentState) -> dict[PlayerId, int]:
    """Cumulative (34E3): the sum of the running scores after each round, less the points of
    each unplayed win (forfeit win, full-point or pairing-allocated bye) - taken off once, not
    in every later round. Half-point byes are not taken off (reading: 34E3 names wins)."""
    pts = state.points
    out: dict[PlayerId, int] = {}
    for p in state.players:
        running = total = 0
        for e in p.results:
            running += pts.of(e)
            total += running
            if (e.opponent is not None and e.code == "+") or (
                e.opponent is None and e.code in "UF"
            ):
                total -= pts.of(e)
        out[p.id] = total
    return out


def cumulative_of_opposition(state: TournamentState) -> dict[PlayerId, int]:
    """Cumulative scores of opposition (34E9): the sum of the Cumulative (34E3) of every
    opponent met over the board; an unplayed round adds nothing."""
    own = cumulative(state)
    return {
        p.id: sum(own[e.opponent] for e in p.games if e.opponent is not None) for p in state.players
    }


def result_between_tied(state: TournamentState, group: list[PlayerId]) -> dict[PlayerId, int]:
    """Result between tied players (34E5): wins minus losses in the games played among
    ``group`` ("plus two" beats "plus one", not percentages); ranked descending."""
    members = set(group)
    out: dict[PlayerId, int] = {}
    for pid in group:
        games = [e for e in state.player(pid).games if e.opponent in members]
        out[pid] = sum((e.code in WIN_CODES) - (e.code in LOSS_CODES) for e in games)
    return out


def most_blacks(state: TournamentState) -> dict[PlayerId, int]:
    """Most blacks (34E6): games played with Black (unplayed rounds have no colour)."""
    return {p.id: sum(1 for e in p.games if e.colour is Colour.BLACK) for p in state.players}


KASHDAN_POINTS = {Fraction(1): 4, Fraction(1, 2): 2, Fraction(0): 1}
"""34E7: a win 4, a draw 2, a loss 1; an unplayed game 0."""


def kashdan(state: TournamentState) -> dict[PlayerId, int]:
    """Kashdan (34E7): 4 per win, 2 per draw, 1 per loss over the board, 0 per unplayed game."""
    return {p.id: sum(KASHDAN_POINTS[game_result(e)] for e in p.games) for p in state.players}


def us_sonneborn_berger(state: TournamentState) -> dict[PlayerId, int]:
    """Sonneborn-Berger (34E8): the adjusted scores of the opponents defeated plus half those
    of the opponents drawn, over the board (a win weighs 2, a draw 1: quarter-points)."""
    adjusted = us_adjusted_scores(state)
    return {
        p.id: sum(
            adjusted[e.opponent] * int(2 * game_result(e))
            for e in p.games
            if e.opponent is not None
        )
        for p in state.players
    }


def us_performance(state: TournamentState) -> dict[PlayerId, int | None]:
    """A player's performance rating as US Chess TDs compute it for tie-breaks: (sum of the
    opponents' ratings + 400 x (wins - losses)) / games, over the games played against rated
    opponents, rounded (.5 up); ``None`` without such a game."""
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        games = [
            (state.player(e.opponent).rating, game_result(e))
            for e in p.games
            if e.opponent is not None and state.player(e.opponent).rating > 0
        ]
        if not games:
            out[p.id] = None
            continue
        total = sum(r + 400 * int(2 * result - 1) for r, result in games)
        out[p.id] = round_half_up(Fraction(total, len(games)))
    return out


def opponents_performance(state: TournamentState) -> dict[PlayerId, int | None]:
    """Opposition's performance (34E10): the average of the performance ratings of the opponents
    met over the board, rounded (.5 up); opponents without one are left out."""
    perf = us_performance(state)
    out: dict[PlayerId, int | None] = {}
    for p in state.players:
        known = [v for e in p.games if e.opponent is not None and (v := perf[e.opponent])]
        out[p.id] = round_half_up(Fraction(sum(known), len(known))) if known else None
    return out
