"""The JSON form of a USCF rating event and of its result (``python -m pairing rate``).

Input (omitted fields take their natural default; unknown fields are ignored)::

    {"system": "regular" | "quick",          # default "regular"
     "dual_rated": bool,                     # default false
     "end_date": "YYYY-MM-DD" | null,        # needed for age-based initial ratings
     "players": [{"id": str,
                  "rating": number | null,   # null/omitted: unrated in this system
                  "games": int,              # N behind the rating; omitted/null with a
                                             #   rating: N unknown, taken as established
                  "all_wins": bool, "all_losses": bool,
                  "initial_rating": number | null,   # arbiter-given, Step 1 source 4, N = 0
                  "fide": number | null, "cfc": number | null,
                  "other_rating": number | null,     # rating in the OTHER system
                  "other_games": int,                #   (Quick for Regular, Regular for Quick)
                  "birth_date": "YYYY-MM-DD" | null,
                  "adult": bool,                     # adult, birth date unknown: 1300
                  "wins": int, "draws": int, "events_3plus": int,  # lifetime, BEFORE the event
                  "peak_established": number | null,
                  "life_master": bool,               # Original Life Master, floor 2200
                  "floor": number | null}, ...],     # explicit (e.g. prize) floor
     "games": [{"white": id, "black": id,
                "result": "1-0" | "1/2-1/2" | "0-1"}, ...]}

A game whose result is a forfeit (``"+-"``, ``"-+"``, ``"--"``) or that has ``"rated": false``
is accepted and skipped: byes and forfeits are not rated games. Player ids may also be
integers; they are echoed back as given.

Output: ``{"rules": name, "players": [...]}``, one entry per input player in input order, with
``id``, ``pre`` (``null`` when unrated), ``post`` (the rating as the rule set stores it: an
integer under ``2011``, two decimals under ``current``), ``post_shown`` (the rating a crosstable
shows: ``post`` rounded to nearest), ``post_exact`` (the same value as ``post``, kept for
readers of the earlier output), ``games_after``, ``formula``, ``step3``, ``step4``, ``k``,
``bonus``, ``floor``, and the working values ``initial``, ``initial_games``, ``initial_source``,
``games_in_event``, ``score``, ``effective_games``, ``unfloored``.
"""

from __future__ import annotations

import math
from datetime import date
from typing import Any

from pairing.engine.uscf.rater import (
    EventResult,
    PlayerResult,
)
from pairing.engine.uscf.rules import (
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
)

RESULTS = {"1-0": 1.0, "1/2-1/2": 0.5, "½-½": 0.5, "0.5-0.5": 0.5, "0-1": 0.0}
"""Rated results, as White's score."""
UNRATED_RESULTS = frozenset({"+-", "-+", "--", "+--", "-+-"})
"""Forfeit results: accepted, not rated."""


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


class _Reader:
    """Typed field access that names the offending path in its errors."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def _path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def number(self, key: str) -> float | None:
        x = self.data.get(key)
        if x is None:
            return None
        if not _is_number(x):
            raise RatingInputError(f"{self._path(key)} must be a number or null")
        return float(x)

    def count(self, key: str) -> int:
        x = self.data.get(key, 0)
        if x is None:
            return 0
        if isinstance(x, float) and x.is_integer():
            x = int(x)
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise RatingInputError(f"{self._path(key)} must be a non-negative integer")
        return x

    def flag(self, key: str) -> bool:
        x = self.data.get(key, False)
        if x is None:
            return False
        if not isinstance(x, bool):
            raise RatingInputError(f"{self._path(key)} must be true or false")
        return x

    def day(self, key: str) -> date | None:
        x = self.data.get(key)
        if x is None:
            return None
        if not isinstance(x, str):
            raise RatingInputError(f"{self._path(key)} must be a date YYYY-MM-DD or null")
        try:
            return date.fromisoformat(x)
        except ValueError:
            message = f"{self._path(key)} must be a date YYYY-MM-DD, not {x!r}"
            raise RatingInputError(message) from None

    def ident(self, key: str) -> str:
        x = self.data.get(key)
        if isinstance(x, str) and x:
            return x
        if isinstance(x, int) and not isinstance(x, bool):
            return str(x)
        raise RatingInputError(f"{self._path(key)} must be a non-empty string")


def event_from_json(data: object) -> tuple[RatingEvent, dict[str, object]]:
    """Build the event from decoded JSON; also return each player's id as written."""
    if not isinstance(data, dict):
        raise RatingInputError("the event must be a JSON object")
    top = _Reader(data, "")
    system_name = data.get("system", "regular")
    if system_name not in ("regular", "quick"):
        raise RatingInputError('system must be "regular" or "quick"')
    players_data = data.get("players")
    if not isinstance(players_data, list):
        raise RatingInputError("players must be a list")
    games_data = data.get("games", [])
    if not isinstance(games_data, list):
        raise RatingInputError("games must be a list")

    players: list[RatedPlayer] = []
    written: dict[str, object] = {}
    for i, raw in enumerate(players_data):
        where = f"players[{i}]"
        if not isinstance(raw, dict):
            raise RatingInputError(f"{where} must be an object")
        r = _Reader(raw, where)
        pid = r.ident("id")
        if pid in written:
            raise RatingInputError(f"{where}.id {pid!r} is used twice")
        written[pid] = raw["id"]
        rating = r.number("rating")
        all_wins, all_losses = r.flag("all_wins"), r.flag("all_losses")
        if all_wins and all_losses:
            raise RatingInputError(f"{where}: all_wins and all_losses cannot both be true")
        for key in ("rating", "initial_rating", "other_rating", "peak_established", "floor"):
            value = r.number(key)
            if value is not None and value < 0:
                raise RatingInputError(f"{where}.{key} must not be negative")
        players.append(
            RatedPlayer(
                id=pid,
                rating=rating,
                games=None if rating is not None and raw.get("games") is None else r.count("games"),
                all_wins=all_wins,
                all_losses=all_losses,
                initial_rating=r.number("initial_rating"),
                fide=_opt_int(r, "fide"),
                cfc=_opt_int(r, "cfc"),
                other_rating=r.number("other_rating"),
                other_games=r.count("other_games"),
                birth_date=r.day("birth_date"),
                adult=r.flag("adult"),
                wins=r.count("wins"),
                draws=r.count("draws"),
                events_3plus=r.count("events_3plus"),
                peak_established=r.number("peak_established"),
                life_master=r.flag("life_master"),
                floor=r.number("floor"),
            )
        )

    games: list[RatedGame] = []
    for i, raw in enumerate(games_data):
        where = f"games[{i}]"
        if not isinstance(raw, dict):
            raise RatingInputError(f"{where} must be an object")
        r = _Reader(raw, where)
        white, black = r.ident("white"), r.ident("black")
        for key, pid in (("white", white), ("black", black)):
            if pid not in written:
                raise RatingInputError(f"{where}.{key}: unknown player {pid!r}")
        if white == black:
            raise RatingInputError(f"{where}: a player cannot play themselves")
        result = raw.get("result")
        if "rated" in raw and not r.flag("rated"):
            continue
        if isinstance(result, str) and result.strip() in UNRATED_RESULTS:
            continue
        if not isinstance(result, str) or result.strip() not in RESULTS:
            raise RatingInputError(f'{where}.result must be "1-0", "1/2-1/2" or "0-1"')
        games.append(RatedGame(white, black, RESULTS[result.strip()]))

    event = RatingEvent(
        players=tuple(players),
        games=tuple(games),
        system=RatingSystem(system_name),
        dual_rated=top.flag("dual_rated"),
        end_date=top.day("end_date"),
    )
    return event, written


def _opt_int(r: _Reader, key: str) -> int | None:
    x = r.number(key)
    if x is None:
        return None
    if not x.is_integer() or x < 0:
        raise RatingInputError(f"{r._path(key)} must be a non-negative integer or null")
    return int(x)


def _num(x: float | None, digits: int = 2) -> float | int | None:
    """A number for the output: rounded, integers written without a fraction."""
    if x is None:
        return None
    y = round(x, digits)
    return int(y) if float(y).is_integer() else y


def player_to_json(p: PlayerResult, written_id: object | None = None) -> dict[str, object]:
    return {
        "id": p.id if written_id is None else written_id,
        "pre": _num(p.pre, 6),
        "post": _num(p.post_exact),
        "post_shown": p.post,
        "post_exact": _num(p.post_exact),
        "games_after": p.games_after,
        "formula": p.formula,
        "step3": _num(p.step3),
        "step4": _num(p.step4),
        "k": _num(p.k, 4),
        "bonus": _num(p.bonus),
        "floor": _num(p.floor),
        "initial": _num(p.initial),
        "initial_games": p.initial_games,
        "initial_source": p.initial_source,
        "games_in_event": p.games_in_event,
        "score": _num(p.score, 1),
        "effective_games": _num(p.effective_games, 4),
        "unfloored": _num(p.unfloored),
    }


def result_to_json(
    result: EventResult, written_ids: dict[str, object] | None = None
) -> dict[str, object]:
    ids = written_ids or {}
    return {
        "rules": result.rules,
        "players": [player_to_json(p, ids.get(p.id)) for p in result.players],
    }
