"""The ``rate-fide`` command's JSON reader passes every field of the event and its players
on (pairing/engine/fide/jsonio.py), found by mutation run 5 (docs/testing.md): each field
below is read into the :class:`FideEvent` the rater gets, and a wrong value names its place."""

from __future__ import annotations

import json
from datetime import date

import pytest

from pairing.engine import FideEvent, FideGameRecord, FidePlayer, FideRatingError, rate_fide_event
from pairing.engine.fide.jsonio import fide_event_from_json, fide_player_to_json

FULL = {
    "players": [
        {
            "id": "a",
            "rating": 2000,
            "rated_games": 12.0,
            "reached_2400": True,
            "birth_date": "2010-05-01",
            "games_in_period": 20,
        },
        {"id": 7, "rating": 0, "k": 1},
        {"id": "c", "rating": 1800},
    ],
    "games": [
        {"white": "a", "black": 7, "result": "1-0"},
        {"white": 7, "black": "c", "result": "0-1", "rated": False},
        {"white": "a", "black": "c", "result": "+-"},
        {"white": "c", "black": "a", "result": "1/2-1/2"},
    ],
    "end_date": "2026-11-30",
    "uncapped_from": None,
    "first_event": False,
}


def test_every_field_is_read() -> None:
    """Player fields (a whole number written 12.0 read as 12), ids as integers, a game marked
    unrated and a forfeit (B.02 5.1) left out (and the games after them kept), the end date,
    the 400-point rule's start (null: everybody capped) and first_event."""
    event, written = fide_event_from_json(FULL)
    assert event == FideEvent(
        players=(
            FidePlayer("a", 2000, None, 12, True, date(2010, 5, 1), 20),
            FidePlayer("7", None, 1),
            FidePlayer("c", 1800),
        ),
        games=(FideGameRecord("a", "7", 2), FideGameRecord("c", "a", 1)),
        end_date=date(2026, 11, 30),
        uncapped_from=None,
        first_event=False,
    )
    assert written == {"a": "a", "7": 7, "c": "c"}


def test_defaults() -> None:
    """Left out: the 400-point rule from 2650 (1 October 2025), a first event, no end date."""
    event, _ = fide_event_from_json({"players": [{"id": "a", "rating": 2000}]})
    assert (event.uncapped_from, event.first_event, event.end_date) == (2650, True, None)
    assert event.players == (FidePlayer("a", 2000),)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": [{"id": "a", "k": 0}]}, "players[0].k must be an integer >= 1 or null"),
        ({"players": [{"id": "a", "rated_games": -1}]}, "players[0].rated_games must be"),
        ({"players": [{"id": "a", "reached_2400": 1}]}, "players[0].reached_2400 must be true"),
        ({"players": [{"id": "a", "games_in_period": "x"}]}, "players[0].games_in_period must"),
        # A date given as a number used to be read as no date at all (now refused).
        ({"players": [{"id": "a", "birth_date": 5}]}, "players[0].birth_date must be a date"),
        ({"players": [{"id": True}]}, "players[0].id must be a non-empty string"),
        ({"games": [{"white": "", "black": "c"}]}, "games[0].white must be a non-empty"),
        ({"games": [{"white": "c", "black": None}]}, "games[0].black must be a non-empty"),
        ({"games": [{"white": "x", "black": "c"}]}, "games[0].white: unknown player 'x'"),
        ({"games": [{"white": "c", "black": "x"}]}, "games[0].black: unknown player 'x'"),
        ({"games": [{"white": "c", "black": "a", "rated": 0}]}, "games[0].rated must be true"),
        ({"uncapped_from": "2650"}, "uncapped_from must be an integer or null"),
        ({"uncapped_from": True}, "uncapped_from must be an integer or null"),
        ({"first_event": "yes"}, "event.first_event must be true or false"),
        ({"end_date": 20261130}, "event.end_date must be a date"),
        ({"players": {}}, "players must be a list"),
        ({"games": {}}, "games must be a list"),
        ({"players": [5]}, "players[0] must be an object"),
        ({"games": [5]}, "games[0] must be an object"),
        ({"players": [{"id": "a"}, {"id": "a"}]}, "players[1].id 'a' is used twice"),
    ],
)
def test_a_wrong_field_is_named(change: dict[str, object], message: str) -> None:
    data = {"players": [{"id": "a", "rating": 2000}, {"id": "c", "rating": 1800}]} | change
    with pytest.raises(FideRatingError) as refused:
        fide_event_from_json(data)
    assert str(refused.value).startswith(message)


def test_the_output_of_an_unrated_and_a_rated_player() -> None:
    """The result's keys: an unrated player who lost his only game, in his first event (8.2.1:
    the zero score is disregarded, no rating), and his rated opponent (K 20 as given; the game
    against an unrated player is not rated, 8.3.1: no change). Ids as the event holds them."""
    event = FideEvent(
        (FidePlayer("u", None), FidePlayer("opp", 2000, k=20)), (FideGameRecord("u", "opp", 0),)
    )
    unrated, rated = (fide_player_to_json(r) for r in rate_fide_event(event))
    assert unrated == {
        "id": "u", "rating": None, "k": None, "k_reason": None, "games": 1, "score": 0,
        "expected": None, "change_exact": None, "change": None, "new_rating": None,
        "initial": {
            "rating": None, "average": None, "dp": None, "published": False,
            "reason": "B.02 8.2.1: zero score in the first event",
        },
    }  # fmt: skip
    assert rated == {
        "id": "opp", "rating": 2000, "k": 20, "k_reason": "given", "games": 0, "score": 0,
        "expected": 0, "change_exact": 0, "change": 0, "new_rating": 2000,
    }  # fmt: skip


def test_an_event_that_is_no_object_is_refused() -> None:
    with pytest.raises(FideRatingError, match=r"^the event must be a JSON object$"):
        fide_event_from_json([])


def test_a_published_first_rating_is_the_new_rating_written_as_whole_numbers() -> None:
    """An unrated player meets five players rated 1800: two wins, a draw, two losses (5
    half-points). B.02 8.2.2: Ra = (5 × 1800 + 2 × 1800) / 7 = 1800, p = (5 + 2) / 14 = .50,
    dp = 0, Ru = 1800 (8.2.3); 5 games and at least 1400: published (7.1.4), so the output's
    ``new_rating`` is 1800. Whole numbers are written as JSON integers (``1800``, ``2``), a
    half as a decimal (``2.5``). (Run 5's ``fide_player_to_json`` 54, ``_number`` 8.)"""
    opponents = [FidePlayer(f"o{i}", 1800) for i in range(1, 6)]
    games = [FideGameRecord("u", f"o{i}", p) for i, p in enumerate((2, 2, 1, 0, 0), 1)]
    event = FideEvent((FidePlayer("u", None), *opponents), tuple(games))
    unrated, first_opponent = (fide_player_to_json(r) for r in rate_fide_event(event)[:2])
    assert unrated["new_rating"] == 1800
    assert unrated["initial"] == {
        "rating": 1800, "average": 1800, "dp": 0, "published": True, "reason": "B.02 8.2.3",
    }  # fmt: skip
    text = json.dumps(unrated)
    assert '"average": 1800,' in text and '"score": 2.5,' in text
    assert json.dumps(first_opponent["score"]) == "0"  # lost to u: 0, not 0.0
