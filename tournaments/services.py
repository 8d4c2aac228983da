"""What an arbiter does to a tournament: pair, adjust the draft, publish, enter results, undo,
import and export TRF.

Every multi-row change runs in one transaction with the tournament row locked first (then the
round, then the game), so that a double click or two arbiters at once produce exactly one
round, and concurrent result entries are serialised and lose nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cached_property

from django.db import DataError, IntegrityError, transaction
from django.db.models import ProtectedError

from pairing.engine import (
    ALL_RULES,
    TCEC_RULES,
    AccelerationError,
    Board,
    EngineError,
    ManualChange,
    NoValidPairing,
    RoundExplanation,
    RoundPairing,
    System,
    TournamentState,
    TrfError,
    Violation,
    explaining_system,
    fixed_board_order,
    new_violations,
    pairing_system,
    read_trf,
    system_for,
    tcec_second_game,
    violations,
)
from pairing.limits import too_many_to_pair
from pairing.services import (
    BoardWhy,
    ShownReason,
    Snapshot,
    board_reasons,
    bye_reasons,
    dutch_edition_named,
    engine_system,
    explanation_json,
    fixed_boards,
    import_state,
    imported_system,
    round_notes,
    snapshot,
    state_for,
    stored_explanation,
)
from tournaments import limits, receipts, signals
from tournaments.models import Bye, Entry, Game, Round, Tournament, new_revision

MAX_RATING = 3500

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
    if too_many := too_many_to_pair(tournament.engine_system, len(state.players)):
        raise ArbiterError(
            f"Round {state.next_round} cannot be paired here: {too_many}. Split the field "
            f"into sections, or export the TRF and pair it with the command line "
            f"(python -m pairing pair --no-limit)."
        )
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
        state = _next_round_state(tournament, expected_round)
        explanation = None
        try:
            trf, given = receipts.engine_input(tournament, state)
        except EngineError as e:
            raise ArbiterError(f"Round {state.next_round} cannot be paired: {e}.") from e
        if by_hand == "empty":
            pairing = RoundPairing(())
        elif by_hand:
            pairing = nearest_pairing(
                state,
                TCEC_RULES if tournament.is_tcec else ALL_RULES,
                engine_system(tournament),
            )
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


# -- pairing by hand ------------------------------------------------------------------------------

NOT_PAIRED = "not paired"
"""The bookkeeping rule of :func:`pairing.engine.violations` for an available player left
without a board or the bye: a draft being paired by hand may break it until it is published."""


def nearest_pairing(
    state: TournamentState, rules: Collection[str] = ALL_RULES, system: str = ""
) -> RoundPairing:
    """A pairing of every available player that breaks as few absolute rules (of ``rules``) as
    it can, for the arbiter to adjust (:meth:`pairing.engine.System.suggest`), with the bye
    rule of ``system`` (the engine's name; by default TCEC for TCEC's rules, else the Dutch
    edition the state's record 192 names)."""
    name = system or ("tcec" if set(rules) == TCEC_RULES else "dutch")
    return system_for(name, state).suggest(state, rules)


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
        broken = new_violations(draft.state, draft.pairing, proposed, draft.rules)
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
        _write_pairing(tournament, rows, proposed)
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


# -- draft review -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerReview:
    """One side of a draft board, as the arbiter checks it before publishing."""

    id: int
    score: int
    """Half-points before the round (the pairing score)."""
    rating: int
    history: str
    """Colours round by round: W, B, or - for a round without a game played."""
    preference: str
    """The colour preference for the round (C.04.3 A.6 / C.04.4.1 A.5), e.g. "White, strong";
    the white-game difference in TCEC ("WGD +1")."""
    floats: str
    """Floats in the last two rounds, older first: ↓ down, ↑ up, · none."""


@dataclass(frozen=True)
class BoardReview:
    number: int
    white: PlayerReview
    black: PlayerReview
    rule: str
    """The colour allocation rule that decides the pair's colours: "E.2", "STEP 5", ..."""
    reason: str
    """What the rule says for this pair."""
    rule_white: int | None
    """The player the rule gives White (``None``: the rule does not say, e.g. TCEC's pattern)."""

    @property
    def float(self) -> str:
        """This board's float: the higher-scored player floats down."""
        return "" if self.white.score == self.black.score else "↕"

    @property
    def swapped(self) -> bool:
        """The colours are not those of the rule (the arbiter swapped them)."""
        return self.rule_white is not None and self.rule_white != self.white.id


def review_draft(draft: Draft, system: str, dutch_edition: str = "2017") -> list[BoardReview]:
    """Every board of the draft with both players' scores, ratings, colour histories, floats
    and the colour rule that decides the pair (the system's :meth:`~pairing.engine.System.
    colour_rule`: C.04.3 E.1-E.5, numbered 5.2.1-5.2.5 in the 2026 edition; C.04.4.1 E.0-E.4;
    TCEC STEP 5), computed from the state before the round, so that boards changed by hand are
    reviewed too."""
    state = draft.state
    rules = system_for(f"dutch-{dutch_edition}" if system == "dutch" else system, state)
    players = {p.id: _player_review(state, p.id, rules) for p in state.players}
    boards = [
        (number, board)
        for number, board in enumerate(draft.pairing.boards, start=1)
        if board.white in state.by_id and board.black in state.by_id
    ]
    rulings = rules.colour_rulings(state, [(b.white, b.black) for _, b in boards])
    return [
        BoardReview(
            number, players[b.white], players[b.black], ruling.rule, ruling.says, ruling.white
        )
        for (number, b), ruling in zip(boards, rulings, strict=True)
    ]


def _player_review(state: TournamentState, pid: int, system: System) -> PlayerReview:
    player = state.player(pid)
    history = "".join(
        e.colour.value.upper() if e.played and e.colour else "-" for e in player.results
    )
    notes = system.notes(state, pid)
    return PlayerReview(
        pid,
        state.pairing_scores.get(pid, state.scores[pid]),
        player.rating,
        history,
        notes.preference,
        notes.floats,
    )


def publish_round(round_id: int) -> Round:
    """Publish a draft (both games of a TCEC double round): players see it, results can be
    entered."""
    with transaction.atomic():
        rnd = Round.objects.get(pk=round_id)
        tournament = locked_tournament(rnd.tournament_id)
        locked = Round.objects.select_for_update().filter(pk=round_id).first()
        if locked is None:  # undone while this request waited for the lock
            raise ArbiterError("This pairing no longer exists: it was deleted meanwhile.")
        rnd = locked
        if rnd.status != Round.Status.DRAFT:
            raise ArbiterError(f"{rnd.tournament.round_label(rnd.number)} is already published.")
        draft = draft_of(snapshot(rnd.tournament), rnd.number)
        unpaired = [
            v.message.removesuffix(" is not paired")
            for v in draft.violations
            if v.rule == NOT_PAIRED
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
    with transaction.atomic():
        tournament_id = Game.objects.values_list("round__tournament_id", flat=True).get(pk=game_id)
        tournament = locked_tournament(tournament_id)
        game = Game.objects.select_for_update().select_related("round").filter(pk=game_id).first()
        if game is None:  # the round was undone while this request waited for the lock
            raise ArbiterError("This board no longer exists: its round's pairing was deleted.")
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


def set_provisional_rating(entry_id: int, rating: int) -> Entry:
    """Give an unrated player, after round 1 is paired, the rating the pairing uses (Dubov
    A.1: "the arbiter assigns a provisional rating"; it is also the rating written to the
    TRF, columns 49-52, so that the file re-pairs the same). Pairing numbers stay as they are:
    the rounds already paired were paired with them."""
    if not 1 <= rating <= MAX_RATING:
        raise ArbiterError(f"A rating is a whole number from 1 to {MAX_RATING}.")
    with transaction.atomic():
        tournament_id = Entry.objects.values_list("tournament_id", flat=True).get(pk=entry_id)
        tournament = locked_tournament(tournament_id)
        entry = Entry.objects.select_related("player").get(pk=entry_id)
        if not tournament.round_set.exists():
            raise ArbiterError(
                f"Round 1 is not paired yet: edit {entry.name}'s rating instead (the "
                f"pairing numbers then follow it)."
            )
        if entry.rating:
            raise ArbiterError(
                f"{entry.name} is rated {entry.rating}: ratings are fixed once round 1 "
                f"is paired; only an unrated player gets a provisional rating."
            )
        entry.rating = rating
        entry.save(update_fields=["rating"])
        return entry


def delete_tournament(tournament_id: int) -> str:
    """Delete a tournament with its entries, rounds, games and byes (the players stay, for
    other tournaments); a rated tournament stays (archive it instead). Returns its name."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        try:
            # Games before entries: a game protects its players' entries.
            Game.objects.filter(round__tournament=tournament).delete()
            tournament.delete()
        except ProtectedError as e:
            raise ArbiterError(
                f"{tournament.name} has been rated: its rating history needs it. Archive it "
                f"instead."
            ) from e
        return tournament.name


def set_archived(tournament_id: int, archived: bool) -> Tournament:
    """Archive a tournament (left out of the list of tournaments; its pages stay) or bring it
    back."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        tournament.archived = archived
        tournament.save(update_fields=["archived"])
        return tournament


def next_pairing_number(tournament: Tournament) -> int:
    last = (
        tournament.entries.order_by("-pairing_number")
        .values_list("pairing_number", flat=True)
        .first()
    )
    return (last or 0) + 1


# -- TRF ---------------------------------------------------------------------------------------


def import_trf(
    text: str, arbiter_id: int, name: str = "", system: str = "", dutch_edition: str = ""
) -> Tournament:
    """Create a tournament from a TRF file (all rounds, results, byes), run by the user
    ``arbiter_id``. A file that cannot be read raises :class:`ArbiterError` naming the line
    and column; so does a Dutch tournament whose file does not name the edition of the rules
    (record 192) when ``dutch_edition`` does not either."""
    try:
        state = read_trf(text)
    except TrfError as e:
        raise ArbiterError(f"The TRF file cannot be read: {e}.") from e
    dutch = (system or imported_system(state)) == Tournament.PairingSystem.DUTCH
    if dutch and not (dutch_edition or dutch_edition_named(state)):
        raise ArbiterError(
            "The file does not say which edition of the FIDE Dutch rules paired it "
            "(TRF record 192): choose the edition."
        )
    if problems := limits.import_problems(state, name):
        raise ArbiterError(f"The TRF file cannot be imported. {'. '.join(problems)}.")
    try:
        with transaction.atomic(), signals.quiet():  # a new tournament, a fresh revision
            try:
                tournament = import_state(
                    state, name=name, system=system, dutch_edition=dutch_edition
                )
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
    except (DataError, IntegrityError) as e:  # a limit import_problems does not know yet
        raise ArbiterError(f"The TRF file holds values the database cannot store: {e}.") from e
