"""The Dubov engine against a literal, exhaustive reading of the 2018 text (C.04.4.1).

:class:`Literal` is written from the rule text alone and shares no code with the engine: it
imports only the tournament state types and reads every player's data (A.5 colour
preferences, A.6 AROs, A.7 maximum upfloaters, C.2 bye eligibility, upfloats) from the round
entries itself. It then enumerates exactly what the articles enumerate: every legal pairing of
a bracket (C.7 and "unavoidably paired together"), every set of upfloaters in D.1 order (B.1,
B.2), every shifter set in D.2 order (B.4) and every transposition of G2 in D.3 order (B.6),
and allocates colours by E.0-E.4. It is exponential and only usable for small fields.

The engine (``pair_round``) replaces each enumeration with matching questions; on random
small tournaments, played round after round, and on random single rounds with many
forbidden pairs (:mod:`tests.engine.histories`), both must give the same pairing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from pairing.engine import (
    Board,
    Colour,
    NoValidPairing,
    Player,
    RoundEntry,
    RoundPairing,
    TournamentState,
)
from pairing.engine.dubov import pair_round_2018 as pair_round
from tests.engine.histories import past

W, B = Colour.WHITE, Colour.BLACK
PLAYED = set("10=WDL ")
"""Result codes of a game played over the board (C.04.2 D.5: the rest leave no colour)."""


# -- section A, read from the round entries ---------------------------------------------------


@dataclass(frozen=True)
class Want:
    """A.5: a colour preference."""

    colour: Colour
    strength: int
    """3 absolute, 2 strong, 1 mild."""


@dataclass(frozen=True)
class Entrant:
    id: int
    tpn: int
    score: int
    colours: tuple[Colour, ...]
    want: Want
    aro: int
    upfloats: int
    upfloated_last: bool
    maximum: bool
    may_get_bye: bool

    @property
    def games(self) -> int:
        return len(self.colours)


def a5_preference(colours: Sequence[Colour]) -> Want:
    """A.5.a-d, word for word."""
    if not colours:
        return Want(B, 1)  # d: no game played: a mild preference for Black
    difference = colours.count(W) - colours.count(B)
    last_two_same = len(colours) >= 2 and colours[-1] == colours[-2]
    if difference < -1 or (last_two_same and colours[-1] == B):
        return Want(W, 3)
    if difference > 1 or (last_two_same and colours[-1] == W):
        return Want(B, 3)
    if difference == 1:
        return Want(B, 2)
    if difference == -1:
        return Want(W, 2)
    return Want(W if colours[-1] == B else B, 1)


def a6_aro(ratings: Sequence[int]) -> int:
    """A.6: mean of the opponents' ratings, to the nearest integer, the higher on .5."""
    if not ratings:
        return 0
    return int(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2))


def entrants(state: TournamentState) -> list[Entrant]:
    """Everybody to be paired in the next round, with the data the text speaks of."""
    rating = {p.id: p.rating for p in state.players}
    running = {p.id: 0 for p in state.players}
    before: list[dict[int, int]] = []
    for column in range(state.rounds_done):
        before.append(dict(running))
        for p in state.players:
            running[p.id] += state.points.of(p.results[column])
    max_t = 2 + (state.total_rounds or 0) // 5  # A.7
    out = []
    for p in state.players:
        if p.id in state.absent:
            continue
        games = [
            (column, e)
            for column, e in enumerate(p.results)
            if e.opponent is not None and e.code in PLAYED
        ]
        ups = [
            c
            for c, e in games
            if e.opponent is not None and before[c][e.opponent] > before[c][p.id]
        ]
        colours = tuple(e.colour for _, e in games if e.colour is not None)
        out.append(
            Entrant(
                id=p.id,
                tpn=p.tpn,
                score=running[p.id],
                colours=colours,
                want=a5_preference(colours),
                aro=a6_aro([rating[e.opponent] for _, e in games if e.opponent is not None]),
                upfloats=len(ups),
                upfloated_last=bool(ups) and ups[-1] == state.rounds_done - 1,
                maximum=len(ups) >= max_t,
                may_get_bye=not any(
                    e.code == "U" or (e.code == "+" and e.opponent is not None) for e in p.results
                ),
            )
        )
    return sorted(out, key=lambda e: e.tpn)


# -- sections B-D, by brute force ----------------------------------------------------------------

Pair = tuple[Entrant, Entrant]


def middle_out(listed: Sequence[Entrant]) -> list[Entrant]:
    """D.2.b: #1 to the player in the (remaining) middle of the list, of two middle players
    the one higher in the list, and so on."""
    rest = list(listed)
    numbered = []
    while rest:
        numbered.append(rest.pop((len(rest) - 1) // 2))
    return numbered


def c6_worse(scores: Sequence[int]) -> tuple[int, ...]:
    """C.6: the lowest upfloater score higher is better, then the second lowest, ...; a key
    that is smaller for the better set of scores."""
    return tuple(-s for s in sorted(scores))


class Literal:
    """The 2018 text read literally, for one round."""

    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.players = entrants(state)
        self.last_round = state.total_rounds is not None and (
            state.rounds_done + 1 >= state.total_rounds
        )
        met = set()
        for p in state.players:
            for e in p.results:
                if e.opponent is not None and e.code in PLAYED:
                    met.add(frozenset((p.id, e.opponent)))
        for rule in state.forbidden:
            if rule.applies(state.rounds_done + 1):
                met.update(frozenset(c) for c in combinations(rule.players, 2))
        self.barred = met

    def legal(self, a: Entrant, b: Entrant) -> bool:
        """C.1 (not met over the board, not forbidden) and C.3."""
        same_absolute = a.want.strength == b.want.strength == 3 and a.want.colour == b.want.colour
        return frozenset((a.id, b.id)) not in self.barred and not same_absolute

    def pairings(self, players: list[Entrant]) -> Iterator[list[Pair]]:
        """Every legal pairing of ``players``."""
        if not players:
            yield []
            return
        first, rest = players[0], players[1:]
        for i, q in enumerate(rest):
            if self.legal(first, q):
                for more in self.pairings(rest[:i] + rest[i + 1 :]):
                    yield [(first, q), *more]

    def pairable(self, players: Sequence[Entrant]) -> bool:
        return next(self.pairings(list(players)), None) is not None

    @staticmethod
    def c7(pairs: list[Pair]) -> int:
        """Players not getting their colour preference: one in every pair of equal wants."""
        return sum(a.want.colour == b.want.colour for a, b in pairs)

    def best_c7(self, players: Sequence[Entrant]) -> int:
        return min(self.c7(p) for p in self.pairings(list(players)))

    def bye(self) -> Entrant | None:
        """B.0 a-e."""
        if len(self.players) % 2 == 0:
            if not self.pairable(self.players):
                raise NoValidPairing("no complete pairing")
            return None
        for p in sorted(self.players, key=lambda p: (p.score, -p.games, -p.tpn)):
            if p.may_get_bye and self.pairable([q for q in self.players if q is not p]):
                return p
        raise NoValidPairing("B.0: nobody can get the bye")

    def quality(self, residents: list[Entrant], ups: tuple[Entrant, ...]) -> tuple:
        """C.6-C.10 of a bracket (C.8-C.10 not in the last round)."""
        c7 = self.best_c7(residents + list(ups))
        if self.last_round:
            return (c7,)
        return (
            c7,
            sum(p.maximum for p in ups),
            sum(p.upfloats for p in ups if p.maximum),
            sum(p.upfloated_last for p in ups),
        )

    def upfloaters(self, residents: list[Entrant], lower: list[Entrant]) -> tuple[Entrant, ...]:
        """B.1 and B.2 with the D.1 order (containers by C.6, lexicographic inside)."""
        pool = sorted(lower, key=lambda p: (-p.score, p.tpn))  # D.1.a
        for k in range(len(pool) + 1):
            ordered = sorted(combinations(pool, k), key=lambda s: c6_worse([p.score for p in s]))
            legal = [
                s
                for s in ordered
                if self.pairable(residents + list(s))
                and self.pairable([p for p in pool if p not in s])  # C.4
            ]
            if legal:  # B.1: the fewest (C.5); B.2: the best container first, then C.7-C.10
                best = min(c6_worse([p.score for p in s]) for s in legal)
                same = [s for s in legal if c6_worse([p.score for p in s]) == best]
                return min(same, key=lambda s: self.quality(residents, s))
        raise NoValidPairing("B.1: the residents cannot be paired")

    def cross(self, s1: list[Entrant], g2: list[Entrant]) -> Iterator[list[Pair]]:
        for t2 in permutations(g2):
            if all(self.legal(a, b) for a, b in zip(s1, t2, strict=True)):
                yield list(zip(s1, t2, strict=True))

    def pair_bracket(self, bracket: list[Entrant]) -> list[Pair]:
        """B.3-B.6."""
        by_rank = sorted(bracket, key=lambda p: p.tpn)
        unplayed = all(not p.colours for p in bracket)
        if unplayed:  # B.3: the first half by the initial ranking
            g1, g2 = by_rank[: len(by_rank) // 2], by_rank[len(by_rank) // 2 :]
        else:
            g1 = [p for p in by_rank if p.want.colour == W]
            g2 = [p for p in by_rank if p.want.colour == B]
        small, large = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
        small_is_g1 = small is g1
        members = {p.id for p in small}
        inside = min(
            sum(a.id in members and b.id in members for a, b in p) for p in self.pairings(bracket)
        )
        best = self.best_c7(bracket)

        def d2(group: list[Entrant], is_g1: bool) -> list[Entrant]:
            if is_g1 and not unplayed:  # White seekers: ascending ARO, then ranking
                return middle_out(sorted(group, key=lambda p: (p.aro, p.tpn)))
            return middle_out(sorted(group, key=lambda p: p.tpn))

        def works(new_small: list[Entrant], new_large: list[Entrant]) -> bool:
            return any(self.c7(p) == best for p in self.cross(new_small, new_large))

        # B.4: first the unavoidable pairs inside the smaller subgroup, then equal sizes.
        extract = (len(large) - len(small)) // 2 + inside
        first_sets = combinations(d2(small, small_is_g1), inside) if inside else [()]
        chosen = None
        for x in first_sets:
            for y in combinations(d2(large, not small_is_g1), extract):
                new_small = [p for p in small if p not in x] + list(y)
                new_large = [p for p in large if p not in y] + list(x)
                if works(new_small, new_large):
                    chosen = (new_small, new_large)
                    break
            if chosen:
                break
        assert chosen is not None, "B.4: no shift yields a legal pairing"
        g1, g2 = chosen if small_is_g1 else chosen[::-1]
        s1 = sorted(g1, key=lambda p: (p.aro, p.tpn))  # B.5
        return next(self.cross(s1, sorted(g2, key=lambda p: p.tpn)))  # B.6, D.3

    def colours(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
        """E.0-E.4: (White, Black)."""
        higher = a if (a.score, -a.tpn) > (b.score, -b.tpn) else b
        lower = b if higher is a else a
        if not a.colours and not b.colours:  # E.0
            initial = self.state.initial_colour or W
            colour = initial if higher.tpn % 2 == 1 else initial.opposite
            return (higher, lower) if colour == W else (lower, higher)
        if a.want.colour != b.want.colour:  # E.1
            return (a, b) if a.want.colour == W else (b, a)
        if a.want.strength != b.want.strength:  # E.2
            stronger = a if a.want.strength > b.want.strength else b
            other = b if stronger is a else a
            return (stronger, other) if stronger.want.colour == W else (other, stronger)
        for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):  # E.3
            if ca != cb:
                return (b, a) if ca == W else (a, b)
        return (higher, lower) if higher.want.colour == W else (lower, higher)  # E.4

    def pair_round(self) -> RoundPairing:
        """A.8: the bye, then the scoregroups from the top."""
        bye = self.bye()
        remaining = [p for p in self.players if p is not bye]
        pairs: list[Pair] = []
        for score in sorted({p.score for p in remaining}, reverse=True):
            residents = [p for p in remaining if p.score == score]
            if not residents:
                continue
            lower = [p for p in remaining if p.score < score]
            bracket = residents + list(self.upfloaters(residents, lower))
            pairs += self.pair_bracket(bracket)
            remaining = [p for p in remaining if p not in bracket]
        boards = [self.colours(a, b) for a, b in pairs]
        return RoundPairing(tuple(Board(w.id, b.id) for w, b in boards), bye.id if bye else None)


def literal_pair_round(state: TournamentState) -> RoundPairing:
    return Literal(state).pair_round()


def same_round(state: TournamentState) -> RoundPairing | None:
    """The engine's pairing, after checking that the literal reading gives the same; None
    when both refuse the round."""
    try:
        ours = pair_round(state)
    except NoValidPairing:
        with pytest.raises(NoValidPairing):
            literal_pair_round(state)
        return None
    theirs = literal_pair_round(state)
    assert ours.pairs == theirs.pairs, f"round {state.rounds_done + 1}"
    assert ours.bye == theirs.bye, f"round {state.rounds_done + 1}"
    return ours


# -- whole tournaments, played round after round ----------------------------------------------


def play(seed: int) -> int:
    """A random small tournament paired by the engine, every round checked against the
    literal reading; random results, forfeits and requested half-point byes. Rounds
    checked."""
    rng = random.Random(seed)
    count = rng.randint(5, 11)
    rounds = rng.randint(3, min(9, count - 1))
    draw_rate = rng.choice([0.1, 0.3, 0.5])
    forfeit_rate = rng.choice([0.0, 0.05, 0.1])
    bye_rate = rng.choice([0.0, 0.05])
    ratings = sorted((rng.randint(1400, 2600) for _ in range(count)), reverse=True)
    state = TournamentState(
        players=tuple(Player(id=i, rating=r) for i, r in enumerate(ratings, 1)),
        total_rounds=rounds,
        initial_colour=rng.choice([W, B]),
    )
    checked = 0
    for _ in range(rounds):
        absent = {p.id: "H" for p in state.players if rng.random() < bye_rate}
        state = replace(state, absent=absent)
        pairing = same_round(state)
        if pairing is None:
            break
        checked += 1
        entries = {}
        for board in pairing.boards:
            x = rng.random()
            if x < forfeit_rate:
                white, black = rng.choice([("+", "-"), ("-", "+")])
            elif x < forfeit_rate + draw_rate:
                white, black = "=", "="
            else:
                white, black = rng.choice([("1", "0"), ("0", "1")])
            entries[board.white] = RoundEntry(board.black, W, white)
            entries[board.black] = RoundEntry(board.white, B, black)
        if pairing.bye is not None:
            entries[pairing.bye] = RoundEntry(None, None, "U")
        for pid, code in absent.items():
            entries[pid] = RoundEntry(None, None, code)
        state = replace(state.with_round(entries), absent={})
    return checked


@pytest.mark.parametrize("seed", range(12))
def test_engine_equals_literal_reading(seed: int) -> None:
    assert play(seed) > 0


@pytest.mark.corpus
@pytest.mark.parametrize("seed", range(12, 200))
def test_engine_equals_literal_reading_more(seed: int) -> None:
    assert play(seed) > 0


# -- single rounds with random pasts and many forbidden pairs -----------------------------------


def random_round(seed: int) -> TournamentState:
    """A random past (scores, colours, upfloats, AROs) and random forbidden pairs: brackets
    that need shifts (B.4) and upfloater sets that C.4 rules out."""
    rng = random.Random(seed)
    count = rng.randint(4, 10)
    rounds = rng.randint(1, 6)
    histories = {}
    for pid in range(1, count + 1):
        tokens, score = [], 0
        for column in range(rounds):
            if rng.random() < 0.05:
                tokens.append("H")
                score += 1
                continue
            result = rng.choice("10=")
            up = column > 0 and score + 2 <= 2 * column and rng.random() < 0.4
            tokens.append(rng.choice("wb") + result + ("^" if up else ""))
            score += {"1": 2, "=": 1, "0": 0}[result]
        histories[pid] = " ".join(tokens)
    density = rng.choice([0.1, 0.25, 0.4])
    forbidden = [pair for pair in combinations(range(1, count + 1), 2) if rng.random() < density]
    return past(
        histories,
        rounds + rng.choice([1, 2, 5]),
        forbidden=forbidden,
        opponents_rating={pid: rng.choice([1800, 1900, 2000, 2100]) for pid in histories},
        initial=rng.choice([W, B]),
    )


@pytest.mark.parametrize("block", range(4))
def test_random_rounds_equal_literal_reading(block: int) -> None:
    paired = sum(
        same_round(random_round(seed)) is not None for seed in range(block * 60, block * 60 + 60)
    )
    assert paired > 20


@pytest.mark.corpus
@pytest.mark.parametrize("block", range(4, 60))
def test_random_rounds_equal_literal_reading_more(block: int) -> None:
    for seed in range(block * 60, block * 60 + 60):
        same_round(random_round(seed))


def test_no_valid_pairing_agrees() -> None:
    """Three players who have all met (a round robin played with byes): whoever gets the
    bye leaves a rematch; both readings refuse the round."""
    state = past({1: "", 2: "", 3: ""}, 4, forbidden=[(1, 2), (1, 3), (2, 3)])
    with pytest.raises(NoValidPairing):
        pair_round(state)
    with pytest.raises(NoValidPairing):
        literal_pair_round(state)


# -- the literal reading's own section A, against the text's definitions ----------------------


def test_a5_preferences() -> None:
    assert a5_preference([]) == Want(B, 1)
    assert a5_preference([W, B, B]) == Want(W, 3)  # two latest Black
    assert a5_preference([B, W, W, W]) == Want(B, 3)  # CD +2
    assert a5_preference([W, B, W]) == Want(B, 2)
    assert a5_preference([B]) == Want(W, 2)
    assert a5_preference([B, W]) == Want(B, 1)


def test_a6_aro_rounds_half_up() -> None:
    assert a6_aro([2001, 2000]) == 2001
    assert a6_aro([2000, 2000, 2001]) == 2000
    assert a6_aro([]) == 0


def test_d2_middle_out_example() -> None:
    """D.2.b's example: A..G -> D, C, E, B, F, A, G."""
    listed = [Entrant(i, i, 0, (), Want(W, 1), 0, 0, False, False, True) for i in range(1, 8)]
    assert [p.id for p in middle_out(listed)] == [4, 3, 5, 2, 6, 1, 7]
