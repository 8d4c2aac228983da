"""FIDE Dubov system (C.04.4.1, 2018). ``pair_round(state) -> RoundPairing``;
``explain_round(state)`` gives the same pairing and why."""

from pairing.engine.dubov.explain import explain_round
from pairing.engine.dubov.system import pair_round

__all__ = ["explain_round", "pair_round"]
