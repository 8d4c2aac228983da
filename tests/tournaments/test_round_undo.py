"""round_undo: delete the last round's pairing while it has no result."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Bye, Tournament


@pytest.mark.django_db
def test_it_deletes_a_draft_and_its_bye(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(5)
    services.pair_next_round(tournament.pk)
    url = reverse("round_undo", args=[tournament.pk])
    response = arbiter_client.post(url, {"confirm": "1"}, follow=True)
    assert "The pairing of Round 1 is deleted." in response.content.decode()
    assert not tournament.round_set.exists() and not Bye.objects.exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


@pytest.mark.django_db
def test_it_undoes_a_published_round_without_results(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    arbiter_client.post(reverse("round_undo", args=[tournament.pk]), {"confirm": "1"})
    assert list(tournament.round_set.values_list("number", flat=True)) == [1]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


@pytest.mark.django_db
def test_it_keeps_a_round_with_results(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, [["1-0"]])
    url = reverse("round_undo", args=[tournament.pk])
    for response in (
        arbiter_client.get(url, follow=True),
        arbiter_client.post(url, {"confirm": "1"}, follow=True),
    ):
        assert "Round 1 already has results: correct them" in response.content.decode()
    assert tournament.round_set.count() == 1


@pytest.mark.django_db
def test_it_undoes_a_double_round_whole(arbiter_client: Client, tournament, make_entries) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    make_entries(3)
    services.pair_next_round(tournament.pk)
    html = arbiter_client.get(reverse("round_undo", args=[tournament.pk])).content.decode()
    assert "Delete the pairing of Round 1?" in html  # not "Round 1, game 1"
    arbiter_client.post(reverse("round_undo", args=[tournament.pk]), {"confirm": "1"})
    assert not tournament.round_set.exists() and not Bye.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_it_asks_first(arbiter_client: Client, tournament, make_entries, method: str) -> None:
    """Regression: one click deleted a pairing. A GET, or a POST without ``confirm``, gets the
    question (a page: it works without JavaScript) and changes nothing."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("round_undo", args=[tournament.pk])
    response = getattr(arbiter_client, method)(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Delete the pairing of Round 1?" in html
    assert 'name="confirm" value="1"' in html and "Delete the pairing</button>" in html
    assert (
        f'href="{reverse("tournament_manage", args=[tournament.pk])}" autofocus data-cancel>Cancel'
        in html
    )
    assert tournament.round_set.count() == 1


@pytest.mark.django_db
def test_it_is_offered_on_the_dashboard_only_when_possible(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    manage = reverse("tournament_manage", args=[tournament.pk])
    assert "Undo the last round" not in arbiter_client.get(manage).content.decode()  # no round
    rnd = services.pair_next_round(tournament.pk)
    assert "Undo the last round" in arbiter_client.get(manage).content.decode()
    services.publish_round(rnd.pk)
    game = rnd.games.first()
    assert game is not None
    services.set_result(game.pk, "1-0")
    assert "Undo the last round" not in arbiter_client.get(manage).content.decode()
