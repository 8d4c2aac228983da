"""A player's rating history: /ratings/players/<id>/ (events, corrections, an SVG chart)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ratings import services
from ratings.models import RatingChange
from tests.ratings.conftest import enter, play, rate, record, second_tournament

pytestmark = pytest.mark.django_db


def url(player) -> str:
    return reverse("rating_history", args=[player.pk])


@pytest.fixture
def rated_twice(tournament, arbiter, make_players):
    """Ann (1500 on 30 games) plays two rated events; a correction in between."""
    ann, bob = make_players("Ann", "Bob")
    record(ann.player, rating=1500, games=30)
    record(bob.player, rating=1600, games=30)
    play(tournament, [[(0, 1, "1-0")]])
    rate(tournament.pk, arbiter)
    officer = User.objects.create_user("officer")
    ann_record = ann.player.rating_records.get()
    services.correct_rating(ann_record.pk, Decimal("1490"), "Cash-prize ceiling", officer)
    t2 = second_tournament(arbiter)
    enter(t2, ann.player, bob.player)
    play(t2, [[(1, 0, "1/2-1/2")]])
    rate(t2.pk, arbiter)
    return ann.player


def test_it_shows_events_and_corrections_in_order(rated_twice) -> None:
    response = Client().get(url(rated_twice))
    assert response.status_code == 200
    html = response.content.decode()
    first, second = RatingChange.objects.filter(player=rated_twice).chronological()
    spring, correction, summer = (
        html.index("Spring Open</a>"),
        html.index("Cash-prize ceiling"),
        html.index("Summer Open</a>"),
    )
    assert spring < correction < summer
    assert reverse("rating_report", args=[first.event.tournament_id]) in html
    assert f">{first.shown_post}<" in html and f">{second.shown_post}<" in html
    assert ">1490<" in html  # the corrected rating
    assert f">+{first.shown_change}<" in html
    items = response.context["items"]
    assert [i.label for i in items] == ["Spring Open", "Correction", "Summer Open"]
    assert items[1].pre == first.post and items[2].pre == Decimal("1490.00")


def test_it_draws_the_rating_in_an_svg_chart(rated_twice) -> None:
    html = Client().get(url(rated_twice)).content.decode()
    assert html.count("<svg") == 1  # Regular only
    assert "<script" not in html.split("<main")[1]  # no JS library needed
    points = re.search(r'<polyline points="([^"]+)"', html)
    assert points is not None
    assert len(points.group(1).split()) == 4  # before the first event, 2 events, 1 correction
    assert "<title>Spring Open:" in html and "<title>Correction: 1490</title>" in html


def test_it_shows_the_current_records(rated_twice) -> None:
    html = Client().get(url(rated_twice)).content.decode()
    record_ = rated_twice.rating_records.get()
    assert f">{record_.shown_rating}<" in html and ">32<" in html  # games
    assert ">established<" in html


def test_it_handles_a_player_without_ratings(make_players) -> None:
    (entry,) = make_players("Newcomer")
    response = Client().get(url(entry.player))
    assert response.status_code == 200
    assert "No USCF rating yet." in response.content.decode()
    assert "<svg" not in response.content.decode()


def test_it_is_404_for_an_unknown_player(db) -> None:
    assert Client().get(reverse("rating_history", args=[999])).status_code == 404


def test_it_uses_a_constant_number_of_queries(rated_twice, django_assert_num_queries) -> None:
    # player, records, changes (with events and tournaments), corrections (with records)
    with django_assert_num_queries(4):
        Client().get(url(rated_twice))


def test_it_shows_an_unknown_number_of_games_as_a_dash(make_players) -> None:
    """A supplement's established rating has no N: the page said "None"."""
    (entry,) = make_players("Supplement, Sam")
    record(entry.player, rating=1850, games=None)
    html = Client().get(url(entry.player)).content.decode()
    assert "None" not in html
    assert '<td class="num">–</td>' in html and ">established<" in html
