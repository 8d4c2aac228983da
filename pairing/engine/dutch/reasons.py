"""Why one bracket of a Dutch round is paired as it is: each board's choice, each
downfloater's cause and the bye (see :mod:`dutch.explain`)."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, islice

from pairing.engine.core.explain import (
    Reason,
    Topic,
    half_points,
    ref,
    refs,
)
from pairing.engine.core.state import Colour, PlayerId, TournamentState
from pairing.engine.dutch.criteria import QUALITY_LEVELS, Level
from pairing.engine.dutch.edition import (
    Edition,
)
from pairing.engine.dutch.fast import leaving_gains
from pairing.engine.dutch.graph import (
    BracketGraph,
    BracketResult,
    Mode,
    colour_compatible,
    max_pairs_of_masks,
    pack,
    packed,
)
from pairing.engine.dutch.rest import Rest
from pairing.engine.dutch.terms import Terms, colour_name, terms_of, worse
from pairing.engine.matching.weighted import max_weight_matching

ALTERNATIVES = 4
"""Higher candidates analysed per board, and lower-ranked players per downfloater."""

EXACT_REST = 40
"""Players beyond a bracket (its downfloaters included) up to which a candidate's effect on
them is measured by weighted matching (beyond: by the number of pairs they can make)."""


# -- explaining a bracket ---------------------------------------------------------------------


@dataclass(frozen=True)
class BracketReasons:
    """What one bracket says about its boards, its downfloaters and the bye."""

    label: str
    """The bracket in a few words (``scoregroup 2½``)."""
    boards: dict[frozenset[PlayerId], list[Reason]]
    """Per pair (its two players): the reasons, colours apart."""
    floats: dict[PlayerId, list[Reason]]
    """Per downfloater: why it floats down (shown where it is paired, or with its bye)."""
    bye: list[Reason]
    notes: list[Reason]


def bracket_reasons(
    graph: BracketGraph,
    result: BracketResult,
    edition: Edition,
    earlier_floats: Mapping[PlayerId, Sequence[Reason]] | None = None,
    collapsed: bool = False,
    state: TournamentState | None = None,
    again: bool = False,
) -> BracketReasons:
    """What one bracket says (``earlier_floats``: why its MDPs floated down to it;
    ``collapsed``: it is the collapsed last bracket; ``state``: to tell C.2 from 2026 C5;
    ``again``: paired again because the bracket below could not reach the outcome its first
    pairing's look-ahead counted on)."""
    explainer = BracketExplainer(graph, result, edition, earlier_floats or {}, collapsed, state)
    explainer.again = again
    return explainer.explain()


class BracketExplainer:
    """One bracket of the final pairing, with the candidate chosen."""

    def __init__(
        self,
        graph: BracketGraph,
        result: BracketResult,
        edition: Edition,
        earlier_floats: Mapping[PlayerId, Sequence[Reason]],
        collapsed: bool,
        state: TournamentState | None,
    ) -> None:
        self.terms = terms_of(edition)
        self.edition = edition
        self.graph = graph
        self.result = result
        self.earlier_floats = earlier_floats
        self.collapsed = collapsed
        self.state = state
        self.again = False
        """Paired again after the look-ahead of the bracket below (``bracket_reasons``)."""
        self.n = graph.size
        self.players = graph.players
        self.index = {p.id: i for i, p in enumerate(graph.players[: self.n])}
        self.mate: dict[int, int] = {}
        for a, b in result.pairs:
            i, j = self.index[a.id], self.index[b.id]
            self.mate[i], self.mate[j] = j, i
        self.floaters = [i for i in range(self.n) if i not in self.mate]
        self._rest: Rest | None = None
        self._slots: dict[int, list[int]] | bool | None = False
        self._free: dict[int, tuple[list[int], int]] | None = None

    @staticmethod
    def art(article: str) -> str:
        return Terms.art(article)

    def barred_text(self, a: PlayerId, b: PlayerId) -> str:
        """Why C.1 keeps ``a`` and ``b`` apart: they met, or the arbiter forbade the pair (a
        forfeit is no meeting, C.04.2 D.6; without the state, they met)."""
        if self.state is not None and not any(
            e.played and e.opponent == b for e in self.state.player(a).results
        ):
            return f"{ref(a)} and {ref(b)} are a forbidden pair"
        return f"{ref(a)} and {ref(b)} have already met"

    def label(self) -> str:
        g = self.graph
        residents = self.players[g.mdp_count : self.n]
        score = half_points((residents[0] if residents else self.players[0]).score)
        if self.collapsed:
            return f"collapsed last bracket from scoregroup {score}"
        return f"scoregroup {score}"

    def explain(self) -> BracketReasons:
        g, terms = self.graph, self.terms
        label = self.label()
        notes = []
        if g.mode is Mode.PPB:
            notes.append(
                Reason(
                    Topic.ROUND,
                    self.art(terms.outlook),
                    f"{label} is the penultimate pairing bracket: as first paired, it left the "
                    f"rest of the round unpairable; its downfloaters and every lower player "
                    f"make the collapsed last bracket",
                )
            )
        elif g.mode is Mode.COMPLETE:
            why = (
                "counted on an outcome of the next bracket that the next bracket could not "
                "reach while keeping the rest of the round pairable"
                if self.again
                else "would have left the rest of the round unpairable"
            )
            notes.append(
                Reason(
                    Topic.ROUND,
                    self.art(terms.c4),
                    f"{label}: its best candidate {why}; paired again keeping the rest pairable",
                )
            )
        context = self.bracket_context()
        s1 = self.original_s1()
        boards = {}
        for a, b in self.result.pairs:
            i, j = sorted((self.index[a.id], self.index[b.id]))
            reasons = list(context)
            for k in (i, j):
                reasons += self.earlier_floats.get(self.players[k].id, [])
            reasons += self.upfloat(i, j)
            reasons += self.choice(i, j, s1)
            reasons += self.rejections(i, j)
            boards[frozenset((a.id, b.id))] = reasons
        floats: dict[PlayerId, list[Reason]] = {}
        bye: list[Reason] = []
        if g.mode is Mode.LAST:
            if self.result.bye is not None:
                bye = self.bye(self.index[self.result.bye.id])
        elif self.floaters:
            article, why = self.float_cause()
            for d in self.floaters:
                floats[self.players[d].id] = self.downfloat(d, article, why)
        return BracketReasons(label, boards, floats, bye, notes)

    # -- the bracket and its subgroups -------------------------------------------------------

    def bracket_context(self) -> list[Reason]:
        g, terms = self.graph, self.terms
        mdps = self.players[: g.mdp_count]
        residents = self.players[g.mdp_count : self.n]
        kind = "heterogeneous" if mdps else "homogeneous"
        text = f"{kind} bracket: {len(residents)} resident(s)"
        if mdps:
            listed = ", ".join(f"{ref(p.id)} ({half_points(p.score)})" for p in mdps[:6])
            more = f" and {len(mdps) - 6} more" if len(mdps) > 6 else ""
            text += f" and MDP(s) {listed}{more}"
        s1_set = self.original_s1()
        s1 = sorted(s1_set)
        s2 = [i for i in range(g.mdp_count, self.n) if i not in s1_set]
        return [
            Reason(Topic.BRACKET, self.art(terms.brackets), text),
            Reason(
                Topic.BRACKET,
                self.art(terms.subgroups),
                f"S1: {refs((self.players[i].id for i in s1), 6)}; "
                f"S2: {refs((self.players[i].id for i in s2), 6)}",
            ),
        ]

    def original_s1(self) -> set[int]:
        """S1 as first composed: the MDPs the candidate pairs (heterogeneous), or the first
        MaxPairs players (homogeneous; MaxPairs = the pairs the candidate makes)."""
        g = self.graph
        if g.mdp_count:
            return {i for i in range(g.mdp_count) if i in self.mate}
        return set(range(len(self.result.pairs)))

    def choice(self, i: int, j: int, s1: set[int]) -> list[Reason]:
        g, terms = self.graph, self.terms
        a, b = self.players[i], self.players[j]
        if i < g.mdp_count:
            text = f"MDP {ref(a.id)} meets the resident {ref(b.id)} in the MDP-pairing"
            return [Reason(Topic.CHOICE, self.art(terms.mdp_sets), text)]
        out = []
        if g.mdp_count == 0:
            if i not in s1:
                text = f"exchange: {ref(a.id)} moved from S2 to S1"
                out.append(Reason(Topic.CHOICE, self.art(terms.exchange), text))
            if j in s1:
                text = f"exchange: {ref(b.id)} moved from S1 to S2"
                out.append(Reason(Topic.CHOICE, self.art(terms.exchange), text))
        where = "the remainder's" if g.mdp_count else "S2's"
        out.append(
            Reason(
                Topic.CHOICE,
                self.art(terms.transposition),
                f"{ref(a.id)} meets {ref(b.id)}: of {where} players still free, the first in "
                f"order with which the bracket pairs best ({terms.best})",
            )
        )
        return out

    def upfloat(self, i: int, j: int) -> list[Reason]:
        a, b = self.players[i], self.players[j]
        if a.score == b.score:
            return []
        high, low = (a, b) if a.score > b.score else (b, a)
        return [
            Reason(
                Topic.FLOAT,
                self.art(self.terms.floats),
                f"{ref(low.id)} (score {half_points(low.score)}) floats up to meet "
                f"{ref(high.id)} (score {half_points(high.score)})",
            )
        ]

    # -- higher candidates -------------------------------------------------------------------

    def free_before(self, i: int, j: int) -> tuple[list[int], int]:
        """The first ``ALTERNATIVES`` of the players ranked between ``i`` and its partner
        ``j`` whom ``i`` could have had in a candidate generated earlier, and how many they
        are: residents, not in the MDP-pairing (unless ``i`` is an MDP), not taken by a player
        ranked above ``i``, and on the S2 side (downfloaters, or the lower member of their
        pair)."""
        if self._free is None:
            self._free = self.all_free_before()
        return self._free[i]

    def all_free_before(self) -> dict[int, tuple[list[int], int]]:
        """:meth:`free_before` of every pair's higher-ranked player, in one sweep from the
        lowest-ranked player up (n log n, not a scan between each pair's players).

        Between ``i`` and ``j`` (its partner), a player ``q`` is free when unpaired, or when
        its partner ``m`` is ranked below ``i`` (``m > i``; ``m = i`` is ``q = j``) and, for a
        resident ``i``, above ``q`` (``q`` the lower member of a pair lying wholly between
        ``i`` and ``j``). For an MDP ``i`` the range starts at the first resident."""
        n, mdps, mate = self.n, self.graph.mdp_count, self.mate
        floaters = self.floaters  # ascending
        # Paired q whose partner is ranked below the sweep: lower members of pairs (resident
        # i) and any resident (MDP i), counted by rank and the first few kept.
        lower_members, residents = _Fenwick(n), _Fenwick(n)
        first_lower: list[int] = []
        first_resident: list[int] = []
        out: dict[int, tuple[list[int], int]] = {}
        for i in range(n - 1, -1, -1):
            below = i + 1  # players ranked below i now count as partners ranked below it
            if below < n and below in mate:
                q = mate[below]
                if q > below:
                    lower_members.add(q)
                    _keep_first(first_lower, q)
                if q >= mdps:
                    residents.add(q)
                    _keep_first(first_resident, q)
            j = mate.get(i, -1)
            if j < i:
                continue  # unpaired, or the lower member of its pair
            lo = max(i + 1, mdps)
            start, stop = bisect_left(floaters, lo), bisect_left(floaters, j)
            free, paired = floaters[start : min(stop, start + ALTERNATIVES)], 0
            if i < mdps:
                paired = residents.count(j)  # every one ranked from the first resident
                firsts = [q for q in first_resident if q < j]
            else:
                paired = lower_members.count(j)  # their partners are ranked below i
                firsts = [q for q in first_lower if q < j]
            out[i] = (sorted(free + firsts)[:ALTERNATIVES], stop - start + paired)
        return out

    def rejections(self, i: int, j: int) -> list[Reason]:
        candidates, count = self.free_before(i, j)
        out = []
        for q in candidates:
            m = self.mate.get(q)
            if m is None:  # q floats in the chosen candidate: j would float instead
                verdict = self.compare([(i, q)], [(i, j)], [q], [j])
            else:
                verdict = self.compare([(i, q), (j, m)], [(i, j), (q, m)])
            if verdict is not None:
                article, why = verdict
                text = f"{ref(self.players[q].id)} for {ref(self.players[i].id)}: {why}"
                out.append(Reason(Topic.REJECTED, self.art(article), text))
        if count > ALTERNATIVES:
            text = f"{count - ALTERNATIVES} more higher-ranked partner(s) not analysed"
            out.append(Reason(Topic.REJECTED, self.art(self.terms.best), text))
        return out

    # -- downfloaters ------------------------------------------------------------------------

    def float_cause(self) -> tuple[str, str]:
        """(article, why) of the bracket's downfloaters."""
        g, terms = self.graph, self.terms
        least = self.n - 2 * max_pairs_of_masks(g.adjacency_masks())
        if len(self.floaters) > least:
            return terms.c4, "the rest of the round could not be completed otherwise"
        if least == 1 and self.n % 2:
            return terms.pairs, f"the bracket has an odd number of players ({self.n})"
        if self.absolute_cause(least) == "C.1":
            return terms.c1, f"its largest legal pairing leaves {least} unpaired (rematches)"
        return terms.c3, (
            f"its largest legal pairing leaves {least} unpaired (absolute colour preferences)"
        )

    def absolute_cause(self, least: int) -> str:
        """C.1 when lifting it alone would pair more of the bracket, else C.3."""
        g = self.graph
        ps = self.players[: self.n]
        # C.3 alone (C.1 lifted), no MDP with an MDP (B.3): as bit masks, for brackets of
        # thousands of players (issue 27).
        blocked: dict[Colour | None, int] = {}
        for u, p in enumerate(ps):
            if p.absolute and not p.topscorer:
                blocked[p.preference.colour] = blocked.get(p.preference.colour, 0) | 1 << u
        everyone, mdps = (1 << self.n) - 1, (1 << g.mdp_count) - 1
        adjacency = []
        for u, p in enumerate(ps):
            apart = 1 << u
            if p.absolute and not p.topscorer:
                apart |= blocked[p.preference.colour]  # colour_compatible
            if u < g.mdp_count:
                apart |= mdps
            adjacency.append(everyone & ~apart)
        return "C.1" if self.n - 2 * max_pairs_of_masks(adjacency) < least else "C.3"

    def downfloat(self, d: int, article: str, why: str) -> list[Reason]:
        p = self.players[d]
        text = f"{ref(p.id)} (score {half_points(p.score)}) floats down from {self.label()}: {why}"
        out = [Reason(Topic.FLOAT, self.art(article), text)]
        # The others who might have floated in d's place: the MDPs paired, then the players
        # ranked below d (candidates generated earlier).
        # (Read lazily: only the first few are analysed, and a bracket may have many.)
        mdps = self.graph.mdp_count
        others = (x for x in chain(range(mdps), range(max(d + 1, mdps), self.n)) if x in self.mate)
        out += self.instead(d, others, "floating instead")
        return out

    def instead(self, d: int, others: Iterable[int], what: str) -> list[Reason]:
        """For paired players who might have been left out in ``d``'s place (``d`` taking
        their partner), the criterion that kept them paired (the first ``ALTERNATIVES``)."""
        mdps = self.graph.mdp_count
        # d taking x's partner must make a pair the bracket may hold (not two MDPs).
        possible = (
            x
            for x in others
            if x != d and self.mate[x] != d and (d >= mdps or self.mate[x] >= mdps)
        )
        out = []
        for x in islice(possible, ALTERNATIVES):
            z = self.mate[x]
            verdict = self.compare([(d, z)], [(x, z)], [d], [x])
            if verdict is not None:
                article, why = verdict
                text = f"{ref(self.players[x].id)} {what}: {why}"
                out.append(Reason(Topic.REJECTED, self.art(article), text))
        return out

    def bye(self, b: int) -> list[Reason]:
        """The last bracket's unpaired player: the pairing-allocated bye."""
        terms, edition = self.terms, self.edition
        p = self.players[b]
        out = [
            Reason(
                Topic.BYE,
                self.art(terms.byes),
                f"{ref(p.id)} is the player the last bracket leaves unpaired: the "
                f"pairing-allocated bye",
            )
        ]
        if terms.bye_score:
            out.append(
                Reason(
                    Topic.BYE,
                    self.art(terms.bye_score),
                    f"the bye goes to the lowest score with which the rest of the round can be "
                    f"completed: {half_points(p.score)}",
                )
            )
        barred, lower_score, eligible = [], [], []
        for x in range(b + 1, self.n):
            q = self.players[x]
            if q.bye_allowed:
                eligible.append(x)
            elif self.state is None or edition.bye_barred(
                self.state.player(q.id), self.state.points
            ):
                barred.append(q.id)
            else:
                lower_score.append(q.id)  # 2026 C5 took the bye away from this score
        if barred:
            text = f"{refs(barred)}: ranked lower, but may not receive the bye"
            out.append(Reason(Topic.REJECTED, self.art(terms.c2), text))
        if lower_score and terms.bye_score:
            text = (
                f"{refs(lower_score)}: a lower score, but no complete pairing of the round "
                f"gives them the bye"
            )
            out.append(Reason(Topic.REJECTED, self.art(terms.bye_score), text))
        out += self.instead(b, [x for x in eligible if x in self.mate], "taking the bye instead")
        return out

    # -- comparing a candidate with the chosen one -------------------------------------------

    def compare(
        self,
        added: Iterable[tuple[int, int]],
        removed: Iterable[tuple[int, int]],
        floaters_out: Sequence[int] = (),
        floaters_in: Sequence[int] = (),
    ) -> tuple[str, str] | None:
        """The criterion on which the candidate forming ``added`` instead of ``removed`` (its
        downfloaters changed from ``floaters_out`` to ``floaters_in``) is worse than the
        chosen one, and what it does worse; ``None`` when it is not found worse."""
        g, terms = self.graph, self.terms
        delta = [0] * QUALITY_LEVELS

        def add(gain: Sequence[int], sign: int) -> None:
            for lv in range(QUALITY_LEVELS):
                delta[lv] += sign * gain[lv]

        for u, v in added:
            u, v = min(u, v), max(u, v)
            pu, pv = self.players[u], self.players[v]
            if u < g.mdp_count and v < g.mdp_count:
                return terms.mdps_apart, f"{ref(pu.id)} and {ref(pv.id)} are both MDPs"
            if pv.id in g.rules.barred[pu.id]:
                return terms.c1, self.barred_text(pu.id, pv.id)
            if not colour_compatible(pu, pv):
                colour = colour_name(pu.preference.colour)
                return terms.c3, f"both have an absolute colour preference for {colour}"
            gain = g.gain(u, v)
            assert gain is not None
            add(gain, 1)
        for u, v in removed:
            gain = g.gain(min(u, v), max(u, v))
            assert gain is not None
            add(gain, -1)
        if floaters_in:
            verdict = self.leaving(delta, floaters_out, floaters_in)
            if verdict is not None:
                return verdict
        for level in Level:
            if delta[level] > 0:
                return None  # better there: not a candidate ahead of the chosen one
            if delta[level] < 0 and terms.criteria[level]:
                return terms.criteria[level], worse(level, self.edition)
        return None

    def leaving(
        self, delta: list[int], out: Sequence[int], into: Sequence[int]
    ) -> tuple[str, str] | None:
        """Adds to ``delta`` what changing the downfloaters from ``out`` to ``into`` changes
        beyond the bracket; an absolute criterion that forbids it."""
        g, terms = self.graph, self.terms
        if g.mode is Mode.LAST:
            if g.bye_vertex < 0:
                return None
            for f in into:
                gain = g.gain(f, g.bye_vertex)
                if gain is None:
                    return terms.c2, f"{ref(self.players[f].id)} may not receive the bye"
                for lv in range(QUALITY_LEVELS):
                    delta[lv] += gain[lv]
            for f in out:
                gain = g.gain(f, g.bye_vertex)
                assert gain is not None
                for lv in range(QUALITY_LEVELS):
                    delta[lv] -= gain[lv]
            return None
        if len(g.kinds) == self.n:
            return None
        slots = self.slots() if g.mode is Mode.NORMAL and len(self.floaters) == 1 else None
        if slots is not None and len(into) == 1:
            gain_in, gain_out = slots.get(into[0]), slots.get(out[0])
            if gain_in is not None and gain_out is not None:
                for lv in range(QUALITY_LEVELS):
                    delta[lv] += gain_in[lv] - gain_out[lv]
                return None
        then = [f for f in self.floaters if f not in out] + list(into)
        if len(g.kinds) - self.n + len(then) <= EXACT_REST:
            now_value, then_value = self.rest_value(self.floaters), self.rest_value(then)
            for lv in range(QUALITY_LEVELS):
                delta[lv] += then_value[lv] - now_value[lv]
            return None
        rest = self.rest()
        diff = rest.pairs(then) - rest.pairs(self.floaters)
        if g.cover:
            delta[Level.COVER] += 2 * diff
        else:
            delta[Level.NEXT_PAIRS] += diff
        return None

    def rest_value(self, floaters: Sequence[int]) -> list[int]:
        """The quality the players beyond the bracket add, with ``floaters`` leaving it: a
        maximum-weight matching of them (the engine's own gains)."""
        g = self.graph
        vertices = [*floaters, *range(self.n, len(g.kinds))]
        edges: list[tuple[int, int]] = []
        gains: list[list[int]] = []
        for x, u in enumerate(vertices):
            for v in vertices[x + 1 :]:
                a, b = min(u, v), max(u, v)
                if b < self.n:
                    continue  # downfloaters are not paired with each other
                gain = g.gain(a, b)
                if gain is not None:
                    edges.append((a, b))
                    gains.append(gain)
        value = [0] * QUALITY_LEVELS
        if not edges:
            return value
        multipliers = pack(gains, g.vertex_count)
        weighted = [(u, v, packed(w, multipliers)) for (u, v), w in zip(edges, gains, strict=True)]
        mate = max_weight_matching(g.vertex_count, weighted)
        for (u, v), gain in zip(edges, gains, strict=True):
            if mate[u] == v:
                for lv in range(QUALITY_LEVELS):
                    value[lv] += gain[lv]
        return value

    def slots(self) -> dict[int, list[int]] | None:
        """C.7 / C8 of each bracket player as the single downfloater (the engine's own
        values), when they can be had cheaply."""
        if self._slots is False:
            self._slots = leaving_gains(self.graph)
        return self._slots  # type: ignore[return-value]

    def rest(self) -> Rest:
        if self._rest is None:
            self._rest = Rest(self.graph)
        return self._rest


def _keep_first(first: list[int], q: int) -> None:
    """Adds ``q`` to the ascending ``first``, keeping its ``ALTERNATIVES`` smallest."""
    if len(first) < ALTERNATIVES or q < first[-1]:
        insort(first, q)
        del first[ALTERNATIVES:]


class _Fenwick:
    """Counts of ranks added, by prefix (a binary indexed tree)."""

    def __init__(self, size: int) -> None:
        self.tree = [0] * (size + 1)

    def add(self, rank: int) -> None:
        k = rank + 1
        while k < len(self.tree):
            self.tree[k] += 1
            k += k & -k

    def count(self, stop: int) -> int:
        """How many ranks below ``stop`` were added."""
        total, k = 0, stop
        while k > 0:
            total += self.tree[k]
            k -= k & -k
        return total
