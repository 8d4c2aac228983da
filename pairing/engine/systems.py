"""The pairing systems behind one interface: ``pair_round(state) -> RoundPairing``, and
``explain_round(state) -> tuple[RoundPairing, RoundExplanation]`` (the same pairing, and why)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pairing.engine.core.explain import ExplainRound
from pairing.engine.core.rules import initial_colour, pairing_numbers
from pairing.engine.core.state import Colour, RoundPairing, TournamentState

PairRound = Callable[[TournamentState], RoundPairing]

SYSTEM_NAMES = ("dutch", "dubov", "tcec")
"""Command-line names; each is a module of :mod:`pairing.engine` with a ``pair_round``."""


def pairing_system(name: str) -> PairRound:
    """The ``pair_round`` function of a system by its command-line name."""
    if name not in SYSTEM_NAMES:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module = importlib.import_module(f"pairing.engine.{name}")
    pair_round: PairRound = module.pair_round
    return pair_round


def explaining_system(name: str) -> ExplainRound:
    """The ``explain_round`` function of a system by its command-line name: the pairing its
    ``pair_round`` gives, with the explanation."""
    if name not in SYSTEM_NAMES:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module = importlib.import_module(f"pairing.engine.{name}")
    explain_round: ExplainRound = module.explain_round
    return explain_round


def initial_colour_of(name: str, state: TournamentState) -> Colour:
    """The initial colour system ``name`` pairs ``state`` with: ``XXC``, or else read back from
    the first round with colours by the numbers the system's colour rule reads (a system's
    ``colour_numbers``; pairing numbers when it has none)."""
    if name not in SYSTEM_NAMES:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    module = importlib.import_module(f"pairing.engine.{name}")
    return initial_colour(state, getattr(module, "colour_numbers", pairing_numbers))
