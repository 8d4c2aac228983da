"""The bridge between the database and the pairing engine: ORM rows become engine input here.
App modules import the engine's value types and errors from the facade ``pairing.engine`` and
call this module (and :mod:`pairing.trf_import`, :mod:`pairing.explanations`) for what
touches the database; nothing here re-exports an engine name.

``state_for(tournament)`` builds the engine's :class:`TournamentState` from entries, rounds,
games and byes; the TRF export is written from the same state, so the web app and the
command line pair a tournament identically. Each ``Round`` row is one TRF round column
(a TCEC double round is two rows). The TRF import is :mod:`pairing.trf_import`, the stored
explanations of rounds :mod:`pairing.explanations`.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from typing import TypeVar

from django.db.models import Model, QuerySet
from django.db.models.base import ModelState
from django.utils import timezone

from pairing.engine import (
    BLANK,
    US_SETTINGS_RECORD,
    Colour,
    ForbiddenPairs,
    PlayerId,
    PointValues,
    RoundEntry,
    StandingRow,
    TournamentInfo,
    TournamentState,
    USSettings,
    baku_acceleration,
    standings,
    system_for,
    tcec_final_order,
    tie_break,
    us_settings_record,
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
    Round,
    Tournament,
    VirtualPoints,
)

SYSTEM_CODES: dict[str, str] = {
    Tournament.PairingSystem.DUTCH: "FIDE_DUTCH_2026",
    Tournament.PairingSystem.TCEC: "TCEC_SWISS",
    Tournament.PairingSystem.TCEC_DOUBLE: "TCEC_SWISS",
    Tournament.PairingSystem.USCF: system_for("uscf").record_code,
    Tournament.PairingSystem.ROUND_ROBIN: system_for("round-robin").record_code,
    Tournament.PairingSystem.ROUND_ROBIN_DOUBLE: system_for("round-robin-double").record_code,
}
"""TRF record 192 (pairing system) per tournament system (Dutch and Dubov: see
:func:`system_code`); TCEC double rounds are marked by ``XXT double``."""


_M = TypeVar("_M", bound=Model)


def system_code(tournament: Tournament) -> str:
    """TRF record 192 of the tournament: the Dutch and Dubov systems name their edition
    (Dubov: ``FIDE_DUBOV_2018``, or ETT26's ``FIDE_DUBOV`` for the 2026 edition in force)."""
    if tournament.pairing_system == Tournament.PairingSystem.DUTCH:
        return f"FIDE_DUTCH_{tournament.dutch_edition}{_baku_suffix(tournament)}"
    if tournament.pairing_system == Tournament.PairingSystem.DUBOV:
        code = system_for(tournament.engine_system).record_code
        return code + _baku_suffix(tournament)
    return SYSTEM_CODES[tournament.pairing_system] + _baku_suffix(tournament)


def engine_system(tournament: Tournament) -> str:
    """The pairing engine's name for the tournament's system (``dutch-2017``,
    ``dutch-2026``, ``dubov-2018``, ``dubov-2026``, ``tcec``, ``uscf``, ``round-robin``,
    ``round-robin-double``)."""
    if tournament.pairing_system == Tournament.PairingSystem.DUTCH:
        return f"dutch-{tournament.dutch_edition}"
    return tournament.engine_system


def us_settings(tournament: Tournament, entries: Iterable[Entry] = ()) -> USSettings:
    """The section's US Chess settings (rules 28-29, the TD's choices), with the entries'
    assigned ratings of unrated players and keep-apart groups (28N, two or more players)."""
    entries = list(entries)
    groups: dict[str, list[PlayerId]] = {}
    for e in entries:
        if e.keep_apart.strip():
            groups.setdefault(e.keep_apart.strip().casefold(), []).append(e.pairing_number)
    return USSettings(
        alternation_limit=tournament.us_alternation_limit,
        equalization_limit=max(tournament.us_equalization_limit, tournament.us_alternation_limit),
        assigned_ratings={
            e.pairing_number: e.assigned_rating
            for e in entries
            if e.assigned_rating and not e.rating
        },
        avoid_together=tuple(tuple(sorted(g)) for g in groups.values() if len(g) >= 2),
        accelerated=tournament.us_accelerated_rounds > 0,
        accelerated_rounds=tournament.us_accelerated_rounds or 2,
        bye_for_colours=tournament.us_bye_for_colours,
        bye_to_unrated=tournament.us_bye_to_unrated,
        bye_up_in_four_rounds=tournament.us_bye_up_four_rounds,
        harkness=tournament.us_harkness,
        colour_priority=tournament.us_colour_priority or "rank",
        colours_over_ratings=tournament.us_colours_over_ratings,
        no_third_colour=tournament.us_no_third_colour,
        teams_never=tournament.us_teams_never,
        teams_plus_two=tournament.us_teams_plus_two,
        last_round_lot=tournament.us_last_round_lot,
        lot_seed=tournament.us_lot_seed if tournament.us_last_round_lot else None,
    )


def draw_lot_seed(tournament: Tournament, round_number: int) -> None:
    """29E4c (variation): before the last round of a US Chess section that draws equal colour
    claims by lot is paired, draw the lot's seed (``secrets``) unless it was drawn before,
    and keep it with the tournament; it goes into ``XXU last-round-lot=SEED`` and so into the
    round's receipt and the exported TRF. Drawn once: pairing the round again (after deleting
    it) draws the same colours. Also called when the settings are saved, with the last round
    paired (``round_number``), so that its draft is reviewed by the lot the TD chose. Call
    inside the pairing's (or the settings') transaction."""
    t = tournament
    if t.is_uscf and t.us_last_round_lot and t.us_lot_seed is None and round_number >= t.rounds:
        t.us_lot_seed = secrets.randbelow(LOT_SEEDS)
        t.save(update_fields=["us_lot_seed"])


LOT_SEEDS = 1_000_000_000
"""29E4c seeds are drawn from 0 to 999,999,999 (nine digits, easy to read out)."""


def _extra_records(tournament: Tournament, entries: Iterable[Entry]) -> tuple[tuple[str, str], ...]:
    """``XXU`` with the US Chess settings that differ from the rules' defaults, so that the
    file, its receipt and ``python -m pairing verify`` pair as the section is paired."""
    if not tournament.is_uscf:
        return ()
    if not (words := us_settings_record(us_settings(tournament, entries))):
        return ()
    return ((US_SETTINGS_RECORD, f" {words}"),)


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


def _trf_date(day: date) -> str:
    """YYYY/MM/DD with the year's four digits (strftime's %Y writes year 1 as "1")."""
    return f"{day.year:04d}/{day:%m/%d}"


def _trf_birth(entry: Entry) -> str:
    """The birth date, or the year alone as ``YYYY/00/00`` (the FIDE list's birth year)."""
    if entry.birth_date:
        return _trf_date(entry.birth_date)
    return f"{entry.birth_year:04d}/00/00" if entry.birth_year else ""


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
        birth_date=_trf_birth(entry),
        results=results,
    )


def _absence(entry: Entry, round_number: int, byes: dict[tuple[int, int], str]) -> str | None:
    """Why an entry has no board in a round: its bye, or Z when not (yet/any more) playing."""
    kind = byes.get((entry.id, round_number))
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

    @cached_property
    def games_without_result(self) -> list[Game]:
        """The games still in play, in the order of :attr:`games` (what-if previews and a
        player's page look among these instead of every game)."""
        return [g for g in self.games if not g.has_result]

    def games_of(self, round_number: int) -> list[Game]:
        return [g for g in self.games if g.round.number == round_number]

    def state(self, rounds: int | None = None) -> TournamentState:
        """The tournament before round column ``rounds + 1`` (default: after every round row
        stored), with the absences and requested byes of that next column."""
        return _state(self, len(self.rounds) if rounds is None else rounds)


def _instances(queryset: QuerySet[_M], defer: tuple[str, ...] = ()) -> list[_M]:
    """The rows of ``queryset`` as model instances, built from ``values_list`` tuples: the
    attributes the ORM's own instances get (every concrete field but ``defer``, after the
    database's converters; the deferred ones load on access as with ``defer()``), marked as
    loaded from the database, without ``Model.__init__`` and its per-field work (a third of
    a 9,998-player snapshot's CPU). The models loaded so have no ``pre_init``/``post_init``
    receivers (tests/pairing/test_snapshot_rows.py checks this)."""
    model = queryset.model
    names = [f.attname for f in model._meta.concrete_fields if f.name not in defer]
    db = queryset.db
    new = model.__new__
    rows = []
    for values in queryset.values_list(*names):
        obj = new(model)
        fields = obj.__dict__
        fields.update(zip(names, values, strict=True))
        state = fields["_state"] = ModelState()
        state.adding = False
        state.db = db
        rows.append(obj)
    return rows


def _link(obj: Model, **related: Model) -> None:
    """Attach related objects as ``obj.field = value`` does for a foreign key whose id is
    already ``value``'s (the instance's cache of related objects), without the descriptor's
    checks."""
    obj._state.fields_cache.update(related)


def snapshot(tournament: Tournament) -> Snapshot:
    """Load a tournament for the engine and for the pages: five queries (six with imported
    virtual points), whatever its size."""
    entries = _instances(tournament.entries.order_by("pairing_number"))
    # The explanations are loaded only by the pages that show them (stored_explanation).
    rounds = _instances(
        Round.objects.filter(tournament=tournament).order_by("number"), defer=("explanation",)
    )
    games = _instances(
        Game.objects.filter(round__tournament=tournament).order_by("round_id", "board")
    )
    byes = _instances(Bye.objects.filter(entry__tournament=tournament).order_by("round_number"))
    forbidden = list(ForbiddenPair.objects.filter(tournament=tournament))
    virtual = (
        list(VirtualPoints.objects.filter(entry__tournament=tournament))
        if tournament.acceleration == Tournament.Acceleration.EXPLICIT
        else []
    )
    by_pk = {e.id: e for e in entries}
    round_by_pk = {r.id: r for r in rounds}
    for r in rounds:
        _link(r, tournament=tournament)
    for e in entries:
        _link(e, tournament=tournament)
    for g in games:
        _link(g, round=round_by_pk[g.round_id], white=by_pk[g.white_id], black=by_pk[g.black_id])
    number = {r.id: r.number for r in rounds}
    games.sort(key=lambda g: (number[g.round_id], g.board))
    for b in byes:
        _link(b, entry=by_pk[b.entry_id])
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
    number = {e.id: e.pairing_number for e in entries}
    round_number = {r.id: r.number for r in snap.rounds}
    cells: dict[tuple[int, int], RoundEntry] = {}
    for g in snap.games:
        r = round_number[g.round_id]
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
            cell = cells.get((e.id, r))
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
        start_date=_trf_date(t.start_date),
        end_date=_trf_date(t.end_date),
        chief_arbiter=_arbiter(t.chief_arbiter, t.chief_arbiter_fide_id),
        deputy_arbiters=tuple(_arbiter(name, fide_id) for name, fide_id in t.deputies),
        time_control=t.time_control,
        tournament_type=t.system_label,
        system_code=system_code(t),
        round_dates=_round_dates(snap),
        tie_breaks=_record_202(t),
        extra_records=_extra_records(t, snap.entries),
    )


def state_for(tournament: Tournament, rounds: int | None = None) -> TournamentState:
    """The tournament before round ``rounds + 1`` (default: after every round paired so far),
    with the absences and requested byes of the next round. A constant number of queries."""
    return snapshot(tournament).state(rounds)


def export_trf(tournament: Tournament, version: int = 16, with_draft: bool = False) -> str:
    """The tournament as a TRF file (the FIDE rating report): the published rounds (with
    ``with_draft``, the draft too, as the next round column without results), the next
    round's requested byes, and the ranks in columns 86-89 computed with the tournament's
    tie-breaks. TRF26 (``version=26``) also writes record 222, the encoded time control."""
    snap = snapshot(tournament)
    drafts = sum(1 for r in snap.rounds if r.status == Round.Status.DRAFT)
    columns = len(snap.rounds) - (0 if with_draft else drafts)
    state = snap.state(columns)
    # Record 132: a round not exported has no date of pairing (a schedule keeps its dates).
    dates = _round_dates(snap)[
        : max(columns, snap.tournament.legs * len(tournament.scheduled_rounds))
    ]
    state = replace(state, info=replace(state.info, round_dates=dates))
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


def _record_202(tournament: Tournament) -> str:
    """The tie-breaks of record 202 as the standings apply them: a TCEC tournament ranks the
    byes received first (TCEC's final order), so its file says so (``BYE,SB,BH``), and
    ``python -m pairing standings`` and the ranks of columns 86-89 agree with the web's."""
    if not tournament.is_tcec:
        return tournament.tie_breaks
    return ",".join(["BYE", *(c for c in tournament.tie_break_codes if c.upper() != "BYE")])


def standings_codes(tournament: Tournament) -> tuple[str, ...]:
    """The codes the standings rank by after the score, in order: the tournament's tie-breaks;
    in TCEC the byes received (``BYE``) first, once, wherever the list names it."""
    codes = tie_break_codes(tournament)
    if not tournament.is_tcec:
        return tuple(codes)
    return ("BYE", *(c for c in codes if c.upper() != "BYE"))


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
    codes = standings_codes(tournament)
    if tournament.is_tcec:
        return tcec_final_order(state, codes[1:])  # it ranks the byes received first itself
    return standings(state, codes)
