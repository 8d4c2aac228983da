"""The pairing systems, one :class:`~pairing.engine.core.system.System` object per system and
edition, in one registry :data:`SYSTEMS` keyed by command-line name; :func:`system_for`
resolves the aliases ``dutch`` and ``dubov`` (the edition the tournament names in TRF-2026
record 192, the one in force, 2026, otherwise)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pairing.engine.core.acceleration import AccelerationError, declares_baku, with_baku
from pairing.engine.core.colours import Preference, preference
from pairing.engine.core.explain import ExplainRound, RoundExplanation
from pairing.engine.core.rules import fixed_board_order, pairing_numbers
from pairing.engine.core.state import Colour, PlayerId, RoundPairing, TournamentState
from pairing.engine.core.system import (
    ColourRuling,
    PlayerNotes,
    System,
    preference_text,
    recent_floats,
)
from pairing.engine.core.violations import ALL_RULES, TCEC_RULES, Violation
from pairing.engine.dubov.colours import colour_decision as dubov_colour_decision
from pairing.engine.dubov.edition import EDITION_2018 as DUBOV_2018_EDITION
from pairing.engine.dubov.edition import EDITION_2026 as DUBOV_2026_EDITION
from pairing.engine.dubov.edition import Edition as DubovEdition
from pairing.engine.dubov.edition import edition_named as dubov_edition_named
from pairing.engine.dubov.explain import explain_round as explain_dubov
from pairing.engine.dubov.players import MILD_BLACK, DubovPlayer
from pairing.engine.dubov.system import pair_round as pair_dubov
from pairing.engine.dutch.colours import colour_decision as dutch_colour_decision
from pairing.engine.dutch.edition import EDITION_2017, EDITION_2026, Edition, edition_named
from pairing.engine.dutch.explain import explain_round as explain_dutch
from pairing.engine.dutch.players import e5_numbers
from pairing.engine.dutch.system import pair_round as pair_dutch
from pairing.engine.tcec.explain import explain_round as explain_tcec
from pairing.engine.tcec.history import white_game_differences
from pairing.engine.tcec.system import ColourRule as TcecClause
from pairing.engine.tcec.system import double_round_colours, first_of_pair, single_round_decision
from pairing.engine.tcec.system import pair_round as pair_tcec
from pairing.engine.us_systems import ROUND_ROBIN, ROUND_ROBIN_DOUBLE, US_SWISS

PairRound = Callable[[TournamentState], RoundPairing]

COLOUR_RULES_SAY = {
    1: "both colour preferences granted",
    2: "the stronger colour preference granted",
    3: "colours alternate from the last round in which they differed",
    4: "the higher-ranked player's colour preference granted",
    5: "the higher-ranked player's pairing number decides",
}
"""What C.04.3 E.1-E.5 (2017; 5.2.1-5.2.5 in 2026) and C.04.4.1 E.1-E.4 say, by number."""
DUBOV_E0_SAYS = "both have yet to play: the higher-ranked player's pairing number decides"
"""C.04.4.1 E.0."""


@dataclass(frozen=True)
class _ColourView:
    """A registered player as the Dutch colour rules read them (any player, available or not:
    a board of the draft may have been made by hand)."""

    score: int
    """Pairing score (half-points, virtual points included)."""
    tpn: int
    """Pairing number."""
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first."""
    preference: Preference
    """C.04.3 A.6."""
    e5_number: int
    """The number whose parity E.5 (2026 5.2.5) reads."""


class DutchSystem(System):
    """FIDE Dutch (C.04.3) in one edition."""

    accelerations = frozenset({"baku"})  # C.04.7 (Baku), declared in record 192
    rules = ALL_RULES

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        """The switches of the edition (:mod:`pairing.engine.dutch.edition`)."""
        self.name = f"dutch-{edition.year}"
        self.title = f"FIDE Dutch (C.04.3, {edition.year} edition)"
        self.record_code = edition.code

    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        return pair_dutch(state, self.edition)

    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        return explain_dutch(state, self.edition)

    def colour_numbers(self, state: TournamentState) -> dict[PlayerId, int]:
        return e5_numbers(state)  # C.04.3 E.5 (2026 5.2.5)

    def rule_number(self, rule: int) -> str:
        """E.1-E.5 in the 2017 text, 5.2.1-5.2.5 in the 2026 one."""
        return f"E.{rule}" if self.edition.year == 2017 else f"5.2.{rule}"

    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        initial = self.initial_colour(state)
        scores = state.pairing_scores
        numbers = e5_numbers(state)
        out = []
        for a, b in pairs:
            view = {
                pid: _ColourView(
                    scores.get(pid, 0),
                    state.player(pid).tpn,
                    state.player(pid).colours,
                    preference(state.player(pid).colours),
                    numbers.get(pid, state.player(pid).tpn),
                )
                for pid in (a, b)
            }
            a_white, rule = dutch_colour_decision(view[a], view[b], initial)
            white = a if a_white else b
            out.append(ColourRuling(self.rule_number(rule), COLOUR_RULES_SAY[rule], white))
        return out

    def colour_preference(self, state: TournamentState, pid: PlayerId) -> Preference:
        return preference(state.player(pid).colours)  # A.6

    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        wish = preference_text(preference(state.player(pid).colours))  # A.6
        return PlayerNotes(wish, recent_floats(state, pid))

    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        # C.04.3 C.2 / C.04.1.d (2017); C2 / C.04.1 art. 4 (2026)
        return not self.edition.bye_barred(state.player(pid), state.points)


class DubovSystem(System):
    """FIDE Dubov (C.04.4.1) in one edition."""

    rules = ALL_RULES

    def __init__(self, edition: DubovEdition) -> None:
        self.edition = edition
        """The switches and article numbers of the edition (:mod:`pairing.engine.dubov.edition`)."""
        self.name = f"dubov-{edition.year}"
        self.title = f"FIDE Dubov (C.04.4.1, {edition.year} edition)"
        self.record_code = edition.code

    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        return pair_dubov(state, self.edition)

    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        return explain_dubov(state, self.edition)

    def _preference(self, colours: tuple[Colour, ...]) -> Preference:
        return preference(colours) if colours else MILD_BLACK  # C.04.4.1 A.5.d

    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        initial = self.initial_colour(state)
        scores = state.pairing_scores
        numbers = pairing_numbers(state)  # E.0: the initial ranking list
        out = []
        for a, b in pairs:
            # Only what section E reads is filled in: colours, preference, score and rank.
            view = {
                pid: DubovPlayer(
                    id=pid,
                    tpn=state.player(pid).tpn,
                    rating=state.player(pid).rating,
                    score=scores.get(pid, 0),
                    aro=0,
                    colours=state.player(pid).colours,
                    preference=self._preference(state.player(pid).colours),
                    upfloats=0,
                    upfloated_last_round=False,
                    max_upfloater=False,
                    bye_allowed=True,
                )
                for pid in (a, b)
            }
            a_white, rule = dubov_colour_decision(view[a], view[b], initial, numbers)
            says = DUBOV_E0_SAYS if rule == "E.0" else COLOUR_RULES_SAY[int(rule[2:])]
            # 2026: E.0-E.4 are 5.2.1-5.2.5
            out.append(ColourRuling(self.edition.article(rule), says, a if a_white else b))
        return out

    def colour_preference(self, state: TournamentState, pid: PlayerId) -> Preference:
        return self._preference(state.player(pid).colours)  # A.5

    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        wish = preference_text(self._preference(state.player(pid).colours))  # A.5
        return PlayerNotes(wish, recent_floats(state, pid))

    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        # 2018 C.2 (C.04.1.d); 2026 [C2] (C.04.1 art. 4: any win scored without playing)
        return not self.edition.bye_barred(state.player(pid), state.points)


def _who(state: TournamentState, pid: PlayerId) -> str:
    player = state.player(pid)
    return f"{player.name} ({pid})" if player.name else f"player {pid}"


TCEC_SAYS = {
    TcecClause.WGD: "the greater white-game difference gets Black",
    TcecClause.SCORE: "the higher score gets Black",
    TcecClause.PATTERN: "equal: the first of the pair follows the 1-2-2-1 pattern",
}
"""TCEC STEP 5 (single rounds), clause by clause, as the draft review words it."""
TCEC_DOUBLE_SAYS = "double rounds: the first of the pair has Black in game 1, White in game 2"
"""TCEC STEP 5 (double rounds)."""


class TcecSystem(System):
    """The TCEC Swiss system, single and double rounds (``XXT double``) alike."""

    name = "tcec"
    title = "TCEC Swiss"
    record_code = "TCEC_SWISS"
    rules = TCEC_RULES

    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        return pair_tcec(state)

    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        return explain_tcec(state)

    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        """STEP 5 for each pair, its first-of-pair found by STEP 1's pairing order (as the
        engine finds it), so that a pair made by hand is ruled as the system would rule it;
        double rounds: who has White in game 1 (game 2 reverses it)."""
        scores = state.scores
        ordered = [first_of_pair(state, a, b, scores) for a, b in pairs]
        if state.double_rounds:
            return [
                ColourRuling("STEP 5", TCEC_DOUBLE_SAYS, double_round_colours(first, second).white)
                for first, second in ordered
            ]
        wgd = white_game_differences(state)
        out = []
        for first, second in ordered:
            board, clause = single_round_decision(first, second, wgd, scores, state.next_round)
            out.append(ColourRuling("STEP 5", TCEC_SAYS[clause], board.white))
        return out

    def preference_breaks(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        """TCEC has no colour preferences to weigh: STEP 5 itself gives each pair its colours,
        so every board whose colours go against it (swapped, exchanged or paired by hand)
        breaks STEP 5, about both players; double rounds: game 1's colours (game 2 reverses
        them)."""
        boards = [b for b in pairing.boards if b.white in state.by_id and b.black in state.by_id]
        rulings = self.colour_rulings(state, [(b.white, b.black) for b in boards])
        game = " in game 1" if state.double_rounds else ""
        out = []
        for board, ruling in zip(boards, rulings, strict=True):
            if ruling.white in (None, board.white):
                continue
            white, black = _who(state, board.white), _who(state, board.black)
            message = (
                f"{white} has White{game} against {black}, but STEP 5 gives White{game} to "
                f"{black} ({ruling.says})"
            )
            out.append(Violation(ruling.rule, message, (board.white, board.black)))
        return out

    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        wgd = sum(
            1 if e.colour is Colour.WHITE else -1 for e in state.player(pid).results if e.opponent
        )
        return PlayerNotes(f"WGD {wgd:+d}", recent_floats(state, pid))

    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        return True  # STEP 2: byes go by count, nobody is barred


DUTCH_2017 = DutchSystem(EDITION_2017)
DUTCH_2026 = DutchSystem(EDITION_2026)
DUBOV_2018 = DubovSystem(DUBOV_2018_EDITION)
DUBOV_2026 = DubovSystem(DUBOV_2026_EDITION)
TCEC = TcecSystem()

SYSTEMS: dict[str, System] = {
    DUTCH_2017.name: DUTCH_2017,
    DUTCH_2026.name: DUTCH_2026,
    DUBOV_2018.name: DUBOV_2018,
    DUBOV_2026.name: DUBOV_2026,
    TCEC.name: TCEC,
    US_SWISS.name: US_SWISS,
    ROUND_ROBIN.name: ROUND_ROBIN,
    ROUND_ROBIN_DOUBLE.name: ROUND_ROBIN_DOUBLE,
}
"""Every system and edition by its command-line name."""

DUTCH = "dutch"
"""The alias of the Dutch edition a tournament names (record 192), 2026 when it names none."""
DUBOV = "dubov"
"""The alias of the Dubov edition a tournament names (record 192), 2026 when it names none."""

SYSTEM_NAMES = (DUTCH, DUBOV, *SYSTEMS)
"""Command-line names: the aliases, then every system."""


def system_for(name: str, state: TournamentState | None = None) -> System:
    """The system named ``name``; ``dutch`` and ``dubov`` are the edition ``state``'s record
    192 names (the one in force, 2026, when it names none or there is no state)."""
    if name == DUTCH:
        code = state.info.system_code if state is not None else ""
        return DUTCH_2017 if edition_named(code) is EDITION_2017 else DUTCH_2026
    if name == DUBOV:
        code = state.info.system_code if state is not None else ""
        return DUBOV_2018 if dubov_edition_named(code) is DUBOV_2018_EDITION else DUBOV_2026
    if name == ROUND_ROBIN.name and state is not None:  # record 192 may name the double one
        code = state.info.system_code.strip().upper()
        return ROUND_ROBIN_DOUBLE if code == ROUND_ROBIN_DOUBLE.record_code else ROUND_ROBIN
    if name not in SYSTEMS:
        raise ValueError(f"unknown pairing system {name!r} (choose from {', '.join(SYSTEM_NAMES)})")
    return SYSTEMS[name]


def pairing_system(name: str) -> PairRound:
    """The pairing function of a system by its command-line name (the boards numbered with
    the tournament's fixed boards); ``dutch`` follows each state's record 192."""
    system_for(name)  # unknown names fail here, not at the first round

    def pair(state: TournamentState) -> RoundPairing:
        return system_for(name, state).pair(state)

    return pair


def explaining_system(name: str) -> ExplainRound:
    """The explaining function of a system by its command-line name: the pairing
    :func:`pairing_system` gives, and why."""
    system_for(name)

    def explain(state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        pairing, why = system_for(name, state).explain(state)
        if not state.fixed_boards:
            return pairing, why
        # XXF numbers the boards, as System.pair does (issue 24: the receipt's engine pairing)
        return replace(pairing, boards=fixed_board_order(pairing.boards, state.fixed_boards)), why

    return explain


def initial_colour_of(name: str, state: TournamentState) -> Colour:
    """The initial colour system ``name`` pairs ``state`` with (see
    :meth:`System.initial_colour`)."""
    return system_for(name, state).initial_colour(state)


def with_system_record(state: TournamentState, name: str) -> TournamentState:
    """``state`` naming the Dutch or Dubov edition ``name`` pairs by in its record 192 (an alias:
    the edition in force, 2026), or the US Chess Swiss or round-robin system; TCEC states are
    left as they are."""
    system = {DUTCH: DUTCH_2026, DUBOV: DUBOV_2026}.get(name) or system_for(name, state)
    if system is TCEC:
        return state
    return replace(state, info=replace(state.info, system_code=system.record_code))


def apply_declared_acceleration(state: TournamentState, name: str) -> TournamentState:
    """A file whose record 192 asks for Baku acceleration and gives no virtual points of its
    own gets the rule's virtual points (explicit ``XXA`` / 250 records take precedence: TRF26,
    record 250), when system ``name`` applies Baku acceleration (the Dutch system only)."""
    if not declares_baku(state) or state.acceleration:
        return state
    if "baku" not in system_for(name, state).accelerations:
        raise AccelerationError(
            f"record 192 ({state.info.system_code}) asks for Baku acceleration, which this "
            f"program applies with the Dutch system only; give the virtual points as XXA or "
            f"250 records to pair it with {name}"
        )
    return with_baku(state)
