"""TCEC Swiss system (single and double rounds). ``pair_round(state) -> RoundPairing``;
``explain_round(state)`` gives the same pairing and why."""

from pairing.engine.tcec.explain import explain_round, second_game
from pairing.engine.tcec.system import pair_round

__all__ = ["explain_round", "pair_round", "second_game"]
