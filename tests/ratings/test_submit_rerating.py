"""POST /ratings/events/<tournament_id>/submit-rerating/: an arbiter submits a rated tournament
for re-rating with a reason after a correction; a rating officer applies it."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from ratings import services
from ratings.models import RatingChange, RatingRequest, ReRating
from tests.ratings.conftest import enter, play, rate, rating_officer, second_tournament
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(tournament, arbiter, make_players):
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    return tournament


def url(t) -> str:
    return reverse("submit_rerating", args=[t.pk])


def test_it_submits_with_a_reason_and_the_officer_rerates(rated, arbiter_client) -> None:
    Game.objects.update(result="0-1")
    before = list(RatingChange.objects.values_list("pk", "post"))
    response = arbiter_client.post(url(rated), {"reason": "Result was 0-1"}, follow=True)
    assert response.redirect_chain == [(reverse("rating_report", args=[rated.pk]), 302)]
    assert "Spring Open has been submitted for re-rating: a rating officer applies it." in [
        str(m) for m in get_messages(response.wsgi_request)
    ]
    assert "waiting for a rating officer" in response.content.decode()
    assert list(RatingChange.objects.values_list("pk", "post")) == before  # not yet
    request = RatingRequest.objects.get(kind="rerate")
    services.apply_request(request.pk, rating_officer())
    log = ReRating.objects.get()
    assert log.reason == "Result was 0-1" and log.by.username == "rating-officer"
    assert RatingChange.objects.get(player__name="Bob").score == 1


def test_it_requires_a_reason(rated, arbiter_client) -> None:
    response = arbiter_client.post(url(rated), {"reason": "  "})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert not RatingRequest.objects.filter(kind="rerate").exists()


def test_it_shows_why_it_refuses_and_keeps_the_reason(rated, arbiter, arbiter_client) -> None:
    t2 = second_tournament(arbiter)
    enter(t2, *[c.player for c in RatingChange.objects.all()])
    play(t2, [[(0, 1, "1/2-1/2")]])
    rate(t2.pk, arbiter)
    response = arbiter_client.post(url(rated), {"reason": "typo in round 1"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "rated later in Summer Open" in html
    assert "typo in round 1</textarea>" in html  # nothing lost
    assert not RatingRequest.objects.filter(kind="rerate").exists()


def test_it_needs_a_login_post_and_the_arbiter(rated, other_arbiter) -> None:
    anonymous = Client().post(url(rated), {"reason": "x"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    other = Client()
    other.force_login(other_arbiter)
    assert other.post(url(rated), {"reason": "x"}).status_code == 403
    assert other.get(url(rated)).status_code == 405
    assert not RatingRequest.objects.filter(kind="rerate").exists()


def test_it_is_404_when_not_rated(tournament, arbiter_client) -> None:
    assert arbiter_client.post(url(tournament), {"reason": "x"}).status_code == 404
