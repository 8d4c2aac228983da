"""What the Dutch system needs to know about each player before a round is paired.

Scores are integer half-points (win = 2). Everything here is computed once per round from the
:class:`~pairing.engine.state.TournamentState` and then only read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from pairing.engine.core.colours import Preference, Strength, preference
from pairing.engine.core.state import Colour, Player, PlayerId, TournamentState
from pairing.engine.dutch.edition import EDITION_2017, Edition, unplayed_games


class Float(IntEnum):
    """The float a player received in one round (C.04.3 A.4.b)."""

    NONE = 0
    DOWN = 1
    UP = 2


@dataclass(frozen=True, slots=True)
class DutchPlayer:
    """One player to be paired, with the attributes the criteria and colour rules read."""

    id: PlayerId
    """Starting rank (TRF id)."""
    tpn: int
    """Pairing number: the A.2.b ordering key."""
    score: int
    """Pairing score in half-points (A.2.a, with virtual points under acceleration)."""
    colours: tuple[Colour, ...]
    """Colours of the games actually played, oldest first (C.04.2 D.5)."""
    preference: Preference
    """A.6 colour preference."""
    float_last: Float
    """Float received in the previous round (C.12, C.13)."""
    float_before_last: Float
    """Float received two rounds before (C.14, C.15)."""
    bye_allowed: bool
    """May receive the pairing-allocated bye (C.2 = C.04.1.d)."""
    topscorer: bool
    """A.7: over 50 % of the maximum possible score when pairing the final round (a win in
    each round played before it)."""
    e5_number: int
    """The pairing number whose parity E.5 reads (see :func:`e5_numbers`)."""
    unplayed: int = 0
    """2026 C9: rounds without a game over the board (0 under the 2017 rules)."""

    @property
    def absolute(self) -> bool:
        return self.preference.strength is Strength.ABSOLUTE


def scores_before(state: TournamentState, player: Player, round_number: int) -> int:
    """Pairing score of ``player`` when round ``round_number`` (1-based) was paired."""
    score = player.score(state.points, round_number - 1)
    extra = state.acceleration.get(player.id)
    if extra is not None and len(extra) >= round_number:
        score += extra[round_number - 1]
    return score


def float_in_round(
    state: TournamentState, player: Player, round_number: int, edition: Edition = EDITION_2017
) -> Float:
    """A.4.b: after a game between players with different scores, the higher one received a
    downfloat and the lower one an upfloat; a player who did not play (bye, absence, forfeit)
    received a downfloat (2026: only after a PAB or scoring more than a loss)."""
    entry = player.results[round_number - 1]
    if not entry.played or entry.opponent is None:
        return Float.DOWN if edition.unplayed_downfloat(entry, state.points) else Float.NONE
    own = scores_before(state, player, round_number)
    other = scores_before(state, state.player(entry.opponent), round_number)
    if own > other:
        return Float.DOWN
    if own < other:
        return Float.UP
    return Float.NONE


def e5_numbers(state: TournamentState) -> dict[PlayerId, int]:
    """Pairing numbers for E.5: a player's rank by pairing number among the players who have
    taken part in a pairing (paired in an earlier round, or to be paired now). Players absent
    since the first round hold no number yet, so they do not shift the parity of the others."""
    available = {p.id for p in state.available}
    taking_part = sorted(
        (
            p
            for p in state.players
            if p.id in available or any(e.made_by_pairing for e in p.results)
        ),
        key=lambda p: p.tpn,
    )
    return {p.id: i for i, p in enumerate(taking_part, start=1)}


def build_players(state: TournamentState, edition: Edition = EDITION_2017) -> list[DutchPlayer]:
    """The players to pair in the next round, in A.2 order (score, then pairing number)."""
    r = state.next_round
    scores = state.pairing_scores
    numbers = e5_numbers(state)
    # A.7: over 50 % of the maximum possible score *when pairing the final round*: a win in
    # every round played so far (not in every round of the tournament).
    maximum = (r - 1) * state.points.win
    players = []
    for p in state.available:
        colours = p.colours
        players.append(
            DutchPlayer(
                id=p.id,
                tpn=p.tpn,
                score=scores[p.id],
                colours=colours,
                preference=preference(colours),
                float_last=float_in_round(state, p, r - 1, edition) if r > 1 else Float.NONE,
                float_before_last=(
                    float_in_round(state, p, r - 2, edition) if r > 2 else Float.NONE
                ),
                bye_allowed=not edition.bye_barred(p, state.points),
                topscorer=state.is_last_round and 2 * state.scores[p.id] > maximum,
                e5_number=numbers[p.id],
                unplayed=unplayed_games(p) if edition.bye_unplayed else 0,
            )
        )
    players.sort(key=lambda d: (-d.score, d.tpn))
    return players
