"""TCEC's final order: score, byes received (fewest first), then the event's tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.core.state import TournamentState
from pairing.engine.tiebreaks.core import Edition
from pairing.engine.tiebreaks.standings import StandingRow, standings

TCEC_TIEBREAKS = ("BPG", "SB")
"""Tie-breaks commonly used after score and byes in TCEC Swiss events."""


def tcec_final_order(
    state: TournamentState,
    codes: Sequence[str] = TCEC_TIEBREAKS,
    edition: Edition = Edition.C07_2023,
) -> list[StandingRow]:
    """TCEC's final ranking: score descending, byes received ascending, then ``codes``. The
    rows' ``values`` are in the order ``("BYE", *codes)``."""
    return standings(state, ("BYE", *codes), edition)
