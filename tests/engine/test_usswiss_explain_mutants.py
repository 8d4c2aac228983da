"""Tests written after mutation run 10 (docs/testing.md) of ``usswiss/explain.py``: the article
an explanation cites for a pairing moved away from the natural one, by how far it moved.

USCF 29E5a allows a switch of up to 80 rating points to give more players their due colour
(alternation), 29E5b up to 200 points to equalize colours; beyond them only 27A1 (no rematch)
moves a player. The 29E5h variation (colours before ratings) has no point limit. Limits are
inclusive ("80 points or less"), so 80 is still 29E5a and 200 still 29E5b."""

from __future__ import annotations

from types import SimpleNamespace

from pairing.engine.core.state import TournamentState
from pairing.engine.usswiss import USSettings
from pairing.engine.usswiss.explain import _Explainer


def _explainer(settings: USSettings) -> _Explainer:
    rnd = SimpleNamespace(dropped=())
    return _Explainer(TournamentState(players=()), settings, rnd)  # type: ignore[arg-type]


def test_29e5a_29e5b_27a1_by_the_size_of_the_switch() -> None:
    """Default limits 80 / 200: 80 -> 29E5a, 81 -> 29E5b, 200 -> 29E5b, 201 -> 27A1."""
    e = _explainer(USSettings())
    assert [e._limit_article(d) for d in (0, 80, 81, 200, 201)] == [
        "29E5a",
        "29E5a",
        "29E5b",
        "29E5b",
        "27A1",
    ]
    assert e._why_switch(80).startswith("within the 80-point limit, to give more players")
    assert e._why_switch(81).startswith("within the 200-point limit, to equalize colours")
    assert e._why_switch(200).startswith("within the 200-point limit")
    assert e._why_switch(201).startswith("beyond the limits: no pairing within them")


def test_29e5h_colours_before_ratings_only_beyond_the_alternation_limit() -> None:
    """29E5h (variation): a switch above 80 points is for colours, with no limit, so 81 and
    500 cite 29E5h; one of 80 points or less is still plain 29E5a."""
    e = _explainer(USSettings(colours_over_ratings=True))
    assert [e._limit_article(d) for d in (80, 81, 500)] == ["29E5a", "29E5h", "29E5h"]
    assert e._why_switch(80).startswith("within the 80-point limit")
    assert e._why_switch(81).startswith("for colours: colours before ratings, no point limit")
