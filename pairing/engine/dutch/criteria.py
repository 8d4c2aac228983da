"""The quality criteria C.5-C.19 (and the completion criterion C.4) of the Dutch system as
per-pair and per-downfloater costs; under the 2026 rules C6-C21, on the same levels (see
:class:`Level`).

Every criterion is a sum over the pairs and the unpaired players (downfloaters, the bye) of a
bracket, so a candidate's evaluation is a vector of such sums, compared lexicographically in
the priority order of the rules. Score-difference lists (the PSD of A.8 and C.6, and the
lists of C.16-C.19) are compared like numbers written in a base larger than their length:
``sum(BASE ** sd)`` orders sorted-descending lists lexicographically when the lists have
equal length, which they do whenever the criteria above them are equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from pairing.engine.core.state import Colour
from pairing.engine.dutch.colours import colour_cost
from pairing.engine.dutch.players import DutchPlayer, Float


class Level(IntEnum):
    """Quality levels in descending priority (index into a cost vector), named by what they
    measure, since the two editions number them differently: 2017 C.4 / 2026 C4 = COVER,
    C.5 / C6 = PAIRS, C.6 / C7 = PSD (2026: the downfloaters' scores), C.7 / C8 = NEXT_PAIRS
    and NEXT_PSD (2026: the next bracket's downfloaters' scores), 2026 C9 = UNPLAYED,
    C.8-C.19 / C10-C21 = TOPSCORER_DIFFERENCE ... UPFLOAT_TWO_ROUNDS_BEFORE_SD. (2026 C5
    restricts who may get the bye, :mod:`dutch.system`.) The labels each edition prints are
    in :mod:`dutch.explain`."""

    COVER = 0
    """C.4 / A.9: every player of the round (but the bye) is paired."""
    PAIRS = 1
    """C.5: pairs in the bracket."""
    PSD = 2
    """C.6: pairing score difference of the bracket."""
    NEXT_PAIRS = 3
    """C.7: pairs in the following bracket."""
    NEXT_PSD = 4
    """C.7: PSD of the following bracket."""
    UNPLAYED = 5
    """2026 C9: unplayed games of the bye's assignee (unused under the 2017 rules)."""
    TOPSCORER_DIFFERENCE = 6
    """C.8 (2026 C10): topscorers or their opponents with a colour difference beyond +-2."""
    TOPSCORER_THRICE = 7
    """C.9 (2026 C11): topscorers or their opponents with one colour three times running."""
    PREFERENCE_LOST = 8
    """C.10 (2026 C12): players not getting their colour preference."""
    STRONG_PREFERENCE_LOST = 9
    """C.11 (2026 C13): players not getting a strong colour preference."""
    DOWNFLOAT_AGAIN = 10
    """C.12: players floating down again after the previous round (2026 C14: resident
    downfloaters only)."""
    UPFLOAT_AGAIN = 11
    """C.13: players floating up again after the previous round (2026 C15: MDP opponents)."""
    DOWNFLOAT_TWO_ROUNDS_BEFORE = 12
    """C.14: players floating down again after two rounds (2026 C16: resident downfloaters
    only)."""
    UPFLOAT_TWO_ROUNDS_BEFORE = 13
    """C.15: players floating up again after two rounds (2026 C17: MDP opponents)."""
    DOWNFLOAT_AGAIN_SD = 14
    """C.16: score differences of players floating down again (2026 C18: of MDPs)."""
    UPFLOAT_AGAIN_SD = 15
    """C.17: score differences of players floating up again (2026 C19: of MDP opponents)."""
    DOWNFLOAT_TWO_ROUNDS_BEFORE_SD = 16
    """C.18: score differences of players floating down again after two rounds (2026 C20:
    of MDPs)."""
    UPFLOAT_TWO_ROUNDS_BEFORE_SD = 17
    """C.19: score differences of players floating up again after two rounds (2026 C21: of
    MDP opponents)."""


QUALITY_LEVELS = len(Level)


@dataclass(frozen=True)
class BracketScores:
    """The scores a bracket's costs are measured against."""

    lowest: int
    """Score of the lowest ranked player of the bracket (A.8's artificial value is this minus
    one point)."""
    next_lowest: int | None
    """Score of the residents of the following bracket (C.7), if C.7 applies."""
    base: int
    """Base of the score-difference numbers: larger than any list's length."""
    point: int = 2
    """One point in half-points."""
    downfloater_scores: bool = False
    """2026 C7/C8: the downfloaters' scores instead of the PSD (2017 C.6/C.7)."""
    resident_floats: bool = False
    """2026 C14-C21 instead of 2017 C.12-C.19."""


def downfloat_sd(player: DutchPlayer, scores: BracketScores) -> int:
    """A.8: a downfloater's SD against an artificial score one point below the bracket's
    lowest."""
    return player.score - (scores.lowest - scores.point)


def unpaired_costs(player: DutchPlayer, scores: BracketScores, mdp: bool = False) -> list[int]:
    """Costs of leaving ``player`` (an MDP or a resident) unpaired in the bracket (a
    downfloater, or the bye)."""
    cost = [0] * QUALITY_LEVELS
    base = scores.base
    sd = downfloat_sd(player, scores)
    if scores.downfloater_scores:
        # 2026 C7: the downfloaters' scores, taken in descending order; C8: those of the
        # following bracket.
        cost[Level.PSD] = base ** (player.score - scores.lowest)
        if scores.next_lowest is not None:
            cost[Level.NEXT_PSD] = next_score_cost(player.score, scores)
    else:
        cost[Level.PSD] = base**sd
        if scores.next_lowest is not None:
            cost[Level.NEXT_PSD] = base ** (player.score - scores.next_lowest + scores.point)
    if scores.resident_floats:
        if mdp:
            # 2026 C18/C20: an MDP floating on, its SD above any pair's (A.8's artificial
            # score).
            if player.float_last is Float.DOWN:
                cost[Level.DOWNFLOAT_AGAIN_SD] = base**sd
            if player.float_before_last is Float.DOWN:
                cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD] = base**sd
        else:
            # 2026 C14/C16: resident downfloaters who floated down one or two rounds before.
            if player.float_last is Float.DOWN:
                cost[Level.DOWNFLOAT_AGAIN] = 1
            if player.float_before_last is Float.DOWN:
                cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE] = 1
        return cost
    if player.float_last is Float.DOWN:
        cost[Level.DOWNFLOAT_AGAIN] = 1
        cost[Level.DOWNFLOAT_AGAIN_SD] = base**sd
    if player.float_before_last is Float.DOWN:
        cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE] = 1
        cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD] = base**sd
    return cost


def pair_costs(a: DutchPlayer, b: DutchPlayer, scores: BracketScores, initial: Colour) -> list[int]:
    """Costs of the pair ``a``-``b`` in the bracket."""
    cost = [0] * QUALITY_LEVELS
    base = scores.base
    high, low = (a, b) if a.score >= b.score else (b, a)
    sd = high.score - low.score
    if not scores.downfloater_scores:
        cost[Level.PSD] = base**sd
    colours = colour_cost(a, b, initial)
    cost[Level.TOPSCORER_DIFFERENCE] = colours.extreme_difference
    cost[Level.TOPSCORER_THRICE] = colours.three_in_a_row
    cost[Level.PREFERENCE_LOST] = colours.preference_lost
    cost[Level.STRONG_PREFERENCE_LOST] = colours.strong_lost
    if sd:
        # A.4.b: the higher player floats down, the lower one up.
        if high.float_last is Float.DOWN:
            # 2026 C18 (an MDP): only its score difference.
            cost[Level.DOWNFLOAT_AGAIN] = 0 if scores.resident_floats else 1
            cost[Level.DOWNFLOAT_AGAIN_SD] = base**sd
        if low.float_last is Float.UP:
            cost[Level.UPFLOAT_AGAIN] = 1
            cost[Level.UPFLOAT_AGAIN_SD] = base**sd
        if high.float_before_last is Float.DOWN:
            cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE] = 0 if scores.resident_floats else 1  # 2026 C20
            cost[Level.DOWNFLOAT_TWO_ROUNDS_BEFORE_SD] = base**sd
        if low.float_before_last is Float.UP:
            cost[Level.UPFLOAT_TWO_ROUNDS_BEFORE] = 1
            cost[Level.UPFLOAT_TWO_ROUNDS_BEFORE_SD] = base**sd
    return cost


def next_score_cost(score: int, scores: BracketScores) -> int:
    """2026 C8: what a player's floating out of the following bracket costs (C7 there)."""
    assert scores.next_lowest is not None
    return scores.base ** (score - scores.next_lowest)


def next_pair_gain(
    upper: DutchPlayer, lower: DutchPlayer, both_next: bool, scores: BracketScores
) -> int:
    """C.7 (2017) / C8 (2026): what a pair of the following bracket gains on its PSD (2017)
    or on its downfloaters' scores (2026): two of its residents (``both_next``), or a
    downfloater of this bracket (``upper``) and one of them."""
    if scores.downfloater_scores:
        return next_score_cost(upper.score, scores) + next_score_cost(lower.score, scores)
    base, point = scores.base, scores.point
    if both_next:
        return 2 * base**point - 1
    low = scores.next_lowest
    assert low is not None
    # A downfloater paired in the following bracket instead of floating on.
    return base ** (upper.score - low + point) + base**point - base ** (upper.score - lower.score)
