"""Pairing receipts (docs/receipts.md): each round keeps the TRF its pairing was made from,
the engine's pairing, the arbiter's changes with their reasons and, once published, the
published pairing with the SHA-256 of both texts; ``python -m pairing verify`` re-pairs it.

The engine is given the TRF itself (the state read back from the text stored), so that the
receipt reproduces the pairing exactly. Called by :mod:`tournaments.services` inside its
transactions (the tournament row locked).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from django.utils import timezone

from pairing.engine import (
    ManualChange,
    Receipt,
    RoundPairing,
    TournamentState,
    changed_boards,
    engine_state,
    parse_pairing,
    program_version,
    sha256,
    write_trf,
)
from pairing.services import engine_system
from tournaments.models import PairingReceipt, Round, Tournament


def engine_input(tournament: Tournament, state: TournamentState) -> tuple[str, TournamentState]:
    """The TRF of ``state`` for the tournament's engine, and the state the engine reads from
    it (``python -m pairing pair`` reads the same from the file). Birth dates and sex are
    left out: no pairing system reads them, and the receipt is public once published."""
    players = tuple(replace(p, birth_date="", sex="") for p in state.players)
    trf = write_trf(replace(state, players=players))
    return trf, engine_state(trf, engine_system(tournament))


def record_pairing(
    first_row: Round,
    tournament: Tournament,
    trf: str,
    engine_pairing: RoundPairing | None,
    by_hand: RoundPairing | None = None,
    reason: str = "",
) -> PairingReceipt:
    """The receipt of a round just paired: the engine's input and pairing, or (``by_hand``)
    the pairing the arbiter starts from instead, listed as the first change."""
    changes = []
    if by_hand is not None:
        change = ManualChange("pair-by-hand", start=by_hand, reason=reason, at=_now())
        changes.append(change.to_json())
    return PairingReceipt.objects.create(
        round=first_row,
        system=engine_system(tournament),
        edition=tournament.system_label,
        program_version=program_version(),
        trf=trf,
        trf_sha256=sha256(trf),
        engine_pairing="" if engine_pairing is None else engine_pairing.output(),
        engine_error="" if engine_pairing is not None else "paired by hand: the engine not asked",
        changes=changes,
        paired_at=timezone.now(),
    )


def record_change(first_row: Round, change: ManualChange) -> None:
    """Add an applied change of the draft (with its reason) to the round's receipt. Rounds
    paired before receipts existed have none: nothing is recorded."""
    receipt = PairingReceipt.objects.filter(round=first_row).first()
    if receipt is None:
        return
    receipt.changes = [*receipt.changes, replace(change, at=_now()).to_json()]
    receipt.save(update_fields=["changes"])


def publish(first_row: Round, pairing: RoundPairing) -> None:
    """Complete the receipt of a round being published with its pairing and the hash."""
    receipt = PairingReceipt.objects.filter(round=first_row).first()
    if receipt is None:
        return
    receipt.pairing = pairing.output()
    receipt.pairing_sha256 = sha256(receipt.pairing)
    receipt.published_at = timezone.now()
    receipt.save(update_fields=["pairing", "pairing_sha256", "published_at"])


def _now() -> str:
    return timezone.now().isoformat(timespec="seconds")


def document(receipt: PairingReceipt) -> str:
    """The receipt file (JSON) of a published round."""
    tournament = receipt.round.tournament
    number = (receipt.round.number - 1) // tournament.legs + 1
    return Receipt(
        tournament=tournament.name,
        round=number,
        system=receipt.system,
        edition=receipt.edition,
        trf=receipt.trf,
        pairing=parse_pairing(receipt.pairing),
        engine_pairing=parse_pairing(receipt.engine_pairing) if receipt.engine_pairing else None,
        engine_error=receipt.engine_error,
        changes=tuple(
            ManualChange.from_json(c, f"changes[{i}]") for i, c in enumerate(receipt.changes)
        ),
        program_version=receipt.program_version,
        paired_at=receipt.paired_at.isoformat(timespec="seconds"),
        published_at=receipt.published_at.isoformat(timespec="seconds")
        if receipt.published_at
        else "",
        trf_sha256=receipt.trf_sha256,
        pairing_sha256=receipt.pairing_sha256,
    ).dumps()


def marked_boards(receipt: PairingReceipt | None) -> frozenset[int]:
    """The published boards the arbiter changed (not boards of the engine's pairing): all of
    a round paired by hand; none without a published receipt."""
    if receipt is None or not receipt.is_published:
        return frozenset()
    return _changed(receipt.engine_pairing, receipt.pairing)


@lru_cache(maxsize=4)
def _changed(engine_pairing: str, pairing: str) -> frozenset[int]:
    """:func:`changed_boards` of a receipt's two pairings, read once per process (issue 27:
    0.1 s for each page of a 5,000-board round; a published receipt's pairings stay)."""
    engine = parse_pairing(engine_pairing) if engine_pairing else None
    return changed_boards(engine, parse_pairing(pairing))


def published_receipt(tournament: Tournament, number: int) -> PairingReceipt | None:
    """The receipt of round row ``number`` (either game of a TCEC double round), once that
    round is published."""
    first = number - (number - 1) % tournament.legs
    return (
        PairingReceipt.objects.select_related("round")
        .defer("round__explanation")  # issue 27: 5,000 boards' reasons, read for nothing
        .filter(round__tournament=tournament, round__number=first, published_at__isnull=False)
        .exclude(round__status=Round.Status.DRAFT)
        .first()
    )
