"""Why a TCEC round is paired as it is (``explain_round``), in terms of STEP 1-5.

The round is paired once by :func:`~pairing.engine.tcec.system.pair_tcec_round` with a
:class:`~pairing.engine.tcec.system.Trace`; the explanation is read from what it kept: the
pairing order (STEP 1), the BYE (STEP 2), the encounter-history drops (STEP 3), for each pair
the players the first-of-pair passed over and why (STEP 3: met, colour balancing, viability),
and the colour clause (STEP 5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
from pairing.engine.core.state import Board, PlayerId, RoundPairing, TournamentState
from pairing.engine.tcec.system import (
    ColourRule,
    TcecRound,
    Trace,
    pair_tcec_round,
    single_round_decision,
)
from pairing.engine.tcec.viability import ViabilityGraph, colours_compatible

STEP1, STEP2, STEP3, STEP4, STEP5 = (f"TCEC STEP {n}" for n in range(1, 6))


def system_name(double: bool) -> str:
    return f"TCEC Swiss ({'double' if double else 'single'} rounds)"


def explain_round(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing :func:`pair_round` gives and why."""
    trace = Trace()
    rnd = pair_tcec_round(state, trace)
    assert trace.graph is not None
    position = {pid: k for k, pid in enumerate(rnd.pairing_order, start=1)}
    explainer = _Explainer(state, rnd, trace, trace.graph, position)
    formed = [explainer.board(n, i, j) for n, (i, j) in enumerate(trace.formed)]
    explanation = RoundExplanation(
        system=system_name(state.double_rounds),
        round_number=rnd.number,
        boards=tuple(reversed(formed)),  # playing order: the worst-performing pair first
        bye=None if rnd.bye is None else explainer.bye(rnd.bye),
        notes=explainer.notes(),
    )
    return rnd.pairing, explanation


def second_game(explanation: RoundExplanation) -> RoundExplanation:
    """The explanation of the second game of a double round: the same pairs with the colours
    of the first game reversed (STEP 5)."""
    reversed_colours = Reason(
        Topic.COLOUR,
        STEP5,
        "double rounds: the second game reverses the colours of the first",
    )
    boards = tuple(
        BoardExplanation(
            b.black,
            b.white,
            b.bracket,
            (*(r for r in b.reasons if r.topic is not Topic.COLOUR), reversed_colours),
        )
        for b in explanation.boards
    )
    return RoundExplanation(
        explanation.system, explanation.round_number, boards, explanation.bye, explanation.notes
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class _Explainer:
    def __init__(
        self,
        state: TournamentState,
        rnd: TcecRound,
        trace: Trace,
        graph: ViabilityGraph,
        position: Mapping[PlayerId, int],
    ) -> None:
        self.state = state
        self.rnd = rnd
        self.trace = trace
        self.graph = graph
        self.position = position
        self.players = graph.players
        self.first_live_round = rnd.history.first_live + rnd.history_rounds_removed + 1
        """Number of the earliest round still in the encounter history."""
        self.meetings = graph.meetings()

    def _score(self, pid: PlayerId) -> str:
        return half_points(self.trace.scores[pid])

    def notes(self) -> tuple[Reason, ...]:
        rnd, history = self.rnd, self.rnd.history
        out = [
            Reason(
                Topic.ROUND,
                STEP1,
                f"pairing order: {len(rnd.pairing_order)} players by score (descending), then "
                f"seed (ascending); first {refs(rnd.pairing_order, 6)}",
            )
        ]
        earlier = history.first_live
        if rnd.history_rounds_removed:
            first = earlier + 1
            last = earlier + rnd.history_rounds_removed
            span = f"round {first}" if first == last else f"rounds {first}-{last}"
            out.append(
                Reason(
                    Topic.ROUND,
                    STEP3,
                    f"no viable pairing existed with the encounter history: its earliest "
                    f"{span} removed for good; meetings there no longer bar a pair",
                )
            )
        else:
            out.append(
                Reason(
                    Topic.ROUND,
                    STEP3,
                    "a viable pairing exists with the encounter history as it stands"
                    + (f" (rounds 1-{earlier} were removed before)" if earlier else ""),
                )
            )
        return tuple(out)

    def board(self, n: int, i: int, j: int) -> BoardExplanation:
        first, second = self.players[i], self.players[j]
        pos_f, pos_s = self.position[first], self.position[second]
        passed = self.trace.passed_over[n]
        reasons = [
            Reason(
                Topic.BRACKET,
                STEP4,
                f"{ref(first)} (place {pos_f}, score {self._score(first)}) is the first "
                f"unpaired player in the pairing order: first-of-pair",
            ),
            Reason(
                Topic.CHOICE,
                STEP4,
                f"{ref(second)} (place {pos_s}, score {self._score(second)}) is the "
                + (
                    "next unpaired player in the pairing order, allowed and keeping the round "
                    "viable"
                    if not passed
                    else f"highest-ranked unpaired player {ref(first)} may meet with the rest "
                    f"of the round still viable"
                ),
            ),
            *self._rejections(i, passed),
        ]
        float_reason = self._float(first, second, passed)
        if float_reason is not None:
            reasons.append(float_reason)
        board, colour = self._colours(first, second)
        reasons.append(colour)
        bracket = f"pairing order {pos_f} and {pos_s}"
        return BoardExplanation(board.white, board.black, bracket, tuple(reasons))

    def _rejections(self, i: int, passed: Sequence[int]) -> list[Reason]:
        """STEP 3 for each player passed over, grouped by what barred them."""
        graph, wgd = self.graph, self.graph.wgd
        first = self.players[i]
        out = []
        colour: dict[int, list[PlayerId]] = {}
        forbidden: list[PlayerId] = []
        viability: list[PlayerId] = []
        for c in passed:
            other = self.players[c]
            met = self.meetings.get((i, c) if i < c else (c, i))
            if met:
                rounds = ", ".join(str(self.first_live_round + k) for k in met)
                out.append(
                    Reason(
                        Topic.REJECTED,
                        STEP3,
                        f"{ref(other)}: already met {ref(first)} (round {rounds} of the "
                        f"encounter history)",
                    )
                )
            elif not colours_compatible(wgd[i], wgd[c]):
                colour.setdefault(wgd[c], []).append(other)
            elif graph.forbidden(i, c):
                forbidden.append(other)
            else:
                viability.append(other)
        for w, pids in colour.items():
            out.append(
                Reason(
                    Topic.REJECTED,
                    STEP3,
                    f"{refs(pids)}: colour balancing, white game difference {_signed(w)} "
                    f"against {ref(first)}'s {_signed(wgd[i])} (|sum| over 2)",
                )
            )
        if forbidden:
            out.append(
                Reason(
                    Topic.REJECTED,
                    STEP3,
                    f"{refs(forbidden)}: the arbiter forbade the pair with {ref(first)}",
                )
            )
        if viability:
            out.append(
                Reason(
                    Topic.REJECTED,
                    STEP3,
                    f"{refs(viability)}: allowed, but pairing {ref(first)} with "
                    f"{'them' if len(viability) > 1 else 'this player'} leaves no viable "
                    f"pairing for the rest of the round (viability)",
                )
            )
        return out

    def _float(self, first: PlayerId, second: PlayerId, passed: Sequence[int]) -> Reason | None:
        scores = self.trace.scores
        if scores[first] == scores[second]:
            return None
        same = [self.players[c] for c in passed if scores[self.players[c]] == scores[first]]
        why = (
            f"the unpaired players with {ref(first)}'s score ({refs(same)}) were barred (see above)"
            if same
            else f"no other player with {ref(first)}'s score was left unpaired"
        )
        return Reason(
            Topic.FLOAT,
            STEP4,
            f"{ref(second)} (score {self._score(second)}) plays {ref(first)} (score "
            f"{self._score(first)}): {why}",
        )

    def _colours(self, first: PlayerId, second: PlayerId) -> tuple[Board, Reason]:
        if self.state.double_rounds:
            text = (
                f"double rounds: the first-of-pair {ref(first)} has black in the first game "
                f"and white in the second"
            )
            return Board(second, first), Reason(Topic.COLOUR, STEP5, text)
        wgd, scores = self.trace.wgd, self.trace.scores
        board, rule = single_round_decision(first, second, wgd, scores, self.rnd.number)
        white, black = board.white, board.black
        if rule is ColourRule.WGD:
            text = (
                f"{ref(black)} has black: the greater white game difference "
                f"({_signed(wgd[black])} against {_signed(wgd[white])})"
            )
        elif rule is ColourRule.SCORE:
            text = (
                f"{ref(black)} has black: equal white game differences "
                f"({_signed(wgd[black])}), the higher score ({self._score(black)} against "
                f"{self._score(white)})"
            )
        else:
            has = "white" if white == first else "black"
            text = (
                f"equal white game differences ({_signed(wgd[first])}) and scores "
                f"({self._score(first)}): in round {self.rnd.number} the 2112 pattern gives "
                f"the first-of-pair {ref(first)} {has}"
            )
        return board, Reason(Topic.COLOUR, STEP5, text)

    def bye(self, pid: PlayerId) -> ByeExplanation:
        byes = self.trace.byes
        order = self.rnd.pairing_order
        below = order[order.index(pid) + 1 :]
        reasons = [
            Reason(
                Topic.BYE,
                STEP2,
                f"odd number of players: the BYE goes to the lowest player in the pairing "
                f"order among those who received the fewest BYEs ({byes[pid]}); {ref(pid)} is "
                f"in place {self.position[pid]} of {len(order)}",
            )
        ]
        if below:
            reasons.append(
                Reason(
                    Topic.REJECTED,
                    STEP2,
                    f"{refs(below)}: lower in the pairing order, but already received more BYEs",
                )
            )
        return ByeExplanation(pid, tuple(reasons))
