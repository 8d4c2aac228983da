"""What the Dubov pairing decided on the way, kept only when an explanation is asked for.

The pairing functions take an optional trace and fill it; without one they do exactly what
they do otherwise. :mod:`pairing.engine.dubov.explain` turns a filled trace into words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.engine.core.state import PlayerId
from pairing.engine.dubov.players import DubovPlayer

Quality = tuple[int, int, int, int]
"""(C.7, C.8, C.9, C.10) of a bracket with a set of upfloaters; smaller is better."""


@dataclass
class ByeTrace:
    """B.0: how the pairing-allocated bye was assigned."""

    candidates: list[PlayerId] = field(default_factory=list)
    """The players C.2 allows, in B.0 order (c lowest score, d most games, e lowest rank)."""
    refused: list[PlayerId] = field(default_factory=list)
    """Candidates ahead of the holder refused by C.4 (the others could not all be paired)."""


@dataclass(frozen=True)
class Alternative:
    """A set of upfloaters ahead of the chosen one in D.1 order, and why it lost."""

    player: DubovPlayer
    """The possible upfloater ranked above a chosen one (D.1.a) but not chosen."""
    instead_of: DubovPlayer
    """The chosen upfloater it would replace."""
    criterion: str
    """The criterion that rejected it: ``C.1``, ``C.3``, ``C.4``, ``C.7`` ... ``C.10``."""
    quality: Quality | None = None
    """Its bracket's quality (``None`` when it is not legal)."""


@dataclass
class UpfloatTrace:
    """B.1-B.2 for one scoregroup."""

    pool_scores: tuple[int, ...] = ()
    """Scores of the possible upfloaters (D.1 pool), best first."""
    residents_alone: int = 0
    """Residents left over by their own largest legal pairing (C.1, C.3)."""
    rest_bound: int = 0
    """Lower players the lower scoregroups' largest pairing leaves over (C.4)."""
    quality: Quality | None = None
    """The chosen set's bracket quality."""
    alternatives: list[Alternative] = field(default_factory=list)
    more_alternatives: int = 0
    """Skipped higher candidates not analysed (beyond the limit)."""


@dataclass
class BracketTrace:
    """One bracket (B.1-B.6)."""

    score: int
    residents: tuple[DubovPlayer, ...]
    upfloaters: tuple[DubovPlayer, ...] = ()
    upfloat: UpfloatTrace | None = None
    g1: tuple[DubovPlayer, ...] = ()
    """B.3: G1 before the shifts."""
    g2: tuple[DubovPlayer, ...] = ()
    all_unplayed: bool = False
    unavoidable: int = 0
    """B.4: pairs that must stay inside the smaller subgroup."""
    shifted_first: tuple[DubovPlayer, ...] = ()
    """B.4, first shift: players moved out of the smaller subgroup."""
    shifted_second: tuple[DubovPlayer, ...] = ()
    """B.4, second shift: players moved out of the larger subgroup."""
    s1: tuple[DubovPlayer, ...] = ()
    t2: tuple[DubovPlayer, ...] = ()
    passed_over: list[list[tuple[DubovPlayer, bool]]] = field(default_factory=list)
    """B.6, per S1 player: the G2 players ranked above his opponent and still free that he
    did not get, each with whether C.1 and C.3 allowed the pair."""


@dataclass
class DubovTrace:
    """A whole round."""

    players: dict[PlayerId, DubovPlayer] = field(default_factory=dict)
    """Everybody to be paired (the bye's holder included)."""
    bye: ByeTrace | None = None
    brackets: list[BracketTrace] = field(default_factory=list)
