"""The draft of a round and the arbiter's hand adjustments to it (add or remove a board, give
the bye, exchange players, swap colours): each change is checked against the rules and, when
it breaks one, applied only when confirmed with a reason, recorded in the round's receipt."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property

from django.db import transaction

from pairing.engine import (
    Board,
    ManualChange,
    RoundExplanation,
    RoundPairing,
    System,
    TournamentState,
    Violation,
    fixed_board_order,
    system_for,
)
from pairing.explanations import (
    BoardWhy,
    ShownReason,
    board_reasons,
    bye_reasons,
    round_notes,
    stored_explanation,
)
from pairing.services import Snapshot, engine_system, fixed_boards, snapshot
from tournaments import receipts
from tournaments.errors import ArbiterError
from tournaments.lifecycle import locked_tournament
from tournaments.models import Bye, Game, Round, Tournament

NOT_PAIRED = "not paired"
"""The bookkeeping rule of :func:`pairing.engine.violations` for an available player left
without a board or the bye: a draft being paired by hand may break it until it is published."""


def write_pairing(tournament: Tournament, rows: list[Round], pairing: RoundPairing) -> None:
    """Boards and the pairing-allocated bye of the round row(s), the boards numbered with the
    fixed boards (an engine's pairing already is; a hand-made draft is numbered again after
    each change). A TCEC double round is two rows; the second replays the boards with colours
    reversed."""
    entries = list(tournament.entries.all())
    entry = {e.pairing_number: e for e in entries}
    boards = fixed_board_order(pairing.boards, fixed_boards(entries))
    for leg, rnd in enumerate(rows):
        Game.objects.bulk_create(
            Game(
                round=rnd,
                board=board,
                white=entry[b.black if leg else b.white],
                black=entry[b.white if leg else b.black],
            )
            for board, b in enumerate(boards, start=1)
        )
        if pairing.bye is not None:
            Bye.objects.create(
                entry=entry[pairing.bye], round_number=rnd.number, kind=Bye.Kind.PAIRING_ALLOCATED
            )


def add_board(
    tournament_id: int, number: int, white: int, black: int, confirm: bool = False, reason: str = ""
) -> DraftChange:
    """Pair two unpaired players of the draft on a new last board."""
    change = ManualChange("add-board", players=(white, black))
    return change_draft(tournament_id, number, change, confirm, reason=reason)


def remove_board(
    tournament_id: int, number: int, board: int, confirm: bool = False, reason: str = ""
) -> DraftChange:
    """Take a board out of the draft: its players are unpaired until paired again."""
    change = ManualChange("remove-board", board=board)
    return change_draft(tournament_id, number, change, confirm, {NOT_PAIRED}, reason)


def set_bye(
    tournament_id: int, number: int, player: int | None, confirm: bool = False, reason: str = ""
) -> DraftChange:
    """Give the pairing-allocated bye of the draft to an unpaired player (``None``: no bye)."""
    change = ManualChange("bye", players=() if player is None else (player,))
    return change_draft(tournament_id, number, change, confirm, {NOT_PAIRED}, reason)


# -- the draft -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """A paired round as the engine sees it: the state before it and its pairing."""

    number: int
    """The first round row of the round."""
    state: TournamentState
    pairing: RoundPairing
    system: System
    """The tournament's system: its rules (C.04.1 and the bookkeeping, or TCEC's) and its bye
    rule (the 2026 editions bar every win scored without playing, C.04.1 art. 4)."""
    explanation: RoundExplanation | None = None
    """Why the engine paired the round so (``None``: not stored)."""

    @property
    def violations(self) -> list[Violation]:
        return self.system.violations(self.state, self.pairing)

    @property
    def virtual_points(self) -> dict[int, int]:
        """Pairing number -> virtual half-points held in this round (acceleration, C.04.7):
        the pairing score less the score, for the players who hold any."""
        pairing, real = self.state.pairing_scores, self.state.scores
        return {pid: pairing[pid] - real[pid] for pid in pairing if pairing[pid] != real[pid]}

    @cached_property
    def _names(self) -> dict[int, str]:
        return {p.id: f"{p.id}. {p.name}" if p.name else str(p.id) for p in self.state.players}

    @cached_property
    def why(self) -> dict[int, BoardWhy]:
        """Board number -> why the engine paired it so (or that the arbiter changed it)."""
        boards = [(n, b.white, b.black) for n, b in enumerate(self.pairing.boards, start=1)]
        return board_reasons(self.explanation, boards, self._names)

    @property
    def bye_why(self) -> BoardWhy | None:
        return bye_reasons(self.explanation, self.pairing.bye, self._names)

    @property
    def round_notes(self) -> tuple[ShownReason, ...]:
        return round_notes(self.explanation, self._names)


def draft_of(snap: Snapshot, number: int) -> Draft:
    """The pairing stored in round row ``number`` (the first game's colours in TCEC double
    rounds), with the state before it."""
    numbers = {e.pk: e.pairing_number for e in snap.entries}
    boards = tuple(Board(numbers[g.white_id], numbers[g.black_id]) for g in snap.games_of(number))
    bye = next(
        (
            numbers[b.entry_id]
            for b in snap.byes
            if b.round_number == number and b.kind == Bye.Kind.PAIRING_ALLOCATED
        ),
        None,
    )
    state = snap.state(number - 1)
    system = system_for(engine_system(snap.tournament), state)
    explanation = stored_explanation(snap, number)
    return Draft(number, state, RoundPairing(boards, bye), system, explanation)


def placed(pairing: RoundPairing) -> list[int]:
    """The players on a board or with the bye (a player twice is listed twice)."""
    ids = [p for b in pairing.boards for p in (b.white, b.black)]
    return ids if pairing.bye is None else [*ids, pairing.bye]


@dataclass(frozen=True)
class DraftChange:
    applied: bool
    broken: list[Violation]
    """The rules the change breaks that the draft did not break before."""
    reason_missing: bool = False
    """Confirmed without the reason a rule-breaking change needs (for the round's receipt)."""


def change_draft(
    tournament_id: int,
    number: int,
    change: ManualChange,
    confirm: bool = False,
    tolerated: Collection[str] = (),
    reason: str = "",
) -> DraftChange:
    """Apply a hand adjustment to the draft of round row ``number``. A change that breaks a
    rule (other than the ``tolerated`` ones) is only applied with ``confirm`` and a
    ``reason``; otherwise the broken rules come back for the arbiter to confirm. The round's
    receipt lists the change with the reason and the rules it broke."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        rows = list(
            tournament.round_set.filter(number__gte=number, number__lt=number + tournament.legs)
        )
        if not rows:
            raise ArbiterError(f"{tournament.round_label(number)} is not paired.")
        if any(r.status != Round.Status.DRAFT for r in rows):
            raise ArbiterError(
                f"{tournament.round_label(number)} has been published in the meantime: its "
                f"pairing can no longer change (undo it while it has no result, or enter "
                f"forfeits)."
            )
        snap = snapshot(tournament)
        draft = draft_of(snap, number)
        try:
            proposed = change.apply(draft.pairing)
        except ValueError as e:
            raise ArbiterError(str(e)) from e
        unknown = sorted(set(placed(proposed)) - set(snap.entry_by_number))
        if unknown:
            raise ArbiterError(f"There is no player {unknown[0]} in this tournament.")
        broken = draft.system.new_violations(draft.state, draft.pairing, proposed)
        broken = [v for v in broken if v.rule not in tolerated]
        if broken and not confirm:
            return DraftChange(False, broken)
        if broken and not reason.strip():
            return DraftChange(False, broken, reason_missing=True)
        Bye.objects.filter(
            entry__tournament=tournament,
            round_number__in=[r.number for r in rows],
            kind=Bye.Kind.PAIRING_ALLOCATED,
        ).delete()
        Game.objects.filter(round__in=rows).delete()
        write_pairing(tournament, rows, proposed)
        confirmed = tuple(f"{v.rule} {v.message}" for v in broken)
        receipts.record_change(rows[0], replace(change, reason=reason.strip(), broken=confirmed))
        return DraftChange(True, broken)


def exchange_in_draft(
    tournament_id: int, number: int, a: int, b: int, confirm: bool = False, reason: str = ""
) -> DraftChange:
    """Two players of the draft trade places (a board, a colour or the bye)."""
    change = ManualChange("exchange", players=(a, b))
    return change_draft(tournament_id, number, change, confirm, reason=reason)


def swap_colours_in_draft(
    tournament_id: int, number: int, board: int, confirm: bool = False, reason: str = ""
) -> DraftChange:
    """The two players of a board of the draft change colours."""
    change = ManualChange("swap-colours", board=board)
    return change_draft(tournament_id, number, change, confirm, reason=reason)
