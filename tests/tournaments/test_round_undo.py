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
    response = arbiter_client.post(reverse("round_undo", args=[tournament.pk]), follow=True)
    assert "The pairing of Round 1 is deleted." in response.content.decode()
    assert not tournament.round_set.exists() and not Bye.objects.exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION


@pytest.mark.django_db
def test_a_published_round_without_results_can_go(
    arbiter_client: Client, tournament, make_entries, play
) -> None:
    make_entries(4)
    play(tournament, rounds=1)
    rnd = services.pair_next_round(tournament.pk)
    services.publish_round(rnd.pk)
    arbiter_client.post(reverse("round_undo", args=[tournament.pk]))
    assert list(tournament.round_set.values_list("number", flat=True)) == [1]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


@pytest.mark.django_db
def test_a_round_with_results_stays(arbiter_client: Client, tournament, make_entries, play) -> None:
    make_entries(4)
    play(tournament, [["1-0"]])
    response = arbiter_client.post(reverse("round_undo", args=[tournament.pk]), follow=True)
    assert "Round 1 already has results: correct them" in response.content.decode()
    assert tournament.round_set.count() == 1


@pytest.mark.django_db
def test_a_double_round_goes_whole(arbiter_client: Client, tournament, make_entries) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    make_entries(3)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(reverse("round_undo", args=[tournament.pk]))
    assert not tournament.round_set.exists() and not Bye.objects.exists()
