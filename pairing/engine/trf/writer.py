"""Writing a :class:`TournamentState` as a TRF26 document (with the engine's extensions)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from pairing.engine.core.state import (
    Colour,
    Player,
    PlayerId,
    PointValues,
    RoundEntry,
    TournamentState,
)
from pairing.engine.trf.layout import ROUND_START


def _fmt_points(half: int) -> str:
    return f"{half / 2:4.1f}"


def _place(chars: list[str], first: int, value: str) -> None:
    need = first - 1 + len(value)
    if len(chars) < need:
        chars.extend(" " * (need - len(chars)))
    chars[first - 1 : need] = value


def _player_line(state: TournamentState, p: Player, rank: int | None) -> str:
    chars: list[str] = []
    _place(chars, 1, "001")
    _place(chars, 5, f"{p.id:4d}")
    _place(chars, 10, p.sex[:1])
    _place(chars, 11, f"{p.title[:3]:>3}")
    _place(chars, 15, p.name[:33].ljust(33))
    _place(chars, 49, f"{p.rating:4d}" if p.rating else "    ")
    _place(chars, 54, p.federation[:3].ljust(3))
    _place(chars, 58, f"{p.fide_id[:11]:>11}")
    _place(chars, 70, p.birth_date[:10].ljust(10))
    entries = list(p.results)
    if p.id in state.absent:
        entries.append(RoundEntry(None, None, state.absent[p.id]))
    total = sum(state.points.scored(e) for e in entries)  # a pending game adds nothing
    _place(chars, 81, _fmt_points(total))
    if rank:
        _place(chars, 86, f"{rank:4d}")
    for r, e in enumerate(entries, start=1):
        start = ROUND_START + 10 * (r - 1)
        if e.blank:
            continue
        opp = "0000" if e.opponent is None else f"{e.opponent:4d}"
        colour = e.colour.value if e.colour else "-"
        _place(chars, start, f"{opp} {colour} {e.code}")
    return "".join(chars).rstrip()


def _points_words(points: PointValues) -> str:
    names = {
        "WW": points.win,
        "BW": points.black_win,
        "WD": points.draw,
        "BD": points.black_draw,
        "WL": points.loss,
        "BL": points.black_loss,
        "ZPB": points.zero_bye,
        "HPB": points.half_bye,
        "FPB": points.full_bye,
        "PAB": points.pab,
        "FW": points.forfeit_win,
        "FL": points.forfeit_loss,
    }
    return " ".join(f"{k}={v / 2:g}" for k, v in names.items() if v is not None)


def _runs(ids: list[PlayerId]) -> list[tuple[PlayerId, PlayerId]]:
    """Sorted ids as (first, last) runs of consecutive numbers."""
    runs: list[tuple[PlayerId, PlayerId]] = []
    for pid in ids:
        if runs and runs[-1][1] == pid - 1:
            runs[-1] = (runs[-1][0], pid)
        else:
            runs.append((pid, pid))
    return runs


def _acceleration_records(acceleration: Mapping[PlayerId, tuple[int, ...]]) -> list[str]:
    """Virtual points as TRF26 records 250 (fictitious points, first and last round, first and
    last player): one record per run of consecutive players holding the same points over the
    same run of rounds (Baku: two records)."""
    width = max((len(v) for v in acceleration.values()), default=0)
    # (points, players) -> rounds in which exactly these players hold exactly these points
    blocks: dict[tuple[int, tuple[PlayerId, ...]], list[int]] = {}
    for r in range(width):
        holders: dict[int, list[PlayerId]] = {}
        for pid in sorted(acceleration):
            values = acceleration[pid]
            if r < len(values) and values[r]:
                holders.setdefault(values[r], []).append(pid)
        for value, holding in holders.items():
            blocks.setdefault((value, tuple(holding)), []).append(r + 1)
    records = []
    for (value, ids), rounds in blocks.items():
        for first_round, last_round in _runs(rounds):
            for first_id, last_id in _runs(list(ids)):
                records.append(
                    (
                        first_round,
                        first_id,
                        f"250 {'':4} {_fmt_points(value)} {first_round:3d} "
                        f"{last_round:3d} {first_id:4d} {last_id:4d}",
                    )
                )
    return [text for _, _, text in sorted(records)]


_MODIFIER = re.compile(r"^(?!US-)([A-Z]+)-(C\d+|M\d+|L[+-]\d+)")
"""A Cut / Median / Limit modifier written with a hyphen, as this program's codes are."""


def mtb26_codes(codes: str) -> str:
    """Tie-break codes as TRF-2026 record 202 takes them (MTB26: ``NAME/Cn``, ``/Mn``,
    ``/L+n``): ``BH-C1,KS-L+1,BH-C1/P,SB`` -> ``BH/C1,KS/L+1,BH/C1/P,SB``; codes already so
    written, and the US Chess ones (``US-MM``), are kept."""
    if not codes:
        return codes
    return ",".join(_MODIFIER.sub(r"\1/\2", c.strip()) for c in codes.split(","))


def write_trf(
    state: TournamentState,
    version: int = 16,
    ranks: Mapping[PlayerId, int] | None = None,
    line_ending: str = "\n",
) -> str:
    """Write the tournament as TRF16 (``version=16``) or TRF26 (``version=26``: records 142,
    152, 162, 192 and 250 instead of their extension equivalents; ``XXF``, which has none, in
    both). Points (81-84) are computed from the results (a game without a result adds
    nothing); ``ranks`` fills columns 86-89 (else the ranks read are kept)."""
    if version not in (16, 26):
        raise ValueError("TRF version must be 16 or 26")
    info = state.info
    out: list[str] = []

    def rec(code: str, value: str) -> None:
        if value:
            out.append(f"{code} {value}")

    out.append(f"012 {info.name}".rstrip())
    rec("022", info.city)
    rec("032", info.federation)
    rec("042", info.start_date)
    rec("052", info.end_date)
    out.append(f"062 {len(state.players)}")
    out.append(f"072 {sum(1 for p in state.players if p.rating)}")
    rec("092", info.tournament_type)
    rec("102", info.chief_arbiter)
    for deputy in info.deputy_arbiters:
        rec("112", deputy)
    rec("122", info.time_control)
    if info.round_dates:
        chars: list[str] = list("132")
        for r, date in enumerate(info.round_dates, start=1):
            _place(chars, ROUND_START + 10 * (r - 1), date[:8])
        out.append("".join(chars).rstrip())
    xxc = []
    if version == 26:
        if state.total_rounds:
            out.append(f"142 {state.total_rounds}")
        if state.initial_colour:
            out.append(f"152 {state.initial_colour.value.upper()}")
        p = state.points
        out.append(
            f"162 W{p.win / 2:4.1f}    D{p.draw / 2:4.1f}    L{p.loss / 2:4.1f}    "
            f"A{p.zero_bye / 2:4.1f}    P{p.pab / 2:4.1f}"
        )
    else:
        if state.total_rounds:
            out.append(f"XXR {state.total_rounds}")
        if state.initial_colour:
            xxc.append("white1" if state.initial_colour is Colour.WHITE else "black1")
    rec("192", info.system_code)
    rec("202", mtb26_codes(info.tie_breaks))
    if any(p.tpn != p.id for p in state.players):
        xxc.append("rank")
    if xxc:
        out.append("XXC " + " ".join(xxc))
    if not state.points.is_standard:
        out.append("XXS " + _points_words(state.points))
    if state.double_rounds:
        out.append("XXT double")
    for code, rest in info.extra_records:
        out.append(f"{code}{rest}")
    for f in state.forbidden:
        listed = " ".join(f"{pid:4d}" for pid in f.players)
        if f.first_round is None and f.last_round is None:
            out.append(f"XXP {listed}")
        else:
            out.append(f"260 {f.first_round or 1:3d} {f.last_round or 999:3d} {listed}")
    for pid, board in sorted(state.fixed_boards.items()):
        out.append(f"XXF {pid:4d} {board:4d}")
    for rnd in sorted(state.future_byes):
        by_kind: dict[str, list[PlayerId]] = {}
        for pid, kind in sorted(state.future_byes[rnd].items()):
            by_kind.setdefault(kind, []).append(pid)
        for kind, ids in by_kind.items():
            out.append(f"240 {kind} {rnd:3d} " + " ".join(f"{pid:4d}" for pid in ids))
    if version == 26:
        out.extend(_acceleration_records(state.acceleration))
    else:
        for pid in sorted(state.acceleration):
            chars = list(f"XXA {pid:4d}")
            for r, v in enumerate(state.acceleration[pid], start=1):
                _place(chars, 10 + 5 * (r - 1), _fmt_points(v))
            out.append("".join(chars).rstrip())
    for player in sorted(state.players, key=lambda p: p.id):
        rank = (
            ranks.get(player.id)
            if ranks
            else (player.declared_rank if player.tpn == player.id else player.tpn)
        )
        out.append(_player_line(state, player, rank))
    return line_ending.join(out) + line_ending
