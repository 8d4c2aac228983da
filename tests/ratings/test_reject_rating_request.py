"""POST /ratings/requests/<id>/reject/: a rating officer rejects a submitted rating, saying
why; the arbiters read the reason and may submit again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from ratings import services
from ratings.models import RatedEvent, RatingRequest
from tests.ratings.conftest import play, rating_officer

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(tournament, arbiter, make_players) -> RatingRequest:
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    return services.submit_for_rating(tournament.pk, arbiter)


def url(request: RatingRequest) -> str:
    return reverse("reject_rating_request", args=[request.pk])


def officer() -> Client:
    client = Client()
    client.force_login(rating_officer())
    return client


def test_it_rejects_with_a_reason_and_the_arbiter_submits_again(submitted, arbiter) -> None:
    response = officer().post(url(submitted), {"reason": "ID 12345678 is not Ann"})
    assert response["Location"] == reverse("rating_requests")
    submitted.refresh_from_db()
    assert (submitted.status, submitted.decision) == ("rejected", "ID 12345678 is not Ann")
    assert not RatedEvent.objects.exists()
    again = services.submit_for_rating(submitted.tournament_id, arbiter)
    assert again.pending


def test_it_requires_a_reason(submitted) -> None:
    response = officer().post(url(submitted), {"reason": "  "})
    assert response.status_code == 400 and "This field is required." in response.content.decode()
    submitted.refresh_from_db()
    assert submitted.pending


def test_it_is_for_rating_officers_only(submitted, arbiter) -> None:
    client = Client()
    client.force_login(arbiter)
    assert client.post(url(submitted), {"reason": "mine"}).status_code == 403
    submitted.refresh_from_db()
    assert submitted.pending
