"""The absolute rules a hand-adjusted pairing may break, listed for the arbiter's warning.

``violations(state, pairing)`` checks a proposed :class:`RoundPairing` of the next round of
``state`` against the basic rules every Swiss system shares (FIDE C.04.1) and against plain
bookkeeping (everyone available paired exactly once, nobody absent paired). It never raises:
the arbiter decides, the checker only explains.

Rules checked:

* ``C.04.1.b`` two players shall not play each other more than once (a forfeit is not a
  meeting, C.04.2 D.6); a forbidden pair (TRF ``XXP``/260) is reported with it;
* ``C.04.1.d`` no pairing-allocated bye to a player who already had one, or a forfeit win
  (a system may bar more: the 2026 Dutch edition every win scored without playing, so the
  caller may pass the barred players);
* ``C.04.1.f`` colour difference beyond +2 / -2 after the round;
* ``C.04.1.g`` the same colour three times in a row;
* ``paired twice`` / ``not paired`` / ``absent`` / ``unknown player``: the bookkeeping.

Colour rules are not checked for TCEC double rounds: each pair plays both colours. Systems may
allow exceptions to f and g in the last round (C.04.1); the checker still lists them. The TCEC
Swiss system has rules of its own (colours by white-game difference, byes by count, no colour
limits): :data:`TCEC_RULES` leaves out d, f and g.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from pairing.engine.core.colours import colour_difference
from pairing.engine.core.state import Board, Colour, PlayerId, RoundPairing, TournamentState

REMATCH = "C.04.1.b"
SECOND_BYE = "C.04.1.d"
COLOUR_DIFFERENCE = "C.04.1.f"
SAME_COLOUR_THRICE = "C.04.1.g"
PAIRED_TWICE = "paired twice"
NOT_PAIRED = "not paired"
ABSENT_PAIRED = "absent"
UNKNOWN_PLAYER = "unknown player"

RULES: dict[str, str] = {
    REMATCH: "Two players shall not play each other more than once.",
    SECOND_BYE: "A player who already received a pairing-allocated bye, or scored a forfeit win, "
    "shall not receive the pairing-allocated bye.",
    COLOUR_DIFFERENCE: "The difference between a player's black and white games shall not be "
    "greater than 2.",
    SAME_COLOUR_THRICE: "No player shall receive the same colour three times in a row.",
    PAIRED_TWICE: "Each player is on one board, or has the bye, at most once.",
    NOT_PAIRED: "Every player available for the round is paired or has the bye.",
    ABSENT_PAIRED: "Players with a requested bye, a withdrawal or not yet entered are not paired.",
    UNKNOWN_PLAYER: "Only registered players are paired.",
}
"""Each rule's statement, for the arbiter."""
ALL_RULES = frozenset(RULES)
TCEC_RULES = frozenset({REMATCH, PAIRED_TWICE, NOT_PAIRED, ABSENT_PAIRED, UNKNOWN_PLAYER})
"""What a hand-adjusted TCEC pairing is checked for."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, about one or two players."""

    rule: str
    """A key of :data:`RULES`."""
    message: str
    """What is wrong, naming the players."""
    players: tuple[PlayerId, ...]


def _who(state: TournamentState, pid: PlayerId) -> str:
    player = state.by_id.get(pid)
    return f"{player.name} ({pid})" if player is not None and player.name else f"player {pid}"


def _meeting_round(state: TournamentState, a: PlayerId, b: PlayerId) -> int:
    """The first (pairing) round in which ``a`` played ``b`` over the board."""
    for column, e in enumerate(state.player(a).results, start=1):
        if e.played and e.opponent == b:
            return (column - 1) // state.columns_per_round + 1
    raise ValueError(f"{a} and {b} never met")


def _bookkeeping(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    placed = [p for b in pairing.boards for p in (b.white, b.black)]
    if pairing.bye is not None:
        placed.append(pairing.bye)
    counts = Counter(placed)
    out = []
    for pid in sorted(counts):
        if pid not in state.by_id:
            out.append(Violation(UNKNOWN_PLAYER, f"player {pid} is not registered", (pid,)))
            continue
        if counts[pid] > 1:
            out.append(
                Violation(PAIRED_TWICE, f"{_who(state, pid)} is paired {counts[pid]} times", (pid,))
            )
        if pid in state.absent:
            out.append(
                Violation(
                    ABSENT_PAIRED,
                    f"{_who(state, pid)} is paired but absent ({state.absent[pid]})",
                    (pid,),
                )
            )
    for p in state.available:
        if p.id not in counts:
            out.append(Violation(NOT_PAIRED, f"{_who(state, p.id)} is not paired", (p.id,)))
    return out


def _meetings(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    out = []
    for b in pairing.boards:
        if b.white == b.black or b.white not in state.by_id or b.black not in state.by_id:
            continue
        first, second = sorted((b.white, b.black))  # the same violation whatever the colours
        if state.met(first, second):
            rnd = _meeting_round(state, first, second)
            out.append(
                Violation(
                    REMATCH,
                    f"{_who(state, first)} and {_who(state, second)} already played each "
                    f"other in round {rnd}",
                    (first, second),
                )
            )
        elif not state.may_meet(first, second):
            out.append(
                Violation(
                    REMATCH,
                    f"{_who(state, first)} and {_who(state, second)} must not be paired "
                    f"(forbidden pair)",
                    (first, second),
                )
            )
    return out


def _colours(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    if state.double_rounds:
        return []
    out = []
    for b in pairing.boards:
        for pid, colour in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            if pid not in state.by_id or b.white == b.black:
                continue
            colours = (*state.player(pid).colours, colour)
            cd = colour_difference(colours)
            name = "white" if colour is Colour.WHITE else "black"
            if abs(cd) > 2:
                out.append(
                    Violation(
                        COLOUR_DIFFERENCE,
                        f"{_who(state, pid)} would have a colour difference of {cd:+d} with {name}",
                        (pid,),
                    )
                )
            if len(colours) >= 3 and colours[-3] is colours[-2] is colour:
                out.append(
                    Violation(
                        SAME_COLOUR_THRICE,
                        f"{_who(state, pid)} would have {name} three times in a row",
                        (pid,),
                    )
                )
    return out


def _bye(
    state: TournamentState, pairing: RoundPairing, barred: Collection[PlayerId] | None
) -> list[Violation]:
    pid = pairing.bye
    if pid is None or pid not in state.by_id:
        return []
    if state.player(pid).had_pab_or_forfeit_win and (barred is None or pid in barred):
        return [
            Violation(
                SECOND_BYE,
                f"{_who(state, pid)} already had a pairing-allocated bye or a forfeit win",
                (pid,),
            )
        ]
    if barred is not None and pid in barred:  # e.g. C.04.1 art. 4 (2026): a full-point bye
        return [
            Violation(
                SECOND_BYE, f"{_who(state, pid)} already scored a win without playing", (pid,)
            )
        ]
    return []


def violations(
    state: TournamentState,
    pairing: RoundPairing,
    rules: Collection[str] = ALL_RULES,
    bye_barred: Collection[PlayerId] | None = None,
) -> list[Violation]:
    """Every rule (of ``rules``, all by default) the proposed pairing of the next round
    breaks, bookkeeping first, then by board order. ``bye_barred``: the players the system
    bars from the bye (C.04.1.d: who had a pairing-allocated bye or a forfeit win, by
    default)."""
    found = [
        *_bookkeeping(state, pairing),
        *_meetings(state, pairing),
        *_bye(state, pairing, bye_barred),
        *_colours(state, pairing),
    ]
    return [v for v in found if v.rule in rules]


def new_violations(
    state: TournamentState,
    before: RoundPairing,
    after: RoundPairing,
    rules: Collection[str] = ALL_RULES,
    bye_barred: Collection[PlayerId] | None = None,
) -> list[Violation]:
    """The violations of ``after`` that ``before`` did not have: what a change breaks."""
    old = set(violations(state, before, rules, bye_barred))
    return [v for v in violations(state, after, rules, bye_barred) if v not in old]


# -- hand adjustments of a draft pairing ------------------------------------------------------


def exchange(pairing: RoundPairing, a: PlayerId, b: PlayerId) -> RoundPairing:
    """``a`` and ``b`` trade places: their boards and colours, or the bye. A player not in the
    pairing takes the other's place, who is then left out (e.g. to replace an absent player)."""

    def swap(pid: PlayerId) -> PlayerId:
        return b if pid == a else a if pid == b else pid

    boards = tuple(Board(swap(x.white), swap(x.black)) for x in pairing.boards)
    bye = None if pairing.bye is None else swap(pairing.bye)
    return RoundPairing(boards, bye)


def swap_colours(pairing: RoundPairing, board: int) -> RoundPairing:
    """The players of ``board`` (1-based) change colours."""
    if not 1 <= board <= len(pairing.boards):
        raise ValueError(f"there is no board {board}")
    boards = list(pairing.boards)
    old = boards[board - 1]
    boards[board - 1] = Board(old.black, old.white)
    return RoundPairing(tuple(boards), pairing.bye)


def placed(pairing: RoundPairing) -> list[PlayerId]:
    """The players on a board or with the bye (a player twice is listed twice)."""
    ids = [p for b in pairing.boards for p in (b.white, b.black)]
    return ids if pairing.bye is None else [*ids, pairing.bye]


def remove_board(pairing: RoundPairing, board: int) -> RoundPairing:
    """``board`` (1-based) leaves the pairing; its players are unpaired, later boards move up."""
    if not 1 <= board <= len(pairing.boards):
        raise ValueError(f"there is no board {board}")
    return RoundPairing(pairing.boards[: board - 1] + pairing.boards[board:], pairing.bye)


def add_board(pairing: RoundPairing, white: PlayerId, black: PlayerId) -> RoundPairing:
    """Two unpaired players on a new last board."""
    if white == black:
        raise ValueError("choose two different players")
    taken = placed(pairing)
    for pid in (white, black):
        if pid in taken:
            raise ValueError(f"player {pid} is already paired: remove that board first")
    return RoundPairing((*pairing.boards, Board(white, black)), pairing.bye)


def set_bye(pairing: RoundPairing, player: PlayerId | None) -> RoundPairing:
    """The pairing-allocated bye to an unpaired player (``None``: no bye)."""
    if player is not None and player in placed(pairing):
        raise ValueError(f"player {player} is already paired: remove that board first")
    return RoundPairing(pairing.boards, player)
