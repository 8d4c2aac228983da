"""Who a US Chess prize category admits, at its edges (rules 32B-32C and 28D as in the prize
fund text: a class band's both ends are inside it, an age prize's bound is inside it, an
unrated player is under no rating limit, a named group admits only its pairing numbers), and
prizes' ordinal names. Found by the mutation run of ``prizes/`` (docs/testing.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine import Contender, PrizeFundError, award_prizes, parse_fund
from pairing.engine.prizes.fund import PLACE, Prize, ordinal


def admits(category: str, rating: int | None = None, age: int | None = None, pid: int = 1) -> bool:
    (prize,) = parse_fund(f"1st {category} $10")
    return prize.category.admits(Contender(pid, 0, 1, rating, age))


def test_a_class_band_holds_both_its_ends() -> None:
    """1400-1599: 1400 and 1599 in, 1399 and 1600 out; an unrated player out (28D)."""
    assert [admits("1400-1599", r) for r in (1399, 1400, 1599, 1600)] == [
        False, True, True, False,
    ]  # fmt: skip
    assert not admits("1400-1599", None)


def test_age_prizes_hold_their_bound() -> None:
    """Age<=12: 12 in, 13 out, unknown age out; Age>=65: 65 in, 64 out, unknown age out."""
    assert [admits("Age<=12", age=a) for a in (12, 13, None)] == [True, False, False]
    assert [admits("Age>=65", age=a) for a in (65, 64, None)] == [True, False, False]


def test_a_named_group_admits_its_members_only() -> None:
    assert [admits("Seniors (4, 9)", pid=p) for p in (4, 9, 5)] == [True, True, False]


def test_the_unrated_prize_names_itself_and_admits_only_the_unrated() -> None:
    (prize,) = parse_fund("1st Unrated $10")
    assert prize.title == "1st Unrated"
    assert [admits("Unrated", r) for r in (None, 1500)] == [True, False]


@pytest.mark.parametrize(
    ("n", "name"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
     (13, "13th"), (20, "20th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (111, "111th"),
     (112, "112th"), (121, "121st")],
)  # fmt: skip
def test_ordinals(n: int, name: str) -> None:
    assert ordinal(n) == name


def test_each_category_names_its_prizes() -> None:
    """A prize's title is its place and its category's name as the fund writes it."""
    prizes = parse_fund(
        "1st 1400-1599 $10\n1st Age<=12 $10\n1st Age>=65 $10\n1st Seniors (4, 9) $10"
    )
    assert [p.title for p in prizes] == [
        "1st 1400-1599", "1st Age 12 and under", "1st Age 65 and over", "1st Seniors",
    ]  # fmt: skip


# -- After run 7's awards.py survivors were analysed one by one (docs/testing.md) ------------


def _field(*rows: tuple[int, float, int | None]) -> list[Contender]:
    """(id, points, rating) in standings order; rank = position."""
    return [
        Contender(id=i, score=int(points * 2), rank=n, rating=rating)
        for n, (i, points, rating) in enumerate(rows, 1)
    ]


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(PrizeFundError, match=r"^a player is listed twice$"):
        award_prizes(_field((1, 3, 1500), (1, 2, 1500)), parse_fund("1st $10"))


def test_a_trophy_without_cash_is_no_cash_prize() -> None:
    """32B1 speaks of cash: two tied for first share the one cash prize, 1st $100, 50 each;
    "2nd trophy" carries no money and is not in their pool: trophies go apart from cash, a
    place trophy to the player at that place after the tie-breaks (34A, docs/uscf.md), so
    to 2, placed second. Nothing is left unawarded. A one-cent prize is still cash."""
    result = award_prizes(_field((1, 4, 1800), (2, 4, 1700)), parse_fund("1st $100\n2nd trophy"))
    (pool,) = result.pools
    assert [p.title for p in pool.prizes] == ["1st"]
    assert pool.amounts == (5000, 5000)
    assert pool.score == 8  # 4 points, in half-points
    assert [(p.title, w) for p, w in result.trophies] == [("2nd", 2)]
    assert result.unawarded == ()
    cent = award_prizes(_field((1, 4, 1800)), [Prize(PLACE, 1, cents=1)])
    assert cent.cash_of(1) == 1


def test_each_pool_names_its_score_and_rule() -> None:
    """32B: a clear winner's pool is "32B" (4 points = 8 half-points); two tied on 3 points
    for 2nd and 3rd, $100 each, get 100 each: an equal division, 32B2, though each share is
    also the largest prize either could win alone (a cap that changes nothing)."""
    result = award_prizes(
        _field((1, 4, 1800), (2, 3, 1700), (3, 3, 1600)),
        parse_fund("1st $300\n2nd $100\n3rd $100"),
    )
    assert [(p.score, p.rule) for p in result.pools] == [(8, "32B"), (6, "32B2")]
    assert [result.cash_of(i) for i in (1, 2, 3)] == [30000, 10000, 10000]


def test_every_share_at_its_cap_is_32b3_cap() -> None:
    """Tied for first: 1 (2495) may win only the place prize, 1st $536; 2 (2300) also 1st
    U2400 $1000. They bring 1000 + 536 = 1536, 768 each by 32B2; but 1 alone could win only
    536 (32B3's cap): he gets 536, 2 the remaining 1000 -- the largest he could win alone,
    so both shares are at their caps ("32B3 cap"). 2 dividing the U2400 prize alone would
    give him 1000, not more: 32B3's class exception does not apply (one pool)."""
    result = award_prizes(
        _field((1, 4, 2495), (2, 4, 2300)), parse_fund("1st $536\n1st U2400 $1000")
    )
    (pool,) = result.pools
    assert pool.rule == "32B3 cap"
    assert dict(zip(pool.players, pool.amounts, strict=True)) == {1: 53600, 2: 100000}


def test_a_class_of_two_divides_its_own_prizes() -> None:
    """32B3's exception with two class members: four tied for first, 1st $200, 2nd $100,
    1st U1200 $500, 2nd U1200 $300; 3 (1150) and 4 (1100) are U1200. The pool would be
    500 + 300 + 200 + 100 = 1100, 275 each; the two U1200 players dividing only their
    class's prizes get (500 + 300) / 2 = 400 each, more: they do (32B3), and 1 and 2 divide
    the 300 they bring, 150 each."""
    result = award_prizes(
        _field((1, 4, 1500), (2, 4, 1400), (3, 4, 1150), (4, 4, 1100)),
        parse_fund("1st $200\n2nd $100\n1st U1200 $500\n2nd U1200 $300"),
    )
    assert [result.cash_of(i) for i in (1, 2, 3, 4)] == [15000, 15000, 40000, 40000]
    assert [(p.score, p.rule) for p in result.pools] == [(8, "32B3"), (8, "32B2")]


def test_a_class_no_tied_player_belongs_to_does_not_stop_the_others() -> None:
    """test_prizes' 32B3 case (four tied, 1st $200, 2nd $100, 3rd $50, 1st U1200 $500, one
    U1200 player) with a 1st U1000 $600 prize nobody in the tie may win: it is looked at
    first (the largest) and passed over; the U1200 class still divides its own prize: 4
    takes 500 alone, the others 350 / 3; the U1000 prize is left unawarded."""
    result = award_prizes(
        _field((1, 4, 1500), (2, 4, 1400), (3, 4, 1300), (4, 4, 1100)),
        parse_fund("1st $200\n2nd $100\n3rd $50\n1st U1200 $500\n1st U1000 $600"),
    )
    assert result.cash_of(4) == 50000
    assert [result.cash_of(i) for i in (1, 2, 3)] == [Fraction(35000, 3)] * 3
    assert [p.title for p in result.unawarded] == ["1st U1000"]


def test_of_two_classes_the_player_divides_the_one_that_gives_more() -> None:
    """Four tied for first as above (1st $200, 2nd $100, 3rd $50), 4 (1100) also 11 years
    old, with 1st U1200 $500 and 1st Age<=12 $600. The pool takes one prize per player:
    600 (for 4), 200, 100, 50 = 950; the others may win at most 200 alone (32B3's cap):
    200 each, 4 the remaining 350. Alone, 4 would get 600 from his age class or 500 from
    U1200: both more; "the class that gives the most", Age<=12, 600. The other three
    divide 350. The U1200 $500 passes to the next score: 5 (1150, 3 points)."""
    contenders = [
        Contender(1, 8, 1, 1500),
        Contender(2, 8, 2, 1400),
        Contender(3, 8, 3, 1300),
        Contender(4, 8, 4, 1100, age=11),
        Contender(5, 6, 5, 1150),
    ]
    result = award_prizes(
        contenders,
        parse_fund("1st $200\n2nd $100\n3rd $50\n1st U1200 $500\n1st Age<=12 $600"),
    )
    assert [result.cash_of(i) for i in (1, 2, 3, 4, 5)] == [
        Fraction(35000, 3), Fraction(35000, 3), Fraction(35000, 3), 60000, 50000,
    ]  # fmt: skip


def test_trophies_a_shared_rank_and_one_nobody_may_take() -> None:
    """34A: the trophy goes by the standings after the tie-breaks; two players still tied on
    rank 1 (the tie-breaks did not separate them) are taken in the standings' order as
    given, so 2 (listed first) has it. A U1000 trophy nobody may win is unawarded."""
    contenders = [Contender(2, 8, 1, 1500), Contender(1, 8, 1, 1550)]
    result = award_prizes(contenders, parse_fund("1st trophy\n1st U1000 trophy"))
    assert [(p.title, w) for p, w in result.trophies] == [("1st", 2)]
    assert [p.title for p in result.unawarded] == ["1st U1000"]


# -- Run 12 (docs/testing.md): 32B4 on prizes of an identical amount ------------------------
# 32B4 verbatim (forum.uschess.org/t/us-chess-rule-32b4/24992): "A player who is eligible for
# both a place prize and a class prize of an identical amount shall receive the place prize.
# A player who is eligible for more than one class prize of an identical amount shall receive
# the prize for the highest class involved."


def test_32b4_a_place_and_a_class_prize_of_one_amount_the_place_prize() -> None:
    """1 (1700) wins alone on 5 points; 2 (1900) has 4, 3 (1500) 3. Fund (the class prize
    listed first): 1st U1800 $100, 1st $100. 1 may win either; 32B4: the place prize,
    1st. The U1800 prize passes on: 2 (1900) may not win it, 3 (1500) does. So 1 $100 (1st),
    2 nothing, 3 $100 (1st U1800). (Had 1 taken the class prize, 2 would have won 1st.)"""
    result = award_prizes(
        _field((1, 5, 1700), (2, 4, 1900), (3, 3, 1500)), parse_fund("1st U1800 $100\n1st $100")
    )
    assert [(pool.players, [p.title for p in pool.prizes]) for pool in result.pools] == [
        ((1,), ["1st"]),
        ((3,), ["1st U1800"]),
    ]
    assert [result.cash_of(i) for i in (1, 2, 3)] == [10000, 0, 10000]


def test_32b4_a_class_dividing_its_own_prize_takes_the_highest_class() -> None:
    """Four tied for first: 1 (1500), 2 (1400), 3 (1300), 4 (1100); 5 (1180) on 3 points.
    Fund (the lower class first): 1st $200, 2nd $100, 3rd $50, 1st U1150 $500, 1st U1200
    $500. The pool, one prize per player: a $500 (only 4 may win one), 200, 100, 50 = 850;
    1, 2 and 3 may win at most 200 alone (32B3's cap): 200 each, 4 the remaining 250.
    32B3's exception: 4 dividing only a class's prizes gets 500 > 250, from U1200 or from
    U1150, the same amount: 32B4, the highest class, U1200. The others divide the 350 of
    the place prizes. The U1150 $500 passes on; 5 (1180) is not under 1150: unawarded. (Had
    4 taken U1150, 5 would have won U1200's $500.)"""
    result = award_prizes(
        _field((1, 4, 1500), (2, 4, 1400), (3, 4, 1300), (4, 4, 1100), (5, 3, 1180)),
        parse_fund("1st $200\n2nd $100\n3rd $50\n1st U1150 $500\n1st U1200 $500"),
    )
    first = result.pools[0]
    assert (first.players, [p.title for p in first.prizes], first.rule) == (
        (4,),
        ["1st U1200"],
        "32B3",
    )
    assert [result.cash_of(i) for i in (1, 2, 3, 4, 5)] == [Fraction(35000, 3)] * 3 + [50000, 0]
    assert [p.title for p in result.unawarded] == ["1st U1150"]


def test_a_class_band_of_one_rating_is_accepted() -> None:
    """parse_fund's text: "1400-1599 a rating class, both limits included". With both limits
    included, 1500-1500 is a class holding exactly the rating 1500 (only a band ending below
    its start is refused): 1500 in, 1499 and 1501 out. (Run 7's ``_category`` 32.)"""
    (prize,) = parse_fund("1st 1500-1500 $10")
    assert prize.title == "1st 1500-1500"
    assert [admits("1500-1500", r) for r in (1499, 1500, 1501)] == [False, True, False]


def test_a_comment_starts_at_the_first_hash() -> None:
    """parse_fund's text: "# comments skipped": everything from the first ``#`` of a line is a
    comment, so a comment may itself hold a ``#``. ``1st $500 # top prize # see flyer`` is a
    $500 first place prize. (Run 7's ``parse_fund`` 13, ``rsplit``.)"""
    (prize,) = parse_fund("1st $500 # top prize # see flyer")
    assert (prize.title, prize.cents) == ("1st", 50_000)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1st U1600", "line 1 ('1st U1600'): end with the cash ($150) or the word trophy, or both"),
        ("1st (4, 9) $10", "line 1 ('1st (4, 9) $10'): name the group before its pairing numbers"),
        (
            "1st Juniors $10",
            "line 1 ('1st Juniors $10'): unknown category 'Juniors': U1600, 1400-1599, Unrated, "
            "Age<=12, Age>=65 or a name with pairing numbers, e.g. Seniors (4, 9)",
        ),
    ],
)
def test_a_fund_line_that_cannot_be_read_is_refused_in_full(line: str, message: str) -> None:
    """The TD sees the whole reason, word for word (parse_fund's refusals; run 7's
    ``_parse_line`` 55, ``_category`` 64-66, 83-85)."""
    with pytest.raises(PrizeFundError) as refused:
        parse_fund(line)
    assert str(refused.value) == message
