"""The ``rate`` command's JSON (pairing/engine/uscf/jsonio.py), written after mutation run 11
of the module (docs/testing.md): every field of the format the module documents is read
into the event (or named when wrong) and every output field written as documented."""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine.uscf.jsonio import event_from_json, player_to_json
from pairing.engine.uscf.rater import PlayerResult
from pairing.engine.uscf.rules import (
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingInputError,
    RatingSystem,
)


def test_every_player_and_event_field_is_read() -> None:
    """Each documented field given a value other than its default reaches the event."""
    data = {
        "system": "quick",
        "dual_rated": True,
        "end_date": "2026-11-27",
        "players": [
            {
                "id": "a",
                "rating": 1500,
                "games": 12,
                "all_wins": True,
                "fide": 1600,
                "cfc": 1550,
                "other_rating": 1480.5,
                "other_games": 7,
                "birth_date": "2010-05-01",
                "wins": 3,
                "draws": 1,
                "events_3plus": 10,
                "peak_established": 1650,
                "life_master": True,
                "floor": 1200,
            },
            {"id": 7, "initial_rating": 900, "adult": True, "all_losses": True},
        ],
        "games": [{"white": "a", "black": 7, "result": "0-1"}],
    }
    event, written = event_from_json(data)
    assert event == RatingEvent(
        players=(
            RatedPlayer(
                id="a",
                rating=1500.0,
                games=12,
                all_wins=True,
                fide=1600,
                cfc=1550,
                other_rating=1480.5,
                other_games=7,
                birth_date=date(2010, 5, 1),
                wins=3,
                draws=1,
                events_3plus=10,
                peak_established=1650.0,
                life_master=True,
                floor=1200.0,
            ),
            RatedPlayer(id="7", games=0, initial_rating=900.0, adult=True, all_losses=True),
        ),
        games=(RatedGame("a", "7", 0.0),),
        system=RatingSystem.QUICK,
        dual_rated=True,
        end_date=date(2026, 11, 27),
    )
    assert written == {"a": "a", "7": 7}


def test_defaults_and_games_not_rated() -> None:
    """Omitted fields take their defaults (regular, not dual-rated, no end date; a rated
    player without ``games``: N unknown); forfeits and ``"rated": false`` games are skipped;
    the drawn results' spellings and spaces around a result are read."""
    event, _ = event_from_json(
        {
            "players": [{"id": "a", "rating": 1500}, {"id": "b"}, {"id": "c", "games": None}],
            "games": [
                {"white": "a", "black": "b", "result": " 1/2-1/2 "},
                {"white": "a", "black": "c", "result": "½-½"},
                {"white": "b", "black": "c", "result": "0.5-0.5"},
                {"white": "b", "black": "a", "result": "+-"},
                {"white": "c", "black": "a", "result": "1-0", "rated": False},
                {"white": "c", "black": "b", "result": "1-0"},
            ],
        }
    )
    assert event.system is RatingSystem.REGULAR
    assert (event.dual_rated, event.end_date) == (False, None)
    assert [p.games for p in event.players] == [None, 0, 0]
    assert [(g.white, g.black, g.white_score) for g in event.games] == [
        ("a", "b", 0.5),
        ("a", "c", 0.5),
        ("b", "c", 0.5),
        ("c", "b", 1.0),
    ]


def test_zero_is_not_negative_whole_counts_and_null_flags() -> None:
    """0 is a valid rating-like field and FIDE rating (not negative); a count written 2.0 is
    2; a flag given as null is false."""
    event, _ = event_from_json(
        {"players": [{"id": "a", "floor": 0, "peak_established": 0, "fide": 0, "wins": 2.0,
                      "adult": None}]}
    )  # fmt: skip
    (player,) = event.players
    assert (player.floor, player.peak_established, player.fide) == (0.0, 0.0, 0)
    assert (player.wins, player.adult) == (2, False)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the event must be a JSON object"),
        ({"system": "blitz", "players": []}, 'system must be "regular" or "quick"'),
        ({}, "players must be a list"),
        ({"players": [], "games": {}}, "games must be a list"),
        ({"players": [1]}, "players[0] must be an object"),
        ({"players": [{"id": ""}]}, "players[0].id must be a non-empty string"),
        ({"players": [{"id": "a"}, {"id": "a"}]}, "players[1].id 'a' is used twice"),
        ({"players": [{"id": "a", "rating": "x"}]}, "players[0].rating must be a number or null"),
        (
            {"players": [{"id": "a", "all_wins": True, "all_losses": True}]},
            "players[0]: all_wins and all_losses cannot both be true",
        ),
        ({"players": [{"id": "a", "floor": -1}]}, "players[0].floor must not be negative"),
        ({"players": [{"id": "a", "rating": -1}]}, "players[0].rating must not be negative"),
        (
            {"players": [{"id": "a", "initial_rating": -1}]},
            "players[0].initial_rating must not be negative",
        ),
        (
            {"players": [{"id": "a", "other_rating": -1}]},
            "players[0].other_rating must not be negative",
        ),
        (
            {"players": [{"id": "a", "peak_established": -1}]},
            "players[0].peak_established must not be negative",
        ),
        (
            {"players": [{"id": "a", "games": -1}]},
            "players[0].games must be a non-negative integer",
        ),
        (
            {"players": [{"id": "a", "games": 2.5}]},
            "players[0].games must be a non-negative integer",
        ),
        ({"players": [{"id": "a", "adult": 1}]}, "players[0].adult must be true or false"),
        (
            {"players": [{"id": "a", "fide": 1500.5}]},
            "players[0].fide must be a non-negative integer or null",
        ),
        (
            {"players": [{"id": "a", "birth_date": 20100501}]},
            "players[0].birth_date must be a date YYYY-MM-DD or null",
        ),
        (
            {"players": [{"id": "a", "birth_date": "2010-13-01"}]},
            "players[0].birth_date must be a date YYYY-MM-DD, not '2010-13-01'",
        ),
        ({"players": [], "end_date": 5}, "end_date must be a date YYYY-MM-DD or null"),
        ({"players": [], "dual_rated": "yes"}, "dual_rated must be true or false"),
        ({"players": [{"id": "a"}], "games": [3]}, "games[0] must be an object"),
        (
            {"players": [{"id": "a"}], "games": [{"white": "a", "black": "z", "result": "1-0"}]},
            "games[0].black: unknown player 'z'",
        ),
        (
            {"players": [{"id": "a"}], "games": [{"white": "z", "black": "a", "result": "1-0"}]},
            "games[0].white: unknown player 'z'",
        ),
        (
            {"players": [{"id": "a"}], "games": [{"white": "a", "black": "a", "result": "1-0"}]},
            "games[0]: a player cannot play themselves",
        ),
        (
            {
                "players": [{"id": "a"}, {"id": "b"}],
                "games": [{"white": "a", "black": "b", "result": "2-0"}],
            },
            'games[0].result must be "1-0", "1/2-1/2" or "0-1"',
        ),
        (
            {
                "players": [{"id": "a"}, {"id": "b"}],
                "games": [{"white": "a", "black": "b", "result": "1-0", "rated": "no"}],
            },
            "games[0].rated must be true or false",
        ),
    ],
)
def test_bad_input_is_refused_with_the_field_named(data: object, message: str) -> None:
    with pytest.raises(RatingInputError) as refused:
        event_from_json(data)
    assert str(refused.value) == message


def test_every_output_field_is_written_rounded_as_documented() -> None:
    """``pre`` to 6 decimals, ``k`` and ``effective_games`` to 4, ``score`` to 1, the
    ratings to 2; whole numbers without a fraction; the id as the input wrote it."""
    result = PlayerResult(
        id="7",
        pre=1500.1234567,
        initial=1500.126,
        initial_games=20,
        initial_source="rating",
        games_in_event=4,
        score=2.5,
        effective_games=17.123456,
        formula="standard",
        step3=1480.004,
        step4=1510.555,
        k=33.333333,
        bonus=1.004,
        unfloored=1512.456,
        floor=1200.0,
        post_exact=1512.46,
        post=1512,
        games_after=24,
    )
    assert player_to_json(result, 7) == {
        "id": 7,
        "pre": 1500.123457,
        "post": 1512.46,
        "post_shown": 1512,
        "post_exact": 1512.46,
        "games_after": 24,
        "formula": "standard",
        "step3": 1480,
        "step4": 1510.56,
        "k": 33.3333,
        "bonus": 1,
        "floor": 1200,
        "initial": 1500.13,
        "initial_games": 20,
        "initial_source": "rating",
        "games_in_event": 4,
        "score": 2.5,
        "effective_games": 17.1235,
        "unfloored": 1512.46,
    }
    assert player_to_json(result)["id"] == "7"
    written = player_to_json(result)
    assert all(isinstance(written[k], int) for k in ("bonus", "floor", "step3"))
