"""The engine's explanation stored with each paired round (Round.explanation) and read back
through pairing/services.py."""

from __future__ import annotations

import logging

import pytest

from pairing.explanations import stored_explanation
from pairing.services import snapshot
from tournaments import services
from tournaments.models import Bye, Round
from tournaments.registration import remove_entry


def tcec(tournament, double: bool = False):
    tournament.pairing_system = "tcec_double" if double else "tcec"
    tournament.save()
    return tournament


@pytest.mark.django_db
def test_it_stores_the_explanation_of_the_pairing_with_the_round(tournament, make_entries) -> None:
    make_entries(4)
    rnd = services.pair_next_round(tcec(tournament).pk)
    explanation = stored_explanation(snapshot(tournament), rnd.number)
    assert explanation is not None
    assert [(b.white, b.black) for b in explanation.boards] == [(4, 3), (2, 1)]
    assert explanation.system == "TCEC Swiss (single rounds)"


@pytest.mark.django_db
def test_the_second_game_of_a_double_round_has_the_colours_reversed(
    tournament, make_entries
) -> None:
    make_entries(4)
    services.pair_next_round(tcec(tournament, double=True).pk)
    snap = snapshot(tournament)
    first, second = stored_explanation(snap, 1), stored_explanation(snap, 2)
    assert first is not None and second is not None
    assert [(b.white, b.black) for b in second.boards] == [(3, 4), (1, 2)]
    assert "the second game reverses the colours" in second.boards[0].reasons[-1].text


@pytest.mark.django_db
def test_it_follows_a_renumbering(tournament, make_entries) -> None:
    """An entry without a game removed after round 1 closes its gap: 4 and 5 become 3 and 4,
    and so do they in the stored explanation. Round 1 (TCEC, 3 sat out): 1-2, 4-5, both
    first-of-pair black: boards 5-4, 2-1."""
    entries = make_entries(5)
    Bye.objects.create(entry=entries[2], round_number=1, kind=Bye.Kind.HALF_POINT)
    services.pair_next_round(tcec(tournament).pk)
    before = stored_explanation(snapshot(tournament), 1)
    assert before is not None and [(b.white, b.black) for b in before.boards] == [(5, 4), (2, 1)]
    remove_entry(entries[2])
    explanation = stored_explanation(snapshot(tournament), 1)
    assert explanation is not None
    assert [(b.white, b.black) for b in explanation.boards] == [(4, 3), (2, 1)]
    assert "first-of-pair #3 black" in explanation.boards[0].reasons[-1].text
    stored = Round.objects.get(tournament=tournament, number=1).explanation
    assert isinstance(stored, dict)
    assert stored["boards"][0]["white"] == 4  # stored by pairing number, as in a backup


@pytest.mark.django_db
def test_an_unreadable_explanation_is_none(tournament, make_entries) -> None:
    make_entries(4)
    rnd = services.pair_next_round(tcec(tournament).pk)
    Round.objects.filter(pk=rnd.pk).update(explanation={"system": "x"})
    assert stored_explanation(snapshot(tournament), 1) is None


@pytest.mark.django_db
def test_a_failing_explanation_does_not_stop_the_pairing(
    tournament, make_entries, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(name: str):
        def explain(state):
            raise RuntimeError("explainer bug")

        return explain

    monkeypatch.setattr(services, "explaining_system", broken)
    make_entries(4)
    with caplog.at_level(logging.ERROR):
        rnd = services.pair_next_round(tcec(tournament).pk)
    assert rnd.games.count() == 2
    assert Round.objects.get(pk=rnd.pk).explanation is None
    assert "explaining round 1 failed" in caplog.text
