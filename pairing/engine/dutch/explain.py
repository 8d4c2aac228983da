"""Why a Dutch round is paired as it is (``explain_round``), 2017 and 2026 editions.

The round is paired once with a recorder on its :class:`~pairing.engine.dutch.graph.RoundRules`:
every bracket solved leaves its graph and chosen candidate there. The brackets that made the
final pairing are the chain ending in the last bracket (each one's MDPs are the downfloaters
of the one before; a bracket paired again, as the PPB or after a hopeful look-ahead, was
recorded later and is the one taken). For each of them the explanation gives:

* the bracket (scoregroup, MDPs, homogeneous or not, PPB / collapsed last bracket / C4), S1
  and S2 (B.2 / 3.2);
* per board the candidate's choice in the rule's terms: the MDP-pairing (D.3 / 4.4), an
  exchange (D.2 / 4.3), the transposition (D.1 / 4.2): the S2 players ranked above the
  partner and still free are the higher candidates, each rejected by the first criterion on
  which the candidate with it is worse (C.1, C.3 for a pair that may not be, else the
  quality levels C.4-C.19 / C4-C21, compared pair by pair);
* who floats down and what forced it: the bracket's largest pairing (C.5 / C6: an odd
  number, or C.1 / C.3), C.4 / C4 (the rest of the round), and for each MDP paired and each
  lower-ranked player who might have floated instead the criterion that kept him paired;
* the colour rule (E.1-E.5 / 5.2.1-5.2.5) and the pairing-allocated bye (C.2 / C2, 2026 C5
  and C9).

An alternative is compared with the chosen candidate through the engine's own per-pair gains
(:meth:`BracketGraph.gain`), so the bracket's criteria are compared exactly. What a change of
downfloaters does beyond the bracket (C.7 / C8, and C.4 / C4) is measured with the engine's
values for a single downfloater when it has them, by weighted matching of the players below
when they are few (``EXACT_REST``), else by the number of pairs they can make. At most
``ALTERNATIVES`` alternatives are looked at per board and per downfloater.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import pairwise

from pairing.engine.core.explain import (
    BoardExplanation,
    ByeExplanation,
    Reason,
    RoundExplanation,
    Topic,
    ref,
)
from pairing.engine.core.rules import higher_ranked
from pairing.engine.core.state import Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.dutch.colours import colour_decision
from pairing.engine.dutch.edition import (
    EDITION_2017,
    EDITION_2026,
    Edition,
    edition_named,
)
from pairing.engine.dutch.graph import (
    BracketGraph,
    BracketResult,
    Mode,
)
from pairing.engine.dutch.players import DutchPlayer
from pairing.engine.dutch.reasons import bracket_reasons
from pairing.engine.dutch.system import pair_round
from pairing.engine.dutch.terms import Terms, colour_name, terms_of

# -- entry points -----------------------------------------------------------------------------


def explain_round(
    state: TournamentState, edition: Edition = EDITION_2017
) -> tuple[RoundPairing, RoundExplanation]:
    """The pairing :func:`pair_round` gives by ``edition``, and why."""
    recorder: list[tuple[BracketGraph, BracketResult]] = []
    pairing = pair_round(state, edition, recorder)
    again = paired_again(recorder)
    return pairing, round_explanation(state, edition, final_chain(recorder), pairing, again)


def explain_round_2017(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    return explain_round(state, EDITION_2017)


def explain_round_2026(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
    return explain_round(state, EDITION_2026)


def explain_round_in_force(
    state: TournamentState,
) -> tuple[RoundPairing, RoundExplanation]:
    """By the edition the tournament names (record 192), 2026 when it names none."""
    return explain_round(state, edition_named(state.info.system_code))


# -- the brackets that made the pairing ------------------------------------------------------


def final_chain(
    recorder: Sequence[tuple[BracketGraph, BracketResult]],
) -> list[tuple[BracketGraph, BracketResult]]:
    """The brackets of the final pairing, top down: from the last bracket recorded, each
    one's predecessor is the latest bracket recorded before it whose downfloaters are its
    MDPs (a bracket paired again was recorded after its first attempt)."""
    if not recorder:
        return []
    chain = [len(recorder) - 1]
    while True:
        graph, _ = recorder[chain[-1]]
        mdps = {p.id for p in graph.players[: graph.mdp_count]}
        top = graph.players[graph.mdp_count].score if graph.size > graph.mdp_count else None
        found = None
        for k in range(chain[-1] - 1, -1, -1):
            g, r = recorder[k]
            if {p.id for p in r.downfloaters} != mdps:
                continue
            residents = g.players[g.mdp_count : g.size]
            if residents and top is not None and residents[0].score <= top:
                continue  # not above this bracket
            found = k
            break
        if found is None:
            break
        chain.append(found)
    return [recorder[k] for k in reversed(chain)]


def paired_again(recorder: Sequence[tuple[BracketGraph, BracketResult]]) -> frozenset[int]:
    """The brackets (``id`` of their graphs) paired again under 2026 C4 because the bracket
    below could not reach, under C4, the outcome their first pairing's C8 look-ahead counted
    on (``outlook.pair_brackets``). A bracket paired again because its own best candidate left
    the rest unpairable was recorded right after that candidate; one paired again after the
    look-ahead, right after the bracket below."""

    def residents(graph: BracketGraph) -> frozenset[PlayerId]:
        return frozenset(p.id for p in graph.players[graph.mdp_count : graph.size])

    return frozenset(
        id(graph)
        for (before, _), (graph, _) in pairwise(recorder)
        if graph.mode is Mode.COMPLETE and residents(before) != residents(graph)
    )


def round_explanation(
    state: TournamentState,
    edition: Edition,
    chain: Sequence[tuple[BracketGraph, BracketResult]],
    pairing: RoundPairing,
    again: Collection[int] = (),
) -> RoundExplanation:
    """The explanation of ``pairing`` from the brackets that made it (top down); ``again``:
    the brackets paired again after a hopeful look-ahead (:func:`paired_again`)."""
    terms = terms_of(edition)
    floats: dict[PlayerId, list[Reason]] = {}
    boards: dict[frozenset[PlayerId], list[Reason]] = {}
    labels: dict[frozenset[PlayerId], str] = {}
    players: dict[PlayerId, DutchPlayer] = {}
    bye_reasons: list[Reason] = []
    notes: list[Reason] = []
    for k, (graph, result) in enumerate(chain):
        players.update((p.id, p) for p in graph.players[: graph.size])
        collapsed = k > 0 and chain[k - 1][0].mode is Mode.PPB
        said = bracket_reasons(
            graph, result, edition, floats, collapsed, state, again=id(graph) in again
        )
        for key, reasons in said.boards.items():
            boards[key], labels[key] = reasons, said.label
        for pid, reasons in said.floats.items():
            floats.setdefault(pid, []).extend(reasons)
        bye_reasons += said.bye
        notes += said.notes
    initial = chain[-1][0].rules.initial if chain else Colour.WHITE
    explained = []
    for b in pairing.boards:
        key = frozenset((b.white, b.black))
        white, black = players[b.white], players[b.black]
        rule = colour_decision(white, black, initial)[1]
        colour = Reason(
            Topic.COLOUR,
            Terms.art(terms.colours[rule - 1]),
            _colour_text(rule, white, black, initial),
        )
        board_said = (*boards.get(key, []), colour)
        explained.append(BoardExplanation(b.white, b.black, labels.get(key, ""), board_said))
    bye = None
    if pairing.bye is not None:
        bye = ByeExplanation(pairing.bye, (*floats.get(pairing.bye, []), *bye_reasons))
    return RoundExplanation(terms.system, state.next_round, tuple(explained), bye, tuple(notes))


def _colour_text(rule: int, white: DutchPlayer, black: DutchPlayer, initial: Colour) -> str:
    high = higher_ranked(white, black)
    pw, pb = white.preference, black.preference
    if rule == 1:
        if pw.colour is None or pb.colour is None:
            who = white if pw.colour is not None else black
            return (
                f"only {ref(who.id)} has a colour preference "
                f"({colour_name(who.preference.colour)}): granted"
            )
        return f"both colour preferences granted: {ref(white.id)} White, {ref(black.id)} Black"
    if rule == 2:
        if pw.strength == pb.strength:
            wider = white if abs(pw.difference) > abs(pb.difference) else black
            return (
                f"both absolute (topscorers): {ref(wider.id)}'s, of the wider colour "
                f"difference, is granted"
            )
        strong = white if pw.strength > pb.strength else black
        return (
            f"the stronger colour preference is granted: {ref(strong.id)}'s "
            f"{strong.preference.strength.name.lower()} preference for "
            f"{colour_name(strong.preference.colour)}"
        )
    if rule == 3:
        return (
            f"equal preferences: the colours alternate from the latest round in which they "
            f"had different colours ({ref(white.id)} had Black then)"
        )
    if rule == 4:
        return (
            f"equal preferences and colour histories: the higher-ranked {ref(high.id)} gets "
            f"his preference ({colour_name(high.preference.colour)})"
        )
    odd = high.e5_number % 2 == 1
    return (
        f"no colour preference decides: the higher-ranked {ref(high.id)} has pairing number "
        f"{high.e5_number} ({'odd' if odd else 'even'}), so gets "
        f"{'the initial colour' if odd else 'the opposite of the initial colour'} "
        f"({colour_name(initial)})"
    )
