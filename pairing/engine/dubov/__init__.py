"""FIDE Dubov system (C.04.4.1), 2018 and 2026 editions. ``pair_round(state) -> RoundPairing``
pairs by the edition the tournament names (TRF-2026 record 192: ``FIDE_DUBOV_2018`` the 2018
one), the 2026 one when it names none; ``pair_round_2018`` and ``pair_round_2026`` by one
edition. ``explain_round`` (and ``explain_round_2018``, ``explain_round_2026``) give the same
pairing and why, citing the edition's article numbers. ``edition_named(code)`` is the edition
a record 192 names, its ``code`` the record to write."""

from pairing.engine.dubov.edition import EDITION_2018, EDITION_2026, Edition, edition_named
from pairing.engine.dubov.explain import explain_round_2018, explain_round_2026
from pairing.engine.dubov.explain import explain_round_in_force as explain_round
from pairing.engine.dubov.system import pair_round_2018, pair_round_2026
from pairing.engine.dubov.system import pair_round_in_force as pair_round

__all__ = [
    "EDITION_2018",
    "EDITION_2026",
    "Edition",
    "edition_named",
    "explain_round",
    "explain_round_2018",
    "explain_round_2026",
    "pair_round",
    "pair_round_2018",
    "pair_round_2026",
]
