"""The JSON form of a FIDE rating event and of its result (``python -m pairing rate --system
fide``).

Input (omitted fields take their natural default; unknown fields are ignored)::

    {"end_date": "YYYY-MM-DD" | null,        # its year decides the junior K (B.02 8.3.3)
     "uncapped_from": int | null,            # default 2650 (8.3.1 from 1 Oct 2025);
                                             #   null: the 400-point rule for everybody
     "first_event": bool,                    # default true: unrated players' first event
     "players": [{"id": str | int,
                  "rating": int | null,      # null/omitted/0: unrated (first rating, 8.2)
                  "k": int | null,           # K as published; null: from the facts below
                  "rated_games": int | null, # before the event; null: 30 or more
                  "reached_2400": bool,      # the published rating ever reached 2400
                  "birth_date": "YYYY-MM-DD" | null,
                  "games_in_period": int | null}, ...],   # for K x n <= 700; null: this event
     "games": [{"white": id, "black": id,
                "result": "1-0" | "1/2-1/2" | "0-1"}, ...]}

Forfeits (``"+-"``, ``"-+"``, ``"--"``) and games with ``"rated": false`` are accepted and not
rated (B.02 5.1).

Output: ``{"system": "fide", "players": [...]}`` in input order, each with ``id``, ``rating``
(null if unrated), ``k``, ``k_reason``, ``games``, ``score``, ``expected`` (sum of PD),
``change_exact`` (two decimals), ``change`` (rounded, 8.3.4), ``new_rating``, and for an
unrated player ``initial`` (``rating``, ``average``, ``dp``, ``published``, ``reason``) with
``new_rating`` the first rating when published.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from pairing.engine.fide.event import (
    FideEvent,
    FideGameRecord,
    FidePlayer,
    FidePlayerResult,
)
from pairing.engine.fide.rating import UNCAPPED_FROM, FideRatingError

RESULTS = {"1-0": 2, "1/2-1/2": 1, "½-½": 1, "0.5-0.5": 1, "0-1": 0}
"""Results over the board, as White's half-points."""
UNRATED_RESULTS = frozenset({"+-", "-+", "--", "+--", "-+-"})
"""Forfeits: accepted, not rated."""


def _int(raw: dict[str, object], key: str, where: str, minimum: int = 0) -> int | None:
    x = raw.get(key)
    if x is None:
        return None
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if not isinstance(x, int) or isinstance(x, bool) or x < minimum:
        raise FideRatingError(f"{where}.{key} must be an integer >= {minimum} or null")
    return x


def _flag(raw: dict[str, object], key: str, where: str, default: bool = False) -> bool:
    x = raw.get(key, default)
    if x is None:
        return default
    if not isinstance(x, bool):
        raise FideRatingError(f"{where}.{key} must be true or false")
    return x


def _day(raw: dict[str, object], key: str, where: str) -> date | None:
    x = raw.get(key)
    if x is None:
        return None
    if isinstance(x, str):  # a number or a list is refused, not read as "no date"
        try:
            return date.fromisoformat(x)
        except ValueError:
            pass
    raise FideRatingError(f"{where}.{key} must be a date YYYY-MM-DD or null")


def _ident(raw: dict[str, object], key: str, where: str) -> str:
    x = raw.get(key)
    if isinstance(x, str) and x:
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    raise FideRatingError(f"{where}.{key} must be a non-empty string or an integer")


def fide_event_from_json(data: object) -> tuple[FideEvent, dict[str, object]]:
    """Build the event from decoded JSON; also return each player's id as written."""
    if not isinstance(data, dict):
        raise FideRatingError("the event must be a JSON object")
    players_data, games_data = data.get("players"), data.get("games", [])
    if not isinstance(players_data, list):
        raise FideRatingError("players must be a list")
    if not isinstance(games_data, list):
        raise FideRatingError("games must be a list")
    written: dict[str, object] = {}
    players = []
    for i, raw in enumerate(players_data):
        where = f"players[{i}]"
        if not isinstance(raw, dict):
            raise FideRatingError(f"{where} must be an object")
        pid = _ident(raw, "id", where)
        if pid in written:
            raise FideRatingError(f"{where}.id {pid!r} is used twice")
        written[pid] = raw["id"]
        players.append(
            FidePlayer(
                id=pid,
                rating=_int(raw, "rating", where) or None,  # 0: unrated, as in TRF
                k=_int(raw, "k", where, minimum=1),
                rated_games=_int(raw, "rated_games", where),
                reached_2400=_flag(raw, "reached_2400", where),
                birth_date=_day(raw, "birth_date", where),
                games_in_period=_int(raw, "games_in_period", where),
            )
        )
    games = []
    for i, raw in enumerate(games_data):
        where = f"games[{i}]"
        if not isinstance(raw, dict):
            raise FideRatingError(f"{where} must be an object")
        white, black = _ident(raw, "white", where), _ident(raw, "black", where)
        for key, pid in (("white", white), ("black", black)):
            if pid not in written:
                raise FideRatingError(f"{where}.{key}: unknown player {pid!r}")
        result = raw.get("result")
        if not _flag(raw, "rated", where, default=True):
            continue
        if isinstance(result, str) and result.strip() in UNRATED_RESULTS:
            continue
        if not isinstance(result, str) or result.strip() not in RESULTS:
            raise FideRatingError(f'{where}.result must be "1-0", "1/2-1/2" or "0-1"')
        games.append(FideGameRecord(white, black, RESULTS[result.strip()]))
    uncapped = data.get("uncapped_from", UNCAPPED_FROM)
    if uncapped is not None and (not isinstance(uncapped, int) or isinstance(uncapped, bool)):
        raise FideRatingError("uncapped_from must be an integer or null")
    event = FideEvent(
        players=tuple(players),
        games=tuple(games),
        end_date=_day(data, "end_date", "event"),
        uncapped_from=uncapped,
        first_event=_flag(data, "first_event", "event", default=True),
    )
    return event, written


def _number(x: Fraction) -> int | float:
    y = round(float(x), 2)
    return int(y) if y.is_integer() else y


def fide_player_to_json(p: FidePlayerResult, written_id: object | None = None) -> dict[str, object]:
    """One player's result as JSON."""
    out: dict[str, object] = {
        "id": p.id if written_id is None else written_id,
        "rating": p.rating,
        "k": p.k.value if p.k is not None else None,
        "k_reason": p.k.reason if p.k is not None else None,
        "games": p.games,
        "score": _number(p.score),
    }
    if p.change is not None:
        out |= {
            "expected": _number(Fraction(p.change.expected, 100)),
            "change_exact": _number(p.change.change_exact),
            "change": p.change.change,
            "new_rating": p.change.new_rating,
        }
    elif p.initial is not None:
        i = p.initial
        out |= {
            "expected": None,
            "change_exact": None,
            "change": None,
            "new_rating": i.rating if i.published else None,
            "initial": {
                "rating": i.rating,
                "average": None if i.average is None else _number(i.average),
                "dp": i.dp,
                "published": i.published,
                "reason": i.reason,
            },
        }
    return out


def fide_result_to_json(
    results: tuple[FidePlayerResult, ...], written_ids: dict[str, object] | None = None
) -> dict[str, object]:
    """The event's result as JSON."""
    ids = written_ids or {}
    return {"system": "fide", "players": [fide_player_to_json(p, ids.get(p.id)) for p in results]}
