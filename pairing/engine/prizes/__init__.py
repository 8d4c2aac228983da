"""Prizes of a US Chess section (Official Rules, 7th edition, rule 32): the prize fund
(:mod:`.fund`) and who wins what (:mod:`.awards`). Pure Python."""

from pairing.engine.prizes.awards import Pool, PrizeList, award_prizes
from pairing.engine.prizes.fund import (
    PLACE,
    Category,
    Contender,
    Prize,
    PrizeFundError,
    ordinal,
    parse_fund,
)

__all__ = [
    "PLACE",
    "Category",
    "Contender",
    "Pool",
    "Prize",
    "PrizeFundError",
    "PrizeList",
    "award_prizes",
    "ordinal",
    "parse_fund",
]
