"""TCEC final ranking: score DESC, received BYEs ASC, then the tie-breaks given."""

from __future__ import annotations

from pairing.engine.state import PlayerId, TournamentState
from pairing.engine.tcec_ranking import Standing, black_games, final_ranking
from tests.engine.test_tcec import column, tournament


def five_players() -> TournamentState:
    # R1: 2-1 draw, 4-3 1-0, 5 BYE.  R2: 5-4 0-1, 1-2... (hand made, not a TCEC pairing)
    # Scores: 1: 1 + 2 = 3, 2: 1 + 0 = 1, 3: 0 + BYE 2 = 2, 4: 2 + 2 = 4, 5: BYE 2 + 0 = 2.
    return tournament(
        5,
        [
            column([(2, 1, "="), (4, 3, "1")], bye=5),
            column([(5, 4, "0"), (1, 2, "1")], bye=3),
        ],
    )


def test_score_then_fewer_byes() -> None:
    ranking = final_ranking(five_players())
    assert [s.player for s in ranking] == [4, 1, 3, 5, 2]
    assert [s.rank for s in ranking] == [1, 2, 3, 3, 5]  # 3 and 5 share: 2 points, one BYE
    assert ranking[0] == Standing(1, 4, 4, 0, ())


def test_tie_breaks_in_order_larger_is_better() -> None:
    state = five_players()

    def prefers_five(s: TournamentState) -> dict[PlayerId, int]:
        return {p.id: 1 if p.id == 5 else 0 for p in s.players}

    ranking = final_ranking(state, [black_games, prefers_five])
    # 3 and 5: black games 1 (3 had black in R1) vs 0 -> 3 first.
    assert [s.player for s in ranking] == [4, 1, 3, 5, 2]
    assert [s.rank for s in ranking] == [1, 2, 3, 4, 5]
    assert ranking[2].tie_breaks == (1, 0)
    ranking = final_ranking(state, [prefers_five])
    assert [s.player for s in ranking][2:4] == [5, 3]


def test_fewer_byes_beat_more_at_equal_score() -> None:
    # 1 and 3 both end on 2 points; 3 had a BYE.
    state = tournament(3, [column([(2, 1, "0")], bye=3), column([(1, 3, "0")], bye=2)])
    ranking = final_ranking(state)
    assert [(s.player, s.score, s.byes) for s in ranking] == [(3, 4, 1), (1, 2, 0), (2, 2, 1)]


def test_black_games_counts_games_played_with_black() -> None:
    assert black_games(five_players()) == {1: 1, 2: 1, 3: 1, 4: 1, 5: 0}
