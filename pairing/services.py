"""The bridge between the database and the pairing engine (with ``tournaments.services`` and
``ratings.services``, the only app modules that import ``pairing.engine``; import-linter
enforces it). Views, forms, models and reports reach engine names through this module.

``state_for(tournament)`` builds the engine's :class:`TournamentState` from entries, rounds,
games and byes; the TRF export is written from the same state, so the web app and the
command line pair a tournament identically. Each ``Round`` row is one TRF round column
(a TCEC double round is two rows).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property

from pairing.engine import (
    BLANK,
    Colour,
    PlayerId,
    PointValues,
    RoundEntry,
    StandingRow,
    TournamentInfo,
    TournamentState,
    standings,
    tcec_final_order,
    tie_break,
    write_trf,
)

# ``X as X``: engine names the rest of the app reaches through this bridge.
from pairing.engine import TIE_BREAKS as TIE_BREAKS
from pairing.engine import Player as EnginePlayer
from pairing.engine import TieBreak as TieBreak
from pairing.engine import Violation as Violation
from pairing.engine import group_seeding as group_seeding
from pairing.engine import random_seeding as random_seeding
from pairing.engine import recommended_groups as recommended_groups
from tournaments.models import Bye, Entry, Game, Player, Round, Tournament

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
        return f"FIDE_DUTCH_{tournament.dutch_edition}"
    return SYSTEM_CODES[tournament.pairing_system]


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
    p = entry.player
    return EnginePlayer(
        id=entry.pairing_number,
        name=p.name,
        rating=entry.rating,
        title=p.title,
        sex=p.sex,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_date=p.birth_date.strftime("%Y/%m/%d") if p.birth_date else "",
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
    """Everything stored about a tournament, loaded in four queries: entries (with players),
    round rows, games and byes. Games have their round and entries attached, so templates
    walk them without further queries."""

    tournament: Tournament
    entries: list[Entry]
    rounds: list[Round]
    games: list[Game]
    byes: list[Bye]

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
    """Load a tournament for the engine and for the pages: four queries, whatever its size."""
    entries = list(tournament.entries.select_related("player").order_by("pairing_number"))
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    games = list(Game.objects.filter(round__tournament=tournament).order_by("round_id", "board"))
    byes = list(Bye.objects.filter(entry__tournament=tournament).order_by("round_number"))
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
    return Snapshot(tournament, entries, rounds, games, byes)


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
        double_rounds=tournament.double_rounds,
        info=TournamentInfo(
            name=tournament.name,
            city=tournament.place,
            federation=tournament.federation,
            start_date=tournament.start_date.strftime("%Y/%m/%d"),
            end_date=tournament.end_date.strftime("%Y/%m/%d"),
            tournament_type=tournament.system_label,
            system_code=system_code(tournament),
            tie_breaks=tournament.tie_breaks,
        ),
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
    return write_trf(state, version=version, ranks=ranks)


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
    """The pairing system record 192 names (the Dutch system when it names none)."""
    code = state.info.system_code.strip().upper()
    return _SYSTEM_BY_CODE.get(code, Tournament.PairingSystem.DUTCH)


def _date(text: str) -> date | None:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%y/%m/%d"):
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def _tournament_from(
    state: TournamentState, name: str, system: str, dutch_edition: str
) -> Tournament:
    info = state.info
    start = _date(info.start_date) or date.today()
    end = _date(info.end_date) or start
    p = state.points
    if system == Tournament.PairingSystem.TCEC and state.double_rounds:
        system = Tournament.PairingSystem.TCEC_DOUBLE
    return Tournament.objects.create(
        name=name or info.name or "Imported tournament",
        place=info.city,
        federation=info.federation[:3],
        start_date=start,
        end_date=max(start, end),
        pairing_system=system,
        dutch_edition=dutch_edition or Tournament.DutchEdition.E2026,
        rounds=max(state.total_rounds or 0, state.rounds_done // state.columns_per_round, 1),
        initial_colour=(state.initial_colour or Colour.WHITE).value,
        win_points=p.win,
        draw_points=p.draw,
        loss_points=p.loss,
        bye_points=p.pab,
        half_bye_points=p.half_bye,
        tie_breaks=info.tie_breaks or "BH-C1,BH,SB,DE,WIN",
        status=Tournament.Status.RUNNING if state.rounds_done else Tournament.Status.REGISTRATION,
    )


def import_state(
    state: TournamentState, *, name: str = "", system: str = "", dutch_edition: str = ""
) -> Tournament:
    """Store a tournament read from a TRF file: players, entries, every round with its games
    and byes, and the next round's requested byes. A player whose FIDE ID is already known is
    that same player. The Dutch edition: ``dutch_edition``, else the one record 192 names,
    else the one in force. Call inside a transaction."""
    system = system or imported_system(state)
    edition = dutch_edition or dutch_edition_named(state)
    tournament = _tournament_from(state, name, system, edition)
    entries: dict[PlayerId, Entry] = {}
    used: set[str] = set()
    known = {
        p.fide_id: p
        for p in Player.objects.filter(fide_id__in=[p.fide_id for p in state.players if p.fide_id])
    }
    for p in state.players:
        player = known.pop(p.fide_id, None) if p.fide_id else None
        if player is None:
            player = Player.objects.create(
                name=p.name or f"Player {p.id}",
                sex=p.sex if p.sex in ("m", "w") else "",
                title=p.title[:3],
                federation=p.federation[:3],
                fide_id=p.fide_id if p.fide_id.isdigit() and p.fide_id not in used else "",
                fide_rating=p.rating,
                birth_date=_date(p.birth_date),
            )
        used.add(player.fide_id)
        entries[p.id] = Entry.objects.create(
            tournament=tournament, player=player, pairing_number=p.id, rating=p.rating
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
    return tournament
