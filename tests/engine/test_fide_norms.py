"""Title norms by the FIDE Title Regulations (B.01, applied from 1 January 2024), 1.4.1-1.4.9.

The base case, derived by hand: an ENG player meets nine opponents rated 2450 from nine other
federations, three GMs, two IMs and four untitled. Ra = 2450 (1.4.7). A GM norm needs
Rp >= 2600, i.e. dp >= 150: dp(.70) = 149, dp(.71) = 158 (table 1.4.9), so p >= 71 %:
6/9 = 66.7 % -> 67 % (Rp 2575) fails, 6.5/9 = 72.2 % -> 72 % (dp 166, Rp 2616) succeeds. Each
test changes one thing of it so that one rule alone decides.
"""

from __future__ import annotations

from dataclasses import replace

from pairing.engine import NormCandidate, NormGame, check_norm, norm_outlook

FEDERATIONS = ("GER", "FRA", "NED", "ESP", "ITA", "USA", "IND", "CHN", "HUN")
TITLES = ("GM", "GM", "GM", "IM", "IM", None, None, None, None)
# Half-points: wins against the untitled, draws with everyone else except one win: 13 = 6.5.
POINTS_6_5 = (1, 1, 1, 1, 2, 2, 2, 2, 1)


def games(
    points: tuple[int, ...] = POINTS_6_5,
    titles: tuple[str | None, ...] = TITLES,
    federations: tuple[str, ...] = FEDERATIONS,
    ratings: tuple[int | None, ...] = (2450,) * 9,
    first_round: int = 1,
) -> tuple[NormGame, ...]:
    return tuple(
        NormGame(first_round + i, p, r, t, f)
        for i, (p, r, t, f) in enumerate(zip(points, ratings, titles, federations, strict=True))
    )


def candidate(**kw: object) -> NormCandidate:
    base: dict[str, object] = {"federation": "ENG", "games": games(), "rounds": 9}
    return NormCandidate(**(base | kw))  # type: ignore[arg-type]


def test_gm_norm_base_case() -> None:
    """6.5/9 at Ra 2450: Rp 2616, a GM norm of 9 games (the least score is 6.5: no extra)."""
    result = check_norm(candidate(), "GM")
    assert result.achieved, result.reason
    assert (result.average, result.performance, result.norm_games) == (2450, 2616, 9)


def test_performance_decides() -> None:
    """1.4.8: 6/9 gives 67 %, Rp 2575 < 2600."""
    points = (1, 1, 1, 1, 2, 2, 2, 2, 0)
    result = check_norm(candidate(games=games(points)), "GM")
    assert not result.achieved and result.performance == 2575
    assert "1.4.8:" in result.reason


def test_extra_full_point_counts_as_a_game() -> None:
    """1.4.1 d: 7.5/9 is one full point above the 6.5 needed: the norm counts 10 games."""
    points = (2, 2, 1, 1, 2, 2, 2, 2, 1)
    assert check_norm(candidate(games=games(points)), "GM").norm_games == 10


def test_minimum_average_rating() -> None:
    """1.4.8 a: 8/9 against 2370s: Rp = 2370 + dp(.89) 351 = 2721, but Ra 2370 < 2380."""
    points = (2, 2, 2, 2, 2, 2, 2, 1, 1)
    result = check_norm(candidate(games=games(points, ratings=(2370,) * 9)), "GM")
    assert not result.achieved and "1.4.8 a" in result.reason


def test_minimum_score_35_percent() -> None:
    """1.4.8 b: 3/9 against 2750s: Rp = 2750 + dp(.33) -125 = 2625, but 33 % < 35 %."""
    points = (2, 2, 2, 0, 0, 0, 0, 0, 0)
    result = check_norm(candidate(games=games(points, ratings=(2750,) * 9)), "GM")
    assert not result.achieved and "1.4.8 b" in result.reason


def test_two_other_federations() -> None:
    """1.4.3: opponents from only one other federation (GER) and the own (ENG) fail; the
    exemptions of 1.4.3 a-d waive it."""
    feds = ("GER",) * 5 + ("ENG",) * 4
    result = check_norm(candidate(games=games(federations=feds)), "GM")
    assert not result.achieved and "1.4.3" in result.reason
    exempt = candidate(games=games(federations=feds), federation_exempt=True)
    assert check_norm(exempt, "GM").achieved


def test_fide_flag_is_not_a_federation() -> None:
    """1.4.2 a / 1.4.3 as the QC reads them: FID players count, FID is not a foreign
    federation: GER and eight FID give one other federation."""
    feds = ("GER",) + ("FID",) * 8
    result = check_norm(candidate(games=games(federations=feds)), "GM")
    assert not result.achieved and "1.4.3" in result.reason


def test_at_most_three_fifths_from_own_federation() -> None:
    """1.4.4: of 9 opponents at most 3/5 x 9 = 5.4 -> 5 (rounded down) from ENG: 6 fail."""
    six = ("ENG",) * 6 + ("GER", "FRA", "NED")
    five = ("ENG",) * 5 + ("GER", "FRA", "NED", "ESP")
    result = check_norm(candidate(games=games(federations=six)), "GM")
    assert not result.achieved and "1.4.4" in result.reason
    assert check_norm(candidate(games=games(federations=five)), "GM").achieved


def test_at_most_two_thirds_from_one_federation() -> None:
    """1.4.4: at most 2/3 x 9 = 6 from one federation: 7 GER fail."""
    feds = ("GER",) * 7 + ("FRA", "NED")
    result = check_norm(candidate(games=games(federations=feds)), "GM")
    assert not result.achieved and "1.4.4" in result.reason


def test_half_titleholders_cm_not_counted() -> None:
    """1.4.5 a: at least 50 % titleholders (9 -> 5), CM not counted: GM GM GM IM CM = 4 fail;
    with an FM instead of the CM, 5."""
    with_cm = ("GM", "GM", "GM", "IM", "CM", None, None, None, None)
    with_fm = ("GM", "GM", "GM", "IM", "FM", None, None, None, None)
    result = check_norm(candidate(games=games(titles=with_cm)), "GM")
    assert not result.achieved and "1.4.5 a" in result.reason
    assert check_norm(candidate(games=games(titles=with_fm)), "GM").achieved


def test_a_third_gms_for_a_gm_norm() -> None:
    """1.4.5 b: a third, at least 3, GMs: 2 GMs + 3 IMs fail the GM norm; for an IM norm
    (1.4.5 c, IMs or GMs count) the same opponents do: 5 >= 3."""
    titles = ("GM", "GM", "IM", "IM", "IM", None, None, None, None)
    result = check_norm(candidate(games=games(titles=titles)), "GM")
    assert not result.achieved and "1.4.5:" in result.reason
    assert check_norm(candidate(games=games(titles=titles)), "IM").achieved


def test_floor_raises_only_the_lowest_opponent() -> None:
    """1.4.6 b-c: 7 x 2500, 1900, 2000, 5/9 with the wins against the 1900 and 2000. GM floor
    2200 raises only the 1900: Ra = (17500 + 2200 + 2000) / 9 = 2411.1 -> 2411; 55.6 % -> 56 %,
    dp 43, Rp 2454 (raising both would give Ra 2433)."""
    ratings = (2500,) * 7 + (1900, 2000)
    points = (1, 1, 1, 1, 1, 1, 0, 2, 2)
    result = check_norm(candidate(games=games(points, ratings=ratings)), "GM")
    assert result.average == 2411


def test_unrated_counts_1400_then_floor() -> None:
    """1.4.6 d: an unrated opponent counts 1400 and, the lowest, is raised to the IM floor
    2050: Ra = (8 x 2500 + 2050) / 9 = 2450."""
    ratings: tuple[int | None, ...] = (2500,) * 8 + (None,)
    assert check_norm(candidate(games=games(ratings=ratings)), "IM").average == 2450


def test_forfeits_do_not_count_and_eight_for_nine() -> None:
    """1.4.2 c: a forfeit is not a game. 1.4.1 c: in 9 rounds, 8 games and a forfeit win
    count as a 9-game norm; 8 games and a forfeit loss are too few (1.4.1 a)."""
    played = games()[:8]
    win = NormGame(9, 2, 2450, "GM", "SWE", played=False)
    loss = replace(win, points=0)
    with_win = check_norm(candidate(games=(*played, win)), "GM")
    assert with_win.achieved and with_win.games == 8 and with_win.norm_games == 9
    with_loss = check_norm(candidate(games=(*played, loss)), "GM")
    assert not with_loss.achieved and "1.4.1 a" in with_loss.reason
    ten_rounds = check_norm(candidate(games=(*played, win), rounds=10), "GM")
    assert not ten_rounds.achieved


def test_later_games_may_be_left_out_in_a_swiss() -> None:
    """1.4.1 e: the norm after round 9, then two losses to 2450 GMs in rounds 10-11: the 11
    games give 6.5/11 = 59 %, Rp 2515; the first 9 are a norm. Not with predetermined
    pairings."""
    late = (NormGame(10, 0, 2450, "GM", "SWE"), NormGame(11, 0, 2450, "GM", "NOR"))
    seeker = candidate(games=(*games(), *late), rounds=11)
    result = check_norm(seeker, "GM")
    assert result.achieved and result.rounds == tuple(range(1, 10))
    assert not check_norm(replace(seeker, predetermined_pairings=True), "GM").achieved


def test_defeated_opponents_may_be_left_out() -> None:
    """1.4.1 f: wins against two 1800s in rounds 1-2, then the base case. All 11: Ra =
    (9 x 2450 + 2200 + 1800) / 11 = 2368.2 -> 2368 < 2380. Leaving out both defeated 1800s
    leaves the base case: a norm."""
    early = (NormGame(1, 2, 1800, None, "SWE"), NormGame(2, 2, 1800, None, "NOR"))
    seeker = candidate(games=(*early, *games(first_round=3)), rounds=11)
    result = check_norm(seeker, "GM")
    assert result.achieved and result.rounds == tuple(range(3, 12))


def test_outlook_points_needed() -> None:
    """After 7 of 9 rounds with 5/7 (10 half-points) at Ra 2450 and the mix so far (3 GMs, 2
    IMs), 6.5/9 is needed (13 half-points): 1.5 points from the last 2 rounds. With one round
    left and 4/7 (8), 2.5 would be needed from 1 round: impossible."""
    first7 = games()[:7]  # points 1,1,1,1,2,2,2 = 10
    outlook = norm_outlook(candidate(games=first7), "GM", remaining=2)
    assert outlook.possible and outlook.points_needed == 3
    weaker = (*first7[:6], replace(first7[6], points=0))
    assert not norm_outlook(candidate(games=weaker[:7]), "GM", remaining=1).possible
    assert norm_outlook(candidate(), "GM", remaining=0).achieved


def test_outlook_with_no_round_left_is_the_norm_check() -> None:
    """No round left: the norm is made or not, nothing is still possible. 9/9 against 2370s
    misses the GM norm on Ra alone (1.4.8 a: 2370 < 2380, as in test_minimum_average_rating);
    the outlook raised Ra to 2380 for games to come that there are not, and the dashboard said
    "still possible, 0 points needed in 0 rounds" after the last round."""
    nine = candidate(games=games((2,) * 9, ratings=(2370,) * 9))
    outlook = norm_outlook(nine, "GM", remaining=0)
    assert (outlook.achieved, outlook.possible, outlook.points_needed) == (False, False, None)
    assert outlook.reason == check_norm(nine, "GM").reason and "1.4.8 a" in outlook.reason
    assert norm_outlook(nine, "GM", remaining=1).possible  # a 10th game may lift Ra


def test_outlook_counts_a_forfeit_win_for_the_eight_games_of_nine() -> None:
    """1.4.1 c: in 9 rounds, 8 games with a forfeit win for the 9th make a 9-game norm. After
    5 rounds, 4 games played and a forfeit win in round 2: 8 games at most, enough. The outlook
    took only a pairing-allocated bye for the missing game and called the norm impossible
    ("at most 8 games, 9 needed"), which check_norm would grant at the end."""
    five = list(games()[:5])
    five[1] = replace(five[1], points=2, played=False)
    outlook = norm_outlook(candidate(games=tuple(five)), "GM", remaining=4)
    assert outlook.possible, outlook.reason
    ten = candidate(games=tuple(five), rounds=10)  # 1.4.1 c is for 9-round events only
    assert "1.4.1 a" in norm_outlook(ten, "GM", remaining=4).reason


def test_outlook_too_few_rounds_for_the_mix() -> None:
    """1.4.5 b: no GM met after 7 rounds, 2 left: 3 GMs are out of reach."""
    no_gms = games(titles=("IM",) * 5 + (None,) * 4)[:7]
    outlook = norm_outlook(candidate(games=no_gms), "GM", remaining=2)
    assert not outlook.possible and "1.4.5" in outlook.reason


def test_last_round_forfeit_counted_as_a_loss() -> None:
    """1.4.2 c: 10 rounds; 9 games, then the round-10 opponent (a GM) forfeits. The nine games
    make no norm: 3 GMs and an IM are 4 titleholders, 5 needed (1.4.5 a). Counting the
    forfeited game as a loss against that GM: 10 games, 5 titleholders, 4 GMs (a third of 10,
    rounded up), and with 7.5 in the nine games 75 % (dp 193): Rp 2643, a norm. With 6.5:
    65 % (dp 110), Rp 2560, none. Not when the forfeit is not in the last round."""
    titles = ("GM", "GM", "GM", "IM", None, None, None, None, None)
    forfeit = NormGame(10, 2, 2450, "GM", "SWE", played=False)
    weak = candidate(games=(*games(titles=titles), forfeit), rounds=10)
    assert not check_norm(weak, "GM").achieved
    strong_points = (2, 2, 1, 1, 2, 2, 2, 2, 1)  # 15 half-points
    strong = candidate(games=(*games(strong_points, titles=titles), forfeit), rounds=10)
    result = check_norm(strong, "GM")
    assert result.achieved and result.games == 10 and "1.4.2 c" in result.reason
    assert result.counted[-1] == replace(forfeit, points=0, played=True)
    assert result.performance == 2643
    assert not check_norm(replace(strong, rounds=11), "GM").achieved
