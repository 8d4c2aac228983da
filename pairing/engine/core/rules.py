"""General handling rules every system shares (C.04.1, C.04.2): the initial colour, who ranks
higher, and the order of the boards."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol, TypeVar

from pairing.engine.core.state import Colour, PlayerId, TournamentState


class Ranked(Protocol):
    """A player as the ranking rules see them: a score (half-points) and a pairing number."""

    @property
    def score(self) -> int: ...

    @property
    def tpn(self) -> int: ...


R = TypeVar("R", bound=Ranked)


def pairing_numbers(state: TournamentState) -> dict[PlayerId, int]:
    """Every registered player's pairing number (A.2.b), absent or not."""
    return {p.id: p.tpn for p in state.players}


def initial_colour(
    state: TournamentState,
    numbers: Callable[[TournamentState], Mapping[PlayerId, int]] = pairing_numbers,
) -> Colour:
    """The colour drawn by lot before round 1 (``XXC``), which the colour rule for players
    without history (Dutch E.5, Dubov E.0) gives to the higher-ranked player of a pair when
    his number is odd. ``numbers`` are the numbers that rule reads, as the system counts them.

    Without ``XXC`` it is read back from round F, the first round column with a colour: nobody
    had a colour history then, so that rule coloured every board; the highest-ranked player
    with a colour in round F received the initial colour if his number (as it stood when round
    F was paired: players not paired in F absent) was odd, the other colour if even. White
    when no round has been paired."""
    if state.initial_colour is not None:
        return state.initial_colour
    for column in range(state.rounds_done):
        coloured = [p for p in state.players if p.results[column].colour is not None]
        if not coloured:
            continue
        before = state.truncated(column)
        absent = {
            p.id: p.results[column].code
            for p in state.players
            if not p.results[column].made_by_pairing
        }
        at_f = replace(before, absent=absent)
        top = min(coloured, key=lambda p: (-at_f.scores[p.id], p.tpn))
        colour = top.results[column].colour
        assert colour is not None
        return colour if numbers(at_f)[top.id] % 2 == 1 else colour.opposite
    return Colour.WHITE


def higher_ranked(a: R, b: R) -> R:
    """C.04.3 A.2 / C.04.4.1 E.0: more points; with equal points, the smaller pairing number."""
    return a if (a.score, -a.tpn) > (b.score, -b.tpn) else b


def board_order(a: Ranked, b: Ranked) -> tuple[int, int, int]:
    """C.04.2 D.9 sort key of a pair: the higher-ranked player's score (descending), the sum of
    the scores (descending), the higher-ranked player's pairing number (ascending)."""
    high = higher_ranked(a, b)
    return (-high.score, -(a.score + b.score), high.tpn)
