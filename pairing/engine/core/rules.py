"""General handling rules every system shares (C.04.1, C.04.2): the initial colour, who ranks
higher, and the order of the boards."""

from __future__ import annotations

from typing import Protocol, TypeVar

from pairing.engine.core.state import Colour, TournamentState


class Ranked(Protocol):
    """A player as the ranking rules see them: a score (half-points) and a pairing number."""

    @property
    def score(self) -> int: ...

    @property
    def tpn(self) -> int: ...


R = TypeVar("R", bound=Ranked)


def initial_colour(state: TournamentState) -> Colour:
    """The colour drawn by lot before round 1 (``XXC``). Without it, read back from round 1:
    the round-1 colour of the highest-ranked player who was paired then, inverted once for
    every higher-ranked player who was not. White before round 1 when nothing says otherwise."""
    if state.initial_colour is not None:
        return state.initial_colour
    if state.rounds_done:
        for skipped, p in enumerate(sorted(state.players, key=lambda p: p.tpn)):
            e = p.results[0]
            if e.opponent is not None and e.colour is not None:
                return e.colour if skipped % 2 == 0 else e.colour.opposite
    return Colour.WHITE


def higher_ranked(a: R, b: R) -> R:
    """C.04.3 A.2 / C.04.4.1 E.0: more points; with equal points, the smaller pairing number."""
    return a if (a.score, -a.tpn) > (b.score, -b.tpn) else b


def board_order(a: Ranked, b: Ranked) -> tuple[int, int, int]:
    """C.04.2 D.9 sort key of a pair: the higher-ranked player's score (descending), the sum of
    the scores (descending), the higher-ranked player's pairing number (ascending)."""
    high = higher_ranked(a, b)
    return (-high.score, -(a.score + b.score), high.tpn)
