"""TCEC Swiss system (single and double rounds). ``pair_round(state) -> RoundPairing``."""

from pairing.engine.tcec.system import pair_round

__all__ = ["pair_round"]
