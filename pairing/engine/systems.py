"""The pairing systems behind one interface: ``pair_round(state) -> RoundPairing``, and
``explain_round(state) -> tuple[RoundPairing, RoundExplanation]`` (the same pairing, and why),
with the arbiter's fixed boards applied to the board numbers of whatever system pairs."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace

from pairing.engine.core.explain import ExplainRound
from pairing.engine.core.rules import fixed_board_order, initial_colour, pairing_numbers
from pairing.engine.core.state import Colour, RoundPairing, TournamentState

PairRound = Callable[[TournamentState], RoundPairing]

SYSTEMS: dict[str, tuple[str, str]] = {
    "dutch": ("dutch", "pair_round"),
    "dutch-2017": ("dutch", "pair_round_2017"),
    "dutch-2026": ("dutch", "pair_round_2026"),
    "dubov": ("dubov", "pair_round"),
    "tcec": ("tcec", "pair_round"),
}
"""Command-line name -> (module of :mod:`pairing.engine`, its pairing function). ``dutch`` is
the edition the tournament names in TRF-2026 record 192, the one in force (2026) otherwise."""

EXPLAINERS: dict[str, tuple[str, str]] = {
    "dutch": ("dutch", "explain_round"),
    "dutch-2017": ("dutch", "explain_round_2017"),
    "dutch-2026": ("dutch", "explain_round_2026"),
    "dubov": ("dubov", "explain_round"),
    "tcec": ("tcec", "explain_round"),
}
"""Command-line name -> (module, its ``explain_round``: the same pairing as the system's
pairing function, and why)."""

SYSTEM_NAMES = tuple(SYSTEMS)
"""Command-line names."""

SYSTEM_RECORDS = {
    "dutch": "FIDE_DUTCH_2026",
    "dutch-2017": "FIDE_DUTCH_2017",
    "dutch-2026": "FIDE_DUTCH_2026",
}
"""TRF-2026 record 192 of the tournaments a system pairs, where the record names an edition."""


def pairing_system(name: str) -> PairRound:
    """The ``pair_round`` function of a system by its command-line name, the boards numbered
    with the tournament's fixed boards."""
    if name not in SYSTEMS:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module, function = SYSTEMS[name]
    pair_round: PairRound = getattr(importlib.import_module(f"pairing.engine.{module}"), function)

    def pair_with_fixed_boards(state: TournamentState) -> RoundPairing:
        """The system's pairing; the fixed boards (``XXF``) then number its boards."""
        pairing = pair_round(state)
        if not state.fixed_boards:
            return pairing
        return replace(pairing, boards=fixed_board_order(pairing.boards, state.fixed_boards))

    return pair_with_fixed_boards


def explaining_system(name: str) -> ExplainRound:
    """The ``explain_round`` function of a system by its command-line name: the pairing its
    ``pair_round`` gives, with the explanation."""
    if name not in EXPLAINERS:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module, function = EXPLAINERS[name]
    explain: ExplainRound = getattr(importlib.import_module(f"pairing.engine.{module}"), function)
    return explain


def initial_colour_of(name: str, state: TournamentState) -> Colour:
    """The initial colour system ``name`` pairs ``state`` with: ``XXC``, or else read back from
    the first round with colours by the numbers the system's colour rule reads (a system's
    ``colour_numbers``; pairing numbers when it has none)."""
    if name not in SYSTEMS:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module = importlib.import_module(f"pairing.engine.{SYSTEMS[name][0]}")
    return initial_colour(state, getattr(module, "colour_numbers", pairing_numbers))


def with_system_record(state: TournamentState, name: str) -> TournamentState:
    """``state`` naming the system ``name`` in its record 192 (when the record can name it)."""
    code = SYSTEM_RECORDS.get(name)
    if code is None:
        return state
    return replace(state, info=replace(state.info, system_code=code))
