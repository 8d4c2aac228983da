"""round_publish: the draft becomes public and open for results."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Round, Tournament


@pytest.mark.django_db
def test_it_publishes_the_draft(arbiter_client: Client, tournament, make_entries) -> None:
    make_entries(4)
    services.pair_next_round(tournament.pk)
    response = arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]), follow=True)
    html = response.content.decode()
    assert "Round 1 published: players see it now" in html
    assert "boards have a result" in html
    assert Round.objects.get().status == Round.Status.PUBLISHED
    public = Client().get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "Round 1" in public and "in play" in public


@pytest.mark.django_db
def test_it_publishes_both_games_of_a_double_round(
    arbiter_client: Client, tournament, make_entries
) -> None:
    tournament.pairing_system = Tournament.PairingSystem.TCEC_DOUBLE
    tournament.save()
    make_entries(4)
    services.pair_next_round(tournament.pk)
    arbiter_client.post(reverse("round_publish", args=[tournament.pk, 1]))
    assert set(tournament.round_set.values_list("status", flat=True)) == {"published"}


@pytest.mark.django_db
def test_it_says_so_when_publishing_twice(arbiter_client: Client, tournament, make_entries) -> None:
    """A second tab's "Publish" after the first one's."""
    make_entries(4)
    services.pair_next_round(tournament.pk)
    url = reverse("round_publish", args=[tournament.pk, 1])
    arbiter_client.post(url)
    response = arbiter_client.post(url, follow=True)
    assert "Round 1 is already published." in response.content.decode()


@pytest.mark.django_db
def test_it_says_when_the_draft_was_deleted(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """A stale tab: the draft was deleted in another tab; publishing says so, never 404."""
    make_entries(4)
    rnd = services.pair_next_round(tournament.pk)
    services.undo_round(tournament.pk)
    url = reverse("round_publish", args=[tournament.pk, 1])
    response = arbiter_client.post(url, {"draft": rnd.pk}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "The pairing of Round 1 was deleted meanwhile: nothing was published." in html
    assert response.redirect_chain[-1][0] == reverse("tournament_manage", args=[tournament.pk])


@pytest.mark.django_db
def test_it_does_not_publish_a_draft_paired_again(
    arbiter_client: Client, tournament, make_entries
) -> None:
    """A stale tab shows a draft that was deleted and paired again: the new draft, which the
    tab never showed, stays a draft, and the page says why."""
    make_entries(4)
    old = services.pair_next_round(tournament.pk)
    services.undo_round(tournament.pk)
    new = services.pair_next_round(tournament.pk)
    url = reverse("round_publish", args=[tournament.pk, 1])
    html = arbiter_client.post(url, {"draft": old.pk}, follow=True).content.decode()
    assert "you were looking at was deleted and the round paired again" in html
    new.refresh_from_db()
    assert new.status == Round.Status.DRAFT
    page = arbiter_client.get(reverse("round_manage", args=[tournament.pk, 1])).content.decode()
    assert f'name="draft" value="{new.pk}"' in page  # the current tab publishes the new one
    arbiter_client.post(url, {"draft": new.pk})
    new.refresh_from_db()
    assert new.status == Round.Status.PUBLISHED
