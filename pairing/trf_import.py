"""TRF import: a TRF tournament (all rounds, results, byes, acceleration, forbidden pairs)
stored as a tournament of the app, each TRF round column one ``Round`` row."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from itertools import combinations
from typing import Any

from pairing.engine import (
    US_SETTINGS_RECORD,
    AccelerationError,
    Colour,
    PlayerId,
    TournamentState,
    USSettingsError,
    accelerated_round_count,
    apply_declared_acceleration,
    baku_rounds_matching,
    initial_colour_of,
    us_settings_of,
)
from players.models import Player
from tournaments.models import (
    Bye,
    Entry,
    ForbiddenPair,
    Game,
    Round,
    Tournament,
    VirtualPoints,
    split_fide_id,
)


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


def dubov_edition_named(state: TournamentState) -> str:
    """The Dubov edition a file names in record 192: ``2018`` for ``FIDE_DUBOV_2018``,
    ``2026`` for ``FIDE_DUBOV_2026`` and ETT26's bare ``FIDE_DUBOV`` (what the app writes for
    the 2026 edition in force); ``""`` when there is no Dubov record 192."""
    code = state.info.system_code.strip().upper()
    if code.startswith("FIDE_DUBOV_2018"):
        return str(Tournament.DubovEdition.E2018)
    if code.startswith("FIDE_DUBOV"):
        return str(Tournament.DubovEdition.E2026)
    return ""


BATCH = 500
"""Rows per INSERT of a bulk save (SQLite allows 32,766 parameters a statement)."""
_RESULT_BY_CODES = {codes: result for result, codes in Game.TRF_CODES.items() if result != "adj"}
_SYSTEM_BY_CODE = {
    "FIDE_DUTCH_2017": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH_2025": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH_2026": Tournament.PairingSystem.DUTCH,
    "FIDE_DUTCH": Tournament.PairingSystem.DUTCH,
    "FIDE_DUBOV": Tournament.PairingSystem.DUBOV,
    "FIDE_DUBOV_2018": Tournament.PairingSystem.DUBOV,
    "FIDE_DUBOV_2026": Tournament.PairingSystem.DUBOV,
    "TCEC_SWISS": Tournament.PairingSystem.TCEC,
    "USCF_SWISS": Tournament.PairingSystem.USCF,
    "BERGER_ROUNDROBIN": Tournament.PairingSystem.ROUND_ROBIN,
    "BERGER_DOUBLEROUNDROBIN": Tournament.PairingSystem.ROUND_ROBIN_DOUBLE,
}


def imported_system(state: TournamentState) -> str:
    """The pairing system record 192 names (the Dutch system when it names none; ``_BAKU``
    marks acceleration)."""
    code = state.info.system_code.strip().upper().removesuffix("_BAKU")
    return _SYSTEM_BY_CODE.get(code, Tournament.PairingSystem.DUTCH)


DATE_FORMS = "YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD or YY/MM/DD"
"""The forms of a date the import reads (records 042 and 052 are free text in TRF16)."""


def _date(text: str) -> date | None:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%y/%m/%d"):
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


@dataclass(frozen=True)
class _Dates:
    """The tournament's dates as imported, and what the file said that they do not keep."""

    start: date
    end: date
    schedule: tuple[date, ...]
    notes: tuple[str, ...]


def _schedule(state: TournamentState) -> tuple[tuple[date, ...], list[str]]:
    """Record 132's dates of the rounds (one a round, a TCEC double round's first leg), up to
    the first round without one: the schedule has a line a round, so it cannot skip one."""
    days = [_date(d) for d in state.info.round_dates[:: state.columns_per_round]]
    known = days.index(None) if None in days else len(days)
    notes = []
    if any(days[known:]):
        notes.append(
            f"Record 132 gives no date for round {known + 1}, so the dates of the rounds "
            "after it are not in the round schedule"
        )
    return tuple(d for d in days[:known] if d is not None), notes


def _dates(state: TournamentState) -> _Dates:
    """Record 042 (else round 1's date in 132, else today) and 052 (else the last round's
    date, else the start): a 042 or 052 this import cannot read (:data:`DATE_FORMS`), or an
    end before the start, is said in a note rather than replaced without a word."""
    info = state.info
    schedule, notes = _schedule(state)
    start = _date(info.start_date)
    if start is None:
        start, why = (schedule[0], "round 1's date") if schedule else (date.today(), "today")
        if info.start_date.strip():
            notes.append(_unread("042", "start", info.start_date, f"{start:%Y-%m-%d} ({why})"))
    end = _date(info.end_date)
    if end is None:
        end, why = (schedule[-1], "the last round's date") if schedule else (start, "the start")
        if info.end_date.strip():
            notes.append(_unread("052", "end", info.end_date, f"{end:%Y-%m-%d} ({why})"))
    if end < start:
        notes.append(
            f"The end date {end:%Y-%m-%d} is before the start date: the end date is set to "
            f"{start:%Y-%m-%d}"
        )
        end = start
    return _Dates(start, end, schedule, tuple(notes))


def _unread(code: str, what: str, text: str, used: str) -> str:
    return (
        f"Record {code} ({what} date) {text.strip()!r} is not a date this program reads "
        f"({DATE_FORMS}): the {what} date is set to {used}"
    )


def date_notes(state: TournamentState) -> tuple[str, ...]:
    """What the file's dates (042, 052, 132) said that the imported tournament does not keep,
    one sentence each, for the arbiter: empty when every date was read."""
    return _dates(state).notes


_YEAR_ONLY = re.compile(r"(\d{4})(?:[/.-]00[/.-]00)?")
"""A birth date of which only the year is known: ``1990``, ``1990/00/00`` (the FIDE list has
the year only)."""


def _birth_year(text: str) -> int | None:
    match = _YEAR_ONLY.fullmatch(text.strip())
    return int(match.group(1)) or None if match else None


def _initial_colour(state: TournamentState, system: str) -> str:
    """``XXC`` (TRF-2026 152), or for a file without it (as Swiss-Manager writes them) the
    colour the system reads back from the first round with colours."""
    return initial_colour_of(Tournament(pairing_system=system).engine_system, state).value


def _arbiter_of(text: str) -> tuple[str, str]:
    """Record 102/112 as written by :func:`pairing.services._arbiter` ("IA Name (1234567)") ->
    (name, ID)."""
    match = re.fullmatch(r"(.*?)\s*\((\d{1,11})\)", text.strip())
    return (match[1], match[2]) if match else split_fide_id(text)


def _us_fields(state: TournamentState) -> dict[str, object]:
    """The tournament's US Chess settings from the file's ``XXU`` record (rules' defaults
    without one)."""
    try:
        us = us_settings_of(state.info.extra_records)  # 29E4c: a missing seed is drawn later
    except USSettingsError as e:  # the XXU line and the word's column, as the reader says
        line = dict(state.info.record_lines).get(US_SETTINGS_RECORD, 0)
        where = f"line {line}, column {e.column}: " if line else ""
        raise AccelerationError(f"{where}{e}") from e  # reported like the other records
    except ValueError as e:
        raise AccelerationError(str(e)) from e
    return {
        "us_alternation_limit": us.alternation_limit,
        "us_equalization_limit": us.equalization_limit,
        "us_accelerated_rounds": us.accelerated_rounds if us.accelerated else 0,
        "us_bye_for_colours": us.bye_for_colours,
        "us_bye_to_unrated": us.bye_to_unrated,
        "us_bye_up_four_rounds": us.bye_up_in_four_rounds,
        "us_harkness": us.harkness,
        "us_colour_priority": us.colour_priority,
        "us_colours_over_ratings": us.colours_over_ratings,
        "us_no_third_colour": us.no_third_colour,
        "us_teams_never": us.teams_never,
        "us_teams_plus_two": us.teams_plus_two,
        "us_last_round_lot": us.last_round_lot,
        "us_lot_seed": us.lot_seed,
    }


def _tournament_from(
    state: TournamentState, name: str, system: str, editions: tuple[str, str]
) -> Tournament:
    info = state.info
    dates = _dates(state)
    p = state.points
    if system == Tournament.PairingSystem.TCEC and state.double_rounds:
        system = Tournament.PairingSystem.TCEC_DOUBLE
    chief, chief_id = _arbiter_of(info.chief_arbiter)
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
        round_schedule="\n".join(f"{d:%Y-%m-%d}" for d in dates.schedule),
        start_date=dates.start,
        end_date=dates.end,
        pairing_system=system,
        dutch_edition=editions[0] or Tournament.DutchEdition.E2026,
        dubov_edition=editions[1] or Tournament.DubovEdition.E2026,
        **_us_fields(state),
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


def _store_us_entries(
    tournament: Tournament, state: TournamentState, entries: dict[PlayerId, Entry]
) -> None:
    """``XXU``'s per-player words: the TD's assigned ratings of unrated players and the
    groups kept apart (28N; named "group 1", "group 2", ... as the file has no names)."""
    if not tournament.is_uscf:
        return
    us = us_settings_of(state.info.extra_records)
    changed: dict[PlayerId, Entry] = {}
    for pid, rating in us.assigned_ratings.items():
        if pid in entries:
            entries[pid].assigned_rating = rating
            changed[pid] = entries[pid]
    for n, group in enumerate(us.avoid_together, start=1):
        for pid in group:
            if pid in entries:
                entries[pid].keep_apart = f"group {n}"
                changed[pid] = entries[pid]
    Entry.objects.bulk_update(changed.values(), ["assigned_rating", "keep_apart"])


def _store_players(tournament: Tournament, state: TournamentState) -> dict[PlayerId, Entry]:
    """The file's players: an identity each (the one a known FIDE ID names, else a new one)
    and an entry each, in a few queries whatever their number (issue 27: two queries per
    player took 20,000 queries at 9,998). The file's data is each entry's own."""
    known = {
        p.fide_id: p
        for p in Player.objects.filter(fide_id__in=[p.fide_id for p in state.players if p.fide_id])
    }
    fresh: list[Player] = []
    used: set[str] = set()
    rows: list[tuple[PlayerId, Player, dict[str, Any]]] = []
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
            player = Player(**data | {"fide_id": data["fide_id"] if usable else ""})
            player.fide_rating = p.rating
            fresh.append(player)
        used.add(player.fide_id)
        rows.append((p.id, player, data))
    Player.objects.bulk_create(fresh, batch_size=BATCH)
    entries = {
        pid: Entry(
            tournament=tournament,
            player=player,
            pairing_number=pid,
            rating=state.player(pid).rating,
            fixed_board=state.fixed_boards.get(pid),
            birth_year=_birth_year(state.player(pid).birth_date),
            **data,
        )
        for pid, player, data in rows
    }
    Entry.objects.bulk_create(entries.values(), batch_size=BATCH)
    return entries


def import_state(
    state: TournamentState,
    *,
    name: str = "",
    system: str = "",
    dutch_edition: str = "",
    dubov_edition: str = "",
) -> Tournament:
    """Store a tournament read from a TRF file: players, entries, every round with its games
    and byes, the next round's requested byes, the forbidden pairs, the fixed boards and the
    virtual points (acceleration). Each entry keeps the file's data of its player; a FIDE ID
    already known links the entry to that identity (whose data is neither read nor changed).
    The Dutch (Dubov) edition: ``dutch_edition`` (``dubov_edition``), else the one record 192
    names, else the one in force. Call
    inside a transaction; raises ``AccelerationError`` for virtual points outside the Dutch
    system."""
    system = system or imported_system(state)
    editions = (
        dutch_edition or dutch_edition_named(state),
        dubov_edition or dubov_edition_named(state),
    )
    state = apply_declared_acceleration(state, Tournament(pairing_system=system).engine_system)
    tournament = _tournament_from(state, name, system, editions)
    entries = _store_players(tournament, state)
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
    _store_us_entries(tournament, state, entries)
    return tournament
