"""C.07 4.2 (tie-breaks applied in turn to each subgroup still tied) and 6.3 (direct encounter
placed one at a time "whatever the outcome of the missing games"): the two survivors of run 9
(docs/testing.md) that had no test, `split_ties` 32 and `_de_blocks` 69 (now `alone_on_top`,
the 6.3 loop shared by individual and team DE). Values in half-points (win = 2)."""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.core.state import TournamentState
from pairing.engine.tiebreaks import direct_encounter
from pairing.engine.tiebreaks.core import TieBreakValue
from pairing.engine.tiebreaks.standings import split_ties
from tests.engine.test_tiebreaks import build


def test_4_2_a_type_a_tie_break_is_not_computed_again_when_a_later_one_splits_its_tie() -> None:
    """C.07 4.2: each tie-break is applied once to each group still tied when its turn comes;
    a type A tie-break (DE, art. 6) is computed on that group, and is not computed again on
    the smaller groups a later tie-break leaves tied. Score group a, b, c, d; tie-break 0 is
    type A: among the four, a, b and c beat each other in a cycle (a > b > c > a: one win
    each) and all beat d, so a, b, c share place 1 and d is 4th; among b and c alone, b
    (who beat c) would be 1st. Tie-break 1 (whole field, descending): a 10, b 5, c 5, d 0.
    4.2: DE splits {a, b, c} | {d}; tie-break 1 splits {a, b, c} into a | {b, c}; nothing is
    left, so b and c stay tied (lots, or a shared rank). Computing DE again on {b, c} would
    put b before c."""
    calls: list[list[str]] = []

    def among(i: int, group: list[str]) -> Mapping[str, TieBreakValue] | None:
        if i == 1:
            return None
        calls.append(sorted(group))
        if sorted(group) == ["a", "b", "c", "d"]:
            return {"a": 1, "b": 1, "c": 1, "d": 4}
        if sorted(group) == ["b", "c"]:
            return {"b": 1, "c": 2}
        raise AssertionError(group)

    values: dict[str, list[TieBreakValue]] = {
        "a": [None, 10],
        "b": [None, 5],
        "c": [None, 5],
        "d": [None, 0],
    }
    got = split_ties([["a", "b", "c", "d"]], values, [True, False], among)
    assert got == [["a"], ["b", "c"], ["d"]]
    assert calls == [["a", "b", "c", "d"]]
    assert [values[k][0] for k in "abcd"] == [1, 1, 1, 4]


# Seven players, each pair meets once (a round robin of 7: 7 rounds, one bye a round), except
# 3 and 5, whose game was forfeited (not a game for DE, 6.1.1: a missing game for 6.3).
# The first player's result: 1 won, = drawn, 0 lost, + forfeit win.
_SEVEN = {
    (1, 2): "0", (1, 3): "=", (1, 4): "0", (1, 5): "=", (1, 6): "=", (1, 7): "=",
    (2, 3): "1", (2, 4): "0", (2, 5): "0", (2, 6): "0", (2, 7): "1",
    (3, 4): "0", (3, 5): "-", (3, 6): "0", (3, 7): "0",
    (4, 5): "0", (4, 6): "1", (4, 7): "0",
    (5, 6): "1", (5, 7): "1",
    (6, 7): "1",
}  # fmt: skip
_OTHER = {"1": "0", "0": "1", "=": "=", "-": "+"}


def _round_robin(results: dict[tuple[int, int], str], n: int) -> TournamentState:
    """``n`` (odd) players in ``n`` rounds by the circle method (slot n + 1 is the bye)."""
    rows: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    others = list(range(1, n + 1))
    for r in range(n):
        ring = others[r:] + others[:r]
        pairs = [(ring[0], n + 1)] + [(ring[k], ring[-k]) for k in range(1, (n + 1) // 2)]
        for a, b in pairs:
            if b == n + 1:
                rows[a].append("U")
                continue
            lo, hi = min(a, b), max(a, b)
            code = results[(lo, hi)]
            rows[lo].append(f"{hi}w{code}")
            rows[hi].append(f"{lo}b{_OTHER[code]}")
    return build({p: " ".join(t) for p, t in rows.items()})


def test_6_3_the_last_two_are_placed_by_the_whole_group_not_by_their_own_game() -> None:
    """C.07 6.3: place first the one alone on top "whatever the outcome of the missing
    games", then second place, and so on, down to the last two. Points among the seven
    (half-points), from _SEVEN: 1: 0+1+0+1+1+1 = 4; 2: 2+2+0+0+0+2 = 6; 3: 1+0+0+0+0 = 1,
    missing 5 (forfeit), best 1 + 2 = 3; 4: 2+2+2+0+2+0 = 8; 5: 1+2+2+2+2 = 9, missing 3,
    best 11; 6: 1+2+2+0+0+2 = 7; 7: 1+0+2+2+0+0 = 5. In turn 5 (9 > every other's best:
    8, 7, 6, 5, 4, 3), 4 (8), 6 (7), 2 (6), 7 (5), then of 1 and 3, 1 on 4 is above 3's best
    3, whatever 3-5 would have been: 1 is 6th and 3 7th. (1 and 3 drew: art. 6 applied to the
    two alone would not separate them.)"""
    state = _round_robin(_SEVEN, 7)
    assert direct_encounter(state, range(1, 8)) == {5: 1, 4: 2, 6: 3, 2: 4, 7: 5, 1: 6, 3: 7}
