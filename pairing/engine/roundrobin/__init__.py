"""Round robins by FIDE's Berger tables (C.05 Annex 1), single or double, and US Chess
quads. ``pair_round(state, double=False) -> RoundPairing``."""

from pairing.engine.roundrobin.berger import (
    RoundRobinError,
    berger_table,
    pair_round,
    quads,
    round_pairs,
)

__all__ = ["RoundRobinError", "berger_table", "pair_round", "quads", "round_pairs"]
