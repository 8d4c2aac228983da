"""General handling rules every system shares (C.04.1, C.04.2): the initial colour, who ranks
higher, and the order of the boards (with the arbiter's fixed boards)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from pairing.engine.core.state import Board, Colour, PlayerId, TournamentState


class Ranked(Protocol):
    """A player as the ranking rules see them: a score (half-points) and a pairing number."""

    @property
    def score(self) -> int: ...

    @property
    def tpn(self) -> int: ...


R = TypeVar("R", bound=Ranked)


def pairing_numbers(state: TournamentState) -> dict[PlayerId, int]:
    """Every registered player's pairing number (A.2.b), absent or not."""
    return {p.id: p.tpn for p in state.players}


def initial_colour(
    state: TournamentState,
    numbers: Callable[[TournamentState], Mapping[PlayerId, int]] = pairing_numbers,
) -> Colour:
    """The colour drawn by lot before round 1 (``XXC``), which the colour rule for players
    without history (Dutch E.5, Dubov E.0) gives to the higher-ranked player of a pair when
    his number is odd. ``numbers`` are the numbers that rule reads, as the system counts them.

    Without ``XXC`` it is read back from round F, the first round column with a colour: nobody
    had a colour history then, so that rule coloured every board; the highest-ranked player
    with a colour in round F received the initial colour if his number (as it stood when round
    F was paired: players not paired in F absent) was odd, the other colour if even. White
    when no round has been paired."""
    if state.initial_colour is not None:
        return state.initial_colour
    for column in range(state.rounds_done):
        coloured = [p for p in state.players if p.results[column].colour is not None]
        if not coloured:
            continue
        before = state.truncated(column)
        absent = {
            p.id: p.results[column].code
            for p in state.players
            if not p.results[column].made_by_pairing
        }
        at_f = replace(before, absent=absent)
        top = min(coloured, key=lambda p: (-at_f.scores[p.id], p.tpn))
        colour = top.results[column].colour
        assert colour is not None
        return colour if numbers(at_f)[top.id] % 2 == 1 else colour.opposite
    return Colour.WHITE


def higher_ranked(a: R, b: R) -> R:
    """C.04.3 A.2 / C.04.4.1 E.0: more points; with equal points, the smaller pairing number."""
    return a if (a.score, -a.tpn) > (b.score, -b.tpn) else b


def board_order(a: Ranked, b: Ranked) -> tuple[int, int, int]:
    """C.04.2 D.9 sort key of a pair: the higher-ranked player's score (descending), the sum of
    the scores (descending), the higher-ranked player's pairing number (ascending)."""
    high = higher_ranked(a, b)
    return (-high.score, -(a.score + b.score), high.tpn)


def fixed_board_order(boards: Sequence[Board], fixed: Mapping[PlayerId, int]) -> tuple[Board, ...]:
    """The boards of a round numbered with the arbiter's fixed boards (``XXF``): ``boards`` in
    the system's order (C.04.2 D.9, TCEC's playing order), ``fixed`` player -> board number.
    Who plays whom and the colours stay; only the board numbers change:

    1. A game with a pinned player goes to that player's board; when both players are pinned,
       to the smaller of their two boards. A board beyond the round's last board is the last.
    2. Two games claiming one board: the smaller pin, then the smaller pairing number of the
       pinned player, gets it; the other takes the nearest free board (the smaller number when
       two are as near). Placed in that order, the games find the same boards whatever order
       ``boards`` lists them in.
    3. The other games fill the free boards in their order (the ones below a pinned game
       shift down by one).

    A pinned player without a board in the round (the pairing-allocated bye, a requested bye,
    absent) frees his board: the games fill it in their order."""
    claims = []
    for index, board in enumerate(boards):
        pins = sorted((fixed[p], p) for p in (board.white, board.black) if p in fixed)
        if pins:
            claims.append((pins[0], index))
    if not claims:
        return tuple(boards)
    slots: list[Board | None] = [None] * len(boards)
    for (pin, _player), index in sorted(claims):
        free = (i for i in range(len(boards)) if slots[i] is None)
        slots[min(free, key=lambda i: (abs(i + 1 - pin), i))] = boards[index]  # nearest free
    pinned = {index for _, index in claims}
    rest = iter(b for index, b in enumerate(boards) if index not in pinned)
    return tuple(slot if slot is not None else next(rest) for slot in slots)
