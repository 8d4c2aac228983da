"""Baku acceleration: the virtual points of FIDE C.04.5.1 (2017) / C.04.7 article 1 (2026).

The rule, identical in both editions under the standard scoring (1, ½, 0):

* **Groups** (2017 "Initial Groups Division", 2026 1.2): before round 1 the list of players,
  in pairing-number order, is split in two. Group A holds the first half of the players
  rounded up to the nearest even number, ``2 * ceil(N / 4)`` (161 players: 82); group B the
  rest.
* **Late entries** (2017 "Late entries", 2026 1.3): they take their place in the list by the
  initial order; "the last GA-player shall be the same as in the previous round", so a late
  entry placed above that player joins group A (which may become odd) and one placed below
  joins group B. Group A is therefore always a prefix of the pairing list.
* **Virtual points** (2017 "Virtual points", 2026 1.4): the accelerated rounds are the first
  half of the rounds, rounded up. Before pairing the first half (rounded up) of them, every
  group-A player holds the points of a win; before the remaining accelerated rounds, half of
  that; group B never; nobody after the last accelerated round. Nine rounds: five accelerated,
  group A holds 1, 1, 1, ½, ½ in rounds 1-5, nothing from round 6.
* **Pairing score** (2026 1.5): standings points plus virtual points, used to form and order
  the scoregroups and to order the boards. Standings and tie-breaks never see virtual points.

Editions: the 2017 text premises the standard scoring and speaks of "1" and "0.5" virtual
points; the 2026 text premises only that a win is worth two draws and a loss nothing, and
gives "the points for a win" and half of them. With the standard scoring the two give the same
numbers; this module applies the 2026 wording (which includes the 2017 case).

Everything is in integer half-points (a win = 2 under the standard scoring).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from pairing.engine.core.errors import EngineError
from pairing.engine.core.state import PlayerId, PointValues, TournamentState


class AccelerationError(EngineError):
    """Acceleration cannot be applied as asked (scoring, missing number of rounds, system)."""


def group_a_size(players: int) -> int:
    """C.04.7 1.2: the first half of ``players`` rounded up to the nearest even number,
    ``2 * ceil(N / 4)`` (never more than the players there are)."""
    return min(players, 2 * -(-players // 4))


def accelerated_round_count(total_rounds: int) -> int:
    """C.04.7 1.4: the accelerated rounds are the first half of the rounds, rounded up."""
    return -(-total_rounds // 2)


def baku_round_points(
    round_number: int, total_rounds: int, win: int = 2, accelerated: int | None = None
) -> int:
    """Virtual half-points a group-A player holds when round ``round_number`` is paired:
    the points of a win in the first half (rounded up) of the ``accelerated`` rounds (the
    rule's count when ``None``), half of them in the rest, none afterwards (C.04.7 1.4)."""
    count = accelerated_round_count(total_rounds) if accelerated is None else accelerated
    if round_number <= -(-count // 2):
        return win
    if round_number <= count:
        return win // 2
    return 0


def check_baku_scoring(points: PointValues) -> None:
    """C.04.7 1.1: the method needs a win worth two draws and a loss worth nothing (2017:
    the standard 1, ½, 0)."""
    if points.win != 2 * points.draw or points.loss != 0:
        raise AccelerationError(
            "Baku acceleration needs a win worth two draws and a loss worth nothing "
            f"(C.04.7 1.1); this tournament scores {points.win / 2:g} / {points.draw / 2:g} / "
            f"{points.loss / 2:g}"
        )


def baku_group_a(
    order: Sequence[PlayerId], initial: Collection[PlayerId] | None = None
) -> tuple[PlayerId, ...]:
    """Group A: the players of ``order`` (the pairing list, in pairing-number order, late
    entries in their places) up to and including the last group-A player, who is the
    ``2 * ceil(N / 4)``-th of the ``initial`` players (those on the list before round 1; all
    of ``order`` when ``None``)."""
    first_list = [p for p in order if initial is None or p in initial]
    if not first_list:
        return ()
    last = first_list[group_a_size(len(first_list)) - 1]
    return tuple(order[: order.index(last) + 1])


def baku_acceleration(
    order: Sequence[PlayerId],
    total_rounds: int | None,
    *,
    points: PointValues | None = None,
    accelerated: int | None = None,
    initial: Collection[PlayerId] | None = None,
) -> dict[PlayerId, tuple[int, ...]]:
    """The Baku virtual half-points of every group-A player, round by round (the form of
    ``TournamentState.acceleration``, TRF ``XXA``); group-B players are left out.

    ``order``: the pairing list by pairing number; ``initial``: the players on it before
    round 1 (default: all); ``accelerated``: the number of accelerated rounds (default: the
    rule's, half the rounds rounded up)."""
    if total_rounds is None:
        raise AccelerationError("Baku acceleration needs the number of rounds (XXR or record 142)")
    points = points or PointValues()
    check_baku_scoring(points)
    if accelerated is not None and not 0 <= accelerated <= total_rounds:
        raise AccelerationError(
            f"{accelerated} accelerated rounds in a {total_rounds}-round tournament"
        )
    count = accelerated_round_count(total_rounds) if accelerated is None else accelerated
    schedule = tuple(
        baku_round_points(r, total_rounds, points.win, count) for r in range(1, count + 1)
    )
    if not any(schedule):
        return {}
    return {pid: schedule for pid in baku_group_a(order, initial)}


def _pairing_list(state: TournamentState) -> list[PlayerId]:
    return [p.id for p in sorted(state.players, key=lambda p: p.tpn)]


def with_baku(state: TournamentState, accelerated: int | None = None) -> TournamentState:
    """The state with the Baku virtual points of its players, every player taken as on the
    list before round 1 (a TRF file does not say who entered late)."""
    return replace(
        state,
        acceleration=baku_acceleration(
            _pairing_list(state),
            state.total_rounds,
            points=state.points,
            accelerated=accelerated,
        ),
    )


def declares_baku(state: TournamentState) -> bool:
    """Record 192 names a Baku-accelerated tournament type (ETT26 ``FIDE_DUTCH_BAKU``,
    ``FIDE_DUTCH_2017_BAKU``, ``FIDE_DUTCH_2026_BAKU``, ...)."""
    return state.info.system_code.strip().upper().endswith("_BAKU")


def baku_rounds_matching(state: TournamentState) -> int | None:
    """The number of accelerated rounds for which the Baku rule (every player on the list
    before round 1) gives exactly the state's virtual points, or ``None`` when no count does
    (late entries, another method, hand-made points). Without virtual points: ``None``."""
    if not state.acceleration or state.total_rounds is None:
        return None
    try:
        check_baku_scoring(state.points)
    except AccelerationError:
        return None
    order = _pairing_list(state)
    for count in range(1, state.total_rounds + 1):
        wanted = baku_acceleration(
            order, state.total_rounds, points=state.points, accelerated=count
        )
        if wanted == trim_virtual_points(state.acceleration):
            return count
    return None


def trim_virtual_points(
    acceleration: Mapping[PlayerId, Sequence[int]],
) -> dict[PlayerId, tuple[int, ...]]:
    """The same virtual points without trailing zero rounds and without players who have
    none (``XXA 1 1.0 0.0`` and ``XXA 1 1.0`` say the same)."""
    out = {}
    for pid, values in acceleration.items():
        trimmed = list(values)
        while trimmed and not trimmed[-1]:
            trimmed.pop()
        if trimmed:
            out[pid] = tuple(trimmed)
    return out
