"""The free pairing checker (FPC): re-pair every round of a tournament from the rounds before
it and list the rounds whose recorded pairing differs from ours."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pairing.engine.core.errors import EngineError
from pairing.engine.core.state import Colour, RoundPairing, TournamentState
from pairing.engine.systems import PairRound


@dataclass(frozen=True)
class RoundDifference:
    """A round whose recorded pairing is not the one the system produces."""

    round: int
    """Pairing round number (a TCEC double round counts once)."""
    recorded: RoundPairing
    ours: RoundPairing | None
    """``None`` when the system could not pair the round (see ``error``)."""
    error: str = ""

    def describe(self) -> str:
        def fmt(p: RoundPairing) -> str:
            boards = " ".join(
                f"{b.white}-{b.black}" for b in sorted(p.boards, key=lambda b: (b.white, b.black))
            )
            return boards + (f" bye {p.bye}" if p.bye is not None else "")

        if self.ours is None:
            return f"round {self.round}: recorded {fmt(self.recorded)}; ours: {self.error}"
        missing = sorted(self.recorded.pairs - self.ours.pairs)
        extra = sorted(self.ours.pairs - self.recorded.pairs)
        bye = (
            ""
            if self.recorded.bye == self.ours.bye
            else f"; bye recorded {self.recorded.bye} ours {self.ours.bye}"
        )
        return (
            f"round {self.round}: recorded {' '.join(f'{w}-{b}' for w, b in missing)} "
            f"ours {' '.join(f'{w}-{b}' for w, b in extra)}{bye}"
        )


def same_pairing(a: RoundPairing, b: RoundPairing) -> bool:
    """Equal as sets of (white, black) boards, with the same bye."""
    return a.pairs == b.pairs and a.bye == b.bye


def check_tournament(state: TournamentState, pair_round: PairRound) -> list[RoundDifference]:
    """Every round re-paired from the rounds before it; the differing ones, in order."""
    step = 2 if state.double_rounds else 1
    differences = []
    for done in range(0, state.rounds_done, step):
        recorded = state.recorded_pairing(done + 1)
        try:
            ours: RoundPairing | None = _pair(state.truncated(done), recorded, pair_round)
            error = ""
        except EngineError as e:
            ours, error = None, str(e)
        if ours is None or not same_pairing(recorded, ours):
            differences.append(RoundDifference(done // step + 1, recorded, ours, error))
    return differences


def _pair(before: TournamentState, recorded: RoundPairing, pair_round: PairRound) -> RoundPairing:
    """Our pairing of the round after ``before``. The first round of a file without an initial
    colour (``XXC``) was paired with a colour drawn by lot that the file does not say: either
    colour is right, so the one matching the recorded round is taken (later rounds read it
    back from round 1)."""
    ours = pair_round(before)
    if before.rounds_done or before.initial_colour is not None or same_pairing(recorded, ours):
        return ours
    for colour in Colour:
        other = pair_round(replace(before, initial_colour=colour))
        if same_pairing(recorded, other):
            return other
    return ours
