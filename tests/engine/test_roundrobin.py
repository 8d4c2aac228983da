"""Round robins by FIDE's Berger tables (C.05 Annex 1) and US Chess quads.

``PRINTED`` holds every round of the tables for 3/4 to 13/14 players, copied by hand from the
tables as C.05 Annex 1 prints them (first number White), as reprinted on
c.w.fox.tripod.com/chess/berger.html ("Berger Tables", 4-14 players) and in the
"Crenshaw-Berger Tables" sheet (scribd 381712253, 4-14 players): both reprints agree row for
row. The 15/16-player table is copied from a third transcription of C.05 Annex 1, headed
"fide handbook / Berger Tables for Round-Robin Tournaments" (the module docstring of
src/gambitpairing/core/pairing_round_robin.py in nicvagn/Gambit-Pairing, read with the search
tool: text only, no code used), whose 4- to 14-player rows agree with the two reprints above."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pairing.engine.core.state import Colour, Player, RoundEntry, TournamentState
from pairing.engine.roundrobin import RoundRobinError, berger_table, pair_round, quads, round_pairs

PRINTED = {
    4: [
        "1-4 2-3",
        "4-3 1-2",
        "2-4 3-1",
    ],
    6: [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
    12: [
        "1-12 2-11 3-10 4-9 5-8 6-7",
        "12-7 8-6 9-5 10-4 11-3 1-2",
        "2-12 3-1 4-11 5-10 6-9 7-8",
        "12-8 9-7 10-6 11-5 1-4 2-3",
        "3-12 4-2 5-1 6-11 7-10 8-9",
        "12-9 10-8 11-7 1-6 2-5 3-4",
        "4-12 5-3 6-2 7-1 8-11 9-10",
        "12-10 11-9 1-8 2-7 3-6 4-5",
        "5-12 6-4 7-3 8-2 9-1 10-11",
        "12-11 1-10 2-9 3-8 4-7 5-6",
        "6-12 7-5 8-4 9-3 10-2 11-1",
    ],
    14: [
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8",
        "14-8 9-7 10-6 11-5 12-4 13-3 1-2",
        "2-14 3-1 4-13 5-12 6-11 7-10 8-9",
        "14-9 10-8 11-7 12-6 13-5 1-4 2-3",
        "3-14 4-2 5-1 6-13 7-12 8-11 9-10",
        "14-10 11-9 12-8 13-7 1-6 2-5 3-4",
        "4-14 5-3 6-2 7-1 8-13 9-12 10-11",
        "14-11 12-10 13-9 1-8 2-7 3-6 4-5",
        "5-14 6-4 7-3 8-2 9-1 10-13 11-12",
        "14-12 13-11 1-10 2-9 3-8 4-7 5-6",
        "6-14 7-5 8-4 9-3 10-2 11-1 12-13",
        "14-13 1-12 2-11 3-10 4-9 5-8 6-7",
        "7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ],
    16: [
        "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9",
        "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2",
        "2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10",
        "16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3",
        "3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11",
        "16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4",
        "4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12",
        "16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5",
        "5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13",
        "16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6",
        "6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14",
        "16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7",
        "7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15",
        "16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8",
        "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
    ],
}


def _parse(row: str) -> tuple[tuple[int, int], ...]:
    return tuple((int(w), int(b)) for w, b in (pair.split("-") for pair in row.split()))


@pytest.mark.parametrize("players", sorted(PRINTED))
def test_rows_as_printed(players: int) -> None:
    """C.05 Annex 1: every round of the 4- to 16-player tables, boards in the printed order."""
    table = berger_table(players)
    assert len(table) == len(PRINTED[players])
    for number, row in enumerate(PRINTED[players]):
        assert table[number] == _parse(row)


@pytest.mark.parametrize("players", [p - 1 for p in sorted(PRINTED)])
def test_odd_fields_use_the_printed_table(players: int) -> None:
    """C.05 Annex 1 prints one table for "3 or 4", "5 or 6", ... players: the odd field's
    dummy is the highest number."""
    assert berger_table(players) == tuple(tuple(_parse(r)) for r in PRINTED[players + 1])


def test_odd_field_uses_the_next_table_with_a_dummy() -> None:
    """Three players use the 4-player table, number 4 the dummy: 1, 3, 2 have the byes."""
    assert berger_table(3) == berger_table(4)


@pytest.mark.parametrize("players", range(3, 17))
def test_everyone_meets_everyone_once_colours_balanced(players: int) -> None:
    """For 3-16 players: n-1 rounds (n the even table size), each number once per round,
    every pair exactly once; with an even table every player has one colour at most once
    more than the other (as the tables make it: the first n/2 numbers one more White)."""
    n = players + players % 2
    table = berger_table(players)
    assert len(table) == n - 1
    met: Counter[frozenset[int]] = Counter()
    whites: Counter[int] = Counter()
    for boards in table:
        assert sorted(x for pair in boards for x in pair) == list(range(1, n + 1))
        for w, b in boards:
            met[frozenset((w, b))] += 1
            whites[w] += 1
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    for k in range(1, n + 1):
        assert abs(2 * whites[k] - (n - 1)) == 1
    assert sorted(whites.values()) == [n // 2 - 1] * (n // 2) + [n // 2] * (n // 2)


def test_double_round_robin_second_cycle_reversed() -> None:
    """C.05 Annex 1: in a double round robin the second cycle repeats the table with the
    colours reversed; round 4 of a 4-player double round robin is 4-1 3-2."""
    assert round_pairs(4, 4, double=True) == ((4, 1), (3, 2))
    assert round_pairs(4, 6, double=True) == ((4, 2), (1, 3))
    with pytest.raises(RoundRobinError):
        round_pairs(4, 4)
    with pytest.raises(RoundRobinError):
        round_pairs(4, 7, double=True)


def test_swap_last_two_rounds_of_the_first_cycle() -> None:
    """C.05 Annex 1 advice for double round robins: rounds n-2 and n-1 swapped."""
    assert round_pairs(4, 2, double=True, swap_last_two=True) == _parse("2-4 3-1")
    assert round_pairs(4, 3, double=True, swap_last_two=True) == _parse("4-3 1-2")


def _state(players: int, rounds: int = 0, absent: dict[int, str] | None = None) -> TournamentState:
    entries = tuple(
        Player(
            id=k,
            rating=2000 - k,
            tpn=players + 1 - k,
            results=(RoundEntry(None, None, "Z"),) * rounds,
        )
        for k in range(1, players + 1)
    )
    return TournamentState(
        players=entries, rounds_done=rounds, initial_colour=Colour.WHITE, absent=absent or {}
    )


def test_pair_round_by_pairing_numbers_with_the_dummy_bye() -> None:
    """Players are placed by pairing number (here player k has number 4 - k, for three
    players); round 1 of the 4-table: 1-dummy, 2-3 -> the bye to the player numbered 1
    (player 3); numbers 2-3 are players 2 and 1. Round 2: 4-3 1-2 -> bye to number 3
    (player 1), players 3-2."""
    first = pair_round(_state(3))
    assert first.bye == 3
    assert [(b.white, b.black) for b in first.boards] == [(2, 1)]
    second = pair_round(_state(3, rounds=1))
    assert second.bye == 1
    assert [(b.white, b.black) for b in second.boards] == [(3, 2)]


def test_absent_player_board_left_out() -> None:
    """An absent player's game is not paired; the opponent has no game (no bye)."""
    pairing = pair_round(_state(4, absent={4: "H"}))
    assert [(b.white, b.black) for b in pairing.boards] == [(3, 2)]
    assert pairing.bye is None


def test_quads_cut_by_rating() -> None:
    """US Chess quads: sections of four by rating, each ranked by rating; 9 entries make
    4 + 5 (the single remainder joins the lowest), 11 make 4 + 4 + 3."""
    entries = [(k, 1000 + 10 * k) for k in range(1, 10)]
    assert quads(entries) == [[9, 8, 7, 6], [5, 4, 3, 2, 1]]
    eleven = [(k, 1000 + 10 * k) for k in range(1, 12)]
    assert quads(eleven) == [[11, 10, 9, 8], [7, 6, 5, 4], [3, 2, 1]]
    assert quads(entries[:8]) == [[8, 7, 6, 5], [4, 3, 2, 1]]


def test_explanation_of_a_round() -> None:
    """The explanation is of the same pairing and cites C.05 Annex 1; the bye is the player
    meeting the dummy (number 4 of the 4-player table)."""
    from pairing.engine.roundrobin import explain_round

    pairing, explanation = explain_round(_state(3))
    assert explanation.matches(pairing)
    assert explanation.articles == {"C.05 Annex 1"}
    assert explanation.bye is not None and "dummy, number 4" in explanation.bye.reasons[0].text
