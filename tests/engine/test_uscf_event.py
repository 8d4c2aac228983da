"""Steps 1–5 on whole sections, section 3 (FIDE events) and section 4 (matches).

Expected values are derived in the tests from the formulas of the text, written out with
plain arithmetic (never from the module under test).
"""

from __future__ import annotations

import math
from datetime import date

import pytest

from pairing.engine.uscf.rater import (
    FideGame,
    MatchChange,
    rate_event,
    rate_fide_event,
    rate_match,
)
from pairing.engine.uscf.rules import (
    RULES_2011,
    RULES_CURRENT,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
)


def we(r: float, ri: float) -> float:
    """2.3's standard winning expectancy, written out again for the derivations."""
    return 1 / (1 + 10 ** (-(r - ri) / 400))


def nstar_2011(r0: float) -> float:
    return 50.0 if r0 > 2200 else 50 / math.sqrt(1 + (2200 - r0) ** 2 / 100000)


def nstar_current(r0: float) -> float:
    return 50.0 if r0 > 2355 else 50 / math.sqrt(0.662 + 0.00000739 * (2569 - r0) ** 2)


def test_two_established_players_steps_4_and_5_2011() -> None:
    # A 1600 (N = 50) beats B 1400 (N = 50); one game each, so no bonus (m < 3).
    event = RatingEvent(
        players=(RatedPlayer("A", 1600, 50), RatedPlayer("B", 1400, 50)),
        games=(RatedGame("A", "B", 1),),
    )
    res = rate_event(event, RULES_2011).by_id()
    ka = 800 / (nstar_2011(1600) + 1)  # N' = 50/sqrt(4.6) = 23.31
    kb = 800 / (nstar_2011(1400) + 1)  # N' = 50/sqrt(7.4) = 18.38
    a4 = 1600 + ka * (1 - we(1600, 1400))  # Step 4, opponent at 1400: 1607.91
    b4 = 1400 + kb * (0 - we(1400, 1600))  # 1390.08
    a5 = 1600 + ka * (1 - we(1600, b4))  # Step 5, opponent at its Step 4 rating: 1607.57
    b5 = 1400 + kb * (0 - we(1400, a4))  # 1390.42
    assert res["A"].step4 == pytest.approx(a4)
    assert res["B"].step4 == pytest.approx(b4)
    assert res["A"].unfloored == pytest.approx(a5)
    assert res["B"].unfloored == pytest.approx(b5)
    # 2011: a gain rounds up, a loss down.
    assert (res["A"].post, res["B"].post) == (math.ceil(a5), math.floor(b5))  # 1608, 1390
    assert res["A"].k == pytest.approx(ka)
    assert (res["A"].formula, res["A"].bonus, res["A"].games_after) == ("standard", 0, 51)


def test_same_event_current_rules_keeps_decimals() -> None:
    event = RatingEvent(
        players=(RatedPlayer("A", 1600, 50), RatedPlayer("B", 1400, 50)),
        games=(RatedGame("A", "B", 1),),
    )
    res = rate_event(event, RULES_CURRENT).by_id()
    ka = 800 / (nstar_current(1600) + 1)
    kb = 800 / (nstar_current(1400) + 1)
    b4 = 1400 + kb * (0 - we(1400, 1600))
    a5 = 1600 + ka * (1 - we(1600, b4))
    assert res["A"].post_exact == pytest.approx(round(a5, 2), abs=1e-9)
    assert res["A"].post == round(a5)
    assert res["A"].pre == 1600


def test_unrated_player_step_3_then_special_formula() -> None:
    # U: unrated adult (1300, N = 0) beats R1 (1500, N = 50), loses to R2 (1700, N = 50).
    event = RatingEvent(
        players=(
            RatedPlayer("U", adult=True),
            RatedPlayer("R1", 1500, 50),
            RatedPlayer("R2", 1700, 50),
        ),
        games=(RatedGame("U", "R1", 1), RatedGame("R2", "U", 1)),
    )
    res = rate_event(event, RULES_2011).by_id()
    u = res["U"]
    assert (u.pre, u.initial, u.initial_games, u.initial_source) == (None, 1300, 0, "adult")
    # Step 3, N' = 1: M = (1300 + 3200 + 400·0)/3 = 1500; f(1500) = 0.75 + 0.5 + 0.25 − 1.5 = 0.
    assert u.step3 == pytest.approx(1500)
    # Step 4, N' = 0, opponents at 1500 and 1700: M = 3200/2 = 1600, f = 0.625 + 0.375 − 1 = 0.
    assert u.step4 == pytest.approx(1600)
    # Opponents' Step 4: U counts at its Step 3 rating, 1500.
    k1 = 800 / (nstar_2011(1500) + 1)
    k2 = 800 / (nstar_2011(1700) + 1)
    r1_4 = 1500 + k1 * (0 - we(1500, 1500))  # 1481.47
    r2_4 = 1700 + k2 * (1 - we(1700, 1500))  # 1706.93
    assert res["R1"].step4 == pytest.approx(r1_4)
    assert res["R2"].step4 == pytest.approx(r2_4)
    # Step 5 for U: both opponents within 400, f linear: M = (r1_4 + r2_4)/2 = 1594.20.
    assert u.unfloored == pytest.approx((r1_4 + r2_4) / 2)
    assert u.post == round((r1_4 + r2_4) / 2)  # first rating: to nearest, 1594
    assert (u.formula, u.k, u.games_after) == ("special", None, 2)
    # Step 5 for the rated players: U at its Step 4 rating, 1600.
    assert res["R1"].post == math.floor(1500 + k1 * (0 - we(1500, 1600)))  # 1486.66 → 1486
    assert res["R2"].post == math.ceil(1700 + k2 * (1 - we(1700, 1600)))  # 1710.39 → 1711
    assert res["R1"].step3 is None


def test_unrated_with_fide_rating_uses_standard_formula_and_step_1_rating() -> None:
    # FIDE 2200 → −350 + 1.16·2200 = 2202 with N = 10 > 8: standard formula, no Step 3; its
    # opponent sees it at 2202 in Step 4.
    event = RatingEvent(
        players=(RatedPlayer("F", fide=2200), RatedPlayer("R", 2000, 100)),
        games=(RatedGame("F", "R", 0),),
    )
    res = rate_event(event, RULES_2011).by_id()
    f, r = res["F"], res["R"]
    assert (f.initial, f.initial_games, f.formula, f.step3) == (
        pytest.approx(2202),
        10,
        "standard",
        None,
    )
    kf = 800 / (10 + 1)  # N' = min(10, N* = 50)
    kr = 800 / (nstar_2011(2000) + 1)
    assert f.step4 == pytest.approx(2202 + kf * (0 - we(2202, 2000)))
    assert r.step4 == pytest.approx(2000 + kr * (1 - we(2000, 2202)))
    assert f.games_after == 11


def test_provisional_rated_player_uses_special_formula() -> None:
    # P 1500 on N = 8 games (≤ 8): special; draws Q (1500, N = 100).
    event = RatingEvent(
        players=(RatedPlayer("P", 1500, 8), RatedPlayer("Q", 1500, 100)),
        games=(RatedGame("P", "Q", 0.5),),
    )
    res = rate_event(event, RULES_2011).by_id()
    assert res["P"].formula == "special"
    assert res["Q"].formula == "standard"
    # N' = 8: M = (8·1500 + 1500 + 400·0)/9 = 1500 and f(1500) = 0: no change.
    assert res["P"].post == 1500
    assert res["Q"].post == 1500  # E = 0.5 = S


def test_all_wins_flag_forces_special_formula() -> None:
    # N = 30 would mean the standard formula, but all previous results were wins.
    event = RatingEvent(
        players=(RatedPlayer("W", 1500, 30, all_wins=True), RatedPlayer("X", 1400, 50)),
        games=(RatedGame("W", "X", 1),),
    )
    res = rate_event(event, RULES_2011).by_id()
    assert res["W"].formula == "special"
    # N' = min(30, 50/sqrt(1 + 700²/100000) = 20.58); R0' = 1100, S' = 1 + N'. f ≤ 0 and
    # reaches 0 at max(R0'+400, Ri+400) = 1800 for either opponent rating near 1400.
    assert res["W"].step4 == pytest.approx(1800)


def test_bonus_and_repeated_opponent_in_an_event() -> None:
    # A (1500, N = 100) beats B three times and C once; B and C 1500, N = 100. Met B three
    # times: no bonus, every game counted (m = 4).
    players = (
        RatedPlayer("A", 1500, 100),
        RatedPlayer("B", 1500, 100),
        RatedPlayer("C", 1500, 100),
    )
    games = (
        RatedGame("A", "B", 1),
        RatedGame("B", "A", 0),
        RatedGame("A", "B", 1),
        RatedGame("C", "A", 0),
    )
    res = rate_event(RatingEvent(players, games), RULES_2011).by_id()
    k = 800 / (nstar_2011(1500) + 4)
    assert res["A"].k == pytest.approx(k)
    assert res["A"].games_in_event == 4
    assert res["A"].bonus == 0
    assert res["A"].step4 == pytest.approx(1500 + k * (4 - 4 * 0.5))
    # Met B only twice: the bonus applies (B = 6, m' = 4).
    games2 = (games[0], games[1], RatedGame("A", "C", 1), RatedGame("C", "A", 0))
    res2 = rate_event(RatingEvent(players, games2), RULES_2011).by_id()
    gain = k * (4 - 4 * 0.5)
    assert res2["A"].step4 == pytest.approx(1500 + gain + (gain - 6 * 2))


def test_no_bonus_with_fewer_than_3_games() -> None:
    # A (1500, N = 100) beats B and C (1500): m = 2 < 3, no bonus although the gain
    # K·(2 − 1) = 800/(20.58 + 2) = 35.4 is well above 6·sqrt(4) = 12.
    players = tuple(RatedPlayer(x, 1500, 100) for x in "ABC")
    games = (RatedGame("A", "B", 1), RatedGame("C", "A", 0))
    a = rate_event(RatingEvent(players, games), RULES_2011).players[0]
    k = 800 / (nstar_2011(1500) + 2)
    assert k * (2 - 1) > 12
    assert a.step4 == pytest.approx(1500 + k * (2 - 1))
    assert a.bonus == 0


def test_bonus_multiplier_current_is_10() -> None:
    players = tuple(RatedPlayer(x, 1500, 100) for x in "ABCDE")
    games = tuple(RatedGame("A", x, 1) for x in "BCDE")
    res = rate_event(RatingEvent(players, games), RULES_CURRENT).by_id()
    k = 800 / (nstar_current(1500) + 4)
    gain = k * (4 - 2)
    assert res["A"].step4 == pytest.approx(1500 + gain + (gain - 10 * 2))


def test_dual_rated_regular_side_reduces_k_above_2200_current_only() -> None:
    players = (RatedPlayer("M", 2300, 300), RatedPlayer("N", 2300, 300))
    games = (RatedGame("M", "N", 1),)
    k = 800 / (nstar_current(2300) + 1)
    regular = rate_event(RatingEvent(players, games, RatingSystem.REGULAR, dual_rated=True))
    assert regular.players[0].k == pytest.approx(k * (6.5 - 0.0025 * 2300))  # K · 0.75
    quick = rate_event(RatingEvent(players, games, RatingSystem.QUICK, dual_rated=True))
    assert quick.players[0].k == pytest.approx(k)
    single = rate_event(RatingEvent(players, games, RatingSystem.REGULAR))
    assert single.players[0].k == pytest.approx(k)
    old = rate_event(RatingEvent(players, games, RatingSystem.REGULAR, dual_rated=True), RULES_2011)
    assert old.players[0].k == pytest.approx(800 / (50 + 1))


def test_minimum_100_after_steps() -> None:
    # L and M, both 110 on 100 games; L loses. N* = 50/sqrt(1 + 2090²/100000) = 7.48,
    # K = 800/8.48 = 94.3: Step 4 gives L 110 − 94.3·0.5 = 62.8 → 100 and M 157.2.
    event = RatingEvent(
        players=(RatedPlayer("L", 110, 100), RatedPlayer("M", 110, 100)),
        games=(RatedGame("L", "M", 0),),
    )
    res = rate_event(event, RULES_2011).by_id()
    k = 800 / (nstar_2011(110) + 1)
    assert 110 - k * 0.5 < 100
    assert res["L"].step4 == 100
    assert res["M"].step4 == pytest.approx(110 + k * 0.5)
    # Step 5 from 110 against M at 157.2: 110 − 94.3·We(110, 157.2) = 69.2 → 100.
    assert 110 - k * we(110, 110 + k * 0.5) < 100
    assert res["L"].unfloored == 100
    assert res["L"].post == 100
    # An unrated 750 losing every game would fall below 100 in Step 3 without the minimum.
    event2 = RatingEvent(
        players=(RatedPlayer("U"), RatedPlayer("V", 100, 100)),
        games=(RatedGame("U", "V", 0),),
    )
    u = rate_event(event2, RULES_2011).players[0]
    # Step 3: N' = 1, f = PWe(R,750) + PWe(R,100) − 0.5: M = (750 + 100 − 400)/2 = 225,
    # f(225) = 0 + 0.5 + 125/800 − 0.5 > 0; the root on the piece below 350 = 750 − 400 is
    # 100 − 0 = 100 (PWe(R,100) = 0.5 + (R − 100)/800 = 0.5).
    assert u.step3 == pytest.approx(100)
    # Steps 4/5, N' = 0: PWe(R,100) = 0 down to −300 → the 100 minimum.
    assert u.step4 == 100
    assert u.post == 100


def test_players_without_games() -> None:
    event = RatingEvent(
        players=(RatedPlayer("R", 1700, 40), RatedPlayer("U"), RatedPlayer("A", 1500, 40)),
        games=(RatedGame("R", "A", 0.5),),
    )
    res = rate_event(event).by_id()
    assert (res["U"].post, res["U"].formula, res["U"].games_after) == (None, None, 0)
    assert res["R"].games_after == 41


def test_event_floors() -> None:
    # F: 1710 on 100 games, peak established 1941 → floor 1700; loses four games to 1700s.
    # N' = 50/sqrt(1 + 490²/100000) = 27.11, K = 800/31.11 = 25.7; each loss costs about
    # K·0.51 ≈ 13: some 53 points below 1710 before the floor.
    players = (
        RatedPlayer("F", 1710, 100, peak_established=1941),
        *(RatedPlayer(f"O{i}", 1700, 100) for i in range(4)),
    )
    games = tuple(RatedGame("F", f"O{i}", 0) for i in range(4))
    f = rate_event(RatingEvent(players, games), RULES_2011).players[0]
    assert f.unfloored is not None and f.unfloored < 1700
    assert (f.floor, f.post) == (1700, 1700)


def test_absolute_floor_counts_this_event() -> None:
    # P: 120 on 40 games; before: 5 wins, 0 draws, 2 events with 3+ games. Draws three
    # 100-rated players: AF = 100 + 4·5 + 2·3 + (2 + 1) = 129, above the unfloored result
    # (E = 3·We(120, 100) = 1.59 > S = 1.5: a small loss).
    players = (
        RatedPlayer("P", 120, 40, wins=5, events_3plus=2),
        *(RatedPlayer(f"O{i}", 100, 40) for i in range(3)),
    )
    games = tuple(RatedGame("P", f"O{i}", 0.5) for i in range(3))
    p = rate_event(RatingEvent(players, games), RULES_CURRENT).players[0]
    assert p.unfloored is not None and p.unfloored < 120
    assert (p.floor, p.post, p.post_exact) == (129, 129, 129)


def test_life_master_and_prize_floors() -> None:
    players = (
        RatedPlayer("LM", 2204, 400, life_master=True),
        RatedPlayer("PF", 1810, 60, floor=1800),
        RatedPlayer("X", 2400, 400),
        RatedPlayer("Y", 2400, 400),
    )
    games = (RatedGame("LM", "X", 0), RatedGame("LM", "Y", 0), RatedGame("PF", "Y", 0))
    res = rate_event(RatingEvent(players, games), RULES_2011).by_id()
    # LM: K = 800/52 = 15.4 and E = 2·We(2204, ≈2400) = 0.49: about −7.5 → 2196.5 → 2200.
    assert res["LM"].unfloored is not None and res["LM"].unfloored < 2200
    assert (res["LM"].floor, res["LM"].post) == (2200, 2200)
    # PF: N' = 50/sqrt(1 + 390²/100000) = 31.49, K = 800/32.49 = 24.62; Y's Step 4 rating is
    # 2400 plus a few points, so E = We(1810, 2400…2405) ≈ 0.032: −0.8 → 1809.2, rounded down
    # to 1809. The 1800 floor is below it and changes nothing.
    kpf = 800 / (nstar_2011(1810) + 1)
    assert 1809 < 1810 - kpf * we(1810, 2400) < 1810 - kpf * we(1810, 2405) < 1810
    assert res["PF"].floor == 1800
    assert res["PF"].post == 1809


def test_explicit_floor_lifts_the_result() -> None:
    players = (RatedPlayer("PF", 1805, 60, floor=1800), RatedPlayer("Y", 2200, 400))
    games = tuple(RatedGame("PF", "Y", 0) for _ in range(2))
    pf = rate_event(RatingEvent(players, games), RULES_2011).players[0]
    # K = 800/(31.58 + 2) = 23.8, E ≈ 2·0.09: about −4.3 → below 1801.
    assert pf.unfloored is not None and pf.unfloored < 1801
    assert pf.post == 1800


def test_event_validation() -> None:
    with pytest.raises(RatingInputError, match="duplicate"):
        RatingEvent((RatedPlayer("a"), RatedPlayer("a")), ())
    with pytest.raises(RatingInputError, match="unknown player"):
        RatingEvent((RatedPlayer("a"),), (RatedGame("a", "b", 1),))
    with pytest.raises(RatingInputError, match="themselves"):
        RatedGame("a", "a", 1)
    with pytest.raises(RatingInputError, match="score"):
        RatedGame("a", "b", 2)
    with pytest.raises(RatingInputError, match="all_wins"):
        RatingEvent((RatedPlayer("a", 1500, 5, all_wins=True, all_losses=True),), ())


def test_age_based_rating_in_an_event() -> None:
    # A 10-year-old (3653 days / 365.25) is unrated at 50·Age = 500.07 and draws a 500 player.
    event = RatingEvent(
        players=(RatedPlayer("K", birth_date=date(2014, 6, 30)), RatedPlayer("Z", 500, 40)),
        games=(RatedGame("K", "Z", 0.5),),
        end_date=date(2024, 6, 30),
    )
    k = rate_event(event).players[0]
    assert k.initial == pytest.approx(50 * 3653 / 365.25)
    assert k.initial_source == "age"


# --- section 3 ---------------------------------------------------------------------------


def test_fide_event_standard_formula_with_bonus_once() -> None:
    # US player 1800 on 100 games wins four games vs FIDE 1600 (→ 720 + 0.625·1600 = 1720).
    player = RatedPlayer("US", 1800, 100)
    games = [FideGame(1600, 1) for _ in range(4)]
    r = rate_fide_event(player, games, RULES_2011)
    k = 800 / (nstar_2011(1800) + 4)  # N' = 50/sqrt(2.6) = 31.01
    gain = k * (4 - 4 * we(1800, 1720))
    bonus = max(0.0, gain - 6 * 2)
    assert r.k == pytest.approx(k)
    assert r.bonus == pytest.approx(bonus)
    assert r.unfloored == pytest.approx(1800 + gain + bonus)
    assert r.post == math.ceil(1800 + gain + bonus)
    assert r.formula == "standard"


def test_fide_event_youth_conversion_and_repeat_opponent() -> None:
    player = RatedPlayer("US", 1800, 100)
    games = [FideGame(1700, 1, "x"), FideGame(1700, 1, "x"), FideGame(1700, 1, "x")]
    r = rate_fide_event(player, games, RULES_2011, youth=True)
    opp = 210 + 0.93 * 1700  # 1791
    k = 800 / (nstar_2011(1800) + 3)
    assert r.unfloored == pytest.approx(1800 + k * (3 - 3 * we(1800, opp)))  # met thrice: no bonus
    assert r.bonus == 0


# --- section 4 ---------------------------------------------------------------------------


def test_match_change_capped_at_50_without_bonus() -> None:
    a, b = RatedPlayer("A", 2000, 100), RatedPlayer("B", 2100, 100)
    res = rate_match(a, b, [1] * 6, RULES_2011, end_date=date(2024, 1, 1))
    # K = 800/(N* (2000) = 50/sqrt(1.4) = 42.26 + 6) = 16.6; six wins vs 2100 gain about 70.
    k = 800 / (nstar_2011(2000) + 6)
    assert res.uncapped[0] > 50
    assert res.players[0].bonus == 0
    assert res.players[0].step4 == pytest.approx(2000 + k * (6 - 6 * we(2000, 2100)))
    assert (res.players[0].post, res.players[1].post) == (2050, 2050)


def test_match_caps_over_180_days_and_3_years() -> None:
    a, b = RatedPlayer("A", 2000, 100), RatedPlayer("B", 2100, 100)
    end = date(2024, 6, 1)
    # +80 within 180 days: at most +20 more.
    recent = [MatchChange(date(2024, 3, 1), 80)]
    assert rate_match(a, b, [1] * 6, end_date=end, history_a=recent).players[0].post == 2020
    # +190 within three years (older than 180 days): at most +10 more.
    older = [MatchChange(date(2022, 1, 1), 100), MatchChange(date(2023, 1, 1), 90)]
    assert rate_match(a, b, [1] * 6, end_date=end, history_a=older).players[0].post == 2010
    # Changes older than three years do not count.
    ancient = [MatchChange(date(2020, 1, 1), 200)]
    assert rate_match(a, b, [1] * 6, end_date=end, history_a=ancient).players[0].post == 2050
    # A loss is still possible after gains.
    lost = rate_match(a, b, [0] * 6, end_date=end, history_a=recent).players[0].post
    assert lost is not None and lost < 2000


def test_match_floor_not_automatic() -> None:
    a = RatedPlayer("A", 2000, 100, floor=2000)
    b = RatedPlayer("B", 2000, 100)
    res = rate_match(a, b, [0, 0], end_date=date(2024, 1, 1))
    assert res.players[0].post is not None and res.players[0].post < 2000
    assert res.floor_request == (True, False)


def test_match_requires_established_players_400_apart_at_most() -> None:
    with pytest.raises(RatingInputError, match="established"):
        rate_match(
            RatedPlayer("A", 2000, 20), RatedPlayer("B", 2000, 100), [1], end_date=date(2024, 1, 1)
        )
    with pytest.raises(RatingInputError, match="400"):
        rate_match(
            RatedPlayer("A", 2000, 50), RatedPlayer("B", 2401, 100), [1], end_date=date(2024, 1, 1)
        )


def test_rating_with_unknown_games_is_established() -> None:
    # games=None: N not known (rating lists give N only for provisional ratings). Taken as
    # established with N' = N*: the same numbers as with N = 500.
    known = RatingEvent(
        players=(RatedPlayer("A", 1600, 500), RatedPlayer("B", 1400, 500)),
        games=(RatedGame("A", "B", 1),),
    )
    unknown = RatingEvent(
        players=(RatedPlayer("A", 1600, None), RatedPlayer("B", 1400, None)),
        games=(RatedGame("A", "B", 1),),
    )
    a_known = rate_event(known, RULES_2011).players[0]
    a = rate_event(unknown, RULES_2011).players[0]
    assert a.effective_games == pytest.approx(nstar_2011(1600))
    assert (a.formula, a.initial_games, a.games_after) == ("standard", None, None)
    assert a.post == a_known.post
    assert a.floor == 1400  # established: 1600 − 200
