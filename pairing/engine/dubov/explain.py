"""Why a Dubov round is paired as it is (``explain_round``), in terms of C.04.4.1: the 2018
articles for the 2018 edition, the 2026 ones (:meth:`Edition.article`) for the 2026 edition.

The round is paired once with a :class:`~pairing.engine.dubov.trace.DubovTrace`; the
explanation is read from it: the bye (B.0, C.2, C.4), per bracket the upfloaters (B.1-B.2:
what forced them, C.5, C.6, and each higher-ranked possible upfloater passed over with the
criterion C.1/C.3/C.4/C.7-C.10 that rejected it), the subgroups and shifts (B.3-B.5), the
transposition (B.6: the G2 players passed over and why) and the colour rule (E.0-E.4)
(2018 article numbers; 2026: 3.1, 3.2.1-3.2.6, [C1]-[C10], 5.2.1-5.2.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.core.colours import Strength
from pairing.engine.core.explain import (
    BoardExplanation,
    ByeExplanation,
    Reason,
    RoundExplanation,
    Topic,
    half_points,
    ref,
    refs,
)
from pairing.engine.core.rules import higher_ranked, initial_colour
from pairing.engine.core.state import Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.dubov.colours import pairing_numbers
from pairing.engine.dubov.edition import EDITION_2018, EDITION_2026, Edition, edition_named
from pairing.engine.dubov.players import DubovPlayer, max_upfloats
from pairing.engine.dubov.system import bye_order, traced_pairing
from pairing.engine.dubov.trace import (
    Alternative,
    BracketTrace,
    DubovTrace,
    Quality,
    UpfloatTrace,
)
from pairing.engine.matching.cardinality import Matcher


def system_name(edition: Edition) -> str:
    """The system as an explanation names it."""
    return f"FIDE Dubov (C.04.4.1, {edition.year})"


def art(article: str, edition: Edition = EDITION_2018) -> str:
    """The citation of the 2018 article ``article`` in ``edition``'s numbering."""
    return f"C.04.4.1 {edition.article(article)}"


def explain_round(
    state: TournamentState, edition: Edition = EDITION_2018
) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing :func:`pair_round` gives by ``edition``, and why."""
    trace = DubovTrace()
    pairing, coloured = traced_pairing(state, trace, edition)
    explainer = _Explainer(state, trace, edition)
    boards = tuple(explainer.board(w, b, rule) for w, b, rule in coloured)
    bye = None if pairing.bye is None else explainer.bye(pairing.bye)
    a = edition.article
    notes = (
        Reason(
            Topic.ROUND,
            art("A.8", edition),
            f"the pairing-allocated bye first ({a('B.0')}), then the scoregroups from the "
            f"highest score down, each with the fewest upfloaters ({a('B.1')}-{a('B.6')})",
        ),
    )
    explanation = RoundExplanation(system_name(edition), state.next_round, boards, bye, notes)
    return pairing, explanation


def explain_round_2018(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing by the 2018 edition, and why (2018 article numbers)."""
    return explain_round(state, EDITION_2018)


def explain_round_2026(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing by the 2026 edition, and why (2026 article numbers)."""
    return explain_round(state, EDITION_2026)


def explain_round_in_force(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    """By the edition the tournament names (record 192), 2026 when it names none."""
    return explain_round(state, edition_named(state.info.system_code))


def _colour(c: Colour | None) -> str:
    return "White" if c is Colour.WHITE else "Black"


def _max_pairs(ids: Sequence[PlayerId], allowed: Callable[[PlayerId, PlayerId], bool]) -> int:
    adjacency = [{j for j, b in enumerate(ids) if b != a and allowed(a, b)} for a in ids]
    matcher = Matcher.from_adjacency(adjacency)
    matcher.solve()
    return matcher.size


class _Explainer:
    def __init__(self, state: TournamentState, trace: DubovTrace, edition: Edition) -> None:
        self.state = state
        self.trace = trace
        self.edition = edition
        self.a = edition.article  # a 2018 article in this edition's numbering, for texts
        self.players = trace.players
        self.bracket_of: dict[PlayerId, BracketTrace] = {}
        for bt in trace.brackets:
            for p in (*bt.residents, *bt.upfloaters):
                self.bracket_of[p.id] = bt
        self.max_t = max_upfloats(state.total_rounds or 0)

    def art(self, article: str) -> str:
        return art(article, self.edition)

    @property
    def ranking(self) -> str:
        """What orders players of equal score: the initial ranking list (2018 A.2), the TPN
        (2026 1.2)."""
        return "TPN" if self.edition.year == 2026 else "initial ranking"

    # -- C.1 / C.3 ---------------------------------------------------------------------------

    def c1_allows(self, a: PlayerId, b: PlayerId) -> bool:
        return self.state.may_meet(a, b)

    def c3_allows(self, a: PlayerId, b: PlayerId) -> bool:
        pa, pb = self.players[a].preference, self.players[b].preference
        return not (pa.absolute and pb.absolute and pa.colour is pb.colour)

    def barrier(self, a: PlayerId, b: PlayerId) -> Reason:
        """The absolute criterion that bars ``a``-``b``."""
        if not self.c1_allows(a, b):
            rounds = [
                str(r)
                for r, e in enumerate(self.state.player(a).results, start=1)
                if e.played and e.opponent == b
            ]
            why = f"they met in round {', '.join(rounds)}" if rounds else "a forbidden pair"
            return Reason(Topic.REJECTED, self.art("C.1"), f"{ref(b)}: {why}")
        colour = self.players[a].preference.colour
        return Reason(
            Topic.REJECTED,
            self.art("C.3"),
            f"{ref(b)}: both have an absolute colour preference for {_colour(colour)}",
        )

    def absolute_cause(self, ids: Sequence[PlayerId], need: int) -> str:
        """Which of C.1 and C.3 keeps ``ids`` from being paired with fewer than ``need``
        players left over: C.1 when lifting it alone would help, else C.3 when lifting it
        alone would, else (both are needed) C.1."""
        if len(ids) - 2 * _max_pairs(ids, self.c3_allows) < need:
            return "C.1"
        if len(ids) - 2 * _max_pairs(ids, self.c1_allows) < need:
            return "C.3"
        return "C.1"

    # -- boards ------------------------------------------------------------------------------

    def board(self, white: DubovPlayer, black: DubovPlayer, rule: str) -> BoardExplanation:
        bt = self.bracket_of[white.id]
        reasons = [self._bracket_reason(bt)]
        upfloaters = {p.id for p in bt.upfloaters}
        for p in (white, black):
            if p.id in upfloaters:
                reasons += self._upfloat_reasons(bt, p)
        s1_player = white if any(p.id == white.id for p in bt.s1) else black
        t2_player = black if s1_player is white else white
        reasons += self._subgroup_reasons(bt, s1_player, t2_player)
        reasons.append(self._colour_reason(white, black, rule))
        label = f"scoregroup {half_points(bt.score)}"
        return BoardExplanation(white.id, black.id, label, tuple(reasons))

    def _bracket_reason(self, bt: BracketTrace) -> Reason:
        text = f"bracket of scoregroup {half_points(bt.score)}: {len(bt.residents)} resident(s)"
        if bt.upfloaters:
            ups = ", ".join(f"{ref(p.id)} ({half_points(p.score)})" for p in bt.upfloaters)
            text += f" and upfloater(s) {ups}"
        return Reason(Topic.BRACKET, self.art("A.3"), text)

    def _upfloat_reasons(self, bt: BracketTrace, p: DubovPlayer) -> list[Reason]:
        up = bt.upfloat
        assert up is not None
        m, n = len(bt.upfloaters), len(bt.residents)
        article, why = self._upfloat_cause(bt, up)
        out = [
            Reason(
                Topic.FLOAT,
                self.art(article),
                f"{ref(p.id)} (score {half_points(p.score)}) upfloats into scoregroup "
                f"{half_points(bt.score)}: {why}",
            ),
            Reason(
                Topic.CHOICE,
                self.art("C.5"),
                f"{m} upfloater(s): the fewest with which the {n} resident(s) can be paired "
                f"legally ({self.a('B.1')})",
            ),
        ]
        if len(set(up.pool_scores)) > 1:
            scores = ", ".join(half_points(q.score) for q in bt.upfloaters)
            out.append(
                Reason(
                    Topic.CHOICE,
                    self.art("C.6"),
                    f"the upfloaters' scores ({scores}) are the highest that allow a legal "
                    f"set (possible upfloaters score {half_points(max(up.pool_scores))} to "
                    f"{half_points(min(up.pool_scores))})",
                )
            )
        quality = up.quality or (0, 0, 0, 0)
        a, ranking = self.a, self.ranking
        out.append(
            Reason(
                Topic.CHOICE,
                self.art("B.2"),
                f"{refs(q.id for q in bt.upfloaters)}: the first set in {a('D.1')} order (score, "
                f"then {ranking}) whose bracket pairs best: {quality[0]} colour "
                f"preference(s) not granted ({a('C.7')})"
                + (f", {quality[1]} maximum upfloater(s) ({a('C.8')})" if quality[1] else ""),
            )
        )
        for alt in up.alternatives:
            if alt.instead_of.id == p.id:
                reason = self._alternative(bt, alt)
                if reason is not None:
                    out.append(reason)
        if up.more_alternatives and p is bt.upfloaters[-1]:
            out.append(
                Reason(
                    Topic.REJECTED,
                    self.art("B.2"),
                    f"{up.more_alternatives} more possible upfloater(s) ranked above were "
                    f"passed over (not analysed here)",
                )
            )
        return out

    def _upfloat_cause(self, bt: BracketTrace, up: UpfloatTrace) -> tuple[str, str]:
        m, n = len(bt.upfloaters), len(bt.residents)
        alone = up.residents_alone
        if m == alone:
            if alone == 1 and n % 2:
                return "B.1", f"the scoregroup has an odd number of residents ({n})"
            ids = [p.id for p in bt.residents]
            cause = self.absolute_cause(ids, alone)
            if cause == "C.3":
                why = "residents with the same absolute colour preference may not meet"
            else:
                why = "residents who have already met may not meet again"
            return cause, f"{alone} resident(s) cannot be paired within the scoregroup: {why}"
        if m == up.rest_bound:
            return "C.4", (
                f"{m} player(s) of the lower scoregroups could not be paired there, so they "
                f"float up for the round-pairing to be complete"
            )
        a = self.a
        return "B.1", (
            "no smaller set of upfloaters gives a legal pairing of the residents with the "
            f"rest of the round still pairable ({a('C.1')}, {a('C.3')}, {a('C.4')})"
        )

    def _alternative(self, bt: BracketTrace, alt: Alternative) -> Reason | None:
        q, u = ref(alt.player.id), ref(alt.instead_of.id)
        up = bt.upfloat
        assert up is not None
        if alt.criterion == "C.1/C.3":
            members = [p for p in bt.upfloaters if p is not alt.instead_of] + [alt.player]
            ids = [p.id for p in (*bt.residents, *members)]
            need = len(ids) % 2
            criterion = self.absolute_cause(ids, need + 1)
            what = "a rematch" if criterion == "C.1" else "two absolute colour preferences alike"
            text = f"{q} instead of {u}: the bracket could not be paired without {what}"
            return Reason(Topic.REJECTED, self.art(criterion), text)
        if alt.criterion == "C.4":
            text = f"{q} instead of {u}: the lower scoregroups could not then all be paired"
            return Reason(Topic.REJECTED, self.art("C.4"), text)
        if up.quality is None:
            return None
        return quality_rejection(alt, up.quality, self.max_t, self.edition)

    def _subgroup_reasons(
        self, bt: BracketTrace, s1_player: DubovPlayer, t2_player: DubovPlayer
    ) -> list[Reason]:
        out = []
        if bt.all_unplayed:
            split = "nobody in the bracket has played yet: G1 is the first half by ranking"
        else:
            split = "G1 holds the players with a colour preference for White"
        out.append(Reason(Topic.BRACKET, self.art("B.3"), split))
        moved = [*bt.shifted_first, *bt.shifted_second]
        g1_ids = {p.id for p in bt.g1}
        for p in (s1_player, t2_player):
            if p in moved:
                origin, target = ("G1", "G2") if p.id in g1_ids else ("G2", "G1")
                first = p in bt.shifted_first
                why = (
                    "players of the smaller subgroup had to be paired together"
                    if first
                    else "to make G1 and G2 equal in size"
                )
                out.append(
                    Reason(
                        Topic.CHOICE,
                        self.art("B.4"),
                        f"{ref(p.id)} shifted from {origin} to {target} ({why}): the first "
                        f"set of shifters in {self.a('D.2')} order that complies best with "
                        f"{self.a('C.7')}",
                    )
                )
        i = bt.s1.index(s1_player)
        out.append(
            Reason(
                Topic.BRACKET,
                self.art("B.5"),
                f"{ref(s1_player.id)} is number {i + 1} of S1 (G1 by ascending ARO: "
                f"{s1_player.aro})",
            )
        )
        passed = bt.passed_over[i]
        out.append(
            Reason(
                Topic.CHOICE,
                self.art("B.6"),
                f"{ref(t2_player.id)} is the highest-ranked player of G2 still free whom "
                f"{ref(s1_player.id)} may meet with the rest of the bracket still pairable "
                f"(the first such transposition, {self.a('D.3')})"
                if passed
                else f"{ref(t2_player.id)} is the highest-ranked player of G2 still free "
                f"(the first transposition, {self.a('D.3')})",
            )
        )
        rest: list[PlayerId] = []
        for q, legal in passed:
            if legal:
                rest.append(q.id)
            else:
                out.append(self.barrier(s1_player.id, q.id))
        if rest:
            out.append(
                Reason(
                    Topic.REJECTED,
                    self.art("B.6"),
                    f"{refs(rest)}: with {ref(s1_player.id)} the rest of the bracket could not "
                    f"be paired legally",
                )
            )
        return out

    def _colour_reason(self, white: DubovPlayer, black: DubovPlayer, rule: str) -> Reason:
        high = higher_ranked(white, black)
        low = black if high is white else white
        if rule == "E.0":
            number = pairing_numbers(self.state).get(high.id, high.tpn)
            initial = initial_colour(self.state)
            gets = "White" if high is white else "Black"
            number_name = "TPN" if self.edition.year == 2026 else "pairing number"  # 5.2.1
            text = (
                f"neither has played a game: the higher-ranked {ref(high.id)} has "
                f"{number_name} {number} ({'odd' if number % 2 else 'even'}), so gets "
                f"{'the initial colour' if number % 2 else 'the opposite of the initial colour'}"
                f" ({_colour(initial)}): {gets}"
            )
        elif rule == "E.1":
            text = f"both colour preferences granted: {ref(white.id)} White, {ref(black.id)} Black"
        elif rule == "E.2":
            strong = white if white.preference.strength > black.preference.strength else black
            weak = black if strong is white else white
            text = (
                f"the stronger colour preference is granted: {ref(strong.id)}'s "
                f"{_strength(strong.preference.strength)} preference for "
                f"{_colour(strong.preference.colour)} over {ref(weak.id)}'s "
                f"{_strength(weak.preference.strength)} one"
            )
        elif rule == "E.3":
            text = (
                f"equal preferences for {_colour(white.preference.colour)}: the colours "
                f"alternate from the latest round in which they had different colours "
                f"({ref(white.id)} had Black then)"
            )
        else:
            their = "their" if self.edition.year == 2026 else "his"
            text = (
                f"equal preferences and colour histories: the higher-ranked {ref(high.id)} "
                f"gets {their} preference ({_colour(high.preference.colour)}); {ref(low.id)} "
                f"the other colour"
            )
        return Reason(Topic.COLOUR, self.art(rule), text)

    # -- bye ---------------------------------------------------------------------------------

    def bye(self, pid: PlayerId) -> ByeExplanation:
        bt = self.trace.bye
        assert bt is not None
        holder = self.players[pid]
        position = bt.candidates.index(pid)
        after = bt.candidates[position + 1 : position + 2]
        if not after:
            criterion = "B.0"
            text = f"odd number of players: {ref(pid)} is the only player left who may receive "
            text += "the pairing-allocated bye"
        else:
            nxt = self.players[after[0]]
            if holder.score != nxt.score:
                criterion, why = "B.0.c", f"the lowest score ({half_points(holder.score)})"
            elif holder.games != nxt.games:
                criterion, why = "B.0.d", f"the most games played ({holder.games})"
            else:
                criterion = "B.0.e"
                if self.edition.year == 2026:
                    why = f"the largest TPN ({holder.tpn})"  # 3.1.5
                else:
                    why = f"the lowest position in the initial ranking list ({holder.tpn})"
            text = (
                f"odd number of players: {ref(pid)} may receive the pairing-allocated bye and "
                f"has {why} of those who may"
            )
        reasons = [Reason(Topic.BYE, self.art(criterion), text)]
        barred = sorted(
            (
                p
                for p in self.players.values()
                if not p.bye_allowed and bye_order(p) < bye_order(holder)
            ),
            key=bye_order,
        )
        if barred:
            if self.edition.bye_barred_by_unplayed_win:  # [C2], C.04.1 art. 4 (2026)
                had = "scored a win's points in one round without playing"
            else:  # C.2, C.04.1.d (2018)
                had = "a (forfeit) win without playing"
            reasons.append(
                Reason(
                    Topic.REJECTED,
                    self.art("C.2"),
                    f"{refs(p.id for p in barred)}: would come first, but already had a "
                    f"pairing-allocated bye or {had}",
                )
            )
        if bt.refused:
            reasons.append(
                Reason(
                    Topic.REJECTED,
                    self.art("C.4"),
                    f"{refs(bt.refused)}: with the bye there, the other players could not all "
                    f"be paired",
                )
            )
        return ByeExplanation(pid, tuple(reasons))


QUALITY_TERMS = (
    "player(s) without their colour preference",
    "maximum upfloater(s)",
    "upfloat(s) of maximum upfloaters",
    "upfloater(s) who upfloated in the previous round",
)
"""What C.7, C.8, C.9 and C.10 count."""


def quality_rejection(
    alt: Alternative, chosen: Quality, max_t: int, edition: Edition = EDITION_2018
) -> Reason | None:
    """The reason a set of upfloaters ahead of the chosen one lost on C.7-C.10 (``chosen``:
    the chosen set's quality), cited in ``edition``'s numbering; ``None`` when it did not
    lose on one of them."""
    if alt.quality is None or not alt.criterion.startswith("C.") or alt.criterion == "C.4":
        return None
    k = int(alt.criterion.removeprefix("C.")) - 7
    if not 0 <= k < len(QUALITY_TERMS):
        return None
    q, u = ref(alt.player.id), ref(alt.instead_of.id)
    text = f"{q} instead of {u}: {alt.quality[k]} {QUALITY_TERMS[k]} instead of {chosen[k]}"
    if k in (1, 2) and alt.player.max_upfloater:
        text += f" ({q} has upfloated {alt.player.upfloats} times, MaxT = {max_t})"
    return Reason(Topic.REJECTED, art(alt.criterion, edition), text)


def _strength(s: Strength) -> str:
    return s.name.lower()
