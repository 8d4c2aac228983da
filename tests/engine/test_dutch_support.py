"""Builders for hand-derived Dutch test cases (players, states, round rules).

A round is written as a string of ``;``-separated entries: ``"1-3 1-0"`` (1 white, 3 black,
result from white's side: ``1-0``, ``0-1``, ``=``, ``+-``, ``-+``, ``--``) or ``"5 U"`` (a bye
or absence code without opponent: ``U`` pairing-allocated bye, ``H``, ``F``, ``Z``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from pairing.engine.core.colours import preference
from pairing.engine.core.state import (
    Colour,
    ForbiddenPairs,
    Player,
    RoundEntry,
    TournamentState,
)
from pairing.engine.dutch.graph import RoundRules
from pairing.engine.dutch.players import DutchPlayer, Float

W, B = Colour.WHITE, Colour.BLACK


def colours(text: str) -> tuple[Colour, ...]:
    """``"wbb"`` -> (W, B, B)."""
    return tuple(Colour(c) for c in text)


def player(
    pid: int,
    score: int = 0,
    history: str = "",
    *,
    float_last: Float = Float.NONE,
    float_before_last: Float = Float.NONE,
    bye_allowed: bool = True,
    topscorer: bool = False,
    tpn: int | None = None,
) -> DutchPlayer:
    """A player as the Dutch engine sees it; ``score`` in half-points, ``history`` the
    colours of the games played."""
    played = colours(history)
    return DutchPlayer(
        id=pid,
        tpn=tpn or pid,
        score=score,
        colours=played,
        preference=preference(played),
        float_last=float_last,
        float_before_last=float_before_last,
        bye_allowed=bye_allowed,
        topscorer=topscorer,
        e5_number=tpn or pid,
    )


def rules(
    players: Iterable[DutchPlayer],
    barred: Iterable[tuple[int, int]] = (),
    initial: Colour = Colour.WHITE,
) -> RoundRules:
    """Round rules where only the listed pairs may not meet (C.1)."""
    banned: dict[int, set[int]] = {p.id: set() for p in players}
    for a, b in barred:
        banned[a].add(b)
        banned[b].add(a)
    return RoundRules(barred={k: frozenset(v) for k, v in banned.items()}, initial=initial)


def random_player(
    rng: random.Random,
    pid: int,
    score: int,
    *,
    topscorers: float = 0.1,
    e5_out_of_order: bool = False,
    unplayed: bool = False,
) -> DutchPlayer:
    """A player of random colour history (0-4 games), floats and bye eligibility; a
    ``topscorers`` share of them topscorers. ``e5_out_of_order``: the E.5 pairing number is
    drawn independently of the bracket order (pairing numbers out of rating order, late
    entries); ``unplayed``: 0-2 unplayed rounds (2026 C9)."""
    history = colours("".join(rng.choice("wb") for _ in range(rng.randint(0, 4))))
    return DutchPlayer(
        id=pid,
        tpn=pid,
        score=score,
        colours=history,
        preference=preference(history),
        float_last=rng.choice(list(Float)),
        float_before_last=rng.choice(list(Float)),
        bye_allowed=rng.random() < 0.8,
        topscorer=rng.random() < topscorers,
        e5_number=rng.randint(1, 60) if e5_out_of_order else pid,
        unplayed=rng.randint(0, 2) if unplayed else 0,
    )


def state(
    count: int,
    rounds: Sequence[str],
    total_rounds: int,
    *,
    absent: str = "",
    initial: Colour = Colour.WHITE,
    forbidden: Sequence[tuple[int, int]] = (),
) -> TournamentState:
    """A tournament of ``count`` players (ids = pairing numbers, ratings descending) after
    the given rounds; ``absent`` lists next-round absences like ``"2 Z; 7 H"``."""
    current = TournamentState(
        players=tuple(Player(id=i, rating=2600 - 10 * i) for i in range(1, count + 1)),
        total_rounds=total_rounds,
        initial_colour=initial,
        forbidden=tuple(ForbiddenPairs(pair) for pair in forbidden),
    )
    for text in rounds:
        current = current.with_round(_entries(text))
    return TournamentState(
        players=current.players,
        rounds_done=current.rounds_done,
        total_rounds=total_rounds,
        initial_colour=initial,
        absent={pid: code for pid, code in _byes(absent)},
        forbidden=current.forbidden,
    )


GAME_RESULTS: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "1-0 unrated": ("W", "L"),
    "0-1 unrated": ("L", "W"),
    "1/2 unrated": ("D", "D"),
}
"""Board results by name -> (white code, black code), TRF codes."""


def _entries(text: str) -> dict[int, RoundEntry]:
    entries: dict[int, RoundEntry] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        head, code = item.split()
        if "-" in head:
            white, black = (int(x) for x in head.split("-"))
            w_code, b_code = GAME_RESULTS[code]
            entries[white] = RoundEntry(black, W, w_code)
            entries[black] = RoundEntry(white, B, b_code)
        else:
            entries[int(head)] = RoundEntry(None, None, code)
    return entries


def _byes(text: str) -> list[tuple[int, str]]:
    out = []
    for item in filter(None, (part.strip() for part in text.split(";"))):
        pid, code = item.split()
        out.append((int(pid), code))
    return out


def boards(pairing: object) -> set[tuple[int, int]]:
    """The (white, black) boards of a round pairing."""
    return {(b.white, b.black) for b in pairing.boards}  # type: ignore[attr-defined]


def test_state_builder_reads_rounds() -> None:
    built = state(4, ["1-3 1-0; 2-4 =; "], 3, absent="4 H")
    assert built.rounds_done == 1
    assert built.scores == {1: 2, 2: 1, 3: 0, 4: 1}
    assert dict(built.absent) == {4: "H"}
    assert built.player(3).colours == (B,)
