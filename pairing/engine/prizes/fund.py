"""A section's prize fund (US Chess Official Rules, 7th edition, rule 32): the prizes, who may
win each, and the TD's text form of it, one prize a line.

Place prizes are open to everybody in the section (32A); class prizes to a restricted group
(under-X, a rating class, unrated players, an age group or a list the TD gives). Players
without an official rating are eligible only for place prizes and prizes for unrated players
(the rule quoted as 28D), so a rating limit never admits an unrated player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from pairing.engine.core.errors import EngineError


class PrizeFundError(EngineError):
    """A prize fund line that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Contender:
    """A player of the section as the prizes see him."""

    id: int
    score: int
    """Points, in any fixed unit (half-points): only equality and order matter (32B2)."""
    rank: int
    """Place in the standings after the tie-breaks (1 = first): for trophies only (34A)."""
    rating: int | None = None
    """The rating prizes are judged on; None = unrated."""
    age: int | None = None
    """Age on the first day of the event; None = unknown (no age prize)."""


@dataclass(frozen=True)
class Category:
    """Who may win a prize. Every condition given must hold; none = a place prize."""

    name: str = ""
    rating_below: int | None = None
    rating_from: int | None = None
    unrated: bool = False
    max_age: int | None = None
    min_age: int | None = None
    members: frozenset[int] | None = None

    @property
    def is_place(self) -> bool:
        return self == PLACE

    def admits(self, c: Contender) -> bool:
        if self.unrated and c.rating is not None:
            return False
        if self.rating_below is not None or self.rating_from is not None:
            if c.rating is None:  # 28D: unrated players are not under any limit
                return False
            if self.rating_below is not None and c.rating >= self.rating_below:
                return False
            if self.rating_from is not None and c.rating < self.rating_from:
                return False
        if self.max_age is not None and (c.age is None or c.age > self.max_age):
            return False
        if self.min_age is not None and (c.age is None or c.age < self.min_age):
            return False
        return self.members is None or c.id in self.members


PLACE = Category()


@dataclass(frozen=True)
class Prize:
    """One prize: its place in its category (1 = first), the cash (in cents; 0 = none) and
    whether a trophy goes with it."""

    category: Category
    place: int
    cents: int = 0
    trophy: bool = False
    label: str = field(default="", compare=False)

    @property
    def title(self) -> str:
        return self.label or f"{ordinal(self.place)} {self.category.name}".strip()


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_ORDINAL = re.compile(r"^(\d+)(st|nd|rd|th)?$", re.IGNORECASE)
_UNDER = re.compile(r"^(?:U|UNDER\s*)(\d{3,4})$", re.IGNORECASE)
_BAND = re.compile(r"^(\d{3,4})\s*-\s*(\d{3,4})$")
_AGE = re.compile(r"^AGE\s*(<=|>=)\s*(\d{1,3})$", re.IGNORECASE)
_MEMBERS = re.compile(r"^(.*?)\s*\(([\d\s,]+)\)$")
_AMOUNT = re.compile(r"^\$?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)$")
"""$150, $62.50, and with thousands separators as flyers write them: $1,000, $12,500.00."""


def parse_fund(text: str) -> list[Prize]:
    """The TD's prize fund, one prize a line (blank lines and ``#`` comments skipped)::

        1st $1,000                a place prize (thousands separators allowed)
        2nd $300 + trophy         cash and a trophy
        1st U1600 $150            under 1600 (rated below 1600)
        1st 1400-1599 $100        a rating class, both limits included
        1st Unrated $50
        1st Age<=12 trophy        age 12 and under; Age>=65: 65 and over
        1st Seniors (4, 9) $40    a group the TD lists by pairing number

    Lines of one category give its places in order; a place given twice is an error.
    """
    prizes: list[Prize] = []
    seen: set[tuple[Category, int]] = set()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            prize = _parse_line(line)
        except PrizeFundError as e:
            raise PrizeFundError(f"line {number} ({line!r}): {e}") from None
        key = (prize.category, prize.place)
        if key in seen:
            raise PrizeFundError(f"line {number} ({line!r}): {prize.title} is given twice")
        seen.add(key)
        prizes.append(prize)
    return prizes


def _parse_line(line: str) -> Prize:
    first, _, rest = line.partition(" ")
    m = _ORDINAL.match(first)
    if not m or int(m.group(1)) < 1:
        raise PrizeFundError("start with the place: 1st, 2nd, …")
    place = int(m.group(1))
    words = rest.replace("+", " ").split()
    cents, trophy = 0, False
    while words and (words[-1].lower() == "trophy" or _AMOUNT.match(words[-1])):
        word = words.pop()
        if word.lower() == "trophy":
            trophy = True
        else:
            cents = _cents(word)
    if not cents and not trophy:
        raise PrizeFundError("end with the cash ($150) or the word trophy, or both")
    return Prize(_category(" ".join(words)), place, cents, trophy)


def _cents(word: str) -> int:
    m = _AMOUNT.match(word)
    assert m is not None
    try:
        return int(Decimal(m.group(1).replace(",", "")) * 100)
    except InvalidOperation:  # pragma: no cover - the pattern admits numbers only
        raise PrizeFundError(f"{word!r} is not an amount") from None


def _category(text: str) -> Category:
    if not text:
        return PLACE
    if text.lower() == "unrated":
        return Category("Unrated", unrated=True)
    if m := _UNDER.match(text):
        return Category(f"U{m.group(1)}", rating_below=int(m.group(1)))
    if m := _BAND.match(text):
        low, high = int(m.group(1)), int(m.group(2))
        if low > high:
            raise PrizeFundError(f"the class {text} ends below its start")
        return Category(f"{low}-{high}", rating_from=low, rating_below=high + 1)
    if m := _AGE.match(text):
        age = int(m.group(2))
        if m.group(1) == "<=":
            return Category(f"Age {age} and under", max_age=age)
        return Category(f"Age {age} and over", min_age=age)
    if m := _MEMBERS.match(text):
        name = m.group(1).strip()
        if not name:
            raise PrizeFundError("name the group before its pairing numbers")
        members = frozenset(int(n) for n in re.split(r"[\s,]+", m.group(2).strip()) if n)
        return Category(name, members=members)
    raise PrizeFundError(
        f"unknown category {text!r}: U1600, 1400-1599, Unrated, Age<=12, Age>=65 "
        "or a name with pairing numbers, e.g. Seniors (4, 9)"
    )
