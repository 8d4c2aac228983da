"""What the web app takes: each limit is refused with a message that names it, before anything
is saved (docs/web.md, "Limits").

- ``TOURNAMENTS_MAX_PLAYERS`` players in a tournament (default 9,999, the most TRF16 numbers):
  measured at 9,998 players on a 2-core server (issue 27, README "Web, big fields"), every page,
  import and export works, the slowest requests taking about 10 s of CPU (the CSV import of
  the whole list, the draft review, the TRF import, the restore); pairing has its own limits
  per system, US Chess Swiss 800 (``pairing.services.pairing_limit``).
- 99 rounds; points from 0 to 50 per outcome, a win worth at least a draw, a draw at least a
  loss; names and texts no longer than their database fields.
- Files to import: ``IMPORT_MAX_BYTES`` (3 MiB, ``TOURNAMENTS_IMPORT_MAX_BYTES``) and text
  only (see ``tournaments.forms``); any request: ``REQUEST_MAX_BYTES`` (see
  ``config.middleware``).
"""

from __future__ import annotations

from django.conf import settings

from pairing.engine import TournamentState
from players.models import Player
from tournaments.models import Tournament

MAX_ROUNDS = 99
MAX_HALF_POINTS = 100
"""50 points: what the tournament form accepts, in half-points."""
DEFAULT_MAX_PLAYERS = 9999


def max_players() -> int:
    return int(getattr(settings, "TOURNAMENTS_MAX_PLAYERS", DEFAULT_MAX_PLAYERS))


def too_many_players(count: int) -> str | None:
    """The message when a tournament of ``count`` players is over the limit, else None."""
    limit = max_players()
    if count <= limit:
        return None
    return (
        f"That makes {count} players; this server takes at most {limit} in a tournament "
        f"(split the field into sections)."
    )


def _length(model: type[Player] | type[Tournament], field: str) -> int:
    return int(getattr(model._meta.get_field(field), "max_length", 0) or 0)


def _too_long(what: str, text: str, limit: int) -> str | None:
    if len(text) <= limit:
        return None
    return f"{what} has {len(text)} characters; at most {limit}"


def import_problems(state: TournamentState, name: str = "") -> list[str]:
    """What in a TRF tournament the web app cannot store, each said in words; [] when it can
    be imported."""
    problems = [
        _too_long("the tournament name (record 012)", name or state.info.name, 200),
        _too_long("the city (record 022)", state.info.city, _length(Tournament, "place")),
        _too_long("the tie-breaks (record 202)", state.info.tie_breaks, 200),
        too_many_players(len(state.players)),
    ]
    for p in state.players:
        problems.append(_too_long(f"the name of player {p.id}", p.name, _length(Player, "name")))
        unnamed = next((r for r, e in enumerate(p.results, 1) if e.colour and not e.opponent), 0)
        if unnamed:  # TRF-2026 "0000 w +": a team file's board; no game or bye row holds it
            problems.append(
                f"player {p.id} has a forfeit without an opponent in round {unnamed} (0000 w +, "
                f"a team tournament's notation); the web app holds individual tournaments"
            )
    rounds = max(state.total_rounds or 0, state.rounds_done // state.columns_per_round)
    last_bye = max(state.future_byes, default=0) // state.columns_per_round
    if max(rounds, last_bye) > MAX_ROUNDS:
        problems.append(f"the file has {max(rounds, last_bye)} rounds; at most {MAX_ROUNDS}")
    points = state.points
    outcomes = {"win": points.win, "draw": points.draw, "loss": points.loss}
    outcomes |= {"bye": points.pab, "half-point bye": points.half_bye}
    for outcome, value in outcomes.items():
        if value < 0:
            problems.append(f"Points cannot be negative ({outcome}: {value / 2:g})")
        elif value > MAX_HALF_POINTS:
            problems.append(f"a {outcome} is worth at most 50 points, not {value / 2:g}")
    if not points.win >= points.draw >= points.loss:
        problems.append("A win must be worth at least a draw, and a draw at least a loss")
    return [p[0].upper() + p[1:] for p in problems if p]
