"""POST /ratings/events/<tournament_id>/rate/: an arbiter rates a finished tournament."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from ratings.models import RatedEvent, RatingChange
from tests.ratings.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(tournament, make_players):
    make_players("Ann", "Bob")
    return play(tournament, [[(0, 1, "1-0")]])


def url(t) -> str:
    return reverse("rate_tournament", args=[t.pk])


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_it_rates_and_shows_the_report(finished, arbiter_client) -> None:
    response = arbiter_client.post(url(finished), follow=True)
    assert response.redirect_chain == [(reverse("rating_report", args=[finished.pk]), 302)]
    assert "Spring Open has been rated (current rules)." in messages_of(response)
    assert RatingChange.objects.count() == 2
    assert RatedEvent.objects.get().rated_by.username == "arbiter"


def test_it_refuses_rating_twice_with_a_message(finished, arbiter_client) -> None:
    arbiter_client.post(url(finished))
    response = arbiter_client.post(url(finished))
    assert response.status_code == 302 and response["Location"] == finished.get_absolute_url()
    message = messages_of(response)[-1]  # after the first rating's success message
    assert "already been rated" in message and "re-rate" in message
    assert RatingChange.objects.count() == 2


def test_it_refuses_an_unfinished_tournament(tournament, make_players, arbiter_client) -> None:
    make_players("Ann", "Bob")
    tournament.rating_system = "regular"
    tournament.save()
    response = arbiter_client.post(url(tournament))
    assert "not finished yet" in messages_of(response)[0]
    assert not RatedEvent.objects.exists()


def test_it_needs_a_login(finished) -> None:
    response = Client().post(url(finished))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not RatedEvent.objects.exists()


def test_it_forbids_other_users(finished, other_arbiter) -> None:
    client = Client()
    client.force_login(other_arbiter)
    assert client.post(url(finished)).status_code == 403
    assert not RatedEvent.objects.exists()


def test_it_needs_post_and_csrf(finished, arbiter) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    assert client.get(url(finished)).status_code == 405
    assert client.post(url(finished)).status_code == 403
    assert not RatedEvent.objects.exists()


def test_it_is_404_for_an_unknown_tournament(arbiter_client) -> None:
    assert arbiter_client.post(reverse("rate_tournament", args=[999])).status_code == 404
