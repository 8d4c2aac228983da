"""Colour allocation of the Dutch system (C.04.3 E.1-E.5) and what a pair's colours cost in the
colour criteria C.8-C.11."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pairing.engine.core.colours import Preference, Strength, colour_difference
from pairing.engine.core.rules import higher_ranked
from pairing.engine.core.state import Colour
from pairing.engine.dutch.players import DutchPlayer


class Coloured(Protocol):
    """A player as the colour rules E.1-E.5 see them (a :class:`DutchPlayer`, or the draft
    review's view of any registered player)."""

    @property
    def score(self) -> int: ...

    @property
    def tpn(self) -> int: ...

    @property
    def colours(self) -> tuple[Colour, ...]: ...

    @property
    def preference(self) -> Preference: ...

    @property
    def e5_number(self) -> int: ...


def white_for_first(a: DutchPlayer, b: DutchPlayer, initial: Colour) -> bool:
    """Whether ``a`` gets white against ``b`` (E.1-E.5)."""
    return colour_decision(a, b, initial)[0]


def colour_decision(a: Coloured, b: Coloured, initial: Colour) -> tuple[bool, int]:
    """Whether ``a`` gets white against ``b``, and the rule that decided: 1-5 for E.1-E.5
    (2026: 5.2.1-5.2.5)."""
    decided = _e1_to_e3(a, b)
    if decided is not None:
        return decided
    higher = higher_ranked(a, b)
    # E.4: grant the preference of the higher ranked player.
    if higher.preference.colour is not None:
        return (higher.preference.colour is Colour.WHITE) == (higher is a), 4
    # E.5: odd pairing number -> the initial colour.
    higher_white = (higher.e5_number % 2 == 1) == (initial is Colour.WHITE)
    return higher_white == (higher is a), 5


def _e1_to_e3(a: Coloured, b: Coloured) -> tuple[bool, int] | None:
    """Whether ``a`` gets white by E.1-E.3 and which of them decided, ``None`` when those
    rules do not decide."""
    pa, pb = a.preference, b.preference
    # E.1: grant both preferences (a player without preference takes what is left, A.6.d).
    if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:
        return pa.colour is Colour.WHITE, 1
    if pa.colour is None and pb.colour is not None:
        return pb.colour is Colour.BLACK, 1
    if pb.colour is None and pa.colour is not None:
        return pa.colour is Colour.WHITE, 1
    if pa.colour is not None:
        # E.2: grant the stronger preference; between two absolute ones (topscorers) the
        # wider colour difference.
        if pa.strength != pb.strength:
            stronger = pa if pa.strength > pb.strength else pb
            return (stronger.colour is Colour.WHITE) == (stronger is pa), 2
        if pa.strength is Strength.ABSOLUTE and abs(pa.difference) != abs(pb.difference):
            wider = pa if abs(pa.difference) > abs(pb.difference) else pb
            return (wider.colour is Colour.WHITE) == (wider is pa), 2
    # E.3: alternate to the most recent round in which they had different colours (played
    # games only, aligned from the latest one: C.04.2 D.5).
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca is Colour.BLACK, 3
    return None


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
    conflict = pa.colour is not None and pa.colour is pb.colour
    if not conflict and not (a.topscorer or b.topscorer):
        return NO_COLOUR_COST
    return _cost_of(*allocate(a, b, initial), a.topscorer or b.topscorer)


def colour_cost_depends_on_rank(a: DutchPlayer, b: DutchPlayer, initial: Colour) -> bool:
    """Whether the pair's C.8-C.11 cost depends on E.4/E.5 (their ranks or pairing numbers),
    not only on the players' colour histories."""
    if _e1_to_e3(a, b) is not None:
        return False
    top = a.topscorer or b.topscorer
    return _cost_of(a, b, top) != _cost_of(b, a, top)


def _cost_of(white: DutchPlayer, black: DutchPlayer, topscorers: bool) -> ColourCost:
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
        if topscorers:
            history = (*player.colours, got)
            if abs(colour_difference(history)) > 2:
                extreme += 1
            if len(history) >= 3 and history[-1] is history[-2] is history[-3]:
                triple += 1
    return ColourCost(extreme, triple, lost, strong)
