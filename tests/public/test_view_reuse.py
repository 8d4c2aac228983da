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

    def counted(snap: Snapshot, rounds: int | None = None):
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


@pytest.mark.django_db
def test_a_result_of_the_round_in_play_does_not_rank_the_finished_rounds_again(
    client: Client, tournament, make_entries, record_round, monkeypatch
) -> None:
    """Round 1 finished (no. 1 beat no. 2, no. 3 beat no. 4), round 2 in play (1–3, 2–4).
    A result of round 2 is a new revision, yet the standings count round 1 only: the same
    ranking (1 and 3 on 1 point, 2 and 4 on 0), not computed again; a corrected result of
    round 1 (no. 2 beat no. 1) ranks again: 2 and 3 on top."""
    from tournaments import reports

    calls: list[int] = []
    ranking = reports.ranking

    def counted(t, state):
        calls.append(state.rounds_done)
        return ranking(t, state)

    monkeypatch.setattr(reports, "ranking", counted)
    reports.rankings.kept.clear()
    public_views.views.views.clear()
    one, two, three, four = make_entries(4)
    tournament.rounds = 3
    tournament.save()
    first = record_round(1, [(one, two, "1-0"), (three, four, "1-0")])
    second = record_round(2, [(one, three, ""), (two, four, "")], status="published")
    url = reverse("tournament_standings", args=[tournament.pk])

    def top_two() -> list[str]:
        html = client.get(url).content.decode()
        order = sorted(("01", "02", "03", "04"), key=lambda n: html.index(f"Player {n}"))
        return sorted(order[:2])

    assert top_two() == ["01", "03"] and calls == [1]
    game = second.games.get(board=1)
    game.result = "1-0"
    game.save()  # a new revision: the standings are computed again, the ranking kept
    assert top_two() == ["01", "03"] and calls == [1]
    game = first.games.get(board=1)
    game.result = "0-1"
    game.save()
    assert top_two() == ["02", "03"] and calls == [1, 1]
