"""An event's rating report: /ratings/events/<tournament_id>/."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from ratings.models import Event, RatingChange
from tests.ratings.conftest import play, rate, record, rerate
from tournaments.models import Entry, Game, Tournament

pytestmark = pytest.mark.django_db
DAY = date(2026, 4, 1)


@pytest.fixture
def rated(tournament, arbiter, make_players) -> Tournament:
    a, b, _new = make_players("Ann", "Bob", "New")
    record(a.player, "regular", rating=1500, games=30)
    record(a.player, "quick", rating=1400.5, games=30)
    record(b.player, "regular", rating=1600, games=30)
    play(
        tournament,
        [[(0, 1, "1-0")], [(1, 2, "1/2-1/2")], [(2, 0, "0-1")]],
        rating_system=Tournament.RatingSystem.DUAL,
    )
    rate(tournament.pk, arbiter)
    return tournament


def url(t: Tournament) -> str:
    return reverse("rating_report", args=[t.pk])


def test_it_shows_pre_post_change_formula_k_and_bonus(rated) -> None:
    response = Client().get(url(rated))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h2>Regular</h2>" in html and "<h2>Quick</h2>" in html
    for c in RatingChange.objects.all():
        assert f">{c.shown_post}<" in html
    ann = RatingChange.objects.get(player__name="Ann", system="regular")
    assert f'<td class="num">{ann.k:.2f}</td>' in html
    assert f">+{ann.shown_change}<" in html
    assert "unrated" in html and "(start: default 750)" in html  # New's first rating
    assert "current rules" in html


def test_it_offers_rerating_to_the_arbiters_only(rated, arbiter, other_arbiter) -> None:
    assert "Submit for re-rating" not in Client().get(url(rated)).content.decode()
    other = Client()
    other.force_login(other_arbiter)
    assert "Submit for re-rating" not in other.get(url(rated)).content.decode()
    mine = Client()
    mine.force_login(arbiter)
    html = mine.get(url(rated)).content.decode()
    assert "Submit for re-rating" in html
    assert "Results have changed" not in html


def test_it_warns_the_arbiters_when_results_changed(rated, arbiter) -> None:
    Game.objects.filter(round__number=2).update(result="+-")
    client = Client()
    client.force_login(arbiter)
    assert (
        "Results have changed since this tournament was rated"
        in client.get(url(rated)).content.decode()
    )


def test_it_lists_the_rerating_log(rated, arbiter) -> None:
    rerate(rated.pk, arbiter, "Board 1 of round 2 was a forfeit")
    html = Client().get(url(rated)).content.decode()
    assert "Re-ratings" in html and "Board 1 of round 2 was a forfeit" in html
    assert "by rating-officer" in html  # the officer who applied it


def test_it_is_404_for_an_unrated_tournament(tournament) -> None:
    assert Client().get(url(tournament)).status_code == 404


def test_it_uses_a_constant_number_of_queries(rated, django_assert_num_queries) -> None:
    # event (with tournament and user), changes (with entry data), re-ratings, the pending
    # submission; is_arbiter skipped
    with django_assert_num_queries(4):
        Client().get(url(rated))


def test_it_rates_a_player_paired_on_a_typed_rating_as_unrated(
    tournament, arbiter, make_players
) -> None:
    """The rater reads the records only: the typed 1450 paired Bob, but he has no US Chess
    record, so he is rated as unrated (Step 1: adult default) and the pages say so."""
    tournament.pairing_rating = Tournament.PairingRating.USCF_REGULAR
    tournament.save()
    ann, bob = make_players("Ann", "Bob", extra={"Ann": {"uscf_id": "12345601"}})
    record(ann.player, rating=1500, games=30)
    Entry.objects.filter(pk=bob.pk).update(typed_rating=1450, typed_rating_kind="uscf_regular")
    play(tournament, [[(0, 1, "0-1")]])
    rate(tournament.pk, arbiter)
    change = RatingChange.objects.get(player=bob.player)
    assert change.pre is None and change.initial_source != "rated"
    assert change.initial != 1450
    note = "paired on a typed 1450, which is not a US Chess record"
    assert note in Client().get(url(tournament)).content.decode()
    event = Event.objects.create(name="E", start_date=DAY, end_date=DAY)
    Tournament.objects.filter(pk=tournament.pk).update(event=event, section_name="Open")
    page = Client().get(reverse("event_ratings", args=[event.pk])).content.decode()
    assert note in page and "Bob" in page


def test_it_shows_an_unknown_number_of_games_after_as_a_dash(
    tournament, arbiter, make_players
) -> None:
    """Established ratings from a supplement have no N, so neither has N after: the column
    said "None"."""
    a, b = make_players("Ann", "Bob")
    record(a.player, rating=1500, games=None)
    record(b.player, rating=1600, games=30)
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    html = Client().get(url(tournament)).content.decode()
    assert "None" not in html
    assert '<td class="num">–</td>\n    </tr>' in html  # Ann's last cell
    assert '<td class="num">31</td>\n    </tr>' in html  # Bob's: 30 + 1
