"""The bridge between the database and the pairing engine (with ``tournaments.services`` and
``ratings.services``, the only app modules that import ``pairing.engine``; import-linter
enforces it). Views, forms, models and reports reach engine names through this module.

``state_for(tournament)`` builds the engine's :class:`TournamentState` from entries, rounds,
games and byes; the TRF export is written from the same state, so the web app and the
command line pair a tournament identically. Each ``Round`` row is one TRF round column
(a TCEC double round is two rows).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from functools import cached_property
from itertools import combinations
from typing import Any

from django.utils import timezone

from pairing.engine import (
    BLANK,
    AccelerationError,
    Colour,
    ExplanationFormatError,
    ForbiddenPairs,
    PlayerId,
    PointValues,
    Reason,
    RoundEntry,
    RoundExplanation,
    StandingRow,
    Topic,
    TournamentInfo,
    TournamentState,
    accelerated_round_count,
    apply_declared_acceleration,
    baku_acceleration,
    baku_rounds_matching,
    initial_colour_of,
    render,
    standings,
    tcec_final_order,
    tie_break,
    write_trf,
)
from pairing.engine import (
    Player as EnginePlayer,
)
from tournaments.models import (
    Bye,
    Entry,
    ForbiddenPair,
    Game,
    Player,
    Round,
    Tournament,
    VirtualPoints,
    split_fide_id,
)

SYSTEM_CODES: dict[str, str] = {
    Tournament.PairingSystem.DUTCH: "FIDE_DUTCH_2026",
    Tournament.PairingSystem.DUBOV: "FIDE_DUBOV_2018",
    Tournament.PairingSystem.TCEC: "TCEC_SWISS",
    Tournament.PairingSystem.TCEC_DOUBLE: "TCEC_SWISS",
}
"""TRF record 192 (pairing system) per tournament system (Dutch: see :func:`system_code`);
TCEC double rounds are marked by ``XXT double``."""


def system_code(tournament: Tournament) -> str:
    """TRF record 192 of the tournament: the Dutch system names its edition."""
    if tournament.pairing_system == Tournament.PairingSystem.DUTCH:
        return f"FIDE_DUTCH_{tournament.dutch_edition}{_baku_suffix(tournament)}"
    return SYSTEM_CODES[tournament.pairing_system] + _baku_suffix(tournament)


def engine_system(tournament: Tournament) -> str:
    """The pairing engine's name for the tournament's system (``dutch-2017``,
    ``dutch-2026``, ``dubov``, ``tcec``)."""
    if tournament.pairing_system == Tournament.PairingSystem.DUTCH:
        return f"dutch-{tournament.dutch_edition}"
    return tournament.engine_system


def dutch_edition_named(state: TournamentState) -> str:
    """The Dutch edition a file names in record 192 (``2017``, ``2026``; ``2025`` is the
    2026 rules under their approval year), or ``""`` when it names none."""
    code = state.info.system_code.strip().upper()
    for prefix, edition in (
        ("FIDE_DUTCH_2017", Tournament.DutchEdition.E2017),
        ("FIDE_DUTCH_2025", Tournament.DutchEdition.E2026),
        ("FIDE_DUTCH_2026", Tournament.DutchEdition.E2026),
    ):
        if code.startswith(prefix):
            return str(edition)
    return ""


def _baku_suffix(tournament: Tournament) -> str:
    """ETT26 marks a Baku-accelerated type with ``_BAKU`` (``FIDE_DUTCH_2017_BAKU``)."""
    return "_BAKU" if tournament.acceleration == Tournament.Acceleration.BAKU else ""


def point_values(tournament: Tournament) -> PointValues:
    """The tournament's scoring in the engine's terms (half-points)."""
    return PointValues(
        win=tournament.win_points,
        draw=tournament.draw_points,
        loss=tournament.loss_points,
        forfeit_win=tournament.win_points,
        forfeit_loss=tournament.loss_points,
        pab=tournament.bye_points,
        full_bye=tournament.win_points,
        half_bye=tournament.half_bye_points,
        zero_bye=tournament.loss_points,
    )


def _player(entry: Entry, results: tuple[RoundEntry, ...]) -> EnginePlayer:
    """The entry as the engine sees it: the tournament's own data of the player."""
    return EnginePlayer(
        id=entry.pairing_number,
        name=entry.name,
        rating=entry.rating,
        title=entry.title,
        sex=entry.sex,
        federation=entry.federation.upper(),
        fide_id=entry.fide_id,
        birth_date=entry.birth_date.strftime("%Y/%m/%d") if entry.birth_date else "",
        results=results,
    )


def _absence(entry: Entry, round_number: int, byes: dict[tuple[int, int], str]) -> str | None:
    """Why an entry has no board in a round: its bye, or Z when not (yet/any more) playing."""
    kind = byes.get((entry.pk, round_number))
    if kind:
        return kind
    return None if entry.plays_in(round_number) else "Z"


@dataclass
class Snapshot:
    """Everything stored about a tournament, loaded in five queries: entries (each with the
    tournament's own data of its player), round rows, games, byes and forbidden pairs (a sixth
    for the virtual points of an imported accelerated tournament). Games have their round and
    entries attached, so templates walk them without further queries."""

    tournament: Tournament
    entries: list[Entry]
    rounds: list[Round]
    games: list[Game]
    byes: list[Bye]
    forbidden: list[ForbiddenPair] = field(default_factory=list)
    virtual_points: list[VirtualPoints] = field(default_factory=list)

    @cached_property
    def entry_by_number(self) -> dict[PlayerId, Entry]:
        return {e.pairing_number: e for e in self.entries}

    @cached_property
    def entry_by_pk(self) -> dict[int, Entry]:
        return {e.pk: e for e in self.entries}

    def games_of(self, round_number: int) -> list[Game]:
        return [g for g in self.games if g.round.number == round_number]

    def state(self, rounds: int | None = None) -> TournamentState:
        """The tournament before round column ``rounds + 1`` (default: after every round row
        stored), with the absences and requested byes of that next column."""
        return _state(self, len(self.rounds) if rounds is None else rounds)


def snapshot(tournament: Tournament) -> Snapshot:
    """Load a tournament for the engine and for the pages: five queries (six with imported
    virtual points), whatever its size."""
    entries = list(tournament.entries.order_by("pairing_number"))
    # The explanations are loaded only by the pages that show them (stored_explanation).
    rounds = list(
        Round.objects.filter(tournament=tournament).defer("explanation").order_by("number")
    )
    games = list(Game.objects.filter(round__tournament=tournament).order_by("round_id", "board"))
    byes = list(Bye.objects.filter(entry__tournament=tournament).order_by("round_number"))
    forbidden = list(ForbiddenPair.objects.filter(tournament=tournament))
    virtual = (
        list(VirtualPoints.objects.filter(entry__tournament=tournament))
        if tournament.acceleration == Tournament.Acceleration.EXPLICIT
        else []
    )
    by_pk = {e.pk: e for e in entries}
    round_by_pk = {r.pk: r for r in rounds}
    for r in rounds:
        r.tournament = tournament
    for e in entries:
        e.tournament = tournament
    for g in games:
        g.round = round_by_pk[g.round_id]
        g.white = by_pk[g.white_id]
        g.black = by_pk[g.black_id]
    games.sort(key=lambda g: (g.round.number, g.board))
    for b in byes:
        b.entry = by_pk[b.entry_id]
    return Snapshot(tournament, entries, rounds, games, byes, forbidden, virtual)


def _forbidden(snap: Snapshot) -> tuple[ForbiddenPairs, ...]:
    """The forbidden pairs by pairing number (lower number first), in a stable order."""
    number = {e.pk: e.pairing_number for e in snap.entries}
    pairs = sorted(
        (
            *sorted((number[f.first_id], number[f.second_id])),
            f.first_round or 0,
            f.last_round or 0,
        )
        for f in snap.forbidden
    )
    return tuple(ForbiddenPairs((a, b), first or None, last or None) for a, b, first, last in pairs)


def fixed_boards(entries: Iterable[Entry]) -> dict[PlayerId, int]:
    """The arbiter's fixed boards by pairing number (``XXF``)."""
    return {e.pairing_number: e.fixed_board for e in entries if e.fixed_board}


def virtual_points(snap: Snapshot) -> dict[PlayerId, tuple[int, ...]]:
    """The tournament's virtual half-points per pairing number and round (C.04.7): the Baku
    rule's, group A counted from the players entered before round 1 (late entries placed
    above its last player join it), or the ones imported from a TRF file. Raises
    ``AccelerationError`` when the tournament's scoring does not allow Baku."""
    tournament = snap.tournament
    if tournament.acceleration == Tournament.Acceleration.BAKU:
        return baku_acceleration(
            [e.pairing_number for e in snap.entries],
            tournament.rounds,
            points=point_values(tournament),
            accelerated=tournament.accelerated_rounds,
            initial={e.pairing_number for e in snap.entries if e.joined_round == 1},
        )
    if tournament.acceleration == Tournament.Acceleration.EXPLICIT:
        number = {e.pk: e.pairing_number for e in snap.entries}
        rounds: dict[PlayerId, list[int]] = defaultdict(list)
        for v in snap.virtual_points:
            values = rounds[number[v.entry_id]]
            values.extend([0] * (v.round_number - len(values)))
            values[v.round_number - 1] = v.points
        return {pid: tuple(values) for pid, values in sorted(rounds.items())}
    return {}


def _state(snap: Snapshot, done: int) -> TournamentState:
    tournament = snap.tournament
    entries = snap.entries
    paired = len(snap.rounds)
    number = {e.pk: e.pairing_number for e in entries}
    cells: dict[tuple[int, int], RoundEntry] = {}
    for g in snap.games:
        r = g.round.number
        if r > done:
            continue
        w, b = Game.TRF_CODES[g.result]
        cells[(g.white_id, r)] = RoundEntry(number[g.black_id], Colour.WHITE, w)
        cells[(g.black_id, r)] = RoundEntry(number[g.white_id], Colour.BLACK, b)
    byes: dict[tuple[int, int], str] = {}
    for bye in snap.byes:
        if bye.kind == Bye.Kind.PAIRING_ALLOCATED and done < bye.round_number <= paired:
            continue  # made by the pairing of a round after ``done``, not a request
        byes[(bye.entry_id, bye.round_number)] = bye.kind

    players = []
    absent: dict[PlayerId, str] = {}
    future: dict[int, dict[PlayerId, str]] = defaultdict(dict)
    for e in entries:
        results = []
        for r in range(1, done + 1):
            cell = cells.get((e.pk, r))
            if cell is None:
                code = _absence(e, r, byes)
                cell = RoundEntry(None, None, code) if code else BLANK
            results.append(cell)
        players.append(_player(e, tuple(results)))
        code = _absence(e, done + 1, byes)
        if code:
            absent[e.pairing_number] = code
    for (entry_id, r), kind in byes.items():
        if r > done + 1:
            future[r][number[entry_id]] = kind
    return TournamentState(
        players=tuple(players),
        rounds_done=done,
        total_rounds=tournament.rounds,
        initial_colour=Colour(tournament.initial_colour),
        points=point_values(tournament),
        absent=absent,
        future_byes=dict(future),
        forbidden=_forbidden(snap),
        acceleration=virtual_points(snap),
        double_rounds=tournament.double_rounds,
        fixed_boards=fixed_boards(snap.entries),
        info=_info(snap),
    )


def _arbiter(name: str, fide_id: str) -> str:
    """TRF records 102 and 112: the arbiter's title and name, then the FIDE ID in brackets.
    Both records are free text from column 5 in TRF16 and TRF26 alike (neither edition gives
    the FIDE ID a field of its own); the brackets are JaVaFo's TRF(x) sample's form.
    :func:`_arbiter_of` reads this form back, or an ID written after the name."""
    return f"{name} ({fide_id})" if fide_id else name


def _round_dates(snap: Snapshot) -> tuple[str, ...]:
    """TRF record 132, one YY/MM/DD per round column: the schedule's date of the round, else
    the day it was paired (both games of a TCEC double round share the round's date)."""
    legs = snap.tournament.legs
    scheduled = [s.date() for s in snap.tournament.scheduled_rounds]
    paired = {r.number: timezone.localtime(r.paired_at).date() for r in snap.rounds}
    dates = []
    for column in range(1, max(len(snap.rounds), legs * len(scheduled)) + 1):
        index = (column - 1) // legs
        day = scheduled[index] if index < len(scheduled) else paired.get(column)
        if day is None:
            break
        dates.append(f"{day:%y/%m/%d}")
    return tuple(dates)


def _info(snap: Snapshot) -> TournamentInfo:
    """The header records of the tournament's TRF file (the FIDE report)."""
    t = snap.tournament
    return TournamentInfo(
        name=t.name,
        city=t.place,
        federation=t.federation.upper(),
        start_date=t.start_date.strftime("%Y/%m/%d"),
        end_date=t.end_date.strftime("%Y/%m/%d"),
        chief_arbiter=_arbiter(t.chief_arbiter, t.chief_arbiter_fide_id),
        deputy_arbiters=tuple(_arbiter(name, fide_id) for name, fide_id in t.deputies),
        time_control=t.time_control,
        tournament_type=t.system_label,
        system_code=system_code(t),
        round_dates=_round_dates(snap),
        tie_breaks=t.tie_breaks,
    )


def state_for(tournament: Tournament, rounds: int | None = None) -> TournamentState:
    """The tournament before round ``rounds + 1`` (default: after every round paired so far),
    with the absences and requested byes of the next round. A constant number of queries."""
    return snapshot(tournament).state(rounds)


def export_trf(tournament: Tournament, version: int = 16) -> str:
    """The tournament as a TRF file (the FIDE rating report): every round stored, the next
    round's requested byes, and the final ranks in columns 86-89 computed with the
    tournament's tie-breaks."""
    snap = snapshot(tournament)
    state = snap.state()
    ranks = {row.player: row.rank for row in ranking(tournament, state)}
    if state.rounds_done >= tournament.rounds * tournament.legs:
        # Every round is paired: no column after the last (a withdrawn player's "next round"
        # absence would make more columns than XXR / 142).
        state = replace(state, absent={}, future_byes={})
    if version == 26 and tournament.time_control_code:
        extra = (*state.info.extra_records, ("222", f" {tournament.time_control_code}"))
        state = replace(state, info=replace(state.info, extra_records=extra))
    return write_trf(state, version=version, ranks=ranks)


def report_gaps(tournament: Tournament) -> list[str]:
    """What the FIDE rating report (TRF16/TRF26) still lacks, in the arbiter's words; an
    empty list when every mandatory record can be written."""
    missing = []
    if not tournament.place:
        missing.append("the city (record 022)")
    if not tournament.federation:
        missing.append("the federation (032)")
    if not tournament.chief_arbiter:
        missing.append("the chief arbiter (102)")
    elif not tournament.chief_arbiter_fide_id:
        missing.append("the chief arbiter's FIDE ID (102)")
    if not tournament.time_control:
        missing.append("the time control (122)")
    if not tournament.round_schedule:
        missing.append("the round dates (132; until then, the days the rounds were paired)")
    return missing


def tie_break_codes(tournament: Tournament) -> list[str]:
    """The tournament's tie-break codes that the engine knows (an imported file may name
    others; they are left out rather than break the standings)."""
    known = []
    for code in tournament.tie_break_codes:
        try:
            tie_break(code)
        except ValueError:
            continue
        known.append(code)
    return known


def ranking(tournament: Tournament, state: TournamentState) -> list[StandingRow]:
    """The standings of ``state`` with the tournament's tie-breaks (TCEC: score, byes, then
    the tie-breaks)."""
    codes = tie_break_codes(tournament)
    if tournament.is_tcec:
        return tcec_final_order(state, codes)
    return standings(state, codes)


_RESULT_BY_CODES = {codes: result for result, codes in Game.TRF_CODES.items() if result != "adj"}
_SYSTEM_BY_CODE = {
    "FIDE_DUTCH_2017": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH_2025": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH_2026": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH": Tournament.PairingSystem.DUTCH,
    "FIDE_DUBOV": Tournament.PairingSystem.DUBOV,
    "FIDE_DUBOV_2018": Tournament.PairingSystem.DUBOV,
    "TCEC_SWISS": Tournament.PairingSystem.TCEC,
}


def imported_system(state: TournamentState) -> str:
    """The pairing system record 192 names (the Dutch system when it names none; ``_BAKU``
    marks acceleration)."""
    code = state.info.system_code.strip().upper().removesuffix("_BAKU")
    return _SYSTEM_BY_CODE.get(code, Tournament.PairingSystem.DUTCH)


def _date(text: str) -> date | None:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%y/%m/%d"):
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def _initial_colour(state: TournamentState, system: str) -> str:
    """``XXC`` (TRF-2026 152), or for a file without it (as Swiss-Manager writes them) the
    colour the system reads back from the first round with colours."""
    return initial_colour_of(Tournament(pairing_system=system).engine_system, state).value


def _arbiter_of(text: str) -> tuple[str, str]:
    """Record 102/112 as written by :func:`_arbiter` ("IA Name (1234567)") -> (name, ID)."""
    match = re.fullmatch(r"(.*?)\s*\((\d{1,11})\)", text.strip())
    return (match[1], match[2]) if match else split_fide_id(text)


def _tournament_from(
    state: TournamentState, name: str, system: str, dutch_edition: str
) -> Tournament:
    info = state.info
    start = _date(info.start_date) or date.today()
    end = _date(info.end_date) or start
    p = state.points
    if system == Tournament.PairingSystem.TCEC and state.double_rounds:
        system = Tournament.PairingSystem.TCEC_DOUBLE
    chief, chief_id = _arbiter_of(info.chief_arbiter)
    columns = state.columns_per_round
    schedule = [_date(d) for d in info.round_dates[::columns]]
    time_code = next((rest.strip() for code, rest in info.extra_records if code == "222"), "")
    return Tournament.objects.create(
        name=name or info.name or "Imported tournament",
        place=info.city,
        federation=info.federation[:3].upper(),
        chief_arbiter=chief[:100],
        chief_arbiter_fide_id=chief_id,
        deputy_arbiters="\n".join(" ".join(_arbiter_of(d)).strip() for d in info.deputy_arbiters),
        time_control=info.time_control[:100],
        time_control_code=time_code[:40],
        round_schedule="\n".join(f"{d:%Y-%m-%d}" for d in schedule if d is not None),
        start_date=start,
        end_date=max(start, end),
        pairing_system=system,
        dutch_edition=dutch_edition or Tournament.DutchEdition.E2026,
        rounds=max(state.total_rounds or 0, state.rounds_done // state.columns_per_round, 1),
        initial_colour=_initial_colour(state, system),
        win_points=p.win,
        draw_points=p.draw,
        loss_points=p.loss,
        bye_points=p.pab,
        half_bye_points=p.half_bye,
        tie_breaks=info.tie_breaks or "BH-C1,BH,SB,DE,WIN",
        status=Tournament.Status.RUNNING if state.rounds_done else Tournament.Status.REGISTRATION,
    )


def _store_acceleration(
    tournament: Tournament, state: TournamentState, entries: dict[PlayerId, Entry]
) -> None:
    """Keep the file's virtual points: as the Baku setting when the rule gives exactly them
    (every player taken as entered before round 1), else as they are (``explicit``)."""
    if not state.acceleration:
        return
    if tournament.pairing_system != Tournament.PairingSystem.DUTCH:
        raise AccelerationError(
            "the file gives virtual points (acceleration, XXA or record 250), which this "
            "program applies with the FIDE Dutch system only: import it as Dutch"
        )
    count = baku_rounds_matching(state)
    if count is not None:
        tournament.acceleration = Tournament.Acceleration.BAKU
        if count != accelerated_round_count(tournament.rounds):
            tournament.accelerated_rounds = count
    else:
        tournament.acceleration = Tournament.Acceleration.EXPLICIT
        VirtualPoints.objects.bulk_create(
            VirtualPoints(entry=entries[pid], round_number=r, points=value)
            for pid, values in state.acceleration.items()
            for r, value in enumerate(values, start=1)
            if value
        )
    tournament.save(update_fields=["acceleration", "accelerated_rounds"])


def _store_forbidden(
    tournament: Tournament, state: TournamentState, entries: dict[PlayerId, Entry]
) -> None:
    """``XXP`` / record 260 groups, one row per pair of players."""
    ForbiddenPair.objects.bulk_create(
        ForbiddenPair(
            tournament=tournament,
            first=entries[a],
            second=entries[b],
            first_round=f.first_round,
            last_round=f.last_round,
        )
        for f in state.forbidden
        for a, b in combinations(sorted(set(f.players)), 2)
    )


def import_state(
    state: TournamentState, *, name: str = "", system: str = "", dutch_edition: str = ""
) -> Tournament:
    """Store a tournament read from a TRF file: players, entries, every round with its games
    and byes, the next round's requested byes, the forbidden pairs, the fixed boards and the
    virtual points (acceleration). Each entry keeps the file's data of its player; a FIDE ID
    already known links the entry to that identity (whose data is neither read nor changed).
    The Dutch edition: ``dutch_edition``, else the one record 192 names, else the one in force. Call
    inside a transaction; raises ``AccelerationError`` for virtual points outside the Dutch
    system."""
    system = system or imported_system(state)
    edition = dutch_edition or dutch_edition_named(state)
    state = apply_declared_acceleration(state, system)
    tournament = _tournament_from(state, name, system, edition)
    entries: dict[PlayerId, Entry] = {}
    used: set[str] = set()
    known = {
        p.fide_id: p
        for p in Player.objects.filter(fide_id__in=[p.fide_id for p in state.players if p.fide_id])
    }
    for p in state.players:
        data = {
            "name": (p.name or f"Player {p.id}")[:100],
            "sex": p.sex if p.sex in ("m", "w") else "",
            "title": p.title[:3],
            "federation": p.federation[:3],
            "fide_id": p.fide_id[:11],
            "birth_date": _date(p.birth_date),
        }
        player = known.pop(p.fide_id, None) if p.fide_id else None
        if player is None:
            usable = p.fide_id.isdigit() and p.fide_id not in used
            player = Player.objects.create(
                **data | {"fide_id": data["fide_id"] if usable else ""}, fide_rating=p.rating
            )
        used.add(player.fide_id)
        entries[p.id] = Entry.objects.create(
            tournament=tournament,
            player=player,
            pairing_number=p.id,
            rating=p.rating,
            fixed_board=state.fixed_boards.get(p.id),
            **data,
        )
    for column in range(1, state.rounds_done + 1):
        cells = [(p.id, p.results[column - 1]) for p in state.players]
        pending = any(e.opponent is not None and e.code == " " for _, e in cells)
        rnd = Round.objects.create(
            tournament=tournament,
            number=column,
            status=Round.Status.PUBLISHED if pending else Round.Status.FINISHED,
        )
        games = [
            (pid, e) for pid, e in cells if e.opponent is not None and e.colour is Colour.WHITE
        ]
        Game.objects.bulk_create(
            Game(
                round=rnd,
                board=board,
                white=entries[pid],
                black=entries[e.opponent or 0],
                result=_RESULT_BY_CODES[
                    (e.code, state.player(e.opponent or 0).results[column - 1].code)
                ],
            )
            for board, (pid, e) in enumerate(games, start=1)
        )
        Bye.objects.bulk_create(
            Bye(entry=entries[pid], round_number=column, kind=e.code)
            for pid, e in cells
            if e.opponent is None and not e.blank
        )
    byes = [(state.rounds_done + 1, state.absent), *sorted(state.future_byes.items())]
    Bye.objects.bulk_create(
        Bye(entry=entries[pid], round_number=r, kind=kind)
        for r, codes in byes
        for pid, kind in codes.items()
    )
    _store_forbidden(tournament, state, entries)
    _store_acceleration(tournament, state, entries)
    return tournament


# -- explanations ---------------------------------------------------------------------------------


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
