"""The engine's explanation stored with each paired round (Round.explanation) and read back
through pairing/services.py."""

from __future__ import annotations

import logging

import pytest
from django.db.models import F

from pairing.services import snapshot, stored_explanation
from tournaments import services
from tournaments.models import Entry, Round


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
    """Pairing numbers that change after the pairing (gaps closed after a removal) are
    followed by entry: 1 and 2 trade numbers."""
    a, b, _, _ = make_entries(4)
    services.pair_next_round(tcec(tournament).pk)  # boards 4-3, 2-1
    Entry.objects.filter(pk__in=[a.pk, b.pk]).update(pairing_number=F("pairing_number") + 100)
    Entry.objects.filter(pk=a.pk).update(pairing_number=2)
    Entry.objects.filter(pk=b.pk).update(pairing_number=1)
    explanation = stored_explanation(snapshot(tournament), 1)
    assert explanation is not None
    assert (explanation.boards[1].white, explanation.boards[1].black) == (1, 2)
    assert "first-of-pair #2 black" in explanation.boards[1].reasons[-1].text


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
