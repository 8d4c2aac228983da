"""game_result: a board's result, inline (htmx swaps the row); forfeits; corrections of a
finished round need a confirmation."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Game, Round, Tournament

HTMX = {"HX-Request": "true", "HX-Target": "game"}


def post(client: Client, t, game: Game, result: str, confirm: bool = False, htmx: bool = True):
    data = {"result": result} | ({"confirm": "1"} if confirm else {})
    headers = HTMX | {"HX-Target": f"game-{game.pk}"} if htmx else {}
    return client.post(reverse("game_result", args=[t.pk, game.pk]), data, headers=headers)


@pytest.fixture
def live(tournament, make_entries, play) -> list[Game]:
    make_entries(4)
    play(tournament, [[]])  # round 1 published, no result yet
    return list(Game.objects.order_by("board"))


@pytest.mark.django_db
def test_it_gives_htmx_the_row_back(arbiter_client: Client, tournament, live) -> None:
    response = post(arbiter_client, tournament, live[0], "1-0")
    html = response.content.decode()
    assert html.lstrip().startswith(f'<tr id="game-{live[0].pk}"')
    assert 'class="has-result"' in html and 'value="1-0" title="White wins (key 1)"' in html
    assert 'class="result chosen" aria-pressed="true">1–0' in html
    assert response["HX-Trigger"] == "result-saved"
    live[0].refresh_from_db()
    assert live[0].result == "1-0"


@pytest.mark.django_db
@pytest.mark.parametrize("result", ["+-", "-+", "--", "1-0u", "1/2u", "adj"])
def test_it_takes_forfeits_and_other_codes(
    arbiter_client: Client, tournament, live, result
) -> None:
    post(arbiter_client, tournament, live[0], result)
    live[0].refresh_from_db()
    assert live[0].result == result


@pytest.mark.django_db
def test_it_finishes_the_round_with_the_last_result(
    arbiter_client: Client, tournament, live
) -> None:
    post(arbiter_client, tournament, live[0], "1/2-1/2")
    assert Round.objects.get().status == Round.Status.PUBLISHED
    post(arbiter_client, tournament, live[1], "--")
    assert Round.objects.get().status == Round.Status.FINISHED


@pytest.mark.django_db
def test_it_asks_before_correcting_a_finished_round(
    arbiter_client: Client, tournament, live
) -> None:
    post(arbiter_client, tournament, live[0], "1-0")
    post(arbiter_client, tournament, live[1], "0-1")
    html = post(arbiter_client, tournament, live[0], "0-1").content.decode()
    assert "Change the result of board 1 in Round 1 from 1–0 to 0–1?" in html
    assert 'name="confirm" value="1"' in html and "autofocus" in html
    live[0].refresh_from_db()
    assert live[0].result == "1-0"
    post(arbiter_client, tournament, live[0], "0-1", confirm=True)
    live[0].refresh_from_db()
    assert live[0].result == "0-1"


@pytest.mark.django_db
def test_it_works_without_javascript(arbiter_client: Client, tournament, live) -> None:
    response = post(arbiter_client, tournament, live[0], "1-0", htmx=False)
    assert (
        response["Location"]
        == reverse("round_manage", args=[tournament.pk, 1]) + f"#game-{live[0].pk}"
    )
    post(arbiter_client, tournament, live[1], "1-0", htmx=False)
    page = post(arbiter_client, tournament, live[1], "0-1", htmx=False).content.decode()
    assert "<html" in page and "Confirm the correction" in page


@pytest.mark.django_db
def test_it_refuses_to_remove_results_of_an_earlier_round(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=2)
    game = Game.objects.filter(round__number=1)[0]
    html = post(arbiter_client, tournament, game, "").content.decode()
    assert "can be corrected but not removed" in html
    html = post(arbiter_client, tournament, game, "0-1").content.decode()
    assert "Later rounds are already paired" in html


@pytest.mark.django_db
def test_it_refuses_a_result_on_a_draft(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(2)
    services.pair_next_round(tournament.pk)
    html = post(arbiter_client, tournament, Game.objects.get(), "1-0").content.decode()
    assert "Publish the pairing before entering results" in html


@pytest.mark.django_db
def test_it_answers_404_for_a_game_of_another_tournament(
    arbiter_client: Client, tournament, live
) -> None:
    from datetime import date

    other = Tournament.objects.create(
        name="X", start_date=date(2026, 1, 1), end_date=date(2026, 1, 1)
    )
    other.arbiters.add(tournament.arbiters.get())
    url = reverse("game_result", args=[other.pk, live[0].pk])
    assert arbiter_client.post(url, {"result": "1-0"}).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
def test_it_says_when_the_round_was_undone(
    arbiter_client: Client, tournament, live, htmx: bool
) -> None:
    """A stale tab enters a result on a board whose round was undone: a plain message and
    the dashboard, never a 404."""
    game = live[0]
    Round.objects.filter(tournament=tournament).update(status=Round.Status.DRAFT)
    services.undo_round(tournament.pk)
    response = post(arbiter_client, tournament, game, "1-0", htmx=htmx)
    dashboard = reverse("tournament_manage", args=[tournament.pk])
    assert response.status_code in (200, 302)
    assert (response["HX-Redirect"] if htmx else response["Location"]) == dashboard
    page = arbiter_client.get(dashboard).content.decode()
    assert "This board no longer exists: its round&#x27;s pairing was deleted." in page
