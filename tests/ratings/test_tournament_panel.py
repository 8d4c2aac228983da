"""templates/ratings/tournament_panel.html, included in the tournament page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, RequestContext, Template
from django.test import RequestFactory

from ratings import services
from tests.ratings.conftest import play, rate, rating_officer
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

INCLUDE = Template('{% include "ratings/tournament_panel.html" with tournament=t user=u %}')


def render(tournament: Tournament, user) -> str:
    request = RequestFactory().get("/")
    request.user = user
    return INCLUDE.render(RequestContext(request, {"t": tournament, "u": user}))


@pytest.fixture
def finished(tournament, make_players) -> Tournament:
    make_players("Ann", "Bob")
    return play(tournament, [[(0, 1, "1-0")]])


def test_it_offers_rating_to_the_arbiters_of_a_finished_tournament(finished, arbiter) -> None:
    html = render(finished, arbiter)
    assert f'action="/ratings/events/{finished.pk}/submit/"' in html
    assert 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert "Submit for rating" in html


def test_it_shows_no_button_to_others(finished, other_arbiter) -> None:
    for user in (other_arbiter, AnonymousUser()):
        html = render(finished, user)
        assert "Submit for rating" not in html and "not rated yet" in html


def test_it_links_the_report_once_rated(finished, arbiter) -> None:
    rate(finished.pk, arbiter)
    for user in (arbiter, AnonymousUser()):
        html = render(finished, user)
        assert f'href="/ratings/events/{finished.pk}/"' in html
        assert "Submit for rating" not in html


def test_it_says_the_submission_waits_for_an_officer(finished, arbiter) -> None:
    services.submit_for_rating(finished.pk, arbiter)
    html = render(finished, arbiter)
    assert "waiting for a rating officer" in html and "Submit for rating" not in html


def test_it_shows_a_rejection_and_offers_to_submit_again(finished, arbiter) -> None:
    request = services.submit_for_rating(finished.pk, arbiter)
    services.reject_request(request.pk, rating_officer(), "ID 12345678 is not Ann")
    html = render(finished, arbiter)
    assert "rejected" in html and "ID 12345678 is not Ann" in html
    assert "Submit for rating" in html


def test_it_waits_for_the_end_of_the_tournament(tournament, arbiter) -> None:
    tournament.rating_system = Tournament.RatingSystem.QUICK
    tournament.save()
    html = render(tournament, arbiter)
    assert "once every round is finished" in html and "<form" not in html


def test_it_shows_nothing_for_a_tournament_not_uscf_rated(tournament, arbiter) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.save()
    assert render(tournament, arbiter).strip() == ""


def test_it_renders_with_context_only(finished, arbiter) -> None:
    # Without a request context the include still renders (no CSRF token then).
    html = Template('{% include "ratings/tournament_panel.html" %}').render(
        Context({"tournament": finished, "user": arbiter})
    )
    assert "Submit for rating" in html
