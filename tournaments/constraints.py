"""The arbiter's pairing settings for single players: forbidden pairs (players who must not
meet, e.g. of one family or club: TRF ``XXP`` / 260) and fixed boards (a player's game always
on one board, e.g. a wheelchair place or a live board: TRF ``XXF``).

Every pairing respects them: the engines treat a forbidden pair like a rematch (C.04.1 b), and
the boards of every pairing, the engine's or a hand-made draft, are numbered with the fixed
boards (``fixed_board_order``). A change runs under the tournament's lock; a fixed board
changed while a round is a draft numbers that draft's boards again."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import combinations

from django.db import transaction

from pairing.engine import ManualChange
from tournaments.drafts import change_draft
from tournaments.errors import ArbiterError
from tournaments.lifecycle import locked_tournament
from tournaments.models import Entry, ForbiddenPair, Round, Tournament

MAX_BOARD = 9999
"""The largest board number (TRF ``XXF`` writes four digits)."""


@dataclass(frozen=True)
class ForbiddenGroup:
    """What :func:`forbid` stored: the new pairs, and those already forbidden in that range."""

    added: list[ForbiddenPair]
    known: int


@dataclass(frozen=True)
class ForbiddenRow:
    """A forbidden pair as the page lists it."""

    pair: ForbiddenPair
    players: tuple[Entry, Entry]
    """The two players, the smaller pairing number first."""


def forbidden_rows(tournament: Tournament, entries: Collection[Entry]) -> list[ForbiddenRow]:
    """The tournament's forbidden pairs by their players' pairing numbers (``entries``: the
    tournament's, already loaded; one query)."""
    by_pk = {e.pk: e for e in entries}
    rows = []
    for pair in ForbiddenPair.objects.filter(tournament=tournament):
        first, second = by_pk[pair.first_id], by_pk[pair.second_id]
        low, high = sorted((first, second), key=lambda e: e.pairing_number)
        rows.append(ForbiddenRow(pair, (low, high)))
    return sorted(
        rows,
        key=lambda r: (
            r.players[0].pairing_number,
            r.players[1].pairing_number,
            r.pair.first_round or 0,
        ),
    )


def _check_rounds(tournament: Tournament, first: int | None, last: int | None) -> None:
    for number in (first, last):
        if number is not None and not 1 <= number <= tournament.rounds:
            raise ArbiterError(f"The tournament has rounds 1 to {tournament.rounds}.")
    if first is not None and last is not None and last < first:
        raise ArbiterError("The last round comes before the first.")


def forbid(
    tournament_id: int,
    entry_ids: Collection[int],
    first_round: int | None = None,
    last_round: int | None = None,
) -> ForbiddenGroup:
    """Forbid every pair of a group of the tournament's players (two players, or a family or
    club of more) in ``first_round``..``last_round`` (``None``: from the first, to the last
    round): one row per pair, none for a pair already forbidden in the same rounds."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        entries = sorted(
            tournament.entries.filter(pk__in=set(entry_ids)), key=lambda e: e.pairing_number
        )
        if len(entries) != len(set(entry_ids)):
            raise ArbiterError("Choose players of this tournament.")
        if len(entries) < 2:
            raise ArbiterError("Choose at least two players: a pair, or a family or club.")
        _check_rounds(tournament, first_round, last_round)
        same_rounds = ForbiddenPair.objects.filter(
            tournament=tournament, first_round=first_round, last_round=last_round
        )
        known = {frozenset(p) for p in same_rounds.values_list("first_id", "second_id")}
        new = [
            ForbiddenPair(
                tournament=tournament,
                first=a,
                second=b,
                first_round=first_round,
                last_round=last_round,
            )
            for a, b in combinations(entries, 2)
            if frozenset((a.pk, b.pk)) not in known
        ]
        ForbiddenPair.objects.bulk_create(new)
        total = len(entries) * (len(entries) - 1) // 2
        return ForbiddenGroup(new, total - len(new))


def allow(tournament_id: int, pair_id: int) -> ForbiddenPair:
    """Take a forbidden pair back; returns the deleted row (its players loaded)."""
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        pair = (
            ForbiddenPair.objects.filter(tournament=tournament, pk=pair_id)
            .select_related("first", "second")
            .first()
        )
        if pair is None:
            raise ArbiterError("This forbidden pair no longer exists.")
        pair.delete()
        return pair


def set_fixed_board(tournament_id: int, entry_id: int, board: int | None) -> Entry:
    """Pin a player to ``board`` (``None``: no fixed board). A round still a draft gets its
    boards numbered again."""
    if board is not None and not 1 <= board <= MAX_BOARD:
        raise ArbiterError(f"A board number is a whole number from 1 to {MAX_BOARD}.")
    with transaction.atomic():
        tournament = locked_tournament(tournament_id)
        entry = tournament.entries.filter(pk=entry_id).first()
        if entry is None:
            raise ArbiterError("Choose a player of this tournament.")
        entry.fixed_board = board
        entry.save(update_fields=["fixed_board"])
        draft = tournament.round_set.filter(status=Round.Status.DRAFT).order_by("number").first()
        if draft is not None:
            first_leg = draft.number - (draft.number - 1) % tournament.legs
            pin = ManualChange("fixed-board", players=(entry.pairing_number,), board=board or 0)
            change_draft(tournament.pk, first_leg, pin, confirm=True)
        return entry
