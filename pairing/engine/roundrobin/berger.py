"""Round robins by FIDE's Berger tables (FIDE Handbook C.05, Annex 1), and US Chess quads.

The Berger table for ``n`` players (``n`` even; an odd field adds a dummy, number ``n + 1``,
and the player meeting the dummy has the bye) is built as the Handbook prints it:

* round 1: ``1-n, 2-(n-1), ..., n/2-(n/2+1)`` (the first number has White);
* each next round, every number ``x`` other than ``n`` becomes ``x + n/2`` counted round
  ``1..n-1`` (so ``n - 1`` is followed by ``1``), each board keeping its place and colours,
  except board 1, the game of player ``n``, whose colours change every round.

For 6 players this gives the printed table: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 /
6-5 1-4 2-3 / 3-6 4-2 5-1. A double round robin plays the table twice, the second cycle
with the colours reversed (C.05 Annex 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pairing.engine.core.errors import EngineError
from pairing.engine.core.state import Board, PlayerId, RoundPairing, TournamentState

Pair = tuple[int, int]
"""Two pairing numbers, White first."""


class RoundRobinError(EngineError):
    """A round robin that cannot be paired as asked (too few players, no such round)."""


def table_size(players: int) -> int:
    """The size of the Berger table used for ``players`` (the next even number)."""
    if players < 2:
        raise RoundRobinError("a round robin needs at least two players")
    return players + players % 2


def berger_table(players: int) -> tuple[tuple[Pair, ...], ...]:
    """The Berger table (C.05 Annex 1) for ``players``: one tuple of boards per round,
    pairing numbers White first; for an odd field the dummy is number ``players + 1``."""
    n = table_size(players)
    half = n // 2
    boards: list[Pair] = [(k, n + 1 - k) for k in range(1, half + 1)]
    rounds = [tuple(boards)]

    def shift(x: int) -> int:
        return (x - 1 + half) % (n - 1) + 1

    for _ in range(n - 2):
        first = boards[0]
        other = first[0] if first[1] == n else first[1]
        moved = shift(other)
        # board 1: player n changes colour every round
        new_first = (n, moved) if first[0] != n else (moved, n)
        boards = [new_first] + [(shift(w), shift(b)) for w, b in boards[1:]]
        rounds.append(tuple(boards))
    return tuple(rounds)


def round_pairs(
    players: int, round_number: int, double: bool = False, swap_last_two: bool = False
) -> tuple[Pair, ...]:
    """The boards of round ``round_number`` (1-based) of a single or double round robin of
    ``players`` (the dummy included for an odd field; the second cycle reversed).
    ``swap_last_two``: play the last two rounds of the first cycle in the other order, which
    C.05 Annex 1 advises in double round robins (no three games in a row with one colour at
    the turn of the cycles)."""
    table = list(berger_table(players))
    if swap_last_two and len(table) >= 2:
        table[-2], table[-1] = table[-1], table[-2]
    cycle, index = divmod(round_number - 1, len(table))
    if round_number < 1 or cycle > (1 if double else 0):
        rounds = len(table) * (2 if double else 1)
        raise RoundRobinError(
            f"a {'double ' if double else ''}round robin of {players} players has "
            f"{rounds} round{'s' if rounds != 1 else ''}, not {round_number}"
        )
    pairs = table[index]
    return tuple((b, w) for w, b in pairs) if cycle else pairs


def pair_round(
    state: TournamentState, double: bool = False, swap_last_two: bool = False
) -> RoundPairing:
    """The next round of a round robin from the players' pairing numbers (``Player.tpn``
    ranked 1..n): the Berger table's boards in its order; the player meeting the dummy has
    the bye. Absent players' boards are left out (their opponents have no game)."""
    ranked = sorted(state.players, key=lambda p: p.tpn)
    number: Mapping[int, PlayerId] = {k: p.id for k, p in enumerate(ranked, start=1)}
    boards: list[Board] = []
    bye = None
    for w, b in round_pairs(len(ranked), state.next_round, double, swap_last_two):
        white, black = number.get(w), number.get(b)
        if white is None or black is None:
            real = white if white is not None else black
            if real is not None and real not in state.absent:
                bye = real
            continue
        if white in state.absent or black in state.absent:
            continue
        boards.append(Board(white, black))
    return RoundPairing(tuple(boards), bye)


def quads(entries: Sequence[tuple[PlayerId, int]], size: int = 4) -> list[list[PlayerId]]:
    """US Chess quads: the entry list cut by rating (highest first) into sections of
    ``size`` players, each section ranked by rating (pairing numbers 1..size). A remainder
    of one or two players joins the lowest section (a section of five or six); a remainder
    of three makes a last section of three (a round robin with a dummy)."""
    if size < 3:
        raise RoundRobinError("quads need sections of at least three players")
    ranked = [pid for pid, _ in sorted(entries, key=lambda e: -e[1])]
    sections = [ranked[k : k + size] for k in range(0, len(ranked), size)]
    if len(sections) > 1 and len(sections[-1]) < size - 1:
        remainder = sections.pop()
        sections[-1] += remainder
    return sections
