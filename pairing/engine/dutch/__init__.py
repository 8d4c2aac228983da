"""FIDE Dutch system (C.04.3). ``pair_round(state) -> RoundPairing``."""

from pairing.engine.dutch.system import pair_round

__all__ = ["pair_round"]
