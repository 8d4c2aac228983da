"""Why a US Chess round is paired as it is (``explain_round``), citing the rules.

The round is paired once by :func:`~pairing.engine.usswiss.system.pair_us_round`; the
explanation is read from what it kept: the ranking (29A) and acceleration (28R1), per board
the score group (27A2), whether the pair is top half against bottom half (27A3), a
transposition or interchange and its rating points against the 29E5 limits, the odd player
(29D), the colour rule (29E), and the full-point bye (28L).
"""

from __future__ import annotations

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
from pairing.engine.core.state import Colour, RoundPairing, TournamentState
from pairing.engine.usswiss.colours import ColourRule
from pairing.engine.usswiss.groups import PairKind
from pairing.engine.usswiss.settings import USSettings
from pairing.engine.usswiss.system import (
    ByeRecord,
    PairRecord,
    USRound,
    accelerated_players,
    pair_us_round,
)

SYSTEM_NAME = "US Chess Swiss (Official Rules of Chess, 7th edition, rules 27-29)"


def explain_round(
    state: TournamentState, settings: USSettings | None = None
) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing :func:`~pairing.engine.usswiss.system.pair_round` gives, and why."""
    settings = settings or USSettings()
    rnd = pair_us_round(state, settings)
    explainer = _Explainer(state, settings, rnd)
    explanation = RoundExplanation(
        system=SYSTEM_NAME,
        round_number=rnd.number,
        boards=tuple(explainer.board(p) for p in rnd.pairs),
        bye=None if rnd.bye is None else explainer.bye(rnd.bye),
        notes=explainer.notes(),
    )
    return rnd.pairing, explanation


class _Explainer:
    def __init__(self, state: TournamentState, settings: USSettings, rnd: USRound) -> None:
        self.state = state
        self.settings = settings
        self.rnd = rnd
        self.dropped = dict(rnd.dropped)

    def notes(self) -> tuple[Reason, ...]:
        out = [
            Reason(
                Topic.ROUND,
                "29A",
                f"{len(self.rnd.ranking)} players ranked by score, then rating (unrated "
                f"players by an assigned rating, or last); first {refs(self.rnd.ranking, 6)}",
            )
        ]
        upper = accelerated_players(self.state, self.settings)
        if upper:
            out.append(
                Reason(
                    Topic.ROUND,
                    "28R1",
                    f"accelerated pairings: the upper half ({len(upper)} players by rating) "
                    f"is paired with one point added in round {self.rnd.number}",
                )
            )
        if self.settings.no_third_colour:
            last = self.state.is_last_round
            out.append(
                Reason(
                    Topic.ROUND,
                    "29E5f1",
                    "the last round: the leaders are paired by score, a third colour in a row "
                    "only as 29E5f allows"
                    if last
                    else "no player gets the same colour a third time in a row where the round "
                    "can be paired so, even outside the score groups (variation)",
                )
            )
        if self.settings.teams_never and self.settings.avoid_together:
            out.append(
                Reason(
                    Topic.ROUND,
                    "28N2",
                    "players of one keep-apart group are never paired together (variation), "
                    "unless in the last round the leader would otherwise leave his score group",
                )
            )
        elif self.settings.teams_plus_two and self.settings.avoid_together:
            out.append(
                Reason(
                    Topic.ROUND,
                    "28N1",
                    "players of one keep-apart group are paired together only when both have "
                    "plus-two scores (variation), where the round can be paired so",
                )
            )
        return tuple(out)

    def _group(self, score: int) -> str:
        return f"score group {half_points(score)}"

    def board(self, record: PairRecord) -> BoardExplanation:
        board, cost = record.board, record.cost
        white, black = board.white, board.black
        reasons = [
            Reason(
                Topic.BRACKET,
                "27A2",
                f"{self._group(record.group)}: players with equal scores are paired together",
            )
        ]
        odd = next((p for p in (white, black) if p in self.dropped), None)
        if cost.kind is PairKind.ODD_PLAYER and odd is not None:
            other = black if odd == white else white
            which = (
                "the middle player by rank (Harkness variation)"
                if self.settings.harkness
                else "the lowest-rated player"
            )
            reasons.append(
                Reason(
                    Topic.FLOAT,
                    "29D1a",
                    f"{ref(odd)} is the odd player of {self._group(self.dropped[odd])}: "
                    f"{which} whose dropping lets both groups be paired",
                )
            )
            reasons.append(self._odd_choice(odd, other, cost.natural, cost.deviation))
        elif cost.kind is PairKind.NATURAL:
            reasons.append(
                Reason(
                    Topic.CHOICE,
                    "27A3",
                    f"top half against bottom half: {ref(white)} and {ref(black)} face each "
                    f"other in rank order",
                )
            )
        else:
            reasons.append(self._switch(record))
        if cost.together:
            reasons.append(
                Reason(
                    Topic.REJECTED,
                    "28N",
                    f"{ref(white)} and {ref(black)} are in a group the TD asked to keep apart: "
                    f"no pairing within the rules above it avoided the pair",
                )
            )
        reasons.append(self._colour(record))
        return BoardExplanation(white, black, self._group(record.group), tuple(reasons))

    def _odd_choice(self, odd: int, other: int, natural: int | None, deviation: int) -> Reason:
        if natural is None:
            return Reason(
                Topic.CHOICE,
                "29D2",
                f"{ref(other)} is the highest-rated player of the next group {ref(odd)} may meet",
            )
        return Reason(
            Topic.CHOICE,
            self._limit_article(deviation),
            f"{ref(other)} instead of {ref(natural)}, {deviation} rating points lower: "
            f"{self._why_switch(deviation)}",
        )

    def _limit_article(self, deviation: int) -> str:
        if self.settings.colours_over_ratings and deviation > self.settings.alternation_limit:
            return "29E5h"
        if deviation <= self.settings.alternation_limit:
            return "29E5a"
        if deviation <= self.settings.equalization_limit:
            return "29E5b"
        return "27A1"

    def _why_switch(self, deviation: int) -> str:
        if self.settings.colours_over_ratings and deviation > self.settings.alternation_limit:
            return "for colours: colours before ratings, no point limit (variation)"
        if deviation <= self.settings.alternation_limit:
            return (
                f"within the {self.settings.alternation_limit}-point limit, to give more "
                f"players their due colour"
            )
        if deviation <= self.settings.equalization_limit:
            return f"within the {self.settings.equalization_limit}-point limit, to equalize colours"
        return "beyond the limits: no pairing within them exists without a rematch"

    def _switch(self, record: PairRecord) -> Reason:
        cost = record.cost
        white, black = record.board.white, record.board.black
        natural = cost.natural
        assert natural is not None
        what = (
            "transposition in the bottom half"
            if cost.kind is PairKind.TRANSPOSED
            else "interchange between the halves"
        )
        met = [p for p in (white, black) if self.state.met(p, natural)]
        if met:
            return Reason(
                Topic.CHOICE,
                "27A1",
                f"{what}: {ref(met[0])} has already played {ref(natural)}",
            )
        measure = (
            "the smaller of the two differences, 29E5c"
            if cost.kind is PairKind.TRANSPOSED
            else "between the players exchanged, 29E5d"
        )
        return Reason(
            Topic.CHOICE,
            self._limit_article(cost.deviation),
            f"{what} instead of {ref(natural)} ({cost.deviation} rating points, {measure}), "
            f"{self._why_switch(cost.deviation)}",
        )

    def _colour(self, record: PairRecord) -> Reason:
        decision = record.colours
        winner = ref(decision.winner)
        colour = "White" if decision.colour is Colour.WHITE else "Black"
        rule = decision.rule
        if rule is ColourRule.FIRST_ROUND:
            text = f"no colours yet: {winner} (higher-ranked) has {colour}, by the lot and board"
        elif rule is ColourRule.BOTH_DUE:
            text = f"{winner} is due {colour}, the opponent is not: both get their due colour"
        elif rule is ColourRule.EQUALIZATION:
            text = (
                f"both due {colour}: {winner} needs it to equalize colours, the opponent "
                f"only to alternate"
            )
        elif rule is ColourRule.HISTORY:
            text = (
                f"both due {colour}, equally: {winner} had the other colour in the latest round "
                f"their colours differed (alternation)"
            )
        elif rule is ColourRule.RANK_ALTERNATE:
            text = (
                f"both due {colour} with the same history: {winner} is lower-ranked, the "
                f"identical claims of this score group going in turn to the higher- and the "
                f"lower-ranked (variation)"
            )
        elif rule is ColourRule.RANK_MINUS:
            text = (
                f"both due {colour} with the same history, in a minus score group: {winner} "
                f"is lower-ranked (variation)"
            )
        elif rule is ColourRule.LOT:
            text = (
                f"both due {colour} with the same history, in the last round: {colour} drawn "
                f"by lot for {winner} (seed {self.settings.lot_seed}, variation)"
            )
        else:
            text = f"both due {colour} with the same history: {winner} is higher-ranked"
        failures = []
        if record.cost.equalization_failures:
            failures.append("colours not equalized for one player (27A4)")
        if record.cost.due_colour_failures:
            failures.append("one player without his due colour (27A5)")
        if failures:
            text += "; " + ", ".join(failures)
        return Reason(Topic.COLOUR, rule.article, text)

    def bye(self, record: ByeRecord) -> ByeExplanation:
        reasons = [
            Reason(
                Topic.BYE,
                "28L2",
                f"odd number of players: the full-point bye goes to the lowest-rated player of "
                f"the lowest score group who has not had one; {ref(record.player)} is in "
                f"{self._group(record.group)}",
            )
        ]
        if record.instead_of is not None:
            reasons.append(
                Reason(
                    Topic.BYE,
                    "28L2a",
                    f"variation: {ref(record.player)} instead of {ref(record.instead_of)}, so "
                    f"that the rest of the group has better colours (within the 29E5 limits)",
                )
            )
        for pid, why in record.passed_over:
            # each reason ends with its rule: (28L3), (28L5) or (27A1)
            article = next((a for a in ("28L3", "28L5") if f"({a})" in why), "27A1")
            reasons.append(Reason(Topic.REJECTED, article, f"{ref(pid)}: {why}"))
        return ByeExplanation(record.player, tuple(reasons))
