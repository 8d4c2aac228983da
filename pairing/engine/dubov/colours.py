"""Colour allocation of the Dubov system (C.04.4.1, 2018, section E)."""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.core.rules import higher_ranked
from pairing.engine.core.state import Colour, PlayerId, TournamentState
from pairing.engine.dubov.players import DubovPlayer


def pairing_numbers(state: TournamentState) -> dict[PlayerId, int]:
    """E.0's pairing numbers: the position in the initial ranking list (A.2), the same for
    every player registered, whether or not they took part in earlier rounds."""
    return {p.id: p.tpn for p in state.players}


def allocate(
    a: DubovPlayer, b: DubovPlayer, first_colour: Colour, numbers: Mapping[PlayerId, int]
) -> tuple[DubovPlayer, DubovPlayer]:
    """E.0-E.4: (white, black) for a pair."""
    white_for_a = colour_decision(a, b, first_colour, numbers)[0]
    return (a, b) if white_for_a else (b, a)


def colour_decision(
    a: DubovPlayer, b: DubovPlayer, first_colour: Colour, numbers: Mapping[PlayerId, int]
) -> tuple[bool, str]:
    """Whether ``a`` gets White, and the rule of section E that decided (``E.0`` ... ``E.4``)."""
    high = higher_ranked(a, b)
    if a.unplayed and b.unplayed:  # E.0
        odd = numbers.get(high.id, high.tpn) % 2 == 1
        high_colour = first_colour if odd else first_colour.opposite
        return (high_colour is Colour.WHITE) == (high is a), "E.0"
    pa, pb = a.preference, b.preference
    if pa.colour is not pb.colour:  # E.1: both preferences granted
        return pa.colour is Colour.WHITE, "E.1"
    if pa.strength != pb.strength:  # E.2: the stronger preference
        a_stronger = pa.strength > pb.strength
        wanted = pa.colour if a_stronger else pb.colour
        return (wanted is Colour.WHITE) == a_stronger, "E.2"
    # E.3: alternate to the most recent round in which they had different colours
    # (played games only, aligned from the latest, C.04.2 D.5).
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca is Colour.BLACK, "E.3"
    # E.4: the higher-ranked player's preference.
    wanted = high.preference.colour
    return (wanted is Colour.WHITE) == (high is a), "E.4"
