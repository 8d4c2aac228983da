"""POST /ratings/events/<tournament_id>/submit/: an arbiter submits a finished tournament for
rating; nothing is rated until a rating officer applies it."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from ratings.models import RatedEvent, RatingChange, RatingRecord, RatingRequest
from tests.ratings.conftest import play, rate

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(tournament, make_players):
    make_players("Ann", "Bob")
    return play(tournament, [[(0, 1, "1-0")]])


def url(t) -> str:
    return reverse("submit_rating", args=[t.pk])


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_it_submits_and_changes_no_rating(finished, arbiter_client) -> None:
    response = arbiter_client.post(url(finished))
    manage = reverse("tournament_manage", args=[finished.pk])
    assert response.status_code == 302 and response["Location"] == manage
    assert messages_of(response) == [
        "Spring Open has been submitted for rating: a rating officer applies it."
    ]
    request = RatingRequest.objects.get()
    assert (request.kind, request.status, request.submitted_by.username) == (
        "rate",
        "pending",
        "arbiter",
    )
    assert not RatedEvent.objects.exists() and not RatingRecord.objects.exists()
    page = arbiter_client.get(manage).content.decode()
    assert "waiting for a rating officer" in page


def test_it_refuses_submitting_twice(finished, arbiter_client) -> None:
    arbiter_client.post(url(finished))
    response = arbiter_client.post(url(finished))
    assert "already been submitted: a rating officer reviews it" in messages_of(response)[-1]
    assert RatingRequest.objects.count() == 1


def test_it_refuses_a_rated_tournament(finished, arbiter, arbiter_client) -> None:
    rate(finished.pk, arbiter)
    response = arbiter_client.post(url(finished))
    message = messages_of(response)[-1]
    assert "already been rated" in message and "re-rating" in message
    assert RatingChange.objects.count() == 2 and RatingRequest.objects.count() == 1


def test_it_refuses_an_unfinished_tournament(tournament, make_players, arbiter_client) -> None:
    make_players("Ann", "Bob")
    tournament.rating_system = "regular"
    tournament.save()
    response = arbiter_client.post(url(tournament))
    assert "not finished yet" in messages_of(response)[0]
    assert not RatingRequest.objects.exists()


def test_it_needs_a_login(finished) -> None:
    response = Client().post(url(finished))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not RatingRequest.objects.exists()


def test_it_forbids_other_users(finished, other_arbiter) -> None:
    client = Client()
    client.force_login(other_arbiter)
    assert client.post(url(finished)).status_code == 403
    assert not RatingRequest.objects.exists()


def test_it_needs_post_and_csrf(finished, arbiter) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    assert client.get(url(finished)).status_code == 405
    assert client.post(url(finished)).status_code == 403
    assert not RatingRequest.objects.exists()


def test_it_is_404_for_an_unknown_tournament(arbiter_client) -> None:
    assert arbiter_client.post(reverse("submit_rating", args=[999])).status_code == 404
