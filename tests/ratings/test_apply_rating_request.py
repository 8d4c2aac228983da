"""POST /ratings/requests/<id>/apply/: a rating officer applies a submitted rating."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from ratings import services
from ratings.errors import RatingError
from ratings.models import RatedEvent, RatingChange, RatingRequest
from tests.ratings.conftest import play, rating_officer

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(tournament, arbiter, make_players) -> RatingRequest:
    make_players("Ann", "Bob")
    play(tournament, [[(0, 1, "1-0")]])
    return services.submit_for_rating(tournament.pk, arbiter)


def url(request: RatingRequest) -> str:
    return reverse("apply_rating_request", args=[request.pk])


def test_it_rates_the_tournament(submitted) -> None:
    client = Client()
    client.force_login(rating_officer())
    response = client.post(url(submitted))
    assert response["Location"] == reverse("rating_report", args=[submitted.tournament_id])
    assert "Spring Open has been rated." in [str(m) for m in get_messages(response.wsgi_request)]
    event = RatedEvent.objects.get()
    assert event.rated_by.username == "rating-officer" and RatingChange.objects.count() == 2
    submitted.refresh_from_db()
    assert (submitted.status, submitted.decided_by.username) == ("applied", "rating-officer")


def test_it_refuses_changed_results_and_a_second_decision(submitted) -> None:
    client = Client()
    client.force_login(rating_officer())
    submitted.tournament.round_set.get().games.update(result="0-1")
    response = client.post(url(submitted))
    assert response["Location"] == reverse("rating_request", args=[submitted.pk])
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert "have changed since it was submitted" in said[0]
    assert not RatedEvent.objects.exists()
    services.reject_request(submitted.pk, rating_officer(), "results changed")
    response = client.post(url(submitted))
    assert "already been rejected" in str(list(get_messages(response.wsgi_request))[-1])
    assert not RatedEvent.objects.exists()


def test_it_never_lets_an_officer_apply_an_event_they_run(submitted, arbiter) -> None:
    arbiter.groups.add(Group.objects.get(name="Rating officers"))
    arbiter = User.objects.get(pk=arbiter.pk)  # fresh permission cache
    with pytest.raises(RatingError, match="another rating officer reviews it"):
        services.apply_request(submitted.pk, arbiter)
    assert not RatedEvent.objects.exists()


def test_it_is_for_rating_officers_only(submitted, arbiter) -> None:
    anonymous = Client().post(url(submitted))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client = Client()
    client.force_login(arbiter)
    assert client.post(url(submitted)).status_code == 403
    officer = Client(enforce_csrf_checks=True)
    officer.force_login(rating_officer())
    assert officer.get(url(submitted)).status_code == 405
    assert officer.post(url(submitted)).status_code == 403  # no CSRF token
    assert not RatedEvent.objects.exists()
