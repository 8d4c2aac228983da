"""What an arbiter does to a tournament's rounds: pair the next round, publish it, enter
results, undo it. The draft and its hand adjustments are in :mod:`tournaments.drafts`, the
tournament's creation, import and deletion in :mod:`tournaments.lifecycle`.

Every multi-row change runs in one transaction with the tournament row locked first (then the
round, then the game), so that a double click or two arbiters at once produce exactly one
round, and concurrent result entries are serialised and lose nothing.
"""

from __future__ import annotations

import logging

from django.db import IntegrityError, transaction

from pairing.engine import (
    AccelerationError,
    EngineError,
    NoValidPairing,
    RoundExplanation,
    RoundPairing,
    TournamentState,
    explaining_system,
    pairing_system,
    system_for,
    tcec_second_game,
)
from pairing.explanations import explanation_json
from pairing.limits import too_many_to_pair
from pairing.services import draw_lot_seed, engine_system, snapshot, state_for
from tournaments import drafts, receipts
from tournaments.draft_review import nearest_pairing
from tournaments.errors import ArbiterError, ConfirmationNeeded
from tournaments.lifecycle import locked_tournament
from tournaments.models import Bye, Game, Round, Tournament

logger = logging.getLogger(__name__)


def _unfinished_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.exclude(status=Round.Status.FINISHED).order_by("number").first()


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
    stored = [None if e is None else explanation_json(e) for e in legs]
    rows = [
        Round.objects.create(
            tournament=tournament, number=first_number + leg, explanation=stored[leg]
        )
        for leg in range(tournament.legs)
    ]
    drafts.write_pairing(tournament, rows, pairing)
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


def _check_size(tournament: Tournament, state: TournamentState) -> None:
    """Every engine call is held to the system's player limit (pairing.limits)."""
    if too_many := too_many_to_pair(engine_system(tournament), len(state.players)):
        raise ArbiterError(
            f"Round {state.next_round} cannot be paired here: {too_many}. Split the field "
            f"into sections, or export the TRF and pair it with the command line "
            f"(python -m pairing pair --no-limit)."
        )


def _engine_pairing(
    tournament: Tournament, state: TournamentState
) -> tuple[RoundPairing, RoundExplanation | None]:
    _check_size(tournament, state)
    try:
        return _explained_pairing(engine_system(tournament), state)
    except NoValidPairing as e:
        raise ArbiterError(
            f"No legal pairing exists for round {state.next_round} ({e}). The rules leave the "
            f"decision to the arbiter: check the byes and withdrawals of the round (a player "
            f"marked absent by mistake?), or pair the round by hand from the nearest pairing "
            f"and adjust it."
        ) from e
    except EngineError as e:
        raise ArbiterError(f"Round {state.next_round} cannot be paired: {e}.") from e


def _next_round_state(tournament: Tournament, expected_round: int | None) -> TournamentState:
    """The state before the next round, checked to be pairable (call under the lock)."""
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
    if not state.available:  # one player alone is paired: he gets the bye (C.04.1 c)
        raise ArbiterError(
            f"Nobody is available for round {done // legs + 1}: every player has a bye, has "
            f"withdrawn or joins later. Register players, or check the byes and withdrawals."
        )
    return state


def pair_next_round(
    tournament_id: int, expected_round: int | None = None, by_hand: str = "", reason: str = ""
) -> Round:
    """Pair the next round and store it as a draft. ``expected_round`` is the round the arbiter
    saw on the button: a second click (or a second arbiter) gets an error instead of a second
    round. Raises :class:`ArbiterError` when the round cannot be paired (previous round
    unfinished, all rounds paired, no legal pairing). ``by_hand`` skips the engine: the draft
    starts from :func:`nearest_pairing` (``"nearest"``) or without a board (``"empty"``), for
    the arbiter to complete (``reason``: why, for the round's receipt). The engine is given
    the TRF the round's receipt keeps (:mod:`tournaments.receipts`)."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        done = tournament.round_set.count()
        draw_lot_seed(tournament, done // tournament.legs + 1)  # 29E4c, before the TRF is made
        state = _next_round_state(tournament, expected_round)
        explanation = None
        try:
            trf, given = receipts.engine_input(tournament, state)
        except EngineError as e:
            raise ArbiterError(f"Round {state.next_round} cannot be paired: {e}.") from e
        if by_hand == "empty":
            pairing = RoundPairing(())
        elif by_hand:
            _check_size(tournament, state)
            system = engine_system(tournament)
            pairing = nearest_pairing(state, system_for(system).rules, system)
        else:
            pairing, explanation = _engine_pairing(tournament, given)
        try:
            with transaction.atomic():
                rnd = _store_pairing(tournament, pairing, done + 1, explanation)
                engine = None if by_hand else pairing
                start = pairing if by_hand else None
                receipts.record_pairing(rnd, tournament, trf, engine, start, reason.strip())
        except IntegrityError as e:
            raise ArbiterError("This round has just been paired by someone else.") from e
        if tournament.status != Tournament.Status.RUNNING:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        return rnd


def publish_draft(tournament_id: int, number: int, draft: str = "") -> Round:
    """Publish the draft of round row ``number`` as a tab showed it: ``draft`` is the id of
    the round row the tab showed (empty: whichever is there). A stale tab's draft that was
    deleted, or deleted and paired again, is not published: the error says what happened."""
    tournament = Tournament.objects.get(pk=tournament_id)
    label = tournament.round_label(number)
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None:
        raise ArbiterError(
            f"The pairing of {label} was deleted meanwhile: nothing was published. Here is "
            f"the tournament as it is now."
        )
    if draft and draft != str(rnd.pk):
        raise ArbiterError(
            f"The draft of {label} you were looking at was deleted and the round paired "
            f"again: nothing was published. Check this pairing before publishing it."
        )
    return publish_round(rnd.pk)


def publish_round(round_id: int) -> Round:
    """Publish a draft (both games of a TCEC double round): players see it, results can be
    entered."""
    gone = ArbiterError("This pairing no longer exists: it was deleted meanwhile.")
    with transaction.atomic():
        # SQLite's immediate transaction waits for the write lock before this first read: an
        # undo that held it is committed by now (PostgreSQL: it waits at the row lock below).
        tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id").first()
        if tournament_id is None:
            raise gone
        tournament = locked_tournament(tournament_id[0])
        locked = Round.objects.select_for_update().filter(pk=round_id).first()
        if locked is None:  # undone while this request waited for the lock
            raise gone
        rnd = locked
        if rnd.status != Round.Status.DRAFT:
            raise ArbiterError(f"{rnd.tournament.round_label(rnd.number)} is already published.")
        draft = drafts.draft_of(snapshot(rnd.tournament), rnd.number)
        unpaired = [
            v.message.removesuffix(" is not paired")
            for v in draft.violations
            if v.rule == drafts.NOT_PAIRED
        ]
        if unpaired:
            raise ArbiterError(
                f"Not paired yet: {', '.join(unpaired)}. Give each a board or the bye before "
                f"publishing (a player who does not play: delete the pairing, mark the bye, "
                f"pair again)."
            )
        rows = list(
            Round.objects.filter(
                tournament=rnd.tournament_id, number__gte=rnd.number, status=Round.Status.DRAFT
            )
        )
        Round.objects.filter(pk__in=[r.pk for r in rows]).update(status=Round.Status.PUBLISHED)
        receipts.publish(rnd, draft.pairing)
        for row in rows:  # a round of the bye alone has no result to wait for: finished
            row.status = Round.Status.PUBLISHED
            _update_round_status(tournament, row)
        rnd.refresh_from_db()
        return rnd


# -- results -----------------------------------------------------------------------------------


def set_result(game_id: int, result: str, confirm: bool = False) -> Game:
    """Record a board's result; the round is finished when every board has one. Correcting a
    result of a finished round needs ``confirm`` (:class:`ConfirmationNeeded` otherwise)."""
    if result not in Game.Result.values:
        raise ArbiterError(f"Unknown result {result!r}.")
    gone = ArbiterError("This board no longer exists: its round's pairing was deleted.")
    with transaction.atomic():
        # SQLite waits for the write lock before this first read (see publish_round).
        tournament_id = (
            Game.objects.filter(pk=game_id).values_list("round__tournament_id", flat=True).first()
        )
        if tournament_id is None:
            raise gone
        tournament = locked_tournament(tournament_id)
        game = Game.objects.select_for_update().select_related("round").filter(pk=game_id).first()
        if game is None:  # the round was undone while this request waited for the lock
            raise gone
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


def _last_round_rows(tournament: Tournament) -> list[Round]:
    """The row(s) of the last round paired (both games of a TCEC double round), if it has no
    result yet; raises :class:`ArbiterError` saying why it cannot be undone otherwise."""
    last = tournament.round_set.order_by("-number").first()
    if last is None:
        raise ArbiterError("No round has been paired yet.")
    rows = [last]
    if tournament.double_rounds and last.number % 2 == 0:
        rows = list(
            tournament.round_set.filter(number__in=[last.number - 1, last.number]).order_by(
                "number"
            )
        )
    if Game.objects.filter(round__in=rows).exclude(result=Game.Result.PENDING).exists():
        raise ArbiterError(
            f"{tournament.round_label(last.number)} already has results: correct them "
            f"instead of undoing the round."
        )
    return rows


def undoable_round(tournament: Tournament) -> Round:
    """The (first row of the) last round, when its pairing may be deleted."""
    return _last_round_rows(tournament)[0]


def pair_again(tournament_id: int, number: int) -> Round:
    """Delete the draft of round row ``number`` and pair the round again (results corrected
    since it was paired, issue 24), in one transaction; the arbiter's changes to the old
    draft are gone with it."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        last = tournament.round_set.order_by("-number").first()
        first = None if last is None else last.number - (last.number - 1) % tournament.legs
        if last is None or last.status != Round.Status.DRAFT or first != number:
            raise ArbiterError(
                f"{tournament.round_label(number)} is not the draft of the last round any "
                f"more: nothing was paired again."
            )
        undo_round(tournament_id)
        return pair_next_round(tournament_id, (number - 1) // tournament.legs + 1)


def undo_round(tournament_id: int) -> int:
    """Delete the last round's pairing if none of its games has a result; returns its number."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        rows = _last_round_rows(tournament)
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
