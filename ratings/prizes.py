"""A section's prizes (US Chess rule 32): the TD's prize fund, and the prize list computed by
the engine (:func:`pairing.engine.award_prizes`) from the standings after the finished rounds:
cash by score (ties divided, 32B), trophies by the section's tie-breaks (34A)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.db import transaction

from pairing.engine import Contender, Prize, PrizeFundError, PrizeList, award_prizes, parse_fund
from ratings.errors import EventError
from ratings.models import PrizeFund
from tournaments.lifecycle import locked_tournament
from tournaments.models import Entry, Tournament
from tournaments.reports import View, points


def fund_text(tournament: Tournament) -> str:
    fund = PrizeFund.objects.filter(tournament=tournament).first()
    return fund.text if fund else ""


def fund_summary(text: str) -> list[str]:
    """The stored fund as the program reads it, one line per prize ("1st U1600: $150.00 and
    a trophy"); empty when it cannot be read (the page says why on saving)."""
    try:
        fund = parse_fund(text)
    except PrizeFundError:
        return []
    out = []
    for p in fund:
        parts = [dollars(p.cents)] if p.cents else []
        parts += ["a trophy"] if p.trophy else []
        who = "everybody" if p.category.is_place else p.category.name
        out.append(f"{p.title}: {' and '.join(parts)} ({who})")
    return out


def save_fund(tournament_id: int, text: str) -> list[Prize]:
    """Check and store a section's prize fund; a line that cannot be read is an
    :class:`EventError` naming it."""
    try:
        prizes = parse_fund(text)
    except PrizeFundError as e:
        raise EventError(f"Prize fund, {e}") from None
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        PrizeFund.objects.update_or_create(tournament=tournament, defaults={"text": text})
    return prizes


def dollars(cents: Fraction | int) -> str:
    """Cents (exact) as dollars to the cent, half a cent up: 16250 -> "$162.50"."""
    value = (Decimal(Fraction(cents).numerator) / Fraction(cents).denominator / 100).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )
    return f"${value:,}"


def age_on(birth: date | None, day: date) -> int | None:
    if birth is None:
        return None
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


@dataclass(frozen=True)
class PoolRow:
    """Prizes divided among the players tied on a score."""

    score: str
    prizes: list[str]
    total: str
    winners: list[tuple[Entry, str]]
    rule: str


@dataclass(frozen=True)
class SectionPrizes:
    view: View
    fund: list[Prize]
    pools: list[PoolRow]
    trophies: list[tuple[str, Entry]]
    unawarded: list[str]
    final: bool
    """Every round finished: the list is final, otherwise as of the finished rounds."""


def section_prizes(view: View) -> SectionPrizes:
    """The prize list of a section from its stored fund (an unreadable stored fund is an
    :class:`EventError`)."""
    tournament = view.tournament
    try:
        fund = parse_fund(fund_text(tournament))
    except PrizeFundError as e:
        raise EventError(f"Prize fund, {e}") from None
    contenders = [
        Contender(
            id=s.entry.pairing_number,
            score=view.state.scores[s.entry.pairing_number],
            rank=s.rank,
            rating=s.entry.rating or None,
            age=age_on(s.entry.birth_date, tournament.start_date),
        )
        for s in view.standings
    ]
    result: PrizeList = award_prizes(contenders, fund)
    entry = view.snap.entry_by_number
    pools = [
        PoolRow(
            points(pool.score),
            [f"{p.title} {dollars(p.cents)}" for p in pool.prizes],
            dollars(pool.total),
            [(entry[i], dollars(a)) for i, a in zip(pool.players, pool.amounts, strict=True)],
            pool.rule,
        )
        for pool in result.pools
    ]
    trophies = [(p.title, entry[i]) for p, i in result.trophies]
    unawarded = [p.title for p in result.unawarded]
    final = view.finished_columns >= tournament.rounds * tournament.legs
    return SectionPrizes(view, fund, pools, trophies, unawarded, final)
