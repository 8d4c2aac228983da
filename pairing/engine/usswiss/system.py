"""US Chess Swiss pairings (Official Rules of Chess, 7th edition, rules 27-29).

One round, in the rules' order:

1. Ranking (29A): score, then rating (the TD's assigned rating for an unrated player, or
   last); accelerated pairings (28R1) add a point to the upper half in the first rounds.
2. The full-point bye (28L2) with an odd number of players: the lowest-rated player of the
   lowest score group who has not had one (28L3), not an unrated player while a rated one
   can take it, and one whose absence leaves the rest pairable (27A1).
3. Score groups from the top (27A2). Players dropped from the group above are paired first,
   each with the highest-rated player of this group he may meet (29D2); then the group is
   paired top half against bottom half (27A3), transposing or interchanging within the
   80- and 200-point limits to give due colours and equalize colours (29E5); an odd player
   (the lowest-rated who can be, not an unrated one, 29D1a/29D1b) drops to the next group.
4. Colours by 29E (:func:`~pairing.engine.usswiss.colours.colour_rule`); boards by score
   group, then the rank of the higher-ranked player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pairing.engine.core.errors import NoValidPairing
from pairing.engine.core.state import (
    Board,
    Colour,
    ForbiddenPairs,
    PlayerId,
    RoundPairing,
    TournamentState,
)
from pairing.engine.usswiss.colours import (
    ColourDecision,
    ColourRule,
    colour_rule,
    pairing_rating,
    rank_key,
    to_lower_ranked,
)
from pairing.engine.usswiss.groups import (
    PairCost,
    PairKind,
    Weigher,
    completable,
    most_pairs_within,
)
from pairing.engine.usswiss.settings import USSettings


@dataclass(frozen=True, slots=True)
class PairRecord:
    """One board and how it was made."""

    board: Board
    group: int
    """The score group (half-points, added acceleration points included) it was made in."""
    cost: PairCost
    colours: ColourDecision
    """The colours as given on the board (29E; in round 1 with the board number)."""


@dataclass(frozen=True, slots=True)
class ByeRecord:
    """The full-point bye and the players passed over for it."""

    player: PlayerId
    group: int
    passed_over: tuple[tuple[PlayerId, str], ...]
    """Players ranked below the one chosen, with the reason each was passed over."""
    instead_of: PlayerId | None = None
    """28L2a (variation): the player 28L2 would have given the bye to, when the bye went to
    a higher-rated player of the group for better colours."""


@dataclass(frozen=True)
class USRound:
    """A paired US Chess round."""

    number: int
    pairs: tuple[PairRecord, ...]
    bye: ByeRecord | None
    ranking: tuple[PlayerId, ...]
    """The players to pair in rank order (29A), bye included."""
    group_scores: Mapping[PlayerId, int]
    """Scores the groups are formed by (with 28R1's added point)."""
    dropped: tuple[tuple[PlayerId, int], ...]
    """Odd players (29D): who dropped out of which score group."""

    @property
    def pairing(self) -> RoundPairing:
        return RoundPairing(
            tuple(p.board for p in self.pairs), None if self.bye is None else self.bye.player
        )


def accelerated_players(state: TournamentState, settings: USSettings) -> frozenset[PlayerId]:
    """28R1: the upper half of the field by rating before round 1 (the larger half when the
    number is odd), whose scores count one point more in the accelerated rounds."""
    if not settings.accelerated or state.next_round > settings.accelerated_rounds:
        return frozenset()
    ranked = sorted(state.players, key=lambda p: rank_key(p, 0, settings))
    return frozenset(p.id for p in ranked[: (len(ranked) + 1) // 2])


def group_scores(state: TournamentState, settings: USSettings) -> dict[PlayerId, int]:
    """Scores for score groups: real scores, plus one point (2 half-points) for the
    accelerated players (28R1)."""
    upper = accelerated_players(state, settings)
    return {pid: s + (2 if pid in upper else 0) for pid, s in state.scores.items()}


def may_have_bye(state: TournamentState, pid: PlayerId) -> bool:
    """28L3: a player who is to be paired and has not already received a full-point bye
    (pairing-allocated or requested) may receive the full-point bye."""
    if pid in state.absent or pid not in state.by_id:
        return False
    return not any(e.opponent is None and e.code in "UF" for e in state.player(pid).results)


def _bye_order_key(
    state: TournamentState, settings: USSettings, pid: PlayerId, scores: Mapping[PlayerId, int]
) -> tuple[int, int, bool, int, int]:
    """28L2: lowest score group first; within it a player without a half-point bye or a
    forfeit win (22C6), a rated player before an unrated one (28L2), lowest rating first."""
    player = state.player(pid)
    had = any(e.code == "H" or e.code == "+" for e in player.results)
    rating = pairing_rating(player, settings)
    unrated = rating is None and not settings.bye_to_unrated
    return (scores[pid], int(had), unrated, rating or 0, -player.tpn)


def _choose_bye(
    state: TournamentState,
    settings: USSettings,
    ranking: list[PlayerId],
    scores: Mapping[PlayerId, int],
) -> ByeRecord:
    eligible = [pid for pid in ranking if may_have_bye(state, pid)] or list(ranking)
    candidates = sorted(eligible, key=lambda pid: _bye_order_key(state, settings, pid, scores))
    passed: list[tuple[PlayerId, str]] = [
        (pid, "already received a full-point bye (28L3)")
        for pid in reversed(ranking)
        if pid not in eligible
    ]
    if settings.bye_up_in_four_rounds and state.total_rounds == 4:
        candidates = _four_round_bye_order(state, settings, candidates, scores, passed)
    for pid in candidates:
        rest = [p for p in ranking if p != pid]
        if completable(state, rest):
            chosen = _bye_order_key(state, settings, pid, scores)
            preferred = tuple(
                (p, why) for p, why in passed if _bye_order_key(state, settings, p, scores) < chosen
            )
            return ByeRecord(pid, scores[pid], preferred)
        passed.append((pid, "the others could not all be paired without a rematch (27A1)"))
    raise NoValidPairing("no player can take the bye with the rest paired without rematches")


def _four_round_bye_order(
    state: TournamentState,
    settings: USSettings,
    candidates: list[PlayerId],
    scores: Mapping[PlayerId, int],
    passed: list[tuple[PlayerId, str]],
) -> list[PlayerId]:
    """28L5 (variation, four-round events): when 28L2 would give the bye to an unrated
    player of the lowest score group, the rated players of the next score group up come
    first (lowest-rated first), so that the unrated player gets his four games."""
    if not candidates or pairing_rating(state.player(candidates[0]), settings) is not None:
        return candidates
    lowest = scores[candidates[0]]
    above = sorted({scores[p] for p in candidates if scores[p] > lowest})
    rated = [p for p in candidates if pairing_rating(state.player(p), settings) is not None]
    if not above or any(scores[p] == lowest for p in rated):
        return candidates
    up = [p for p in rated if scores[p] == above[0]]
    if not up:
        return candidates
    why = "unrated in a four-round event: the bye goes one score group up (28L5)"
    # Every unrated player is passed over so: the lowest group's, and those of the group up
    # whom 22C6 or bye_to_unrated put before its rated players (_choose_bye lists only the
    # players whose 28L2 claim was better than the one chosen).
    skipped = [p for p in candidates if pairing_rating(state.player(p), settings) is None]
    passed += [(p, why) for p in reversed(skipped)]
    return up + [p for p in candidates if p not in up]


class _Pairer:
    def __init__(self, state: TournamentState, settings: USSettings) -> None:
        self.state = state
        self.settings = settings
        self.scores = group_scores(state, settings)
        self.ranking = [
            p.id
            for p in sorted(state.available, key=lambda p: rank_key(p, self.scores[p.id], settings))
        ]
        self.position = {pid: n for n, pid in enumerate(self.ranking)}
        self.weigher = Weigher(state, settings, self.rating)
        self.pairs: list[tuple[PlayerId, PlayerId, int, PairCost]] = []
        self.dropped: list[tuple[PlayerId, int]] = []

    def rating(self, pid: PlayerId) -> int:
        return pairing_rating(self.state.player(pid), self.settings) or 0

    def rated(self, pid: PlayerId) -> bool:
        return pairing_rating(self.state.player(pid), self.settings) is not None

    def by_rank(self, pids: list[PlayerId]) -> list[PlayerId]:
        return sorted(pids, key=self.position.__getitem__)

    def run(self) -> USRound:
        state = self.state
        unpaired = list(self.ranking)
        bye = None
        if len(unpaired) % 2:
            bye = _choose_bye(state, self.settings, unpaired, self.scores)
            if self.settings.bye_for_colours:
                bye = self._bye_for_colours(bye, unpaired)
            unpaired.remove(bye.player)
        if not completable(state, unpaired):
            raise NoValidPairing("the players cannot all be paired without a rematch (27A1)")
        carry: list[PlayerId] = []
        for score in sorted({self.scores[p] for p in unpaired}, reverse=True):
            residents = [p for p in unpaired if self.scores[p] == score and p not in carry]
            still: list[PlayerId] = []
            for odd in carry:
                partner = self._odd_partner(odd, residents, unpaired, score)
                if partner is None:
                    still.append(odd)
                    continue
                residents.remove(partner)
                unpaired.remove(odd)
                unpaired.remove(partner)
            droppers = self._droppers(residents, unpaired, score)
            group = [p for p in residents if p not in droppers]
            best = self.weigher.best_group_pairing(group)
            assert best is not None  # _droppers checked the group pairs within itself
            for a, b, pc in best[1]:
                self.pairs.append((a, b, score, pc))
                unpaired.remove(a)
                unpaired.remove(b)
            self.dropped += [(p, score) for p in droppers]
            carry = self.by_rank(still + droppers)
        if carry:  # pragma: no cover - completable() above rules it out
            raise NoValidPairing("players left unpaired at the foot of the ranking")
        return USRound(
            number=state.next_round,
            pairs=self._boards(),
            bye=bye,
            ranking=tuple(self.ranking),
            group_scores=self.scores,
            dropped=tuple(self.dropped),
        )

    def _bye_for_colours(self, bye: ByeRecord, players: list[PlayerId]) -> ByeRecord:
        """28L2a (variation): the bye to a higher-rated player of the lowest score group when
        the rest of the group then pairs with better colours, within the 29E5 limits (the
        change counts as a switch of the rating points between the two, 29E5g included)."""
        default = bye.player
        group = [p for p in players if self.scores[p] == bye.group]
        if len(group) % 2 == 0:  # the rest of the group is odd: its colours decide nothing
            return bye
        # 28L2a moves the bye up the group only: never to a player ranked below the 28L2
        # choice (one 22C6 passed over for a half-point bye, or an unrated player).
        above = group[: group.index(default) + 1]
        best: tuple[int, PlayerId] | None = None
        for c in reversed(above):  # the 28L2 choice first: it keeps the bye on a tie
            if c != default and not may_have_bye(self.state, c):
                continue
            # The move is a switch of the two players (29E5), charged as a transposition of
            # two pairs is; 29E5g: to or from an unrated player it counts at most 80 points.
            switch = 2 * self.weigher.switch_cost(self.weigher.points(c, default))
            if best is not None and switch >= best[0]:
                continue
            if c != default and not completable(self.state, [p for p in players if p != c]):
                continue
            rest = self.weigher.best_group_pairing([p for p in group if p != c])
            if rest is None:
                continue
            total = switch + rest[0]
            if best is None or total < best[0]:
                best = (total, c)
        if best is None or best[1] == default:
            return bye
        return ByeRecord(best[1], bye.group, bye.passed_over, instead_of=default)

    def _odd_partner(
        self, odd: PlayerId, residents: list[PlayerId], unpaired: list[PlayerId], score: int
    ) -> PlayerId | None:
        """29D2: the odd player meets the highest-rated player of the group he may meet (the
        rest still pairable); a lower one only within the 29E5 limits, for colours."""
        top: PlayerId | None = None
        best: tuple[int, int, PlayerId, PairCost] | None = None
        for n, b in enumerate(residents):
            if not self.state.may_meet(odd, b):
                continue
            # 29E5g: a switch to an unrated opponent counts at most the 80-point limit.
            deviation = 0 if top is None else self.weigher.points(top, b)
            if best is not None and self.weigher.switch_cost(deviation) >= best[0]:
                continue  # costs more than the best already found
            if not completable(self.state, [p for p in unpaired if p not in (odd, b)]):
                continue
            if top is None:
                top = b
            kind = PairKind.ODD_PLAYER
            pc = self.weigher.pair_cost(odd, b, kind, None if b == top else top, deviation)
            if best is None or (pc.cost, n) < best[:2]:
                best = (pc.cost, n, b, pc)
        if best is None:
            return None
        self.pairs.append((odd, best[2], score, best[3]))
        return best[2]

    def _droppers(
        self, residents: list[PlayerId], unpaired: list[PlayerId], score: int
    ) -> list[PlayerId]:
        """29D1: how many players the group cannot pair within itself (27A2: as few as
        possible), and which: the lowest-rated who can be (not an unrated player while a
        rated one can), a higher one only within the 29E5 limits for better colours."""
        group = set(residents)
        below = [p for p in unpaired if p not in group]
        if len(residents) % 2 == 0:
            if self._drop_feasible(residents, below, []):
                return []
        else:
            single = self._single_dropper(residents, below)
            if single is not None:
                return [single]
        inside = most_pairs_within(self.state, unpaired, group)
        return self._many_droppers(residents, unpaired, len(residents) - 2 * inside)

    def _single_dropper(self, residents: list[PlayerId], below: list[PlayerId]) -> PlayerId | None:
        """29D1a/29D1b: the odd player of an odd group, or ``None`` when no single one lets
        the rest of the group pair within itself."""
        if self.settings.harkness:  # the middle player first, then outwards (lower first)
            middle = len(residents) // 2
            around = sorted(range(len(residents)), key=lambda i: (abs(i - middle), i < middle))
            tried = [residents[i] for i in around]
        else:
            tried = list(reversed(residents))
        order = [c for c in tried if self.rated(c)] + [c for c in tried if not self.rated(c)]
        base: PlayerId | None = None
        best: tuple[int, int, PlayerId] | None = None
        for n, c in enumerate(order):
            deviation = 0 if base is None else abs(self.rating(c) - self.rating(base))
            unrated_drop = base is not None and self.rated(base) and not self.rated(c)
            # a drop moves the player as a transposition moves two pairs: charged twice
            drop_cost = 2 * self.weigher.switch_cost(deviation, unrated_drop)
            if best is not None and drop_cost >= best[0]:
                if self.settings.harkness:
                    continue  # outwards from the middle: not ordered by rating points
                break  # higher players only move more rating points
            if not self._drop_feasible(residents, below, [c]):
                continue
            if base is None:
                base = c
            rest = self.weigher.best_group_pairing([p for p in residents if p != c])
            if rest is None:  # pragma: no cover - _drop_feasible checked it
                continue
            if best is None or (drop_cost + rest[0], n) < best[:2]:
                best = (drop_cost + rest[0], n, c)
        return None if best is None else best[2]

    def _drop_feasible(
        self, residents: list[PlayerId], below: list[PlayerId], drop: list[PlayerId]
    ) -> bool:
        stay = {p for p in residents if p not in drop}
        go = set(drop)

        def allowed(a: PlayerId, b: PlayerId) -> bool:
            if (a in stay) != (b in stay):
                return False
            return not (a in go and b in go)

        return completable(self.state, [*residents, *below], allowed)

    def _many_droppers(
        self, residents: list[PlayerId], unpaired: list[PlayerId], count: int
    ) -> list[PlayerId]:
        """Several players cannot be paired within the group (27A1): drop them from the
        foot of the group upwards, each the lowest whose dropping still leaves a way."""
        below = [p for p in unpaired if p not in residents]
        chosen: list[PlayerId] = []
        for _ in range(count):
            for c in reversed(residents):
                if c in chosen:
                    continue
                trial = [*chosen, c]
                if self._can_extend(residents, below, trial, count):
                    chosen = trial
                    break
        return chosen

    def _can_extend(
        self, residents: list[PlayerId], below: list[PlayerId], chosen: list[PlayerId], count: int
    ) -> bool:
        if len(chosen) == count:
            return self._drop_feasible(residents, below, chosen)
        rest = [p for p in residents if p not in chosen]
        # Some completion of ``chosen`` to ``count`` droppers must exist; checked greedily
        # over the remaining residents from the foot (groups with more than one odd player
        # are small in practice).
        return any(self._can_extend(residents, below, [*chosen, c], count) for c in reversed(rest))

    def _boards(self) -> tuple[PairRecord, ...]:
        def key(item: tuple[PlayerId, PlayerId, int, PairCost]) -> tuple[int, int]:
            a, b, score, _ = item
            return (-score, min(self.position[a], self.position[b]))

        out = []
        ties: dict[int, int] = {}
        for number, (a, b, score, pc) in enumerate(sorted(self.pairs, key=key), start=1):
            decision = colour_rule(self.state, a, b, self.settings, number)
            if decision.rule is ColourRule.RANK and self.settings.colour_priority == "alternating":
                # 29E4b (variation): within a score group the identical claims go in turn to
                # the higher- and the lower-ranked player, from the top board down.
                ties[score] = ties.get(score, 0) + 1
                if ties[score] % 2 == 0:
                    decision = to_lower_ranked(decision)
            out.append(PairRecord(decision.board, score, pc, decision))
        return tuple(out)


def pair_us_round(state: TournamentState, settings: USSettings | None = None) -> USRound:
    """Pair the next round of ``state`` by the US Chess rules, keeping how it was made.

    Two variations keep pairs apart like players who have met, each only while the round can
    still be paired so: 29E5f1 (no third colour in a row, except in the last round) and
    28N2 (never the TD's keep-apart groups, unless in the last round the leader would
    otherwise drop out of his score group) or 28N1 (not below plus-two scores)."""
    settings = settings or USSettings()
    colours: tuple[ForbiddenPairs, ...] = ()
    if settings.no_third_colour and not state.is_last_round:
        colours = third_colour_pairs(state)
    teams = (
        teammate_pairs(state, settings)
        if settings.teams_never
        else plus_two_pairs(state, settings)
        if settings.teams_plus_two
        else ()
    )
    attempts = [(*colours, *teams), colours] if teams else [colours]
    for forbidden in attempts:
        if not forbidden:
            break
        try:
            rnd = _Pairer(replace(state, forbidden=(*state.forbidden, *forbidden)), settings).run()
        except NoValidPairing:
            continue
        last = settings.teams_never and state.is_last_round
        if teams and forbidden is attempts[0] and last and _leader_drops(rnd):
            # 28N2: in the last round the leader meets a teammate rather than drop a group.
            fallback = _try_pair(replace(state, forbidden=(*state.forbidden, *colours)), settings)
            if fallback is not None and not _leader_drops(fallback):
                return fallback
        return rnd
    return _Pairer(state, settings).run()


def _try_pair(state: TournamentState, settings: USSettings) -> USRound | None:
    try:
        return _Pairer(state, settings).run()
    except NoValidPairing:
        return None


def _leader_drops(rnd: USRound) -> bool:
    """28N2: the round's leader (the top of the ranking) is paired outside his score group."""
    return bool(rnd.ranking) and any(pid == rnd.ranking[0] for pid, _ in rnd.dropped)


def teammate_pairs(state: TournamentState, settings: USSettings) -> tuple[ForbiddenPairs, ...]:
    """28N2: the TD's keep-apart groups (28N) as forbidden pairs for the next round."""
    rnd = state.next_round
    return tuple(ForbiddenPairs(group, rnd, rnd) for group in settings.avoid_together)


def plus_two_pairs(state: TournamentState, settings: USSettings) -> tuple[ForbiddenPairs, ...]:
    """28N1 (variation): the pairs of one keep-apart group of whom at least one is below a
    plus-two score, as forbidden pairs for the next round. Plus two: two wins more than
    losses over the rounds played, i.e. ``2 * score - rounds >= 2`` in points (after five
    rounds 3.5, as WinTD's help gives it; "2 for the first three rounds", then half a point
    more each round, as a US Chess forum TD puts it)."""
    rnd, win = state.next_round, state.points.win
    scores = state.scores
    plus_two = {pid for pid, s in scores.items() if 2 * s - (rnd - 1) * win >= 2 * win}
    return tuple(
        ForbiddenPairs((a, b), rnd, rnd)
        for group in settings.avoid_together
        for n, a in enumerate(group)
        for b in group[n + 1 :]
        if a in scores and b in scores and not (a in plus_two and b in plus_two)
    )


def third_colour_pairs(state: TournamentState) -> tuple[ForbiddenPairs, ...]:
    """29E5f: the pairs of the round in which one player must get the same colour a third
    time in a row (both had that colour in their last two games), as forbidden pairs for
    the next round."""
    streak: dict[PlayerId, Colour] = {}
    for p in state.available:
        colours = p.colours
        if len(colours) >= 2 and colours[-1] is colours[-2]:
            streak[p.id] = colours[-1]
    ids = sorted(streak)
    rnd = state.next_round
    return tuple(
        ForbiddenPairs((a, b), rnd, rnd)
        for n, a in enumerate(ids)
        for b in ids[n + 1 :]
        if streak[a] is streak[b]
    )


def pair_round(state: TournamentState, settings: USSettings | None = None) -> RoundPairing:
    """Pair the next round of ``state`` by the US Chess rules (27-29)."""
    return pair_us_round(state, settings).pairing
