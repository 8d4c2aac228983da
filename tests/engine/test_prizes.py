"""US Chess prizes (Official Rules, 7th edition, rule 32): every expected amount below is
worked out by hand from the rule's text, quoted in each test."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pairing.engine import Contender, PrizeFundError, award_prizes, parse_fund


def field(*rows: tuple[int, float, int | None]) -> list[Contender]:
    """(id, points, rating) in standings order; rank = position."""
    return [
        Contender(id=i, score=int(points * 2), rank=n, rating=rating)
        for n, (i, points, rating) in enumerate(rows, 1)
    ]


def dollars(prize_list, player: int) -> Fraction:
    return prize_list.cash_of(player) / 100


def test_it_gives_each_clear_winner_his_place_prize() -> None:
    """32B: no tie, each place prize to the player in that place."""
    result = award_prizes(
        field((1, 4, 1800), (2, 3.5, 1700), (3, 3, 1600)),
        parse_fund("1st $500\n2nd $300\n3rd $100"),
    )
    assert [dollars(result, i) for i in (1, 2, 3)] == [500, 300, 100]
    assert result.unawarded == ()


def test_it_divides_the_prizes_of_tied_places_equally() -> None:
    """32B2: two tied for first share 1st and 2nd, (500 + 300) / 2 = 400 each; the next player
    is third and takes 3rd (no tie-break decides cash)."""
    result = award_prizes(
        field((1, 4, 1800), (2, 4, 1700), (3, 3, 1600)), parse_fund("1st $500\n2nd $300\n3rd $100")
    )
    assert [dollars(result, i) for i in (1, 2, 3)] == [400, 400, 100]
    assert result.pools[0].rule == "32B2"


def test_it_pools_a_class_prize_with_the_place_prizes_of_a_tie() -> None:
    """32B3, WinTD's help example: $300 and $200 overall and a $150 youth prize, four players
    tied, one of them a youth. Each winner brings one prize: 300 + 200 + 150 = 650, / 4 =
    162.50 each (the youth alone would get only 150, so he shares)."""
    contenders = [
        Contender(1, 8, 1, 1900, age=40),
        Contender(2, 8, 2, 1850, age=35),
        Contender(3, 8, 3, 1800, age=12),
        Contender(4, 8, 4, 1750, age=50),
    ]
    result = award_prizes(contenders, parse_fund("1st $300\n2nd $200\n1st Age<=12 $150"))
    assert [dollars(result, i) for i in (1, 2, 3, 4)] == [Fraction(325, 2)] * 4


def test_it_gives_one_cash_prize_the_largest() -> None:
    """32B1: one cash prize per player, the largest he wins: the leader is U1600 and takes the
    $600 U1600 prize; 1st place ($500) passes to the next player."""
    result = award_prizes(
        field((1, 5, 1500), (2, 4, 2000), (3, 3, 1900)),
        parse_fund("1st $500\n2nd $200\n1st U1600 $600"),
    )
    assert [dollars(result, i) for i in (1, 2, 3)] == [600, 500, 200]


def test_it_lets_a_class_divide_only_its_prize_when_that_pays_more() -> None:
    """32B3: "... unless any of the winners would receive more money by winning or dividing only
    a particular prize for which others in the tie are ineligible". Four tied for first with
    1st 200, 2nd 100, 3rd 50 and U1200 500, one U1200 player: the pool 850 / 4 = 212.50 is
    less than 500, so he takes the U1200 prize alone and the other three divide 200 + 100 +
    50 = 350 (116.67 each)."""
    result = award_prizes(
        field((1, 4, 1500), (2, 4, 1400), (3, 4, 1300), (4, 4, 1100)),
        parse_fund("1st $200\n2nd $100\n3rd $50\n1st U1200 $500"),
    )
    assert dollars(result, 4) == 500
    assert [dollars(result, i) for i in (1, 2, 3)] == [Fraction(350, 3)] * 3
    assert [p.rule for p in result.pools] == ["32B3", "32B2"]


def test_it_caps_a_share_at_the_largest_prize_the_player_could_win_alone() -> None:
    """32B3 as amended: "No player may receive an amount greater from the division of those
    prizes than the largest prize for which he would be eligible if there were no tie." The
    US Chess forum's 6-round case: 1st 2375, 2nd 1149, 3rd 536, 4th 306, 5th 230, U2400 1379
    and 766. 2673 (5 points) takes 1st, 2699 (4.5) 2nd. Tied on 4: 2495 and three U2400
    players. They bring 1379 + 766 + 536 + 306 = 2987 (746.75 each), but 2495 alone could win
    only 3rd, 536: he gets 536 and the three others (2987 - 536) / 3 = 817. The U2400 prizes
    alone would give them 2145 / 3 = 715 < 817, so no class divides alone. 5th (230) passes
    to the next score."""
    result = award_prizes(
        field(
            (1, 5, 2673),
            (2, 4.5, 2699),
            (3, 4, 2495),
            (4, 4, 2391),
            (5, 4, 2387),
            (6, 4, 2385),
            (7, 3.5, 2345),
            (8, 3.5, 2340),
        ),
        parse_fund(
            "1st $2375\n2nd $1149\n3rd $536\n4th $306\n5th $230\n1st U2400 $1379\n2nd U2400 $766"
        ),
    )
    assert [dollars(result, i) for i in (1, 2, 3, 4, 5, 6)] == [2375, 1149, 536, 817, 817, 817]
    assert result.pools[2].rule == "32B3 cap"
    assert dollars(result, 7) == dollars(result, 8) == 115  # 5th, 230 / 2


def test_it_keeps_unrated_players_out_of_rating_limits() -> None:
    """28D (as quoted): players without an official rating are eligible only for place prizes
    and prizes for unrated players. The unrated runner-up cannot take U1600; it stays
    unawarded; the unrated prize is his instead."""
    result = award_prizes(
        field((1, 5, 1500), (2, 4, None)),
        parse_fund("1st $100\n1st U1600 $50\n1st Unrated $20"),
    )
    assert dollars(result, 1) == 100
    assert dollars(result, 2) == 20
    assert [p.title for p in result.unawarded] == ["1st U1600"]


def test_a_tied_player_eligible_for_no_prize_left_is_no_winner() -> None:
    """32B3 pools the prizes "for each winner": once the place prizes are gone, two players
    tied on 3 points divide the U1500 prize alone, 50 each; the 1700 player tied with them
    wins nothing."""
    result = award_prizes(
        field((1, 4, 1800), (2, 3, 1700), (3, 3, 1400), (4, 3, 1450)),
        parse_fund("1st $300\n1st U1500 $100"),
    )
    assert [dollars(result, i) for i in (1, 2, 3, 4)] == [300, 0, 50, 50]
    assert result.pools[1].players == (3, 4) and result.pools[1].rule == "32B2"


def test_it_gives_trophies_by_the_tie_breaks() -> None:
    """34A: tie-breaks decide indivisible prizes only. Tied for first, the cash is divided;
    the trophy goes to the player placed first by the tie-breaks (rank 1), the U1600 trophy
    to the best-placed U1600 player without one."""
    contenders = [Contender(1, 8, 2, 1500), Contender(2, 8, 1, 1550), Contender(3, 6, 3, 1400)]
    result = award_prizes(contenders, parse_fund("1st $100 + trophy\n2nd $60\n1st U1600 trophy"))
    assert dollars(result, 1) == dollars(result, 2) == 80
    assert [(p.title, w) for p, w in result.trophies] == [("1st", 2), ("1st U1600", 1)]


def test_it_reads_the_categories_of_a_fund() -> None:
    prizes = parse_fund(
        "# Open section\n1st $62.50\n1st 1400-1599 $40\n1st Age>=65 trophy\n1st Seniors (4, 9) $5"
    )
    assert [p.cents for p in prizes] == [6250, 4000, 0, 500]
    band, senior, listed = (p.category for p in prizes[1:])
    assert (band.rating_from, band.rating_below) == (1400, 1600)
    assert senior.min_age == 65
    assert listed.members == frozenset({4, 9})


def test_a_fund_with_1_000_was_refused() -> None:
    """What broke: a TD types the fund as the flyer prints it, "1st $1,000"; the thousands
    separator was refused ("end with the cash ($150) ..."). $1,000 is 100,000 cents, $12,500.50
    1,250,050; a comma out of place is still no amount."""
    prizes = parse_fund("1st $1,000\n2nd $12,500.50 + trophy\n3rd 1,000")
    assert [(p.cents, p.trophy) for p in prizes] == [
        (100_000, False),
        (1_250_050, True),
        (100_000, False),
    ]
    for bad in ("1st $1,00", "1st $10,0000", "1st $,100", "1st $1,000,"):
        with pytest.raises(PrizeFundError, match="end with the cash"):
            parse_fund(bad)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("first $5", "line 1 ('first $5'): start with the place"),
        ("1st U1600", "end with the cash"),
        ("1st Masters $5", "unknown category 'Masters'"),
        ("1st $5\n\n1st $6", "line 3 ('1st $6'): 1st is given twice"),
        ("1st 1600-1400 $5", "ends below its start"),
    ],
)
def test_it_refuses_a_bad_line_by_number(text: str, message: str) -> None:
    with pytest.raises(PrizeFundError, match=re.escape(message)):
        parse_fund(text)


def test_a_place_trophy_goes_to_the_player_at_that_place() -> None:
    """34A: "2nd $300 + trophy" advertises a trophy for second place. Standings after the
    tie-breaks: 1 first (4 points), 2 second and 3 third (3 points each, tie-broken). The
    cash of 2nd and 3rd is pooled among the tied (32B2: 300 + 100 = 400, 200 each), but the
    trophy is indivisible and goes to the player placed second, 2 -- not to 1, who has no
    trophy but is placed first; "3rd trophy" likewise to 3, and a "5th trophy" in a field of
    three is left unawarded."""
    contenders = [Contender(1, 8, 1, 1800), Contender(2, 6, 2, 1700), Contender(3, 6, 3, 1600)]
    fund = "1st $500\n2nd $300 + trophy\n3rd $100 + trophy\n5th trophy"
    result = award_prizes(contenders, parse_fund(fund))
    assert [dollars(result, i) for i in (1, 2, 3)] == [500, 200, 200]
    assert [(p.title, w) for p, w in result.trophies] == [("2nd", 2), ("3rd", 3)]
    assert [p.title for p in result.unawarded] == ["5th"]
