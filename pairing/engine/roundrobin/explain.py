"""Why a round-robin round is paired as it is: the Berger table's row (C.05 Annex 1)."""

from __future__ import annotations

from pairing.engine.core.explain import (
    BoardExplanation,
    ByeExplanation,
    Reason,
    RoundExplanation,
    Topic,
    ref,
)
from pairing.engine.core.state import RoundPairing, TournamentState
from pairing.engine.roundrobin.berger import berger_table, pair_round

ARTICLE = "C.05 Annex 1"


def explain_round(
    state: TournamentState, double: bool = False, swap_last_two: bool = False
) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing :func:`~pairing.engine.roundrobin.berger.pair_round` gives, and why."""
    pairing = pair_round(state, double, swap_last_two)
    number = {p.id: k for k, p in enumerate(sorted(state.players, key=lambda p: p.tpn), 1)}
    size = len(berger_table(len(number))[0]) * 2
    rounds = size - 1
    cycle = (state.next_round - 1) // rounds
    where = f"round {state.next_round}" + (f" (cycle {cycle + 1})" if double else "")
    boards = []
    for board in pairing.boards:
        w, b = number[board.white], number[board.black]
        colour_text = (
            f"the table gives numbers {b}-{w}; the second cycle reverses the colours"
            if cycle
            else f"the table's first number, {w}, has White"
        )
        boards.append(
            BoardExplanation(
                board.white,
                board.black,
                f"Berger table for {size}, {where}",
                (
                    Reason(
                        Topic.BRACKET,
                        ARTICLE,
                        f"pairing numbers {w} ({ref(board.white)}) and {b} ({ref(board.black)}) "
                        f"meet in this row of the Berger table for {size} players",
                    ),
                    Reason(Topic.COLOUR, ARTICLE, colour_text),
                ),
            )
        )
    bye = None
    if pairing.bye is not None:
        bye = ByeExplanation(
            pairing.bye,
            (
                Reason(
                    Topic.BYE,
                    ARTICLE,
                    f"odd field: number {number[pairing.bye]} ({ref(pairing.bye)}) meets the "
                    f"dummy, number {size}, in this round",
                ),
            ),
        )
    system = f"{'Double r' if double else 'R'}ound robin, Berger tables (FIDE C.05 Annex 1)"
    return pairing, RoundExplanation(system, state.next_round, tuple(boards), bye)
