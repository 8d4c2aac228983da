"""Results corrected after a round was paired (issue 24). The round's receipt keeps the TRF
its pairing was made from; the results of the earlier rounds in it that differ from today's
are the corrections that pairing did not know: a draft says so and offers to pair again, a
published round says it was paired before them."""

from __future__ import annotations

from functools import lru_cache

from pairing.engine import Colour, EngineError, RoundEntry, TournamentState, engine_state
from tournaments.models import PairingReceipt, Tournament

SHOWN = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "−", "W": "1", "D": "½", "L": "0"}
"""TRF result codes as the pages show a result (C.04.2 / TRF: 1 0 = + - and unrated W D L)."""


def _code(entry: RoundEntry) -> str:
    return SHOWN.get(entry.code, entry.code.strip() or "no result")


@lru_cache(maxsize=4)
def _paired_from(trf: str, system: str) -> TournamentState:
    """The state a receipt's TRF was paired from, read once per process (issue 27: reading a
    10,000-player TRF took 0.3 s for each page showing the round; a receipt's TRF never
    changes once written, and the few kept are the rounds being looked at)."""
    return engine_state(trf, system)


def corrections(
    tournament: Tournament,
    number: int,
    now: TournamentState,
    receipt: PairingReceipt | bool | None = False,
) -> list[str]:
    """What changed in the results before round row ``number`` (its first game) since it was
    paired: one line per game or bye, oldest round first; ``[]`` for a round without a
    receipt (paired before receipts, imported) or whose TRF cannot be read. ``receipt``: the
    round's, when the caller has it already (``False``: read it)."""
    if number <= 1:
        return []  # nothing was played before
    if receipt is False:
        receipt = PairingReceipt.objects.filter(
            round__tournament=tournament, round__number=number
        ).first()
    if not isinstance(receipt, PairingReceipt):
        return []
    try:
        before = _paired_from(receipt.trf, receipt.system)
    except (EngineError, ValueError):
        return []
    out = []
    for column in range(number - 1):
        for player in now.players:
            then = before.by_id.get(player.id)
            if then is None or column >= min(len(player.results), len(then.results)):
                continue
            new, old = player.results[column], then.results[column]
            if new == old or (new.opponent is not None and new.colour is Colour.BLACK):
                continue  # unchanged, or told once from White's side
            label = tournament.round_label(column + 1)
            if new.opponent is None or new.opponent != old.opponent:
                out.append(f"{label}: {player.name}: {_code(old)}, now {_code(new)}")
                continue
            black, black_then = now.player(new.opponent), before.player(new.opponent)
            was = f"{_code(old)}–{_code(black_then.results[column])}"
            is_ = f"{_code(new)}–{_code(black.results[column])}"
            out.append(f"{label}: {player.name} – {black.name} was {was}, now {is_}")
    return out
