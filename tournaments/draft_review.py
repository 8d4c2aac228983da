"""The draft review and the hand-pairing suggestion: each board's colour rule, both players'
notes and the nearest pairing around the arbiter's boards. Every rule is the tournament's
:class:`pairing.engine.System`'s (issue 22): nothing here decides a colour or a bye."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pairing.engine import (
    ALL_RULES,
    TCEC_RULES,
    RoundPairing,
    System,
    TournamentState,
    system_for,
)
from tournaments.drafts import Draft


def nearest_pairing(
    state: TournamentState, rules: Collection[str] = ALL_RULES, system: str = ""
) -> RoundPairing:
    """A pairing of every available player that breaks as few absolute rules (of ``rules``) as
    it can, for the arbiter to adjust (:meth:`pairing.engine.System.suggest`), with the bye
    rule of ``system`` (the engine's name; by default TCEC for TCEC's rules, else the Dutch
    edition the state's record 192 names)."""
    name = system or ("tcec" if set(rules) == TCEC_RULES else "dutch")
    return system_for(name, state).suggest(state, rules)


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
    """The player the rule gives White (``None``: the rule does not say, e.g. for a pair off a
    round-robin table)."""

    @property
    def float(self) -> str:
        """This board's float: the higher-scored player floats down."""
        return "" if self.white.score == self.black.score else "↕"

    @property
    def swapped(self) -> bool:
        """The colours are not those of the rule (the arbiter swapped them)."""
        return self.rule_white is not None and self.rule_white != self.white.id


def review_draft(
    draft: Draft, system: str, dutch_edition: str = "2017", numbers: Sequence[int] | None = None
) -> list[BoardReview]:
    """Every board of the draft with both players' scores, ratings, colour histories, floats
    and the colour rule that decides the pair (the system's :meth:`~pairing.engine.System.
    colour_rule`: C.04.3 E.1-E.5, numbered 5.2.1-5.2.5 in the 2026 edition; C.04.4.1 E.0-E.4;
    TCEC STEP 5), computed from the state before the round, so that boards changed by hand are
    reviewed too. ``numbers``: only these boards (a page of them)."""
    state = draft.state
    rules = system_for(f"dutch-{dutch_edition}" if system == "dutch" else system, state)
    boards = [
        (number, board)
        for number, board in enumerate(draft.pairing.boards, start=1)
        if board.white in state.by_id
        and board.black in state.by_id
        and (numbers is None or number in numbers)
    ]
    ids = {pid for _, b in boards for pid in (b.white, b.black)}
    players = {pid: _player_review(state, pid, rules) for pid in ids}
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
