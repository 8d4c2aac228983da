"""FIDE Dutch system (C.04.3), 2017 and 2026 editions. ``pair_round(state) -> RoundPairing``
pairs by the edition the tournament names (TRF-2026 record 192), the 2026 one when it names
none; ``pair_round_2017`` and ``pair_round_2026`` by one edition. ``explain_round`` (and
``explain_round_2017``, ``explain_round_2026``) give the same pairing and why."""

from pairing.engine.dutch.explain import explain_round_2017, explain_round_2026
from pairing.engine.dutch.explain import explain_round_in_force as explain_round
from pairing.engine.dutch.system import pair_round_2017, pair_round_2026
from pairing.engine.dutch.system import pair_round_in_force as pair_round

__all__ = [
    "explain_round",
    "explain_round_2017",
    "explain_round_2026",
    "pair_round",
    "pair_round_2017",
    "pair_round_2026",
]
