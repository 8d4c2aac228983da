"""FIDE Dutch system (C.04.3, 2017 edition)."""

from __future__ import annotations

from pairing.engine.errors import NotImplementedSystem
from pairing.engine.state import RoundPairing, TournamentState


def pair_round(state: TournamentState) -> RoundPairing:
    """Pair the next round of ``state``."""
    raise NotImplementedSystem(
        "the FIDE Dutch system (C.04.3, 2017 edition) is not implemented yet"
    )
