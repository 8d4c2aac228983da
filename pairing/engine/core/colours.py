"""Colour difference and colour preference (C.04.3 A.6, C.04.4.1 A.5), shared by Dutch and Dubov.

Only games actually played count (C.04.2 D.5): forfeits and byes leave no colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from pairing.engine.core.state import Colour


class Strength(IntEnum):
    """How strongly a player wants a colour; higher is stronger."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class Preference:
    """A player's colour preference for the next game."""

    colour: Colour | None
    """The colour wanted, ``None`` for a player with no games (A.6.d)."""
    strength: Strength
    difference: int
    """Colour difference: white games minus black games (A.6)."""

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE


NO_PREFERENCE = Preference(None, Strength.NONE, 0)


def colour_difference(colours: Sequence[Colour]) -> int:
    return sum(1 if c is Colour.WHITE else -1 for c in colours)


def preference(colours: Sequence[Colour]) -> Preference:
    """A.6 (Dutch) / A.5 (Dubov) from the colours of the games played, oldest first."""
    if not colours:
        return NO_PREFERENCE
    cd = colour_difference(colours)
    last = colours[-1]
    two_same = len(colours) >= 2 and colours[-2] is last
    # A.6.a: |CD| > 1 or the same colour in the two latest games played.
    if cd < -1 or (two_same and last is Colour.BLACK):
        return Preference(Colour.WHITE, Strength.ABSOLUTE, cd)
    if cd > 1 or (two_same and last is Colour.WHITE):
        return Preference(Colour.BLACK, Strength.ABSOLUTE, cd)
    # A.6.b: CD = +1 wants black, -1 wants white.
    if cd == 1:
        return Preference(Colour.BLACK, Strength.STRONG, cd)
    if cd == -1:
        return Preference(Colour.WHITE, Strength.STRONG, cd)
    # A.6.c: CD = 0, alternate from the last game.
    return Preference(last.opposite, Strength.MILD, cd)
