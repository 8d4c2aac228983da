"""Colour allocation of the Dutch system (C.04.3 E.1-E.5) and what a pair's colours cost in the
colour criteria C.8-C.11."""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.colours import Strength, colour_difference
from pairing.engine.dutch_players import DutchPlayer
from pairing.engine.state import Colour


def ranks_higher(a: DutchPlayer, b: DutchPlayer) -> bool:
    """A.2: more points, then the smaller pairing number."""
    return (a.score, -a.tpn) > (b.score, -b.tpn)


def white_for_first(a: DutchPlayer, b: DutchPlayer, initial: Colour) -> bool:
    """Whether ``a`` gets white against ``b`` (E.1-E.5)."""
    pa, pb = a.preference, b.preference
    # E.1: grant both preferences (a player without preference takes what is left, A.6.d).
    if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:
        return pa.colour is Colour.WHITE
    if pa.colour is None and pb.colour is not None:
        return pb.colour is Colour.BLACK
    if pb.colour is None and pa.colour is not None:
        return pa.colour is Colour.WHITE
    if pa.colour is not None:
        # E.2: grant the stronger preference; between two absolute ones (topscorers) the
        # wider colour difference.
        if pa.strength != pb.strength:
            stronger = pa if pa.strength > pb.strength else pb
            return (stronger.colour is Colour.WHITE) == (stronger is pa)
        if pa.strength is Strength.ABSOLUTE and abs(pa.difference) != abs(pb.difference):
            wider = pa if abs(pa.difference) > abs(pb.difference) else pb
            return (wider.colour is Colour.WHITE) == (wider is pa)
    # E.3: alternate to the most recent round in which they had different colours (played
    # games only, aligned from the latest one: C.04.2 D.5).
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca is Colour.BLACK
    higher, lower = (a, b) if ranks_higher(a, b) else (b, a)
    # E.4: grant the preference of the higher ranked player.
    if higher.preference.colour is not None:
        return (higher.preference.colour is Colour.WHITE) == (higher is a)
    # E.5: odd pairing number -> the initial colour.
    higher_white = (higher.e5_number % 2 == 1) == (initial is Colour.WHITE)
    return higher_white == (higher is a)


def allocate(a: DutchPlayer, b: DutchPlayer, initial: Colour) -> tuple[DutchPlayer, DutchPlayer]:
    """(white, black) for a pair."""
    return (a, b) if white_for_first(a, b, initial) else (b, a)


@dataclass(frozen=True, slots=True)
class ColourCost:
    """A pair's contribution to the colour criteria."""

    extreme_difference: int = 0
    """C.8: topscorers or their opponents ending with a colour difference beyond +-2."""
    three_in_a_row: int = 0
    """C.9: topscorers or their opponents with the same colour three times in a row."""
    preference_lost: int = 0
    """C.10: players not getting their colour preference."""
    strong_lost: int = 0
    """C.11: players not getting a strong (or absolute) colour preference."""


NO_COLOUR_COST = ColourCost()


def colour_cost(a: DutchPlayer, b: DutchPlayer, initial: Colour) -> ColourCost:
    """What pairing ``a`` with ``b`` costs in C.8-C.11, colours allocated by E.1-E.5."""
    pa, pb = a.preference, b.preference
    if pa.colour is None or pb.colour is None or pa.colour is not pb.colour:
        if not (a.topscorer or b.topscorer):
            return NO_COLOUR_COST
    white, black = allocate(a, b, initial)
    lost = 0
    strong = 0
    extreme = 0
    triple = 0
    for player, got in ((white, Colour.WHITE), (black, Colour.BLACK)):
        pref = player.preference
        if pref.colour is not None and pref.colour is not got:
            lost += 1
            if pref.strength >= Strength.STRONG:
                strong += 1
        if a.topscorer or b.topscorer:
            history = (*player.colours, got)
            if abs(colour_difference(history)) > 2:
                extreme += 1
            if len(history) >= 3 and history[-1] is history[-2] is history[-3]:
                triple += 1
    return ColourCost(extreme, triple, lost, strong)
