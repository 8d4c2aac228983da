"""One revision's view serves every page (issue 27): at 10,000 players the pairings' page 2
read the round's explanation and receipt and computed the scores before the round again,
and a player's page computed the whole state again after the crosstable (0.13 s against
0.02 s for the other pages), because the crosstable's page worked on a copy of the view."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from pairing.services import Snapshot
from public import views as public_views


@pytest.fixture
def states(monkeypatch) -> list[int]:
    """The round columns of each ``Snapshot.state`` computed (a fresh process's views)."""
    public_views.views.views.clear()
    calls: list[int] = []
    state = Snapshot.state

    def counted(snap: Snapshot, rounds: int | None = None):  # type: ignore[no-untyped-def]
        calls.append(len(snap.rounds) if rounds is None else rounds)
        return state(snap, rounds)

    monkeypatch.setattr(Snapshot, "state", counted)
    return calls


@pytest.mark.django_db
def test_the_crosstable_and_a_players_page_compute_the_state_once(
    client: Client, tournament, field, states
) -> None:
    """Round 1 published, no result: the standings count no round (state after column 0),
    the crosstable shows round 1 (after column 1); a player's page reads both: nothing more
    (it computed column 1 again)."""
    client.get(reverse("tournament_crosstable", args=[tournament.pk]))
    assert sorted(states) == [0, 1]
    response = client.get(reverse("entry_detail", args=[tournament.pk, field[4].pk]))
    assert response.status_code == 200 and "Player 05" in response.content.decode()
    assert sorted(states) == [0, 1]


@pytest.mark.django_db
def test_it_keeps_a_rounds_scores_explanation_and_receipt_for_every_page_of_pairings(
    client: Client, tournament, field, states, django_assert_num_queries
) -> None:
    """Page 2 of the pairings in the same revision: one query, the tournament row of the
    whole page (the revision is in the cache, the view in the process); the explanation and
    the receipt of round 1 are not read again (they were: 3 queries), nor are the scores
    before round 1 computed again (the state after column 0)."""
    url = reverse("tournament_detail", args=[tournament.pk])
    client.get(url)
    assert states == [0]
    with django_assert_num_queries(1):
        html = client.get(f"{url}?page=2").content.decode()
    assert 'id="board-101"' in html and 'id="board-100"' not in html
    assert states == [0]
