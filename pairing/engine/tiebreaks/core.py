"""The scoring model shared by every tie-break: results, unplayed rounds (C.07 15-16), the
dummy opponent, Cut/Median modifiers (C.07 14, 16.5).

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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pairing.engine.core.state import Player, PlayerId, RoundEntry, TournamentState

TieBreakValue = int | Fraction | None
"""A tie-break value; ``None`` = not defined for this player (ranks below every value)."""


class Edition(StrEnum):
    """Which text of C.07 governs unplayed rounds."""

    C07_2023 = "2023"
    """2023 text (in force 2023/2024): dummy score = own final score."""
    C07_2026 = "2026"
    """2026 text: the dummy's score is capped (16.4.1 forfeits, 16.4.2 other unplayed rounds)."""


class ModifierError(ValueError):
    """A Cut / Median / Limit modifier that a tie-break does not take."""


# -- results -------------------------------------------------------------------------------

WIN_CODES = frozenset("1W")
"""Codes of a game won over the board (``W``: won in less than one move, still a game)."""
LOSS_CODES = frozenset("0L")
"""Codes of a game lost over the board."""
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
    return is_requested_bye(entry) or (_scheduled(entry) and entry.code == "-")


def _scheduled(entry: RoundEntry) -> bool:
    """Paired on a board: an opponent, or (TRF-2026 ``0000 w -``, a team event) a scheduled
    colour without one."""
    return entry.opponent is not None or entry.colour is not None


def unplayed_category(player: Player, column: int) -> int | None:
    """The C.07 16.2 category (1-5) of the player's round column ``column`` (0-based), or
    ``None`` for a game played over the board.

    1 PAB or full-point bye; 2 forfeit win; 3 requested bye followed by at least one round that
    is not a VUR; 4 forfeit loss; 5 requested bye followed only by VURs, or in the last round.
    """
    entry = player.results[column]
    if entry.played:
        return None
    if _scheduled(entry):
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
    state: TournamentState, edition: Edition = Edition.C07_2023, forfeits_played: bool = False
) -> dict[PlayerId, tuple[Contribution, ...]]:
    """Every participant's per-round contributions to BH and SB under C.07 16.3-16.4. With
    ``forfeits_played`` (MTB26 ``/P``) a forfeit counts as a game against the scheduled
    opponent, not against the dummy."""
    adjusted = adjusted_scores(state)
    out: dict[PlayerId, tuple[Contribution, ...]] = {}
    for p in state.players:
        terms = []
        for i, e in enumerate(p.results):
            points = state.points.of(e)
            if e.opponent is not None and (e.played or (forfeits_played and e.forfeit)):
                terms.append(Contribution(i + 1, e.opponent, adjusted[e.opponent], points, False))
            else:
                dummy = _dummy_score(state, p, i, adjusted, edition)
                terms.append(Contribution(i + 1, None, dummy, points, is_vur(e)))
        out[p.id] = tuple(terms)
    return out


def cut_terms(
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


def check_modifiers(cut: int, median: int) -> None:
    """Cut-n and Median-n are exclusive and not negative (C.07 14)."""
    if cut < 0 or median < 0 or (cut and median):
        raise ModifierError(
            f"use either a Cut or a Median modifier, not negative: {cut=} {median=}"
        )
