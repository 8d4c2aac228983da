"""FIDE Dubov system (C.04.4.1, 2018). ``pair_round(state) -> RoundPairing``."""

from pairing.engine.dubov.system import pair_round

__all__ = ["pair_round"]
