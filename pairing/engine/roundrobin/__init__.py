"""Round robins by FIDE's Berger tables (C.05 Annex 1), single or double, and US Chess
quads. ``pair_round(state, double=False) -> RoundPairing``; ``explain_round`` gives the same
pairing and why."""

from pairing.engine.roundrobin.berger import (
    RoundRobinError,
    berger_table,
    pair_round,
    quads,
    round_pairs,
)
from pairing.engine.roundrobin.explain import explain_round

__all__ = ["RoundRobinError", "berger_table", "explain_round", "pair_round", "quads", "round_pairs"]
