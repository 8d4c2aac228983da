"""The engine's explanation of a round as the app stores it (JSON in ``Round.explanation``)
and shows it: the reasons of each board, of the bye and of the round, with player names."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pairing.engine import (
    ExplanationFormatError,
    PlayerId,
    Reason,
    RoundExplanation,
    Topic,
    render,
)
from pairing.services import Snapshot
from tournaments.models import (
    Round,
    Tournament,
)


def explanation_json(explanation: RoundExplanation) -> dict[str, Any]:
    """What ``Round.explanation`` stores: the engine's explanation, players by pairing number
    (like every row of a tournament backup; :func:`renumber_explanations` follows a
    renumbering)."""
    return explanation.to_json()


def stored_explanation(snap: Snapshot, number: int) -> RoundExplanation | None:
    """The explanation stored with round row ``number`` (one query); ``None`` when there is
    none (paired by hand, imported, or unreadable)."""
    data = (
        Round.objects.filter(tournament=snap.tournament, number=number)
        .values_list("explanation", flat=True)
        .first()
    )
    return _readable(data)


def _readable(data: object) -> RoundExplanation | None:
    if not isinstance(data, dict):
        return None
    try:
        return RoundExplanation.from_json(data)
    except ExplanationFormatError:
        return None


def renumber_explanations(tournament: Tournament, moved: dict[PlayerId, PlayerId]) -> None:
    """The rounds' stored explanations after the entries' pairing numbers changed (``moved``:
    old number -> new number)."""
    if not moved:
        return
    rows = list(Round.objects.filter(tournament=tournament, explanation__isnull=False))
    for rnd in rows:
        explanation = _readable(rnd.explanation)
        rnd.explanation = None if explanation is None else explanation.renumbered(moved).to_json()
    Round.objects.bulk_update(rows, ["explanation"])


@dataclass(frozen=True)
class ShownReason:
    """A reason as a page shows it: players by name."""

    topic: str
    article: str
    text: str


@dataclass(frozen=True)
class BoardWhy:
    """What a page shows of why a board (or the bye) is what it is."""

    reasons: tuple[ShownReason, ...] = ()
    changed: str = ""
    """Why the engine's reasons do not (all) apply: the arbiter changed the board."""


def _shown(reasons: Iterable[Reason], names: dict[PlayerId, str]) -> tuple[ShownReason, ...]:
    return tuple(ShownReason(r.topic.value, r.article, render(r.text, names)) for r in reasons)


def board_reasons(
    explanation: RoundExplanation | None,
    boards: Iterable[tuple[int, PlayerId, PlayerId]],
    names: dict[PlayerId, str],
    public: bool = False,
) -> dict[int, BoardWhy]:
    """Board number -> what to show of its explanation (``boards``: board number, white,
    black). ``public``: only the player-facing reasons (floats, colours), and nothing for a
    board the engine did not pair so; otherwise a board changed by hand says so."""
    out: dict[int, BoardWhy] = {}
    if explanation is None:
        return out
    for number, white, black in boards:
        board = explanation.board(white, black)
        if board is not None:
            reasons = board.public_reasons if public else board.reasons
            out[number] = BoardWhy(_shown(reasons, names))
            continue
        swapped = explanation.board(black, white)
        if swapped is not None:
            kept = [r for r in swapped.reasons if r.topic is not Topic.COLOUR]
            if public:
                kept = [r for r in kept if r.public]
            note = "The arbiter swapped the colours: the colour rule's reason no longer applies."
            out[number] = BoardWhy(_shown(kept, names), note)
        elif not public:
            note = "Changed by hand: the engine did not pair this board."
            out[number] = BoardWhy((), note)
    return out


def bye_reasons(
    explanation: RoundExplanation | None, bye: PlayerId | None, names: dict[PlayerId, str]
) -> BoardWhy | None:
    """What to show of why ``bye`` holds the pairing-allocated bye (``None``: nothing to say)."""
    if explanation is None or bye is None:
        return None
    if explanation.bye is None or explanation.bye.player != bye:
        return BoardWhy((), "Changed by hand: the engine gave the bye to someone else.")
    return BoardWhy(_shown(explanation.bye.reasons, names))


def round_notes(
    explanation: RoundExplanation | None, names: dict[PlayerId, str]
) -> tuple[ShownReason, ...]:
    """The reasons about the round as a whole."""
    return () if explanation is None else _shown(explanation.notes, names)
