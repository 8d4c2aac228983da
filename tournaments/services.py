"""What an arbiter does to a tournament: pair, adjust the draft, publish, enter results, undo,
import and export TRF.

Every multi-row change runs in one transaction with the tournament row locked first (then the
round, then the game), so that a double click or two arbiters at once produce exactly one
round, and concurrent result entries are serialised and lose nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cached_property

from django.db import IntegrityError, transaction

from pairing.engine import (
    ALL_RULES,
    TCEC_RULES,
    AccelerationError,
    Board,
    EngineError,
    NoValidPairing,
    RoundExplanation,
    RoundPairing,
    TournamentState,
    TrfError,
    Violation,
    exchange,
    explaining_system,
    new_violations,
    pairing_system,
    read_trf,
    swap_colours,
    tcec_second_game,
    violations,
)
from pairing.services import (
    BoardWhy,
    ShownReason,
    Snapshot,
    board_reasons,
    bye_reasons,
    explanation_json,
    import_state,
    round_notes,
    snapshot,
    state_for,
    stored_explanation,
)
from tournaments.models import Bye, Game, Round, Tournament, new_revision

logger = logging.getLogger(__name__)


class ArbiterError(ValueError):
    """An action the arbiter asked for cannot be done; the message says why and what to do."""


class ConfirmationNeeded(ArbiterError):
    """The action is allowed but needs the arbiter's confirmation; the message says why."""


def locked_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the end of the transaction, with a new revision: what
    is done under the lock changes the public pages (rolled back with everything else if the
    action fails)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    tournament.revision = new_revision()
    Tournament.objects.filter(pk=tournament_id).update(revision=tournament.revision)
    return tournament


def create_tournament(tournament: Tournament, arbiter_id: int) -> Tournament:
    """Save a new tournament (built by the form, not saved yet) with its creator as arbiter."""
    with transaction.atomic():
        tournament.save()
        tournament.arbiters.add(arbiter_id)
        return tournament


def _unfinished_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.exclude(status=Round.Status.FINISHED).order_by("number").first()


def _write_pairing(tournament: Tournament, rows: list[Round], pairing: RoundPairing) -> None:
    """Boards and the pairing-allocated bye of the round row(s). A TCEC double round is two
    rows; the second replays the boards with colours reversed."""
    entry = {e.pairing_number: e for e in tournament.entries.all()}
    for leg, rnd in enumerate(rows):
        Game.objects.bulk_create(
            Game(
                round=rnd,
                board=board,
                white=entry[b.black if leg else b.white],
                black=entry[b.white if leg else b.black],
            )
            for board, b in enumerate(pairing.boards, start=1)
        )
        if pairing.bye is not None:
            Bye.objects.create(
                entry=entry[pairing.bye], round_number=rnd.number, kind=Bye.Kind.PAIRING_ALLOCATED
            )


def _store_pairing(
    tournament: Tournament,
    pairing: RoundPairing,
    first_number: int,
    explanation: RoundExplanation | None,
) -> Round:
    """The round row(s) with the boards, the bye and the engine's explanation (a TCEC double
    round's second row: the second game's)."""
    legs: list[RoundExplanation | None] = [explanation, None]
    if explanation is not None and tournament.legs == 2:
        legs[1] = tcec_second_game(explanation)
    entries = list(tournament.entries.all())
    stored = [None if e is None else explanation_json(e, entries) for e in legs]
    rows = [
        Round.objects.create(
            tournament=tournament, number=first_number + leg, explanation=stored[leg]
        )
        for leg in range(tournament.legs)
    ]
    _write_pairing(tournament, rows, pairing)
    return rows[0]


def _explained_pairing(
    system: str, state: TournamentState
) -> tuple[RoundPairing, RoundExplanation | None]:
    """The engine's pairing with its explanation. The explanation never stands in the way of
    the pairing: should explaining fail unexpectedly, the round is paired without one (and
    the failure logged)."""
    try:
        return explaining_system(system)(state)
    except EngineError:
        raise
    except Exception:
        logger.exception("explaining round %s failed; pairing it without", state.next_round)
        return pairing_system(system)(state), None


def _engine_pairing(
    tournament: Tournament, state: TournamentState
) -> tuple[RoundPairing, RoundExplanation | None]:
    try:
        return _explained_pairing(tournament.engine_system, state)
    except NoValidPairing as e:
        raise ArbiterError(
            f"No legal pairing exists for round {state.next_round} ({e}). The rules leave the "
            f"decision to the arbiter: check the byes and withdrawals of the round (a player "
            f"marked absent by mistake?), or pair the round by hand from the nearest pairing "
            f"and adjust it."
        ) from e
    except EngineError as e:
        raise ArbiterError(f"Round {state.next_round} cannot be paired: {e}.") from e


def pair_next_round(tournament_id: int, expected_round: int | None = None) -> Round:
    """Pair the next round and store it as a draft. ``expected_round`` is the round the arbiter
    saw on the button: a second click (or a second arbiter) gets an error instead of a second
    round. Raises :class:`ArbiterError` when the round cannot be paired (previous round
    unfinished, all rounds paired, no legal pairing)."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        done = tournament.round_set.count()
        legs = tournament.legs
        if expected_round is not None and done // legs + 1 != expected_round:
            raise ArbiterError(f"Round {expected_round} has already been paired.")
        pending = _unfinished_round(tournament)
        if pending is not None:
            raise ArbiterError(
                f"{tournament.round_label(pending.number)} is not finished yet: enter every "
                f"result (or undo it) before pairing the next round."
            )
        if done // legs >= tournament.rounds:
            raise ArbiterError(f"All {tournament.rounds} rounds have been paired.")
        try:
            state = state_for(tournament)
        except AccelerationError as e:
            raise ArbiterError(f"Round {done // legs + 1} cannot be paired: {e}.") from e
        if len(state.available) < 2:
            raise ArbiterError(
                "At least two players must be available to pair a round: register players, "
                "or check the byes and withdrawals."
            )
        pairing, explanation = _engine_pairing(tournament, state)
        try:
            with transaction.atomic():
                rnd = _store_pairing(tournament, pairing, done + 1, explanation)
        except IntegrityError as e:
            raise ArbiterError("This round has just been paired by someone else.") from e
        if tournament.status != Tournament.Status.RUNNING:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        return rnd


# -- the draft -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """A paired round as the engine sees it: the state before it and its pairing."""

    number: int
    """The first round row of the round."""
    state: TournamentState
    pairing: RoundPairing
    rules: Collection[str] = ALL_RULES
    """The rules checked: C.04.1 and the bookkeeping, or :data:`TCEC_RULES`."""
    explanation: RoundExplanation | None = None
    """Why the engine paired the round so (``None``: not stored)."""

    @property
    def violations(self) -> list[Violation]:
        return violations(self.state, self.pairing, self.rules)

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
    rules = TCEC_RULES if snap.tournament.is_tcec else ALL_RULES
    explanation = stored_explanation(snap, number)
    return Draft(number, snap.state(number - 1), RoundPairing(boards, bye), rules, explanation)


@dataclass(frozen=True)
class DraftChange:
    applied: bool
    broken: list[Violation]
    """The rules the change breaks that the draft did not break before."""


def change_draft(
    tournament_id: int,
    number: int,
    change: Callable[[RoundPairing], RoundPairing],
    confirm: bool = False,
) -> DraftChange:
    """Apply a hand adjustment to the draft of round row ``number``. A change that breaks a
    rule is only applied with ``confirm``; otherwise the broken rules come back for the
    arbiter to confirm."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        rows = list(
            tournament.round_set.filter(number__gte=number, number__lt=number + tournament.legs)
        )
        if not rows or any(r.status != Round.Status.DRAFT for r in rows):
            raise ArbiterError("Only a draft pairing can be changed; this one is published.")
        draft = draft_of(snapshot(tournament), number)
        try:
            proposed = change(draft.pairing)
        except ValueError as e:
            raise ArbiterError(str(e)) from e
        broken = new_violations(draft.state, draft.pairing, proposed, draft.rules)
        if broken and not confirm:
            return DraftChange(False, broken)
        Bye.objects.filter(
            entry__tournament=tournament,
            round_number__in=[r.number for r in rows],
            kind=Bye.Kind.PAIRING_ALLOCATED,
        ).delete()
        Game.objects.filter(round__in=rows).delete()
        _write_pairing(tournament, rows, proposed)
        return DraftChange(True, broken)


def exchange_in_draft(
    tournament_id: int, number: int, a: int, b: int, confirm: bool = False
) -> DraftChange:
    """Two players of the draft trade places (a board, a colour or the bye)."""
    return change_draft(tournament_id, number, lambda p: exchange(p, a, b), confirm)


def swap_colours_in_draft(
    tournament_id: int, number: int, board: int, confirm: bool = False
) -> DraftChange:
    """The two players of a board of the draft change colours."""
    return change_draft(tournament_id, number, lambda p: swap_colours(p, board), confirm)


def publish_round(round_id: int) -> Round:
    """Publish a draft (both games of a TCEC double round): players see it, results can be
    entered."""
    with transaction.atomic():
        rnd = Round.objects.get(pk=round_id)
        locked_tournament(rnd.tournament_id)
        rnd = Round.objects.select_for_update().get(pk=round_id)
        if rnd.status == Round.Status.DRAFT:
            Round.objects.filter(
                tournament=rnd.tournament_id, number__gte=rnd.number, status=Round.Status.DRAFT
            ).update(status=Round.Status.PUBLISHED)
            rnd.refresh_from_db()
        return rnd


# -- results -----------------------------------------------------------------------------------


def set_result(game_id: int, result: str, confirm: bool = False) -> Game:
    """Record a board's result; the round is finished when every board has one. Correcting a
    result of a finished round needs ``confirm`` (:class:`ConfirmationNeeded` otherwise)."""
    if result not in Game.Result.values:
        raise ArbiterError(f"Unknown result {result!r}.")
    with transaction.atomic():
        tournament_id = Game.objects.values_list("round__tournament_id", flat=True).get(pk=game_id)
        tournament = locked_tournament(tournament_id)
        game = Game.objects.select_for_update().select_related("round").get(pk=game_id)
        rnd = Round.objects.select_for_update().get(pk=game.round_id)
        game.round = rnd
        if rnd.status == Round.Status.DRAFT:
            raise ArbiterError("Publish the pairing before entering results.")
        if result == game.result:
            return game
        later = tournament.round_set.filter(number__gt=rnd.number).exists()
        if later and result in (Game.Result.PENDING, Game.Result.ADJOURNED):
            raise ArbiterError(
                f"{tournament.round_label(rnd.number)} is over and later rounds are paired: "
                f"its results can be corrected but not removed."
            )
        if rnd.status == Round.Status.FINISHED and not confirm:
            note = (
                " Later rounds are already paired: their pairings stay as they are."
                if later
                else ""
            )
            raise ConfirmationNeeded(
                f"Change the result of board {game.board} in "
                f"{tournament.round_label(rnd.number)} from {game.get_result_display()} to "
                f"{Game.Result(result).label}?{note}"
            )
        game.result = result
        game.save(update_fields=["result"])
        _update_round_status(tournament, rnd)
        return game


def _update_round_status(tournament: Tournament, rnd: Round) -> None:
    unfinished = rnd.games.filter(result__in=[Game.Result.PENDING, Game.Result.ADJOURNED])
    status = Round.Status.PUBLISHED if unfinished.exists() else Round.Status.FINISHED
    if rnd.status != status:
        rnd.status = status
        rnd.save(update_fields=["status"])
    finished = tournament.round_set.filter(status=Round.Status.FINISHED).count()
    new_status = (
        Tournament.Status.FINISHED
        if finished >= tournament.rounds * tournament.legs
        else Tournament.Status.RUNNING
    )
    if tournament.status != new_status:
        tournament.status = new_status
        tournament.save(update_fields=["status"])


def undo_round(tournament_id: int) -> int:
    """Delete the last round's pairing if none of its games has a result; returns its number."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        last = tournament.round_set.order_by("-number").first()
        if last is None:
            raise ArbiterError("No round has been paired yet.")
        rows = [last]
        if tournament.double_rounds and last.number % 2 == 0:
            rows = list(tournament.round_set.filter(number__in=[last.number - 1, last.number]))
        if Game.objects.filter(round__in=rows).exclude(result=Game.Result.PENDING).exists():
            raise ArbiterError(
                f"{tournament.round_label(last.number)} already has results: correct them "
                f"instead of undoing the round."
            )
        numbers = [r.number for r in rows]
        Bye.objects.filter(
            entry__tournament=tournament, round_number__in=numbers, kind=Bye.Kind.PAIRING_ALLOCATED
        ).delete()
        Game.objects.filter(round__in=rows).delete()
        Round.objects.filter(pk__in=[r.pk for r in rows]).delete()
        status = (
            Tournament.Status.RUNNING
            if tournament.round_set.exists()
            else Tournament.Status.REGISTRATION
        )
        if tournament.status != status:
            tournament.status = status
            tournament.save(update_fields=["status"])
        return min(numbers)


def next_pairing_number(tournament: Tournament) -> int:
    last = (
        tournament.entries.order_by("-pairing_number")
        .values_list("pairing_number", flat=True)
        .first()
    )
    return (last or 0) + 1


# -- TRF ---------------------------------------------------------------------------------------


def import_trf(text: str, arbiter_id: int, name: str = "", system: str = "") -> Tournament:
    """Create a tournament from a TRF file (all rounds, results, byes), run by the user
    ``arbiter_id``. A file that cannot be read raises :class:`ArbiterError` naming the line
    and column."""
    try:
        state = read_trf(text)
    except TrfError as e:
        raise ArbiterError(f"The TRF file cannot be read: {e}.") from e
    with transaction.atomic():
        try:
            tournament = import_state(state, name=name, system=system)
        except AccelerationError as e:
            raise ArbiterError(f"The TRF file cannot be imported: {e}.") from e
        tournament.seeding = Tournament.Seeding.MANUAL  # keep the file's starting ranks
        tournament.save(update_fields=["seeding"])
        tournament.arbiters.add(arbiter_id)
        if not tournament.round_set.exclude(status=Round.Status.FINISHED).exists():
            finished = tournament.round_set.count() >= tournament.rounds * tournament.legs
            if finished:
                tournament.status = Tournament.Status.FINISHED
                tournament.save(update_fields=["status"])
        return tournament
