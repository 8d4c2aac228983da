"""TCEC Swiss system."""

from __future__ import annotations

from pairing.engine.errors import NotImplementedSystem
from pairing.engine.state import RoundPairing, TournamentState


def pair_round(state: TournamentState) -> RoundPairing:
    """Pair the next round of ``state``."""
    raise NotImplementedSystem("the TCEC Swiss system is not implemented yet")
