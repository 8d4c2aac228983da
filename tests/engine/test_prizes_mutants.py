"""Who a US Chess prize category admits, at its edges (rules 32B-32C and 28D as in the prize
fund text: a class band's both ends are inside it, an age prize's bound is inside it, an
unrated player is under no rating limit, a named group admits only its pairing numbers), and
prizes' ordinal names. Found by the mutation run of ``prizes/`` (docs/testing.md)."""

from __future__ import annotations

import pytest

from pairing.engine import Contender, parse_fund
from pairing.engine.prizes.fund import ordinal


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
