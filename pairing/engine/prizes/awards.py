"""Who wins which prize (US Chess Official Rules, 7th edition, rule 32; trophies by 34A).

Cash, score group by score group from the top (32B):

1. The players tied on a score bring into one pool the prizes they could win, no more than
   one cash prize for each of them (32B1, 32B3): the largest total that can be formed with
   one prize per player, each prize one the player is eligible for; among prizes of one
   amount, the highest class (32B4).
2. The pool is divided equally among the tied players (32B2: tie-breaks never split cash) ...
3. ... unless some of them, eligible for a class prize the others in the tie are not, would
   receive more by dividing only the prizes of that class among themselves (32B3): they do,
   and the others divide what they bring without them.
4. No player receives more than the largest prize he would be eligible for if there were no
   tie (32B3 as amended): what a capped player does not take goes to the others equally.
5. Prizes nobody in the group brought pass to the next score group.

Trophies (and any other indivisible prize) go by the standings after the tie-breaks (34A),
each to the highest-placed eligible player without one, in the fund's order, place prizes
first. A trophy and a cash prize are independent (our reading: 32B1 speaks of cash).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from pairing.engine.prizes.fund import Contender, Prize, PrizeFundError


@dataclass(frozen=True)
class Pool:
    """Prizes divided among players tied on a score."""

    score: int
    prizes: tuple[Prize, ...]
    players: tuple[int, ...]
    amounts: tuple[Fraction, ...]
    """Each player's share, in cents, in ``players`` order (exact; round for display)."""
    rule: str
    """The rule that formed the pool: "32B" (one winner), "32B2", "32B3" (a class only),
    "32B3 cap" (a share limited to the largest prize the player could win alone)."""

    @property
    def total(self) -> int:
        return sum(p.cents for p in self.prizes)


@dataclass(frozen=True)
class PrizeList:
    pools: tuple[Pool, ...]
    trophies: tuple[tuple[Prize, int], ...]
    """(prize, player) for each trophy awarded."""
    unawarded: tuple[Prize, ...]

    def cash_of(self, player: int) -> Fraction:
        for pool in self.pools:
            if player in pool.players:
                return pool.amounts[pool.players.index(player)]
        return Fraction(0)


def award_prizes(contenders: Sequence[Contender], prizes: Sequence[Prize]) -> PrizeList:
    """The section's prize list: cash by rule 32B, trophies by the standings (34A)."""
    ids = [c.id for c in contenders]
    if len(set(ids)) != len(ids):
        raise PrizeFundError("a player is listed twice")
    order = {id(p): i for i, p in enumerate(prizes)}
    cash = sorted(
        (p for p in prizes if p.cents > 0),
        key=lambda p: (-p.cents, not p.category.is_place, _class_height(p), p.place, order[id(p)]),
    )
    pools: list[Pool] = []
    by_score = sorted(contenders, key=lambda c: -c.score)
    for score, group in groupby(by_score, key=lambda c: c.score):
        if not cash:
            break
        pools += _award_group(score, list(group), cash)
    trophies = _trophies(contenders, [p for p in prizes if p.trophy])
    won = {id(p) for pool in pools for p in pool.prizes} | {id(p) for p, _ in trophies}
    unawarded = tuple(p for p in prizes if id(p) not in won)
    return PrizeList(tuple(pools), tuple(trophies), unawarded)


def _class_height(prize: Prize) -> tuple[int, int]:
    """32B4: "A player who is eligible for more than one class prize of an identical amount
    shall receive the prize for the highest class involved." Among prizes of one amount, the
    rating classes come first, the highest ceiling first (U2000 before U1800, 1800-1999 before
    1600-1799); equal ceilings and other categories (unrated, age, a listed group) keep the
    fund's order (our reading: 32B4 speaks of rating classes)."""
    ceiling = prize.category.rating_below
    return (1, 0) if ceiling is None else (0, -ceiling)


def _award_group(score: int, group: list[Contender], cash: list[Prize]) -> list[Pool]:
    """Award the prizes of one score group; the prizes taken are removed from ``cash``."""
    caps = {c.id: max((p.cents for p in cash if p.category.admits(c)), default=0) for c in group}
    group = [c for c in group if caps[c.id]]  # eligible for no prize left: not a winner
    pools = []
    while group and cash:
        chosen = _best_pool(group, cash)
        if not chosen:
            break
        shares = _divide(sum(p.cents for p in chosen), group, caps)
        alone = _class_alone(group, cash, shares)
        if alone is not None:  # 32B3: a class divides its own prizes
            members, own = alone
            amount = Fraction(sum(p.cents for p in own), len(members))
            pools.append(_pool(score, own, members, [amount] * len(members), "32B3"))
            _remove(cash, own)
            group = [c for c in group if c not in members]
            continue
        amounts = [shares[c.id] for c in group]
        capped = any(shares[c.id] == caps[c.id] for c in group) and len(set(amounts)) > 1
        rule = "32B" if len(group) == 1 else "32B3 cap" if capped else "32B2"
        pools.append(_pool(score, chosen, group, amounts, rule))
        _remove(cash, chosen)
        break
    return pools


def _pool(
    score: int,
    prizes: Sequence[Prize],
    players: Sequence[Contender],
    amounts: Sequence[Fraction],
    rule: str,
) -> Pool:
    return Pool(score, tuple(prizes), tuple(c.id for c in players), tuple(amounts), rule)


def _remove(cash: list[Prize], taken: Sequence[Prize]) -> None:
    for p in taken:
        cash.remove(p)


def _best_pool(group: Sequence[Contender], cash: Sequence[Prize]) -> list[Prize]:
    """The largest total of prizes with one per player, each to an eligible player (32B1,
    32B3 "no more than one cash prize ... for each winner"). The prizes a set of players can
    share one each form a transversal matroid, so taking them greedily from the largest,
    keeping each one that still has a player of its own, gives the largest total."""
    chosen: list[Prize] = []
    for prize in cash:
        if len(chosen) == len(group):
            break
        if _assignable([*chosen, prize], group):
            chosen.append(prize)
    return chosen


def _assignable(prizes: Sequence[Prize], group: Sequence[Contender]) -> bool:
    """Whether every prize can go to a different eligible player (augmenting paths)."""
    owner: dict[int, int] = {}  # player index -> prize index

    def place(i: int, seen: set[int]) -> bool:
        for j, c in enumerate(group):
            if j in seen or not prizes[i].category.admits(c):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(prizes)))


def _divide(total: int, group: Sequence[Contender], caps: dict[int, int]) -> dict[int, Fraction]:
    """32B2 equal shares, none above the player's cap (32B3): a capped player takes his cap
    and the others divide the rest equally."""
    left, open_ = Fraction(total), list(group)
    shares: dict[int, Fraction] = {}
    while open_:
        equal = left / len(open_)
        capped = [c for c in open_ if caps[c.id] < equal]
        if not capped:
            shares |= {c.id: equal for c in open_}
            break
        for c in capped:
            shares[c.id] = Fraction(caps[c.id])
            left -= caps[c.id]
        open_ = [c for c in open_ if c not in capped]
    return shares


def _class_alone(
    group: Sequence[Contender], cash: Sequence[Prize], shares: dict[int, Fraction]
) -> tuple[list[Contender], list[Prize]] | None:
    """32B3's exception: the players of one class (not the whole tie) who would each receive
    more by dividing only that class's prizes (one per player) than their share of the pool;
    the class that gives them the most."""
    best: tuple[Fraction, list[Contender], list[Prize]] | None = None
    for category in dict.fromkeys(p.category for p in cash if not p.category.is_place):
        members = [c for c in group if category.admits(c)]
        if not members or len(members) == len(group):
            continue
        own = [p for p in cash if p.category == category][: len(members)]
        alone = Fraction(sum(p.cents for p in own), len(members))
        if all(alone > shares[c.id] for c in members) and (best is None or alone > best[0]):
            best = (alone, members, own)
    return None if best is None else (best[1], best[2])


def _trophies(
    contenders: Sequence[Contender], trophies: Sequence[Prize]
) -> list[tuple[Prize, int]]:
    """34A: indivisible prizes by the tie-break order; one trophy per player. A place
    trophy goes to the player at that place of the standings ("2nd trophy" to the second,
    whatever the first wins); the others, in the fund's order, each to the best-placed
    player it admits who has no trophy yet."""
    ranked = [c for _, c in sorted(enumerate(contenders), key=lambda ic: (ic[1].rank, ic[0]))]
    ordered = sorted(trophies, key=lambda p: not p.category.is_place)  # stable: fund order
    taken: set[int] = set()
    out = []
    for prize in ordered:
        if prize.category.is_place:
            placed = ranked[prize.place - 1] if prize.place <= len(ranked) else None
            winner = placed if placed is not None and placed.id not in taken else None
        else:
            winner = next(
                (c for c in ranked if c.id not in taken and prize.category.admits(c)), None
            )
        if winner is not None:
            taken.add(winner.id)
            out.append((prize, winner.id))
    return out
