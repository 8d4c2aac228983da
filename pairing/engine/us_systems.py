"""The US Chess Swiss system and the round robins as :class:`System` objects (registered in
:mod:`pairing.engine.systems` as ``uscf``, ``round-robin`` and ``round-robin-double``).

US Chess: the Official Rules of Chess, 7th edition, chapter 2 (27A1 no rematch, 28L the
full-point bye, 29E colours), with the section's settings read from the state's ``XXU``
record (:mod:`pairing.engine.usswiss.settings`). Round robins: FIDE C.05 Annex 1, the Berger
table is the rule (a board or a bye other than the table's breaks it).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pairing.engine.core.errors import TrfError
from pairing.engine.core.explain import RoundExplanation
from pairing.engine.core.state import Board, PlayerId, RoundPairing, TournamentState
from pairing.engine.core.system import ColourRuling, PlayerNotes, System
from pairing.engine.core.violations import (
    ABSENT_PAIRED,
    NOT_PAIRED,
    PAIRED_TWICE,
    REMATCH,
    SECOND_BYE,
    UNKNOWN_PLAYER,
    Violation,
    violations,
)
from pairing.engine.roundrobin import explain_round as explain_round_robin
from pairing.engine.roundrobin import pair_round as pair_round_robin
from pairing.engine.roundrobin import round_pairs
from pairing.engine.roundrobin.berger import table_size
from pairing.engine.usswiss import colour_rule as us_colour_rule
from pairing.engine.usswiss import explain_round as explain_us
from pairing.engine.usswiss import may_have_bye as us_may_have_bye
from pairing.engine.usswiss import pair_round as pair_us
from pairing.engine.usswiss.colours import due_colour
from pairing.engine.usswiss.settings import (
    SETTINGS_RECORD,
    SettingsError,
    USSettings,
    settings_of,
)

US_REMATCH = "27A1"
US_SECOND_BYE = "28L3"
US_RULE_NAMES = {REMATCH: US_REMATCH, SECOND_BYE: US_SECOND_BYE}
"""The US Chess numbers of the absolute rules the shared checker tests."""
US_RULES = frozenset({REMATCH, SECOND_BYE, PAIRED_TWICE, NOT_PAIRED, ABSENT_PAIRED, UNKNOWN_PLAYER})
"""What a hand-changed US Chess pairing is checked for: no rematch (27A1), no second
full-point bye (28L3) and the bookkeeping. Colours are not absolute in US Chess (27A4, 27A5
rank below the score groups): a hand change that costs colours is the TD's call."""

TABLE_RULE = "C.05 Annex 1"
ROUND_ROBIN_RULES = frozenset({REMATCH, PAIRED_TWICE, NOT_PAIRED, ABSENT_PAIRED, UNKNOWN_PLAYER})


class USSwissSystem(System):
    """US Chess Swiss (rules 27-29); settings from the state's ``XXU`` record, or fixed."""

    name = "uscf"
    title = "US Chess Swiss (Official Rules of Chess, rules 27-29)"
    record_code = "USCF_SWISS"
    """Not an ETT26 code (ETT26 has none for US Chess): this program's, read back on import."""
    rules = US_RULES

    def __init__(self, settings: USSettings | None = None) -> None:
        self.settings = settings
        """Fixed settings (``None``: the state's ``XXU`` record, else the rules' defaults)."""

    def settings_for(self, state: TournamentState) -> USSettings:
        try:
            fixed = self.settings
            players = {p.id for p in state.players}
            records = state.info.extra_records
            settings = fixed if fixed is not None else settings_of(records, players)
        except SettingsError as e:  # a file's record: its line and the word's column
            line = dict(state.info.record_lines).get(SETTINGS_RECORD, 0)
            raise TrfError(str(e), line, e.column) from e
        except ValueError as e:
            raise TrfError(str(e)) from e
        if settings.last_round_lot and settings.lot_seed is None and state.is_last_round:
            raise TrfError(
                "29E4c: the last round's colours are drawn by lot, but no seed was drawn: "
                "write it in the XXU record as last-round-lot=SEED"
            )
        return settings

    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        return pair_us(state, self.settings_for(state))

    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        return explain_us(state, self.settings_for(state))

    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        settings = self.settings_for(state)
        out = []
        for number, (a, b) in enumerate(pairs, start=1):
            decision = us_colour_rule(state, a, b, settings, number)
            white = decision.board.white
            out.append(ColourRuling(decision.rule.article, decision.rule.value, white))
        return out

    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        due = due_colour(state.player(pid))  # 29E3
        return PlayerNotes("none" if due is None else f"{due.name.title()} due", "")

    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        return us_may_have_bye(state, pid)  # 28L3: one full-point bye (U or F)

    def violations(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        found = violations(state, pairing, self.rules, self._bye_barred(state))
        return [_us_numbered(v) for v in found]

    def new_violations(
        self, state: TournamentState, before: RoundPairing, after: RoundPairing
    ) -> list[Violation]:
        old = set(self.violations(state, before))
        return [v for v in self.violations(state, after) if v not in old]


def _us_numbered(v: Violation) -> Violation:
    if v.rule == SECOND_BYE:  # the shared checker's message names the FIDE bar
        return Violation(
            US_SECOND_BYE,
            f"{v.message.split(' already')[0]} already had a full-point bye",
            v.players,
        )
    return Violation(US_RULE_NAMES.get(v.rule, v.rule), v.message, v.players)


class RoundRobinSystem(System):
    """A round robin by the Berger tables (C.05 Annex 1), single or double."""

    rules = ROUND_ROBIN_RULES

    def __init__(self, double: bool) -> None:
        self.double = double
        self.name = "round-robin-double" if double else "round-robin"
        self.title = f"{'Double r' if double else 'R'}ound robin (Berger tables, FIDE C.05 Annex 1)"
        self.record_code = "BERGER_DOUBLEROUNDROBIN" if double else "BERGER_ROUNDROBIN"
        # the second cycle repeats every pairing: the table, not 27A1/C.04.1.b, is the rule
        self.rules = ROUND_ROBIN_RULES - {REMATCH} if double else ROUND_ROBIN_RULES

    def pair_as_system(self, state: TournamentState) -> RoundPairing:
        return pair_round_robin(state, self.double)

    def explain(self, state: TournamentState) -> tuple[RoundPairing, RoundExplanation]:
        return explain_round_robin(state, self.double)

    def _numbers(self, state: TournamentState) -> dict[PlayerId, int]:
        ranked = sorted(state.players, key=lambda p: p.tpn)
        return {p.id: k for k, p in enumerate(ranked, start=1)}

    def _table(self, state: TournamentState) -> tuple[tuple[int, int], ...]:
        return round_pairs(len(state.players), state.next_round, self.double)

    def colour_rulings(
        self, state: TournamentState, pairs: Sequence[tuple[PlayerId, PlayerId]]
    ) -> list[ColourRuling]:
        number = self._numbers(state)
        table = {frozenset(p): p for p in self._table(state)}
        out = []
        for a, b in pairs:
            row = table.get(frozenset((number[a], number[b])))
            if row is None:
                out.append(ColourRuling(TABLE_RULE, "not a pair of this round's table", None))
                continue
            white = a if number[a] == row[0] else b
            says = f"the table gives White to number {row[0]}"
            out.append(ColourRuling(TABLE_RULE, says, white))
        return out

    def notes(self, state: TournamentState, pid: PlayerId) -> PlayerNotes:
        return PlayerNotes(f"number {self._numbers(state)[pid]}", "")

    def may_have_bye(self, state: TournamentState, pid: PlayerId) -> bool:
        # odd field: only the player meeting the dummy has the bye (C.05 Annex 1)
        return pid == pair_round_robin(state, self.double).bye

    def _bye_barred(self, state: TournamentState) -> frozenset[PlayerId]:
        bye = pair_round_robin(state, self.double).bye
        return frozenset(p.id for p in state.players if p.id != bye)

    def violations(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        found = violations(state, pairing, self.rules, self._bye_barred(state))
        # the table's opponent of a player absent this round leaves the player without a
        # game: not a pairing fault (C.05 Annex 1 pairs by number, whoever comes)
        idle = self._without_opponent(state)
        found = [v for v in found if not (v.rule == NOT_PAIRED and set(v.players) <= idle)]
        return found + self._off_table(state, pairing)

    def _without_opponent(self, state: TournamentState) -> set[PlayerId]:
        """The players whose opponent in this round's table is absent."""
        number = self._numbers(state)
        by_number = {k: pid for pid, k in number.items()}
        out = set()
        for w, b in self._table(state):
            white, black = by_number.get(w), by_number.get(b)
            if white in state.absent and black is not None:
                out.add(black)
            if black in state.absent and white is not None:
                out.add(white)
        return out

    def new_violations(
        self, state: TournamentState, before: RoundPairing, after: RoundPairing
    ) -> list[Violation]:
        old = set(self.violations(state, before))
        return [v for v in self.violations(state, after) if v not in old]

    def suggest(self, state: TournamentState, rules: Collection[str] | None = None) -> RoundPairing:
        return self.pair(state)  # the table is the legal pairing

    def _off_table(self, state: TournamentState, pairing: RoundPairing) -> list[Violation]:
        """Boards and the bye that are not the table's (C.05 Annex 1)."""
        number = self._numbers(state)
        table = pair_round_robin(state, self.double)
        expected = set(table.boards)
        out = []
        for board in pairing.boards:
            if board in expected or board.white not in number or board.black not in number:
                continue
            w, b = number[board.white], number[board.black]
            swapped = Board(board.black, board.white) in expected
            what = "with the table's colours reversed" if swapped else "not in this round's table"
            out.append(
                Violation(
                    TABLE_RULE,
                    f"numbers {w} and {b} are paired {what}",
                    (board.white, board.black),
                )
            )
        if pairing.bye is not None and pairing.bye != table.bye and pairing.bye in number:
            out.append(
                Violation(
                    TABLE_RULE,
                    f"number {number[pairing.bye]} does not meet the dummy in this round",
                    (pairing.bye,),
                )
            )
        return out


def round_robin_rounds(players: int, double: bool = False) -> int:
    """The number of rounds of a (double) round robin of ``players``."""
    return (table_size(players) - 1) * (2 if double else 1)


US_SWISS = USSwissSystem()
ROUND_ROBIN = RoundRobinSystem(double=False)
ROUND_ROBIN_DOUBLE = RoundRobinSystem(double=True)

__all__ = [
    "ROUND_ROBIN",
    "ROUND_ROBIN_DOUBLE",
    "US_SWISS",
    "RoundRobinSystem",
    "USSwissSystem",
    "round_robin_rounds",
]
