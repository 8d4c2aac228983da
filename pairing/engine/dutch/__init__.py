"""FIDE Dutch system (C.04.3). ``pair_round(state) -> RoundPairing``."""

from pairing.engine.dutch.players import e5_numbers as colour_numbers
from pairing.engine.dutch.system import pair_round

__all__ = ["colour_numbers", "pair_round"]
