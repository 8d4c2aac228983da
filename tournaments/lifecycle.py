"""A tournament's life outside its rounds: created (by hand or from a TRF file), a provisional
rating, archived, deleted; and the lock every change of a tournament takes first."""

from __future__ import annotations

from django.db import DataError, IntegrityError, transaction
from django.db.models import ProtectedError

from pairing.engine import AccelerationError, TrfError, read_trf
from pairing.trf_import import (
    date_notes,
    dubov_edition_named,
    dutch_edition_named,
    import_state,
    imported_system,
)
from tournaments import limits, signals
from tournaments.errors import ArbiterError
from tournaments.models import Entry, Game, Round, Tournament, new_revision

MAX_RATING = 3500


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
    with transaction.atomic(), signals.quiet():  # (no new revision per row: the row goes)
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
    text: str,
    arbiter_id: int,
    name: str = "",
    system: str = "",
    dutch_edition: str = "",
    dubov_edition: str = "",
    *,
    notes: list[str] | None = None,
) -> Tournament:
    """Create a tournament from a TRF file (all rounds, results, byes), run by the user
    ``arbiter_id``. A file that cannot be read raises :class:`ArbiterError` naming the line
    and column; so does a Dutch or Dubov tournament whose file does not name the edition of
    the rules (record 192) when ``dutch_edition`` / ``dubov_edition`` does not either.
    ``notes`` receives what the file said that the tournament does not keep (a start date
    that is no date, ...), one sentence each, for the arbiter."""
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
    dubov = (system or imported_system(state)) == Tournament.PairingSystem.DUBOV
    if dubov and not (dubov_edition or dubov_edition_named(state)):
        raise ArbiterError(
            "The file does not say which edition of the FIDE Dubov rules paired it "
            "(TRF record 192): choose the edition."
        )
    if problems := limits.import_problems(state, name):
        raise ArbiterError(f"The TRF file cannot be imported. {'. '.join(problems)}.")
    try:
        with transaction.atomic(), signals.quiet():  # a new tournament, a fresh revision
            try:
                tournament = import_state(
                    state,
                    name=name,
                    system=system,
                    dutch_edition=dutch_edition,
                    dubov_edition=dubov_edition,
                )
            except AccelerationError as e:
                raise ArbiterError(f"The TRF file cannot be imported: {e}.") from e
            tournament.seeding = Tournament.Seeding.MANUAL  # keep the file's starting ranks
            tournament.save(update_fields=["seeding"])
            tournament.arbiters.add(arbiter_id)
            if notes is not None:
                notes.extend(date_notes(state))
            if not tournament.round_set.exclude(status=Round.Status.FINISHED).exists():
                finished = tournament.round_set.count() >= tournament.rounds * tournament.legs
                if finished:
                    tournament.status = Tournament.Status.FINISHED
                    tournament.save(update_fields=["status"])
            return tournament
    except (DataError, IntegrityError) as e:  # a limit import_problems does not know yet
        raise ArbiterError(f"The TRF file holds values the database cannot store: {e}.") from e
