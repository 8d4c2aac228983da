"""The 2026 edition of the Dubov system (C.04.4.1 "Approved by the Council on 28/10/2025,
Applied from 1st February, 2026") beside the 2018 one.

The change that pairs differently: [C2] (Article 2.1.2) refers to the Basic Rules, Article 4:
"A participant who has already received a pairing-allocated bye, or has already scored in one
single round, without playing, as many points as rewarded for a win, shall not receive the
pairing-allocated bye" -- a requested full-point bye ``F`` now bars the bye, as ``U`` and a
forfeit win ``+`` did under 2018 C.2 (C.04.1.d). Rounds are written as in
:mod:`tests.engine.test_dubov` ("1-2 1": 1 has White and wins; "5 F" a full-point bye, "4 U"
a pairing-allocated bye, "2 H" a half-point bye). Half-points: a win is 2.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest

from pairing.engine.core.explain import RoundExplanation, Topic
from pairing.engine.core.state import (
    Player,
    PointValues,
    RoundEntry,
    RoundPairing,
    TournamentState,
)
from pairing.engine.dubov import (
    EDITION_2018,
    EDITION_2026,
    edition_named,
    explain_round,
    explain_round_2018,
    explain_round_2026,
    pair_round,
    pair_round_2018,
    pair_round_2026,
)
from pairing.engine.dubov.order import upfloater_sets_d1
from pairing.engine.trf import load_trf
from tests.engine.corpus import corpus_params
from tests.engine.test_dubov import tournament

RATINGS = [2400, 2300, 2200, 2100, 2000]
F_BYE_ROUNDS = ["1-2 =, 3-4 =, 5 F", "5-1 0, 2 H, 3 H, 4 U"]


def f_bye_round() -> TournamentState:
    """Round 3 of 5 after R1: 1-2 =, 3-4 =, 5 F (requested full-point bye); R2: 5-1 0,
    2 H, 3 H (requested half-point byes), 4 U (pairing-allocated bye).

    Points: 1: 1½ (games 1-2, 5-1), 4: 1½ (3-4, U), 2: 1 (1-2, H), 3: 1 (3-4, H), 5: 1 (F,
    5-1); each of 2, 3, 4, 5 has played one game, 1 two. Five players: a bye.

    2018 B.0.a (C.2, C.04.1.d): only 4 (U) is barred. By (c) lowest score 2, 3, 5 (1 point),
    (d) one game each, (e) lowest ranking: 5 first. Without 5, the others pair (1 has met 2
    and 5, 3 has met 4: 1-3 with 2-4, or 1-4 with 2-3): the bye goes to 5.
    2026 3.1.1 ([C2], Basic Rules art. 4): 4 (U) and 5 (F: a win's points in one round
    without playing) are barred; (c)-(e) then give 3, and without 3 the rest pair (1-4, 2-5):
    the bye goes to 3.

    Then (both editions) scoregroup 1½ = {1, 4}: 1-4 is legal and leaves the rest pairable, no
    upfloater. 1 (W, B: mild White) and 4 (B: strong White) are both in G1 (3.2.3 / B.3);
    G2 is empty, so one White seeker moves to G2 (3.2.4 / B.4): 4.3.2 / D.2.a orders them by
    ARO, 1 (2300 and 2000: 2150) before 4 (2200), middle-out #1 = 1 (the higher of the two in
    the middle); moving 1 or 4 costs the same (C7: one preference not granted): 1 moves.
    S1 = 4, T2 = 1: 4 (strong) has White over 1 (mild), 5.2.3 / E.2.
    Scoregroup 1: 2018 {2, 3}: 2 (B: strong White), 3 (W: strong Black): 2-3 (E.1); 2026
    {2, 5}: 2 strong White, 5 (W: strong Black): 2-5 (5.2.2)."""
    return tournament(RATINGS, F_BYE_ROUNDS, 5)


def pairs(
    state: TournamentState, pair: Callable[[TournamentState], RoundPairing]
) -> tuple[set[tuple[int, int]], int | None]:
    pairing = pair(state)
    return {(b.white, b.black) for b in pairing.boards}, pairing.bye


def test_c2_a_full_point_bye_bars_the_pairing_allocated_bye_in_2026() -> None:
    assert pairs(f_bye_round(), pair_round_2026) == ({(4, 1), (2, 5)}, 3)


def test_c2_a_full_point_bye_does_not_bar_it_in_2018() -> None:
    assert pairs(f_bye_round(), pair_round_2018) == ({(4, 1), (2, 3)}, 5)


def test_record_192_chooses_the_edition() -> None:
    """``pair_round`` pairs by the edition record 192 names: FIDE_DUBOV_2018 the 2018 one;
    ETT26's FIDE_DUBOV, FIDE_DUBOV_2026 or nothing the edition in force, 2026."""
    state = f_bye_round()

    def named(code: str) -> TournamentState:
        return replace(state, info=replace(state.info, system_code=code))

    assert pair_round(state).bye == 3
    for code in ("FIDE_DUBOV", "FIDE_DUBOV_2026", "FIDE_DUBOV_BAKU", " fide_dubov "):
        assert pair_round(named(code)).bye == 3, code
    for code in ("FIDE_DUBOV_2018", "fide_dubov_2018", "FIDE_DUBOV_2018_BAKU"):
        assert pair_round(named(code)).bye == 5, code
    assert explain_round(named("FIDE_DUBOV_2018"))[0].bye == 5
    assert explain_round(state)[0].bye == 3


def test_edition_named_and_record_codes() -> None:
    assert edition_named("") is EDITION_2026
    assert edition_named("FIDE_DUBOV") is EDITION_2026
    assert edition_named("FIDE_DUBOV_2018") is EDITION_2018
    assert edition_named(EDITION_2018.code) is EDITION_2018
    assert edition_named(EDITION_2026.code) is EDITION_2026
    assert (EDITION_2018.code, EDITION_2026.code) == ("FIDE_DUBOV_2018", "FIDE_DUBOV")


def _player(*codes: str) -> Player:
    """A player whose rounds are the given results: one-letter codes without an opponent are
    byes (U, F, H, Z); ``+``, ``-``, ``1`` are games against player 9."""
    entries = tuple(
        RoundEntry(None, None, c) if c in "UFHZ" else RoundEntry(9, None, c) for c in codes
    )
    return Player(id=1, rating=2000, results=entries)


@pytest.mark.parametrize(
    ("codes", "points", "barred_2018", "barred_2026"),
    [
        (("U",), PointValues(), True, True),  # a pairing-allocated bye, in both
        (("+",), PointValues(), True, True),  # a forfeit win: a win's points unplayed
        (("F",), PointValues(), False, True),  # the 2026 change
        (("H", "H"), PointValues(), False, False),  # two halves are not one single round
        (("Z", "-", "1", "0"), PointValues(), False, False),  # nothing scored unplayed
        (("F",), PointValues(full_bye=1), False, False),  # F worth a draw here: not a win's
        (("H",), PointValues(half_bye=2), False, True),  # an H worth a win's points
        (("+",), PointValues(forfeit_win=1), True, False),  # 2018: any forfeit win
        (("U",), PointValues(pab=1), True, True),  # a PAB bars whatever it is worth
    ],
)
def test_who_may_not_receive_the_bye(
    codes: tuple[str, ...], points: PointValues, barred_2018: bool, barred_2026: bool
) -> None:
    """2018 C.2 (C.04.1.d): "a pairing-allocated bye, or ... a (forfeit) win"; 2026 [C2]
    (C.04.1 art. 4): "a pairing-allocated bye, or ... in one single round, without playing,
    as many points as rewarded for a win"."""
    player = _player(*codes)
    assert EDITION_2018.bye_barred(player, points) is barred_2018
    assert EDITION_2026.bye_barred(player, points) is barred_2026


# -- explanations ------------------------------------------------------------------------------

ART_2026 = re.compile(r"C\.04\.4\.1 (\d+(\.\d+)*|C\d+)")
ART_2018 = re.compile(r"C\.04\.4\.1 ([A-E]\.\d+(\.[a-e])?)")


def articles(explanation: RoundExplanation) -> list[str]:
    reasons = [*explanation.notes]
    for board in explanation.boards:
        reasons += board.reasons
    if explanation.bye is not None:
        reasons += explanation.bye.reasons
    return [r.article for r in reasons]


def test_the_2026_explanation_cites_2026_articles() -> None:
    """The position of :func:`f_bye_round`, explained by 2026: the bye by 3.1.5 (3 and 2 tie
    on score and games; 3 has the larger TPN), 5 passed over by [C2]; board 4-1 by 1.3, 3.2.3
    (G1), 3.2.4 (1 shifted, 4.3 order), 3.2.5, 3.2.6 and 5.2.3; board 2-5 by 5.2.2."""
    pairing, explanation = explain_round_2026(f_bye_round())
    assert pairing == pair_round_2026(f_bye_round())
    assert explanation.system == "FIDE Dubov (C.04.4.1, 2026)"
    assert all(ART_2026.fullmatch(a) for a in articles(explanation)), articles(explanation)
    assert explanation.bye is not None
    bye = [(r.topic, r.article, r.text) for r in explanation.bye.reasons]
    assert bye == [
        (
            Topic.BYE,
            "C.04.4.1 3.1.5",
            "odd number of players: #3 may receive the pairing-allocated bye and has the "
            "largest TPN (3) of those who may",
        ),
        (
            Topic.REJECTED,
            "C.04.4.1 C2",
            "#5: would come first, but already had a pairing-allocated bye or scored a "
            "win's points in one round without playing",
        ),
    ]
    (board,) = [b for b in explanation.boards if (b.white, b.black) == (4, 1)]
    assert [r.article.removeprefix("C.04.4.1 ") for r in board.reasons] == [
        "1.3",
        "3.2.3",
        "3.2.4",
        "3.2.5",
        "3.2.6",
        "5.2.3",
    ]
    (shift,) = [r.text for r in board.reasons if r.article == "C.04.4.1 3.2.4"]
    assert shift.endswith("the first set of shifters in 4.3 order that complies best with C7")
    (other,) = [b for b in explanation.boards if (b.white, b.black) == (2, 5)]
    assert [r.article for r in other.reasons if r.topic is Topic.COLOUR] == ["C.04.4.1 5.2.2"]
    (note,) = explanation.notes
    assert note.article == "C.04.4.1 1.9"
    assert "bye first (3.1)" in note.text and "upfloaters (3.2.1-3.2.6)" in note.text


def test_the_2018_explanation_of_the_same_position_cites_2018_articles() -> None:
    """By 2018 the bye goes to 5 by B.0.e; nobody before 5 is barred (4 scored more)."""
    _, explanation = explain_round_2018(f_bye_round())
    assert explanation.system == "FIDE Dubov (C.04.4.1, 2018)"
    assert all(ART_2018.fullmatch(a) for a in articles(explanation)), articles(explanation)
    assert explanation.bye is not None
    assert [(r.article, r.text) for r in explanation.bye.reasons] == [
        (
            "C.04.4.1 B.0.e",
            "odd number of players: #5 may receive the pairing-allocated bye and has the "
            "lowest position in the initial ranking list (5) of those who may",
        )
    ]


@pytest.mark.parametrize("path", corpus_params("dubov-2026", fast_every=3))
def test_explanations_of_the_2026_corpus(path: Path) -> None:
    """Every round of dubov-2026: the explanation gives the 2026 pairing and cites only
    2026 articles; by 2018, only 2018 ones."""
    state = load_trf(path)
    for done in range(state.rounds_done):
        before = state.truncated(done)
        pairing, explanation = explain_round_2026(before)
        assert pairing == pair_round_2026(before)
        assert explanation.matches(pairing)
        assert all(ART_2026.fullmatch(a) for a in articles(explanation))
        old_pairing, old = explain_round_2018(before)
        assert old_pairing == pair_round_2018(before)
        assert all(ART_2018.fullmatch(a) for a in articles(old))


# -- 4.2 (2026) and D.1 (2018) order the same sets ---------------------------------------------


def smallest_differing_first(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """2026 4.2: of two sets of sequence numbers, the one holding the smallest number that is
    in one set and not the other comes first."""
    return min(set(a) ^ set(b)) in a


@pytest.mark.parametrize("size", [1, 2, 3])
def test_4_2_orders_the_sets_of_equal_scores_as_d1_containers(size: int) -> None:
    """2018 D.1.b puts sets into containers (same scores), containers in C.6 order,
    lexicographic inside; 2026 4.2.3 lets [C5] and [C6] fix the number of upfloaters and
    their scores, and orders the sets by the smallest differing sequence number. The pool of
    the D.1.b example (#1-#3: 3 points, #4-#5: 2½, #6: 1½): inside every container the two
    orders agree, so the first set with the best C7-C10 is the same player set."""
    score = {1: 6, 2: 6, 3: 6, 4: 5, 5: 5, 6: 3}
    d1 = upfloater_sets_d1(list(score), score.__getitem__, size)
    containers: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for s in d1:
        containers.setdefault(tuple(sorted(score[p] for p in s)), []).append(s)
    for sets in containers.values():
        for i, j in combinations(range(len(sets)), 2):
            assert smallest_differing_first(sets[i], sets[j]), (sets[i], sets[j])
