"""What an arbiter does to a tournament: pair, publish, enter results, undo.

Every multi-row change runs in one transaction with the tournament row locked, so that a
double click or two arbiters at once produce exactly one round.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from pairing.engine.errors import NoValidPairing
from pairing.engine.state import RoundPairing
from pairing.engine.systems import pairing_system
from pairing.services import state_for
from tournaments.models import Bye, Game, Round, Tournament


class ArbiterError(ValueError):
    """An action the arbiter asked for cannot be done; the message says why and what to do."""


def _locked(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def _unfinished_round(tournament: Tournament) -> Round | None:
    return tournament.round_set.exclude(status=Round.Status.FINISHED).order_by("number").first()


def _store_pairing(tournament: Tournament, pairing: RoundPairing, first_number: int) -> Round:
    """Create the round row(s), boards and the pairing-allocated bye. A TCEC double round is
    two rows; the second replays the boards with colours reversed."""
    entry = {e.pairing_number: e for e in tournament.entries.all()}
    legs = 2 if tournament.double_rounds else 1
    first = None
    for leg in range(legs):
        rnd = Round.objects.create(tournament=tournament, number=first_number + leg)
        first = first or rnd
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
    assert first is not None
    return first


def pair_next_round(tournament_id: int) -> Round:
    """Pair the next round and store it as a draft. Raises :class:`ArbiterError` when the
    round cannot be paired (previous round unfinished, all rounds paired, no legal pairing)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        pending = _unfinished_round(tournament)
        if pending is not None:
            raise ArbiterError(
                f"Round {pending.number} is not finished yet: enter every result "
                f"(or undo it) before pairing the next round."
            )
        done = tournament.round_set.count()
        legs = 2 if tournament.double_rounds else 1
        if done // legs >= tournament.rounds:
            raise ArbiterError(f"All {tournament.rounds} rounds have been paired.")
        state = state_for(tournament)
        if len(state.available) < 2:
            raise ArbiterError("At least two players must be available to pair a round.")
        try:
            pairing = pairing_system(tournament.engine_system)(state)
        except NoValidPairing as e:
            raise ArbiterError(
                f"No legal pairing exists for round {state.next_round} ({e}). The rules leave "
                f"the decision to the arbiter: check withdrawals and byes, or pair by hand."
            ) from e
        try:
            with transaction.atomic():
                rnd = _store_pairing(tournament, pairing, done + 1)
        except IntegrityError as e:
            raise ArbiterError("This round has just been paired by someone else.") from e
        if tournament.status != Tournament.Status.RUNNING:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        return rnd


def publish_round(round_id: int) -> Round:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round_id)
        if rnd.status == Round.Status.DRAFT:
            Round.objects.filter(
                tournament=rnd.tournament, number__gte=rnd.number, status=Round.Status.DRAFT
            ).update(status=Round.Status.PUBLISHED)
            rnd.refresh_from_db()
        return rnd


def set_result(game_id: int, result: str) -> Game:
    """Record a board's result; the round is finished when every board has one."""
    if result not in Game.Result.values:
        raise ArbiterError(f"Unknown result {result!r}.")
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round").get(pk=game_id)
        if game.round.status == Round.Status.DRAFT:
            raise ArbiterError("Publish the pairing before entering results.")
        game.result = result
        game.save(update_fields=["result"])
        _update_round_status(game.round)
        return game


def _update_round_status(rnd: Round) -> None:
    unfinished = rnd.games.filter(result__in=[Game.Result.PENDING, Game.Result.ADJOURNED])
    status = Round.Status.PUBLISHED if unfinished.exists() else Round.Status.FINISHED
    if rnd.status != status:
        rnd.status = status
        rnd.save(update_fields=["status"])
    tournament = rnd.tournament
    legs = 2 if tournament.double_rounds else 1
    finished = tournament.round_set.filter(status=Round.Status.FINISHED).count()
    new_status = (
        Tournament.Status.FINISHED
        if finished >= tournament.rounds * legs
        else Tournament.Status.RUNNING
    )
    if tournament.status != new_status:
        tournament.status = new_status
        tournament.save(update_fields=["status"])


def undo_round(tournament_id: int) -> int:
    """Delete the last round's pairing if none of its games has a result; returns its number."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        last = tournament.round_set.order_by("-number").first()
        if last is None:
            raise ArbiterError("No round has been paired yet.")
        rows = [last]
        if tournament.double_rounds and last.number % 2 == 0:
            rows = list(tournament.round_set.filter(number__in=[last.number - 1, last.number]))
        if Game.objects.filter(round__in=rows).exclude(result=Game.Result.PENDING).exists():
            raise ArbiterError(
                f"Round {last.number} already has results: correct them instead "
                f"of undoing the round."
            )
        numbers = [r.number for r in rows]
        Bye.objects.filter(
            entry__tournament=tournament, round_number__in=numbers, kind=Bye.Kind.PAIRING_ALLOCATED
        ).delete()
        Game.objects.filter(round__in=rows).delete()
        Round.objects.filter(pk__in=[r.pk for r in rows]).delete()
        if not tournament.round_set.exists():
            tournament.status = Tournament.Status.REGISTRATION
            tournament.save(update_fields=["status"])
        return min(numbers)


def next_pairing_number(tournament: Tournament) -> int:
    last = (
        tournament.entries.order_by("-pairing_number")
        .values_list("pairing_number", flat=True)
        .first()
    )
    return (last or 0) + 1
